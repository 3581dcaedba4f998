# puzzles texts (ru).
