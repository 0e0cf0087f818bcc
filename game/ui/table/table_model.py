"""The table's model, without pygame: the match at the table, the position it
shows (its mode's ``source`` gives it), who sees it (``viewer``), the legal
moves, the referee that judges and plays every move (``play``), and what
follows a move the referee let through (``played``).

The scene (scene.py) draws the model and turns input into its moves; nothing
here knows of a window, a frame or a widget. A test checks that nothing this
module imports reaches pygame (tests/test_imports.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, Sequence

from game.engine import Action, Match, RoundState, SeatView
from game.play.referee import Listener, Referee, Verdict
from game.play.seat import PERSON, Seat
from game.ui.table.log import MovesLog
from game.ui.table.position_reads import Position
from game.ui.table.undo import TakeBacks
from game.words.seat_words import said_names

if TYPE_CHECKING:
    from game.play.thinker import Thinker


class Positions(Protocol):
    """Where a table's positions come from, as the model reads them (its mode's
    source: the referee's match, a review's cursor, a lesson's script, a network
    seat's view). Each is asked with the model, never with the scene."""

    def make_referee(self, model: TableModel, match: Match, listeners: Sequence[Listener]) -> Referee:
        """The referee between the seats and ``match``, telling ``listeners``."""
        ...

    def position(self, model: TableModel) -> Position:
        """The position the table shows and judges input by."""
        ...

    def record(self, model: TableModel) -> RoundState | None:
        """The whole round behind the position, when the source has it (None: a seat's view only)."""
        ...

    def totals(self, model: TableModel) -> list[int]:
        """The match totals the plaques and the hand's label show."""
        ...

    def round_index(self, model: TableModel) -> int:
        """The number (from 0) of the round shown."""
        ...

    def view(self, model: TableModel, seat: int) -> SeatView:
        """What ``seat`` knows of the position."""
        ...

    def takes_back(self, model: TableModel) -> bool:
        """Whether moves may be taken back here."""
        ...


class TableModel:
    """One match at the table, as data: no picture, no input."""

    def __init__(self, match: Match, source: Positions, thinker: Thinker, listeners: Sequence[Listener] = ()):
        self.match = match
        self.source = source
        self.thinker = thinker  # where computer players and the hint think
        # the referee tells the moves log, then the caller's listeners (the autosave,
        # statistics and past matches), for this match and any new one
        self.moves_log = MovesLog()
        self.listeners: list[Listener] = list(listeners)
        self.referee = source.make_referee(self, match, [self.moves_log.heard, *self.listeners])
        people = self.people
        self.viewer: int | None = people[0] if len(people) == 1 else (None if people else 0)
        self.legal: list[Action] = []  # the moves of the seat to move, when a person here plays it
        self.takebacks = TakeBacks(people[0]) if source.takes_back(self) else None  # None: nothing is taken back here

    # The position --------------------------------------------------------------------
    @property
    def state(self) -> Position:
        """The position the table shows (its source's: the round in play, a review's cursor)."""
        return self.source.position(self)

    @property
    def record(self) -> RoundState | None:
        """The whole round behind ``state``, when the source has it (None: a seat's view only)."""
        return self.source.record(self)

    @property
    def round_index(self) -> int:
        return self.source.round_index(self)

    def totals(self) -> list[int]:
        return self.source.totals(self)

    def view(self, seat: int) -> SeatView:
        return self.source.view(self, seat)

    @property
    def names(self) -> list[str]:
        """The seats' names as the sentences take them (game.words.seat_words.said_name)."""
        return said_names(p.name for p in self.match.players)

    # The seats -----------------------------------------------------------------------
    @property
    def seats(self) -> list[Seat]:
        return self.referee.seats

    @property
    def people(self) -> list[int]:
        """The seats played by people at this screen."""
        return [seat.index for seat in self.referee.seats if seat.kind == PERSON]

    def is_person(self, seat: int) -> bool:
        return self.referee.seats[seat].kind == PERSON

    def show_to(self, viewer: int | None) -> None:
        """The table is seen by ``viewer`` from now on (None: nobody yet, the hands hidden)."""
        self.viewer = viewer

    def computer_seed(self, view: SeatView) -> int:
        """A computer's seed for one decision: the match's seed and the position."""
        return hash((self.match.seed, self.match.round_index, len(self.match.round.history))) & 0x7FFFFFFF

    def listen(self, listener: Listener) -> None:
        """``listener`` is told what the referee tells, for this match and any new one."""
        self.listeners.append(listener)
        self.referee.listen(listener)

    # Moves ---------------------------------------------------------------------------
    def refresh(self) -> None:
        """The position changed: the legal moves again (a person's to move only)."""
        state = self.state
        seat = state.current_player
        self.legal = state.legal_moves() if seat is not None and self.is_person(seat) else []

    def may_act(self) -> bool:
        """Whether the seat to move is a person's here, and it is that person's view."""
        seat = self.state.current_player
        return seat is not None and seat == self.viewer and self.is_person(seat)

    def play(self, seat: int, action: Action) -> Verdict:
        """Offer ``seat``'s ``action`` to the referee: it judges it with the engine and plays it."""
        return self.referee.offer(seat, action)

    def played(self, seat: int, action: Action) -> None:
        """The referee let ``seat``'s ``action`` through: what was undone is gone."""
        takebacks = self.takebacks
        if takebacks is not None and seat == takebacks.seat:
            takebacks.forget(self.match)

    # Rounds and matches --------------------------------------------------------------
    def new_deal(self) -> None:
        """New hands: with several people here, the next one is shown the table
        afresh; what could be redone belongs to the old hands."""
        if len(self.people) > 1:
            self.viewer = None
        if self.takebacks is not None:
            self.takebacks = TakeBacks(self.takebacks.seat)

    def new_match(self) -> None:
        """The same seats and rules again, from a new shuffle (a new referee deals it)."""
        self.referee.cancel()
        self.match = Match(self.match.rules, self.match.players, None)
        self.referee = self.source.make_referee(self, self.match, [self.moves_log.heard, *self.listeners])
        self.referee.start_round()
        self.new_deal()
