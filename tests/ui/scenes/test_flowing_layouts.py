"""Layouts that flow: the menus and forms with more in them than today (a 20th
setting, an 8th rule set and its Rules tab, a 5th computer level) still fit at
every window size and text size, in every language: nothing cut, off-window or
overlapping, and what scrolls is reached by the wheel, the keys and a
controller (game.ui.drawing.layout_check scrolls each widget of a column into view and
clicks at it). And a setting declared once, in the schema, is a row of the
Settings screen that the keys, the mouse and a controller change, kept in the
file and read back."""

from __future__ import annotations

import contextlib
from typing import Any, Callable, Iterator

import pygame
import pytest

from game import i18n
from game.ai import levels
from game.engine import RULE_SETS, Match, PlayerInfo, Rules, RuleSetInfo, registered_rule_set
from game.i18n import N_
from game.profile.settings import ON_OFF, SPEED_WORDS, Setting, Settings, by_key, load_settings, register, shown
from game.ui.drawing import access
from game.ui.shell.gamepad import PadPress
from game.ui.drawing.layout_check import layout_problems
from game.words.rule_sets import RuleSetWords, registered_words
from tests.ui.net_screens import host_lobby, leaderboard_screen, play_now_screen, server_form, server_screen

EXTRA_SETTINGS = [  # with today's 12, twenty on the screen
    ("confirm_leave", N_("Confirm before leaving a match"), N_("ask before a match in play is left"), ON_OFF),
    ("extra_pace", N_("Pace of the round's summary"), N_("how long it stays up"), SPEED_WORDS),
    ("extra_1", N_("Show the boneyard count"), "", ON_OFF),
    ("extra_2", N_("Announce a matador"), N_("a word when one is laid"), ON_OFF),
    ("extra_3", N_("Sort the hand"), N_("by number, doubles first"), ON_OFF),
    ("extra_4", N_("Shake a refused tile"), "", ON_OFF),
    ("extra_5", N_("Pips as numbers"), N_("digits on the tiles"), ON_OFF),
    ("extra_6", N_("Left-handed layout"), N_("the hand's tools on the left"), ON_OFF),
]
EXTRA_RULES = [  # with today's six, eight rule sets
    ("test-eight", "Matador, eight tiles", "Matador for two with eight tiles each: longer hands, fewer draws from the boneyard.", 2, 2),
    ("test-long", "Matador to five hundred", "The classic rules, played until somebody reaches five hundred points in all.", 2, 4),
]
LEVEL = ("heaviest", N_("Heaviest first"))  # a fifth computer level


@contextlib.contextmanager
def crowded_registries() -> Iterator[None]:
    """Eight more settings, two more rule sets (and their Rules tabs), one more level."""
    before = len(shown())
    removals = []
    for key, label, help_line, choices in EXTRA_SETTINGS:
        default = choices[0][0] if choices is not ON_OFF else False
        kind = "bool" if choices is ON_OFF else "choice"
        removals.append(register(key, Setting(default, kind, label=label, help=help_line, choices=choices, doc=label)))
    matador = RULE_SETS["matador"]
    level_id, word = LEVEL
    with contextlib.ExitStack() as stack:
        for order, (rule_id, title, summary, least, most) in enumerate(EXTRA_RULES, start=100):
            defaults = {**matador.defaults, "hand_size": 8 if rule_id == "test-eight" else 5}
            info = RuleSetInfo(rule_id, "matador", order, least, most, defaults)
            stack.enter_context(registered_rule_set(info))
            stack.enter_context(registered_words(rule_id, RuleSetWords(title, summary, "matador")))
        heaviest = levels.Level(level_id, "game.ai.easy:EasyPlayer", 0.0, word, "heaviest", "Lays its heaviest tile.", 35)
        stack.enter_context(levels.registered(heaviest))
        yield
    for remove in removals:
        remove()
    assert len(shown()) == before and by_key("confirm_leave") is None


@pytest.fixture
def crowded() -> Iterator[None]:
    with crowded_registries():
        yield


def _statistics() -> Any:
    from game.profile.stats import Statistics, save_stats
    from game.ui.scenes.statistics_screen import StatisticsScene

    stats = Statistics()
    for name in ("Ann", "Bartholomew", "Computer (hard)"):
        for rule_set in RULE_SETS:
            rec = stats.record(name, rule_set)
            rec.matches_played, rec.matches_won, rec.rounds_played, rec.rounds_won, rec.best_round = 120, 64, 999, 512, 118
    save_stats(stats)
    return StatisticsScene()


