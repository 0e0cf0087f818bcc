"""Who plays a seat: the one ``Seat`` protocol and its headless kinds.

A seat is told its turn with its ``SeatView`` (never the round itself), answers
with an action when it has one, can be cancelled, and hears every action that
was played. The referee (game/play/referee.py) is the only caller; every kind of
player takes this route:

- ``ComputerSeat``: a computer player deciding at once, on the caller's thread
  (headless loops, tests, the server's tables of computers).
- ``WorkerSeat``: a computer player thinking in a worker (``game.play.thinker``),
  so a frame or the server's event loop never waits for it.
- ``InputSeat``: a seat whose actions come from outside, one at a time: a person
  at this screen (``PersonSeat``, fed by the table's input) or a player on
  another machine (``RemoteSeat``, fed by the network server).

No pygame here.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Callable, Protocol, Sequence, runtime_checkable

from game.ai import levels
from game.engine import Action, PlayerInfo, SeatView
from game.play.thinker import ComputerController, choose_action

if TYPE_CHECKING:
    from game.play.thinker import Thinker

PERSON, COMPUTER, REMOTE = "person", "computer", "remote"


@runtime_checkable
class Seat(Protocol):
    """One seat at the table, as the referee sees it."""

    index: int
    kind: str  # PERSON, COMPUTER or REMOTE

    def turn(self, view: SeatView) -> None:
        """It is this seat's turn; ``view`` is all it may know."""
        ...

    def answer(self) -> Action | None:
        """The action decided for the turn last told, once there is one (then forgotten)."""
        ...

    def cancel(self) -> None:
        """Forget the turn: any decision under way is dropped, unanswered."""
        ...

    def heard(self, seat: int, action: Action, view: SeatView) -> None:
        """``seat`` played ``action``; ``view`` is this seat's view after it."""
        ...


def turn_seed(seed: int, view: SeatView) -> int:
    """A computer seat's seed for one decision: the same position, the same seed."""
    return hash((seed, view.seat, view.totals, len(view.history), view.hand_mask)) & 0x7FFFFFFF


class ComputerSeat:
    """A computer player that decides as soon as it is told its turn."""

    kind = COMPUTER

    def __init__(self, index: int, level: str, seed: int = 0, budget_s: float | None = None):
        self.index = index
        self.level = level
        self.seed = seed
        self.budget_s = levels.budget_s(level) if budget_s is None else budget_s
        self._decided: Action | None = None

    def turn(self, view: SeatView) -> None:
        self._decided = choose_action(self.level, view, turn_seed(self.seed, view), self.budget_s)

    def answer(self) -> Action | None:
        action, self._decided = self._decided, None
        return action

    def cancel(self) -> None:
        self._decided = None

    def heard(self, seat: int, action: Action, view: SeatView) -> None:
        pass  # computer players keep no state between decisions


class WorkerSeat:
    """A computer player thinking in a worker; ``answer`` is None until it is done."""

    kind = COMPUTER

    def __init__(self, index: int, level: str, thinker: Thinker, seed: int = 0, seed_for: Callable[[SeatView], int] | None = None):
        self.index = index
        self.level = level
        self.seed = seed
        self.seed_for = seed_for  # the seed of one decision; by default ``turn_seed(seed, view)``
        self.controller = ComputerController(index, level, thinker)

    @property
    def thinking(self) -> bool:
        return self.controller.thinking

    def turn(self, view: SeatView) -> None:
        seed = self.seed_for(view) if self.seed_for is not None else turn_seed(self.seed, view)
        self.controller.start(view, seed)

    def answer(self) -> Action | None:
        return self.controller.poll()

    def cancel(self) -> None:
        self.controller.cancel()

    def heard(self, seat: int, action: Action, view: SeatView) -> None:
        pass


class InputSeat:
    """A seat played from outside: ``choose`` hands it the player's action,
    which it gives as its answer when the referee next asks."""

    kind = PERSON

    def __init__(self, index: int):
        self.index = index
        self.view: SeatView | None = None  # the view of the turn in play, else None
        self.last_seen: SeatView | None = None  # the latest view this seat was given
        self._chosen: Action | None = None

    @property
    def to_move(self) -> bool:
        return self.view is not None

    def choose(self, action: Action) -> None:
        """The player's action (checked by the referee when it takes it)."""
        self._chosen = action

    def turn(self, view: SeatView) -> None:
        self.view = self.last_seen = view
        self._chosen = None

    def answer(self) -> Action | None:
        action, self._chosen = self._chosen, None
        return action

    def cancel(self) -> None:
        self.view = None
        self._chosen = None

    def heard(self, seat: int, action: Action, view: SeatView) -> None:
        self.last_seen = view
        if seat == self.index:
            self.view = None


class PersonSeat(InputSeat):
    """A person at this screen (keyboard, mouse or a controller)."""

    kind = PERSON


class RemoteSeat(InputSeat):
    """A player on another machine; the network server feeds its actions and
    forwards what it is told (see game/net/server/endpoint.py)."""

    kind = REMOTE


def computer_seats(players: Sequence[PlayerInfo], seed: int) -> list[Seat]:
    """Headless seats for ``players``: computers for computer players, and a
    person seat for each person (to be fed with ``choose``)."""
    rng = random.Random(seed)
    seats: list[Seat] = []
    for index, player in enumerate(players):
        if player.is_human:
            seats.append(PersonSeat(index))
        else:
            seats.append(ComputerSeat(index, player.level or levels.DEFAULT, rng.randrange(2**31)))
    return seats
