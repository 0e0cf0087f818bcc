"""Memory across window sizes (issue 37): the window asks SDL for its plain
framebuffer; the caches keep to byte budgets and let go of their pictures when
the window changes size; a review or a past match opened after resizes to a
large window keeps no picture of the sizes before."""

from __future__ import annotations

import gc
import os
import random
import types
from typing import Any

import pygame
import pytest

from game.ai.coach import Budget
from game.engine import Match, PlayerInfo, Rules
from game.ui.drawing.surface_cache import surface_bytes
from game.ui.drawing.text import TextCache
from game.play.thinker import Thinker
from game.ui.shell.window import FRAMEBUFFER_HINT

QUICK = Budget(deals=120, forced_deals=60, screen=40, keep=2, step=40, check_deals=120, strong_deals=0)


def test_the_window_asks_sdl_for_its_plain_framebuffer(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(FRAMEBUFFER_HINT, raising=False)
    make_app((640, 480))
    assert os.environ[FRAMEBUFFER_HINT] == "0"
    monkeypatch.setenv(FRAMEBUFFER_HINT, "1")  # the player's own choice is kept
    make_app((640, 480))
    assert os.environ[FRAMEBUFFER_HINT] == "1"


# Helpers ---------------------------------------------------------------------------------
def resize(app: Any, size: tuple[int, int], frames: int = 2) -> None:
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)], 0.016)
    for _ in range(frames - 1):
        app.step([], 0.016)


def pictures_held(root: object) -> list[pygame.Surface]:
    """Every surface reachable from ``root`` (the app: its screens, services, caches)."""
    found: dict[int, pygame.Surface] = {}
    seen: set[int] = set()
    todo = [root]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, (str, bytes, int, float, type, types.ModuleType, types.FunctionType)):
            continue
        seen.add(id(item))
        if isinstance(item, pygame.Surface):
            found[id(item)] = item
            continue
        todo.extend(gc.get_referents(item))
    return list(found.values())


def kept_matches(count: int = 2) -> None:
    from game.archive.past_matches import keep

    for seed in range(count):
        match = Match(Rules.from_base("matador", 2, {"target_score": None}), [PlayerInfo("You", "human", None), PlayerInfo("Cpu", "computer", "easy")], seed)
        rng = random.Random(seed)
        state = match.next_round()
        while not state.over:
            match.push(rng.choice(state.legal_moves()))
        assert keep(match, abandoned=False) is not None


# Caches bounded in bytes, let go when the window changes ---------------------------------
def test_the_tile_art_keeps_to_its_byte_budget_whatever_lengths_are_asked_for() -> None:
    from game.ui.drawing.tile_art import CACHE_BYTES, TileArt

    art = TileArt(cache_size=10_000)  # (many entries allowed: the bytes bound it)
    for length in range(40, 400, 6):
        for a, b in ((6, 6), (5, 2), (0, 0)):
            art.face(a, b, length, vertical=length % 12 == 0)
            art.ghost(a, b, length)
        art.highlight(length)
    assert 0 < art.cached_bytes() <= CACHE_BYTES
    assert art.cached_bytes() == sum(surface_bytes(s) for s in (art._cache.get(k) for k in list(art._cache)) if s is not None)


def test_a_resize_lets_go_of_the_pictures_made_for_the_size_before(make_app: Any, ui: Any) -> None:
    from game.ui.drawing.tile_art import TileArt

    app = make_app((1280, 800))
    app.services["art"] = TileArt()  # its own (the suite's shared art hands out other tests' felts)
    table = ui.new_table(app, "matador", [PlayerInfo("You", "human", None), PlayerInfo("Cpu", "computer", "easy")], seed=4)
    ui.settle(app, 5)
    art, renderer = app.services["art"], table.renderer
    lines = TextCache()
    lines.render("Matador", 30)
    assert art.cached_bytes() > 0 and lines.bytes > 0 and renderer._background is not None
    old_background = renderer._background[1]
    waiting = app._gui_theme.shape_cache.cache_short_term_lookup
    waiting["a look of the size before"] = {"surface": pygame.Surface((40, 40)), "uses": 1}
    app.resize((1500, 900))  # laid out again: nothing drawn yet
    assert art.cached_bytes() == 0 and lines.bytes == 0 and renderer._background is None
    assert "a look of the size before" not in waiting
    ui.settle(app, 2)
    assert renderer._background is not None and renderer._background[1] is not old_background
    assert renderer._background[1].get_size() == (1500, 900)
    assert all(key[:2] == (1500, 900) for key in art._tables)  # (the felts alive: this size's only)


