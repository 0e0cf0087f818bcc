"""Determinization: deal the unseen tiles into hands consistent with the view.

Every hidden tile slot (see ``knowledge``) takes one unseen tile that its mask
allows; the tiles left over form the boneyard, in random order. The most bound
slots are filled first; if a random fill gets stuck, a matching finds a
consistent deal (one always exists, the real one), and if even that fails (only
if the knowledge were wrong) the constraints are dropped rather than crash.
"""

from __future__ import annotations

import random

from game.ai.knowledge import HandKnowledge
from game.engine import RoundState, SeatView, Tile
from game.engine.tiles import hand_tiles

Deal = tuple[dict[int, list[Tile]], list[Tile]]
RANDOM_TRIES = 8


class Sampler:
    """Samples full positions consistent with one view (and its knowledge)."""

    def __init__(self, view: SeatView, knowledge: dict[int, HandKnowledge]):
        self.view = view
        self.unseen = view.unseen()
        pool = 0
        for t in self.unseen:
            pool |= 1 << t
        self.pool = pool
        # (seat, mask, how many slots) groups, the most bound first.
        groups: dict[tuple[int, int], int] = {}
        for seat, hand in sorted(knowledge.items()):
            for mask in hand.slots:
                groups[(seat, mask)] = groups.get((seat, mask), 0) + 1
        self.groups = sorted(
            ((seat, mask, n) for (seat, mask), n in groups.items()),
            key=lambda g: ((pool & ~g[1]).bit_count() - g[2], g[0], g[1]),
        )
        self.slots = [(seat, mask) for seat, mask, n in self.groups for _ in range(n)]
        self.unconstrained = all((pool & mask) == 0 for _, mask, _ in self.groups)

    def deal(self, rng: random.Random) -> Deal:
        """Hidden hands by seat, and the boneyard in drawing order."""
        for _ in range(RANDOM_TRIES):
            dealt = self._random_fill(rng)
            if dealt is not None:
                return dealt
            if self.unconstrained:
                break
        dealt = self._matching_fill(rng, constrained=True)
        if dealt is None:  # pragma: no cover - the real deal always satisfies the slots
            dealt = self._matching_fill(rng, constrained=False)
        assert dealt is not None
        return dealt

    def state(self, rng: random.Random) -> RoundState:
        hands, boneyard = self.deal(rng)
        return self.view.determinize(hands, boneyard)

    def _random_fill(self, rng: random.Random) -> Deal | None:
        left = self.pool
        hands: dict[int, list[Tile]] = {}
        for seat, mask, n in self.groups:
            allowed = hand_tiles(left & ~mask)
            if len(allowed) < n:
                return None
            chosen = rng.sample(allowed, n)
            hands.setdefault(seat, []).extend(chosen)
            for t in chosen:
                left &= ~(1 << t)
        boneyard = hand_tiles(left)
        rng.shuffle(boneyard)
        return hands, boneyard

    def _matching_fill(self, rng: random.Random, constrained: bool) -> Deal | None:
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
        hands: dict[int, list[Tile]] = {}
        for tile, slot in owner.items():
            hands.setdefault(slots[slot][0], []).append(tile)
        boneyard = [t for t in tiles if t not in owner]
        rng.shuffle(boneyard)
        return hands, boneyard
