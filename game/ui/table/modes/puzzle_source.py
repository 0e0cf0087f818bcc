"""The puzzle's source (``PuzzleSource``, of ``PuzzleMode``, puzzle_mode.py):
one mistake of a kept review (``game.archive.puzzles``), the position from that seat's
view alone (``ViewPosition``: its own hand, the others' counts, the table, the
boneyard as a count), standing still while the player looks for a better move.

Nothing is played: a move the engine allows at that position is judged by the
review's own figures (``game.archive.puzzles.judge``), and the answer is told on the
card; the position stays as it was, so that Try again starts afresh. The
table's match is a stand-in of the same rules and names, never dealt: the
table holds nothing the seat did not see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from game.engine import Action, Match, RoundState, SeatView
from game.archive.puzzles import Judgement, Puzzle, judge
from game.play.referee import Listener, Referee
from game.play.seat import PersonSeat, RemoteSeat, Seat
from game.ui.table.log import LogLine, view_log
from game.ui.table.modes.mode import LiveSource
from game.ui.table.position_reads import ViewPosition
from game.ui.table.panels.score_sheet import Sheet

if TYPE_CHECKING:
    from game.ui.table.table_model import TableModel
    from game.ui.table.protocols import Table

Tried = Callable[[Puzzle, Judgement], None]  # told of every move judged (the progress is kept)
Tally = Callable[[], tuple[int, int]]  # (solved, to do) among all the puzzles


class PuzzleSource(LiveSource):
    """One puzzle: its seat's view, the moves tried, and the answer once found or shown."""

    def __init__(self, puzzle: Puzzle, view: SeatView, on_try: Tried | None = None, tally: Tally | None = None):
        super().__init__()
        self.puzzle = puzzle
        self.seat_view = view
        self.on_try = on_try
        self.tally = tally  # (solved, to do) among all the puzzles, for the card
        self.shown = ViewPosition(view)
        self.tries: list[tuple[Action, Judgement]] = []  # the moves judged since the puzzle was (re)started
        self.solved: Judgement | None = None  # the move that solved it, judged
        self.given_up = False  # the answer was asked for
        self.changed: list[Callable[[], None]] = []  # told when the card has something new to say
        self._log: list[LogLine] | None = None

    # What the model reads ------------------------------------------------------------
    def make_referee(self, model: TableModel, match: Match, listeners: Sequence[Listener]) -> Referee:
        """A referee only to say who sits where (the puzzle's seat a person's): it
        never deals and is never offered a move here."""
        seats: list[Seat] = [PersonSeat(i) if i == self.puzzle.seat else RemoteSeat(i) for i in range(match.rules.players)]
        return Referee(match, seats, listeners, auto_ask=False)

    def position(self, model: TableModel) -> ViewPosition:
        return self.shown

    def record(self, model: TableModel) -> RoundState | None:
        return None  # the seat's view only

    def totals(self, model: TableModel) -> list[int]:
        return list(self.seat_view.totals)

    def round_index(self, model: TableModel) -> int:
        return self.puzzle.round

    def view(self, model: TableModel, seat: int) -> SeatView:
        """The puzzle's seat's view: the only one this table holds."""
        return self.seat_view

    def takes_back(self, model: TableModel) -> bool:
        return False

    # What the aids read --------------------------------------------------------------
    def log_lines(self, table: Table) -> list[LogLine]:
        """The round's public moves up to the puzzle (the seat's own draws as backs:
        the view does not keep which tiles they were)."""
        if self._log is None:
            view = self.seat_view
            self._log = view_log(view.rules, view.history, table.model.names, {})
        return self._log

    def sheet(self, table: Table) -> Sheet:
        """The totals as they stood (the rounds before are not part of the puzzle)."""
        return Sheet(table.model.match, (), tuple(self.seat_view.totals), self.puzzle.round)

    # The pace: the position stands still ------------------------------------------------
    def start(self, table: Table) -> None:
        """Nothing is dealt: the position is the puzzle's."""

    def turn(self, table: Table, seat: int, dt: float) -> None:
        table.controls.keep_pad_focus()

    def after_round(self, table: Table, dt: float) -> None:
        """A puzzle is never a finished round."""

    def next_change(self, table: Table) -> float | None:
        """Every frame: the puzzle's card follows the table each frame."""
        return 0.0

    def next_round(self, table: Table) -> None:
        """No next round."""

    def new_match(self, table: Table) -> None:
        """No new match."""

    # The puzzle --------------------------------------------------------------------------
    @property
    def answered(self) -> bool:
        """Solved, or the answer shown: the card explains, no move is judged until Try again."""
        return self.solved is not None or self.given_up

    def attempt(self, action: Action) -> Judgement:
        """Judge ``action`` (one the engine allows here): the progress is told, and
        a move that solves it ends the puzzle."""
        judgement = judge(self.puzzle, self.seat_view, action)
        self.tries.append((action, judgement))
        if judgement.solved:
            self.solved = judgement
        if self.on_try is not None:
            self.on_try(self.puzzle, judgement)
        self._changed()
        return judgement

    def better_than_played(self, judgement: Judgement) -> bool:
        """Whether a move that did not solve it still beats the move played in the
        match by the coach's tolerance (so it is better, but not enough)."""
        from game.ai.marks import ACCURATE_POINTS

        return 100.0 * (judgement.chance - self.puzzle.decision.chance_played) >= ACCURATE_POINTS

    def give_up(self) -> None:
        """Show the answer (the puzzle stays to do)."""
        self.given_up = True
        self._changed()

    def again(self) -> None:
        """Try again: the same position, nothing tried."""
        self.tries = []
        self.solved = None
        self.given_up = False
        self._changed()

    def _changed(self) -> None:
        for told in self.changed:
            told()