def test_a_covered_menu_lets_go_of_its_pictures_and_is_drawn_the_same_once_uncovered(make_app: Any) -> None:
    app = make_app((1280, 800))
    app.routes.open_title()
    app.step([], 0.016)
    title = app.top
    before = pygame.image.tobytes(app.surface, "RGB")
    app.routes.open_side("rules")  # a screen that never draws the title
    app.step([], 0.016)
    assert title.rested and title.backdrop is None and title.picture is None
    resize(app, (1600, 1000))  # unseen: not laid out
    assert title.rested and title.size == (1600, 1000) and title.picture is None
    resize(app, (1280, 800))
    app.pop()
    app.step([], 0.016)
    assert not title.rested and title.backdrop is not None
    assert pygame.image.tobytes(app.surface, "RGB") == before


def test_a_menu_drawn_beneath_an_overlay_makes_its_pictures_again(make_app: Any) -> None:
    """Covered by a screen that never draws it, then by an overlay in that screen's
    place (``replace``): the overlay's backdrop shows the menu, not an empty window."""
    from game.ui.scenes.keep_saved import KeepSavedScene
    from game.ui.scenes.rules_screen import RulesScene

    app = make_app((1024, 700))
    app.routes.open_title()
    app.step([], 0.016)
    title = app.top
    before = pygame.image.tobytes(app.surface, "RGB")
    app.push(RulesScene())
    app.step([], 0.016)
    assert title.rested
    saved = Match(Rules.from_base("matador", 2), [PlayerInfo("You", "human", None), PlayerInfo("Cpu", "computer", "easy")], 1)
    saved.next_round()
    app.replace(KeepSavedScene(saved))
    assert not title.rested and title.backdrop is not None
    beneath = pygame.Surface(app.size)
    app.draw_below(app.top, beneath)
    assert pygame.image.tobytes(beneath, "RGB") == before


def test_a_past_match_opened_after_resizes_to_a_large_window_keeps_no_picture_of_the_sizes_before(make_app: Any) -> None:
    """The issue's run jumped from 541 to 1,083 MB when a past match was opened in a
    1913x1278 window after resizes; what is held then is of the window's size only."""
    kept_matches(2)
    app = make_app((1280, 800))
    app.services.update(thinker=Thinker("thread"), review_mode="inline", review_budget=QUICK)
    app.routes.open_title()
    app.step([], 0.016)
    sizes = [(1913, 1278), (640, 480), (2200, 560), (1000, 1400)]
    for size in sizes:
        resize(app, size)
    app.routes.open_past_matches()
    app.step([], 0.016)
    large = (2560, 1440)
    resize(app, large)
    from game.archive.past_matches import list_matches, load

    match = load(list_matches()[0].path)[0]
    assert match is not None
    app.routes.open_review(match, 0)
    for _ in range(4):
        app.step([], 0.016)
    held = pictures_held(app)
    old = [s.get_size() for s in held if s.get_size() in sizes or s.get_size() == (1280, 800)]
    assert old == []
    assert all(s.get_width() <= large[0] and s.get_height() <= large[1] for s in held)
    whole = [s for s in held if s.get_size() == large]
    # the window and the review's background; the title and Past matches beneath, covered, keep none
    assert len(whole) == 2, len(whole)  # (4 before: the felt kept by the tile art, Past matches' felt)
    assert [type(s).__name__ for s in app.scenes] == ["TitleScene", "PastMatchesScene", "TableScene"]
    assert all(getattr(s, "rested", True) for s in app.scenes[:-1])


def surfaces_alive_bytes() -> int:
    """The bytes of every pygame surface held by an object Python tracks, garbage
    not yet collected too (a subsurface's pixels are its parent's)."""
    found: dict[int, pygame.Surface] = {}
    for obj in gc.get_objects():
        for ref in gc.get_referents(obj):
            if isinstance(ref, pygame.Surface) and id(ref) not in found:
                try:
                    if ref.get_parent() is None:
                        found[id(ref)] = ref
                except pygame.error:  # a picture of an earlier test's display, freed with it: no pixels
                    continue
    return sum(s.get_pitch() * s.get_height() for s in found.values())


