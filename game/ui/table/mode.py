"""What a table is for: a ``Mode`` says where its positions come from and which
parts and tools it shows. The table (``TableScene``) is one class; it is given
a mode and asks it, never the other way round through overridden methods.

- ``Mode`` itself is live play: positions from the referee, every seat asked
  in turn, the toolbar's aids, the side panels of ``panels.PANELS``.
- ``ReviewMode`` (mode_review.py): a finished round's record stepped by a
  cursor, every hand face up, the coach's card; nobody moves.
- ``LessonMode`` (mode_lesson.py): a lesson's script; the learner moves as at
  any table (the mode vets each move against the step), the computer's seat is
  a ``ScriptSeat`` answering with the script's move once the card lets it go.

A fourth source fits the same hooks: a remote table (docs/architecture.md,
"A table mode"), whose client holds its seat's ``SeatView`` and the public
actions, not the round: ``position`` returns a ``Position`` (position.py),
the part of a round the table reads, which a view provides as well as a
``RoundState``; ``record``, the whole round, is None there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import pygame

from game.engine import Action, Match, RoundState, SeatView
from game.referee import Listener, Referee
from game.ui.table.panels import PANELS, PanelPart
from game.ui.table.position import Position
from game.ui.table.rounds import after_round, new_match, next_round
from game.ui.table.score_sheet import Sheet, match_sheet
from game.ui.table.seats import table_referee
from game.ui.table.toolbar import tool_names
from game.ui.table.who_plays import hand_over, keep_pad_focus

if TYPE_CHECKING:
    import pygame_gui

    from game.ui.gamepad import PadPress
    from game.ui.table.input import Intent
    from game.ui.table.log import LogLine
    from game.ui.table.model import TableModel
    from game.ui.table.parts import Part
    from game.ui.table.regions import TableRegions
    from game.ui.table.scene import TableScene


class Mode:
    """Live play at this screen (the base every mode narrows or replaces)."""

    name = "play"

    def bind(self, table: TableScene) -> None:
        """The table this mode is given to (once, as the table is made)."""

    # Where the positions come from ---------------------------------------------------
    def make_referee(self, model: TableModel, match: Match, listeners: Sequence[Listener]) -> Referee:
        """The referee between the seats and the match (``seats.table_referee``)."""
        return table_referee(match, model.thinker, model.computer_seed, listeners)

    def position(self, model: TableModel) -> Position:
        """The position the table shows and judges input by (the round in play)."""
        return model.match.rounds[-1]

    def record(self, model: TableModel) -> RoundState | None:
        """The whole round behind the position, when this mode has it (live play, a
        review, a lesson): the moves log, the lead's words and the hint's read it.
        None for a table that holds only its seat's view (a remote table)."""
        return model.match.rounds[-1]

    def totals(self, model: TableModel) -> list[int]:
        """The match totals the plaques and the hand's label show."""
        return model.match.totals

    def round_index(self, model: TableModel) -> int:
        """The number (from 0) of the round shown: what the table's picture and the
        panels key on (a remote table's is the server's, not a local match's)."""
        return model.match.round_index

    def view(self, model: TableModel, seat: int) -> SeatView:
        """What ``seat`` knows of the position (what the table knows, the hint, judge from it)."""
        return model.match.view(seat)

    def start(self, table: TableScene) -> None:
        """The table is shown: deal a round if one is due (a new match, or a saved
        one between rounds). A remote table never deals: its server does."""
        table.model.referee.start_round()

    def next_round(self, table: TableScene) -> None:
        """The round's summary was closed: on to the next round."""
        next_round(table)

    def new_match(self, table: TableScene) -> None:
        """Play again: the same seats and rules, from a new shuffle."""
        new_match(table)

    def aids_on(self, table: TableScene) -> bool:
        """Whether undo, redo and the hint are on here (their keys reach the aids);
        the moves and the scores always are."""
        return True

    def log_lines(self, table: TableScene) -> list[LogLine] | None:
        """The round's moves in words for the moves panel; None: the table tells
        them from ``record`` (a remote table, which has no record, tells its own)."""
        return None

    def sheet(self, table: TableScene) -> Sheet:
        """What the score sheet shows (the table's match, every round of it)."""
        return match_sheet(table.model.match)

    def takes_back(self, model: TableModel) -> bool:
        """Whether moves may be taken back here (the referee says when they may at all)."""
        return model.referee.undo_allowed

    def turn(self, table: TableScene, seat: int, dt: float) -> None:
        """Someone is to move and the table stands still: a person is handed the
        screen and told their turn; a computer is asked, then its answer shown."""
        if table.model.is_person(seat):
            table.model.referee.ask()  # the person's seat is told its turn (its view)
            hand_over(table, seat)
            keep_pad_focus(table)
        elif table.frames > 1:
            computer_turn(table, seat, dt, table.think_s)

    def after_round(self, table: TableScene, dt: float) -> None:
        """The round is over: its summary (see ``rounds``)."""
        after_round(table, dt)

    # Moves offered -------------------------------------------------------------------
    def follow(self, table: TableScene, intent: Intent) -> bool:
        """True if the mode took ``intent`` itself (the table follows it otherwise)."""
        return False

    def request(self, table: TableScene, action: Action) -> bool:
        """True if the mode answered a draw, pass or refusal itself."""
        return False

    def vet(self, table: TableScene, action: Action) -> bool:
        """Whether ``action`` of the seat to move goes to the referee (False: the
        mode said why not)."""
        return True

    def played(self, table: TableScene, seat: int, action: Action) -> None:
        """The referee let ``seat``'s ``action`` through."""

    def refused_drop(self, table: TableScene) -> None:
        """A tile was let go where it cannot go (and glides back)."""

    # What the table shows --------------------------------------------------------
    def tool_names(self, table: TableScene) -> list[str]:
        """The toolbar's buttons: undo and redo only where moves may be taken back."""
        return tool_names(table.aids.takebacks is not None)

    def tool_slots(self, table: TableScene) -> int:
        """How many buttons the toolbar's row has room for."""
        return len(self.tool_names(table))

    def panels(self) -> tuple[Callable[[], PanelPart], ...]:
        """The side panels this table may open, top to bottom (each made once per table)."""
        return PANELS

    def parts(self, table: TableScene) -> list[Part]:
        """The mode's own parts, drawn over the table's (cards)."""
        return []

    def build(self, table: TableScene, gui: pygame_gui.UIManager, regions: TableRegions) -> None:
        """The mode's widgets, for the window's size (the toolbar is the table's)."""

    def key(self, table: TableScene) -> tuple[object, ...]:
        """What of the mode the picture shows, besides the position (the snapshot's key)."""
        return ()

    def may_act(self, table: TableScene) -> bool:
        """Whether anyone may move at this table at all."""
        return True

    def hand_face_up(self, table: TableScene) -> bool | None:
        """None: the table decides (face up for the person whose turn it is)."""
        return None

    def revealed(self, table: TableScene, seat: int) -> tuple[int, ...] | None:
        """The tiles of ``seat``'s plaque shown face up; None while they are hidden."""
        return None

    def header_text(self, table: TableScene) -> str | None:
        return None

    def hand_text(self, table: TableScene) -> str | None:
        return None

    def lead_text(self, table: TableScene) -> str | None:
        return None

    def seat_status(self, table: TableScene, seat: int, status: str) -> str:
        return status

    def can_draw(self, table: TableScene) -> bool | None:
        """None: the table decides (a draw is legal for the person to move)."""
        return None

    def pointed_out(self, table: TableScene) -> list[Action]:
        """Moves shown as glowing ghosts without a tile in hand."""
        return []

    # Input and the frame ---------------------------------------------------------
    def handle_event(self, table: TableScene, event: pygame.event.Event) -> bool:
        """True if ``event`` was the mode's (before the table's parts see it)."""
        return False

    def handle_pad(self, table: TableScene, press: PadPress) -> bool:
        """True if a controller's press was the mode's."""
        return False

    def update(self, table: TableScene, dt: float) -> None:
        """After the table's frame (the mode's buttons)."""

    def close(self, table: TableScene) -> None:
        """The table is closed: stop what the mode has under way."""


def computer_turn(table: TableScene, seat: int, dt: float, wait: float) -> None:
    """The seat to move decides by itself (a computer, a script, a remote player):
    it is told its turn once the table stands still, and its answer is taken
    ``wait`` seconds later at the earliest, so that a person can follow."""
    referee = table.model.referee
    if not referee.asked:
        referee.ask()
        table.think_clock = 0.0
    table.think_clock += dt
    if table.think_clock < wait:
        return
    before = set(table.model.state.hand(seat))
    verdict = referee.poll()
    if verdict is not None and verdict.accepted:
        table.played(seat, verdict.action, before, None)
