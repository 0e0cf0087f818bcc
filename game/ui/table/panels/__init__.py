"""The table's side panels (the moves, what the table knows) and its toolbar of tools, and the score sheet they open."""
