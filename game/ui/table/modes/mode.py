"""What a table is for: its ``Mode``, in three roles the table asks, never the
other way round through overridden methods:

- ``source``: where the positions come from (the model reads them: the
  referee's match, a review's cursor, a lesson's script, a network seat's
  view), and how the table is paced (whose turn is asked, what a round's end
  shows, the next round, a new match);
- ``moves``: what a move does (``submit``: played here through the referee,
  sent to a server, refused with the step's words), and who may move;
- ``look``: what shows (look.py: the tools, the panels, the texts, the
  mode's own widgets and keys).

This module holds live play's: ``LiveSource`` (the referee's match, every seat
asked in turn, a computer's answer taken once the table stands still, the
round's summary), ``LiveMoves`` (the referee judges and plays), ``Watching``
(nobody moves: a review) and ``LiveMode``, the three together. The review
(review_mode.py), the lesson (lesson_mode.py) and a network table
(net_mode.py) narrow them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from game.engine import Action, Match, RoundState, SeatView
from game.i18n import _
from game.play.referee import Listener, Referee
from game.ui.table.input import plain
from game.ui.table.modes.look import PlayLook
from game.ui.table.position_reads import Position
from game.ui.table.round_summary import RoundEndScene
from game.ui.table.panels.score_sheet import Sheet, match_sheet
from game.ui.table.table_seats import table_referee

if TYPE_CHECKING:
    from game.ui.table.input import Intent
    from game.ui.table.log import LogLine
    from game.ui.table.table_model import TableModel
    from game.ui.table.protocols import Table

PLAYED = "played"  # the referee let the move through here: the picture follows
SENT = "sent"  # the move went to whoever judges it (a server): its answer comes later
REFUSED = "refused"  # not played; the reason was said
REDEAL_S = 1.5  # a redeal's notice shows this long before the tiles are dealt again


class LiveSource:
    """Positions from the referee's match; every seat asked in turn."""

    def __init__(self) -> None:
        self.think_clock = 0.0  # how long the seat to move has been thinking
        self.round_wait = 0.0  # how long a redeal's notice has shown
        self.round_shown = -1  # the last round whose summary showed

    def attach(self, table: Table) -> None:
        """The table this source is given to (once, as the table is made)."""

    # What the model reads ------------------------------------------------------------
    def make_referee(self, model: TableModel, match: Match, listeners: Sequence[Listener]) -> Referee:
        """The referee between the seats and the match (``seats.table_referee``)."""
        return table_referee(match, model.thinker, model.computer_seed, listeners)

    def position(self, model: TableModel) -> Position:
        """The position the table shows and judges input by (the round in play)."""
        return model.match.rounds[-1]

    def record(self, model: TableModel) -> RoundState | None:
        """The whole round behind the position, when this source has it: the moves
        log, the lead's words and the hint's read it (None: a seat's view only)."""
        return model.match.rounds[-1]

    def totals(self, model: TableModel) -> list[int]:
        return model.match.totals

    def round_index(self, model: TableModel) -> int:
        """The number (from 0) of the round shown: what the picture and the panels key on."""
        return model.match.round_index

    def view(self, model: TableModel, seat: int) -> SeatView:
        """What ``seat`` knows of the position (what the table knows, the hint, judge from it)."""
        return model.match.view(seat)

    def takes_back(self, model: TableModel) -> bool:
        """Whether moves may be taken back here (the referee says when they may at all)."""
        return model.referee.undo_allowed

    # What the aids read --------------------------------------------------------------
    def log_lines(self, table: Table) -> list[LogLine]:
        """The round's moves in words (the moves panel), from the record; the one
        person's own draws face up."""
        model = table.model
        record = model.record
        if record is None:
            return []
        face_up = frozenset({model.viewer}) if model.viewer is not None and len(model.people) <= 1 else frozenset()
        return model.moves_log.lines(record, model.names, face_up)

    def log_title(self, table: Table) -> str:
        return _("Moves · round {round}").format(round=table.model.round_index + 1)

    def log_lit(self, table: Table) -> frozenset[int]:
        """The other seats' moves new to the person at the screen."""
        return frozenset(table.board.news.values())

    def sheet(self, table: Table) -> Sheet:
        """What the score sheet shows (the table's match, every round of it)."""
        return match_sheet(table.model.match)

    # The pace of the table -------------------------------------------------------------
    def start(self, table: Table) -> None:
        """The table is shown: deal a round if one is due (a new match, or a saved
        one between rounds)."""
        table.model.referee.start_round()

    def turn(self, table: Table, seat: int, dt: float) -> None:
        """Someone is to move and the table stands still: a person is handed the
        screen and told their turn; a computer is asked, then its answer shown."""
        if table.model.is_person(seat):
            table.model.referee.ask()  # the person's seat is told its turn (its view)
            table.controls.hand_over(seat)
            table.controls.keep_pad_focus()
        elif table.frames > 1:
            self.computer_turn(table, seat, dt, table.options.think_s)

    def computer_turn(self, table: Table, seat: int, dt: float, wait: float) -> None:
        """The seat to move decides by itself (a computer, a script, a remote player):
        it is told its turn once the table stands still, and its answer is taken
        ``wait`` seconds later at the earliest, so that a person can follow."""
        referee = table.model.referee
        if not referee.asked:
            referee.ask()
            self.think_clock = 0.0
        self.think_clock += dt
        if self.think_clock < wait:
            return
        before = set(table.model.state.hand(seat))
        verdict = referee.poll()
        if verdict is not None and verdict.accepted:
            table.played(seat, verdict.action, before, None)

    def after_round(self, table: Table, dt: float) -> None:
        """The round is over: once the table stands still, its summary shows (once),
        or after a redeal the tiles are dealt again."""
        if table.motion.blocking or table.motion.shift is not None or table.app is None:
            return  # the summary freezes the table beneath it: only once it stands still
        outcome = table.model.match.rounds[-1].outcome  # the round in play
        if outcome is not None:
            self.round_over(table, outcome.end, dt)

    def round_over(self, table: Table, end: str, dt: float) -> None:
        """The round ended (``end``) and the table stands still: after a redeal, its
        notice, then the tiles dealt again (``next_round``) after ``REDEAL_S``; else
        the round's summary, pushed once."""
        assert table.app is not None
        match = table.model.match
        if end == "redeal":
            if self.round_wait == 0.0:
                table.motion.say(_("Nobody could lead: the tiles are dealt again"), 2.5)
            self.round_wait += dt
            if self.round_wait >= REDEAL_S:
                self.round_wait = 0.0
                self.next_round(table)
            return
        if self.round_shown == match.round_index:
            return
        self.round_shown = match.round_index
        table.sound("match_won" if match.over else "round_won")
        table.app.push(RoundEndScene(table))

    def next_round(self, table: Table) -> None:
        """The round's summary was closed: the next round is dealt (the engine
        decides who leads)."""
        model = table.model
        if model.match.over or not model.state.over:
            return
        model.referee.start_round()
        model.new_deal()
        table.aids.stop_thinking()  # a hint under way belongs to the old hands
        table.jumped(forget_last=True)

    def new_match(self, table: Table) -> None:
        """Play again: the same seats and rules, from a new shuffle."""
        table.model.new_match()
        table.aids.stop_thinking()
        self.round_shown = -1
        table.jumped(forget_last=True, new_layout=True)

    def update(self, table: Table, dt: float) -> None:
        """Every frame the table is on top, after the table's own (a network table follows its server here)."""

    def next_change(self, table: Table) -> float | None:
        """Still while a person at this screen is to move (or may not move yet:
        nothing comes by itself); every frame while a computer thinks (it is
        polled) and at a round's end (its summary, a redeal)."""
        state = table.model.state
        seat = state.current_player
        if state.over or seat is None or not table.model.is_person(seat):
            return 0.0
        return None

    def close(self, table: Table) -> None:
        """The table is closed: stop what the source has under way."""


