"""*Your name on this server*, through the real server screen with synthetic
clicks and typing, against a real dedicated server on 127.0.0.1: the server gives
the app an identity on first contact; the name typed is taken there when the list
is asked again; a name another identity holds there is refused in words; and a
screen opened again shows the server's name for you."""

from __future__ import annotations

import asyncio
import json

from websockets.asyncio.client import connect

from game.net.app import identity_keys
from game.ui.drawing.layout_check import layout_problems
from game.ui.shell.app import App
from tests.net.conftest import ServerProcess
from tests.ui.scenes.friends.test_friends import type_into
from tests.ui.scenes.friends.test_server_tables import Apps, address_of, open_server_screen


def someone_else_takes(url: str, name: str) -> None:
    """Another identity (another machine's app) takes ``name`` on the server."""

    async def go() -> None:
        async with connect(url, open_timeout=5, proxy=None) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 2, "identity": None}))
            assert json.loads(await ws.recv())["identity"]["secret"]
            await ws.send(json.dumps({"type": "name", "name": name}))
            assert json.loads(await ws.recv())["name"] == name

    asyncio.run(asyncio.wait_for(go(), 30))


def test_your_name_on_this_server_is_taken_refused_and_shown_again(server: ServerProcess, app: App) -> None:
    apps = Apps(app)
    address = address_of(server.url)
    screen = open_server_screen(apps, 0, address, "Ann")
    apps.until(lambda: screen.lister is not None and screen.lister.who is not None, 60, "who the app is there")
    assert screen.lister.who["name"] is None and identity_keys.secret_for(server.url) is not None  # given, and kept
    assert "Your name on this server" in [t for t, *_ in screen.drawn_text]
    apps.click(0, screen.buttons["ask"])  # listed again: the name typed is taken there
    apps.until(lambda: screen.lister.who["name"] == "Ann", 60, "Ann's name on the server")
    someone_else_takes(server.url, "Bob")
    type_into(apps.frames[0], screen.entries["name"], "BOB")
    apps.click(0, screen.buttons["ask"])
    apps.until(lambda: screen.problem is not None, 60, "the refusal")
    assert screen.status_words == "BOB is the name of someone else on that server: choose another name."
    assert screen.lister.who["name"] == "Ann"
    apps.step()
    assert layout_problems(screen) == []
    # the screen opened again (the settings' name is not the server's): the server's name for you
    from game.ui.scenes.friends.friends_model import player_name, remember

    remember(app, name="Zed")
    assert player_name(app.services["settings"]) == "Zed"
    app.routes.open_title()
    apps.step()
    apps.click(0, app.top.buttons["friends"])
    apps.click(0, app.top.buttons["server"])
    again = app.top
    assert type(again).__name__ == "ServerScene"
    apps.until(lambda: again.lister is not None and again.lister.who is not None, 60, "who the app is there")
    apps.until(lambda: again.entries["name"].get_text() == "Ann", 60, "the server's name for you")
    assert layout_problems(again) == []
