# puzzles texts (en).
