"""The one interface every computer player has, and what they share.

A player sees a ``SeatView`` only (never the full round), draws every random
number from the ``rng`` it is given, and returns one of ``view.legal_moves()``.
The UI calls ``choose`` from a worker thread, so players keep no state between
calls.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:  # the engine is imported by the players themselves: reading the levels costs nothing
    from game.engine import Action, RoundState, SeatView


@runtime_checkable
class Player(Protocol):
    """A computer player of some level."""

    level: str

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        """One legal action for ``view.seat``, which must be the seat to move.

        ``budget_s`` caps the thinking time in seconds (the hard player stops
        searching then; the others never come near it).
        """
        ...


@runtime_checkable
class Seer(Protocol):
    """A player that sees every hand (``game.ai.omniscient``): not a level any seat
    may be, only the ladder's ceiling; the tournament's games hand it the whole round."""

    level: str

    def choose_seeing(self, state: RoundState, seat: int, rng: random.Random, budget_s: float) -> Action:
        """One legal action for ``seat``, the seat to move in ``state``."""
        ...


def legal_or_fail(view: SeatView) -> list[Action]:
    """The seat's legal actions; a clear error when it is not this seat's turn."""
    moves = view.legal_moves()
    if not moves:
        raise ValueError(f"seat {view.seat} has nothing to do: it is not its turn or the round is over")
    return moves
