"""The hint's words for a draw rest on the search, and never say "nothing
fits" when refusing is allowed too."""

from __future__ import annotations

from game.ai.hint import reason
from game.ai.search import Arm
from game.engine import Action, Rules
from game.engine.state import Opening, RoundState
from game.engine.tiles import tile_of

NAMES = ["You", "Hard"]


def leyden_lead_without_a_double() -> RoundState:
    rules = Rules.from_base("leyden", 2)
    mine = [tile_of(6, 5), tile_of(4, 1), tile_of(3, 0), tile_of(5, 2), tile_of(6, 0), tile_of(2, 1)]
    theirs = [tile_of(6, 6), tile_of(5, 4), tile_of(4, 3), tile_of(3, 2), tile_of(2, 0), tile_of(1, 0)]
    rest = [t for t in rules.all_tiles if t not in mine + theirs]
    return RoundState(rules, [mine, theirs], rest, Opening("loser-double-not-blank", 0))


def arms_with(draw_results: list[float], refuse_results: list[float]) -> list[Arm[Action]]:
    draw, refuse = Arm(Action("draw")), Arm(Action("refuse"))
    for x, y in zip(draw_results, refuse_results):
        draw.add(x)
        refuse.add(y)
    return [draw, refuse]


def test_a_draw_for_the_lead_is_not_called_the_only_way() -> None:
    view = leyden_lead_without_a_double().view(0)
    kinds = {a.kind for a in view.legal_moves()}
    assert kinds == {"draw", "refuse"}
    even = reason(view, Action("draw"), NAMES, arms_with([1, 0] * 20, [0, 1] * 20))
    assert "nothing fits" not in even and "about even" in even
    clear = reason(view, Action("draw"), NAMES, arms_with([1.0] * 30 + [0.0] * 10, [0.0] * 30 + [0.0] * 10))
    assert clear == "drawing for a double to lead does better here than refusing"
    assert "about even" in reason(view, Action("draw"), NAMES)  # no figures: no claim


def test_a_forced_draw_says_nothing_fits() -> None:
    rules = Rules.from_base("matador", 2)
    mine = [tile_of(5, 5), tile_of(3, 3)]
    theirs = [tile_of(1, 1), tile_of(2, 2)]
    rest = [t for t in rules.all_tiles if t not in mine + theirs]
    state = RoundState(rules, [mine, theirs], rest, Opening("winner-any-tile", 1))
    state.push(Action("lay", tile_of(1, 1), None, 1))
    view = state.view(0)
    assert [a.kind for a in view.legal_moves()] == ["draw"]
    assert reason(view, Action("draw"), NAMES) == "nothing fits: draw"


def test_the_hint_is_the_coachs_choice_and_finds_the_scripted_better_move() -> None:
    """The hint is the coach's search (so the review does not call a hint a
    mistake): in the coach's scripted position, where 4-0 wins 13+ points
    more often than the 4-2 played, the hint names 4-0, and its figures are
    the coach's ``choose`` with the same seed."""
    import random

    from game.ai.coach import choose
    from game.ai.hint import suggest
    from game.ai.review import positions
    from game.engine import parse_tile

    from tests.ai.test_coach import MISTAKE_AT, mistake_match

    spot = next(p for p in positions(mistake_match(), 0) if p.action == MISTAKE_AT)
    hint = suggest(spot.view, 3, NAMES, budget_s=30.0)
    assert hint.action == Action.lay(parse_tile("4-0"), "E", 4)
    assert hint.action == choose(spot.view, random.Random(3), 30.0)[0]
