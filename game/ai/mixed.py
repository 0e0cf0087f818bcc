"""A level between random play and medium: medium's move with probability
``share``, otherwise a uniformly random legal action.

Both the coin and the random action come from the ``rng`` the player is given
(the project's rule: a seeded game replays), and medium's move is medium's own
(``MediumPlayer``), so the level is exactly a blend of two measured players:
``share`` 0 is random play, 1 is medium. The registry gives each such level
its share (``game.ai.levels``, ``Level.options``).
"""

from __future__ import annotations

import random

from game.ai.medium import MediumPlayer
from game.ai.player import legal_or_fail
from game.engine import Action, SeatView


class MixedPlayer:
    level = "mixed"

    def __init__(self, share: float = 0.5):
        if not 0.0 <= share <= 1.0:
            raise ValueError(f"share must be between 0 and 1, not {share}")
        self.share = share
        self.medium = MediumPlayer()

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        moves = legal_or_fail(view)
        if len(moves) == 1:
            return moves[0]
        if rng.random() < self.share:
            return self.medium.choose(view, rng, budget_s)
        return moves[rng.randrange(len(moves))]
