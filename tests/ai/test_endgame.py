"""The exact endgame (game/ai/endgame.py): where it applies, the hand it deduces
is the real one; its values are those of a plain minimax over every move (no
table, no pruning) on small positions; and the coach then rests on it."""

from __future__ import annotations

import itertools
import random
from typing import Iterator

from game.ai.candidates import candidates_for, steps_of
from game.ai.coach import Budget, assess
from game.ai.endgame import Solver, brute_force, known_deal, solve
from game.engine import RULE_SETS, Match, PlayerInfo, RoundState, Rules
from game.engine.tiles import hand_tiles

TWO_PLAYER = tuple(base for base, info in RULE_SETS.items() if info.min_players <= 2 <= info.max_players)  # (the registry's)
SMALL = Budget(deals=200, forced_deals=200, screen=100, keep=2, step=100, check_deals=200, strong_deals=0)


def random_positions(base: str, seeds: range, players: int = 2) -> Iterator[RoundState]:
    """Every position of random rounds (copies), in order."""
    rules = Rules.from_base(base, players)
    for seed in seeds:
        match = Match(rules, [PlayerInfo(str(s)) for s in range(players)], seed)
        state = match.next_round()
        rng = random.Random(seed)
        while not state.over:
            yield state.copy()
            state.push(rng.choice(state.legal_moves()))


def test_where_it_applies_the_hand_it_deduces_is_the_real_one() -> None:
    applied = {base: 0 for base in TWO_PLAYER}
    orders_seen = 0
    for base in TWO_PLAYER:
        for state in random_positions(base, range(60)):
            seat = state.current
            assert seat is not None
            view = state.view(seat)
            found = known_deal(view)
            if found is None:
                continue
            applied[base] += 1
            other, hand, orders = found
            assert other == 1 - seat and sorted(hand) == hand_tiles(state.hands[other])
            rest = state.boneyard[state.drawn :]
            assert all(sorted(order) == sorted(rest) for order in orders)
            if view.drawable > 0:  # every order of the tiles left, the real one among them
                assert len(orders) == len(set(itertools.permutations(rest))) and rest in orders
                orders_seen += len(orders) > 1
            else:
                assert len(orders) == 1
    assert applied["matador"] > 50 and applied["wild-doubles"] > 50  # the boneyard empties (no reserve)
    assert applied["leyden"] > 0 and applied["family"] > 0  # the reserve's tiles deduced from passes
    assert orders_seen > 0


def test_it_does_not_apply_where_something_hidden_is_left_to_guess() -> None:
    first = next(random_positions("matador", range(1, 2)))
    assert known_deal(first.view(first.current or 0)) is None  # the lead: nothing is known
    for state in random_positions("matador", range(5), players=3):
        if state.phase == "play" and state.current is not None:
            assert known_deal(state.view(state.current)) is None  # three players: sampled
    early = [s for s in random_positions("leyden", range(3)) if s.phase == "play" and s.boneyard_count > 3]
    assert early and all(known_deal(s.view(s.current or 0)) is None for s in early)


def test_exact_values_are_those_of_plain_minimax_on_small_positions() -> None:
    """Every candidate of every small position where it applies (each hand at
    most 5 tiles): the solver's value, averaged over the boneyard's orders, is
    plain minimax's."""
    compared = 0
    for base in ("matador", "wild-doubles", "leyden", "family"):
        for state in random_positions(base, range(200)):
            seat = state.current
            assert seat is not None
            if bin(state.hands[0]).count("1") > 5 or bin(state.hands[1]).count("1") > 5:
                continue
            view = state.view(seat)
            found = known_deal(view)
            if found is None or len(view.legal_moves()) < 2:
                continue
            other, hand, orders = found
            candidates = [[move] for move in view.legal_moves()]
            exact = solve(view, candidates)
            assert exact is not None
            for steps, value in zip(candidates, exact):
                reference = 0.0
                for order in orders:
                    full = view.determinize({other: hand}, order)
                    full.push_unchecked(steps[0])
                    reference += brute_force(full, seat)
                assert abs(value - reference / len(orders)) < 1e-12, (base, steps)
                compared += 1
    assert compared > 100


def test_the_table_of_bounds_never_changes_a_value() -> None:
    """One solver asked about many positions in turn (its table filling up, with
    narrow windows) answers as a fresh one does."""
    shared = Solver(0)
    checked = 0
    for state in random_positions("matador", range(40)):
        if state.boneyard_count or state.phase != "play" or bin(state.hands[0] | state.hands[1]).count("1") > 10:
            continue
        shared.seat = 0
        for window in ((0.0, 1.0), (0.4, 0.6), (0.0, 0.5), (0.5, 1.0)):
            fresh = Solver(0).value(state.copy())
            got = shared.value(state.copy(), *window)
            low, high = window
            if low < fresh < high:
                assert got == fresh
            elif fresh <= low:
                assert got <= low
            else:
                assert got >= high
        checked += 1
        shared.bounds.clear()
    assert checked > 20


def test_the_coach_rests_on_the_exact_values_where_they_exist() -> None:
    for state in random_positions("leyden", range(200)):
        seat = state.current
        if seat is None or state.boneyard_count == 0:
            continue
        view = state.view(seat)
        if known_deal(view) is None or len(view.legal_moves()) < 2:
            continue
        played = view.legal_moves()[0]
        candidates = candidates_for(view, steps_of(view, played))
        if len(candidates) < 2:
            continue
        exact = solve(view, candidates)
        assert exact is not None
        assessment = assess(view, played, random.Random(0), SMALL)
        assert assessment.deals == 1 and assessment.chance_played == exact[0]
        assert max(o.chance for o in assessment.options) == max(exact)
        return
    raise AssertionError("no Leyden position with the reserve deduced and a choice was found")
