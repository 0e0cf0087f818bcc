"""Every entry of the game's registries, each read when the tests are collected
(so an entry registered there is tested here with nothing else added), meets
what the screens need of it (docs/architecture.md, *How to add ...*):

- a computer level: a seat kind of the command line; New game and Host offer it
  (if it is offered); Past matches name it;
- a rule set: its words, its page of the Rules screen, its row in New game's
  and Host's lists, reachable (the form scrolls when the rows are too many);
- a setting: on the Settings screen, a row (kept in the file and read back alone:
  tests/profile/test_settings_schema.py);
- a side panel: its toolbar tool, if it has one, opens and closes it at a live
  table at 640x480 and 1280x800, its header uncut;
- a toolbar tool: on a live table's toolbar at both sizes, its words uncut, and
  pressing it is handled; the network table's tools are the shared ones;
- a side screen: opened by name through the routes at both sizes, it fits and
  Esc leaves it.

(The engine's side: every level plays every rule set, tests/ai/test_levels.py;
every rule set's random playouts and goldens, tests/engine; every network
message, tests/net/shared/test_every_message.py.)"""

from __future__ import annotations

from typing import Any, Callable, Hashable

import pygame
import pytest

from game.ai import levels
from game.engine import RULE_SETS, PlayerInfo
from game.profile.settings import Settings, shown
from game.ui.shell import flow
from game.ui.shell.app import App
from game.ui.drawing.layout_check import layout_problems
from game.ui.table import HEADER_LEAST_W, PANELS, TOOLS, Panel, Tool, anyone_tools, card_surface, register_panel, register_tool, tool_names
from game.play.thinker import Thinker
from tests.ui.conftest import click, key, new_table

SIZES = [(640, 480), (1280, 800)]
YOU = PlayerInfo("You", "human", None)
BO = PlayerInfo("Bo", "computer", "random")


# Computer levels ---------------------------------------------------------------------
@pytest.mark.parametrize("level", levels.ids())
def test_every_level_is_a_seat_kind_everywhere(level: str) -> None:
    from game.commands.cli import parse
    from game.archive.past_matches import Seat
    from game.ui.scenes.friends.friends_model import HostSetup
    from game.ui.scenes.new_game.setup import Setup
    from game.ui.scenes.past_matches_screen import seat_words
    from game.ui.shell.seat_choices import parse_seats

    entry = levels.resolve(level)
    seats = parse_seats(parse(["play", "--seats", f"Ann=human,{level}"]).seats)
    assert [s.kind for s in seats] == ["human", level]
    assert seat_words(Seat("Cpu", "computer", level)) == f"Cpu ({entry.label})"
    assert (level in Setup().kinds) == (level in HostSetup().kinds) == entry.offered


# Rule sets ---------------------------------------------------------------------------
@pytest.mark.parametrize("rule_id", list(RULE_SETS))
def test_every_rule_set_has_its_words_and_its_page(rule_id: str) -> None:
    from game.ui.scenes.rules_text import RULE_PAGES, pages
    from game.words.rule_sets import WORDS, summary, title

    assert title(rule_id) and summary(rule_id) and WORDS[rule_id].page in RULE_PAGES
    assert [page.id for page in pages()].count(rule_id) == 1


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("form_name", ["new-game", "host"])
def test_every_rule_set_has_its_row_in_new_game_and_host(make_app: Callable[..., App], form_name: str, size: tuple[int, int]) -> None:
    """Each rule set's row above Back, or within the form that scrolls (one form a
    size for every rule set: the places do not depend on the one chosen)."""
    from game.ui.scenes.friends import HostScene
    from game.ui.scenes.new_game import NewGameScene

    app = make_app(size)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    form = NewGameScene() if form_name == "new-game" else HostScene()
    app.push(form)
    app.step([], 0.016)
    assert list(form.list_rows) == list(RULE_SETS)
    layout = form.layout
    assert layout is not None
    for rule_id in RULE_SETS:
        row = layout.lines[f"rule:{rule_id}"]
        if layout.content_h:  # it scrolls: every row lies within what scrolls
            assert row.bottom <= layout.content_h, rule_id
        else:  # all of it shows: above the hint and Back
            assert row.bottom <= layout.hint_pos[1] <= layout.back.top, rule_id


# Settings ----------------------------------------------------------------------------
@pytest.mark.parametrize("key_name", [s.key for s in shown()])
def test_every_shown_setting_has_a_row_on_the_settings_screen(make_app: Callable[..., App], key_name: str) -> None:
    from game.ui.scenes.settings_screen import BESIDE_BACK, SettingsScene

    app = make_app((1280, 800))
    scene = SettingsScene()
    app.push(scene)
    app.step([], 0.016)
    assert key_name in scene.row_rects and key_name in scene.focus_order
    if key_name != BESIDE_BACK:
        assert key_name in [k for k, _label, _help in scene.rows()]


