"""A round's fields are listed once (game/engine/position.py); the constructor's
start, ``copy``, ``key`` and the undo snapshots come from that list."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.engine import RULE_SETS, Rules
from game.engine.fields import CONFIG, DEAL, LIST, LOG, UNDO, VALUE, kinds, methods, value
from game.engine.match import deal
from game.engine.position import Position
from game.engine.state import Opening, RoundState


def _rounds(count: int = 30) -> list[RoundState]:
    """Rounds of every rule set, each some random actions in (some over)."""
    rng = random.Random(8)
    out = []
    for base in RULE_SETS:
        rules = Rules.from_base(base, 2)
        for i in range(count // len(RULE_SETS) + 1):
            hands, boneyard = deal(rules, 3, i)
            state = RoundState(rules, hands, boneyard, Opening(rules.next_lead if i % 2 else rules.lead, i % 2))
            for _ in range(rng.randrange(25)):
                if state.over:
                    break
                state.push(rng.choice(state.legal_moves()))
            out.append(state)
    return out


def test_every_field_has_a_kind_and_a_new_round_sets_every_field() -> None:
    names = [f.name for f in dataclasses.fields(Position)]
    assert [name for name, _ in kinds(Position)] == names
    assert set(Position.__slots__) == set(names)  # nothing held outside the list
    for state in _rounds():
        fresh = RoundState(state.rules, [state.hand(s) for s in range(state.players)], state.boneyard, Opening("winner-any-tile", 0))
        for name in names:
            getattr(fresh, name)  # an AttributeError if the start or the constructor forgot it


def test_copy_shares_nothing_that_changes_and_keeps_the_key() -> None:
    for state in _rounds():
        other = state.copy()
        assert other.key() == state.key() and other._stack == []
        for name, kind in kinds(Position):
            mine, theirs = getattr(state, name), getattr(other, name)
            if kind in (LIST, LOG):
                assert mine == theirs and mine is not theirs, name
            elif kind in (CONFIG, DEAL, VALUE):
                assert mine is theirs, name
        if not other.over:
            other.push_unchecked(other.legal_moves()[0])
            assert other.key() != state.key()


def test_push_and_pop_put_back_every_field() -> None:
    for state in _rounds():
        if state.over:
            continue
        before = {name: getattr(state, name) for name, kind in kinds(Position) if kind != UNDO}
        saved = {name: (v[:] if isinstance(v, list) else v) for name, v in before.items()}
        key = state.key()
        for move in state.legal_moves():
            state.push_unchecked(move)
            state.pop()
            assert state.key() == key
        assert {name: getattr(state, name) for name in before} == saved


def test_the_key_changes_with_every_field_but_the_rules_and_the_undo_stack() -> None:
    state = _rounds()[3]
    in_key = [name for name, kind in kinds(Position) if kind not in (CONFIG, UNDO)]
    assert len(state.key()) == len(in_key)


def test_a_field_without_a_kind_is_refused() -> None:
    @dataclasses.dataclass(slots=True, init=False, eq=False)
    class Bad:
        good: int = value(0)
        bad: int = 0

    with pytest.raises(TypeError, match="Bad.bad has no kind"):
        methods(Bad)
