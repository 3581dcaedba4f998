# settings texts (ru).
