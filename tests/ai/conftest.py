"""Shared by the AI tests: walk through a seeded round position by position."""

from __future__ import annotations

import random
from typing import Callable, Iterator

import pytest

from game.engine import Action, Match, PlayerInfo, RoundState, Rules, SeatView

Chooser = Callable[[RoundState, SeatView, random.Random], Action]


def random_move(state: RoundState, view: SeatView, rng: random.Random) -> Action:
    return rng.choice(state.legal_moves())


def seat_views(
    rules: Rules, seed: int, choose: Chooser = random_move
) -> Iterator[tuple[RoundState, SeatView, random.Random]]:
    """The first round dealt from ``seed``: before each move, the full state, the
    view of the seat to move, and the round's one ``random.Random`` (seeded with
    ``seed``); then the move ``choose`` picks is played (checked by the engine)."""
    match = Match(rules, [PlayerInfo(str(s)) for s in range(rules.players)], seed)
    state = match.next_round()
    rng = random.Random(seed)
    while not state.over:
        seat = state.current_player
        assert seat is not None
        view = state.view(seat)
        yield state, view, rng
        state.push(choose(state, view, rng))


@pytest.fixture(name="seat_views")
def seat_views_fixture() -> Callable[..., Iterator[tuple[RoundState, SeatView, random.Random]]]:
    """``seat_views`` above, handed to tests as a fixture (test files cannot
    import conftest under ``--import-mode=importlib``)."""
    return seat_views
