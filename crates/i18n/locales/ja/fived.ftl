# fived texts (ja).
