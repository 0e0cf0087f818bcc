"""The table's undo by whole turns (``TakeBacks``) over random rounds of every rule set."""

from __future__ import annotations

from typing import Any


import pytest

from game.engine import RULE_SETS, load_record, match_to_record
from game.play.referee import ACTION, UNDO, Event, Referee
from game.play.seat import ComputerSeat, PersonSeat
from game.ui.table import TakeBacks, turn_starts



@pytest.mark.parametrize("base", sorted(RULE_SETS))
def test_undo_by_turns_and_redo_over_random_rounds(base: str, random_round: Any) -> None:
    """The table's undo (whole turns of one seat) and redo, over random rounds of
    every rule set: each undo lands on the start of a turn of that seat, exactly
    the record replayed there; redo walks back to where it began."""
    for seed in range(8):
        match = random_round(base, seed)
        state = match.round
        if state.over:
            continue
        seat = 0
        heard: list[Event] = []
        referee = Referee(match, [PersonSeat(0), ComputerSeat(1, "random")], [heard.append], auto_ask=False)
        takebacks = TakeBacks(seat)
        now = state.key()
        record = match_to_record(match)
        starts = turn_starts(state, seat)
        landed = []
        while takebacks.can_undo(match):
            target = takebacks.undo_target(match)
            takebacks.undo(referee)
            assert len(state.history) == target
            assert state.current_player == seat and (target == 0 or state.history[-1][0] != seat)
            cut = dict(record, rounds=[dict(record["rounds"][0], actions=record["rounds"][0]["actions"][:target])])
            assert state.key() == load_record(cut).round.key()
            landed.append(target)
        assert landed == sorted(landed, reverse=True)
        assert all(t in starts for t in landed)
        undos = [e.kind for e in heard].count(UNDO)
        assert undos == len(landed) and match.assisted  # the referee took them back, and said so
        while takebacks.can_redo(match):
            takebacks.redo_turn(referee)
        assert state.key() == now
        assert [e.kind for e in heard].count(ACTION) == len(state.history) - (landed[-1] if landed else len(state.history))
