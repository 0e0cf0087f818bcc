"""What to expect of a level, in the real New game form, driven by clicks: once a
seat is given a computer level, the bottom bar says what the ladder of the rule
set chosen expects of it ("Hard: Wins about 2 rounds in 3 against Medium"); any
other change brings back what will be played. Every rule set and every offered
level, from the registries and the committed ladder; the line whole at every
size, text size and language."""

from __future__ import annotations

from typing import Any

import pytest

from game.ai import levels
from game.engine import RULE_SETS
from game.rating.level_odds import odds
from game.ui.drawing.layout_check import layout_problems
from game.ui.scenes.new_game import NewGameScene
from game.words.odds_words import expectation, seat_expectations
from tests.ui.scenes.new_game.test_at_my_level import SEAT, bottom_bar, open_form, open_form_at_the_seat


def give(app: Any, ui: Any, form: NewGameScene, level: str, seat: int = SEAT) -> None:
    """Click the seat's right arrow until it is played by ``level``."""
    for _ in range(len(form.state.kinds)):
        if form.seats[seat]["kind"] == level:
            return
        ui.click(app, form.buttons[f"kind{seat}:1"].rect.center)
    assert form.seats[seat]["kind"] == level


@pytest.mark.parametrize("base", list(RULE_SETS))
def test_a_seat_given_a_level_says_what_to_expect_of_it_from_the_ladder(make_app: Any, ui: Any, base: str) -> None:
    app, form = open_form(make_app, (1600, 900))
    ui.click(app, form.list_rows[base].center)
    plain = form.status_words(form.rules)
    assert bottom_bar(form) == plain  # nothing given yet: what will be played
    shown: set[bool] = set()
    for level in levels.offered():
        give(app, ui, form, level)
        found = odds(base, level)
        if found is None:  # not rated on this ladder: no guess
            assert bottom_bar(form) == plain
            continue
        name, against = levels.resolve(level).name, levels.resolve(found.against).name
        told, named, _odds = seat_expectations(base, level)
        assert named == f"{name}: {expectation(base, level)}" and told == f"{named}. {levels.resolve(level).description}"
        assert bottom_bar(form) in (told, named)  # the level's line on how it plays too, where the bar holds it
        assert f"in {found.out_of} against {against}" in bottom_bar(form) and against != name
        assert layout_problems(form) == []
        shown.add(bottom_bar(form) == told)
    assert shown in ({True}, {True, False}) or not any(odds(base, level) for level in levels.offered())  # at 1600x900 the long line fits
    ui.click(app, form.buttons[f"kind{SEAT}:1"].rect.center)  # on to the next kind: a person, or At my level
    assert form.seats[SEAT]["kind"] not in levels.offered()
    assert bottom_bar(form) != plain or form.seats[SEAT]["kind"] == "human"
    assert not bottom_bar(form).startswith(tuple(f"{levels.resolve(level).name}: " for level in levels.offered()))


def test_any_other_change_brings_back_what_will_be_played(make_app: Any, ui: Any) -> None:
    base = next(b for b in RULE_SETS if RULE_SETS[b].max_players > RULE_SETS[b].min_players and odds(b, "hard") is not None)
    app, form = open_form(make_app)
    ui.click(app, form.list_rows[base].center)
    give(app, ui, form, "hard")
    assert bottom_bar(form).startswith("Hard: Wins about")
    ui.click(app, form.buttons["players:1"].rect.center)
    assert bottom_bar(form) == form.status_words(form.rules)
    give(app, ui, form, "easy")
    assert bottom_bar(form).startswith("Easy: Wins about")
    other = next(b for b in RULE_SETS if b != base)
    ui.click(app, form.list_rows[other].center)
    assert bottom_bar(form) == form.status_words(form.rules)


@pytest.mark.parametrize(
    "size, scale, code",
    [((640, 480), 100, "en"), ((640, 480), 100, "de"), ((640, 480), 150, "pt_BR"), ((1280, 800), 150, "nl"), ((800, 600), 125, "es"), ((1920, 1080), 150, "de")],
    ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v),
)
def test_the_line_is_whole_at_every_size_and_in_every_language(make_app: Any, ui: Any, size: tuple[int, int], scale: int, code: str) -> None:
    """The longest level's line, shortened to the odds alone where the bar is narrow:
    whole (never cut), nothing under the least text size, no widget clipped."""
    from game import i18n
    from game.ui.drawing import access
    from game.ui.drawing.layout_check import TextWatch

    base = next(iter(RULE_SETS))
    rated = [level for level in levels.offered() if odds(base, level) is not None]
    assert rated  # the committed ladder rates the levels in its first rule set
    access.CURRENT.text_scale = scale
    i18n.set_language(code)
    try:
        with TextWatch(size) as watch:
            app, form = open_form_at_the_seat(make_app, size)
            for level in rated:
                give(app, ui, form, level)
                app.draw(app.surface)
                said = bottom_bar(form)
                line = expectation(base, level)
                assert line is not None and line in said and "…" not in said, (level, said)
                assert layout_problems(form) + watch.problems(form) == [], level
    finally:
        access.CURRENT.text_scale = 100
        i18n.set_language("en")
