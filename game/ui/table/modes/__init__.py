"""The table's modes: live play, a lesson, a puzzle, a review and a network table, each with its source of positions, its look and its card."""
