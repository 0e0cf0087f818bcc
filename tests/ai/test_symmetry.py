"""Mirror-image moves (``game.ai.symmetry``): two lays with the same position
key must lead to positions that play alike, move for move: from each, the
same number of legal actions, and the successors' keys the same multiset,
again and again down the tree. Checked on positions of random rounds of a
line (Matador), a cross opened sides first (Leyden) and a complete cross
(Leyden, Senst), where the key merges lays on different arms."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.ai.symmetry import distinct_moves, position_key
from game.engine import Match, PlayerInfo, RoundState, Rules


def full_key(state: RoundState, seat: int) -> tuple[object, ...]:
    """The seat's key and every hand (the test deals both positions alike)."""
    return position_key(state, seat), tuple(state.hands)


def successors(state: RoundState, seat: int) -> Counter[tuple[object, ...]]:
    found: Counter[tuple[object, ...]] = Counter()
    for move in state.legal_moves():
        state.push_unchecked(move)
        found[full_key(state, seat)] += 1
        state.pop()
    return found


def alike(a: RoundState, b: RoundState, seat: int, depth: int, rng: random.Random) -> bool:
    """Whether ``a`` and ``b`` play alike ``depth`` actions down (a random
    line of matching actions is followed below the first level)."""
    if full_key(a, seat) != full_key(b, seat):
        return False
    if depth == 0 or a.over:
        return a.over == b.over
    if successors(a, seat) != successors(b, seat):
        return False
    move = rng.choice(a.legal_moves())
    a.push_unchecked(move)
    key = full_key(a, seat)
    twin = None
    for other in b.legal_moves():
        b.push_unchecked(other)
        if full_key(b, seat) == key:
            twin = other
            break
        b.pop()
    if twin is None:
        return False
    result = alike(a, b, seat, depth - 1, rng)
    a.pop()
    b.pop()
    return result


@pytest.mark.parametrize("base", ["matador", "leyden", "leyden-senst"])
def test_lays_merged_as_mirror_images_play_alike(base: str) -> None:
    rules = Rules.from_base(base, 2, {})
    rng = random.Random(base)
    merged = 0
    for game in range(30):
        state = Match(rules, [PlayerInfo("a"), PlayerInfo("b")], game).next_round()
        while not state.over:
            seat = state.current
            assert seat is not None
            lays = [m for m in state.legal_moves() if m.kind == "lay"]
            by_key: dict[tuple[object, ...], list[RoundState]] = {}
            for move in lays:
                after = state.copy()
                after.push_unchecked(move)
                by_key.setdefault(position_key(after, seat), []).append(after)
            for twins in by_key.values():
                for other in twins[1:]:
                    assert alike(twins[0].copy(), other.copy(), seat, 6, rng)
                    merged += 1
            moves = state.legal_moves()
            state.push_unchecked(moves[rng.randrange(len(moves))])
    assert merged > 20  # the key does merge lays in each layout


def test_a_cross_merges_lays_on_arms_that_show_the_same() -> None:
    """Leyden with both sides laid: the same tile on two arms that show the
    same value is one move; on arms that show different values, two."""
    rules = Rules.from_base("leyden", 2, {})
    rng = random.Random(3)
    checked = 0
    for game in range(60):
        state = Match(rules, [PlayerInfo("a"), PlayerInfo("b")], game).next_round()
        while not state.over and not checked:
            view = state.view(state.current) if state.current is not None else None
            if view is not None and state.phase == "play" and state.arm_len[2] and state.arm_len[3]:
                lays = [m for m in view.legal_moves() if m.kind == "lay" and not m.across]
                shows = {e.arm: e.values for e in state.open_ends()}
                kept = distinct_moves(view, lays)
                for m in lays:
                    same = [k for k in kept if k.tile == m.tile and k.touch == m.touch]
                    assert len(same) >= 1
                    values = {shows[k.arm] for k in same}
                    assert len(values) == len(same)  # one kept lay per value shown
                checked += len(lays) > len(kept)
            moves = state.legal_moves()
            state.push_unchecked(moves[rng.randrange(len(moves))])
    assert checked
