"""What to expect of a computer level, from the ladder: the share of rounds it
wins against a yardstick level, as a simple fraction ("about 1 round in 3").

The share is the Elo formula on the ladder's ratings of the rule set played
(``at_my_level.ladder_row``: a rule set the ladder did not measure reads its
family's first row): ``1 / (1 + 10^((r_other - r_level) / 400))``, the same
model the ladder was fitted with (``game.rating.bradley_terry``). The yardstick
is the ladder's anchor (medium); for the anchor itself, the offered level just
below it on that ladder (or just above, when none is below). A level not on
the ladder there has no odds (None): its place is a guess. Nothing here is
written by hand: a new ladder, or a new level measured on it, changes the
line. No pygame here; the words are ``game.words.odds_words``'.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.rating.at_my_level import ladder_row, rungs
from game.rating.ladder import ANCHOR

SIMPLE_DENOMINATORS = range(2, 6)  # "2 rounds in 3": fractions with these denominators between the extremes
RARE = 0.15  # below this share (above 1 - RARE), "1 round in n" ("all but 1 in n")


@dataclass(frozen=True)
class Odds:
    """A level's share of rounds against another, and that share as a simple fraction."""

    level: str
    against: str
    share: float  # the expected score per round (a tied block half)
    rounds: int  # "wins about ``rounds`` round(s) ...
    out_of: int  # ... in ``out_of``"


def share(rating: float, other: float) -> float:
    """The expected score of ``rating`` against ``other`` on the Elo scale."""
    return float(1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0)))


def as_fraction(p: float) -> tuple[int, int]:
    """``p`` as the nearest simple fraction (k, m): "k rounds in m"."""
    if p < RARE:
        return 1, max(2, round(1 / max(p, 1e-6)))
    if p > 1 - RARE:
        n = max(2, round(1 / max(1 - p, 1e-6)))
        return n - 1, n
    candidates = sorted({Fraction(k, m) for m in SIMPLE_DENOMINATORS for k in range(1, m)}, key=lambda f: (abs(float(f) - p), f.denominator))
    best = candidates[0]
    return best.numerator, best.denominator


def yardstick(base: str, level: str) -> str | None:
    """The level ``level`` is measured against in ``base``: the anchor, or for the
    anchor the offered level just below it on the ladder (above, if none is)."""
    row = ladder_row(base)
    if level != ANCHOR:
        return ANCHOR if ANCHOR in row else None
    steps = [step for step, _ in rungs(base)]
    if ANCHOR not in steps or len(steps) < 2:
        return None
    at = steps.index(ANCHOR)
    return steps[at - 1] if at > 0 else steps[at + 1]


def odds(base: str, level: str) -> Odds | None:
    """What ``level`` wins against its yardstick in ``base``; None where either is not on that ladder."""
    row = ladder_row(base)
    other = yardstick(base, level)
    if level not in row or other is None or other not in row:
        return None
    p = share(row[level][0], row[other][0])
    rounds, out_of = as_fraction(p)
    return Odds(level, other, p, rounds, out_of)


__all__ = ["Odds", "as_fraction", "odds", "share", "yardstick"]
