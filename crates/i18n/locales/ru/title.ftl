# title texts (ru).