class LiveMoves:
    """A move is offered to the referee, which judges it with the engine and plays it."""

    def may_act(self, table: Table) -> bool:
        """Whether anyone may move at this table at all."""
        return True

    def aids_on(self, table: Table) -> bool:
        """Whether undo, redo and the hint are on here (their keys reach the aids);
        the moves and the scores always are."""
        return True

    def submit(self, table: Table, seat: int, action: Action) -> str:
        """``seat``'s ``action`` goes to the referee: ``PLAYED``, or ``REFUSED`` with the reason said."""
        verdict = table.model.play(seat, action)
        if verdict.refusal is not None:
            table.motion.say(plain(verdict.refusal), 4.0, warning=True)
            table.sound("refused")
            return REFUSED
        return PLAYED

    def follow(self, table: Table, intent: Intent) -> bool:
        """True if the mode took ``intent`` itself (the table follows it otherwise)."""
        return False

    def request(self, table: Table, action: Action) -> bool:
        """True if the mode answered a draw, pass or refusal itself."""
        return False

    def played(self, table: Table, seat: int, action: Action) -> None:
        """The referee let ``seat``'s ``action`` through, and the picture followed."""

    def refused_drop(self, table: Table) -> None:
        """A tile was let go where it cannot go (and glides back)."""


class Watching(LiveMoves):
    """Nobody moves at this table (a review): nothing is submitted."""

    def may_act(self, table: Table) -> bool:
        return False

    def submit(self, table: Table, seat: int, action: Action) -> str:
        return REFUSED


class LiveMode:
    """Live play at this screen: the referee's match, its moves, the table's look."""

    name = "play"

    def __init__(self) -> None:
        self.source = LiveSource()
        self.moves = LiveMoves()
        self.look = PlayLook()

    def attach(self, table: Table) -> None:
        """The table this mode is given to (once, as the table is made)."""
        self.source.attach(table)
        self.look.attach(table)
