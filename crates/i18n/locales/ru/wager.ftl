# wager texts (ru).
