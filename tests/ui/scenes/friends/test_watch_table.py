"""Watching a table through the real screens, driven by synthetic events, against a
real dedicated server (``python -m game serve`` on 127.0.0.1): a headless host plays
a computer at a listed table; *On a server* lists it with Watch; the watching table
shows the line, the counts and the names, no hand and no move; the host sees how
many watch; Leave goes back."""

from __future__ import annotations

import asyncio
import random
import threading
from typing import Any


from game.net.app.client import Client, random_choice
from game.ui.shell.app import App
from tests.net.conftest import ServerProcess
from tests.ui.scenes.friends.test_friends import Frames, type_into
class Host(threading.Thread):
    """A headless host at a listed table of Leyden with a seat open; once told
    (``begin``) a headless guest takes it, the host starts and both play on at an
    easy pace until the test ends."""

    def __init__(self, url: str) -> None:
        super().__init__(daemon=True)
        self.url = url
        self.code = ""
        self.lobby: dict[str, Any] | None = None
        self.ready = threading.Event()
        self.begin = threading.Event()
        self.stop = threading.Event()
        self.error: BaseException | None = None

    def run(self) -> None:
        asyncio.run(self.main())

    async def main(self) -> None:
        try:
            async with Client.connect(self.url) as host:
                self.code = (await host.create("leyden", 2, "Hester", listed=True)).table
                self.ready.set()
                while not self.begin.is_set():
                    await self.read(host)
                async with Client.connect(self.url) as guest:
                    await guest.join(self.code, "Gus")
                    await self.play(host, guest)
        except BaseException as err:
            self.error = err
            self.ready.set()

    async def play(self, host: Client, guest: Client) -> None:
        await host.start()
        rng = random.Random(1)
        while not self.stop.is_set():
            for client in (host, guest):
                if client.my_turn() and client.followed.view is not None:
                    await asyncio.sleep(0.15)
                    await client.play(random_choice(client.followed.view, rng))
                await self.read(client)

    async def read(self, client: Client) -> None:
        try:
            while True:
                await client.receive(0.02)
        except TimeoutError:
            pass
        self.lobby = client.followed.lobby if client.seated is not None and client.seated.seat == 0 else self.lobby


def on_a_server(app: App, url: str) -> tuple[Frames, Any]:
    """Title -> Play with friends -> On a server, the server's address typed."""
    frames = Frames(app)
    frames.step()
    frames.click(app.top.buttons["friends"])
    frames.click(app.top.buttons["server"])
    screen = app.top
    assert type(screen).__name__ == "ServerScene"
    type_into(frames, screen.entries["address"], url.removeprefix("ws://").rstrip("/"))
    return frames, screen


def test_watch_a_table_from_the_server_s_list_see_no_hand_and_leave(server: ServerProcess, app: App) -> None:
    from game.ui.table import NetMode, TableScene

    host = Host(server.url)
    host.start()
    assert host.ready.wait(30) and host.error is None, host.error
    try:
        frames, screen = on_a_server(app, server.url)
        type_into(frames, screen.entries["name"], "Wanda")
        frames.click(screen.buttons["ask"])
        frames.until(lambda: "watch0" in screen.buttons, 30, "the open table's row with its Watch button")
        assert screen.tables[0].code == host.code
        frames.click(screen.buttons["watch0"])
        frames.until(lambda: screen.play is not None and screen.play.mirror.lobby is not None, 30, "watching the lobby")
        assert screen.status_words.startswith(f"Watching table {host.code}")
        frames.until(lambda: host.lobby is not None and host.lobby.get("watchers") == 1, 30, "the host told one watches")
        host.begin.set()
        frames.until(lambda: isinstance(app.top, TableScene) or host.error is not None, 60, "the watching table")
        assert host.error is None, repr(host.error)
        table = app.top
        assert isinstance(table, TableScene) and isinstance(table.mode, NetMode)
        mirror = table.mode.source.mirror
        assert mirror.watching and mirror.seat == -1
        frames.until(lambda: mirror.view is not None and len(mirror.view.history) >= 3, 60, "moves played")
        for _ in range(10):
            frames.step()
        look = table.mode.look
        assert set(look.buttons) >= {"leave"} and not set(look.buttons) & {"nice", "oops", "well-played"}  # no reactions
        assert look.header_text(table).endswith("1 watching")
        assert look.hand_text(table).startswith("Watching  ·  ")
        assert mirror.view.hand == [] and mirror.view.legal_moves() == []  # no hand, no move
        assert table.mode.moves.may_act(table) is False
        assert mirror.play(mirror.server_legal[0] if mirror.server_legal else __import__("game.engine", fromlist=["Action"]).Action.draw()) is not None
        frames.until(lambda: bool(mirror.ends), 120, "a round's end")
        # (the last tile glides, then the summary opens: more frames on a loaded machine)
        frames.until(lambda: type(app.top).__name__ == "RoundEndScene", 60, "the round's summary")
        summary = app.top  # the round's summary, as at any table: every hand revealed, the scores
        assert type(summary).__name__ == "RoundEndScene" and "next" in summary.buttons, type(summary).__name__
        frames.click(summary.buttons["next"])
        frames.until(lambda: app.top is table, 30, "back at the table")
        frames.click(look.buttons["leave"])
        frames.until(lambda: table not in app.scenes, 30, "left the table")
        frames.until(lambda: host.lobby is not None and host.lobby.get("watchers") == 0, 30, "the host told nobody watches")
    finally:
        host.stop.set()
        host.join(10)


