# title texts (ja).
