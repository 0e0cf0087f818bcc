"""A high-DPI window (a Retina Mac) without a Mac: an ``OffscreenWindow`` has two
pixels per point, SDL's mouse events come in points, and real scenes must be
drawn, laid out and hit in pixels (game/ui/shell/window.py)."""

from __future__ import annotations

from typing import Any, Iterator

import pygame
import pytest

from game.engine import PlayerInfo
from game.ui.drawing import access
from game.ui.shell import flow
from game.ui.shell.app import App
from game.ui.drawing.layout_check import layout_problems
from game.ui.scenes.title import TitleScene
from game.ui.table import slot_of, targets_for
from game.ui.shell.window import OffscreenWindow, measure_ratio, sdl_event, to_pixels, wants_high_dpi

from tests.ui.conftest import mouse_down, mouse_move, mouse_up, new_table, shared_art

RATIO = 2.0


@pytest.fixture
def retina() -> Iterator[Any]:
    apps: list[App] = []

    def make(points: tuple[int, int] = (1280, 800), ratio: float = RATIO) -> App:
        app = App(points, window=OffscreenWindow(ratio))
        app.services["art"] = shared_art()
        flow.install(app)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()
    assert access.CURRENT.pixel_ratio == 1.0  # the next app starts with a point a pixel


def in_points(pos: tuple[int, int], ratio: float = RATIO) -> tuple[int, int]:
    """Where SDL reports the mouse over the pixel ``pos``."""
    return (int(pos[0] / ratio), int(pos[1] / ratio))


def click_points(app: App, pixel: tuple[int, int]) -> None:
    at = in_points(pixel)
    app.step([mouse_down(at), mouse_up(at)], 0.016)


