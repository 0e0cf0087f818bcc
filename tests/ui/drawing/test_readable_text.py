"""Every word readable, at every size (issue 37): real screens at the size,
language and text size a player met them at, checked by game.ui.drawing.layout_check
(``layout_problems``, and what ``TextWatch`` saw drawn: no text smaller than the
chosen text size allows, none cut short, no pygame_gui warning)."""

from __future__ import annotations

import random
from typing import Any, Callable, Iterator, TypeVar

import pygame
import pytest

from game import i18n
from game.engine import Match, PlayerInfo, Rules
from game.ui.drawing import access
from game.ui.drawing.layout_check import TextWatch, layout_problems

T = TypeVar("T")


@pytest.fixture
def german() -> Iterator[None]:
    i18n.set_language("de")
    yield
    i18n.set_language("en")


def watched(app: Any, ui: Any, make: Callable[[], T], frames: int = 2) -> tuple[T, TextWatch]:
    """The scene ``make`` makes, pushed on ``app``, settled and drawn, all under a
    ``TextWatch``: the scene, and what it drew."""
    with TextWatch(app.size) as watch:
        scene = make()
        app.push(scene)
        ui.settle(app, frames, 0.016)
        app.draw(app.surface)
    return scene, watch


def test_the_ghosts_labels_stay_readable_as_the_cross_grows(make_app: Any, ui: Any) -> None:
    """At 150% text in 1280x800, a Matador line grown across the felt: the open
    end's "matador only" in its narrow dashed place shrank to 9 px; now it is
    at the text size's least, beside the place if it cannot be inside."""
    access.CURRENT.text_scale = 150
    app = make_app((1280, 800))
    with TextWatch(app.size) as watch:
        table = ui.laid_table(app, "matador", 2, 12, 1)
        ui.settle(app, 2, 0.016)
        app.draw(app.surface)
    assert "matador only" in table.snapshot.end_labels.values()
    assert [points for text, points in watch.lines if text in ("matador only", "matador", "only")]
    assert watch.problems(table) == [] and layout_problems(table) == []


def _review_at_the_end(app: Any) -> Any:
    """A four-round match's first round reviewed at its end (Check this deal shows)."""
    from game.ui.table import review_table
    from game.play.thinker import Thinker

    match = Match(Rules.from_base("matador", 2, {"target_score": 500}), [PlayerInfo("You"), PlayerInfo("Bot", "computer", "easy")], 5)
    rng = random.Random(5)
    for _ in range(3):
        state = match.next_round()
        while not state.over:
            match.push(rng.choice(state.legal_moves()))
    review = review_table(match, 0, 0, thinker=Thinker("thread"), analysis_mode="inline")
    app.push(review)
    review.mode.source.move_to(review.mode.source.length)
    for _ in range(3):
        app.step([], 0.016)
    return review


def test_the_review_fits_at_640x480_in_german(make_app: Any, ui: Any, german: None) -> None:
    """The slider kept 12 px beside eight buttons, "Diese Austeilung prüfen" ran
    out of its button, and the moves showed two lines."""
    app = make_app((640, 480))
    with TextWatch(app.size) as watch:
        review = _review_at_the_end(app)
        app.draw(app.surface)
    look = review.mode.look
    assert look.check_button is not None and look.check_button.visible
    assert layout_problems(review) + watch.problems(review) == []
    assert look.slider.rect.width >= 100
    moves = review.board.regions.panels["moves"]
    text = review.renderer.text
    k = review.board.regions.scale
    title_h = text.font(max(16, round(19 * k)), True).get_linesize()
    line_h = text.font(max(15, round(18 * k))).get_linesize()
    assert moves.height - 2 * round(10 * k) - title_h >= 3 * line_h  # three moves' lines at least


def test_statistics_keeps_its_column_heads_whole_at_640x480(make_app: Any, ui: Any, german: None) -> None:
    """"gespielt" and "gewonnen" were cut to "ges…" and "ge…"."""
    from game.ui.scenes.statistics_screen import StatisticsScene

    ui.filled_statistics()
    app = make_app((640, 480))
    scene, watch = watched(app, ui, StatisticsScene, 3)
    drawn = {text for text, _points in watch.lines}
    assert {"gespielt", "gewonnen", "Beste", "Runde"} <= drawn
    assert layout_problems(scene) + watch.problems(scene) == []


