"""The ``expert`` level: hard's search with more of everything, and the exact
endgame once the hidden tiles are known.

Where the seat knows every hidden tile (two players, the other hand and the
boneyard pinned down by what the seat has seen: ``endgame.known_deal``), the
round is a game of perfect information and ``endgame.solve`` values each
action exactly (best play by both seats after it), within a share of the
budget; the best is played (ties: the first). Elsewhere, or where the solver
gives up, it is hard's paired-root ISMCTS (``game.ai.hard``) with more
playouts per decision (``ITERATIONS``), so the decisions that stay close after
hard's 1,200 playouts are searched on more deals before one is chosen (hard's
pruning, ``PRUNE_Z``, ends the clear ones as early as hard's).
"""

from __future__ import annotations

import random
import time

from game.ai import endgame
from game.ai.hard import HardPlayer
from game.ai.player import legal_or_fail
from game.ai.symmetry import distinct_moves
from game.engine import Action, SeatView

ITERATIONS = 2000  # playouts per decision at most (hard: 1200)
PRUNE_Z = 2.5  # standard errors of the paired difference to drop a root action (as hard)
SOLVE_SHARE = 0.5  # share of the budget the exact endgame may take before the search takes over


class ExpertPlayer(HardPlayer):
    level = "expert"

    def __init__(self, iterations: int = ITERATIONS, prune_z: float = PRUNE_Z):
        super().__init__(iterations=iterations, prune_z=prune_z)

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        start = time.perf_counter()
        moves = legal_or_fail(view)
        if len(moves) > 1 and endgame.known_deal(view) is not None:
            moves = distinct_moves(view, moves)
            values = endgame.solve(view, [[m] for m in moves], deadline=start + SOLVE_SHARE * budget_s)
            if values is not None:
                best = max(range(len(moves)), key=lambda i: (values[i], -i))
                return moves[best]
        return self.think(view, rng, max(0.0, budget_s - (time.perf_counter() - start)))[0]
