"""The medium player's look-ahead with three or more players."""

from __future__ import annotations

import random

from game.ai.knowledge import read_knowledge
from game.ai.medium import rollout_wins
from game.ai.sampling import Sampler
from game.engine import Match, PlayerInfo, Rules


def test_rollout_wins_counts_each_lay_on_every_deal() -> None:
    rules = Rules.from_base("matador", 4)
    checked = 0
    for seed in range(40):
        match = Match(rules, [PlayerInfo(str(s)) for s in range(4)], seed)
        state = match.next_round()
        rng = random.Random(seed)
        while not state.over and checked < 10:
            seat = state.current_player
            assert seat is not None
            view = match.view(seat)
            lays = [m for m in view.legal_moves() if m.kind == "lay"]
            if view.phase == "play" and len(lays) > 1:
                sampler = Sampler(view, read_knowledge(view))
                wins = rollout_wins(sampler, seat, lays, random.Random(7), 20)
                assert len(wins) == len(lays)
                assert all(0.0 <= w <= 20.0 for w in wins)
                again = rollout_wins(Sampler(view, read_knowledge(view)), seat, lays, random.Random(7), 20)
                assert wins == again  # the caller's rng decides everything
                if len(view.hand) == 1:
                    assert wins == [20.0] * len(lays)  # the last tile wins at once
                checked += 1
            moves = state.legal_moves()
            state.push(moves[rng.randrange(len(moves))])
        if checked >= 10:
            break
    assert checked == 10
