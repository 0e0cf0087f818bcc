"""Soft evidence from the lays the other seats chose.

Passes and forced draws rule tiles out for certain (``knowledge``). The lays a
seat chose say something softer: most players shed heavy tiles and keep their
matadors, so a seat that laid a light tile while a heavy one fitted is less
likely than one that had nothing better. ``Evidence`` turns that into a weight
for a sampled deal: for each past lay of a seat, the chance that a player who
picks by a noisy score (pips, less ``MATADOR_COST`` for a matador while it
holds more than two tiles) would have picked the tile it did, given
the hidden tiles the deal says it held then. The sampler keeps deals in
proportion to that weight.

Only the sampled hidden tiles are weighed, so a deal that explains the lays
seen well is preferred over one that does not; the tiles a seat laid later
cannot tell deals apart and are left out. Against a player who lays at random
the evidence is wrong, which is why it is soft (``BETA`` is small).
"""

from __future__ import annotations

import math
from typing import Sequence

from game.ai.knowledge import HandKnowledge, PastLay
from game.engine.tiles import PIPS

BETA = 0.5  # how sure we are that a seat lays its best-scored tile (per pip)
CANDIDATES = 6  # consistent deals drawn for each one kept
MATADOR_COST = 7.0  # pips a seat is taken to give up to keep a matador


class Evidence:
    """The lays of the other seats, ready to weigh sampled deals."""

    def __init__(
        self,
        knowledge: dict[int, HandKnowledge],
        special: int,
        beta: float = BETA,
        candidates: int = CANDIDATES,
    ):
        self.special = special
        self.beta = beta
        self.candidates = candidates
        self.lays: dict[int, tuple[PastLay, ...]] = {s: k.lays for s, k in knowledge.items() if k.lays}
        self.useful = beta > 0 and candidates > 1 and bool(self.lays)

    def score(self, tile: int, hand_size: int) -> float:
        if self.special >> tile & 1 and hand_size > 2:
            return PIPS[tile] - MATADOR_COST
        return float(PIPS[tile])

    def weight(self, placed: Sequence[tuple[int, int, int]]) -> float:
        """How well the hidden tiles ``placed`` ((seat, tile, held since) each)
        explain the lays seen: a product of choice probabilities, at most 1."""
        log_weight = 0.0
        beta = self.beta
        for seat, lays in self.lays.items():
            held = [(tile, since) for s, tile, since in placed if s == seat]
            size = len(held)
            for lay in lays:
                chosen = self.score(lay.tile, size + 1)
                total = 1.0
                for tile, since in held:
                    if since < lay.time and lay.fitting >> tile & 1:
                        total += math.exp(beta * (self.score(tile, size + 1) - chosen))
                log_weight -= math.log(total)
        return math.exp(log_weight)
