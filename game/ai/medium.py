"""The ``medium`` level: a sound heuristic player (see ``heuristic.Judge``).

It sheds heavy tiles, keeps matadors (and wild doubles) until they are needed or
block, prefers ends it can follow and the others are known or likely to lack,
leads a double in Leyden when it has one and refuses otherwise, and draws of its
own will only when all it could lay is a matador worth keeping.
"""

from __future__ import annotations

import random

from game.ai.heuristic import Judge, special_mask
from game.ai.knowledge import read_knowledge
from game.ai.player import legal_or_fail
from game.engine import Action, SeatView

VOLUNTARY_DRAW_MIN_HAND = 3  # tiles in hand before drawing to keep a matador
VOLUNTARY_DRAW_MIN_LEFT = 4  # drawable tiles before doing so


class MediumPlayer:
    level = "medium"

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        moves = legal_or_fail(view)
        if len(moves) == 1:
            return moves[0]
        lays = [m for m in moves if m.kind == "lay"]
        if not lays:
            return _without_a_lay(moves)
        special = special_mask(view)
        plain = [m for m in lays if m.tile is not None and not special >> m.tile & 1]
        draw = next((m for m in moves if m.kind == "draw"), None)
        if (
            draw is not None
            and view.phase == "play"
            and not plain
            and len(view.hand) >= VOLUNTARY_DRAW_MIN_HAND
            and view.drawable >= VOLUNTARY_DRAW_MIN_LEFT
        ):
            return draw
        judge = Judge(view, read_knowledge(view))
        return best_of(lays, [judge.score(m, bool(plain)) for m in lays], rng)


def _without_a_lay(moves: list[Action]) -> Action:
    """No tile to lay: refuse a Leyden lead rather than draw for a double; else
    draw or pass, whichever is allowed."""
    for kind in ("refuse", "draw", "pass"):
        for m in moves:
            if m.kind == kind:
                return m
    return moves[0]


def best_of(moves: list[Action], scores: list[float], rng: random.Random) -> Action:
    """The best-scored move, ties broken at random."""
    top = max(scores)
    best = [m for m, s in zip(moves, scores) if s >= top - 1e-9]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]
