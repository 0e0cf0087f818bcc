"""A network table's toolbar holds its tools, the reactions and Leave side by side,
never one over another, in every language at the least window and at large text
(at 640x480 in German "Gut gespielt" and "Schön!" covered "Punkte"). Ann's seat is
the real table scene, her mirror following a server ``Table`` in this process."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

from game import i18n
from game.ui.drawing import access
from game.ui.drawing.layout_check import layout_problems
from game.ui.shell.app import App
from tests.ui.table.modes.test_net_table_panels import Served, open_table, served  # noqa: F401 (served: the fixture)


@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
@pytest.mark.parametrize("size, scale", [((640, 480), 100), ((800, 600), 150), ((1280, 800), 150)], ids=["640x480", "800x600-150", "1280x800-150"])
def test_the_toolbar_s_buttons_never_cover_one_another(make_app: Callable[..., App], served: Callable[..., Served], code: str, size: tuple[int, int], scale: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(access.CURRENT, "text_scale", scale)
    i18n.set_language(code)
    try:
        app = make_app(size)
        table = open_table(app, served(3).ann)
        app.step([], 0.05)
        problems = layout_problems(table)
        assert problems == [], problems
        look = table.mode.look
        shown = [b for b in [*table.toolbar.tools.values(), *(look.buttons[n] for n in ("leave",))] if b.visible]
        assert len(shown) == len(table.toolbar.tools) + 1  # every tool and Leave, whatever the reactions
    finally:
        i18n.set_language("en")
