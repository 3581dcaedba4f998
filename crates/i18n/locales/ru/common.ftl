# common texts (ru).
