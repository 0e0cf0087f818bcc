"""The screens around the table: the title, New game, Play with friends, Learn to play,
Past matches, Puzzles, Settings, Rules, Statistics, the pause menu and the end of a
match. They reach one another through the app's routes (game/ui/shell/stage.py), never by import."""
