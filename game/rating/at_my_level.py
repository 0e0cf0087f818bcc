"""At my level: the computer level nearest a person's rating, and the level a
rising rating has just passed.

Everything is read from the registries: the levels New game and Host offer
(``game.ai.levels.offered``), their ladder ratings in the rule set played
(``ladder_table.LADDER``: a rule set the ladder did not measure takes its
family's first measured row, as ``player_rating.ladder_rating`` does) and the
rule set's family (``game.engine.RULE_SETS``). A level not on the ladder of
that rule set is skipped: its place there is a guess. The person's rating is
their Glicko-2 rating in the family (``player_rating``), provisional or not;
with none yet, the default level (``levels.DEFAULT``).

The choice is made when the match starts and the seat is the level chosen: a
record, the statistics and a replay keep the level's id, never "at my level".
No pygame here; the words are ``game.words.my_level``'s.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.ai import levels
from game.rating.glicko2 import Rating
from game.rating.ladder_table import LADDER
from game.rating.player_rating import PROVISIONAL_RD, Ratings, family_of


@dataclass(frozen=True)
class Choice:
    """The level "At my level" chose in a rule set, and why."""

    level: str  # the level's id: what the seat becomes
    family: str  # the family the rating is kept in
    rating: Rating | None  # the person's rating there; None: none yet (the default level)
    level_rating: float | None  # the level's ladder rating; None when chosen as the default

    @property
    def provisional(self) -> bool:
        return self.rating is not None and self.rating.rd >= PROVISIONAL_RD


@dataclass(frozen=True)
class Passed:
    """A rating that rose past a level's ladder rating: that level, and the next above it (None: it was the strongest)."""

    rating: float
    level: str
    level_rating: float
    next_level: str | None


def ladder_row(base: str) -> dict[str, tuple[float, float]]:
    """The ladder's row for rule set ``base``; for one it did not measure, its family's first measured one."""
    row = LADDER.get(base)
    if row is None:
        family = family_of(base)
        row = next((found for rule_set, found in LADDER.items() if family_of(rule_set) == family), {})
    return row


def rungs(base: str) -> list[tuple[str, float]]:
    """The offered levels on the ladder of ``base`` with their ratings, weakest first
    (ties in the registry's order)."""
    row = ladder_row(base)
    offered = [level for level in levels.levels() if level.offered and level.id in row]
    ordered = sorted(offered, key=lambda level: (row[level.id][0], level.order))
    return [(level.id, row[level.id][0]) for level in ordered]


def choose(base: str, rating: Rating | None) -> Choice:
    """The offered level whose ladder rating in ``base`` is nearest ``rating`` (on a tie,
    the weaker); the default level for no rating, or for a rule set with no level on its ladder."""
    family = family_of(base)
    steps = rungs(base)
    if rating is None or not steps:
        return Choice(levels.resolve(None).id, family, rating, None)
    level, level_rating = min(steps, key=lambda step: (abs(step[1] - rating.r), step[1]))
    return Choice(level, family, rating, level_rating)


def choose_for(ratings: Ratings, name: str | None, base: str) -> Choice:
    """``choose`` for the person called ``name`` (as the ratings keep names), None: nobody."""
    standing = ratings.standing(name, family_of(base)) if name else None
    return choose(base, standing.rating if standing is not None else None)


def passed(base: str, before: float, after: float) -> Passed | None:
    """The strongest level on the ladder of ``base`` that a rating rising from
    ``before`` to ``after`` went past (at or below ``before``'s, it was passed
    already; above ``after``'s, not yet), and the next level above it; None if it passed none."""
    steps = rungs(base)
    crossed = [i for i, (_level, rating) in enumerate(steps) if before <= rating < after]
    if not crossed:
        return None
    at = crossed[-1]
    level, level_rating = steps[at]
    above = next((other for other, rating in steps[at + 1 :] if rating > level_rating), None)
    return Passed(after, level, level_rating, above)


__all__ = ["Choice", "Passed", "choose", "choose_for", "ladder_row", "passed", "rungs"]
