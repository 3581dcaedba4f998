# common texts (ja).
