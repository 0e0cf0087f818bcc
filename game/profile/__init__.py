"""The files kept of a player: the settings, the match in progress (saves) and the statistics."""
