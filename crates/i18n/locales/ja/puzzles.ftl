# puzzles texts (ja).
