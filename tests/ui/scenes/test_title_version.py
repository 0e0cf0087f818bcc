"""The title screen shows the version (pyproject's) small in a corner, clear of
the buttons and of the notices panel, at every window size."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui.drawing.layout_check import layout_problems

ROOT = Path(__file__).resolve().parents[3]
SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080)]


def _pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    assert isinstance(version, str)
    return version


def _title(make_app: Any, ui: Any, size: tuple[int, int], notices: list[str]) -> tuple[Any, Any]:
    from game.ui.scenes.title import TitleScene

    app = make_app(size)
    app.notices.extend(notices)
    scene = TitleScene()
    app.push(scene)
    ui.settle(app, 3, 0.016)
    return app, scene


@pytest.mark.parametrize("with_notices", [False, True], ids=["plain", "notices"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_version_sits_in_the_corner_clear_of_everything(
    make_app: Any, ui: Any, size: tuple[int, int], with_notices: bool
) -> None:
    notices = ["settings.json could not be read and was moved aside as settings.json.broken-2026"] * 3 if with_notices else []
    app, scene = _title(make_app, ui, size, notices)
    rect = scene.version_rect
    w, h = size
    assert rect.width > 0 and rect.height > 0
    assert pygame.Rect(0, 0, w, h).contains(rect)
    assert rect.right > w - 40 and rect.bottom > h - 30, f"not in the bottom right corner: {rect}"
    assert rect.height <= 24, "the version should be small"
    if with_notices:
        assert scene.notice_rect.width > 0
        assert not scene.notice_rect.colliderect(rect), (scene.notice_rect, rect)
    for name, button in scene.buttons.items():
        assert not button.get_abs_rect().colliderect(rect), name
    assert ("version", rect, pygame.Rect(0, 0, w, h)) in scene.drawn_text
    assert layout_problems(scene) == []


def test_version_is_drawn_and_is_pyprojects(make_app: Any, ui: Any) -> None:
    from game.ui.drawing.text import DIM

    app, scene = _title(make_app, ui, (1280, 800), [])  # menu scale 1.0: the label is 15 px text
    rect = scene.version_rect
    assert scene.text.render(f"v{_pyproject_version()}", 15, DIM).get_size() == rect.size

    def light_pixels(area: pygame.Rect) -> int:
        """Pixels much lighter than the dark felt: the strokes of the dim text."""
        count = 0
        for x in range(area.left, area.right):
            for y in range(area.top, area.bottom):
                r, g, b, _ = app.surface.get_at((x, y))
                count += (r + g + b) // 3 > 110
        return count

    assert light_pixels(rect) > 25, "the version label is not on the screen"
    assert light_pixels(rect.move(-3 * rect.width, 0)) == 0  # the felt beside it, for comparison
