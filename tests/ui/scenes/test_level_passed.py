"""After a match that lifts a person's rating past a computer level's ladder
rating, the match-over screen says so in one line and names the next level to
try; a match that passes no level says nothing of it. Every rule set and every
level on its ladder, from the registries."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import levels
from game.engine import RULE_SETS
from game.rating.at_my_level import rungs
from game.rating.glicko2 import Rating
from game.rating.player_rating import Ratings, Standing, family_of, load_ratings, save_ratings
from game.ui.drawing.layout_check import layout_problems
from game.ui.scenes.match_over import MatchOverScene
from game.ui.shell import match_end
from game.ui.table import TableScene
from game.play.thinker import Thinker
from tests.ui.scenes.test_rating_screens import scripted

TWO_PLAYER = [base for base in RULE_SETS if RULE_SETS[base].min_players <= 2]
STEADY_RD = 10.0  # a settled rating: one round moves it by under a point, less than any two levels are apart


def over_screen(make_app: Any, ui: Any, base: str, before: float, winners: list[int], size: tuple[int, int] = (1024, 700)) -> tuple[MatchOverScene, float]:
    """Ann (rated ``before``) plays a scripted match against the default level, rated
    through the real end of a match; its match-over screen and Ann's rating after."""
    save_ratings(Ratings({"Ann": {family_of(base): Standing(Rating(before, STEADY_RD), matches=20, rounds=60)}}))
    app = make_app(size)
    match = scripted(base, winners, levels.resolve(None).id)
    match_end.rate_match(app, match, set())
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast")
    app.push(table)
    over = MatchOverScene(table, match)
    app.push(over)
    ui.settle(app, 2, 0.016)
    standing = load_ratings()[0].standing("Ann", family_of(base))
    assert standing is not None
    return over, standing.rating.r


@pytest.mark.parametrize("base", TWO_PLAYER)
def test_a_win_that_lifts_the_rating_past_a_level_says_try_the_next(make_app: Any, ui: Any, base: str) -> None:
    steps = rungs(base)
    for i, (level, ladder) in enumerate(steps):
        over, after = over_screen(make_app, ui, base, ladder - 0.25, [0])
        assert ladder < after < min((r for _l, r in steps[i + 1 :]), default=after + 1)  # (the script's premise)
        name = levels.resolve(level).name
        following = next((other for other, r in steps[i + 1 :] if r > ladder), None)
        if following is None:
            expected = f"Your rating {round(after)} is now above {name}'s {round(ladder)}, the strongest level."
        else:
            expected = f"Your rating {round(after)} is now above {name}'s {round(ladder)}: try {levels.resolve(following).name}."
        assert over.level_lines == [expected]
        assert layout_problems(over) == []


@pytest.mark.parametrize("base", TWO_PLAYER)
def test_a_match_that_passes_no_level_says_nothing_of_levels(make_app: Any, ui: Any, base: str) -> None:
    steps = rungs(base)
    level, ladder = steps[0]
    lost, after = over_screen(make_app, ui, base, ladder + 0.02, [1])  # a loss: down past the weakest (a loss to a level far above moves it little), said nothing
    assert after < ladder and lost.level_lines == [] and lost.rating_lines
    top = steps[-1][1]
    won, after = over_screen(make_app, ui, base, top + 50.0, [0])  # above every level already
    assert after > top and won.level_lines == [] and won.rating_lines


@pytest.mark.parametrize("code", ["en", "nl", "de", "es", "pt_BR"])
def test_the_line_fits_a_small_window_in_every_language(make_app: Any, ui: Any, code: str) -> None:
    from game import i18n
    from game.ui.drawing.layout_check import TextWatch

    base = TWO_PLAYER[0]
    level, ladder = rungs(base)[0]
    i18n.set_language(code)
    with TextWatch((640, 480)) as watch:
        over, _after = over_screen(make_app, ui, base, ladder - 0.25, [0], (640, 480))
        assert over.app is not None
        over.app.draw(over.app.surface)
    assert over.level_lines and str(round(ladder)) in over.level_lines[0]
    assert layout_problems(over) + watch.problems(over) == []
