"""What the game keeps per window size is bounded: resized through many sizes,
the table's pictures, the tile art and the text stay within their budgets
(resizing every frame for 30 s once grew the game from 80 to 412 MB)."""

from __future__ import annotations

import random
import types
from typing import Any

import pygame
import pytest

from game.engine import PlayerInfo
from game.ui.drawing.surface_cache import SurfaceCache, surface_bytes
from game.ui.drawing import text as text_module
from game.ui.shell import flow
from game.ui.drawing.text import FONTS_KEPT, LINES_BYTES, TextCache
from game.ui.drawing.tile_art import CACHE_BYTES as ART_BYTES


def test_a_surface_cache_keeps_to_its_budget() -> None:
    cache = SurfaceCache(1000 * 1000 * 4, 50)
    for n in range(30):
        cache.cached(("big", n), lambda: pygame.Surface((600, 600)))
        assert cache.bytes <= 1000 * 1000 * 4 or len(cache) == 1
    assert cache.get(("big", 29)) is not None and cache.get(("big", 0)) is None
    assert cache.bytes == sum(surface_bytes(cache.get(("big", n)) or pygame.Surface((0, 0))) for n in range(30) if cache.get(("big", n)) is not None)
    huge = cache.put("huge", pygame.Surface((2000, 2000)))  # alone over the budget: still kept, it is drawn now
    assert cache.get("huge") is huge and len(cache) == 1
    for n in range(80):
        cache.cached(("small", n), lambda: pygame.Surface((2, 2)))
    assert len(cache) == 50


def test_text_keeps_a_few_fonts_and_lines_within_budget() -> None:
    text = TextCache()
    for size in range(8, 120):
        text.render("Matador", size)
        text.fit("The quick brown fox jumps over the lazy dog " * 50, 300, size)
    assert len(text_module.FONTS) <= FONTS_KEPT
    assert text._lines.bytes <= LINES_BYTES


def test_every_screen_shares_its_fonts_and_keeps_a_few() -> None:
    """Each screen's text kept its own fonts (about half a megabyte each once used),
    and the information screens kept every size ever asked for: 37 fonts alive
    with three screens open at 150% text in the monkey's runs."""
    from game.ui.scenes.info import ui_font

    before = _fonts_alive()  # (in a whole run, what earlier tests' apps still hold)
    first, second = TextCache(), TextCache()
    assert first.font(24) is second.font(24) and first.font(24, True) is second.font(24, True)
    assert first.font(24) is not first.font(24, True)
    points = round(32 * text_module.DEFAULT_FONT_SCALE)
    assert ui_font(points) is first.font(32)  # the same file at the same size: one font
    assert ui_font(points, italic=True) is not ui_font(points)
    for size in range(8, 120):
        ui_font(size)
        ui_font(size, True, True)
        TextCache().render("Matador", size)
    assert len(text_module.FONTS) <= FONTS_KEPT
    assert _fonts_alive() <= before + FONTS_KEPT  # the 336 fonts asked for: the shared cache's few are all that stay


def test_shared_fonts_survive_the_font_module_started_again() -> None:
    """pygame.quit (a test's app closed, the game's end) makes every font made before unusable."""
    before = TextCache().font(21)
    pygame.font.quit()
    pygame.font.init()
    after = TextCache().font(21)
    assert after is not before and after.size("Matador")[0] > 0


def test_a_long_text_is_cut_quickly_and_fits() -> None:
    text = TextCache()
    line = text.fit("x" * 200_000, 240, 20)
    assert line.get_width() <= 240


def test_the_table_resized_through_many_sizes_stays_within_budget(make_app: Any, ui: Any) -> None:
    app = make_app((1280, 800))
    table = ui.new_table(app, "matador", [PlayerInfo("You", "human", None), PlayerInfo("Cpu", "computer", "easy")], seed=4)
    rng = random.Random(4)
    for _ in range(40):
        size = (rng.randint(640, 1920), rng.randint(480, 1080))
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)], 0.016)
    renderer = table.renderer
    assert renderer._cache.bytes <= renderer._cache.max_bytes <= 32 * 1024 * 1024
    assert app.services["art"]._cache.bytes <= ART_BYTES


