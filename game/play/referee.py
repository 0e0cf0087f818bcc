"""The referee: the one authority between the seats and the match.

It asks the seat to move (with that seat's ``SeatView`` only), checks each
action with the engine, pushes it, then tells every seat (each its own view)
and every listener (autosave, statistics, past matches, the moves log, the
network). It decides whether undo is allowed: only for one person against
computers. Nothing else pushes moves into the match.

The referee is polled (``poll``) from whatever loop runs it: a frame of the
table, the network server's event loop, or ``play_out`` below. By default it
tells the next seat its turn as soon as a position arises; a loop that wants to
choose the moment (the table lets a computer start thinking only once the last
tile has landed) makes it with ``auto_ask=False`` and calls ``ask()``. No pygame here.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Callable, Sequence

from game.engine import Action, IllegalMoveError, Match, Refusal
from game.play.seat import COMPUTER, PERSON, Seat

log = logging.getLogger(__name__)

# What listeners are told.
ROUND, ACTION, UNDO, OVER = "round", "action", "undo", "over"


@dataclass(frozen=True)
class Event:
    """Something that happened at the table: a round dealt, an action played,
    moves taken back, or the match over. ``seat`` and ``action`` for ``ACTION``."""

    kind: str
    match: Match
    seat: int | None = None
    action: Action | None = None


Listener = Callable[[Event], None]


@dataclass(frozen=True)
class Verdict:
    """The referee's answer to an action: played, or refused (``refusal``: a code
    the UI words, ``game.words.refusals.refusal_text``)."""

    seat: int
    action: Action
    refusal: Refusal | None = None

    @property
    def accepted(self) -> bool:
        return self.refusal is None


class Referee:
    """Runs ``match`` between ``seats`` (one per seat, in seat order)."""

    def __init__(self, match: Match, seats: Sequence[Seat], listeners: Sequence[Listener] = (), *, auto_ask: bool = True):
        if len(seats) != match.rules.players:
            raise ValueError(f"{match.rules.players} seats are needed, not {len(seats)}")
        for index, seat in enumerate(seats):
            if seat.index != index:
                raise ValueError(f"seat {index} is given a seat that says it is {seat.index}")
        self.match = match
        self.seats = list(seats)
        self.listeners: list[Listener] = list(listeners)
        self.auto_ask = auto_ask
        self._asked: tuple[int, int, int] | None = None  # (round, history length, seat) last asked

    # Listeners -------------------------------------------------------------------
    def listen(self, listener: Listener) -> None:
        self.listeners.append(listener)

    def unlisten(self, listener: Listener) -> None:
        if listener in self.listeners:
            self.listeners.remove(listener)

    def _tell(self, event: Event) -> None:
        for listener in list(self.listeners):
            try:
                listener(event)
            except Exception:  # saving, statistics or a closed socket must never stop the game
                log.exception("a listener failed on %s", event.kind)

    # Turns -------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to move, or None between rounds and after the match."""
        if self.match.over or not self.match.rounds:
            return None
        return self.match.round.current_player

    def start_round(self) -> bool:
        """Deal the next round when one is due (the first, or after a round ended);
        True if one was dealt."""
        if not self.match.needs_next_round:
            return False
        self.match.next_round()
        self._tell(Event(ROUND, self.match))
        if self.auto_ask:
            self._ask()
        return True

    @property
    def asked(self) -> bool:
        """Whether the seat to move has been told its turn in this position."""
        seat = self.to_move
        return seat is not None and self._asked == (self.match.round_index, len(self.match.round.history), seat)

    def ask(self) -> None:
        """Tell the seat to move its turn now (once per position; ``poll`` does it too)."""
        self._ask()

    def _ask(self) -> None:
        """Tell the seat to move its turn, once per position."""
        seat = self.to_move
        if seat is None:
            self._asked = None
            return
        at = (self.match.round_index, len(self.match.round.history), seat)
        if at != self._asked:
            self._asked = at
            self.seats[seat].turn(self.match.view(seat))

    def poll(self) -> Verdict | None:
        """Take the answer of the seat to move, if it has one, and judge it."""
        seat = self.to_move
        if seat is None:
            return None
        self._ask()
        action = self.seats[seat].answer()
        if action is None:
            return None
        verdict = self.offer(seat, action)
        if not verdict.accepted:
            if self.seats[seat].kind == COMPUTER:  # a person's slip is the table's to show, not a fault
                log.warning("computer seat %d answered %s, refused: %s", seat, action, verdict.refusal)
            self._asked = None  # ask again
            self._ask()
        return verdict

    def refusal(self, seat: int, action: Action) -> Refusal | None:
        """Why ``seat`` may not play ``action`` now, or None if it may."""
        if not 0 <= seat < len(self.seats):
            return Refusal("no-seat", {"seat": seat})
        if self.match.over:
            return Refusal("match-over")
        if not self.match.rounds or self.match.round.over:
            return Refusal("round-over")
        current = self.match.round.current_player
        if current != seat:
            return Refusal("not-their-turn", {"name": self.match.players[current].name}) if current is not None else Refusal("nobody-to-move")
        return self.match.round.explain(action)

    def offer(self, seat: int, action: Action) -> Verdict:
        """Play ``action`` for ``seat`` if the rules allow it; nothing changes otherwise."""
        reason = self.refusal(seat, action)
        if reason is not None:
            return Verdict(seat, action, reason)
        try:
            self.match.push(action)
        except IllegalMoveError as err:  # explain() and push() disagree: still refused, and said
            return Verdict(seat, action, err.refusal)
        for index, each in enumerate(self.seats):
            each.heard(seat, action, self.match.view(index))
        self._tell(Event(ACTION, self.match, seat, action))
        if self.match.over:
            self._tell(Event(OVER, self.match))
        self._asked = None
        if self.auto_ask:
            self._ask()
        return Verdict(seat, action)

    # Undo ---------------------------------------------------------------------------
    @property
    def undo_allowed(self) -> bool:
        """Only one person against computers may take moves back."""
        kinds = [seat.kind for seat in self.seats]
        return kinds.count(PERSON) == 1 and kinds.count(COMPUTER) == len(kinds) - 1 and len(kinds) > 1

    def take_back(self, count: int) -> list[Action]:
        """Take the last ``count`` actions of the round back (latest first); every
        seat's decision under way is cancelled and the seat to move asked again."""
        if not self.undo_allowed:
            raise IllegalMoveError("undo-not-allowed")
        for seat in self.seats:
            seat.cancel()
        undone = [self.match.take_back() for _ in range(count)]
        self.match.assisted = True
        self._tell(Event(UNDO, self.match))
        self._asked = None
        if self.auto_ask:
            self._ask()
        return undone

    def cancel(self) -> None:
        """Stop every seat's decision (leaving the table)."""
        for seat in self.seats:
            seat.cancel()
        self._asked = None


def play_out(referee: Referee, max_polls: int = 1_000_000) -> Match:
    """Play the match to its end with seats that answer by themselves (computers)."""
    polls = 0
    while not referee.match.over:
        if referee.start_round():
            continue
        if referee.poll() is None:
            polls += 1
            if polls > max_polls:
                raise RuntimeError("the seats stopped answering")
    return referee.match
