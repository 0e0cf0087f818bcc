"""Taking moves back (the table's undo) never changes the deal, and ``before(i)``
is exactly the position the record's first ``i`` actions lead to."""

from __future__ import annotations

from typing import Any


import pytest

from game.engine import RULE_SETS, IllegalMoveError, Match, PlayerInfo, Rules, load_record, match_to_record

PLAYERS = [PlayerInfo("Ann", "human", None), PlayerInfo("Bo", "computer", "easy")]


@pytest.mark.parametrize("base", sorted(RULE_SETS))
def test_before_i_is_the_record_replayed_to_i(base: str, random_round: Any) -> None:
    for seed in range(6):
        match = random_round(base, seed)
        state = match.round
        record = match_to_record(match)
        for i in range(len(state.history) + 1):
            cut = dict(record, rounds=[dict(record["rounds"][0], actions=record["rounds"][0]["actions"][:i])])
            assert state.before(i).key() == load_record(cut).round.key(), (base, seed, i)


@pytest.mark.parametrize("base", sorted(RULE_SETS))
def test_taking_back_every_move_restores_each_position_and_the_deal(base: str, random_round: Any) -> None:
    for seed in range(6):
        match = random_round(base, seed)
        state = match.round
        if state.over:
            with pytest.raises(IllegalMoveError):
                match.take_back()
            continue
        boneyard = list(state.boneyard)
        before = [state.before(i).key() for i in range(len(state.history) + 1)]
        taken = []
        while state.history:
            taken.append(match.take_back())
            assert state.key() == before[len(state.history)]
            assert state.boneyard == boneyard  # drawn tiles go back to the front, in order
        with pytest.raises(IllegalMoveError, match="nothing-to-take-back"):
            match.take_back()
        for action in reversed(taken):  # redo: the same moves lead to the same place
            match.push(action)
        assert state.key() == before[-1]


def test_a_finished_round_cannot_be_taken_back() -> None:
    match = Match(Rules.from_base("matador", 2, {"target_score": None}), PLAYERS, 3)
    match.next_round()
    while not match.round.over:
        match.push(match.round.legal_moves()[0])
    totals = list(match.totals)
    with pytest.raises(IllegalMoveError, match="round-over-final"):
        match.take_back()
    assert match.totals == totals


def test_the_record_keeps_the_assisted_mark(random_round: Any) -> None:
    match = random_round("leyden", 1)
    assert "assisted" not in match_to_record(match)
    match.assisted = True
    record = match_to_record(match)
    assert record["assisted"] is True
    assert load_record(record).assisted
    with pytest.raises(Exception, match="assisted"):
        load_record(dict(record, assisted="yes"))


def test_before_refuses_a_copy_without_its_stack(random_round: Any) -> None:
    match = random_round("matador", 2)
    copy = match.round.copy()
    if copy.history:
        with pytest.raises(ValueError):
            copy.before(0)
    with pytest.raises(IndexError):
        match.round.before(len(match.round.history) + 1)

