# settings texts (ja).
