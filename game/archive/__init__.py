"""What is kept after a match: the Past matches, the coach's reviews of them (made in the background) and the puzzles drawn from their mistakes."""
