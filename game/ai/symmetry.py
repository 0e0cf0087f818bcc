"""Moves that leave the same position, so that only one of them needs thought.

Two lays are the same when they leave the same hand and the same ends: in a
plain line the two arms are mirror images, so only the values shown count; in
other layouts the ends must match arm by arm (and the table's shape too).
"""

from __future__ import annotations

from typing import Any

from game.ai.heuristic import scratch_state
from game.engine import Action, RoundState, SeatView


def position_key(state: RoundState, seat: int) -> tuple[Any, ...]:
    ends = tuple((e.arm, e.values) for e in state.open_ends())
    shape: Any
    if state.rules.layout == "line":
        ends = tuple(sorted(("", e[1]) for e in ends))
        shape = None
    else:
        shape = (tuple(sorted((arm, len(ps)) for arm, ps in state.arms().items())), state.spinner)
    return (state.hands[seat], ends, shape, state.phase, state.current, state.boneyard_count)


def distinct_moves(view: SeatView, moves: list[Action]) -> list[Action]:
    """``moves`` without the ones that repeat an earlier move's position.
    Draws, passes and refusals are always kept."""
    lays = [m for m in moves if m.kind == "lay"]
    if len(lays) < 2:
        return moves
    state = scratch_state(view)
    seen: set[tuple[Any, ...]] = set()
    kept: list[Action] = []
    for m in moves:
        if m.kind == "lay":
            state.push_unchecked(m)
            key = position_key(state, view.seat)
            state.pop()
            if key in seen:
                continue
            seen.add(key)
        kept.append(m)
    return kept
