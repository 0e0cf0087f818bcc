"""The playout policy of ``playout.py`` on the fast kernel's tables.

``playout.play_out`` plays a round to its end with the policy on a
``RoundState``; this module plays exactly the same round (the same actions,
drawing the same random numbers in the same order, so the same outcome) on a
``fastplay.FastRound``: bitmask hands, the kernel's precomputed lays per arm and
end value, no ``Action`` objects and no undo stack. It is several times faster,
which is what lets the coach (``coach.py``) afford thousands of playouts per
decision. ``tests/ai/test_fastpolicy.py`` checks it action by action against
``play_out``.

The random stream, as ``playout.policy_move`` draws it: a turn with one legal
action draws nothing; otherwise one number decides whether the move is random
(``epsilon``), and then each lay draws one number for its tie-break noise, in
``legal_moves()`` order.
"""

from __future__ import annotations

import random
from typing import Callable

from game.ai.playout import Weights
from game.engine.fastplay import (
    ANY_TILE,
    CROSS_BASE,
    DRAW,
    DRAW_FOR_DOUBLE,
    FORCED,
    LAY_OR_DRAW,
    LINE,
    NO_DRAW,
    ONE_THEN_PASS,
    PASS,
    PHASE_LEAD,
    PHASE_PLAY,
    REFUSABLE,
    REFUSE,
    SPINNER,
    UNTIL,
    E,
    FastRound,
    Lay,
    N,
    S,
    W,
    Outcome,
    lead_code,
    playable_arms,
)
from game.engine.layout import SIDE_ARMS
from game.engine.tiles import HALVES, HIGH, PIPS

Trace = list[int]  # the action codes taken, in order (draws and passes as DRAW / PASS)

_BIT = tuple(1 << t for t in range(64))


def policy_playout(
    fr: FastRound,
    rng: random.Random,
    epsilon: float,
    special: int,
    weights: Weights,
    trace: Trace | None = None,
) -> Outcome:
    """Play ``fr`` to the end of the round with the policy (``fr`` is changed:
    pass a copy to keep it). Returns ``(end, winner, pips, scores)``."""
    if fr.phase == PHASE_LEAD:
        done = _lead(fr, rng, epsilon, special, weights, trace)
        if done is not None:
            return done
    return _play(fr, rng, epsilon, special, weights, trace)


def _choose_lead(
    fr: FastRound, moves: list[int], rng: random.Random, epsilon: float, special: int, weights: Weights
) -> int:
    """``playout.policy_move`` in the lead phase (no ends yet)."""
    random_ = rng.random
    if random_() < epsilon:
        return moves[rng.randrange(len(moves))]
    tb = fr.tb
    fits = tb.fits
    seat = fr.current
    hands = fr.hands
    hand = hands[seat]
    players = tb.players
    following = hands[(seat + 1) % players]
    second = hands[(seat + 2) % players] if players > 2 else 0
    keep = hand.bit_count() > weights.keep_while
    best = moves[0]
    best_score = -1e9
    for code in moves:
        if code < 0:
            score = -100.0 if code == DRAW else -50.0
        else:
            t = code & 63
            score = PIPS[t] + random_()
            if keep and special >> t & 1:
                score -= weights.keep_special
            a, b = HALVES[t]
            after = fits[a] | fits[b]
            if hand & ~_BIT[t] & after & ~special:
                score += weights.follow
            if following & after:
                score -= weights.block
            if second & after:
                score -= weights.block_second
        if score > best_score:
            best, best_score = code, score
    return best


def _lead(
    fr: FastRound, rng: random.Random, epsilon: float, special: int, weights: Weights, trace: Trace | None
) -> Outcome | None:
    """The lead phase (as ``fastplay._lead``, choosing by the policy); an outcome
    if the round ends in it, else None (the play phase follows)."""
    tb = fr.tb
    hands = fr.hands
    players = tb.players
    bone = fr.boneyard
    lim = len(bone) - tb.reserve if tb.policy != NO_DRAW else 0
    while True:
        seat = fr.current
        kind = fr.lead_kind
        h = hands[seat]
        moves: list[int]
        if kind == FORCED:
            moves = [lead_code(fr.lead_tile)]
        elif kind == DRAW_FOR_DOUBLE:
            moves = [DRAW]
        else:
            m = h if kind == ANY_TILE else h & tb.doubles & ~1
            moves = []
            while m:
                low = m & -m
                m ^= low
                moves.append(lead_code(low.bit_length() - 1))
            if kind == REFUSABLE:
                if fr.drawn < lim:
                    moves.append(DRAW)
                moves.append(REFUSE)
        code = moves[0] if len(moves) == 1 else _choose_lead(fr, moves, rng, epsilon, special, weights)
        if trace is not None:
            trace.append(code)
        if code == DRAW:
            bit = bone[fr.drawn]
            fr.drawn += 1
            hands[seat] = h | bit
            fr.passes = 0
            if kind == DRAW_FOR_DOUBLE:
                if bit & tb.doubles:
                    fr.lead_kind, fr.lead_tile = FORCED, bit.bit_length() - 1
                else:
                    fr.current = (seat + 1) % players
                    if fr.drawn == len(bone):  # cannot happen with real sets
                        return tb.outcome("redeal", None, hands)
        elif code == REFUSE:
            fr.refusals += 1
            if fr.refusals >= players:
                return tb.outcome("redeal", None, hands)
            fr.current = (seat + 1) % players
        else:
            t = code & 63
            h ^= _BIT[t]
            hands[seat] = h
            fr.passes = 0
            a, b = HALVES[t]
            ends = fr.ends
            ends[W], ends[E] = a, b
            fr.phase = PHASE_PLAY
            if a == b and tb.layout != LINE:
                fr.spinner, fr.spinner_index = -1, 0
                ends[N] = ends[S] = a
            fr.drew = False
            if not h:
                return tb.outcome("domino", seat, hands)
            fr.current = (seat + 1) % players
            return None


