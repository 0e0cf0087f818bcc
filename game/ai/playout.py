"""The playout policy of the search and the coach: a cheap cousin of the medium heuristic.

It runs inside the fast kernel (``fastplay.Policy``, ``fastplay.play_policy``)
on a full (determinized) position, but every seat decides from what it may
know, never from the sampled other hands: the mover sheds heavy tiles, keeps
matadors / wild doubles while it has other lays, prefers to leave ends it can
follow on and ends the next player is unlikely to answer (the chance that a
hand of that many tiles, dealt from the tiles the mover cannot see less those
the next player showed it lacks, holds one that fits), never draws or refuses
when it can lay, and plays at random now and then (``epsilon``).

How much each of those counts (``Weights``) depends on the number of players.
With three or more, a matador is kept until it is the last tile (a matador kept
for last always goes out) and the player after the next counts too; those
weights were tuned by playing the policy itself, seeing every hand, against
uniformly random seats (``docs/ai.md``).
"""

from __future__ import annotations

import random
from typing import Sequence

from game.ai.heuristic import Weights
from game.ai.search import win_share
from game.engine import RoundState
from game.engine.fastplay import FastRound, Outcome, Policy, Trace, play_policy
from game.engine.tiles import DOUBLE

# Two players: the weights every two-player row of docs/ai.md was measured with.
TWO_PLAYERS = Weights(keep_special=7.0, keep_while=2, follow=2.5, follow_each=0.0, block=6.0, later_share=0.0)
# Three or more: tuned by playing the policy, seeing every hand, against
# uniformly random seats in 4-player Matador (36.5% to 39.1% of 40,000 games).
MORE_PLAYERS = Weights(keep_special=14.0, keep_while=1, follow=1.2, follow_each=0.0, block=5.0, later_share=0.4)


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


def policy_for(special: int, weights: Weights, epsilon: float = 0.0) -> Policy:
    """The fast kernel's chooser with these weights (``fastplay.Policy``; it
    counts no ``follow_each``)."""
    return Policy(
        special, weights.keep_special, weights.keep_while, weights.follow, weights.block, weights.block_second, epsilon
    )


def policy_playout(
    fr: FastRound, rng: random.Random, epsilon: float, special: int, weights: Weights, trace: Trace | None = None
) -> Outcome:
    """Play ``fr`` to the end of the round with the policy (``fr`` is changed:
    pass a copy to keep it). Returns ``(end, winner, pips, scores)``."""
    return play_policy(fr, rng, policy_for(special, weights, epsilon), trace)


def rewards(players: int, end: str, winner: int | None, pips: Sequence[int], margin_weight: float) -> list[float]:
    """Per seat: the round's reward (``search.win_share``), plus a small term for
    the pip margin over the best other hand (the hard player's shaping)."""
    result = [win_share(end, winner, pips, seat) for seat in range(players)]
    if end == "redeal":
        return result
    if margin_weight:
        for seat in range(players):
            others = min(p for s, p in enumerate(pips) if s != seat)
            result[seat] += margin_weight * max(-1.0, min(1.0, (others - pips[seat]) / 20.0))
    return result