def test_widgets_killed_by_a_relayout_let_go_of_their_pictures_before_the_collector_runs(make_app: Any) -> None:
    """The monkey's highest frames (332 MB at 2626x1573, tools/peakframes.py) were Past
    matches laid out again frame after frame as the window changed size: each layout's
    killed widgets (held in reference cycles until Python's collector ran) kept their
    looks and images, 251 MB of surfaces after four relayouts at sizes near 4K, 124 MB
    once collected. They keep none now: what is alive is what is shown."""
    from pygame_gui.core import UIElement

    kept_matches(6)
    app = make_app((1280, 800))
    app.routes.open_title()
    app.step([], 0.016)
    app.routes.open_past_matches()
    for _ in range(3):
        app.step([], 0.016)
    gc.collect()
    gc.disable()  # what the relayouts leave stays as it is left, until collected below
    try:
        for size in [(3840, 2160), (3637, 2048), (2626, 1573), (3840, 2160)]:
            resize(app, size, 1)
        manager = app.top.gui  # (a killed widget of another test's app may still be held by that test)
        killed = [o for o in gc.get_objects() if isinstance(o, UIElement) and not o.alive() and o.ui_manager is manager]
        assert killed  # (the old layouts' widgets, not collected yet)
        held = 0
        for element in killed:
            shape = getattr(element, "drawable_shape", None)
            for holder in [element, shape, *getattr(shape, "states", {}).values()]:
                for value in vars(holder).values() if holder is not None else ():
                    items = value if isinstance(value, list) else [value]
                    held += sum(s.get_pitch() * s.get_height() for s in items if isinstance(s, pygame.Surface))
        assert held == 0, held / 2**20
        before_collecting = surfaces_alive_bytes()
    finally:
        gc.enable()
    gc.collect()
    collected = surfaces_alive_bytes()
    # before: 251 MB against 124 MB (132 MB with the killed buttons' text layouts kept); now the same
    assert before_collecting <= collected + 2**20, (before_collecting / 2**20, collected / 2**20)


@pytest.mark.parametrize("route", ["open_friends", "open_join", "open_server", "open_lessons"])
def test_the_friends_screens_and_the_lessons_list_keep_what_they_draw_not_a_picture_of_the_whole_window(make_app: Any, route: str) -> None:
    """Each kept its words and panels on a see-through picture of the whole window,
    31.6 MB at 3840x2160 (Join under the monkey's highest frame after the relayouts'
    fix: 279.5 MB at 150% text); cut to what is drawn, 2-10 MB there."""
    app = make_app((1280, 800))
    app.routes.open_title()
    app.step([], 0.016)
    resize(app, (3840, 2160))
    getattr(app.routes, route)()
    app.step([], 0.016)
    picture = app.top.picture
    assert picture is not None
    assert surface_bytes(picture) <= 12 * 2**20, (picture.get_size(), surface_bytes(picture) / 2**20)
    x, y = app.top.picture_at
    assert x + picture.get_width() <= 3840 and y + picture.get_height() <= 2160
@pytest.mark.parametrize("screen", ["statistics", "rules", "past matches", "settings"])
def test_a_screen_closed_for_good_lets_go_of_its_pictures_at_once(make_app: Any, screen: str) -> None:
    """A screen taken off the stack keeps no picture of the window until Python's
    collector finds its reference cycles: Statistics left over the pause menu at
    3652x1661 and 150% text held 47 MB of surfaces for frames after it had gone
    (the monkey's --big runs, tools/memprobe.py). Summed surfaces, no timing."""
    app, scene = info_screen_at_4k(make_app, screen)
    assert sum(surface_bytes(p) for p in own_pictures(scene, app)) > 20_000_000  # its felt at least (33 MB)
    gc.disable()  # what the scene lets go of itself, not what the collector finds
    try:
        app.pop()
        held = sum(surface_bytes(p) for p in own_pictures(scene, app))
    finally:
        gc.enable()
    assert held < 1_000_000, f"{held / 1e6:.1f} MB kept by a closed {screen}"


def info_screen_at_4k(make_app: Any, screen: str) -> tuple[Any, Any]:
    """The app at 3840x2160 with ``screen`` open on it (two kept matches to list), after three frames."""
    from game.ui.scenes.past_matches_screen import PastMatchesScene
    from game.ui.scenes.rules_screen import RulesScene
    from game.ui.scenes.settings_screen import SettingsScene
    from game.ui.scenes.statistics_screen import StatisticsScene

    kept_matches(2)
    app = make_app((3840, 2160))
    make = {"statistics": StatisticsScene, "rules": RulesScene, "past matches": PastMatchesScene, "settings": SettingsScene}[screen]
    scene = make()
    app.push(scene)
    for _ in range(3):
        app.step([], 0.016)
    return app, scene


