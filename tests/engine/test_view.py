"""A seat's view holds exactly what that seat may know; deals are reproducible."""

from __future__ import annotations

import random

from game.engine import Match, PlayerInfo, Rules, deal
from game.engine.state import Opening, RoundState
from game.engine.view import UNKNOWN


def played(seed: int, base: str = "leyden", players: int = 2, steps: int = 8) -> RoundState:
    rules = Rules.from_base(base, players)
    match = Match(rules, [PlayerInfo(f"P{i}") for i in range(players)], seed)
    state = match.next_round()
    rng = random.Random(seed)
    for _ in range(steps):
        if state.over:
            break
        state.push(rng.choice(state.legal_moves()))
    return state


def test_view_hides_other_hands_and_the_boneyard() -> None:
    for seed in range(30):
        state = played(seed, "family", 4)
        for seat in range(4):
            view = state.view(seat)
            inner = view._state  # even the private copy holds nothing hidden
            assert all(h == 0 for s, h in enumerate(inner.hands) if s != seat)
            assert set(inner.boneyard) <= {UNKNOWN}
            assert view.hand == state.hand(seat)
            assert view.hand_counts == tuple(state.hand_count(s) for s in range(4))
            hidden = {t for s in range(4) if s != seat for t in state.hand(s)} | set(state.boneyard[state.drawn :])
            assert set(view.unseen()) == hidden


def test_states_differing_only_in_hidden_tiles_give_equal_views() -> None:
    for seed in range(30):
        state = played(seed)
        if state.over:
            continue
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        # Shuffle the hidden tiles among the other hand and the boneyard.
        rng = random.Random(seed)
        hidden = view.unseen()
        rng.shuffle(hidden)
        other = 1 - seat
        count = state.hand_count(other)
        twin = view.determinize({other: hidden[:count]}, hidden[count:])
        assert twin.view(seat) == view
        assert twin.legal_moves() == state.legal_moves()


def test_determinize_rejects_inconsistent_hands() -> None:
    state = played(4)
    seat = state.current_player or 0
    view = state.view(seat)
    hidden = view.unseen()
    try:
        view.determinize({1 - seat: hidden[:1]}, hidden[1:])
    except ValueError as err:
        assert "holds" in str(err)
    else:
        raise AssertionError("a hand of the wrong size was accepted")


def test_deal_is_reproducible_from_seed_and_round() -> None:
    rules = Rules.from_base("matador", 3)
    assert deal(rules, 42, 0) == deal(rules, 42, 0)
    assert deal(rules, 42, 0) != deal(rules, 42, 1)
    assert deal(rules, 42, 0) != deal(rules, 43, 0)
    hands, boneyard = deal(rules, 42, 2)
    assert sorted(t for h in hands for t in h) + sorted(boneyard) != []
    assert sorted([t for h in hands for t in h] + boneyard) == list(rules.all_tiles)


def test_same_seed_same_match() -> None:
    a = played(77, "matador", 3, 40)
    b = played(77, "matador", 3, 40)
    assert a.key() == b.key()
