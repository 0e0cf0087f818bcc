"""The words of a level's odds (``game.rating.level_odds``): one line of what to
expect of it, "Wins about 1 round in 3 against Medium", filled from the ladder."""

from __future__ import annotations

from game.ai import levels
from game.i18n import _, ngettext
from game.rating.level_odds import Odds, odds
from game.words.my_level import level_name


def odds_line(found: Odds) -> str:
    """"Wins about 1 round in 3 against Medium"."""
    # TRANSLATORS: what to expect of a computer level, from its ladder rating: "Wins about 1 round in 3 against Medium" (Medium: another level).
    text = ngettext("Wins about {rounds} round in {out_of} against {level}", "Wins about {rounds} rounds in {out_of} against {level}", found.rounds)
    return text.format(rounds=found.rounds, out_of=found.out_of, level=level_name(found.against))


def expectation(base: str, level: str) -> str | None:
    """``odds_line`` for ``level`` in rule set ``base``; None where the ladder has not rated it there."""
    found = odds(base, level)
    return odds_line(found) if found is not None else None


def seat_expectations(base: str, level: str) -> list[str]:
    """New game's line for a seat just given to ``level``, longest first (the bar
    shows the longest that fits on one line): "Hard: Wins about 2 rounds in 3
    against Medium. Looks ahead: ...", its registry line on how it plays after the
    odds; then without it; then the odds alone; [] where the ladder has not rated
    it in ``base``."""
    line = expectation(base, level)
    if line is None:
        return []
    # TRANSLATORS: New game's bottom line once a seat is given to a computer level: "Hard: Wins about 2 rounds in 3 against Medium".
    named = _("{level}: {expectation}").format(level=level_name(level), expectation=line)
    # TRANSLATORS: the same line where the bar is wide, the level's line on how it plays after it: "Hard: Wins about 2 rounds in 3 against Medium. Looks ahead: ...".
    told = _("{named}. {description}").format(named=named, description=_(levels.resolve(level).description))
    return [told, named, line]


__all__ = ["expectation", "odds_line", "seat_expectations"]