def own_pictures(scene: object, app: object) -> list[pygame.Surface]:
    """The surfaces reachable from ``scene`` but not through the app, a manager or
    the shared theme (what the scene holds itself, its widgets included)."""
    import pygame_gui
    from pygame_gui.core.interfaces import IUIManagerInterface

    found: dict[int, pygame.Surface] = {}
    seen: set[int] = {id(app)}
    todo: list[object] = [scene]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, (str, bytes, int, float, type, types.ModuleType, types.FunctionType)):
            continue
        seen.add(id(item))
        if isinstance(item, (IUIManagerInterface, pygame_gui.core.UIAppearanceTheme)):
            continue
        if isinstance(item, pygame.Surface):
            found[id(item)] = item
            continue
        todo.extend(gc.get_referents(item))
    return list(found.values())


@pytest.mark.parametrize("screen", ["statistics", "rules", "past matches", "settings"])
def test_an_information_screen_holds_one_picture_of_the_window_and_none_when_covered(make_app: Any, screen: str) -> None:
    """Settings over Statistics at 2875x2114 and 150% text made the monkey's highest
    frame (312 MB): Settings held its felt beside a see-through panel of nearly the
    window's size (17.5 MB), and Statistics, covered, still held its inset (14 MB).
    The felt, the panel and the insets are now one picture, and a covered screen
    keeps none of its own. Summed surfaces, no timing."""
    from game.ui.scenes.settings_screen import SettingsScene
    from game.ui.scenes.statistics_screen import StatisticsScene

    app, scene = info_screen_at_4k(make_app, screen)
    window = 3840 * 2160 * 4
    large = [p.get_size() for p in own_pictures(scene, app) if surface_bytes(p) >= window // 2]
    assert large == [(3840, 2160)], large  # the backdrop alone
    app.push(SettingsScene() if screen != "settings" else StatisticsScene())
    for _ in range(3):
        app.step([], 0.016)
    held = sum(surface_bytes(p) for p in own_pictures(scene, app))
    assert held < 1_000_000, f"{held / 1e6:.1f} MB kept by a covered {screen}"
    app.pop()
    app.step([], 0.016)  # uncovered: laid out again, its backdrop back
    assert any(surface_bytes(p) == window for p in own_pictures(scene, app))


def test_a_lists_rows_keep_the_look_they_show_and_are_drawn_the_same(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past matches at 3840x2160 and 150% text with forty matches kept held 286 MB:
    each of its 28 rows kept six pictures as wide as the list (four looks and a
    blank one to start them from), 90 MB. A row now keeps the look it shows; the
    others are drawn again when it is hovered or chosen, and every frame of a walk
    over the list (hovers, a click, the arrow keys) is the same, pixel for pixel,
    as with every look kept. Surfaces counted, no timing."""
    from game.ui.drawing import gui_theme

    kept_matches(5)

    def walk(app: Any) -> list[bytes]:
        app.routes.open_title()
        app.step([], 0.016)
        app.routes.open_past_matches()
        for _ in range(3):
            app.step([], 0.016)
        rows = [item["button_element"] for item in app.top.match_list.item_list if item["button_element"] is not None]
        assert len(rows) == 5
        frames: list[bytes] = []
        moves = [pygame.event.Event(pygame.MOUSEMOTION, pos=rows[i].rect.center, rel=(1, 1), buttons=(0, 0, 0)) for i in (1, 2, 2, 3)]
        click = rows[2].rect.center
        steps: list[list[pygame.event.Event]] = [[m] for m in moves] + [
            [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=click, button=1)],
            [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=click, button=1)],
            [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))],
            [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)],
        ]
        for events in steps:
            for _ in range(3):
                app.step(events, 0.016)
                events = []
            frames.append(pygame.image.tobytes(app.surface, "RGB"))
        return frames

    lean = make_app((1600, 1000))
    leaned = walk(lean)
    rows = [item["button_element"] for item in lean.top.match_list.item_list if item["button_element"] is not None]
    for row in rows:
        shape = row.drawable_shape
        looks = [name for name, state in shape.states.items() if state.surface is not None and state.surface.get_width() > 0]
        assert looks == [shape.active_state.state_id], looks  # (before: normal, hovered, selected, active)
        assert shape.base_surface is None
    assert lean.top.selected != 0  # the click and the key chose another match
    lean.close()
    monkeypatch.setattr(gui_theme, "lean_list_rows", lambda manager: 0)
    kept = walk(make_app((1600, 1000)))
    assert leaned == kept


def test_past_matches_walked_with_the_keys_selects_in_place_and_builds_nothing_anew(make_app: Any, ui: Any) -> None:
    """Each step of the arrow keys laid the whole screen out again: at 3428x2015 and
    150% text, 240 ms and 120 MB a step (the half hour's highest frames, 332 MB). The
    list now moves its selection in place and keeps it in view; the panel below tells
    the chosen match."""
    kept_matches(20)
    app = make_app((800, 600))
    app.routes.open_title()
    app.step([], 0.016)
    app.routes.open_past_matches()
    app.step([], 0.016)
    scene = app.top
    shown = scene.match_list
    assert shown is not None and scene.visible_rows() < 20  # (the list scrolls)
    others = [scene.review_button, scene.back_button]
    details = [scene._detail]
    for step in range(1, 20):
        app.step([ui.key(pygame.K_DOWN)], 0.016)
        assert scene.selected == step and scene.match_list is shown
        assert scene.rows[shown.get_single_selection()] == step
        button = shown.item_list[step]["button_element"]
        assert button is not None and button.is_selected  # in view, and lit
        assert [i for i, item in enumerate(shown.item_list) if item["selected"]] == [step]
        assert scene._detail is not details[-1]
        details.append(scene._detail)
    assert [scene.review_button, scene.back_button] == others and all(w is not None and w.alive() for w in others)  # nothing built anew
    app.step([ui.key(pygame.K_HOME)], 0.016)
    assert scene.selected == 0 and shown.item_list[0]["button_element"] is not None
    assert shown.item_list[0]["button_element"].is_selected and shown.item_list[19]["button_element"] is None
    assert pygame.image.tobytes(scene._detail, "RGBA") == pygame.image.tobytes(details[0], "RGBA")


@pytest.mark.parametrize("screen", ["new game", "host"])
def test_a_form_that_does_not_scroll_lies_on_its_felt_once_and_is_drawn_the_same(make_app: Any, screen: str) -> None:
    """New game and Host held the felt and the form's see-through panels apart, two
    pictures of the window (the half-hour soak's highest frames were Host's, 298.8 MB
    at 2856x1956 and 150% text). A form that does not scroll lies on a copy of the
    felt instead; the screen is drawn the same, pixel for pixel. One that scrolls
    keeps its picture apart (it moves over the felt)."""
    from game.ui.drawing.menu import shared_felt, tile_art
    from game.ui.scenes.new_game.form_draw import form_art
    from tests.ui.scenes.test_flowing_layouts import crowded_registries

    with crowded_registries():  # eight rule sets (and more settings): the form scrolls at 640x480
        app = make_app((640, 480))
        form = opened(app, screen)
        assert form.layout is not None and form.layout.content_h > 0  # its picture apart, over the shared felt
        assert form.art is not None and form.art.picture is not None
        assert form.backdrop is shared_felt(tile_art(form), app.size, form.darken)
        app.routes.open_title()
    size = (1600, 1000)
    app = make_app(size)
    form = opened(app, screen)
    assert form.layout is not None and form.art is not None and not form.layout.content_h
    assert form.art.picture is None and form.backdrop is not shared_felt(tile_art(form), size, form.darken)
    whole = [p for p in pictures_held(app) if p.get_size() == size and p is not app.surface]
    assert whole == [form.backdrop]  # one picture of the window (beside the window's own)
    laid = pygame.Surface(size)
    form.draw(laid)
    form.backdrop = shared_felt(tile_art(form), size, form.darken)  # the felt and the picture apart, as before
    form.art = form_art(form.text, form.layout)
    apart = pygame.Surface(size)
    form.draw(apart)
    assert pygame.image.tobytes(laid, "RGB") == pygame.image.tobytes(apart, "RGB")


def opened(app: Any, screen: str) -> Any:
    """New game or Host, opened from the title and drawn once."""
    app.routes.open_title()
    app.step([], 0.016)
    app.routes.open_new_game() if screen == "new game" else app.routes.open_host()
    app.step([], 0.016)
    return app.top
