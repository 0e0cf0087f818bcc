"""Every screen at every window size, text size and language, pairwise.

The product of 4 window sizes (1280x800, 1024x768, 800x600, 640x480), 3 text
sizes (100, 125, 150%), 5 languages and every screen (the menus and forms of
test_languages, the table with every panel open, the round's summary, the score
sheet, the review with its card and graph, a lesson) is too large to run whole;
each screen is checked in five combinations chosen so that it meets every window
size, every text size and every language at least once, and every size meets
every text size (the cases rotate through them). The layout check
(game.ui.drawing.layout_check) must find nothing: nothing cut, off-window or
overlapping, every scrolled widget reachable, and no text of the table's cut
short with "…" (the ``cut_texts`` fixture of test_languages); and what the
screen draws, watched while it is built and drawn (``TextWatch``): no text
smaller than the chosen text size allows, no drawn text cut short, and no
warning from pygame_gui (a label too small for its text)."""

from __future__ import annotations

from typing import Any

import pytest

from game import i18n
from game.ui.drawing import access
from game.ui.drawing.layout_check import TextWatch, layout_problems

from tests.ui.scenes.test_languages import SCENES, TABLE_SCENES, _make, _table_screen, cut_texts  # noqa: F401 (a fixture)

SIZES = [(1280, 800), (1024, 768), (800, 600), (640, 480)]
SCALES = [150, 125, 100]
LANGUAGES = ["en", "de", "nl", "es", "pt_BR"]
OVER_TABLE = ["keep-saved", "pause", "match-over", "match-over-net"]
SCREENS = [*SCENES, *OVER_TABLE, *TABLE_SCENES]


def _cases() -> list[Any]:
    cases = []
    for i, screen in enumerate(SCREENS):
        for j in range(5):  # sizes in turn (1280x800 twice), text sizes and languages rotating with the screen
            size = SIZES[j % 4]
            scale = SCALES[(i + j) % 3]
            code = LANGUAGES[(2 * i + j) % 5]
            cases.append(pytest.param(screen, size, scale, code, id=f"{screen}-{size[0]}x{size[1]}-{scale}-{code}"))
    return cases


CASES = _cases()
# Known still to fail (each checked to fail still: take it off when it fits).
NOT_YET: set[tuple[str, tuple[int, int], int, str]] = set()


def test_the_matrix_meets_every_value() -> None:
    """Every screen meets every size, text size and language; every size every text size."""
    seen = [(c.values[0], c.values[1], c.values[2], c.values[3]) for c in CASES]
    for screen in SCREENS:
        mine = [s for s in seen if s[0] == screen]
        assert {s[1] for s in mine} == set(SIZES) and {s[2] for s in mine} == set(SCALES)
        assert {s[3] for s in mine} == set(LANGUAGES)
    assert {(s[1], s[2]) for s in seen} == {(size, scale) for size in SIZES for scale in SCALES}


@pytest.mark.parametrize("screen, size, scale, code", CASES)
def test_every_screen_fits(make_app: Any, ui: Any, cut_texts: list[str], screen: str, size: tuple[int, int], scale: int, code: str) -> None:
    i18n.set_language(code)
    access.CURRENT.text_scale = scale
    app = make_app(size)
    with TextWatch(size) as watch:
        if screen in TABLE_SCENES:
            scene = _table_screen(screen, app, ui)
        else:
            scene = _make(screen, app, ui)
            app.push(scene)
            ui.settle(app, 3, 0.016)
        app.draw(app.surface)
    problems = layout_problems(scene) + watch.problems(scene)
    if screen == "rules":
        problems += ui.rules_page_problems(app, scene)
    problems += [f"cut short: {text!r}" for text in cut_texts]
    if (screen, size, scale, code) in NOT_YET:
        assert problems, "it fits now: take it off NOT_YET"
    else:
        assert problems == []


@pytest.mark.parametrize("size", [(1024, 768), (1280, 800)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_new_game_keeps_its_heading_at_every_text_size(size: tuple[int, int]) -> None:
    """A larger text size never takes New game's heading away (the form scrolls instead)."""
    from game.ui.scenes.new_game.form_geometry import form_layout
    from game.ui.drawing.text import TextCache

    for scale in SCALES:
        access.CURRENT.text_scale = scale
        assert form_layout(size, TextCache()).title is not None, scale


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_score_sheet_writes_no_word_under_the_text_size_s_least(make_app: Any, ui: Any, size: tuple[int, int]) -> None:
    """The sheet's own scale shrinks with a small window, its words never below what the
    text size allows: its chart's numbers and notes were drawn at 10 px at 1024x768 and
    150% (found by the matrix when its rotation moved), at every text size here."""
    for scale in SCALES:
        access.CURRENT.text_scale = scale
        app = make_app(size)
        with TextWatch(size) as watch:
            scene = _table_screen("score-sheet", app, ui)
            app.draw(app.surface)
        small = [p for p in watch.problems(scene) if "less than" in p]
        assert small == [], (scale, small)
