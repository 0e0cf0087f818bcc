"""The title says a table waits: while this app keeps a seat at a network table,
*Back to table CODE* shows on the title (read once the first frame is shown) and
opens Play with friends taking that seat back (through the routes); once the seat
is forgotten the title no longer offers it. Through the real screens, driven by
synthetic events; nothing answers (a closed port on loopback)."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from game.ui.drawing.layout_check import layout_problems
from game.ui.shell.app import App
from tests.ui.scenes.friends.test_friends import Frames, closed_port, net_threads


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)])
def test_the_title_offers_back_to_the_table_kept(make_app: Callable[..., App], size: tuple[int, int]) -> None:
    from game.net.app import kept_seats
    from game.net.app.client import Seated

    url = f"ws://127.0.0.1:{closed_port()}/"
    kept_seats.remember(Seated(url, "K7QX-2M", 1, "0" * 32), "Ann")
    app = make_app(size)
    app.routes.open_title()
    frames = Frames(app)
    title: Any = app.top
    for _ in range(3):
        frames.step()
    assert title.buttons["back_table"].text == "Back to table K7QX-2M" and title.focus.name == "back_table"  # the first choice
    assert layout_problems(title) == []
    frames.click(title.buttons["back_table"])
    friends: Any = app.top
    assert type(friends).__name__ == "FriendsScene" and friends.play is not None and friends.taking is not None
    assert friends.taking.seated.table == "K7QX-2M"
    frames.click(friends.buttons["back"])
    assert app.top is title and net_threads() == []
    kept_seats.forget(url, "K7QX-2M")
    app.routes.open_friends()
    app.pop()  # the title comes back: the seat is no longer kept
    frames.step()
    assert "back_table" not in title.buttons and "new" in title.buttons
    app.close()
