"""A level's line of what to expect, from the ladder alone: the Elo share of its
ladder ratings against the yardstick, as the nearest simple fraction, in words;
none for a level the ladder has not rated in that rule set."""

from __future__ import annotations

import pytest

from game import i18n
from game.ai import levels
from game.engine import RULE_SETS
from game.rating import level_odds
from game.rating.at_my_level import ladder_row, rungs
from game.rating.ladder import ANCHOR
from game.rating.level_odds import as_fraction, odds, share, yardstick
from game.words.odds_words import expectation, odds_line


def test_the_share_is_the_elo_formula_the_ladder_was_fitted_with() -> None:
    assert share(1500.0, 1500.0) == pytest.approx(0.5)
    assert share(1900.0, 1500.0) == pytest.approx(10 / 11)  # 400 points: odds of 10 to 1
    assert share(1400.0, 1500.0) + share(1500.0, 1400.0) == pytest.approx(1.0)


def test_a_share_reads_as_the_nearest_simple_fraction() -> None:
    assert as_fraction(0.34) == (1, 3) and as_fraction(0.5) == (1, 2) and as_fraction(0.64) == (2, 3)
    assert as_fraction(0.26) == (1, 4) and as_fraction(0.79) == (4, 5)
    assert as_fraction(0.1) == (1, 10) and as_fraction(0.95) == (19, 20)  # the rare: 1 in n, all but 1 in n


@pytest.mark.parametrize("base", list(RULE_SETS))
def test_every_offered_level_on_a_ladder_has_its_line_from_the_table(base: str) -> None:
    row = ladder_row(base)
    for level in levels.offered():
        found = odds(base, level)
        if level not in row or ANCHOR not in row:
            assert found is None and expectation(base, level) is None  # not rated there: no line
            continue
        assert found is not None
        against = yardstick(base, level)
        assert found.against == against and (against == ANCHOR) == (level != ANCHOR)
        assert against is not None and found.share == pytest.approx(share(row[level][0], row[against][0]))
        assert (found.rounds, found.out_of) == as_fraction(found.share)
        line = expectation(base, level)
        assert line is not None and str(found.out_of) in line and levels.resolve(against).name in line


def test_the_anchor_is_measured_against_the_level_just_below_it(monkeypatch: pytest.MonkeyPatch) -> None:
    row = {"beginner": (1300.0, 20.0), "easy": (1400.0, 20.0), "medium": (1500.0, 0.0), "hard": (1600.0, 20.0)}
    monkeypatch.setattr(level_odds, "ladder_row", lambda base: row)
    monkeypatch.setattr("game.rating.at_my_level.ladder_row", lambda base: row)
    assert [level for level, _ in rungs("matador")] == ["beginner", "easy", "medium", "hard"]
    assert yardstick("matador", "medium") == "easy" and yardstick("matador", "hard") == "medium"
    found = odds("matador", "medium")
    assert found is not None and (found.rounds, found.out_of) == (2, 3)  # 64%: about 2 rounds in 3 against Easy
    assert odds("matador", "expert") is None  # not on this ladder: its place is a guess


def test_the_line_is_translated() -> None:
    found = level_odds.Odds("hard", "medium", 0.34, 1, 3)
    try:
        i18n.set_language("de")
        german = odds_line(found)
        i18n.set_language("en")
        english = odds_line(found)
    finally:
        i18n.set_language("en")
    assert english == "Wins about 1 round in 3 against Medium" and not german.startswith("Wins") and "3" in german