# Side panels and toolbar tools --------------------------------------------------------
def live_table(app: App) -> Any:
    table = new_table(app, "matador", [YOU, BO], seed=3)
    app.step([], 0.016)
    return table


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("index", range(len(PANELS)), ids=[make().name for make in PANELS])
def test_every_panel_opens_and_closes_from_its_tool(make_app: Callable[..., App], index: int, size: tuple[int, int]) -> None:
    name, tool = PANELS[index]().name, PANELS[index]().tool
    assert tool is None or tool in TOOLS  # a panel's tool is one of the toolbar's
    if tool is None:
        return  # (opened otherwise: what the table knows, by its setting)
    app = make_app(size)
    table = live_table(app)
    button = table.toolbar.tools[tool]
    click(app, button.rect.center)
    app.step([], 0.016)
    assert name in table.board.regions.panels and table.panel(name).is_open(table)
    app.draw(app.surface)
    assert layout_problems(table) == [] and table.board.regions.header.width >= HEADER_LEAST_W
    click(app, button.rect.center)
    app.step([], 0.016)
    assert name not in table.board.regions.panels


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("tool", list(TOOLS))
def test_every_tool_is_on_the_toolbar_and_handled(make_app: Callable[..., App], tool: str, size: tuple[int, int]) -> None:
    app = make_app(size)
    table = live_table(app)
    assert list(table.toolbar.tools) == tool_names(True) and tool in table.toolbar.tools  # one person against a computer
    button = table.toolbar.tools[tool]
    regions = table.board.regions
    assert regions.toolbar.contains(button.rect) and not button.rect.colliderect(regions.header)
    app.draw(app.surface)
    assert layout_problems(table) == [] and regions.header.width >= HEADER_LEAST_W
    table.aids.hint_budget_s = 0.01  # (the hint's search: a short one)
    paused: list[object] = []
    table.on_pause = paused.append  # (the menu: what the app's flow gives a table)
    app.step([], 0.016)
    click(app, button.rect.center)
    app.step([], 0.016)
    assert app.scenes[0] is table  # pressed and handled, the table goes on
    if tool == "menu":
        assert paused == [table]


def test_the_network_table_shows_the_shared_tools(make_app: Callable[..., App], tmp_path: Any) -> None:
    from tests.ui.table.modes.test_net_table_panels import Served, open_table

    served = Served(tmp_path, seed=11)
    try:
        app = make_app((1280, 800))
        table = open_table(app, served.ann)
        assert list(table.toolbar.tools) == [name for name, t in TOOLS.items() if t.shared] == tool_names(False, shared=True)
    finally:
        served.close()


# Side screens ------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(flow.SIDE_SCREENS))
def test_every_side_screen_opens_by_name_fits_and_esc_leaves_it(make_app: Callable[..., App], name: str, size: tuple[int, int]) -> None:
    from game.ui.scenes.title import TitleScene

    app = make_app(size)
    app.routes.open_title()
    app.step([], 0.016)
    assert app.routes.open_side(name) is True
    app.step([], 0.016)
    app.draw(app.surface)
    screen = app.top
    assert not isinstance(screen, TitleScene) and layout_problems(screen) == []
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert isinstance(app.top, TitleScene) and len(app.scenes) == 1


# What the proof's changes met (docs/architecture.md, *The four changes made by the lists alone*)
class Extra(Panel):
    """A panel that is its name, its tool and its picture: opening and closing are Panel's."""

    name = "extra"
    tool = "extra"

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, content: Hashable) -> None:
        surface.blit(card_surface(rect.size), rect.topleft)


def test_a_seventh_tool_and_its_panel_fit_at_640x480(make_app: Callable[..., App]) -> None:
    """One Tool and one panel entry: the live table's toolbar narrows to hold it with
    the header uncut, and the tool opens and closes the panel (no code of its own)."""
    remove_tool = register_tool(Tool("extra", "Extra", shared=True, anyone=True))
    remove_panel = register_panel(Extra)
    try:
        assert "extra" in tool_names(False, shared=True) and "extra" in anyone_tools()
        app = make_app((640, 480))
        table = live_table(app)
        assert len(table.toolbar.tools) == len(tool_names(True)) and list(table.toolbar.tools)[-2:] == ["extra", "menu"]
        app.draw(app.surface)
        regions = table.board.regions
        assert layout_problems(table) == [] and regions.header.width >= HEADER_LEAST_W
        assert all(regions.toolbar.contains(b.rect) for b in table.toolbar.tools.values())
        click(app, table.toolbar.tools["extra"].rect.center)
        app.step([], 0.016)
        assert "extra" in table.board.regions.panels
        click(app, table.toolbar.tools["extra"].rect.center)
        app.step([], 0.016)
        assert "extra" not in table.board.regions.panels
    finally:
        remove_panel()
        remove_tool()
    assert "extra" not in TOOLS


def test_nine_rule_sets_scroll_in_new_game_at_640x480(make_app: Callable[..., App]) -> None:
    """Three more rule sets (nine today): the form scrolls, every row within it."""
    from contextlib import ExitStack

    from game.engine import RuleSetInfo, registered_rule_set
    from game.ui.scenes.new_game import NewGameScene
    from game.words.rule_sets import RuleSetWords, registered_words

    with ExitStack() as stack:
        for n in range(3):
            rule_id = f"test-more-{n}"
            stack.enter_context(registered_rule_set(RuleSetInfo(rule_id, "matador", 200 + n, 2, 4, RULE_SETS["matador"].defaults)))
            stack.enter_context(registered_words(rule_id, RuleSetWords(f"More {n}", "Matador again.", "matador")))
        app = make_app((640, 480))
        app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
        form = NewGameScene()
        app.push(form)
        app.step([], 0.016)
        layout = form.layout
        assert layout is not None and layout.content_h > layout.view.height > 0  # it scrolls
        assert all(layout.lines[f"rule:{rule_id}"].bottom <= layout.content_h for rule_id in RULE_SETS)
        assert form.column.content is not None
