"""A plaque in a small window, where its tiles' backs do not fit, says how many
tiles the seat holds once: on its right, in words, and not again as its status
line ("6 Steine" twice at 640x480). Its words are recorded as drawn."""

from __future__ import annotations

from typing import Any

import pytest

from game.engine import PlayerInfo
from game.ui.table import PlaquesPart, tiles_text
from tests.ui.conftest import new_table, settle


@pytest.mark.parametrize("status", ["count", "news"])
def test_a_small_plaque_says_the_count_once(make_app: Any, status: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app((640, 480))
    table = new_table(app, "matador", [PlayerInfo("Ann", "human", None), PlayerInfo("Bo", "computer", "easy")])
    settle(app, 4)
    part = next(p for p in table.parts if isinstance(p, PlaquesPart))
    said: list[str] = []
    text = table.renderer.text if table.renderer is not None else None
    assert text is not None
    render, fit = text.render, text.fit
    monkeypatch.setattr(text, "render", lambda words, *a, **kw: said.append(words) or render(words, *a, **kw))
    monkeypatch.setattr(text, "fit", lambda words, *a, **kw: said.append(words) or fit(words, *a, **kw))
    line = tiles_text(6) if status == "count" else "laid 6-1"
    part.make_plaque(("Bo", 6, 0, False, line), (200, 46), 0.6)  # (a small window's plaque: no room for backs)
    assert said.count(tiles_text(6)) == 1, said
    if status == "news":
        assert "laid 6-1" in said
