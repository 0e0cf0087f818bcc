"""How a round ends, and what each seat scores (RULES.md section 2, each rule set's score)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.engine.rules import Rules
from game.engine.tiles import hand_pips


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """How a round ended: ``end`` is ``domino``, ``blocked`` or ``redeal``."""

    end: str
    winner: int | None
    pips: tuple[int, ...]
    scores: tuple[int, ...]
    leader: int | None


def round_outcome(rules: Rules, end: str, winner: int | None, hands: Sequence[int], leader: int | None) -> RoundOutcome:
    """The outcome of a round that ended so, with the ``hands`` (bitmasks) left.
    A blocked round is won by the lowest pip count alone (a tie: nobody); a
    redeal scores nothing and has no leader."""
    pips = tuple(hand_pips(h) for h in hands)
    if end == "redeal":
        return RoundOutcome(end, None, pips, (0,) * rules.players, None)
    if end == "blocked":
        low = min(pips)
        holders = [s for s, p in enumerate(pips) if p == low]
        winner = holders[0] if len(holders) == 1 else None
    return RoundOutcome(end, winner, pips, scores(rules, end, winner, pips), leader)


def scores(rules: Rules, end: str, winner: int | None, pips: tuple[int, ...]) -> tuple[int, ...]:
    """What each seat scores for the round (the rule set's ``scoring``)."""
    scoring = rules.scoring
    if scoring == "own-pips":
        return pips
    result = [0] * rules.players
    if winner is None:
        return tuple(result)
    others = [p for s, p in enumerate(pips) if s != winner]
    if scoring == "opponents-pips-less-own":
        result[winner] = sum(others) if end == "domino" else sum(p - pips[winner] for p in others)
    elif scoring == "opponents-pips":
        result[winner] = sum(others)
    else:  # both-hands
        result[winner] = sum(pips)
    return tuple(result)
