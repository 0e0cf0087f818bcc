"""The coach's verdicts: the marks, their thresholds, and what an assessment of
one decision holds (``game.ai.coach`` makes them). No pygame here."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.engine import Action

FORCED, BEST, GOOD, INACCURACY, MISTAKE, BLUNDER = "forced", "best", "good", "inaccuracy", "mistake", "blunder"
MARKS = (FORCED, BEST, GOOD, INACCURACY, MISTAKE, BLUNDER)
# One scale of points of winning chance lost, named the same everywhere (the review's
# card and summary, `game review`, docs/coach.md): best 0, good under 3 (an accurate
# choice), an inaccuracy from 3, a mistake from 10, a blunder from 25 (a mistake or
# blunder only if it holds beyond the estimate's noise: an inaccuracy otherwise).
ACCURATE_POINTS = 3.0  # a choice within this many points of the best is good (accurate)
MISTAKE_POINTS = 10.0  # points of winning chance lost that make a mistake
BLUNDER_POINTS = 25.0


@dataclass(frozen=True)
class Option:
    """One candidate action: its estimated chance and the deals it rests on."""

    action: Action
    chance: float
    deals: int


@dataclass(frozen=True)
class Check:
    """A re-check of a would-be mistake: how the gap between the best action and
    the one played came out (``lost``, points) and its ``spread`` (two standard
    errors), evaluated another way (``name``: "reading lays", "medium")."""

    name: str
    lost: float
    spread: float


@dataclass(frozen=True)
class Assessment:
    """The coach's view of one decision (chances are between 0 and 1)."""

    seat: int
    played: Action
    best: Action
    chance_played: float
    chance_best: float
    mark: str
    options: tuple[Option, ...]  # every distinct candidate, the best first; the played one included
    deals: int  # deals the played action was played out on
    playouts: int
    spread: float = 0.0  # points: two standard errors of the paired difference best - played
    checks: tuple[Check, ...] = ()  # the re-checks a would-be mistake went through

    @property
    def lost(self) -> float:
        """Points of winning chance (0 to 100) the action played gave up."""
        return max(0.0, 100.0 * (self.chance_best - self.chance_played))

    @property
    def forced(self) -> bool:
        return self.mark == FORCED

    @property
    def accurate(self) -> bool:
        """Within ``ACCURATE_POINTS`` of the best: marked best or good (or forced)."""
        return self.lost < ACCURATE_POINTS


def verdict(lost: float, spread: float, checks: Sequence[Check] = ()) -> str:
    """The mark for a choice that lost ``lost`` points (± ``spread``) by the
    coach's estimate, after ``checks``. A mistake (or blunder) must hold
    beyond the noise of the estimate (``lost - spread`` clears its threshold)
    and no check may refute it (each check's gap, plus its own spread, reaches
    the threshold too); one that does not is marked a step lower, down to
    "inaccuracy" for a would-be mistake."""

    def holds(threshold: float) -> bool:
        return lost - spread >= threshold and all(c.lost + c.spread >= threshold for c in checks)

    mark = mark_for(lost)
    if mark == BLUNDER and not holds(BLUNDER_POINTS):
        mark = MISTAKE
    if mark == MISTAKE and not holds(MISTAKE_POINTS):
        mark = INACCURACY
    return mark


def mark_for(lost_points: float, forced: bool = False) -> str:
    """The mark for an action that lost ``lost_points`` (0 to 100) of winning chance."""
    if forced:
        return FORCED
    if lost_points >= BLUNDER_POINTS:
        return BLUNDER
    if lost_points >= MISTAKE_POINTS:
        return MISTAKE
    if lost_points >= ACCURATE_POINTS:
        return INACCURACY
    if lost_points > 0.0:
        return GOOD
    return BEST


__all__ = [
    "ACCURATE_POINTS",
    "Assessment",
    "BEST",
    "BLUNDER",
    "BLUNDER_POINTS",
    "Check",
    "FORCED",
    "GOOD",
    "INACCURACY",
    "MARKS",
    "MISTAKE",
    "MISTAKE_POINTS",
    "Option",
    "mark_for",
    "verdict",
]
