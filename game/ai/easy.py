"""The player the ``easy`` level was until issue 41 (easy is now a blend of medium
and random play, ``game.ai.mixed``); kept for the coach bench's positions
(``game.bench.coach_bench.seat_zero``). Mostly random legal moves, with a little sense:
it usually lays a tile rather than draw or refuse, and now and then sheds its
heaviest playable tile."""

from __future__ import annotations

import random

from game.ai.player import legal_or_fail
from game.engine import Action, SeatView
from game.engine.tiles import PIPS

PREFER_LAYING = 0.85  # chance to ignore draw/refuse when a tile can be laid
SHED_HEAVY = 0.35  # chance to lay the heaviest playable tile


class EasyPlayer:
    level = "easy"

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        moves = legal_or_fail(view)
        if len(moves) == 1:
            return moves[0]
        lays = [m for m in moves if m.kind == "lay" and m.tile is not None]
        if lays and rng.random() < PREFER_LAYING:
            moves = lays
            if rng.random() < SHED_HEAVY:
                heaviest = max(PIPS[m.tile] for m in lays if m.tile is not None)
                moves = [m for m in lays if m.tile is not None and PIPS[m.tile] == heaviest]
        return moves[rng.randrange(len(moves))]
