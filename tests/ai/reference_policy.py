"""The playout policy on ``RoundState``: the slow, plain reference that the fast
kernel's chooser (``fastplay.Policy``) is checked against, action by action.

It reads only what the mover may know: its hand, the table, the hand counts,
and what each seat's passes and forced draws showed it lacks, tracked exactly
as ``fastplay`` tracks them from the position's ``lacks`` on (a pass or a
forced draw adds the tiles fitting the ends; a draw that may be by choice, or
in the lead phase, forgets them). The random stream is the kernel's: a turn
with one legal action draws nothing; otherwise one number decides whether the
move is random (``epsilon``; then one more picks it), else each lay draws one
number for its noise, in ``legal_moves()`` order.
"""

from __future__ import annotations

import random

from game.ai.heuristic import Weights
from game.engine import Action, RoundState
from game.engine.actions import ARM_INDEX
from game.engine.fastplay import none_row
from game.engine.tiles import HALVES, PIPS


def end_masks(state: RoundState) -> list[int]:
    """Per arm index, the tiles that fit its open end now (0 for arms not open)."""
    fits = state.rules.fits
    masks = [0] * 8
    for end in state.open_ends():
        mask = 0
        for value in end.values:
            mask |= fits[value]
        masks[ARM_INDEX[end.arm]] = mask
    return masks


def policy_move(
    state: RoundState,
    moves: list[Action],
    lacks: list[int],
    special: int,
    rng: random.Random,
    epsilon: float,
    weights: Weights,
) -> Action:
    """The policy's choice among ``moves`` (the legal moves, more than one)."""
    if rng.random() < epsilon:
        return moves[int(rng.random() * len(moves))]
    seat = state.current
    assert seat is not None
    hands = state.hands
    hand = hands[seat]
    players = state.players
    laid = 0
    for placement in state.placements:
        laid |= 1 << placement.tile
    unseen = ((1 << len(state.rules.all_tiles)) - 1) & ~hand & ~laid
    nxt = (seat + 1) % players
    pool1 = unseen & ~lacks[nxt]
    none1 = none_row(pool1.bit_count(), hands[nxt].bit_count())
    second_on = players > 2 and weights.block_second != 0.0
    nxt2 = (seat + 2) % players
    pool2 = unseen & ~lacks[nxt2]
    none2 = none_row(pool2.bit_count(), hands[nxt2].bit_count())
    fits = state.rules.fits
    wild = state.rules.wild_doubles
    keep = hand.bit_count() > weights.keep_while
    masks = end_masks(state) if state.phase == "play" else None
    best: Action | None = None
    best_score = -1e9
    for m in moves:
        tile = m.tile
        if tile is None:
            score = -100.0 if m.kind == "draw" else -50.0
        else:
            score = PIPS[tile] + rng.random()
            if keep and special >> tile & 1:
                score -= weights.keep_special
            a, b = HALVES[tile]
            if masks is None or m.arm is None:
                after = fits[a] | fits[b]
            else:
                arm = ARM_INDEX[m.arm]
                after = 0
                for i, mask in enumerate(masks):
                    if i != arm:
                        after |= mask
                if m.across:
                    after |= fits[a] | fits[b]
                elif wild and a == b:
                    after |= masks[arm]
                else:
                    after |= fits[a + b - (m.touch if m.touch is not None else a)]
            if hand & ~(1 << tile) & after & ~special:
                score += weights.follow
            score -= weights.block * (1.0 - none1[(after & pool1).bit_count()])
            if second_on:
                score -= weights.block_second * (1.0 - none2[(after & pool2).bit_count()])
        if score > best_score:
            best, best_score = m, score
    assert best is not None
    return best


def play_out(state: RoundState, rng: random.Random, epsilon: float, special: int, weights: Weights) -> None:
    """Play ``state`` to the end of the round (in place) with the policy."""
    lacks = list(state.lacks)
    forced = state.rules.drawing in ("until-playable", "one-then-pass")
    while not state.over:
        moves = state.legal_moves()
        move = moves[0] if len(moves) == 1 else policy_move(state, moves, lacks, special, rng, epsilon, weights)
        seat = state.current
        assert seat is not None
        if move.kind == "pass" or (move.kind == "draw" and state.phase == "play" and forced):
            for mask in end_masks(state):
                lacks[seat] |= mask
        elif move.kind == "draw":
            lacks[seat] = 0
        state.push_unchecked(move)