def _past_matches() -> Any:
    from game.archive.past_matches import keep
    from game.ui.scenes.past_matches_screen import PastMatchesScene

    for seed, base in enumerate(("matador", "test-eight", "family", "test-long")):
        match = Match(Rules.from_base(base, 2), [PlayerInfo("Ann"), PlayerInfo("Bot", "computer", "easy")], seed)
        match.next_round()
        for _ in range(4):
            match.push(match.round.legal_moves()[0])
        assert keep(match, abandoned=True) is not None
    return PastMatchesScene()


def _title_with_continue() -> Any:
    from game.profile.saves import save_match
    from game.ui.scenes.title import TitleScene

    match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Bot", "computer", "easy")], 1)
    match.next_round()
    match.push(match.round.legal_moves()[0])
    save_match(match)
    return TitleScene()


def _title_with_puzzles() -> Any:
    from tests.ui.puzzle_files import keep_puzzles

    keep_puzzles(12)
    return _title_with_continue()  # Continue and Puzzles: ten buttons


def _plain(module: str, name: str) -> Callable[[], Any]:
    def make() -> Any:
        import importlib

        return getattr(importlib.import_module(module), name)()

    return make


SCREENS: dict[str, Callable[[], Any]] = {
    "settings": _plain("game.ui.scenes.settings_screen", "SettingsScene"),
    "title": _title_with_continue,
    "title-puzzles": _title_with_puzzles,
    "rules": _plain("game.ui.scenes.rules_screen", "RulesScene"),
    "statistics": _statistics,
    "past-matches": _past_matches,
    "new-game": _plain("game.ui.scenes.new_game", "NewGameScene"),
    "host": _plain("game.ui.scenes.friends", "HostScene"),
    "server": server_screen,
    "host-server": server_form,
    "lobby-host": host_lobby,
    "join": _plain("game.ui.scenes.friends", "JoinScene"),
    "play-now": play_now_screen,
    "play-now-waiting": lambda: play_now_screen("waiting"),
    "play-now-offer": lambda: play_now_screen("offer"),
    "leaderboard": leaderboard_screen,
    "leaderboard-asking": lambda: leaderboard_screen("asking"),
    "leaderboard-failed": lambda: leaderboard_screen("failed"),
}
# Window and text sizes that lay out differently (the text size applies in full from
# 1280x800; 640x480 and 800x600 get 100% whatever is chosen): every language at the
# least window and at the largest text, German (the longest) or English between.
EVERY = ["en", "nl", "de", "es", "pt_BR"]
# 640x480 in every language; at 150% the longest words (German, Dutch, Portuguese)
CASES = [((640, 480), 100, EVERY), ((1280, 800), 150, ["de", "nl", "pt_BR"]), ((800, 600), 100, ["de"]), ((1024, 768), 150, ["en"]),
         ((1280, 800), 125, ["de"])]
PARAMS = [pytest.param(size, scale, code, id=f"{size[0]}x{size[1]}-{scale}-{code}") for size, scale, codes in CASES for code in codes]
# At 640x480 in Dutch, a fifth level's name leaves New game's choices (and Host's: the
# same form) too narrow for "Tot je kunt leggen" by a few pixels: the form's panels stand
# side by side at any width. Checked to fail still: take a case off when it fits.
NOT_YET = {("new-game", (640, 480), 100, "nl"), ("host", (640, 480), 100, "nl"), ("host-server", (640, 480), 100, "nl")}


@pytest.mark.parametrize("size, scale, code", PARAMS)
def test_crowded_screens_still_fit(crowded: None, make_app: Any, ui: Any, size: tuple[int, int], scale: int, code: str) -> None:
    i18n.set_language(code)
    access.CURRENT.text_scale = scale
    app = make_app(size)
    found: dict[str, list[str]] = {}
    for name, make in SCREENS.items():
        scene = make()
        app.push(scene)
        ui.settle(app, 2, 0.016)
        problems = layout_problems(scene)
        if name == "rules" and code in ("en", "de"):
            problems += ui.rules_page_problems(app, scene)
        app.pop()
        if (name, size, scale, code) in NOT_YET:
            assert problems, f"{name} fits now: take it off NOT_YET"
        else:
            found[name] = problems
    assert found == {name: [] for name in found}


# A setting declared once is on the screen, reached and changed ---------------------------


def _settings_screen(make_app: Any, ui: Any, size: tuple[int, int]) -> tuple[Any, Any]:
    from game.ui.scenes.settings_screen import SettingsScene

    app = make_app(size)
    app.services["settings"] = Settings()
    scene = SettingsScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    return app, scene


