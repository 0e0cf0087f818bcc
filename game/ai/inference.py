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

from game.ai.heuristic import WEIGHTS, chance_to_hold
from game.ai.knowledge import HandKnowledge, PastLay
from game.engine.tiles import PIPS

BETA = 0.5  # how sure we are that a seat lays its best-scored tile (per pip)
CANDIDATES = 6  # consistent deals drawn for each one kept
MATADOR_COST = 7.0  # pips a seat is taken to give up to keep a matador

# The reading of whole lays (``LayEvidence``), used with three or more players;
# a sensible seat scores a lay with medium's weights (``heuristic.WEIGHTS``).
LAY_BETA = 1.0  # per point of a lay's score
POOL = 2000  # consistent deals weighed once per decision, then drawn from


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
        self.pool = 0

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


class _Lay:
    """One past lay, ready to weigh. Per tile bit that could have been laid: for
    each of its lays, ``exp(beta * score)`` of the part of the score that needs
    no hidden tile, the tiles fitting the ends it leaves, and whether it is the
    lay chosen. ``matadors``: the tile bits that are matadors (or wild doubles)."""

    __slots__ = ("time", "size", "held", "tiles", "matadors", "by_tile")

    def __init__(self, lay: PastLay, special: int, players: int, seat: int, all_tiles: int, beta: float):
        moment = lay.moment
        assert moment is not None
        self.time = lay.time
        self.size = lay.size
        self.held = lay.held
        by_tile: dict[int, list[tuple[float, int, bool]]] = {}
        for i, option in enumerate(lay.options):
            bit = 1 << option.tile
            public = float(PIPS[option.tile])
            if option.after:
                unseen = all_tiles & ~moment.played & ~bit
                share = 1.0
                for step in range(1, players):
                    other = (seat + step) % players
                    possible = unseen & ~moment.lacks[other]
                    public -= share * WEIGHTS.block * chance_to_hold(possible, option.after, moment.counts[other])
                    share *= WEIGHTS.later_share
            by_tile.setdefault(bit, []).append((math.exp(beta * public), option.after, i == lay.chosen))
        self.by_tile = {bit: tuple(lays) for bit, lays in by_tile.items()}
        self.tiles = sum(by_tile)
        self.matadors = self.tiles & special


class LayEvidence:
    """The lays of the other seats, read as whole choices (tile and place).

    A sensible seat scores each lay open to it like the medium player does
    (``heuristic.WEIGHTS``): the tile's pips, less ``keep_special`` for a
    matador while a plain tile fits and it holds more than two tiles, plus
    ``follow`` (and ``follow_each`` a tile, up to three) when it keeps a tile
    for an end it leaves, less ``answer`` times the chance that the next seats
    can answer those ends (from public facts only). It picks by a softmax of
    ``LAY_BETA`` per point. A careless seat picks any open lay at random. Each
    seat is taken to be either, half and half, and its lays decide how much
    each reading counts, so a seat that lays at random is soon read as one.

    The hand a lay was chosen from is the deal's hidden tiles held since before
    it, plus the tiles known to have been held then (``PastLay.held``)."""

    def __init__(
        self,
        knowledge: dict[int, HandKnowledge],
        special: int,
        players: int,
        all_tiles: int,
        beta: float = LAY_BETA,
        pool: int = POOL,
    ):
        self.pool = pool
        self.candidates = 1
        self.lays: dict[int, tuple[_Lay, ...]] = {}
        for seat, k in knowledge.items():
            lays = tuple(_Lay(lay, special, players, seat, all_tiles, beta) for lay in k.lays if _readable(lay))
            if lays:
                self.lays[seat] = lays
        self.useful = beta > 0 and pool > 1 and bool(self.lays)
        # exp(beta * points) for giving up a matador, and for keeping 1, 2, 3 or more tiles to follow
        w = WEIGHTS
        self.kept = math.exp(-beta * w.keep_special)
        self.follow = [1.0] + [math.exp(beta * (w.follow + w.follow_each * k)) for k in (1, 2, 3)]

    def weight(self, placed: Sequence[tuple[int, int, int]]) -> float:
        """How well the hidden tiles ``placed`` ((seat, tile, held since) each)
        explain the lays seen: per seat, the mean of the two readings' chances."""
        hidden: dict[int, list[tuple[int, int]]] = {}
        for seat, tile, since in placed:
            hidden.setdefault(seat, []).append((1 << tile, since))
        kept, follow = self.kept, self.follow
        weight = 1.0
        for seat, lays in self.lays.items():
            held = hidden.get(seat, [])
            sensible = careless = 1.0
            for lay in lays:
                hand = lay.held
                for bit, since in held:
                    if since < lay.time:
                        hand |= bit
                open_tiles = hand & lay.tiles
                keep = lay.size > 2 and bool(open_tiles & ~lay.matadors)
                total = chosen = 0.0
                count = 0
                while open_tiles:
                    bit = open_tiles & -open_tiles
                    open_tiles ^= bit
                    rest = hand & ~bit
                    factor = kept if keep and bit & lay.matadors else 1.0
                    for base, after, picked in lay.by_tile[bit]:
                        chance = base * factor * follow[min((rest & after).bit_count(), 3)]
                        total += chance
                        count += 1
                        if picked:
                            chosen = chance
                sensible *= chosen / total
                careless /= count
            weight *= 0.5 * sensible + 0.5 * careless
        return weight


def _readable(lay: PastLay) -> bool:
    """A lay that was a choice: recorded with its options, the seat holding more
    than one tile (a last tile goes out whichever it is)."""
    return lay.chosen >= 0 and lay.size > 1 and lay.moment is not None
