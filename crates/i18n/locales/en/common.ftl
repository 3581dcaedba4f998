# common texts (en).
