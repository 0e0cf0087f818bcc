"""The lobby's seat rows grow with the text size like every other text (issue
33): at 150% their words are drawn at the size the words above them are (never
smaller than at 100%, larger wherever the window lets the text grow), the rows
as tall as those words need, a row for each of the table's seats (eight, the
most a rule set seats, fit too) inside the box and above the bottom bar; nothing overlaps or is cut (``layout_problems``). Through
the real lobby scenes (a guest's and a host's, with its buttons on the rows)."""

from __future__ import annotations

from typing import Any

import pytest

from game.ui.drawing import access
from game.ui.drawing.layout_check import layout_problems
from tests.ui.scenes.test_languages import SCENES

SIZES = [(640, 480), (1280, 800)]


def _lobby(make_app: Any, ui: Any, screen: str, size: tuple[int, int], scale: int) -> Any:
    access.CURRENT.text_scale = scale
    app = make_app(size)
    lobby = SCENES[screen]()
    app.push(lobby)
    ui.settle(app, 3, 0.016)
    app.draw(app.surface)
    return lobby


def _seat_words(lobby: Any) -> list[int]:
    """The heights of the seats' words as drawn, row by row."""
    rows = lobby.layout.seat_rows
    return [rect.height for _words, rect, _area in lobby.drawn_text if any(row.contains(rect) for row in rows)]


def _eight_seats(lobby: Any) -> Any:
    """The lobby's layout at a table of eight, under its title."""
    from game.ui.scenes.friends.friends_draw import title_picture
    from game.ui.scenes.friends.friends_geometry import frame, lobby_layout

    head_h = title_picture(lobby.text, frame(lobby.size), lobby.lines()[0]).get_height()
    return lobby_layout(lobby.size, lobby.text, head_h, lobby.start_need(), 8)


@pytest.mark.parametrize("screen", ["lobby-guest", "lobby-host"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_seat_rows_grow_with_the_text_size(make_app: Any, ui: Any, screen: str, size: tuple[int, int]) -> None:
    seen: dict[int, tuple[int, list[int], int]] = {}
    for scale in (100, 150):
        lobby = _lobby(make_app, ui, screen, size, scale)
        assert layout_problems(lobby) == []
        layout = lobby.layout
        fr = layout.frame
        assert layout.row_size == fr.label_size  # the seats' words as large as what to give friends
        assert len(layout.seat_rows) == len(lobby.lines()[3])  # a row for each of the table's seats
        for row in layout.seat_rows:  # inside the box, above the bottom bar
            assert layout.box.top <= row.top and row.bottom <= layout.box.bottom <= fr.back.top
            assert row.height >= lobby.text.font(layout.row_size, True).get_height() + 4
        eight = _eight_seats(lobby)  # the most a rule set seats: all their rows fit too
        assert eight.row_size == layout.row_size and eight.seat_rows[-1].bottom <= eight.box.bottom <= fr.back.top
        words = _seat_words(lobby)
        assert len(words) == len(lobby.lines()[3])  # every seat's words drawn in its row
        seen[scale] = (layout.row_size, words, layout.seat_rows[0].height)
    (small, small_words, small_row), (large, large_words, large_row) = seen[100], seen[150]
    assert large >= small and min(large_words) >= min(small_words) and large_row >= small_row  # never smaller
    if access.text_choice(size) > 1.0:  # (a window big enough for the text to grow: 1280x800)
        assert large > small and min(large_words) > max(small_words)