def test_menus_share_their_felt_and_the_title_keeps_one_picture_of_the_window(make_app: Any) -> None:
    """The title, Play with friends and Join a table each kept a copy of the felt
    (8 MB each at 1920x1080), the title another picture of the whole window
    over it, and the tile art the felt at its last three window sizes."""
    from game.ui.drawing.menu import shared_felt

    app = make_app((1280, 800))
    art = app.services["art"]
    felt = shared_felt(art, (1280, 800), 70)
    assert shared_felt(art, (1280, 800), 70) is felt and shared_felt(art, (1280, 800), 60) is not felt
    app.routes.open_title()
    app.routes.open_lessons()
    lessons = app.top
    assert lessons.backdrop is felt
    title = app.scenes[-2]
    whole = [v for v in vars(title).values() if isinstance(v, pygame.Surface) and v.get_size() == app.size]
    # its felt, shared; its words cut to what is drawn (it drew them onto a copy of the felt)
    assert whole == [title.backdrop] and title.backdrop is felt
    assert title.picture is not None and title.picture.get_width() < app.size[0] // 2
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700))], 0.016)
    assert lessons.backdrop is not felt and lessons.backdrop.get_size() == (1000, 700)
    # the felt at the window's size (the menus': veiled), and the one this test holds: the art keeps none itself
    import gc

    gc.collect()  # (what an earlier test in this process left for the collector, gone)
    assert sorted(art._tables) == [(1000, 700, 70), (1280, 800, 70)]


# Widget managers share one theme -------------------------------------------------------------
def _alive(kind: type) -> list[Any]:
    import gc

    gc.collect()
    return [o for o in gc.get_objects() if isinstance(o, kind)]


def _fonts_alive() -> int:
    """pygame fonts reachable from any object the collector knows (pygame_gui's and the game's)."""
    import gc

    gc.collect()
    seen: set[int] = set()
    for holder in gc.get_objects():
        for held in gc.get_referents(holder):
            if isinstance(held, pygame.font.Font):
                seen.add(id(held))
    return len(seen)


def test_every_manager_at_one_text_size_shares_one_theme(make_app: Any) -> None:
    """Each pygame_gui manager made its own theme: its own 15 fonts and its own
    4 MB picture of drawn shapes, 13 MB a manager (up to 18 alive at once)."""
    app = make_app((1280, 800))
    managers = [app.make_gui_manager() for _ in range(4)]
    assert len({id(m.get_theme()) for m in managers}) == 1
    fonts = managers[0].get_theme().get_font_dictionary()
    assert all(m.get_theme().get_font_dictionary() is fonts for m in managers)
    import i18n

    assert len(i18n.load_path) == len(set(i18n.load_path))  # each manager added pygame_gui's folder again


def test_opening_and_closing_every_screen_keeps_the_same_fonts_and_themes(make_app: Any) -> None:
    app = make_app((1280, 800))
    pygame.event.clear()  # pygame_gui's events from earlier tests hold their widgets (and themes)
    routes = app.routes

    def tour() -> None:
        routes.open_title()
        for side in list(flow.SIDE_SCREENS):
            routes.open_side(side)
            app.step([], 0.016)
            app.pop()
        routes.open_past_matches()
        app.step([], 0.016)
        routes.open_title()
        routes.open_lessons()
        app.step([], 0.016)
        routes.open_new_game()
        app.step([], 0.016)
        routes.open_title()
        app.step([], 0.016)

    tour()
    fonts = _fonts_alive()
    for _ in range(3):
        tour()
        managers = [scene.gui for scene in app.scenes if getattr(scene, "gui", None) is not None] + app._gui_pool
        assert len(managers) >= 2 and len({id(m.get_theme()) for m in managers}) == 1
    assert _fonts_alive() <= fonts


