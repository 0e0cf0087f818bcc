"""Moves that leave the same position, so that only one of them needs thought.

Two lays are the same when they leave the same hand and the same ends, up to
the arms that the rules cannot tell apart:

- in a plain line the two arms are mirror images, so only the values shown count;
- in a cross the four arms are alike once every arm the rules open first has
  a tile (Leyden's N and S, or all four for a complete cross): any open end
  may be played from then on, so only the values shown count; before that,
  N and S are mirror images, and W and E (a complete cross: all four alike),
  so the ends count arm by arm up to those swaps, with which arms have a tile;
- in other layouts (a spinner) the ends must match arm by arm, and the
  table's shape too.

Mirror-image positions are played alike by every player here: none of them
reads an arm's name, only what the ends show (a random playout lists the
lays in another order, which changes nothing on average).
"""

from __future__ import annotations

from typing import Any

from game.ai.heuristic import scratch_state
from game.engine import Action, RoundState, SeatView

_CROSS_ARMS = ("W", "E", "N", "S")


def _cross_ends(state: RoundState) -> tuple[Any, ...]:
    """A cross's ends up to the arms its rules cannot tell apart (see the module)."""
    laid = dict(zip(_CROSS_ARMS, state.arm_len[:4]))
    arms = {arm: (laid[arm] > 0, state.end_values(arm)) for arm in _CROSS_ARMS}
    if state.rules.layout == "cross-sides-first":
        if laid["N"] and laid["S"]:
            return ("open", tuple(sorted(values for _, values in arms.values())))
        return ("sides", tuple(sorted((arms["N"], arms["S"]))), tuple(sorted((arms["W"], arms["E"]))))
    if all(laid.values()):
        return ("open", tuple(sorted(values for _, values in arms.values())))
    return ("filling", tuple(sorted(arms.values())))


def position_key(state: RoundState, seat: int) -> tuple[Any, ...]:
    layout = state.rules.layout
    ends: Any
    shape: Any = None
    if state.phase != "lead" and layout.startswith("cross"):
        ends = _cross_ends(state)
    else:
        ends = tuple((e.arm, e.values) for e in state.open_ends())
        if layout == "line":
            ends = tuple(sorted(("", e[1]) for e in ends))
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
