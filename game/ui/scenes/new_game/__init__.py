"""New game: the rule set, its choices for a custom game, the seats, the target.

The form holds still. Every control has a place fixed by the window size alone:
the six rule sets are one list (each with its summary), every choice any rule
set offers has its row, and there is a row for each of the eight seats the
largest game has. What the chosen rule set does not let a player change stays
in its place, greyed, showing the rule set's own value; seats nobody sits in
are left empty. So a control a player is clicking never moves from under the
pointer, whatever the click changes.

Only what the engine offers can be picked (``RuleSetInfo.choices_for``); the
whole setup is checked by ``Rules.from_base``, and while it cannot be played the
reason shows and Start stays disabled. Start remembers the setup in the settings
(``last_setup``) and replaces the menus with the table.

One module per concern:

- ``scene``: ``NewGameScene``, its widgets, and the mouse, keys and game
  controllers turned into changes of the setup;
- ``setup``: the setup itself (rule set, players, options, seats and what plays
  them) and what the rules make of it, with no widgets;
- ``geometry``: where everything goes, fixed by the window size;
- ``draw``: painting the form (reads, never changes);
- ``words``: what the form says.
"""

from game.ui.scenes.new_game.form_draw import CHOSEN_BG, FAINT, ROW_HOVER
from game.ui.scenes.new_game.new_game_screen import NewGameScene
from game.ui.scenes.new_game.setup import CHOICE_ROWS, MAX_SEATS

__all__ = ["CHOICE_ROWS", "CHOSEN_BG", "FAINT", "MAX_SEATS", "ROW_HOVER", "NewGameScene"]
