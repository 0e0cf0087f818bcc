"""Endgames solved exactly: where the seat knows every hidden tile, the round
is a game of perfect information, and the coach searches it instead of
sampling deals.

Where it applies (``known_deal``), exactly: two players, the round in its
play phase (the lead made), and

1. the other hand is known: the tiles it may hold (the tiles the seat cannot
   see, less those the other seat's passes, forced draws and the opening
   showed it lacks, ``knowledge.surely_lacks``) are exactly as many as it
   holds. Once the boneyard is empty that is always so;
2. and the boneyard is then known as a set, and its order either cannot
   matter (nothing more can be drawn: it is empty, or only the reserve that
   is never drawn is left) or is one of at most ``MAX_ORDERS`` equally
   likely orders (at most 3 tiles; the value is the average over them: the
   order of the tiles not yet drawn is a uniform shuffle the history never
   saw).

The value of each candidate action is the seat's reward with best play by
both seats afterwards (``search.win_share``: 1 a win, 1/2 a tied block, 0 a
loss; no pip margin), found by alpha-beta over the legal moves with a table
of positions already bounded (two positions with the same hands, boneyard
left, ends and turn play out alike, whatever led to them). It gives up
(None) after ``SOLVE_NODES`` positions, or at ``deadline``.

With three or more players "best play" is not one thing (each plays for
itself, and ties between them matter), so the coach samples as before.
No pygame here.
"""

from __future__ import annotations

import itertools
import time
from typing import Any, Sequence

from game.ai.knowledge import read_knowledge
from game.ai.search import win_share
from game.engine import Action, RoundState, SeatView
from game.engine.tiles import Tile

SOLVE_NODES = 40000  # positions searched, for all candidates and orders together, before giving up
MAX_ORDERS = 6  # boneyard orders averaged over (three tiles left)
PHASE_PLAY = "play"


class TooDeep(Exception):
    """The search ran out of positions or time."""


def known_deal(view: SeatView) -> tuple[int, list[Tile], list[list[Tile]]] | None:
    """Where the seat of ``view`` knows every hidden tile (see the module): the
    other seat, its hand, and every order of the boneyard to average over (one
    where the order cannot matter). None where it does not."""
    if view.players != 2 or view.phase != PHASE_PLAY:
        return None
    other = 1 - view.seat
    unseen = view.unseen()
    count = view.hand_counts[other]
    left = view.boneyard_count
    if left == 0:
        return other, unseen, [[]]
    if view.drawable > 0 and left > 3:
        return None
    lacks = read_knowledge(view)[other].surely_lacks
    possible = [t for t in unseen if not lacks >> t & 1]
    if len(possible) != count:
        return None
    rest = [t for t in unseen if lacks >> t & 1]
    if view.drawable == 0:
        return other, possible, [rest]
    orders = sorted({tuple(p) for p in itertools.permutations(rest)})
    return other, possible, [list(order) for order in orders]


def position_key(state: RoundState) -> tuple[Any, ...]:
    """What decides how the rest of the round can go: two positions with the
    same key have the same legal moves and outcomes from here on."""
    return (
        tuple(state.hands),
        state.drawn,
        state.phase,
        state.current,
        tuple(state.ends),
        tuple(state.cross),
        tuple(state.arm_len),
        state.spinner_at,
        state.passes,
        state.drew,
    )


class Solver:
    """Alpha-beta for ``seat`` on full positions, sharing one table of bounds
    and one budget of positions."""

    def __init__(self, seat: int, nodes: int = SOLVE_NODES, deadline: float | None = None):
        self.seat = seat
        self.left = nodes
        self.deadline = deadline
        self.bounds: dict[tuple[Any, ...], tuple[float, float]] = {}

    def value(self, state: RoundState, alpha: float = 0.0, beta: float = 1.0) -> float:
        outcome = state.outcome
        if outcome is not None:
            return win_share(outcome.end, outcome.winner, outcome.pips, self.seat)
        key = position_key(state)
        low, high = self.bounds.get(key, (0.0, 1.0))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        a, b = max(alpha, low), min(beta, high)
        self.left -= 1
        if self.left < 0 or (self.deadline is not None and self.left % 512 == 0 and time.perf_counter() > self.deadline):
            raise TooDeep
        mine = state.current == self.seat
        best = 0.0 if mine else 1.0
        for move in state.legal_moves():
            state.push_unchecked(move)
            v = self.value(state, a, b)
            state.pop()
            if mine:
                if v > best:
                    best = v
                    a = max(a, v)
            elif v < best:
                best = v
                b = min(b, v)
            if a >= b:
                break
        # Fail-soft: at or below the window the value is at most ``best``, at or
        # above it at least ``best``, and inside it ``best`` exactly.
        if best <= max(alpha, low):
            self.bounds[key] = (low, min(high, best))
        elif best >= min(beta, high):
            self.bounds[key] = (max(low, best), high)
        else:
            self.bounds[key] = (best, best)
        return best


def solve(
    view: SeatView, candidates: Sequence[Sequence[Action]], deadline: float | None = None, nodes: int = SOLVE_NODES
) -> list[float] | None:
    """Each candidate's exact worth to the seat (its steps pushed, then best play
    by both seats; averaged over the boneyard's orders), or None where the
    seat does not know every hidden tile or the search gives up."""
    found = known_deal(view)
    if found is None:
        return None
    other, hand, orders = found
    totals = [0.0] * len(candidates)
    solver = Solver(view.seat, nodes, deadline)
    try:
        for order in orders:
            start = view.determinize({other: hand}, order)
            solver.bounds.clear()  # another boneyard order: other positions
            for i, steps in enumerate(candidates):
                state = start.copy()
                for step in steps:
                    state.push_unchecked(step)
                totals[i] += solver.value(state)
    except TooDeep:
        return None
    return [total / len(orders) for total in totals]


def brute_force(state: RoundState, seat: int) -> float:
    """The same value by plain minimax, no table and no pruning (for tests on
    small positions)."""
    outcome = state.outcome
    if outcome is not None:
        return win_share(outcome.end, outcome.winner, outcome.pips, seat)
    values = []
    for move in state.legal_moves():
        state.push_unchecked(move)
        values.append(brute_force(state, seat))
        state.pop()
    return max(values) if state.current == seat else min(values)


__all__ = ["MAX_ORDERS", "SOLVE_NODES", "Solver", "TooDeep", "brute_force", "known_deal", "position_key", "solve"]
