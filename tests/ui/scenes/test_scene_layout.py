"""Every scene at 800x600, 1280x800 and 1920x1080, and at each text size (100,
125, 150%: the settings for every player): no widgets overlapping, none outside
the window, no clipped text (game.ui.drawing.layout_check) — and the check itself can fail."""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui
import pytest

from game.engine import PlayerInfo
from game.ui.drawing import access
from game.ui.drawing.layout_check import layout_problems
from game.ui.shell.scene import GuiScene, Scene

SIZES = [(800, 600), (1280, 800)]  # (a larger window is only more room)
SCALES = [100, 125, 150]  # the text and table size (in full from 1280x800)
# a window of 800x600 draws 100% whatever is chosen (access.text_factor): once is enough there;
# (125% at every size and language: tests/ui/drawing/test_layout_matrix.py)
SIZE_SCALES = [(size, scale) for size in SIZES for scale in SCALES if (size[0] >= 1024 or scale == 100) and scale != 125]
SEATS = [PlayerInfo("Ann", "human", None), PlayerInfo("Bot", "computer", "easy")]


def _settings() -> Scene:
    from game.ui.scenes.settings_screen import SettingsScene

    return SettingsScene()


def _rules() -> Scene:
    from game.ui.scenes.rules_screen import RulesScene

    return RulesScene()


def _statistics() -> Scene:
    from game.ui.scenes.statistics_screen import StatisticsScene

    return StatisticsScene()  # with the figures of ui.filled_statistics (the test saves them)


def _statistics_empty() -> Scene:
    from game.ui.scenes.statistics_screen import StatisticsScene

    return StatisticsScene()


def _title() -> Scene:
    from game.ui.scenes.title import TitleScene

    return TitleScene()


def _title_continue() -> Scene:
    """The title with a match saved: Continue shows (nine buttons: at 150% they scroll)."""
    from game.engine import Match, Rules
    from game.profile.saves import save_match
    from game.ui.scenes.title import TitleScene

    match = Match(Rules.from_base("matador", 2), list(SEATS), 1)
    match.next_round()
    match.push(match.round.legal_moves()[0])
    save_match(match)
    return TitleScene()


def _new_game() -> Scene:
    from game.ui.scenes.new_game import NewGameScene

    return NewGameScene()


def _lessons() -> Scene:
    from game.ui.scenes.lessons_screen import LessonsScene

    return LessonsScene()


def _past_matches() -> Scene:
    from game.ui.scenes.past_matches_screen import PastMatchesScene

    return PastMatchesScene()


def _friends() -> Scene:
    from game.ui.scenes.friends import FriendsScene

    return FriendsScene()


def _join() -> Scene:
    from game.ui.scenes.friends import JoinScene

    return JoinScene()


def _join_certificate(kind: str) -> Callable[[], Scene]:
    """Join a table after a wss:// server's certificate was not taken: the long line
    with its fingerprint(s), and the action button's step (Trust it, Forget the old one)."""

    def make() -> Scene:
        from game.words.link_words import tls_line
        from game.ui.scenes.friends import JoinScene
        from game.ui.scenes.friends.friends_model import CertificateStep

        scene = JoinScene()
        found, known = "AB:" * 31 + "CD", "12:" * 31 + "34"
        line = tls_line(f"tls_{kind}", {"fingerprint": found, "known": known, "address": "club.example.org:47123"}, "")
        assert line is not None
        scene.status_words, scene.problem = line, line
        scene.step = CertificateStep("trust" if kind == "untrusted" else "forget", "wss://club.example.org:47123/", found)
        return scene

    return make


def _host() -> Scene:
    from game.ui.scenes.friends import HostScene

    return HostScene()


# scenes that stand alone (zero-argument constructors)
PLAIN: dict[str, Callable[[], Scene]] = {
    "settings": _settings,
    "rules": _rules,
    "statistics": _statistics,
    "statistics-empty": _statistics_empty,
    "title": _title,
    "title-continue": _title_continue,
    "new-game": _new_game,
    "lessons": _lessons,
    "past-matches": _past_matches,
    "friends": _friends,
    "join": _join,
    "join-certificate-untrusted": _join_certificate("untrusted"),
    "join-certificate-changed": _join_certificate("changed"),
    "host": _host,
}


