"""*On a server* through the real screens, driven by synthetic events, against a
real dedicated server (``python -m game serve`` on 127.0.0.1, a port the system
picks): one app lists the server's open tables (none), creates a table there
with the usual setup and "Open to anyone: on", and gets its code; a second app
finds it in the server's list and joins it with one click; the host starts the
match and both tables follow the server. A server that never answers the list,
one that answers it with junk, and a machine name nobody has: each is said in a
line while the frames keep coming."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from pathlib import Path
from typing import Any, Callable

import pygame
import pytest

from game.ui.shell.app import App
from game.ui.drawing.layout_check import layout_problems
from tests.net.conftest import ServerProcess
from tests.ui.scenes.friends.test_friends import Frames, net_table_up, net_threads, type_into
class Apps:
    """Several apps stepped together, a frame every 1/60 s of real time (the
    network threads run meanwhile)."""

    def __init__(self, *apps: App):
        self.frames = [Frames(app) for app in apps]

    def step(self) -> None:
        for frames in self.frames:
            frames.step()

    def until(self, done: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
        import time

        end = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < end, f"not in {timeout} s: {what}"
            self.step()

    def click(self, app_index: int, button: Any) -> None:
        frames = self.frames[app_index]
        from tests.ui.conftest import mouse_down, mouse_up

        pos = pygame.Rect(button.rect).center
        frames.step([mouse_down(pos), mouse_up(pos)])
        self.step()



def address_of(url: str) -> str:
    return url.removeprefix("ws://").rstrip("/")


def open_server_screen(apps: Apps, index: int, address: str, name: str) -> Any:
    """Title -> Play with friends -> On a server, the address and the name typed, List its tables."""
    app = apps.frames[index].app
    apps.click(index, app.top.buttons["friends"])
    apps.click(index, app.top.buttons["server"])
    screen = app.top
    assert type(screen).__name__ == "ServerScene"
    type_into(apps.frames[index], screen.entries["address"], address)
    type_into(apps.frames[index], screen.entries["name"], name)
    apps.click(index, screen.buttons["ask"])
    return screen


def test_a_table_created_on_a_server_open_to_anyone_is_listed_and_joined_from_another_app(server: ServerProcess, two: tuple[App, App]) -> None:
    ann, bo = two
    apps = Apps(ann, bo)
    address = address_of(server.url)
    screen = open_server_screen(apps, 0, address, "Ann")
    apps.until(lambda: screen.lister is not None and screen.lister.state == "listed", 60, "the server's list")
    apps.step()
    assert screen.tables == [] and any("No table on this server is open to anyone now" in t for t, *_ in screen.drawn_text)
    assert layout_problems(screen) == []
    # Create a table: the usual setup, created there, open to anyone
    apps.click(0, screen.buttons["create"])
    form = ann.top
    assert type(form).__name__ == "HostScene" and form.server == server.url
    assert form.buttons["lan"].text == "Open to anyone: off" and form.problem is None
    assert [s["kind"] for s in form.seats[: form.players]] == ["human", "friend"] and form.seats[0]["name"] == "Ann"
    apps.click(0, form.buttons["lan"])
    assert form.buttons["lan"].text == "Open to anyone: on"
    assert layout_problems(form) == []
    apps.click(0, form.buttons["start"])
    lobby = ann.top
    assert type(lobby).__name__ == "LobbyScene"
    apps.until(lambda: lobby.play is not None and lobby.play.mirror.code is not None and lobby.play.mirror.lobby is not None, 60, "the table")
    play = lobby.play
    assert play.hosted is None and play.server == server.url and play.hosts
    code = play.mirror.code
    heading, give, note, rows, status, problem = lobby.lines()
    assert heading == f"Table {code}" and give == f"Give your friends the address {address} and the code {code}."
    assert note == "Anyone on this server can find this table in its list and join it." and not problem
    assert status == "Waiting for friends to join…" and not lobby.buttons["start"].is_enabled
    assert ann.services["settings"].network["server"] == address and ann.services["settings"].network["listed"] is True
    # the other app finds it in the server's list, and joins it with a click
    found = open_server_screen(apps, 1, address, "Bo")
    apps.until(lambda: any(t.code == code for t in found.tables), 60, "the table in the list")
    row = next(f"table{i}" for i, t in enumerate(found.tables) if t.code == code)
    assert found.buttons[row].text == f"Ann's table {code}: Matador, 2 players, 1 seat open"
    assert layout_problems(found) == []
    apps.click(1, found.buttons[row])
    apps.until(lambda: type(bo.top).__name__ == "LobbyScene" and bo.top.lines()[1], 60, "Bo's lobby")
    assert bo.top.lines()[1] == f"You are at Ann's table {code}, at {address}."
    apps.until(lambda: lobby.buttons["start"].is_enabled, 60, "Start enabled")
    assert "Bo" in lobby.lines()[3][1][1]
    apps.click(0, lobby.buttons["start"])
    apps.until(lambda: net_table_up(ann) and net_table_up(bo), 60, "both tables")
    assert ann.top.mode.source.mirror.code == bo.top.mode.source.mirror.code == code
    # the host's Leave at a table on a server says first what becomes of the seat (held; then the others may give it away)
    apps.click(0, ann.top.mode.look.buttons["leave"])
    assert type(ann.top).__name__ == "TableScene"
    message = ann.top.motion.message
    assert message is not None and message.text.startswith("Press Leave again to leave: your seat is held 5 minutes")
    # pressed again, it leaves the seat (the table stays there), at once
    apps.click(0, ann.top.mode.look.buttons["leave"])
    assert type(ann.top).__name__ == "TitleScene"
    apps.until(lambda: not bo.top.mode.source.mirror.connected(0), 60, "the host away")
    apps.click(1, bo.top.mode.look.buttons["leave"])


class FakeServer:
    """A WebSocket server on 127.0.0.1 that says hello, then answers ``list`` with
    ``answer`` (a function of nothing giving the message, or None: never)."""

    def __init__(self, answer: Callable[[], dict[str, Any] | None]) -> None:
        self.answer = answer
        self.port = 0
        self.asked = 0
        self.ready = threading.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.stop: asyncio.Event | None = None
        self.thread = threading.Thread(target=lambda: asyncio.run(self.main()), daemon=True)
        self.thread.start()
        assert self.ready.wait(10)

    async def main(self) -> None:
        from websockets.asyncio.server import serve

        async def handler(ws: Any) -> None:
            await ws.recv()
            await ws.send(json.dumps({"type": "hello", "protocol": 2, "server": "fake"}))
            async for text in ws:
                if json.loads(text).get("type") == "list":
                    self.asked += 1
                    reply = self.answer()
                    if reply is None:
                        await asyncio.sleep(3600)
                    await ws.send(json.dumps(reply))

        self.loop, self.stop = asyncio.get_running_loop(), asyncio.Event()
        async with serve(handler, "127.0.0.1", 0, max_size=None) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self.ready.set()
            await self.stop.wait()

    def close(self) -> None:
        assert self.loop is not None and self.stop is not None
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(5)


def junk_tables() -> dict[str, Any]:
    good = {"table": "K7QX-2M", "rules": {"base": "matador", "players": 3, "options": {}}, "host": "Zed " + "x" * 500, "open": [1, 2]}
    entries: list[Any] = [good, dict(good)]  # the same code twice: once
    entries += [
        "not an object",
        {"table": "ZZ", "rules": good["rules"], "host": "A", "open": [1]},  # not a code
        {"table": "ABCD-EF", "rules": {"base": "no-such-rules", "players": 2}, "host": "A", "open": [1]},
        {"table": "ABCD-EG", "rules": {"base": "matador", "players": 99}, "host": "A", "open": [1]},
        {"table": "ABCD-EH", "rules": good["rules"], "host": "A", "open": []},  # no seat open
        {"table": "ABCD-EJ", "rules": good["rules"], "host": ["A"], "open": [7, "x", True]},  # no seat of the table
    ]
    entries += [{"table": f"M{n:03d}-QR".replace("0", "A").replace("1", "B"), "rules": good["rules"], "host": "Many", "open": [1]} for n in range(150)]
    played = {"table": "W7QX-2M", "rules": {"base": "leyden", "players": 2}, "host": None, "names": ["Ann", 5, "y" * 500, "z"] * 5, "watchers": "many"}
    playing: list[Any] = [played, "not an object", {"table": "ZZ", "rules": good["rules"]}, {"table": "ABCD-EK", "rules": {"base": "leyden", "players": 0}},
                          {**played, "table": "K7QX-2M"}]  # (a code listed as a lobby already: once)
    playing += [{"table": f"P{n:03d}-QR".replace("0", "A").replace("1", "B"), "rules": played["rules"], "names": ["B"], "watchers": -3} for n in range(150)]
    return {"type": "tables", "tables": entries, "playing": playing}


def test_a_slow_or_hostile_server_and_a_machine_nobody_has_are_said_while_frames_come(
    make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = socket.getaddrinfo

    def lookup(host: Any, *args: Any, **kw: Any) -> Any:
        if host == "kitchen-pc":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    app = make_app((800, 600))
    app.routes.open_title()
    apps = Apps(app)
    silent = FakeServer(lambda: None)
    hostile = FakeServer(junk_tables)
    try:
        screen = open_server_screen(apps, 0, f"127.0.0.1:{silent.port}", "Ann")
        apps.until(lambda: silent.asked >= 1, 60, "the list asked")
        for _ in range(30):
            apps.step()
        # frames kept coming while the server held the answer: none waited for it (the ask would have timed out)
        assert screen.lister is not None and screen.lister.state == "asking"
        assert any(t == "Asking the server for its open tables…" for t, *_ in screen.drawn_text)
        # junk: only what can be read, each code once, at most 100
        type_into(apps.frames[0], screen.entries["address"], f"127.0.0.1:{hostile.port}")
        apps.click(0, screen.buttons["ask"])
        apps.until(lambda: len(screen.tables) > 0, 60, "the hostile list")
        codes = [t.code for t in screen.tables]
        assert codes[0] == "K7QX-2M" and len(codes) == len(set(codes)) and len(codes) <= 200  # (100 lobbies, 100 being played)
        assert screen.tables[0].host == "Zed " + "x" * 20 and screen.tables[0].open == (1, 2) and screen.tables[0].joinable
        played = next(t for t in screen.tables if t.code == "W7QX-2M")  # a table being played: to watch, what could be read
        assert played.state == "playing" and not played.joinable and played.watchers == 0 and played.host == ""
        assert len(played.names) == 8 and played.names[:4] == ("Ann", "", "y" * 24, "z")
        assert sum(t.state == "playing" for t in screen.tables) <= 100 and all(t.watchers == 0 for t in screen.tables)
        assert not any(t.code.startswith("ABCD") for t in screen.tables)
        assert layout_problems(screen) == []
        # the list scrolls to a row the keys reach (each row, then its Watch)
        for _ in range(15):  # (past the address, the list button, the name, Play now and Leaderboard)
            apps.frames[0].step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode="", scancode=0)])
        assert screen.focus_key is not None and screen.focus_key.startswith(("table", "watch")) and screen.column.offset > 0
        # a machine nobody has
        type_into(apps.frames[0], screen.entries["address"], "kitchen-pc:47123")
        apps.click(0, screen.buttons["ask"])
        apps.until(lambda: screen.lister is not None and screen.lister.state == "failed", 60, "the lookup")
        apps.step()
        assert any(t == "No machine is called kitchen-pc: check the address." for t, *_ in screen.drawn_text), screen.drawn_text
        # and a mistyped address is said before anything is sent (the only status now: the failed list stopped)
        lister = screen.lister
        type_into(apps.frames[0], screen.entries["address"], "no place!")
        apps.click(0, screen.buttons["ask"])
        assert screen.problem and "is not an address" in screen.status_words
        assert screen.lister is None and not any(t.startswith("No machine is called") for t, *_ in screen.drawn_text)
    finally:
        app.routes.open_title()
        silent.close()
        hostile.close()
    assert lister is not None
    apps.until(lambda: not lister.running, 60, "the list's thread ended")  # (the screen gone, nothing is asked)
    assert net_threads() == []


@pytest.mark.skipif(__import__("shutil").which("openssl") is None, reason="openssl is not installed")
def test_a_wss_server_with_a_self_signed_certificate_is_trusted_on_first_use_from_both_screens(tmp_path: Path, two: tuple[App, App]) -> None:
    """``serve --tls-cert --tls-key`` with a certificate openssl made: *On a server*
    shows its fingerprint and asks; *Trust it* lists its tables, and a table is
    created there; on *Join a table* (the certificate forgotten meanwhile, as on
    another machine) the same question, *Trust it*, and the friend sits at the table."""
    from game.net.shared import tls
    from tests.net.shared.test_tls import make_certificate

    cert, key, fingerprint = make_certificate(tmp_path / "tls", "club")
    home = tmp_path / "server-home"
    home.mkdir()
    server = ServerProcess(home, "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        assert server.url.startswith("wss://127.0.0.1:")
        ann, bo = two
        apps = Apps(ann, bo)
        typed = server.url.rstrip("/")  # wss://127.0.0.1:PORT, as a person types it
        address = address_of(server.url.replace("wss://", "ws://"))
        question = f"The certificate of {address} is not signed by a known authority. Its fingerprint is {fingerprint}. Trust it?"
        screen = open_server_screen(apps, 0, typed, "Ann")
        apps.until(lambda: screen.lister is not None and screen.lister.state == "failed", 60, "the list refused")
        assert screen.lister.code == "tls_untrusted" and screen.lister.url == server.url
        apps.step()
        assert any(question in t for t, *_ in screen.drawn_text), [t for t, *_ in screen.drawn_text]
        assert screen.buttons["ask"].text == "Trust it" and not tls.path().exists()
        assert layout_problems(screen) == []
        apps.click(0, screen.buttons["ask"])
        assert tls.known_for(server.url) == fingerprint
        apps.until(lambda: screen.lister is not None and screen.lister.state == "listed", 60, "the server's list")
        assert screen.buttons["ask"].text == "List its tables"
        apps.click(0, screen.buttons["create"])
        form = ann.top
        assert type(form).__name__ == "HostScene" and form.server == server.url
        apps.click(0, form.buttons["start"])
        lobby = ann.top
        apps.until(lambda: lobby.play is not None and lobby.play.mirror.code is not None and lobby.play.mirror.lobby is not None, 60, "the table")
        code = lobby.play.mirror.code
        # another machine: nothing trusted there yet
        assert tls.forget(server.url)
        apps.click(1, bo.top.buttons["friends"])
        apps.click(1, bo.top.buttons["join"])
        join = bo.top
        assert type(join).__name__ == "JoinScene"
        for field, text in (("address", typed), ("code", code), ("name", "Bo")):
            join.entries[field].set_text("")
            type_into(apps.frames[1], join.entries[field], text)
        apps.click(1, join.buttons["join"])
        apps.until(lambda: join.play is None and join.problem is not None, 60, "the join refused")
        assert join.problem == question
        assert join.buttons["join"].text == "Trust it" and tls.known_for(server.url) is None
        assert layout_problems(join) == []
        apps.click(1, join.buttons["join"])
        assert tls.known_for(server.url) == fingerprint
        apps.until(lambda: type(bo.top).__name__ == "LobbyScene" and bo.top.lines()[1], 60, "Bo's lobby")
        assert bo.top.lines()[1] == f"You are at Ann's table {code}, at {address}."
        apps.until(lambda: lobby.buttons["start"].is_enabled, 60, "Start enabled")
        apps.click(0, lobby.buttons["start"])
        apps.until(lambda: net_table_up(ann) and net_table_up(bo), 60, "both tables")
        apps.click(0, ann.top.mode.look.buttons["leave"])
        apps.click(0, ann.top.mode.look.buttons["leave"])  # (pressed again: the creator's seat is held)
        apps.click(1, bo.top.mode.look.buttons["leave"])
    finally:
        server.stop()


@pytest.mark.skipif(__import__("shutil").which("openssl") is None, reason="openssl is not installed")
def test_a_changed_certificate_is_refused_loudly_on_join_until_the_old_one_is_forgotten(tmp_path: Path, two: tuple[App, App]) -> None:
    """The address trusted with another certificate before: *Join* says so loudly and
    connects nowhere; *Forget the old one*, then *Join* asks about the new one,
    *Trust it*, and the server is reached (it has no table of that code)."""
    from game.net.shared import tls
    from tests.net.shared.test_tls import make_certificate

    cert, key, fingerprint = make_certificate(tmp_path / "tls", "club")
    _old_cert, _old_key, old = make_certificate(tmp_path / "tls", "old")
    home = tmp_path / "server-home"
    home.mkdir()
    server = ServerProcess(home, "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        tls.trust(server.url, old)
        ann, _bo = two
        apps = Apps(ann)
        address = address_of(server.url.replace("wss://", "ws://"))
        apps.click(0, ann.top.buttons["friends"])
        apps.click(0, ann.top.buttons["join"])
        join = ann.top
        for field, text in (("address", server.url.rstrip("/")), ("code", "ABCD-EF"), ("name", "Ann")):
            join.entries[field].set_text("")
            type_into(apps.frames[0], join.entries[field], text)
        apps.click(0, join.buttons["join"])
        apps.until(lambda: join.play is None and join.problem is not None, 60, "the join refused")
        assert join.problem.startswith(f"WARNING: the certificate of {address} has changed (it was {old}, it is now {fingerprint})")
        assert join.buttons["join"].text == "Forget the old one" and tls.known_for(server.url) == old
        assert layout_problems(join) == []
        apps.click(0, join.buttons["join"])
        assert tls.known_for(server.url) is None and join.play is None
        assert join.status_words.startswith(f"The old certificate of {address} is forgotten") and join.problem is None
        assert join.buttons["join"].text == "Join"
        apps.click(0, join.buttons["join"])
        apps.until(lambda: join.play is None and join.problem is not None, 60, "the question")
        assert join.buttons["join"].text == "Trust it" and fingerprint in join.problem
        apps.click(0, join.buttons["join"])
        apps.until(lambda: join.play is None and join.problem is not None and "Trust" not in join.problem, 60, "the server reached")
        assert join.problem == "There is no table ABCD-EF there: check the code."
        assert tls.known_for(server.url) == fingerprint
    finally:
        server.stop()
