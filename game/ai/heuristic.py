"""The sound-heuristic judgement of a move, shared by the easy and medium players.

A move is tried on a scratch copy of the table (any consistent filling of the
hidden tiles: only public facts and the seat's own hand are read from it) and
scored by what it sheds, what it keeps, and what the ends it leaves ask for:
ends this seat can follow on are good, ends the next players are likely to
answer are bad, and ends they are known to lack are best.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai.knowledge import HandKnowledge, fitting_now
from game.engine import Action, RoundState, SeatView
from game.engine.tiles import PIPS, is_double


@dataclass(frozen=True)
class Weights:
    """How much each consideration counts when a lay is scored, in pips on top
    of the tile's own: one set of considerations for the medium player (and the
    reading of the others' lays, ``inference``) and for the playout policy
    (``playout``, the fast kernel's chooser), each with its own figures."""

    keep_special: float = 7.0  # cost of laying a matador / wild double that is not needed yet ...
    keep_while: int = 1  # ... while the hand holds more tiles than this
    follow: float = 2.5  # the seat can lay again on the ends it leaves
    follow_each: float = 0.5  # per tile it can lay there (up to three; the playout policy counts none)
    block: float = 7.0  # the next player can probably answer (scaled by the chance)
    later_share: float = 0.5  # how much the player after the next one counts, relative to ``block``
    # (the medium player goes on: each later player counts ``later_share`` of the one before;
    # the playout policy looks two players ahead at most)

    @property
    def block_second(self) -> float:
        """What the chance that the player after the next can answer costs."""
        return self.block * self.later_share


WEIGHTS = Weights()  # the medium player's


def scratch_state(view: SeatView) -> RoundState:
    """A full position matching the view; the hidden tiles are placed in a fixed,
    arbitrary way and must not be read."""
    unseen = view.unseen()
    hands: dict[int, list[int]] = {}
    at = 0
    for seat in range(view.players):
        if seat != view.seat:
            count = view.hand_counts[seat]
            hands[seat] = unseen[at : at + count]
            at += count
    return view.determinize(hands, unseen[at:])


def special_mask(view: SeatView) -> int:
    """The tiles that may go on any end: matadors, or wild doubles."""
    rules = view.rules
    mask = rules.matador_mask
    if rules.wild_doubles:
        for t in rules.all_tiles:
            if is_double(t):
                mask |= 1 << t
    return mask


def chance_to_hold(possible: int, wanted: int, held: int) -> float:
    """The chance that ``held`` tiles drawn from ``possible`` include one of ``wanted``."""
    pool = possible.bit_count()
    good = (possible & wanted).bit_count()
    if held <= 0 or good == 0:
        return 0.0
    bad = pool - good
    if bad < held:
        return 1.0
    miss = 1.0
    for i in range(held):
        miss *= (bad - i) / (pool - i)
    return 1.0 - miss


class Judge:
    """Scores the legal moves of one view."""

    def __init__(self, view: SeatView, knowledge: dict[int, HandKnowledge], weights: Weights = WEIGHTS):
        self.view = view
        self.weights = weights
        self.unseen = view.unseen_mask()
        self.special = special_mask(view)
        self.possible = {s: self.unseen & ~k.surely_lacks for s, k in knowledge.items()}
        self.state = scratch_state(view)

    def score(self, action: Action, others_exist: bool) -> float:
        """How good laying ``action`` is (higher is better); ``others_exist``: there
        are lays that are not special tiles."""
        assert action.tile is not None
        view, w, state = self.view, self.weights, self.state
        tile = action.tile
        seat = view.seat
        state.push_unchecked(action)
        try:
            if state.over:
                outcome = state.outcome
                return 1000.0 if outcome is not None and outcome.winner == seat else 500.0
            hand = state.hands[seat]
            value = float(PIPS[tile])
            if self.special >> tile & 1 and others_exist and hand.bit_count() > w.keep_while:
                value -= w.keep_special
            if state.phase != "play":
                return value
            fits = fitting_now(state)
            mine = hand & fits
            if mine:
                value += w.follow + w.follow_each * min(mine.bit_count(), 3)
            share = 1.0
            for step in range(1, view.players):
                other = (seat + step) % view.players
                held = view.hand_counts[other]
                value -= share * w.block * chance_to_hold(self.possible[other], fits, held)
                share *= w.later_share
            return value
        finally:
            state.pop()