def test_a_new_text_size_leaves_one_theme_and_no_old_widgets(make_app: Any) -> None:
    """With a larger text size the widgets' size follows the window's: each resize
    across a 5% step gave every screen a new manager and theme, and the old ones
    (13 MB each) waited in reference cycles for the collector: up to 5 themes and
    15 managers were alive at once while the monkey resized."""
    import gc

    from pygame_gui.core import UIAppearanceTheme

    from game.ui.drawing import access

    app = make_app((1280, 800))
    pygame.event.clear()
    app.routes.open_title()
    app.routes.open_side("settings")
    app.step([], 0.016)
    access.CURRENT.text_scale = 150
    try:
        app.follow_access()
        rng = random.Random(9)
        before = {id(o) for o in _alive(UIAppearanceTheme) if o is not app._gui_theme}  # other tests', held by their events
        restyles, last = 0, id(app._gui_theme)
        gc.disable()  # what is freed must be freed by the game itself, not by a collection that happens to run
        try:
            for _ in range(12):
                size = (rng.randint(640, 1280), rng.randint(480, 800))
                # The queue is read each frame, as the real loop does: a hovered button's
                # events (posted by pygame_gui) hold it, and its theme, until they are read.
                resize = pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)
                app.step(pygame.event.get() + [resize], 0.016)
                app.step(pygame.event.get(), 0.016)
                themes = [o for o in gc.get_objects() if isinstance(o, UIAppearanceTheme) and id(o) not in before]
                assert themes == [app._gui_theme], f"{len(themes)} new themes alive at {size}"
                del themes  # (this test's own reference)
                restyles += id(app._gui_theme) != last
                last = id(app._gui_theme)
        finally:
            gc.enable()
        assert restyles >= 6  # the text size did change with the window's
    finally:
        access.reset()
        app.follow_access()


# Memory given back to the system ------------------------------------------------------------
def test_tidy_collects_when_the_screens_change_and_gives_back_once_a_second_while_resizing() -> None:
    from game.ui.shell.memory import Tidy

    class FakeApp:
        def __init__(self) -> None:
            self.scenes: list[object] = [object()]
            self.size = (800, 600)
            self.restyles = 0

    now = [0.0]
    tidy = Tidy(clock=lambda: now[0])
    app = FakeApp()
    tidy(app)  # the first frame: nothing was closed yet, and the title is not held back
    assert (tidy.collections, tidy.trims) == (0, 0)
    app.scenes = [object()]  # another screen
    tidy(app)
    assert (tidy.collections, tidy.trims) == (1, 1)
    tidy(app)  # nothing changed
    assert (tidy.collections, tidy.trims) == (1, 1)
    for i in range(20):  # resized every frame for half a second
        now[0] += 0.025
        app.size = (800 + i, 600)
        tidy(app)
    assert (tidy.collections, tidy.trims) == (1, 1)
    for i in range(20):  # and on, past a second since the last
        now[0] += 0.05
        app.size = (900 + i, 600)
        tidy(app)
    assert (tidy.collections, tidy.trims) == (2, 2)
    now[0] += 0.05
    tidy(app)  # the first frame at a size left alone
    assert (tidy.collections, tidy.trims) == (3, 3)
    now[0] = 5.0
    tidy(app)  # not resized since
    assert tidy.trims == 3
    app.scenes.append(object())
    tidy(app)
    assert (tidy.collections, tidy.trims) == (4, 4)
    app.restyles = 1  # a new text size: the old widgets' events are taken from the queue next frame
    tidy(app)
    assert tidy.collections == 4
    tidy(app)
    assert (tidy.collections, tidy.trims) == (5, 5)
    tidy(app)
    assert (tidy.collections, tidy.trims) == (5, 5)


