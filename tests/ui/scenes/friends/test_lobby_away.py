"""The host's lobby with every seat taken while friends are away (their seats held):
the status names them (one, then two) and Start stays off until they are back;
the server's refusal of a start (``seat_away``) is worded."""

from __future__ import annotations

from typing import Any

from game.ui.shell.app import App
from game.words.link_words import failure_line
from tests.ui.net_screens import host_lobby
from tests.ui.scenes.friends.test_friends import Frames
def table(away: tuple[int, ...]) -> dict[str, Any]:
    names = ("Ann", "Bo", "Cy")
    return {
        "type": "table", "table": "K7Q2-2M", "host": 0, "state": "lobby",
        "rules": {"base": "matador", "players": 3, "options": {}},
        "seats": [{"seat": i, "name": n, "kind": "remote", "connected": i not in away, **({"give_in": 200.0} if i in away else {})} for i, n in enumerate(names)],
    }


def test_the_host_s_lobby_names_the_friends_away_and_start_waits_for_them(make_app: Any) -> None:
    app: App = make_app((1280, 800))
    app.routes.open_title()
    lobby = host_lobby()
    app.push(lobby)
    frames = Frames(app)
    mirror = lobby.play.mirror
    said = []
    for away in ((1,), (1, 2), ()):
        mirror.follow(table(away))
        frames.step()
        said.append((lobby.lines()[4], lobby.buttons["start"].is_enabled))
    assert said == [
        ("Bo is away: the match can start once they are back.", False),
        ("Bo, Cy are away: the match can start once they are back.", False),
        ("Everyone is here: start when you are ready.", True),
    ]
    assert failure_line("seat 1's player is away", why="seat_away") == "A friend is away: the match can start once everyone is back."
    app.pop()
