"""The playout policy, the fast kernel's chooser (``fastplay.Policy``), against
the plain reference policy on RoundState (tests/ai/reference_policy.py).

A differential test: from the same position with the same random stream, both
must take the same actions, one by one, and reach the same outcome, in every
rule set (custom options included) and from the lead phase as well as mid-round.
"""

from __future__ import annotations

import random
from typing import Any

from game.ai.playout import policy_playout, special_tiles, weights_for
from game.engine import Action, Match, PlayerInfo, RoundState, Rules
from game.engine.fastplay import DRAW, PASS, REFUSE, decode, from_state

from tests.ai.reference_policy import play_out
from tests.engine.test_fastplay import configs


def positions(rules: Rules, seed: int, count: int) -> list[RoundState]:
    """Positions of random rounds: the deal itself and a few moments later on."""
    rng = random.Random(seed)
    found: list[RoundState] = []
    game = 0
    while len(found) < count and game < 40:
        match = Match(rules, [PlayerInfo(str(s)) for s in range(rules.players)], seed * 1000 + game)
        state = match.next_round()
        game += 1
        stops = {0, rng.randrange(1, 8), rng.randrange(8, 30)}
        step = 0
        while not state.over:
            if step in stops:
                found.append(state.copy())
            moves = state.legal_moves()
            state.push_unchecked(moves[rng.randrange(len(moves))])
            step += 1
    return found[:count]


def code_action(code: int) -> Action:
    if code == DRAW:
        return Action("draw")
    if code == PASS:
        return Action("pass")
    if code == REFUSE:
        return Action("refuse")
    return decode(code)


def compare(state: RoundState, seed: int, epsilon: float) -> None:
    special = special_tiles(state)
    weights = weights_for(state.players)
    reference = state.copy()
    start = len(reference.history)
    play_out(reference, random.Random(seed), epsilon, special, weights)
    expected = [a for _, a in reference.history[start:]]
    trace: list[tuple[int, int]] = []
    outcome = policy_playout(from_state(state), random.Random(seed), epsilon, special, weights, trace)
    assert [code_action(c) for _, c in trace] == expected, (state, seed)
    ref = reference.outcome
    assert ref is not None
    assert outcome == (ref.end, ref.winner, ref.pips, ref.scores)


def test_fast_policy_plays_as_the_reference_in_every_rule_set() -> None:
    checked = 0
    for number, (base, players, options) in enumerate(configs()):
        rules = Rules.from_base(base, players, options)
        for state in positions(rules, number + 1, 5):
            if state.over:
                continue
            for seed in range(3):
                compare(state, seed, 0.0)
                checked += 1
            compare(state, 7, 0.3)
    assert checked > 500


def test_the_position_given_is_played_in_place_and_others_are_untouched() -> None:
    rules = Rules.from_base("leyden", 2)
    state = positions(rules, 5, 2)[1]
    fast = from_state(state)
    copy = fast.copy()
    before: Any = (copy.hands[:], copy.ends[:], copy.drawn)
    policy_playout(fast, random.Random(1), 0.0, special_tiles(state), weights_for(2))
    assert (copy.hands, copy.ends, copy.drawn) == before
    assert fast.hands != before[0]


def test_the_policy_decides_from_what_the_mover_may_know() -> None:
    """The policy never reads the other hands of the deal: with the tiles the
    mover cannot see dealt differently (the same counts), its choice is the
    same. It does read the table, its own hand and the counts."""
    compared = changed_deal = 0
    for number, (base, players, options) in enumerate(configs()):
        rules = Rules.from_base(base, players, options)
        for state in positions(rules, number + 1, 5):
            if state.over or state.current is None:
                continue
            seat = state.current
            if len(state.legal_moves()) < 2:
                continue
            special = special_tiles(state)
            weights = weights_for(state.players)
            view = state.view(seat)
            rng = random.Random(number)
            hidden = view.unseen()
            rng.shuffle(hidden)
            hands: dict[int, list[int]] = {}
            for other in range(state.players):
                if other != seat:
                    count = view.hand_counts[other]
                    hands[other], hidden = hidden[:count], hidden[count:]
            other_deal = view.determinize(hands, hidden)
            changed_deal += other_deal.hands != state.hands
            first: list[tuple[int, int]] = []
            second: list[tuple[int, int]] = []
            policy_playout(from_state(state), random.Random(5), 0.0, special, weights, first)
            policy_playout(from_state(other_deal), random.Random(5), 0.0, special, weights, second)
            assert first[0] == second[0], (base, players, options)
            compared += 1
    assert compared > 100 and changed_deal > 100
