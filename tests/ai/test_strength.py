"""Hard beats random clearly in a short seeded match.

The hard player runs at a fixed, small iteration count with a time cap it never
reaches, so every game is reproducible: the score below is the same on every
run and machine. At this small iteration count hard scores about 72% here
(34.5 of 48); the assertion asks for 62%, and random against itself scores 50%.
"""

from __future__ import annotations

import random

from game.ai import Player, make_player
from game.ai.hard import HardPlayer
from game.engine import Match, PlayerInfo, Rules

DEALS = 24  # each dealt twice, seats swapped: 48 games


def play(rules: Rules, players: list[Player], seed: int, deal: int) -> float:
    """Seat 0's score in one round: 1 for a win, 1/2 for a tied block."""
    match = Match(rules, [PlayerInfo(p.level, "computer", p.level) for p in players], seed)
    state = match.next_round()
    for _ in range(100):
        if state.outcome is None or state.outcome.end != "redeal":
            break
        state = match.next_round()
    rngs = [random.Random(f"strength/{deal}/{seat}") for seat in range(len(players))]
    while not state.over:
        seat = state.current_player
        assert seat is not None
        view = match.view(seat)
        action = players[seat].choose(view, rngs[seat], 60.0)
        assert action in view.legal_moves()
        state.push(action)
    outcome = state.outcome
    assert outcome is not None
    if outcome.winner is not None:
        return 1.0 if outcome.winner == 0 else 0.0
    low = min(outcome.pips)
    return 0.5 if outcome.pips[0] == low and outcome.end == "blocked" else 0.0


def test_hard_beats_random_in_matador() -> None:
    rules = Rules.from_base("matador", 2)
    hard, rand = HardPlayer(iterations=60), make_player("random")
    score = 0.0
    for deal in range(DEALS):
        score += play(rules, [hard, rand], 500 + deal, deal)
        score += 1.0 - play(rules, [rand, hard], 500 + deal, deal)
    assert score >= 0.62 * 2 * DEALS, score