@pytest.mark.parametrize("name", ["settings", "past-matches", "statistics", "rules"])
def test_the_info_screens_headings_fit_at_640x480(make_app: Any, ui: Any, german: None, name: str) -> None:
    """pygame_gui warned "Label Rect is too small for text" for Einstellungen,
    Frühere Partien, Statistik and Regeln: the heading's line is taller than
    the label made for it."""
    import importlib

    kinds = {"settings": "SettingsScene", "past-matches": "PastMatchesScene", "statistics": "StatisticsScene", "rules": "RulesScene"}
    scene_class = getattr(importlib.import_module(f"game.ui.scenes.{name.replace('-', '_')}_screen"), kinds[name])
    app = make_app((640, 480))
    scene, watch = watched(app, ui, scene_class)
    assert watch.warnings == []
    assert layout_problems(scene) + watch.problems(scene) == []


def test_the_title_at_150_percent_shows_every_button_without_scrolling(make_app: Any, ui: Any, german: None) -> None:
    """Nine buttons (Continue shown) at 150% text in 1280x800: they scrolled, so
    Settings and Quit were out of sight."""
    from game.profile.saves import save_match
    from game.ui.scenes.title import TitleScene

    match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Bot", "computer", "easy")], 1)
    match.next_round()
    match.push(match.round.legal_moves()[0])
    save_match(match)
    access.CURRENT.text_scale = 150
    app = make_app((1280, 800))
    title, watch = watched(app, ui, TitleScene)
    assert len(title.buttons) == 9 and title.scroll_columns() == []
    window = pygame.Rect((0, 0), app.size)
    assert all(window.contains(button.rect) for button in title.buttons.values())
    assert layout_problems(title) + watch.problems(title) == []


def test_the_boneyards_count_stands_clear_of_its_pile(make_app: Any, ui: Any) -> None:
    """"Boneyard: 13" touched the pile of backs below it: the caption's letters
    (ivory) end two rows or more above the pile's first row (the backs' red)."""
    app = make_app((1280, 800))
    table = ui.laid_table(app, "matador", 2, 12, 1)
    ui.settle(app, 2, 0.016)
    surface = pygame.Surface(app.size)
    table.draw(surface)
    place = table.board.regions.boneyard
    ivory, red = [], []
    for y in range(place.top, place.bottom):
        row = [surface.get_at((x, y)) for x in range(place.left, place.right, 1)]
        if any(c.r > 200 and c.g > 190 and c.b > 160 for c in row):
            ivory.append(y)
        if any(c.r > 90 and c.g < 50 and c.b < 60 for c in row):
            red.append(y)
    assert ivory and red
    caption_bottom = max(y for y in ivory if y < red[0] + 8)  # (the letters, not a tile's)
    assert caption_bottom + 2 <= red[0], (caption_bottom, red[0])
    assert layout_problems(table) == []


def test_the_watch_finds_small_cut_and_warned_text(make_app: Any) -> None:
    """The check can fail: a line drawn under the least size, declared drawn text
    cut short with "…", a label lower than its line (pygame_gui warns) and a
    rounded button whose words run into its corners."""
    import pygame_gui

    from game.ui.shell.scene import GuiScene
    from game.ui.drawing.text import TextCache, least_points

    class Cramped(GuiScene):
        def __init__(self) -> None:
            super().__init__()
            self.drawn_text = [("Statistics of every player", pygame.Rect(10, 10, 80, 20), pygame.Rect(10, 10, 80, 20))]

        def build_gui(self) -> None:
            assert self.gui is not None
            pygame_gui.elements.UILabel(pygame.Rect(100, 100, 300, 20), "A heading", self.gui, object_id="#info_title")
            button = pygame_gui.elements.UIButton(pygame.Rect(100, 200, 100, 32), "Word", self.gui, object_id="#tool")
            assert button.font is not None
            width = int(button.font.size("Word")[0]) + 1  # inside the border, not its rounded corners
            button.set_dimensions((width, 32))

    app = make_app((800, 600))
    with TextWatch(app.size) as watch:
        scene = Cramped()
        app.push(scene)
        app.step([], 0.016)
        text = TextCache()
        text.render("tiny words", 10)
        text.render("Statistics of…", 16)
    problems = layout_problems(scene) + watch.problems(scene)
    assert least_points(app.size) == 9
    assert any("'tiny words' drawn at 7 px" in p for p in problems), problems
    assert any("cut short to 'Statistics of…'" in p for p in problems), problems
    assert any("Label Rect is too small" in p for p in problems), problems
    assert any("its line" in p and "A heading" in p for p in problems), problems
    assert any("'Word'" in p and "wide, room for" in p for p in problems), problems
