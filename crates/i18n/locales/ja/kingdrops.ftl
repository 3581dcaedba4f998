# kingdrops texts (ja).
