"""The ``random`` level: a uniformly random legal action."""

from __future__ import annotations

import random

from game.ai.player import legal_or_fail
from game.engine import Action, SeatView


class RandomPlayer:
    level = "random"

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        moves = legal_or_fail(view)
        return moves[rng.randrange(len(moves))]
