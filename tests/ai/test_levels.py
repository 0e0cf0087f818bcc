"""Every level plays complete rounds of every rule set without an illegal action."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai import Player, levels, make_player
from game.ai.hard import HardPlayer
from game.engine import Match, PlayerInfo, Rules

# (rule set, players, option overrides)
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("matador", 2, {}),
    ("matador", 3, {"drawing": "one-then-pass"}),
    ("matador", 4, {}),
    ("all-sevens", 2, {}),
    ("all-sevens", 4, {"matadors": True, "layout": "first-double-spinner"}),
    ("family", 3, {}),
    ("family", 7, {}),
    ("leyden", 2, {}),
    ("leyden-senst", 2, {}),
    ("wild-doubles", 2, {}),
    ("wild-doubles", 4, {}),
]


def player_for(level: str) -> Player:
    # The hard player at a small iteration count: the same code, quicker.
    return HardPlayer(iterations=40) if level == "hard" else make_player(level)


def play_rounds(level: str, base: str, players: int, overrides: dict[str, Any], rounds: int, seed: int) -> int:
    """Play ``rounds`` rounds with ``level`` in every seat; return decisions made."""
    rules = Rules.from_base(base, players, overrides)
    match = Match(rules, [PlayerInfo(f"P{s}", "computer", level) for s in range(players)], seed)
    player = player_for(level)
    rng = random.Random(seed)
    decisions = 0
    for _ in range(rounds):
        if match.over:
            break
        state = match.next_round() if match.needs_next_round else match.round
        while not state.over:
            seat = state.current_player
            assert seat is not None
            view = match.view(seat)
            action = player.choose(view, rng, 0.5)
            assert action in view.legal_moves(), f"{level} chose {action} in {state!r}"
            match.push(action)  # the engine checks it again
            decisions += 1
    return decisions


@pytest.mark.parametrize("level", levels.ids())
def test_level_plays_every_rule_set(level: str) -> None:
    rounds = 1 if level in ("hard", "medium") else 3  # (later rounds: test_leyden_later_rounds_with_refusals)
    total = 0
    for i, (base, players, overrides) in enumerate(TABLES):
        total += play_rounds(level, base, players, overrides, rounds, seed=100 + i)
    assert total > 50


def test_leyden_later_rounds_with_refusals() -> None:
    # Later Leyden rounds open with the loser leading a double, drawing for one or refusing.
    for level in ("medium", "hard"):
        assert play_rounds(level, "leyden", 2, {}, rounds=3, seed=7) > 0


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown computer level"):
        make_player("grandmaster")


def test_players_have_their_level() -> None:
    for level in levels.ids():
        assert make_player(level).level == level
