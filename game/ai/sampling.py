"""Determinization: deal the unseen tiles into hands consistent with the view.

``knowledge`` says, per hidden hand, which classes of acquisitions may still be
held, with the number of ways each count per class explains the history. A
deal is drawn exactly as the real shuffle would have made it, given what the
seat saw: per seat a count vector in proportion to its ways (times a bound on
the fills it allows), then each class filled with tiles drawn uniformly from
those it may be, the most bound first, and the deal accepted with the chance
that corrects the proposal (with one other hand the chance is always 1). The
tiles left over form the boneyard, in random order. If many proposals are
turned down (three or more hands bound in crossing ways), a matching finds a
consistent deal (one always exists, the real one); if even that fails (only if
the knowledge were wrong) the constraints are dropped rather than crash.
"""

from __future__ import annotations

import random
import time
from itertools import accumulate
from typing import Callable, TypeVar

from game.ai.inference import Evidence, LayEvidence
from game.ai.knowledge import HandKnowledge
from game.engine import RoundState, SeatView, Tile
from game.engine.tiles import hand_tiles

Deal = tuple[dict[int, list[Tile]], list[Tile]]
Placed = list[tuple[int, Tile, int]]  # (seat, tile, held since) per hidden tile
TRIES = 64  # proposals before a matching decides
POOL_LEAST = 20  # deals in a weighed pool however late it is (``Sampler.deadline``)
Group = tuple[int, int, int, int]  # seat, mask of tiles it cannot be, slots, held since
_Found = TypeVar("_Found")  # what a proposal gives when kept


class Sampler:
    """Samples full positions consistent with one view (and its knowledge)."""

    def __init__(
        self, view: SeatView, knowledge: dict[int, HandKnowledge], evidence: Evidence | LayEvidence | None = None
    ):
        self.view = view
        self.evidence = evidence if evidence is not None and evidence.useful else None
        self._pool: tuple[list[tuple[Placed, list[Tile]]], list[float]] | None = None  # deals, cumulative weights
        # The pool of weighed deals stops growing at this ``time.perf_counter()`` (with
        # ``POOL_LEAST`` deals at least): where the hidden hands are bound in crossing
        # ways, most proposals are turned down and a pool of thousands would take
        # seconds, longer than the search it feeds may think. None: no clock.
        self.deadline: float | None = None
        self.known: Placed = [(seat, t, -1) for seat, k in sorted(knowledge.items()) for t in hand_tiles(k.known)]
        known = sum(1 << t for _, t, _ in self.known)
        self.unseen = [t for t in view.unseen() if not known >> t & 1]
        pool = 0
        for t in self.unseen:
            pool |= 1 << t
        self.pool = pool
        size = len(self.unseen)
        # Per seat: its count vectors as groups (the most bound first), each with
        # the cumulative proposal weight (ways times the bound on its fills).
        self.seats: list[tuple[list[list[Group]], list[float]]] = []
        filled = 0
        for seat, hand in sorted(knowledge.items()):
            classes = hand.class_list()
            order = sorted(range(len(classes)), key=lambda i: -(pool & classes[i][0]).bit_count())
            options: list[list[Group]] = []
            weights: list[float] = []
            for counts, ways in hand.vectors():
                groups = [(seat, classes[i][0], counts[i], classes[i][1]) for i in order if counts[i]]
                bound, taken = 1.0, 0
                for _, mask, n, _ in groups:
                    allowed = (pool & ~mask).bit_count()
                    for j in range(n):
                        bound *= max(0, min(allowed - taken - j, size - filled - taken - j))
                    taken += n
                if bound > 0 and ways > 0:
                    options.append(groups)
                    weights.append(ways * bound)
            if not options:  # pragma: no cover - only if the knowledge were wrong
                options = [[(seat, 0, sum(hand.vectors()[0][0]), -1)]]
                weights = [1.0]
            self.seats.append((options, list(accumulate(weights))))
            filled += sum(n for _, _, n, _ in options[0])
        likeliest = []
        for options, cumulative in self.seats:
            own = [b - a for a, b in zip([0.0] + cumulative[:-1], cumulative)]
            likeliest.append(options[own.index(max(own))])
        self.slots = [(seat, mask, since) for groups in likeliest for seat, mask, n, since in groups for _ in range(n)]
        self.unconstrained = all(
            len(options) == 1 and all(pool & mask == 0 for _, mask, _, _ in options[0]) for options, _ in self.seats
        )

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
                # Proposals weighed by their correcting chance instead of turned down.
                pool: list[tuple[Placed, list[Tile]]] = []
                weights: list[float] = []
                for made in range(evidence.pool):
                    if made >= POOL_LEAST and self.deadline is not None and time.perf_counter() > self.deadline:
                        break
                    found = self._proposal(rng)
                    if found is None:
                        placed, boneyard = self._consistent(rng)
                        chance = 1.0
                    else:
                        placed, left, chance = found
                        boneyard = hand_tiles(left)
                    pool.append((placed, boneyard))
                    weights.append(evidence.weight(placed) * chance)
                cumulative = list(accumulate(weights))
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
        dealt = self._tried(self._random_fill, rng)
        return dealt if dealt is not None else self._matched(rng)

    def _tried(self, propose: Callable[[random.Random], _Found | None], rng: random.Random) -> _Found | None:
        """The first proposal ``propose`` keeps in ``TRIES`` (one try alone when
        nothing constrains the hidden hands), or None: each was turned down."""
        for _ in range(TRIES):
            found = propose(rng)
            if found is not None:
                return found
            if self.unconstrained:
                break
        return None

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
        found = self._tried(self._random_placed, rng)
        if found is not None:
            return found
        placed, boneyard = self._matched(rng)
        return placed, sum(1 << t for t in boneyard)

    def _random_placed(self, rng: random.Random) -> tuple[Placed, int] | None:
        """One proposal kept with the chance that makes the deals exact (None:
        turned down, or a class could not be filled)."""
        found = self._proposal(rng)
        if found is None:
            return None
        placed, left, chance = found
        if chance < 1.0 and rng.random() >= chance:
            return None
        return placed, left

    def _proposal(self, rng: random.Random) -> tuple[Placed, int, float] | None:
        """Per seat a count vector, its classes filled uniformly; and the chance
        to keep it that makes the deals exact (None: a class could not be filled)."""
        left = self.pool
        placed: Placed = list(self.known)
        size = len(self.unseen)
        filled = 0
        accept = 1.0
        for options, cumulative in self.seats:
            groups = options[0] if len(options) == 1 else rng.choices(options, cum_weights=cumulative)[0]
            taken = 0
            for seat, mask, n, since in groups:
                allowed = hand_tiles(left & ~mask)
                if len(allowed) < n:
                    return None
                if filled:  # the first hand's fills are exact: its bound is what it finds
                    ceiling = (self.pool & ~mask).bit_count() - taken
                    if len(allowed) < ceiling:
                        for j in range(n):
                            bound = min(ceiling - j, size - filled - taken - j)
                            if len(allowed) - j < bound:
                                accept *= (len(allowed) - j) / bound
                for t in rng.sample(allowed, n):
                    placed.append((seat, t, since))
                    left &= ~(1 << t)
                taken += n
            filled += taken
        return placed, left, accept

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
        placed = list(self.known) + [(slots[slot][0], tile, slots[slot][2]) for tile, slot in owner.items()]
        boneyard = [t for t in tiles if t not in owner]
        rng.shuffle(boneyard)
        return placed, boneyard
