# fived texts (en).
