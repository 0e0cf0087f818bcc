"""Determinization: deal the unseen tiles into hands consistent with the view.

Every hidden tile slot (see ``knowledge``) takes one unseen tile that its mask
allows; the tiles left over form the boneyard, in random order. The most bound
slots are filled first; if a random fill gets stuck, a matching finds a
consistent deal (one always exists, the real one), and if even that fails (only
if the knowledge were wrong) the constraints are dropped rather than crash.
"""

from __future__ import annotations

import random
from itertools import accumulate

from game.ai.inference import Evidence, LayEvidence
from game.ai.knowledge import HandKnowledge
from game.engine import RoundState, SeatView, Tile
from game.engine.tiles import hand_tiles

Deal = tuple[dict[int, list[Tile]], list[Tile]]
Placed = list[tuple[int, Tile, int]]  # (seat, tile, held since) per hidden tile
RANDOM_TRIES = 8


class Sampler:
    """Samples full positions consistent with one view (and its knowledge)."""

    def __init__(
        self, view: SeatView, knowledge: dict[int, HandKnowledge], evidence: Evidence | LayEvidence | None = None
    ):
        self.view = view
        self.evidence = evidence if evidence is not None and evidence.useful else None
        self._pool: tuple[list[tuple[Placed, list[Tile]]], list[float]] | None = None  # deals, cumulative weights
        self.unseen = view.unseen()
        pool = 0
        for t in self.unseen:
            pool |= 1 << t
        self.pool = pool
        # (seat, mask, how many slots) groups, the most bound first.
        # Slots with the same mask are interchangeable; a group is held since
        # the latest draw among its slots (the safe reading).
        groups: dict[tuple[int, int], tuple[int, int]] = {}
        for seat, hand in sorted(knowledge.items()):
            for mask, t in zip(hand.slots, hand.since):
                n, latest = groups.get((seat, mask), (0, -1))
                groups[(seat, mask)] = (n + 1, max(latest, t))
        self.groups = sorted(
            ((seat, mask, n, latest) for (seat, mask), (n, latest) in groups.items()),
            key=lambda g: ((pool & ~g[1]).bit_count() - g[2], g[0], g[1]),
        )
        self.slots = [(seat, mask, latest) for seat, mask, n, latest in self.groups for _ in range(n)]
        self.unconstrained = all((pool & mask) == 0 for _, mask, _, _ in self.groups)

    def deal(self, rng: random.Random) -> Deal:
        """Hidden hands by seat, and the boneyard in drawing order.

        With ``evidence``, consistent deals are kept with a chance in proportion
        to how well they explain the lays the other seats chose (sampling
        importance resampling): either a few fresh ones are drawn for each deal
        (``evidence.candidates``), or one pool of ``evidence.pool`` deals is
        weighed on the first call and each deal is drawn from it, its boneyard
        shuffled anew."""
        evidence = self.evidence
        if evidence is None:
            placed, boneyard = self._consistent(rng)
        elif evidence.pool:
            if self._pool is None:
                pool = [self._consistent(rng) for _ in range(evidence.pool)]
                cumulative = list(accumulate(evidence.weight(p) for p, _ in pool))
                if not cumulative[-1] > 0:  # every weight underflowed: weigh them alike
                    cumulative = [float(i) for i in range(1, len(pool) + 1)]
                self._pool = pool, cumulative
            deals, cumulative = self._pool
            placed, boneyard = rng.choices(deals, cum_weights=cumulative)[0]
            boneyard = boneyard[:]
            rng.shuffle(boneyard)
        else:
            options = [self._consistent(rng) for _ in range(evidence.candidates)]
            weights = [evidence.weight(p) for p, _ in options]
            placed, boneyard = rng.choices(options, weights)[0]
        hands: dict[int, list[Tile]] = {}
        for seat, tile, _ in placed:
            hands.setdefault(seat, []).append(tile)
        return hands, boneyard

    def _consistent(self, rng: random.Random) -> tuple[Placed, list[Tile]]:
        for _ in range(RANDOM_TRIES):
            dealt = self._random_fill(rng)
            if dealt is not None:
                return dealt
            if self.unconstrained:
                break
        return self._matched(rng)

    def _matched(self, rng: random.Random) -> tuple[Placed, list[Tile]]:
        """A placement by matching hidden tiles to slots (when random fills keep failing)."""
        dealt = self._matching_fill(rng, constrained=True)
        if dealt is None:  # pragma: no cover - the real deal always satisfies the slots
            dealt = self._matching_fill(rng, constrained=False)
        assert dealt is not None
        return dealt

    def state(self, rng: random.Random) -> RoundState:
        hands, boneyard = self.deal(rng)
        return self.view.determinize(hands, boneyard)

    def placed(self, rng: random.Random) -> tuple[Placed, int]:
        """A consistent placement of the hidden tiles (no weighing), and the
        tiles left for the boneyard as a mask, in no order: for callers that
        weigh many placements and shuffle the boneyard of the one they keep."""
        for _ in range(RANDOM_TRIES):
            found = self._random_placed(rng)
            if found is not None:
                return found
            if self.unconstrained:
                break
        placed, boneyard = self._matched(rng)
        return placed, sum(1 << t for t in boneyard)

    def _random_placed(self, rng: random.Random) -> tuple[Placed, int] | None:
        left = self.pool
        placed: Placed = []
        for seat, mask, n, since in self.groups:
            allowed = hand_tiles(left & ~mask)
            if len(allowed) < n:
                return None
            for t in rng.sample(allowed, n):
                placed.append((seat, t, since))
                left &= ~(1 << t)
        return placed, left

    def _random_fill(self, rng: random.Random) -> tuple[Placed, list[Tile]] | None:
        found = self._random_placed(rng)
        if found is None:
            return None
        placed, left = found
        boneyard = hand_tiles(left)
        rng.shuffle(boneyard)
        return placed, boneyard

    def _matching_fill(self, rng: random.Random, constrained: bool) -> tuple[Placed, list[Tile]] | None:
        """A consistent deal by augmenting paths (slots to tiles), in random order."""
        slots = self.slots
        tiles = list(self.unseen)
        rng.shuffle(tiles)
        owner: dict[Tile, int] = {}

        def allowed(slot: int, tile: Tile) -> bool:
            return not constrained or not slots[slot][1] >> tile & 1

        def place(slot: int, seen: set[Tile]) -> bool:
            for tile in tiles:
                if tile in seen or not allowed(slot, tile):
                    continue
                seen.add(tile)
                if tile not in owner or place(owner[tile], seen):
                    owner[tile] = slot
                    return True
            return False

        for slot in range(len(slots)):
            if not place(slot, set()):
                return None
        placed = [(slots[slot][0], tile, slots[slot][2]) for tile, slot in owner.items()]
        boneyard = [t for t in tiles if t not in owner]
        rng.shuffle(boneyard)
        return placed, boneyard
