"""The ``medium`` level: a sound heuristic player (see ``heuristic.Judge``).

It sheds heavy tiles, keeps matadors (and wild doubles) until they are needed or
block, prefers ends it can follow and the others are known or likely to lack,
leads a double in Leyden when it has one and refuses otherwise, and draws of its
own will only when all it could lay is a matador worth keeping.

With three or more players it also looks ahead a little: on ``ROLLOUT_DEALS``
guesses of the hidden tiles (``sampling``), each lay is followed by one fast
uniformly random playout to the end of the round (``game.engine.fastplay``),
every lay with the same dice on the same deal. The share of those rounds this
seat wins, times ``ROLLOUT_WEIGHT`` pips, is added to the heuristic score.
With 5-tile hands and three others changing the ends before this seat moves
again, the heuristic alone cannot see what keeps a hand playable; the playouts
do, and the heuristic still breaks their noise.
"""

from __future__ import annotations

import random

from game.ai.heuristic import Judge, special_mask
from game.ai.knowledge import HandKnowledge, read_knowledge
from game.ai.player import legal_or_fail
from game.ai.sampling import Sampler
from game.ai.search import Arm, paired_search, win_share
from game.engine import Action, RoundState, SeatView
from game.engine.fastplay import from_state

VOLUNTARY_DRAW_MIN_HAND = 3  # tiles in hand before drawing to keep a matador
VOLUNTARY_DRAW_MIN_LEFT = 4  # drawable tiles before doing so
ROLLOUT_MIN_PLAYERS = 3  # the look-ahead is used with this many players or more
ROLLOUT_DEALS = 120  # sampled deals, one random playout per lay on each
ROLLOUT_WEIGHT = 40.0  # pips for a lay that wins every playout


class MediumPlayer:
    level = "medium"

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        moves = legal_or_fail(view)
        if len(moves) == 1:
            return moves[0]
        lays = [m for m in moves if m.kind == "lay"]
        if not lays:
            return _without_a_lay(moves)
        special = special_mask(view)
        plain = [m for m in lays if m.tile is not None and not special >> m.tile & 1]
        draw = next((m for m in moves if m.kind == "draw"), None)
        if (
            draw is not None
            and view.phase == "play"
            and not plain
            and len(view.hand) >= VOLUNTARY_DRAW_MIN_HAND
            and view.drawable >= VOLUNTARY_DRAW_MIN_LEFT
        ):
            return draw
        knowledge = read_knowledge(view)
        scores = judged(view, lays, knowledge)
        if view.players >= ROLLOUT_MIN_PLAYERS and view.phase == "play" and len(lays) > 1:
            wins = rollout_wins(Sampler(view, knowledge), view.seat, lays, rng, ROLLOUT_DEALS)
            scores = [s + ROLLOUT_WEIGHT * w / ROLLOUT_DEALS for s, w in zip(scores, wins)]
        return best_of(lays, scores, rng)

    def worst(self, view: SeatView, rng: random.Random, declines: float = 0.0) -> Action:
        """The contrary of this level's move (``game.ai.mixed``'s weakest levels):
        the lay its judge rates lowest (the heuristic alone, no playouts), ties at
        random; where a tile could be laid but drawing (Leyden's free drawing) or
        refusing the lead is allowed too, that instead with probability
        ``declines``. With nothing to lay, what ``choose`` would do."""
        moves = legal_or_fail(view)
        lays = [m for m in moves if m.kind == "lay"]
        if not lays:
            return _without_a_lay(moves)
        declined = [m for m in moves if m.kind in ("draw", "refuse")]
        if declined and declines > 0.0 and rng.random() < declines:
            return declined[0]
        return best_of(lays, [-score for score in judged(view, lays, read_knowledge(view))], rng)


def judged(view: SeatView, lays: list[Action], knowledge: dict[int, HandKnowledge]) -> list[float]:
    """The heuristic score of each of ``lays`` (``heuristic.Judge``), a matador's or a
    wild double's counted as the last resort it is while a plain tile fits."""
    special = special_mask(view)
    plain = any(m.tile is not None and not special >> m.tile & 1 for m in lays)
    judge = Judge(view, knowledge)
    return [judge.score(m, plain) for m in lays]


def rollout_wins(sampler: Sampler, seat: int, lays: list[Action], rng: random.Random, deals: int) -> list[float]:
    """Per lay, the rounds ``seat`` wins (``search.win_share``) out of one
    uniformly random playout after it on each of ``deals`` sampled deals
    (``search.paired_search``, nothing pruned)."""

    def evaluate(arm: Arm[Action], deal: RoundState, dice: int) -> float:
        state = deal.copy()
        state.push_unchecked(arm.item)
        outcome = state.outcome
        if outcome is not None:
            return win_share(outcome.end, outcome.winner, outcome.pips, seat)
        end, winner, pips, _ = from_state(state).playout(random.Random(dice))
        return win_share(end, winner, pips, seat)

    arms = [Arm(move) for move in lays]
    paired_search(arms, sampler.state, evaluate, rng, deals=deals)
    return [arm.total for arm in arms]


def _without_a_lay(moves: list[Action]) -> Action:
    """No tile to lay: refuse a Leyden lead rather than draw for a double; else
    draw or pass, whichever is allowed."""
    for kind in ("refuse", "draw", "pass"):
        for m in moves:
            if m.kind == kind:
                return m
    return moves[0]


def best_of(moves: list[Action], scores: list[float], rng: random.Random) -> Action:
    """The best-scored move, ties broken at random."""
    top = max(scores)
    best = [m for m, s in zip(moves, scores) if s >= top - 1e-9]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]