@pytest.mark.parametrize("size, scale", [((1280, 800), 100), ((640, 480), 100), ((1280, 800), 150)], ids=["1280x800", "640x480", "150%"])
def test_a_registered_setting_is_a_row_the_keys_and_the_mouse_change(
    crowded: None, make_app: Any, ui: Any, size: tuple[int, int], scale: int
) -> None:
    access.CURRENT.text_scale = scale
    app, scene = _settings_screen(make_app, ui, size)
    assert "confirm_leave" in scene.choices and scene.settings.get("confirm_leave") is False
    # the keys: Down from the top onto it (each row shown as the focus reaches it), Right turns it on
    seen = []
    for _ in range(len(scene.focus_order)):
        app.step([ui.key(pygame.K_DOWN)], 0.016)
        row = scene.focus_row
        seen.append(row)
        if row in scene.places:
            assert scene.column.view.contains(scene.row_rects[row]), row
        if row == "confirm_leave":
            break
    assert seen[-1] == "confirm_leave" and "sound" not in seen[1:]
    on, off = (dict(scene.choices["confirm_leave"].buttons)[v] for v in (True, False))
    app.step([ui.key(pygame.K_LEFT)], 0.016)  # (On is the first: Left picks it)
    assert scene.settings.get("confirm_leave") is True and on.is_selected and not off.is_selected
    assert load_settings()[0].get("confirm_leave") is True  # written at once, and read back
    # the mouse: Home, then the wheel down to its Off button, a click
    app.step([ui.key(pygame.K_HOME)], 0.016)
    assert scene.column.offset == 0
    ui.click(app, ui.wheel_to(app, off))
    assert scene.settings.get("confirm_leave") is False and off.is_selected
    assert load_settings()[0].get("confirm_leave") is False
    # a controller: the D-pad's right (the arrows' key), A steps on
    scene.handle_pad(PadPress(1, "a"))
    app.step([], 0.016)
    assert scene.settings.get("confirm_leave") is True
    assert layout_problems(scene) == []


def test_a_controllers_shoulders_page_through_twenty_settings(crowded: None, make_app: Any, ui: Any) -> None:
    app, scene = _settings_screen(make_app, ui, (640, 480))
    column = scene.column
    assert column.overflows and column.offset == 0
    pages = 0
    while column.offset < column.max_offset and pages < 20:
        scene.handle_pad(PadPress(1, "rb"))  # Page Down
        pages += 1
    assert column.offset == column.max_offset and pages >= 2
    scene.handle_pad(PadPress(1, "lb"))
    assert column.offset == column.max_offset - column.page
    last = scene.entries()[-1]
    app.step([ui.key(pygame.K_END)], 0.016)
    assert column.view.contains(scene.row_rects[last.key])


@pytest.mark.parametrize("size, scale", [((640, 480), 100), ((1280, 800), 150)], ids=["640x480", "150%"])
def test_statistics_of_eight_rule_sets_scroll_to_their_last_line(
    crowded: None, make_app: Any, ui: Any, size: tuple[int, int], scale: int
) -> None:
    """Longer than its place, the table scrolls (End, the wheel over it) instead of leaving lines out."""
    access.CURRENT.text_scale = scale
    app = make_app(size)
    scene = _statistics()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    note = "Best round: the most points a single won round brought."
    words = [label for label, _spot, _cell in scene.drawn_text]
    assert scene.table_column.overflows and note not in words and "Matador" in words
    app.step([ui.key(pygame.K_END)], 0.016)
    words = [label for label, _spot, _cell in scene.drawn_text]
    assert note in words and "All rule sets" in words and layout_problems(scene) == []
    app.step([ui.key(pygame.K_HOME)], 0.016)
    pygame.mouse.set_pos(scene.table_rect.center)
    for _ in range(40):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)], 0.016)
    assert scene.table_column.offset == scene.table_column.max_offset


