# wager texts (ja).
