"""Players read only their seat's view and the rng they are given.

Two positions that differ only in what the seat cannot see (the other hands and
the boneyard shuffled among themselves, counts and public history kept) must
give the same decision with the same seed, whatever the global random state.
"""

from __future__ import annotations

import random
from typing import Iterator

from game.ai import Player, levels
from game.ai.hard import HardPlayer
from game.engine import Match, PlayerInfo, RoundState, Rules

CASES = [("matador", 2), ("matador", 4), ("leyden", 2), ("family", 3), ("all-sevens", 3), ("wild-doubles", 2)]


SEARCH_PLAYOUTS = 24  # a searching level's playouts here (the same code, quicker; a count, not a clock, bounds it)


def players() -> list[Player]:
    """A player of every level a seat may be, from the registry (``levels.levels()``:
    not the ceiling that sees every hand, ``levels.seers()``); a level that
    searches with fewer playouts."""
    made = []
    for level in levels.levels():
        player = level.make()
        if isinstance(player, HardPlayer):
            player.iterations = SEARCH_PLAYOUTS
        made.append(player)
    return made


def test_the_levels_checked_are_the_registry_s() -> None:
    assert [p.level for p in players()] == list(levels.ids()) and len(levels.offered()) >= 6


def positions(base: str, count: int, seed: int) -> list[RoundState]:
    """Positions reached by random play, at moments with a real choice."""
    found: list[RoundState] = []
    rng = random.Random(seed)
    game = 0
    while len(found) < count and game < 50:
        rules = Rules.from_base(base, CASE_PLAYERS[base])
        match = Match(rules, [PlayerInfo(str(s)) for s in range(rules.players)], seed * 100 + game)
        state = match.next_round()
        game += 1
        stop = rng.randrange(2, 14)
        steps = 0
        while not state.over:
            moves = state.legal_moves()
            if steps >= stop and len(moves) > 1:
                found.append(state.copy())
                break
            state.push(moves[rng.randrange(len(moves))])
            steps += 1
    return found


CASE_PLAYERS = dict(CASES)


def twin(state: RoundState, seat: int, rng: random.Random) -> RoundState:
    """The same position with the hidden tiles shuffled among the other seats and the boneyard."""
    view = state.view(seat)
    hidden = view.unseen()
    rng.shuffle(hidden)
    hands: dict[int, list[int]] = {}
    at = 0
    for other in range(state.players):
        if other != seat:
            hands[other] = hidden[at : at + state.hand_count(other)]
            at += state.hand_count(other)
    return view.determinize(hands, hidden[at:])


def twins(seed: int, shuffler: random.Random) -> Iterator[tuple[str, RoundState, RoundState, int]]:
    """Per case, two positions with a real choice (seeds from ``seed``), each
    with its twin for the seat to move: ``(base, state, twin, seat)``."""
    for case_no, (base, _) in enumerate(CASES):
        for state in positions(base, 2, seed=case_no + seed):
            seat = state.current_player
            assert seat is not None
            other = twin(state, seat, shuffler)
            assert other.view(seat) == state.view(seat)
            yield base, state, other, seat


def test_hidden_tiles_do_not_change_decisions() -> None:
    shuffler = random.Random(99)
    checked = 0
    for case_no, (base, _) in enumerate(CASES):
        for state in positions(base, 3, seed=case_no + 1):
            seat = state.current_player
            assert seat is not None
            other = twin(state, seat, shuffler)
            assert other.key() != state.key() or len(state.view(seat).unseen()) <= 1
            assert other.view(seat) == state.view(seat)
            for player in players():
                random.seed(1)  # a player that used the global generator would differ
                first = player.choose(state.view(seat), random.Random(5), 60.0)
                random.seed(2)
                second = player.choose(other.view(seat), random.Random(5), 60.0)
                assert first == second, f"{player.level} in {base}: {first} != {second}"
                checked += 1
    assert checked >= 40


def test_same_seed_same_decision_and_different_seeds_vary() -> None:
    state = positions("matador", 1, seed=3)[0]
    seat = state.current_player
    assert seat is not None
    hard = HardPlayer(iterations=SEARCH_PLAYOUTS)
    a = hard.choose(state.view(seat), random.Random(1), 60.0)
    b = hard.choose(state.view(seat), random.Random(1), 60.0)
    assert a == b


def test_the_coach_judges_from_the_view_alone() -> None:
    """The coach (game/ai/coach.py) is handed a view: two positions the seat
    cannot tell apart get the same assessment and the same reason with the same
    seed, whatever the global random state."""
    from game.ai.coach import Budget, assess
    from game.ai.reasons import reason

    budget = Budget(deals=60, forced_deals=20, screen=20, step=20)  # (the same for twins at any budget)
    checked = 0
    for base, state, other, seat in twins(11, random.Random(7)):
        for played in state.legal_moves()[-2:]:
            random.seed(1)
            first = assess(state.view(seat), played, random.Random(5), budget)
            random.seed(2)
            second = assess(other.view(seat), played, random.Random(5), budget)
            assert first == second, f"coach in {base}: {first} != {second}"
            words = [
                reason(v, played, first.options[0].action, first.chance_played, first.chance_best)
                for v in (state.view(seat), other.view(seat))
            ]
            assert words[0] == words[1]
            checked += 1
    assert checked >= 20


def test_the_hint_chooses_from_the_view_alone() -> None:
    """The hint (``coach.choose``, the coach's search) is handed a view: two
    positions the seat cannot tell apart get the same choice and the same
    figures with the same seed (a deal budget, not a clock, bounds it here)."""
    from game.ai.coach import choose

    checked = 0
    for base, state, other, seat in twins(31, random.Random(17)):
        random.seed(1)
        first, first_arms = choose(state.view(seat), random.Random(5), 60.0, deals=80)
        random.seed(2)
        second, second_arms = choose(other.view(seat), random.Random(5), 60.0, deals=80)
        assert first == second, f"hint in {base}: {first} != {second}"
        assert [(a.item, a.results) for a in first_arms] == [(a.item, a.results) for a in second_arms]
        checked += 1
    assert checked >= 10
