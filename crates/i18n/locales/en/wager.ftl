# wager texts (en).