def drag_points(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """A drag as SDL reports it, in points, from pixel ``start`` to pixel ``end``."""
    a, b = in_points(start), in_points(end)
    app.step([mouse_down(a)], 0.016)
    for i in range(1, 4):
        x = a[0] + (b[0] - a[0]) * i // 3
        y = a[1] + (b[1] - a[1]) * i // 3
        app.step([mouse_move((x, y), a)], 0.016)
    app.step([mouse_up(b)], 0.016)


def test_the_app_draws_in_pixels_at_two_pixels_a_point(retina: Any) -> None:
    app = retina((1280, 800))
    assert app.pixel_ratio == RATIO and app.size == (2560, 1600) and app.points() == (1280, 800)
    assert access.CURRENT.pixel_ratio == RATIO
    assert access.text_factor(app.size) == 2.0  # 100% text, twice the pixels
    assert access.table_factor() == 2.0
    access.CURRENT.text_scale = 150
    assert access.text_factor(app.size) == 3.0 and access.text_choice(app.size) == 1.5
    access.set_pixel_ratio(1.0)
    small = access.text_factor((1000, 700))  # a smaller window gets part of the larger text...
    access.set_pixel_ratio(RATIO)
    assert 1.0 < small < 1.5 and access.text_factor((2000, 1400)) == RATIO * small  # ...by its points
    access.CURRENT.text_scale = 100
    app.resize((1000, 700))  # a VIDEORESIZE says points
    assert app.size == (2000, 1400) and app.points() == (1000, 700)


def test_the_title_looks_as_at_one_pixel_a_point_only_larger(retina: Any, make_app: Any) -> None:
    app = retina((1280, 800))
    app.routes.open_title()
    app.step([], 0.016)
    title = app.top
    assert isinstance(title, TitleScene)
    assert layout_problems(title) == []
    plain = make_app((1280, 800))
    plain.routes.open_title()
    plain.step([], 0.016)
    for name, button in plain.top.buttons.items():  # every button where it was, twice as large
        big = title.buttons[name].rect
        assert abs(big.centerx - 2 * button.rect.centerx) <= 4 and abs(big.centery - 2 * button.rect.centery) <= 24, name
        assert abs(big.width - 2 * button.rect.width) <= 4 and abs(big.height - 2 * button.rect.height) <= 4, name
    assert title.gui is not None and title.gui.mouse_pos_scale_factor == [RATIO, RATIO]


def test_a_click_in_points_presses_the_title_button_under_it(retina: Any) -> None:
    app = retina((1280, 800))
    app.routes.open_title()
    app.step([], 0.016)
    title = app.top
    rules = title.buttons["rules"].rect
    assert rules.centery > 800  # in the lower half of the pixels: a point taken as a pixel would miss it
    click_points(app, rules.center)
    app.step([], 0.016)
    assert type(app.top).__name__ == "RulesScene", type(app.top).__name__


def test_a_click_on_the_points_of_another_button_does_not_press_this_one(retina: Any) -> None:
    app = retina((1280, 800))
    app.routes.open_title()
    app.step([], 0.016)
    title = app.top
    quit_rect = title.buttons["quit"].rect
    # the point that is the quit button's centre in pixels lies elsewhere on the screen in points
    app.step([mouse_down(quit_rect.center), mouse_up(quit_rect.center)], 0.016)
    app.step([], 0.016)
    assert app.running


def test_a_tile_dragged_in_points_is_laid_where_it_is_dropped(retina: Any) -> None:
    app = retina((1280, 800))
    scene = new_table(app, "matador", [PlayerInfo("Ann"), PlayerInfo("Bob")], seed=3)
    for _ in range(200):
        if scene.can_act() and any(a.kind == "lay" for a in scene.model.legal):
            break
        app.step([mouse_down((640 // 2, 400 // 2)), mouse_up((640 // 2, 400 // 2))] if type(app.top).__name__ == "HandoffScene" else [], 0.05)
    lay = next(a for a in scene.model.legal if a.kind == "lay")
    tile = lay.tile
    assert tile is not None
    target = targets_for(tile, scene.model.legal)[0]
    slot = slot_of(target.variant(0), scene.board.layout)
    rect = scene.board.hand_rect(tile)
    assert slot is not None and rect is not None
    assert rect.bottom > 800 and rect.height > 100  # the hand is drawn in pixels, at twice its size
    assert layout_problems(scene) == []
    placed = len(scene.model.state.placements)
    drag_points(app, rect.center, slot.rect.center)
    assert len(scene.model.state.placements) == placed + 1, scene.motion.message
    assert scene.model.state.placements[-1].tile == tile


def test_mouse_events_become_pixels_and_keep_what_sdl_said() -> None:
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(10, 21))
    pixels = to_pixels(down, 2.0)
    assert pixels.pos == (20, 42) and pixels.button == 1
    assert sdl_event(pixels) is down and sdl_event(down) is down
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 4), rel=(-1, 2), buttons=(1, 0, 0))
    assert to_pixels(motion, 2.0).rel == (-2, 4)
    assert to_pixels(down, 1.0) is down  # a point is a pixel: nothing changes
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    assert to_pixels(key, 2.0) is key


def test_which_window_each_system_gets() -> None:
    assert wants_high_dpi("darwin", {}) is True
    assert wants_high_dpi("linux", {}) is False and wants_high_dpi("win32", {}) is False
    assert wants_high_dpi("linux", {"MATADOR_HIGH_DPI": "1"}) is True
    assert wants_high_dpi("darwin", {"MATADOR_HIGH_DPI": "0"}) is False
    assert measure_ratio((2560, 1600), (1280, 800)) == 2.0
    assert measure_ratio((1280, 800), (1280, 800)) == 1.0
    assert measure_ratio((0, 0), (0, 0)) == 1.0


def test_linux_keeps_the_display_window(make_app: Any) -> None:
    from game.ui.shell.window import DisplayWindow

    app = make_app((900, 640))
    assert isinstance(app.window, DisplayWindow) and app.pixel_ratio == 1.0
    assert pygame.display.get_surface() is app.surface and app.size == (900, 640)


def test_the_macos_window_opens_draws_and_follows_its_size(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pygame.Window path itself (SDL's dummy driver has one pixel a point)."""
    from game.ui.shell.window import HighDpiWindow, drawing_surface

    monkeypatch.setenv("MATADOR_HIGH_DPI", "1")
    app = App((900, 640))
    try:
        flow.install(app)
        app.services["art"] = shared_art()
        assert isinstance(app.window, HighDpiWindow) and app.pixel_ratio == 1.0
        assert app.size == (900, 640) and drawing_surface() is app.surface
        app.routes.open_title()
        app.run(max_frames=2)  # drawn and flipped through the pygame.Window
        window = app.window.window
        assert window is not None and tuple(window.size) == (900, 640)
        app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=700, window=window))
        assert app.size == (1000, 700) and app.top is not None and app.top.size == (1000, 700)
        app.handle_event(pygame.event.Event(pygame.VIDEORESIZE, w=800, h=600, size=(800, 600)))
        assert app.size == (1000, 700)  # set_mode's event: not this window's
        restyles, scene = app.restyles, app.top
        sizes: list[tuple[int, int]] = []
        monkeypatch.setattr(scene, "on_resize", lambda size: sizes.append(size))
        app.handle_event(pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1000, y=700, window=window))
        assert sizes == [] and app.restyles == restyles  # the same size again: nothing is laid out again
        assert window.minimum_size == (640, 480)
    finally:
        app.close()
