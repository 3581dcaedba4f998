# kingdrops texts (ru).
