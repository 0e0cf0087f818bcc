"""The sampler deals exactly as the shuffle would, given what the seat saw.

On small late positions of two-player rounds (every drawing policy, after
draws, passes and refusals) every deal of the hidden tiles is enumerated:
each way of dealing the other hand and of drawing its tiles, replayed through
the engine, kept when the public history is legal on it. A deal's current
hidden hand then has a probability proportional to the number of consistent
deals that lead to it (the boneyard still to be drawn comes in every order
alike). The sampler's frequencies over thousands of deals must match it by a
chi-square test.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from itertools import combinations, permutations

import pytest

from game.ai.knowledge import read_knowledge
from game.ai.sampling import Sampler
from game.engine import Rules
from game.engine.match import deal
from game.engine.state import Opening, RoundState
from game.engine.tiles import hand_tiles

SAMPLES = 3000
MAX_DEALS = 2500  # enumeration size of a position worth testing


def chi2_sf(x: float, df: int) -> float:
    """P(chi-square with ``df`` degrees of freedom > x), by the series of the
    regularized lower incomplete gamma function."""
    a, z = df / 2.0, x / 2.0
    if z <= 0:
        return 1.0
    term = total = 1.0 / a
    k = 1
    while term > total * 1e-12 and k < 10000:
        term *= z / (a + k)
        total += term
        k += 1
    lower = math.exp(-z + a * math.log(z) - math.lgamma(a)) * total
    return max(0.0, 1.0 - lower)


def test_chi2_sf_matches_known_quantiles() -> None:
    assert chi2_sf(3.841, 1) == pytest.approx(0.05, abs=1e-3)
    assert chi2_sf(18.307, 10) == pytest.approx(0.05, abs=1e-3)
    assert chi2_sf(1.0, 4) > 0.9


class Position:
    """A round played at random to a position of seat 0, with what the test
    needs to enumerate its deals."""

    def __init__(self, rules: Rules, opening: Opening, seed: int, stop: int):
        hands, boneyard = deal(rules, seed, 0)
        self.rules, self.opening, self.hands, self.boneyard = rules, opening, hands, boneyard
        state = RoundState(rules, hands, boneyard, opening)
        rng = random.Random(seed)
        drawer: list[int] = []  # the seat of each draw, in order
        self.state: RoundState | None = None
        steps = 0
        while not state.over:
            seat = state.current_player
            if seat == 0 and steps >= stop:
                self.state = state
                break
            move = rng.choice(state.legal_moves())
            if move.kind == "draw":
                drawer.append(seat if seat is not None else -1)
            state.push(move)
            steps += 1
        self.drawer = drawer

    def cost(self) -> int:
        """How many deals the enumeration replays (a large number if none)."""
        if self.state is None:
            return 10**9
        view = self.state.view(0)
        unseen = len(view.unseen())
        held = view.hand_counts[1]
        laid = sum(1 for s, a in view.history if s == 1 and a.kind == "lay")
        draws = self.drawer.count(1)
        return math.comb(unseen, held) * math.perm(laid + held, draws)

    def exact(self) -> Counter[frozenset[int]]:
        """Per possible hidden hand of seat 1, the number of consistent deals."""
        assert self.state is not None
        view = self.state.view(0)
        history = view.history
        unseen = view.unseen()
        laid = [a.tile for s, a in history if s == 1 and a.kind == "lay" and a.tile is not None]
        draws = self.drawer.count(1)
        own_draws = [t for i, t in enumerate(self.boneyard[: len(self.drawer)]) if self.drawer[i] != 1]
        found: Counter[frozenset[int]] = Counter()
        for held in combinations(unseen, view.hand_counts[1]):
            rest = sorted(set(unseen) - set(held))
            tiles = laid + list(held)
            for drawn in permutations(tiles, draws):
                dealt = [t for t in tiles if t not in drawn]
                mine, theirs = iter(own_draws), iter(drawn)
                order = [next(theirs) if s == 1 else next(mine) for s in self.drawer]
                if self._consistent([self.hands[0], dealt], order + rest, history):
                    found[frozenset(held)] += 1
        return found

    def _consistent(self, hands: list[list[int]], boneyard: list[int], history: list) -> bool:  # type: ignore[type-arg]
        replay = RoundState(self.rules, hands, boneyard, self.opening)
        for seat, action in history:
            if replay.current_player != seat or not replay.is_legal(action):
                return False
            replay.push_unchecked(action)
        assert self.state is not None
        return replay.lacks == self.state.lacks  # what the opening and the table learnt is public


def positions(rules: Rules, opening: Opening, want: str) -> list[Position]:
    """Up to two small late positions of ``rules`` whose history shows ``want``."""
    found: list[Position] = []
    for seed in range(300):
        for stop in range(6, 40, 2):
            pos = Position(rules, opening, seed, stop)
            if pos.state is None:
                break
            if not 30 <= pos.cost() <= MAX_DEALS:
                continue
            kinds = {(s, a.kind) for s, a in pos.state.history}
            if want == "draw" and (1, "draw") not in kinds:
                continue
            if want == "pass" and not any(k == "pass" for _, k in kinds):
                continue
            if want == "refuse" and not any(k == "refuse" for _, k in kinds):
                continue
            found.append(pos)
            break
        if len(found) == 2:
            break
    return found


CASES = [
    ("matador", {}, None, "draw"),  # draw until playable
    ("matador", {"drawing": "one-then-pass"}, None, "draw"),
    ("wild-doubles", {}, None, "draw"),
    ("all-sevens", {}, None, "pass"),  # no drawing
    ("family", {}, None, "draw"),  # lay or draw, keep a reserve
    ("leyden", {}, None, "draw"),  # draw freely, keep a reserve
    ("leyden", {}, Opening("loser-double-not-blank", 1), "refuse"),
    ("leyden-senst", {}, None, "draw"),
]


@pytest.mark.parametrize("base, overrides, opening, want", CASES)
def test_sampled_hands_match_the_exact_distribution(
    base: str, overrides: dict[str, str], opening: Opening | None, want: str
) -> None:
    rules = Rules.from_base(base, 2, overrides)
    found = positions(rules, opening or Opening(rules.lead), want)
    assert found, f"no small late position of {base} shows a {want}"
    for pos in found:
        assert pos.state is not None
        view = pos.state.view(0)
        exact = pos.exact()
        assert exact[frozenset(pos.state.hand(1))] > 0  # the real hand is among them
        total = sum(exact.values())
        sampler = Sampler(view, read_knowledge(view))
        rng = random.Random(7)
        seen: Counter[frozenset[int]] = Counter()
        for _ in range(SAMPLES):
            hands, _ = sampler.deal(rng)
            seen[frozenset(hands[1])] += 1
        assert set(seen) <= set(exact), "a sampled hand no consistent deal gives"
        # Pool the rare hands so every cell expects at least 5.
        cells: list[tuple[float, int]] = []
        small_e, small_o = 0.0, 0
        for hand, count in exact.items():
            expected = SAMPLES * count / total
            if expected < 5:
                small_e, small_o = small_e + expected, small_o + seen[hand]
            else:
                cells.append((expected, seen[hand]))
        if small_e > 0:
            cells.append((small_e, small_o))
        if len(cells) < 2:
            continue
        stat = sum((o - e) ** 2 / e for e, o in cells)
        p = chi2_sf(stat, len(cells) - 1)
        worst = max(exact, key=lambda h: abs(seen[h] / SAMPLES - exact[h] / total))
        assert p > 1e-4, (
            f"{base}: chi-square {stat:.1f} on {len(cells) - 1} df (p={p:.2g}); "
            f"hand {sorted(hand_tiles(sum(1 << t for t in worst)))}: "
            f"sampled {seen[worst] / SAMPLES:.3f}, exact {exact[worst] / total:.3f}"
        )