def test_tidy_collects_what_a_resize_left_on_the_first_frame_at_the_new_size() -> None:
    """Each screen laid out again leaves its old widgets in reference cycles; a
    resize was followed by a trim only (at most once a second), so they and the
    heap's freed pages stayed until the screens changed: 20-25 MB with Settings
    over the pause menu over the table at 150% text in a large window."""
    import gc
    import weakref

    from game.ui.shell.memory import Tidy

    class Widget:
        def __init__(self) -> None:
            self.me = self  # a reference cycle, as a widget and its drawable shape are
            self.look = pygame.Surface((64, 64))

    class FakeApp:
        def __init__(self) -> None:
            self.scenes: list[object] = [object()]
            self.size = (800, 600)
            self.restyles = 0

    now = [0.0]
    tidy = Tidy(clock=lambda: now[0])
    app = FakeApp()
    tidy(app)
    app.scenes = [object()]
    tidy(app)  # a change of screen: collected and given back at 0.0
    now[0] = 0.2
    app.size = (900, 650)  # within a second of the last trim: nothing yet
    old = Widget()
    gone = weakref.ref(old)
    del old  # the old widget, laid out again: garbage in a cycle
    gc.disable()  # freed by Tidy, not by a collection that happens to run
    try:
        tidy(app)
        assert gone() is not None
        now[0] = 0.25
        tidy(app)  # the size left alone
        assert gone() is None
        collections = tidy.collections
        tidy(app)
        assert tidy.collections == collections  # once
    finally:
        gc.enable()


def test_tidy_frees_what_was_frozen_at_the_start_and_is_garbage_now() -> None:
    """``App.run`` freezes what the start made; the first title screen and the
    first text size's theme, held in reference cycles, were then never freed
    (25 MB after 40 s of the monkey). Tidy's collection reaches them, and what
    is still alive is frozen again."""
    import gc
    import weakref

    from game.ui.shell.memory import Tidy

    class Screen:
        def __init__(self) -> None:
            self.me = self  # a reference cycle, as a screen and its widgets are
            self.picture = pygame.Surface((64, 64))

    class FakeApp:
        def __init__(self) -> None:
            self.scenes: list[object] = [Screen()]
            self.size = (800, 600)
            self.restyles = 0

    app = FakeApp()
    tidy = Tidy()
    tidy(app)
    first = weakref.ref(app.scenes[0])
    kept = Screen()
    gc.freeze()  # as App.run does after the first frames
    try:
        app.scenes = [object()]  # the first screen closed
        tidy(app)
        assert first() is None
        assert gc.get_freeze_count() > 0 and kept.me is kept  # the rest frozen again
    finally:
        gc.unfreeze()


