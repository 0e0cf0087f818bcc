"""The review's source (``ReviewSource``, of ``ReviewMode``, review_mode.py):
a finished round's record stepped by a cursor that stands *before* an action,
and the coach's analyses of the reviewed seat (``game.ai.review``: worked out
from that seat's view alone, in worker processes on every core, while the
review can be stepped through). The moves panel tells the moves on the board,
the reviewed seat's marked with the coach's word.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from game.ai.review import Analysis, Decision
from game.engine import Action, Match, RoundState, SeatView
from game.i18n import _
from game.words.seat_words import said_name, said_names
from game.ui.table.log import LogLine, drew_words, position_at, round_log
from game.ui.table.modes.mode import LiveSource
from game.ui.table.modes.review_graph import mark_word

if TYPE_CHECKING:
    from game.ui.table.table_model import TableModel
    from game.ui.table.protocols import Table


class ReviewSource(LiveSource):
    """The round's record at the cursor, the coach's analyses of it."""

    def __init__(self, match: Match, round_index: int, seat: int | None, analysis_mode: str = "process", analysis_budget: object | None = None):
        super().__init__()
        humans = [s for s, p in enumerate(match.players) if p.is_human]
        self.match = match
        self.seat = seat if seat is not None else (humans[0] if humans else 0)
        self.round = max(0, min(round_index, len(match.rounds) - 1))
        self.cursor = 0
        self.analysis_mode = analysis_mode
        self.analysis_budget = analysis_budget
        self.analyses: dict[tuple[int, int], Analysis] = {}  # (seat, round) -> its analysis
        self.table: Table | None = None
        self._position: tuple[tuple[int, int], RoundState] | None = None
        self._marked: tuple[tuple[int, int, int, int | None], list[LogLine]] | None = None
        self.moved: list[Callable[[], None]] = []  # told when the cursor moves (the look's slider follows)

    def attach(self, table: Table) -> None:
        self.table = table
        table.model.show_to(self.seat)

    # The position at the cursor ----------------------------------------------------
    @property
    def round_state(self) -> RoundState:
        return self.match.rounds[self.round]

    def position(self, model: TableModel) -> RoundState:
        return self.state

    def record(self, model: TableModel) -> RoundState | None:
        return self.state

    def view(self, model: TableModel, seat: int) -> SeatView:
        """What ``seat`` knew as the round stood at the cursor."""
        return self.state.view(seat)

    @property
    def state(self) -> RoundState:
        """The round as it stood at the cursor."""
        key = (self.round, self.cursor)
        if self._position is None or self._position[0] != key:
            self._position = (key, position_at(self.round_state, self.cursor))
        return self._position[1]

    @property
    def _table(self) -> Table:
        assert self.table is not None, "the mode is given to a table first"
        return self.table

    @property
    def length(self) -> int:
        return len(self.round_state.history)

    def upcoming(self) -> tuple[int, Action] | None:
        """The action after the cursor: (seat, action)."""
        history = self.round_state.history
        return history[self.cursor] if self.cursor < len(history) else None

    def move_to(self, cursor: int) -> None:
        table = self._table
        self.cursor = max(0, min(self.length, cursor))
        table.jumped()
        for told in self.moved:
            told()

    def change_round(self, step: int) -> None:
        table = self._table
        target = max(0, min(len(self.match.rounds) - 1, self.round + step))
        if target != self.round:
            self.round = target
            self.cursor = 0
            table.jumped(new_layout=True)
            table.on_resize(table.size)  # the slider's range follows the round
            self.analysis()

    def change_seat(self) -> None:
        self.seat = (self.seat + 1) % self.match.rules.players
        self._table.model.show_to(self.seat)
        self._table.sync(force=True)
        self.analysis()

    # The coach ---------------------------------------------------------------------
    def analysis(self) -> Analysis:
        """The review of the chosen seat in this round (started once, then kept)."""
        key = (self.seat, self.round)
        found = self.analyses.get(key)
        if found is None:
            kwargs: dict[str, object] = {"rounds": [self.round], "mode": self.analysis_mode}
            if self.analysis_budget is not None:
                kwargs["budget"] = self.analysis_budget
            found = Analysis(self.match, self.seat, **kwargs)  # type: ignore[arg-type]
            found.start()
            self.analyses[key] = found
        return found

    def verdict(self) -> Decision | None:
        """The coach's verdict on the action after the cursor, if it is the reviewed seat's and ready."""
        upcoming = self.upcoming()
        if upcoming is None or upcoming[0] != self.seat:
            return None
        return self.analysis().decision(self.round, self.cursor)

    def close(self, table: Table) -> None:
        for analysis in self.analyses.values():
            analysis.cancel()

    def marked_log(self, upto: int | None = None) -> list[LogLine]:
        """The round's moves (with ``upto``, those on the board: draws in a row
        that run past it count only the tiles drawn before it), the reviewed
        seat's marked with the coach's word once known (made again only when the
        round, the seat or a verdict changes)."""
        analysis = self.analyses.get((self.seat, self.round))
        key = (self.round, self.seat, analysis.finished if analysis is not None else -1, None)
        if self._marked is None or self._marked[0] != key:
            self._marked = (key, self._mark(analysis, self.round_state))
        lines = self._marked[1]
        if upto is None:
            return lines
        shown = [line for line in lines if line.index < upto]
        later = next((line for line in lines if line.index >= upto), None)
        history = self.round_state.history
        if later is not None and history[later.index][1].kind == "draw" and upto > 0 and history[upto - 1] == (later.seat, history[upto - 1][1]):
            start = upto
            while start > 0 and history[start - 1][0] == later.seat and history[start - 1][1].kind == "draw":
                start -= 1
            count = upto - start
            if count:
                words = drew_words(said_name(self.match.players[later.seat].name), count)
                shown.append(LogLine(upto - 1, later.seat, words, later.tiles[:count]))
        return shown

    def _mark(self, analysis: Analysis | None, state: RoundState) -> list[LogLine]:
        lines = round_log(state, said_names(p.name for p in self.match.players), frozenset(range(self.match.rules.players)))
        if analysis is None:
            return lines
        out = []
        for line in lines:
            decision = analysis.decision(self.round, line.index) if line.seat == self.seat else None
            if decision is not None and decision.mark in ("inaccuracy", "mistake", "blunder", "forced"):
                line = LogLine(line.index, line.seat, _("{move} ({mark})").format(move=line.text, mark=mark_word(decision.mark)), line.tiles)
            out.append(line)
        return out

    # The moves panel ------------------------------------------------------------------
    def log_lines(self, table: Table) -> list[LogLine]:
        """The moves on the board (a line per move, draws in a row on one), the
        reviewed seat's marked with the coach's word."""
        return self.marked_log(self.cursor)

    def log_title(self, table: Table) -> str:
        return _("Moves · round {round} of {count}").format(round=self.round + 1, count=len(self.match.rounds))

    def log_lit(self, table: Table) -> frozenset[int]:
        """The last move on the board."""
        lines = self.marked_log(self.cursor)
        return frozenset({lines[-1].index} if lines else ())

    # The table, as a replay --------------------------------------------------------
    def takes_back(self, model: TableModel) -> bool:
        return False

    def turn(self, table: Table, seat: int, dt: float) -> None:
        """Nobody moves in a review (and no cover: every hand is shown)."""

    def after_round(self, table: Table, dt: float) -> None:
        """No summary: the review shows the round's end itself."""

    def next_change(self, table: Table) -> float | None:
        """Still once the round's analysis is done (its verdicts come in every frame until then)."""
        return None if self.analysis().done else 0.0

    def totals(self, model: TableModel) -> list[int]:
        """The totals as they stood when the round was dealt."""
        totals = [0] * self.match.rules.players
        for state in self.match.rounds[: self.round]:
            outcome = state.outcome
            if outcome is not None and outcome.end != "redeal":
                totals = [t + s for t, s in zip(totals, outcome.scores)]
        return totals
