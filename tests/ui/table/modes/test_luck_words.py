"""The review's luck line (``review_graph.luck_words``): the deal's share and
the draws' share of the seat's winning chance, as ``Summary.luck`` reckons
them, in words, with the luck-adjusted result when the round's result is known."""

from __future__ import annotations

from typing import Iterator

import pytest

from game import i18n
from game.ai.coach import BEST, GOOD, Assessment
from game.ai.review import Decision, Summary
from game.engine import Action, parse_tile
from game.ui.table import luck_words

LAY = Action.lay(parse_tile("6-1"), "W", 6)
DRAW = Action("draw")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def decision(action: int, played: Action, chance_played: float, chance_best: float) -> Decision:
    mark = BEST if chance_played == chance_best else GOOD
    assessment = Assessment(0, played, played, chance_played, chance_best, mark, (), 1000, 1000)
    return Decision(0, action, assessment, None)


def summary() -> Summary:
    """The deal: 62% at the first decision (+12 against an even 50). A draw
    at 40% that left the best at 55% (+15); a draw at 50% that left 45% (-5);
    a draw whose next decision is not in the same turn (not counted)."""
    return Summary(
        0,
        (
            decision(0, LAY, 0.62, 0.62),
            decision(2, DRAW, 0.40, 0.40),
            decision(3, LAY, 0.55, 0.55),
            decision(5, DRAW, 0.50, 0.50),
            decision(6, LAY, 0.45, 0.45),
            decision(8, DRAW, 0.30, 0.30),
            decision(10, LAY, 0.90, 0.90),
        ),
    )


def test_the_luck_line_sums_the_deal_and_the_draws_of_the_turn() -> None:
    luck = summary().luck(1.0)
    assert luck.deal == pytest.approx(12.0)
    assert [(a, round(p, 6)) for _, a, p in luck.draws] == [(2, 15.0), (5, -5.0)]
    assert luck.total == pytest.approx(22.0)
    assert luck.adjusted == pytest.approx(78.0)
    assert luck_words(summary(), "Ann", 1.0) == (
        "Ann's luck: +22 points (the deal +12, 2 draws +10); luck-adjusted result 78 of 100"
    )


def test_the_luck_line_speaks_to_you_and_leaves_out_an_unknown_result() -> None:
    assert luck_words(summary(), "You", 0.0) == (
        "Your luck: +22 points (the deal +12, 2 draws +10); luck-adjusted result -22 of 100"
    )
    assert luck_words(summary(), "Ann", None) == "Ann's luck: +22 points (the deal +12, 2 draws +10)"


def test_a_round_without_draws_has_only_the_deal_and_one_draw_is_singular() -> None:
    no_draws = Summary(0, (decision(0, LAY, 0.35, 0.35), decision(2, LAY, 0.5, 0.5)))
    assert luck_words(no_draws, "Ann", 0.5) == "Ann's luck: -15 points (the deal -15); luck-adjusted result 65 of 100"
    one = Summary(0, (decision(0, LAY, 0.5, 0.5), decision(2, DRAW, 0.5, 0.5), decision(3, LAY, 0.58, 0.58)))
    assert luck_words(one, "Ann", None) == "Ann's luck: +8 points (the deal +0, 1 draw +8)"


def test_the_luck_line_is_translated() -> None:
    i18n.set_language("de")
    words = luck_words(summary(), "Ann", 1.0)
    assert "+22" in words and "+12" in words and "78" in words
    assert "luck" not in words.lower() and "draws" not in words