def test_watch_a_table_by_its_code_from_join_a_table(server: ServerProcess, app: App) -> None:
    from game.ui.table import NetMode, TableScene
    from tests.ui.scenes.friends.test_friends import open_join
    host = Host(server.url)
    host.start()
    assert host.ready.wait(30) and host.error is None, host.error
    try:
        frames = Frames(app)
        frames.step()
        join = open_join(frames)
        assert "watch" in join.buttons
        type_into(frames, join.entries["address"], server.url.removeprefix("ws://").rstrip("/"))
        type_into(frames, join.entries["code"], "ZZZZ-ZZ")  # a code that leads nowhere: said, nothing opens
        frames.click(join.buttons["watch"])
        frames.until(lambda: join.play is None and join.problem, 30, "the wrong code refused")
        assert "ZZZZ-ZZ" in join.status_words, join.status_words
        type_into(frames, join.entries["code"], host.code.lower().replace("-", ""))
        frames.click(join.buttons["watch"])
        frames.until(lambda: host.lobby is not None and host.lobby.get("watchers") == 1, 30, "the host told one watches")
        host.begin.set()
        frames.until(lambda: isinstance(app.top, TableScene), 60, "the watching table")
        table = app.top
        assert isinstance(table, TableScene) and isinstance(table.mode, NetMode) and table.mode.source.mirror.watching
        assert table.mode.source.mirror.code == host.code
    finally:
        host.stop.set()
        host.join(10)


def test_a_table_being_played_is_listed_on_the_server_s_screen_and_watched_from_its_row(server: ServerProcess, app: App) -> None:
    """*On a server* lists a listed table whose match is under way (its players, its
    state), with Watch, reached by the keys; Enter on Watch opens the watching table
    (no hand), as watching by code does."""
    from game.ui.table import NetMode, TableScene
    from game.ui.drawing.layout_check import layout_problems

    host = Host(server.url)
    host.begin.set()  # the guest sits and the match starts at once
    host.start()
    assert host.ready.wait(30) and host.error is None, host.error
    try:
        frames, screen = on_a_server(app, server.url)
        frames.until(lambda: host.lobby is not None and host.lobby.get("state") == "playing", 30, "the match under way")
        frames.click(screen.buttons["ask"])
        frames.until(lambda: any(t.state == "playing" for t in screen.tables) and "watch0" in screen.buttons, 30, "the table being played, listed")
        i = next(n for n, t in enumerate(screen.tables) if t.code == host.code)
        listed = screen.tables[i]
        assert listed.state == "playing" and not listed.joinable and listed.names == ("Hester", "Gus")
        assert screen.buttons[f"table{i}"].text == f"Hester, Gus at table {host.code}: Leyden, 2 players, being played"
        assert screen.buttons[f"watch{i}"].text == "Watch"
        assert layout_problems(screen) == []
        import pygame

        down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)
        for _ in range(20):  # the keys reach the row's Watch
            if screen.focus_key == f"watch{i}":
                break
            frames.step([down])
        assert screen.focus_key == f"watch{i}"
        frames.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
        frames.until(lambda: isinstance(app.top, TableScene) or host.error is not None, 60, "the watching table")
        assert host.error is None, repr(host.error)
        table = app.top
        assert isinstance(table, TableScene) and isinstance(table.mode, NetMode)
        mirror = table.mode.source.mirror
        assert mirror.watching and mirror.seat == -1 and mirror.code == host.code
        assert mirror.view is not None and mirror.view.hand == [] and mirror.view.legal_moves() == []  # no hand, no move
        frames.until(lambda: host.lobby is not None and host.lobby.get("watchers") == 1, 30, "the host told one watches")
        for _ in range(5):
            frames.step()
        assert table.mode.look.hand_text(table).startswith("Watching  ·  ")
    finally:
        host.stop.set()
        host.join(10)
