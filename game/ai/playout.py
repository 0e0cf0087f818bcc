"""Fast playouts for the search: a cheap cousin of the medium heuristic.

It works on a full (determinized) position. The mover sheds heavy tiles, keeps
matadors / wild doubles while it has other lays, prefers to leave ends it can
follow on and ends the next player cannot answer (in a playout the next hand is
the sampled one: the usual perfect-information shortcut of determinized search),
never draws or refuses when it can lay, and plays at random now and then
(``epsilon``).

How much each of those counts (``Weights``) depends on the number of players.
With three or more, a matador is kept until it is the last tile (a matador kept
for last always goes out) and the player after the next counts too; those
weights were tuned by playing the policy itself, seeing every hand, against
uniformly random seats (``docs/ai.md``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from game.engine import Action, RoundState
from game.engine.actions import ARM_INDEX
from game.engine.tiles import DOUBLE, HALVES, PIPS


@dataclass(frozen=True)
class Weights:
    """How the policy scores a lay, on top of the tile's pips."""

    keep_special: float  # given up for laying a matador / wild double ...
    keep_while: int  # ... while the hand holds more tiles than this
    follow: float  # the hand keeps a plain tile that fits an end left
    block: float  # the next player holds a tile that fits an end left
    block_second: float  # the player after the next does (3 or more players)


# Two players: the weights every two-player row of docs/ai.md was measured with.
TWO_PLAYERS = Weights(keep_special=7.0, keep_while=2, follow=2.5, block=6.0, block_second=0.0)
# Three or more: tuned by playing the policy, seeing every hand, against
# uniformly random seats in 4-player Matador (36.5% to 39.1% of 40,000 games).
MORE_PLAYERS = Weights(keep_special=14.0, keep_while=1, follow=1.2, block=5.0, block_second=2.0)


def weights_for(players: int) -> Weights:
    return TWO_PLAYERS if players == 2 else MORE_PLAYERS


def special_tiles(state: RoundState) -> int:
    rules = state.rules
    mask = rules.matador_mask
    if rules.wild_doubles:
        for t in rules.all_tiles:
            if DOUBLE[t]:
                mask |= 1 << t
    return mask


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
    state: RoundState, moves: list[Action], special: int, rng: random.Random, epsilon: float, weights: Weights
) -> Action:
    """The playout policy's choice among ``moves`` (the legal moves, more than one)."""
    if rng.random() < epsilon:
        return moves[rng.randrange(len(moves))]
    seat = state.current
    assert seat is not None
    hands = state.hands
    hand = hands[seat]
    players = state.players
    following = hands[(seat + 1) % players]
    second = hands[(seat + 2) % players] if players > 2 else 0
    fits = state.rules.fits
    wild = state.rules.wild_doubles
    keep = hand.bit_count() > weights.keep_while
    masks = end_masks(state) if state.phase == "play" else None
    total = 0
    if masks is not None:
        for mask in masks:
            total |= mask
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
            if following & after:
                score -= weights.block
            if second & after:
                score -= weights.block_second
        if score > best_score:
            best, best_score = m, score
    assert best is not None
    return best


def play_out(state: RoundState, rng: random.Random, epsilon: float, special: int, weights: Weights) -> None:
    """Play ``state`` to the end of the round (in place) with the policy."""
    while not state.over:
        moves = state.legal_moves()
        move = moves[0] if len(moves) == 1 else policy_move(state, moves, special, rng, epsilon, weights)
        state.push_unchecked(move)


def share(end: str, winner: int | None, pips: Sequence[int], seat: int) -> float:
    """What a finished round is worth to ``seat``: 1 for a win, 1/2 for a share
    of a tied block, 1/n for a redeal (nobody played), else 0."""
    if end == "redeal":
        return 1.0 / len(pips)
    if winner is not None:
        return 1.0 if winner == seat else 0.0
    return 0.5 if pips[seat] == min(pips) else 0.0


def rewards(state: RoundState, margin_weight: float) -> list[float]:
    """Per seat: 1 for a win, 1/2 for a share of a tied block, 0 for a loss, plus a
    small term for the pip margin over the best other hand."""
    outcome = state.outcome
    assert outcome is not None
    n = state.players
    pips = outcome.pips
    result = [share(outcome.end, outcome.winner, pips, seat) for seat in range(n)]
    if outcome.end == "redeal":
        return result
    if margin_weight:
        for seat in range(n):
            others = min(p for s, p in enumerate(pips) if s != seat)
            result[seat] += margin_weight * max(-1.0, min(1.0, (others - pips[seat]) / 20.0))
    return result