def test_big_pictures_are_mapped_on_their_own_and_go_back_when_freed() -> None:
    """A picture of 256 kB to 1 MB (a button drawn at four times its size, a line of
    text across the window) went into glibc's heap between small objects that
    live on, and once freed was kept there: the heap held 100-300 MB freed in
    the monkey's runs. (In a fresh process: glibc serves a block from free heap
    space when it has some, whatever its size.)"""
    import subprocess
    import sys

    if not sys.platform.startswith("linux"):
        pytest.skip("glibc only")
    code = """
import ctypes, os, sys
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import pygame
from game.ui.shell.memory import MMAP_THRESHOLD, return_big_allocations
class MallInfo(ctypes.Structure):
    _fields_ = [(n, ctypes.c_size_t) for n in "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split()]
libc = ctypes.CDLL(None)
if not hasattr(libc, "mallinfo2") or not return_big_allocations():
    sys.exit(3)
libc.mallinfo2.restype = MallInfo
mapped = libc.mallinfo2().hblkhd
side = int((MMAP_THRESHOLD * 2 / 4) ** 0.5)  # twice the threshold, at 4 bytes a pixel
picture = pygame.Surface((side, side), pygame.SRCALPHA)
grown = libc.mallinfo2().hblkhd - mapped
size = picture.get_pitch() * picture.get_height()
del picture
print(grown >= size, libc.mallinfo2().hblkhd - mapped < MMAP_THRESHOLD)
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    if done.returncode == 3:
        pytest.skip("not glibc, or glibc before 2.33")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]


def test_no_widget_keeps_its_four_times_drawing(make_app: Any) -> None:
    """pygame_gui draws a rounded widget at four times its size and kept that picture
    while the widget's screen was covered, and after each look drawn later: 38 MB
    on Settings over the title at 150% text in a 1920x1080 window."""
    from game.ui.drawing import access
    from game.ui.drawing.gui_theme import TEMPORARY_SHAPES

    def kept() -> int:
        total = 0
        for scene in app.scenes:
            gui = getattr(scene, "gui", None)
            for sprite in gui.get_sprite_group().sprites() if gui is not None else []:
                shape = getattr(sprite, "drawable_shape", None)
                for name in TEMPORARY_SHAPES:
                    picture = getattr(shape, name, None)
                    total += picture.get_pitch() * picture.get_height() if picture is not None else 0
        return total

    app = make_app((1920, 1080))
    access.CURRENT.text_scale = 150
    try:
        app.follow_access()
        app.routes.open_title()
        app.step([], 0.016)
        app.routes.open_side("settings")
        app.step([], 0.016)
        shapes = [s.drawable_shape for s in app.top.gui.get_sprite_group().sprites() if getattr(s, "drawable_shape", None) is not None]
        assert sum(len(shape.states_to_redraw_queue) for shape in shapes) > 0  # looks still to draw
        assert kept() == 0  # it was kept meanwhile (15 MB)
        for _ in range(3):
            app.step([], 0.016)
        assert kept() == 0
        top = app.top
        for rect in [s.rect for s in top.gui.get_sprite_group().sprites()][:40]:  # each widget hovered: its hovered look drawn
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
        app.step([], 0.016)
        assert kept() == 0
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1900, h=1060, size=(1900, 1060))], 0.016)  # the title too is laid out again
        app.step([], 0.016)
        assert kept() == 0
    finally:
        access.reset()
        app.follow_access()


def test_a_screen_opened_during_an_update_keeps_no_four_times_drawing(make_app: Any) -> None:
    """A screen opened by the top screen's update (a button pressed, Back) was built
    after that frame's drawings were let go: the title's buttons held 44 MB
    of them at 150% text in 1920x1080 until the next frame."""
    from game.ui.drawing.gui_theme import TEMPORARY_SHAPES
    from game.ui.shell.scene import Scene

    app = make_app((1920, 1080))

    class Opener(Scene):
        def update(self, dt: float) -> None:
            assert self.app is not None
            self.app.routes.open_side("settings")

    app.routes.open_title()
    app.step([], 0.016)
    app.push(Opener())
    app.step([], 0.016)
    assert type(app.top).__name__ == "SettingsScene"
    kept = 0
    for scene in app.scenes:
        gui = getattr(scene, "gui", None)
        for sprite in gui.get_sprite_group().sprites() if gui is not None else []:
            for name in TEMPORARY_SHAPES:
                picture = getattr(getattr(sprite, "drawable_shape", None), name, None)
                kept += picture.get_pitch() * picture.get_height() if picture is not None else 0
    assert kept == 0


def test_a_covered_overlay_keeps_no_backdrop_and_a_resize_draws_nothing_beneath_it(make_app: Any, ui: Any) -> None:
    """The pause menu kept its picture of the table (7.6 MB at 1780x1075) under
    Settings, and each resize drew the table again for it, unseen, making its
    pictures at every new size: the highest samples of the monkey's runs were
    Settings over the pause menu over the table at 125-150% text, resized.
    What is seen is the same: the pause menu's picture is frozen again when it
    is uncovered, and an overlay over it freezes the very picture it showed."""
    from game.ui.shell.scene import Overlay
    from game.ui.scenes.pause import PauseScene

    app = make_app((1280, 800))
    table = ui.new_table(app, "matador", [PlayerInfo("You", "human", None), PlayerInfo("Cpu", "computer", "easy")], seed=4)
    app.step([], 0.016)
    pause = PauseScene(table)
    app.push(pause)
    app.step([], 0.016)
    assert pause.backdrop is not None and pause.backdrop.get_size() == (1280, 800)
    shown = pause.backdrop.copy()
    seen = pygame.Surface(app.size)
    pause.draw(seen)  # the pause menu as it is seen: its backdrop, its panel, its buttons

    class Veil(Overlay):  # an overlay over the pause menu (as a confirmation would be)
        pass

    veil = Veil()
    app.push(veil)
    assert pause.backdrop is None
    expected = seen.copy()
    shade = pygame.Surface(seen.get_size(), pygame.SRCALPHA)
    shade.fill(Overlay.veil)
    expected.blit(shade, (0, 0))
    assert veil.backdrop is not None and pygame.image.tobytes(veil.backdrop, "RGB") == pygame.image.tobytes(expected, "RGB")
    app.pop()
    assert pause.backdrop is not None and pygame.image.tobytes(pause.backdrop, "RGB") == pygame.image.tobytes(shown, "RGB")

    app.routes.open_side("settings")
    app.step([], 0.016)
    assert pause.backdrop is None
    drawn = []
    table_draw = table.draw
    table.draw = lambda surface: (drawn.append(surface.get_size()), table_draw(surface))  # type: ignore[method-assign]
    for size in ((1600, 900), (1780, 1075)):
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)], 0.016)
    assert drawn == [] and pause.backdrop is None
    app.pop()  # back to the pause menu: its picture of the table, at the new size
    assert drawn == [(1780, 1075)]
    assert pause.backdrop is not None and pause.backdrop.get_size() == (1780, 1075)
    del table.draw


def test_no_widget_but_a_text_entry_keeps_its_looks_text_layers(make_app: Any, ui: Any) -> None:
    """Each look of a widget with text kept the look before its text and the text
    alone, two pictures of its size that only a text entry reads again (as it is
    edited): 27 MB with Settings over the pause menu over the table at 150%
    text in 1780x1075. The screen is drawn the same without them."""
    from game.ui.drawing import access
    from pygame_gui.elements import UITextEntryLine

    from game.ui.drawing.gui_theme import drop_drawing_aids

    text_layers = ("pre_text_surface", "text_surface")  # pygame_gui's names

    def layers(scene: Any, entries: bool) -> int:
        total = 0
        for sprite in scene.gui.get_sprite_group().sprites():
            if isinstance(sprite, UITextEntryLine) != entries:
                continue
            for state in getattr(getattr(sprite, "drawable_shape", None), "states", {}).values():
                for name in text_layers:
                    total += getattr(state, name, None) is not None
        return total

    app = make_app((1920, 1080))
    access.CURRENT.text_scale = 150
    try:
        app.follow_access()
        app.routes.open_title()
        app.step([], 0.016)
        app.routes.open_side("settings")
        for _ in range(3):
            app.step([], 0.016)
        settings = app.top
        assert layers(settings, entries=False) == 0
        for rect in [s.rect for s in settings.gui.get_sprite_group().sprites()][:30]:  # looks drawn later (hovered) too
            app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
        assert layers(settings, entries=False) == 0
        before = pygame.Surface(app.size)
        settings.draw(before)
        for sprite in settings.gui.get_sprite_group().sprites():  # what the widgets show: their looks, untouched
            shape = getattr(sprite, "drawable_shape", None)
            for state in getattr(shape, "states", {}).values():
                state.pre_text_surface = state.surface.copy()
        assert drop_drawing_aids(settings.gui) > 0
        after = pygame.Surface(app.size)
        settings.draw(after)
        assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(after, "RGB")
    finally:
        access.reset()
        app.follow_access()

    app.routes.open_title()
    app.routes.open_new_game()
    app.step([], 0.016)
    form = app.top
    entry = form.entries[0]
    assert layers(form, entries=True) > 0  # a text entry keeps them: it is edited on its looks
    ui.click(app, entry.rect.center)
    app.step([ui.key(pygame.K_END)] + [ui.key(pygame.K_BACKSPACE)] * 8 + [pygame.event.Event(pygame.TEXTINPUT, text=c) for c in "Ada"], 0.016)
    app.step([], 0.016)
    assert entry.get_text() == "Ada"


def test_a_covered_screen_keeps_only_the_looks_its_widgets_show(make_app: Any) -> None:
    """The title's buttons kept four or five looks each (normal, hovered, pressed,
    selected) under Settings or Past matches, unseen: 4-5 MB a screen at 150%
    text in a large window. Uncovered, a look is drawn again when it is first
    shown, the same as before."""
    from game.ui.drawing import access

    def looks(scene: Any) -> list[int]:
        kept = []
        for sprite in scene.gui.get_sprite_group().sprites():
            states = getattr(getattr(sprite, "drawable_shape", None), "states", {})
            if states:
                kept.append(sum(1 for state in states.values() if state.surface is not None and state.surface.get_width() > 0))
        return kept

    app = make_app((1920, 1080))
    access.CURRENT.text_scale = 150
    try:
        app.follow_access()
        app.routes.open_title()
        for _ in range(8):
            app.step([], 0.016)  # pygame_gui draws the other looks ahead, one a frame
        title = app.top
        assert max(looks(title)) >= 4
        button = title.buttons["friends"]  # not the one with the keyboard's focus

        def shown(selected: bool) -> bytes:
            button.select() if selected else button.unselect()  # type: ignore[no-untyped-call]
            app.step([], 0.016)
            return pygame.image.tobytes(button.image, "RGBA")

        selected, normal = shown(True), shown(False)
        assert selected != normal
        app.routes.open_side("settings")
        app.step([], 0.016)
        assert looks(title) and max(looks(title)) == 1  # the one each shows
        assert pygame.image.tobytes(button.image, "RGBA") == normal
        app.pop()
        button = title.buttons["friends"]  # (laid out again once uncovered: it let go of its pictures)
        assert shown(True) == selected  # drawn again when shown: the same
        assert shown(False) == normal
    finally:
        access.reset()
        app.follow_access()


def test_tidy_collects_once_the_memory_has_grown_on_an_unchanged_screen() -> None:
    """A screen laying itself out again at the same size (Past matches walked with the
    arrow keys laid itself out anew: 110 to 350 MB in 600 frames at 150% text) changes
    neither the stack nor the size: the resident memory, read after every frame, calls
    the tidy in the very frame it has grown enough, at most every GROWTH_TIDY_EVERY_S.
    Read every half second, frames near 4K stayed up to 60 MB higher in between."""
    from game.ui.shell.memory import GROWTH_TIDY_BYTES, GROWTH_TIDY_EVERY_S, Tidy

    class FakeApp:
        def __init__(self) -> None:
            self.scenes: list[object] = [object()]
            self.size = (800, 600)
            self.restyles = 0

    now = [0.0]
    resident = [100 * 2**20]
    read: list[float] = []

    def reading() -> int:
        read.append(now[0])
        return resident[0]

    tidy = Tidy(clock=lambda: now[0], resident=reading)
    app = FakeApp()
    tidy(app)
    for _ in range(10):  # the same screen, the memory flat: nothing, the memory read after each frame
        now[0] += 0.1
        tidy(app)
    assert tidy.collections == 0 and len(read) == 10
    resident[0] += GROWTH_TIDY_BYTES - 1
    now[0] += 0.1
    tidy(app)
    assert tidy.collections == 0  # not grown enough yet
    resident[0] += 2
    now[0] += 0.01
    tidy(app)
    assert tidy.collections == 1  # in the frame it had grown
    tidied: list[float] = []
    for _ in range(100):
        now[0] += 0.01
        resident[0] += GROWTH_TIDY_BYTES  # grows on, frame after frame
        tidy(app)
        if tidy.collections > 1 + len(tidied):
            tidied.append(now[0])
    assert len(tidied) >= 3  # collected and given back, again and again...
    assert all(b - a >= GROWTH_TIDY_EVERY_S - 1e-9 for a, b in zip(tidied, tidied[1:]))  # ...but not every frame
    resident[0] += 10 * GROWTH_TIDY_BYTES
    now[0] += 0.01
    app.size = (900, 700)  # a resize before a second has passed: the growth calls it too
    before = tidy.collections
    now[0] += GROWTH_TIDY_EVERY_S
    tidy(app)
    assert tidy.collections == before + 1


def test_tidy_reads_no_memory_where_it_cannot() -> None:
    from game.ui.shell.memory import Tidy

    read: list[int] = []

    def nothing() -> None:
        read.append(1)
        return None

    tidy = Tidy(clock=lambda: 0.0, resident=nothing)
    app = types.SimpleNamespace(scenes=[object()], size=(800, 600), restyles=0)
    for _ in range(5):
        tidy(app)
    assert read == [1] and tidy.collections == 0  # asked once, then never again
