# fived texts (ru).