@pytest.mark.parametrize(("size", "scale"), SIZE_SCALES, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
@pytest.mark.parametrize("name", list(PLAIN))
def test_scene_layout(make_app: Any, ui: Any, name: str, size: tuple[int, int], scale: int) -> None:
    access.CURRENT.text_scale = scale
    app = make_app(size)
    if name == "statistics":
        ui.filled_statistics()
    scene = PLAIN[name]()
    app.push(scene)
    ui.settle(app, 3, 0.016)
    problems = layout_problems(scene)
    if name == "rules":
        problems += ui.rules_page_problems(app, scene)
    assert problems == []


def _table_scene(app: Any, ui: Any) -> Any:
    return ui.new_table(app, "matador", list(SEATS))


def _pause(table: Any) -> Scene:
    from game.ui.scenes.pause import PauseScene

    return PauseScene(table)


def _round_end(table: Any) -> Scene:
    """The round's summary, over the table with its round played out (seeded random moves)."""
    import random

    from game.ui.table import RoundEndScene

    rng = random.Random(1)
    state = table.model.match.round
    while not state.over:
        table.model.match.push(rng.choice(state.legal_moves()))
    table.sync()
    return RoundEndScene(table)


def _match_over(table: Any) -> Scene:
    from game.ui.scenes.match_over import MatchOverScene

    return MatchOverScene(table)


@pytest.mark.parametrize(("size", "scale"), SIZE_SCALES, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
@pytest.mark.parametrize("name", ["table", "pause", "match-over", "handoff", "round-end"])
def test_table_scene_layouts(make_app: Any, ui: Any, name: str, size: tuple[int, int], scale: int) -> None:
    access.CURRENT.text_scale = scale
    app = make_app(size)
    table = _table_scene(app, ui)
    ui.settle(app, 3, 0.016)
    scene: Scene = table
    if name == "pause":
        scene = _pause(table)
    elif name == "match-over":
        scene = _match_over(table)
    elif name == "handoff":
        from game.ui.table import HandoffScene

        scene = HandoffScene("Ann", lambda: None)
    elif name == "round-end":
        scene = _round_end(table)
    if scene is not table:
        app.push(scene)
    ui.settle(app, 3, 0.016)
    assert layout_problems(scene) == []


# The check itself --------------------------------------------------------------


class _Broken(GuiScene):
    """Widgets laid out badly on purpose."""

    def __init__(self, fault: str) -> None:
        super().__init__()
        self.fault = fault
        self.drawn_text: list[tuple[str, pygame.Rect, pygame.Rect]] = []

    def build_gui(self) -> None:
        assert self.gui is not None
        if self.fault == "overlap":
            pygame_gui.elements.UIButton(pygame.Rect(100, 100, 160, 40), "One", self.gui)
            pygame_gui.elements.UIButton(pygame.Rect(200, 120, 160, 40), "Two", self.gui)
        elif self.fault == "clipped":
            pygame_gui.elements.UIButton(pygame.Rect(100, 100, 60, 40), "Much too long a label", self.gui)
        elif self.fault == "outside":
            pygame_gui.elements.UIButton(pygame.Rect(self.size[0] - 50, 100, 160, 40), "Off", self.gui)
        elif self.fault == "short":
            pygame_gui.elements.UIButton(pygame.Rect(100, 100, 160, 12), "Flat", self.gui)
        elif self.fault == "drawn":
            self.drawn_text = [("Heading", pygame.Rect(10, 10, 300, 40), pygame.Rect(10, 10, 200, 40))]
        elif self.fault == "clean":
            pygame_gui.elements.UIButton(pygame.Rect(100, 100, 160, 40), "One", self.gui)
            pygame_gui.elements.UIButton(pygame.Rect(100, 150, 160, 40), "Two", self.gui)
            pygame_gui.elements.UILabel(pygame.Rect(300, 100, 200, 30), "A label", self.gui)


@pytest.mark.parametrize("fault", ["overlap", "clipped", "outside", "short", "drawn"])
def test_layout_check_finds_faults(make_app: Any, fault: str) -> None:
    import warnings

    app = make_app((800, 600))
    scene = _Broken(fault)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        app.push(scene)
        app.step([], 0.016)
    problems = layout_problems(scene)
    assert problems, fault
    word = {"overlap": "overlaps", "clipped": "wide", "outside": "outside", "short": "tall", "drawn": "clipped"}[fault]
    assert any(word in p for p in problems), problems


def test_layout_check_passes_a_clean_layout(make_app: Any) -> None:
    app = make_app((800, 600))
    scene = _Broken("clean")
    app.push(scene)
    app.step([], 0.016)
    assert layout_problems(scene) == []


@pytest.mark.parametrize(("size", "scale"), SIZE_SCALES, ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else str(v))
def test_a_lesson_is_laid_out_clean(make_app: Any, ui: Any, size: tuple[int, int], scale: int) -> None:
    from game.profile.settings import Settings
    from game.ui.table import LessonMode, TableScene
    from game.play.thinker import Thinker

    access.CURRENT.text_scale = scale
    app = make_app(size)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    app.routes.open_title()
    app.routes.open_lessons()
    app.routes.start_lesson(0)
    lesson = app.top
    assert isinstance(lesson, TableScene) and isinstance(lesson.mode, LessonMode)
    ui.settle(app, 3, 0.016)
    assert layout_problems(lesson) == []