def test_past_matches_keep_the_chosen_row_in_view(make_app: Any, ui: Any) -> None:
    """More matches than the list shows: Down, End and a controller's shoulder move the
    choice, and the list scrolls so the chosen row shows (it was rebuilt at its top)."""
    from game.archive.past_matches import keep
    from game.ui.scenes.past_matches_screen import PastMatchesScene

    for seed in range(14):
        match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Bot", "computer", "easy")], seed)
        match.next_round()
        for _ in range(4):
            match.push(match.round.legal_moves()[0])
        assert keep(match, abandoned=True) is not None
    app = make_app((640, 480))
    scene = PastMatchesScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert scene.visible_rows() < 14

    def chosen_row_shows() -> bool:
        assert scene.match_list is not None
        view = pygame.Rect(scene.match_list.item_list_container.get_abs_rect())
        items = [i for i in scene.match_list.item_list if i["selected"]]
        button = items[0]["button_element"] if items else None
        return button is not None and view.contains(pygame.Rect(button.get_abs_rect()))

    for _ in range(scene.visible_rows() + 2):
        app.step([ui.key(pygame.K_DOWN)], 0.016)
        assert chosen_row_shows(), scene.selected
    app.step([ui.key(pygame.K_END)], 0.016)
    assert scene.selected == 13 and chosen_row_shows()
    scene.handle_pad(PadPress(1, "lb"))  # Page Up
    app.step([], 0.016)
    assert scene.selected == 13 - (scene.visible_rows() - 1) and chosen_row_shows()
    app.step([ui.key(pygame.K_HOME)], 0.016)
    assert scene.selected == 0 and chosen_row_shows()


def test_new_game_at_150_percent_keeps_its_heading_and_scrolls_to_every_line(make_app: Any, ui: Any) -> None:
    """At 150% text the form's rows are as high as their words (never lower than at
    100%), its heading shows, and it scrolls: to each line the keys or a controller
    focus, with the wheel and Page Up/Down; a click on a scrolled rule set picks it."""
    from game.ui.scenes.new_game import NewGameScene
    from game.ui.scenes.new_game.form_geometry import form_layout
    from game.ui.drawing.text import TextCache

    plain = form_layout((1280, 800), TextCache())
    access.CURRENT.text_scale = 150
    app = make_app((1280, 800))
    scene = NewGameScene()
    app.push(scene)
    ui.settle(app, 2, 0.016)
    layout, column = scene.layout, scene.column
    assert layout is not None and layout.title is not None and plain.title is not None
    assert column.content is not None and column.overflows
    row, plain_row = layout.list_rows["matador"], plain.list_rows["matador"]
    assert row.height > plain_row.height and layout.label_size > plain.label_size
    assert layout_problems(scene) == []
    for _ in range(len(scene.row_order) + 1):  # the keys, through every line and round to the first
        app.step([ui.key(pygame.K_TAB)], 0.016)
        if scene.focus_key is not None:
            assert column.shows(layout.lines[scene.focus_key]), scene.focus_key
    scene.set_focus(None)
    app.step([ui.key(pygame.K_HOME)], 0.016)
    assert column.offset == 0
    for _ in range(30):  # a controller: the D-pad walks past the names, each line shown
        scene.handle_pad(PadPress(1, "down"))
        if scene.focus_key is not None:
            assert column.shows(layout.lines[scene.focus_key]), scene.focus_key
    scene.handle_pad(PadPress(1, "lb"))  # Page Up
    assert column.offset < column.max_offset
    app.step([ui.key(pygame.K_HOME)], 0.016)
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0)
    app.step([wheel], 0.016)
    assert 0 < column.offset
    leyden = column.to_screen(layout.list_rows["leyden"])
    assert column.view.contains(leyden)
    ui.click(app, leyden.center)
    assert scene.rule_id == "leyden"


def test_a_registered_slider_setting_moves_in_its_steps(make_app: Any, ui: Any) -> None:
    """A number setting with a slider is one entry too: its row, its steps by the keys,
    its words, the file."""
    from game.profile.settings import percent_word

    remove = register("music", Setting(0.5, "number", label=N_("Music"), low=0.0, high=1.0, step=0.1,
                                       control="slider", wording=percent_word, doc="Music."))
    try:
        app, scene = _settings_screen(make_app, ui, (1280, 800))
        slider, shown_value = scene.sliders["music"]
        assert shown_value.text == "50%"
        while scene.focus_row != "music":
            app.step([ui.key(pygame.K_DOWN)], 0.016)
        app.step([ui.key(pygame.K_RIGHT)], 0.016)
        assert scene.settings.get("music") == pytest.approx(0.6) and shown_value.text == "60%"
        assert slider.get_current_value() == 60
        app.step([ui.key(pygame.K_LEFT)] * 9, 0.016)
        assert scene.settings.get("music") == 0.0 and shown_value.text == "0%"
        assert layout_problems(scene) == []
        app.pop()  # leaving saves what a slider left unsaved
        assert load_settings()[0].get("music") == 0.0
    finally:
        remove()
