"""Random playouts across every rule set and player count, checking invariants
after every action: tiles conserved, each lay obeys the rules, undo is exact,
legal moves are distinct and complete, scores add up."""

from __future__ import annotations

import random

import pytest

from game.engine import RULE_SETS, Action, Match, PlayerInfo, Rules
from game.words.refusals import WORDS, refusal_text
from game.engine.state import RoundState
from game.engine.tiles import HALVES

CUSTOM = [
    ("all-sevens", {"layout": "first-double-spinner"}),
    ("all-sevens", {"matadors": True, "lead": "six-six-redeal"}),
    ("all-sevens", {"lead": "highest-double-else-highest-tile", "hand_size": 5}),
    ("matador", {"drawing": "one-then-pass"}),
    ("matador", {"drawing": "free", "reserve": 2, "layout": "first-double-spinner"}),
    ("family", {"crosswise": True, "drawing": "lay-or-draw"}),
    ("wild-doubles", {"drawing": "none"}),
]


def configs() -> list[tuple[str, int, dict[str, object]]]:
    out: list[tuple[str, int, dict[str, object]]] = []
    for base, info in RULE_SETS.items():
        for players in range(info.min_players, info.max_players + 1):
            out.append((base, players, {}))
    for base, options in CUSTOM:
        out.append((base, 2, options))
        if RULE_SETS[base].max_players >= 4:
            out.append((base, 4, options))
    return out


def check_lay(state: RoundState, action: Action) -> None:
    """An independent check of one lay against RULES.md section 1."""
    rules = state.rules
    assert action.tile is not None
    a, b = HALVES[action.tile]
    matador = rules.is_matador(action.tile)
    if action.arm is None:
        assert state.phase == "lead"
        return
    values = state.end_values(action.arm)
    if action.across:
        assert matador and a != b and rules.crosswise and len(values) == 1
        return
    assert action.touch in (a, b)
    if len(values) == 2:
        assert action.joins in values
        joined = action.joins
    else:
        assert action.joins is None
        joined = values[0]
    assert joined is not None
    if matador or (rules.wild_doubles and a == b):
        return
    assert action.touch + joined == rules.target, (action, values)


def check_invariants(state: RoundState, total_tiles: int) -> None:
    in_hands = [t for s in range(state.players) for t in state.hand(s)]
    on_table = [p.tile for p in state.placements]
    in_boneyard = state.boneyard[state.drawn :]
    everything = in_hands + on_table + in_boneyard
    assert len(everything) == total_tiles and len(set(everything)) == total_tiles
    moves = state.legal_moves()
    if state.over:
        assert moves == [] and state.current_player is None
        return
    assert moves and len(set(moves)) == len(moves)
    assert moves == state.legal_moves()  # a fixed order


def play_match(base: str, players: int, options: dict[str, object], seed: int, max_rounds: int = 3) -> Match:
    rules = Rules.from_base(base, players, options or None)
    match = Match(rules, [PlayerInfo(f"P{i}") for i in range(players)], seed)
    rng = random.Random(seed)
    total = len(rules.all_tiles)
    score_sum = [0] * players
    while not match.over and len([r for r in match.rounds if r.outcome]) < max_rounds:
        if match.needs_next_round:
            match.next_round()
        state = match.round
        check_invariants(state, total)
        while not state.over:
            moves = state.legal_moves()
            action = rng.choice(moves)
            if action.kind == "lay":
                check_lay(state, action)
            before = state.key()
            state.push(action)
            state.pop()
            assert state.key() == before, "undo must restore the position exactly"
            match.push(action)
            check_invariants(state, total)
        assert state.outcome is not None
        if state.outcome.end != "redeal":
            for seat, score in enumerate(state.outcome.scores):
                score_sum[seat] += score
            assert list(state.outcome.pips) == [state.pips(s) for s in range(players)]
        assert match.totals == score_sum
    return match


@pytest.mark.parametrize("base,players,options", configs(), ids=lambda x: str(x))
def test_random_playouts_keep_every_invariant(base: str, players: int, options: dict[str, object]) -> None:
    for seed in range(12):
        play_match(base, players, options, seed)


def test_thousands_of_rounds_across_every_rule_set() -> None:
    """Many quick single rounds without the undo check: conservation and legality only."""
    rng = random.Random(7)
    played = 0
    for base, players, options in configs():
        rules = Rules.from_base(base, players, options or None)
        total = len(rules.all_tiles)
        for seed in range(80):
            match = Match(rules, [PlayerInfo(f"P{i}") for i in range(players)], seed)
            state = match.next_round()
            while not state.over:
                action = rng.choice(state.legal_moves())
                if action.kind == "lay":
                    check_lay(state, action)
                state.push(action)
            check_invariants(state, total)
            played += 1
    assert played >= 2000


def test_illegal_lays_are_refused_with_a_reason() -> None:
    """Every tile-arm-touch combination not in legal_moves is rejected, with words."""
    rng = random.Random(3)
    for base in RULE_SETS:
        rules = Rules.from_base(base, 2)
        match = Match(rules, [PlayerInfo("A"), PlayerInfo("B")], 11)
        state = match.next_round()
        for _ in range(12):
            if state.over:
                break
            legal = set(state.legal_moves())
            seat = state.current_player
            assert seat is not None
            if state.phase == "play":
                for tile in state.hand(seat):
                    for end in state.open_ends():
                        for touch in set(HALVES[tile]):
                            candidate = Action.lay(tile, end.arm, touch, joins=end.values[0] if end.crosswise else None)
                            reason = state.explain(candidate)
                            if candidate in legal:
                                assert reason is None
                            elif reason is None:
                                # accepted only if it equals a legal move once filled in
                                assert any(m.tile == tile and m.arm == end.arm and m.touch == touch for m in legal)
                            else:
                                assert reason.code in WORDS and len(refusal_text(reason)) > 10  # said in words
            state.push(rng.choice(sorted(legal, key=str)))
