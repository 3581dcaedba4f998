# title texts (en).