def _play(
    fr: FastRound, rng: random.Random, epsilon: float, special: int, weights: Weights, trace: Trace | None
) -> Outcome:
    """The play phase, any layout, each choice by the policy."""
    tb = fr.tb
    hands = fr.hands
    players = tb.players
    following = tb.following
    bone = fr.boneyard
    drawn = fr.drawn
    policy = tb.policy
    by_choice = policy >= LAY_OR_DRAW
    lim = len(bone) - tb.reserve if policy != NO_DRAW else 0
    cur = fr.current
    ends = fr.ends
    arm_len = fr.arm_len
    spinner = fr.spinner
    spinner_index = fr.spinner_index
    passes = fr.passes
    drew = fr.drew
    fits = tb.fits
    lays = tb.lays
    layout = tb.layout
    doubles = tb.doubles
    follow_w = weights.follow
    block_w = weights.block
    second_w = weights.block_second
    keep_w = weights.keep_special
    keep_while = weights.keep_while
    random_: Callable[[], float] = rng.random
    arms, settled = playable_arms(layout, arm_len, spinner, spinner_index)
    while True:
        h = hands[cur]
        # What each playable arm takes, and the lays of the hand there.
        union = 0
        every = 0
        targets = []
        for arm in arms:
            v = ends[arm]
            f = fits[v]
            every |= f
            m = h & f
            if m:
                union |= m
                targets.append((m, lays[arm][v]))
        if union:
            moves: list[Lay] = []
            if len(targets) == 1:
                table = targets[0][1]
                while union:
                    low = union & -union
                    union ^= low
                    moves += table[low]
            else:
                while union:
                    low = union & -union
                    union ^= low
                    for m, table in targets:
                        if m & low:
                            moves += table[low]
            can_draw = by_choice and drawn < lim
            n = len(moves) + (1 if can_draw else 0)
            choice: Lay | None
            if n == 1:
                choice = moves[0]
            elif random_() < epsilon:
                k = rng.randrange(n)
                choice = moves[k] if k < len(moves) else None
            else:
                # playout.policy_move, on lay tuples (tile bit, arm, new end, code)
                nxt = hands[following[cur]]
                second = hands[following[following[cur]]] if players > 2 else 0
                keep = h.bit_count() > keep_while
                choice = None
                best_score = -100.0 if can_draw else -1e9  # the draw, listed last, scores -100
                for lay in moves:
                    bit, arm, v, code = lay
                    t = code & 63
                    score = PIPS[t] + random_()
                    if keep and special & bit:
                        score -= keep_w
                    after = fits[v]
                    for other in arms:
                        if other != arm:
                            after |= fits[ends[other]]
                    if h & ~bit & after & ~special:
                        score += follow_w
                    if nxt & after:
                        score -= block_w
                    if second & after:
                        score -= second_w
                    if score > best_score:
                        choice, best_score = lay, score
            if choice is None:  # the draw
                if trace is not None:
                    trace.append(DRAW)
                hands[cur] = h | bone[drawn]
                drawn += 1
                passes = 0
                if policy == LAY_OR_DRAW:
                    cur = following[cur]
                    drew = False
                else:
                    drew = True
                continue
            bit, arm, v, code = choice
            if trace is not None:
                trace.append(code)
            h ^= bit
            hands[cur] = h
            passes = 0
            index = arm_len[arm]
            arm_len[arm] = index + 1
            ends[arm] = v
            if not settled:
                if layout == SPINNER and spinner is None and arm < 2 and bit & doubles:
                    spinner, spinner_index = arm, index
                    for side in SIDE_ARMS[arm]:
                        ends[side] = HIGH[code & 63]
                arms, settled = playable_arms(layout, arm_len, spinner, spinner_index)
            if not h:
                return tb.outcome("domino", cur, hands)
            cur = following[cur]
            drew = False
        elif drawn < lim and (policy != ONE_THEN_PASS or not drew) and policy != NO_DRAW:
            if policy == UNTIL:  # forced draws, one after another, until a tile fits
                while True:
                    bit = bone[drawn]
                    drawn += 1
                    h |= bit
                    if trace is not None:
                        trace.append(DRAW)
                    if every & bit or drawn >= lim:
                        break
                hands[cur] = h
                passes = 0
                drew = True
                continue
            if trace is not None:
                trace.append(DRAW)
            hands[cur] = h | bone[drawn]
            drawn += 1
            passes = 0
            if policy == LAY_OR_DRAW:
                cur = following[cur]
                drew = False
            else:
                drew = True
        else:
            if trace is not None:
                trace.append(PASS)
            passes += 1
            if passes >= players:
                return tb.outcome("blocked", None, hands)
            cur = following[cur]
            drew = False


__all__ = ["CROSS_BASE", "Trace", "policy_playout"]
