"""``RoundState.fitting()``: the tiles that fit an open end, as a mask, is what
``open_ends()`` says end by end, in every rule set (custom options included),
at every moment of random rounds."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.engine import Match, PlayerInfo, RoundState, Rules

from tests.engine.test_fastplay import configs


def from_open_ends(state: RoundState) -> int:
    fits = state.rules.fits
    mask = 0
    for end in state.open_ends():
        for value in end.values:
            mask |= fits[value]
    return mask


@pytest.mark.parametrize("base,players,options", configs())
def test_fitting_is_what_the_open_ends_accept(base: str, players: int, options: dict[str, Any]) -> None:
    rules = Rules.from_base(base, players, options)
    rng = random.Random(f"fitting/{base}/{players}")
    for game in range(4):
        match = Match(rules, [PlayerInfo(str(s)) for s in range(players)], game)
        state = match.next_round()
        while not state.over:
            expected = from_open_ends(state)
            assert state.fitting() == expected
            moves = state.legal_moves()
            state.push_unchecked(moves[rng.randrange(len(moves))])
        assert state.fitting() == 0


def test_fitting_reads_a_crosswise_matador_as_both_its_values() -> None:
    """In Leyden a matador laid across shows two values; both are answered."""
    rules = Rules.from_base("leyden", 2, {})
    rng = random.Random(5)
    found = 0
    for game in range(40):
        state = Match(rules, [PlayerInfo("a"), PlayerInfo("b")], game).next_round()
        while not state.over and not found:
            across = [m for m in state.legal_moves() if m.kind == "lay" and m.across]
            state.push_unchecked(across[0] if across else rng.choice(state.legal_moves()))
            for end in state.open_ends():
                if len(end.values) == 2:
                    both = rules.fits[end.values[0]] | rules.fits[end.values[1]]
                    assert both & ~rules.fits[end.values[0]]  # the second value adds tiles
                    assert state.fitting() & both == both
                    found += 1
        if found:
            break
    assert found
