# kingdrops texts (en).
