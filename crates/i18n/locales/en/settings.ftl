# settings texts (en).
