"""The levels below medium: a blend of medium's move, its contrary and random play.

For each decision with a choice the player tosses one coin from the ``rng`` it
is given: with probability ``share`` it plays medium's move (``MediumPlayer``),
with probability ``worst`` the lay medium's judge rates lowest (its contrary:
the matador laid while plain tiles fit, the heavy tile kept, the end the next
hand answers), otherwise a uniformly random legal action from the same ``rng``.
So every such level is exactly a mixture of measured players (a seeded game
replays): ``share`` 0 and ``worst`` 0 is random play, ``share`` 1 is medium, and
``worst`` above 0 sets a level below random play, meant as such (a first-timer's
opponent). The registry gives each level its shares (``game.ai.levels``,
``Level.options``).
"""

from __future__ import annotations

import random

from game.ai.medium import MediumPlayer
from game.ai.player import legal_or_fail
from game.engine import Action, SeatView


class MixedPlayer:
    level = "mixed"

    def __init__(self, share: float = 0.0, worst: float = 0.0, declines: float = 0.0):
        if not (0.0 <= share <= 1.0 and 0.0 <= worst <= 1.0 and share + worst <= 1.0):
            raise ValueError(f"share and worst must be between 0 and 1 and add up to 1 at most, not {share} and {worst}")
        self.share = share
        self.worst = worst
        self.declines = declines
        self.medium = MediumPlayer()

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        moves = legal_or_fail(view)
        if len(moves) == 1:
            return moves[0]
        coin = rng.random()
        if coin < self.share:
            return self.medium.choose(view, rng, budget_s)
        if coin < self.share + self.worst:
            return self.medium.worst(view, rng, self.declines)
        return moves[rng.randrange(len(moves))]
