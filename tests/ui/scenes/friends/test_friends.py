"""Play with friends through the real screens, driven by synthetic events: the
title opens it; joining with a mistyped field, a wrong code, no server or another
version says why in one line while every frame keeps coming; hosting starts a
server on a thread of the app, a headless player joins by the code, the lobby
shows it, Start opens the network table and its mirror gets the turn; leaving
the screen or quitting stops the server (no thread, no port left); the Host
form's port: mistyped, in use, and a free one listened on and remembered.

Only 127.0.0.1 and ports chosen by the system (tests/conftest.py sets
MATADOR_LOOPBACK_ONLY: a hosted table listens on 127.0.0.1, any free port unless
the test types one, and nothing is multicast)."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator

import pygame
import pytest

from game.ui.shell.app import App
from game.ui.drawing.layout_check import layout_problems
from game.ui.table import slot_of, targets_for
from tests.ui.conftest import mouse_down, mouse_up

ROOT = Path(__file__).resolve().parents[4]
FRAME = 1 / 60


class Frames:
    """Steps an app like its loop does (a frame every 1/60 s of real time, so the
    network threads run meanwhile) and notes every wait a frame made: a call on
    the main thread, while the app steps, that could block on the network or on
    another thread (``waits``; see ``_watch_waits``). None may: no frame waits."""

    def __init__(self, app: App):
        self.app = app
        self.count = 0
        self.waits: list[str] = []
        WATCHING[:] = [self]

    def step(self, events: list[pygame.event.Event] | None = None) -> None:
        start = time.perf_counter()
        IN_FRAME[0] = True
        try:
            self.app.step(events or [], FRAME)
        finally:
            IN_FRAME[0] = False
        self.count += 1
        time.sleep(max(0.0, FRAME - (time.perf_counter() - start)))

    def until(self, done: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
        end = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < end, f"not in {timeout} s: {what}"
            self.step()

    def click(self, button: Any) -> None:
        self.click_at(pygame.Rect(button.rect).center)

    def click_at(self, pos: tuple[int, int]) -> None:
        self.step([mouse_down(pos), mouse_up(pos)])
        self.step()


def type_into(frames: Frames, entry: Any, text: str) -> None:
    """Type ``text`` into a text field as a keyboard would (the field is clicked first)."""
    pos = pygame.Rect(entry.rect).center
    frames.step([mouse_down(pos), mouse_up(pos)])
    entry.set_text("")
    frames.step([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text])


def net_threads(wait_s: float = 3.0) -> list[str]:
    """The network threads still running, once those of the tables closed have ended
    (a screen left does not wait for them: they end on their own, at once)."""
    from game.net.app.netplay import finish_closing

    finish_closing(wait_s)
    return sorted(t.name for t in threading.enumerate() if t.name.startswith(("matador-host", "matador-net")))


def port_open(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1.0)
        return probe.connect_ex(("127.0.0.1", port)) == 0


IN_FRAME = [False]  # the app is stepping a frame (set by Frames.step)
WATCHING: list[Frames] = []  # the Frames whose frames are watched


def _note(what: str) -> None:
    if IN_FRAME[0] and threading.current_thread() is threading.main_thread() and WATCHING:
        WATCHING[0].waits.append(what)


@pytest.fixture(autouse=True)
def _watch_waits(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every call that could wait (a connection, a thread's end, an event, a future,
    a queue, a sleep) notes itself when a frame makes it on the main thread; calls
    that cannot wait (a thread already ended, a future done...) do not."""
    import concurrent.futures
    import queue

    def wrap(owner: Any, name: str, waits: Callable[..., bool]) -> None:
        original = getattr(owner, name)

        def watched(*args: Any, **kwargs: Any) -> Any:
            # (threading's own waits, as Thread.start's for the thread to run, are not the app's)
            if sys._getframe(1).f_globals.get("__name__") != "threading" and waits(*args, **kwargs):
                _note(f"{getattr(owner, '__name__', owner)}.{name}")
            return original(*args, **kwargs)

        monkeypatch.setattr(owner, name, watched)

    def timeout_of(args: tuple[Any, ...], kwargs: dict[str, Any], index: int) -> Any:
        return kwargs.get("timeout", args[index] if len(args) > index else None)

    wrap(socket.socket, "connect", lambda *a, **k: True)
    wrap(socket, "create_connection", lambda *a, **k: True)
    wrap(threading.Thread, "join", lambda t, *a, **k: t.is_alive() and timeout_of(a, k, 0) != 0)
    wrap(threading.Event, "wait", lambda e, *a, **k: not e.is_set() and timeout_of(a, k, 0) != 0)
    wrap(concurrent.futures.Future, "result", lambda f, *a, **k: not f.done())
    wrap(queue.Queue, "get", lambda q, block=True, timeout=None: block and q.empty() and timeout != 0)
    wrap(time, "sleep", lambda seconds: IN_FRAME[0] and seconds > 0)
    yield
    WATCHING.clear()


def open_join(frames: Frames) -> Any:
    app = frames.app
    frames.click(app.top.buttons["friends"])
    assert type(app.top).__name__ == "FriendsScene"
    frames.click(app.top.buttons["join"])
    join = app.top
    assert type(join).__name__ == "JoinScene"
    return join


def test_the_title_opens_play_with_friends_host_and_join_and_back(app: App) -> None:
    frames = Frames(app)
    frames.step()
    title = app.top
    assert "friends" in title.buttons
    frames.click(title.buttons["friends"])
    friends = app.top
    assert type(friends).__name__ == "FriendsScene"
    assert set(friends.buttons) == {"host", "join", "server", "back"}
    frames.click(friends.buttons["host"])
    assert type(app.top).__name__ == "HostScene"
    frames.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    assert app.top is friends
    frames.click(friends.buttons["join"])
    assert type(app.top).__name__ == "JoinScene"
    frames.click(app.top.buttons["back"])
    assert app.top is friends
    frames.click(friends.buttons["server"])
    assert type(app.top).__name__ == "ServerScene"
    frames.click(app.top.buttons["back"])
    assert app.top is friends
    frames.click(friends.buttons["back"])
    assert app.top is title


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # nothing listens there once it is closed


class OtherVersion:
    """A WebSocket server on 127.0.0.1 that refuses every hello as a newer server would."""

    def __init__(self) -> None:
        self.port = 0
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
            await ws.send(json.dumps({"type": "refused", "about": "hello", "reason": "this server speaks protocol 2, not 1: use the same version of Matador as the server", "protocol": 2}))
            await ws.close(4000, "protocol refused")

        self.loop, self.stop = asyncio.get_running_loop(), asyncio.Event()
        async with serve(handler, "127.0.0.1", 0) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self.ready.set()
            await self.stop.wait()

    def close(self) -> None:
        assert self.loop is not None and self.stop is not None
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(5)


def test_joining_says_what_is_wrong_in_one_line_and_no_frame_waits(app: App) -> None:
    frames = Frames(app)
    join = open_join(frames)
    entries = join.entries

    def attempt(address: str, code: str, name: str = "Ann") -> str:
        for key, text in (("address", address), ("code", code), ("name", name)):
            type_into(frames, entries[key], text)
        frames.click(join.buttons["join"])
        frames.until(lambda: join.play is None and join.problem is not None, 60, f"an answer for {address} {code}")
        assert app.top is join and "\n" not in join.problem
        return str(join.problem)

    assert "like 192.168.1.20:47123" in attempt("", "K7QX-2M")
    assert "port" in attempt("127.0.0.1:99999", "K7QX-2M")
    assert "is not an address" in attempt("no place!", "K7QX-2M")
    assert "is not a table code" in attempt("127.0.0.1:5000", "K0Q")
    assert "name" in attempt("127.0.0.1:5000", "K7QX-2M", " ")
    port = closed_port()
    line = attempt(f"127.0.0.1:{port}", "k7qx2m")
    assert line.startswith(f"No table answers at 127.0.0.1:{port}"), line
    assert entries["code"].get_text() == "K7QX-2M"  # written as codes are
    other = OtherVersion()
    try:
        assert "another version of Matador" in attempt(f"127.0.0.1:{other.port}", "K7QX-2M")
    finally:
        other.close()
    from game.net.app.hosting import HostedServer

    hosted = HostedServer(False, 0, app_home() / "hosted")
    hosted.start()
    try:
        frames.until(lambda: hosted.state == "ready", 60, "the server")
        assert attempt(f"127.0.0.1:{hosted.port}", "ABCD-EF") == "There is no table ABCD-EF there: check the code."
    finally:
        hosted.stop()
    assert frames.waits == [], frames.waits
    # the name and the address are remembered for next time
    network = app.services["settings"].network  # type: ignore[attr-defined]
    assert network["name"] == "Ann" and network["address"] == f"127.0.0.1:{hosted.port}"


def app_home() -> Path:
    import os

    home = Path(os.environ["MATADOR_HOME"])
    home.mkdir(parents=True, exist_ok=True)
    return home


def bot(url: str, code: str, name: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "game.net.app.bot", url, "--join", code, "--name", name, "--timeout", "60"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


def host_a_table(frames: Frames) -> Any:
    """Title -> Play with friends -> Host a table (you and a friend, Matador) -> Open the table: the lobby."""
    app = frames.app
    frames.click(app.top.buttons["friends"])
    frames.click(app.top.buttons["host"])
    form = app.top
    assert type(form).__name__ == "HostScene"
    assert [s["kind"] for s in form.seats[: form.players]] == ["human", "friend"] and form.players == 2
    assert form.problem is None, form.problem
    frames.click(form.buttons["start"])
    lobby = app.top
    assert type(lobby).__name__ == "LobbyScene"
    frames.until(lambda: lobby.play is not None and lobby.play.mirror.lobby is not None, 60, "the table")
    return lobby


def net_table_up(app: App) -> bool:
    """The table (in its network mode) is on top, its seat's view there."""
    from game.ui.table import NetMode, TableScene

    top = app.top
    return isinstance(top, TableScene) and isinstance(top.mode, NetMode) and top.mode.source.mirror.view is not None


def test_host_a_table_a_friend_joins_start_and_the_table_follows_the_server(app: App) -> None:
    frames = Frames(app)
    lobby = host_a_table(frames)
    play = lobby.play
    hosted = play.hosted
    assert hosted is not None and hosted.host == "127.0.0.1" and hosted.running
    code = play.mirror.code
    port = hosted.port
    assert port_open(port)
    heading, give, note, rows, status, problem = lobby.lines()
    assert heading == f"Table {code}" and f"127.0.0.1:{port}" in give and code in give and note  # this machine only
    assert [r[2] for r in rows] == [True, False] and "waiting for a friend" in rows[1][1]
    assert not lobby.buttons["start"].is_enabled and status == "Waiting for friends to join…"
    assert not lobby.buttons["start"].is_selected  # a Start that cannot be pressed is not lit as the choice
    friend = bot(hosted.url, code, "Bo")
    try:
        frames.until(lambda: lobby.lines()[3][1][2], 60, "the friend in the lobby")
        assert "Bo" in lobby.lines()[3][1][1]
        frames.until(lambda: lobby.buttons["start"].is_enabled, 60, "Start enabled")
        assert lobby.lines()[4] == "Everyone is here: start when you are ready."
        assert lobby.buttons["start"].is_selected and lobby.focus.name == "start"  # now Enter starts
        assert layout_problems(lobby) == []
        frames.click(lobby.buttons["start"])
        frames.until(lambda: net_table_up(app), 60, "the table")
        table = app.top
        mirror = table.mode.source.mirror
        frames.until(lambda: mirror.my_turn, 60, "the host's turn")
        assert mirror.legal == mirror.server_legal and mirror.legal
        assert table.board.hand and table.model.legal == mirror.legal and "your turn" in table.snapshot.hand_label
        assert layout_problems(table) == []
        # play the turn as a player does: a click on a hand tile, then on its place
        moves = len(mirror.history)
        for _ in range(3):
            frames.until(lambda: mirror.my_turn and table.can_act(), 60, "the turn")
            lays = [a for a in table.model.legal if a.kind == "lay"]
            if lays:
                tile = lays[0].tile
                place = slot_of(targets_for(tile, table.model.legal)[0].variant(0), table.board.layout)
                frames.click_at(table.board.hand_rect(tile).center)
                frames.click_at(place.rect.center)
            elif "draw" in {a.kind for a in table.model.legal}:
                frames.click_at(table.board.regions.boneyard.center)
            else:
                frames.click(table.toolbar.turn[table.model.legal[0].kind])
            frames.until(lambda: len(mirror.history) > moves, 60, "the move played")
            moves = len(mirror.history)
        assert frames.waits == [], frames.waits
        # the friend's moves come back; a reaction reaches everyone
        frames.click(table.mode.look.buttons["nice"])
        frames.until(lambda: any(kind == "nice" for _seat, kind in mirror.shown_reactions()), 60, "the reaction")
        # leaving the table closes it: the server thread stops, its port closes
        frames.click(table.mode.look.buttons["leave"])
        frames.click(table.mode.look.buttons["leave"])  # the host's Leave mid-match, pressed again
        assert type(app.top).__name__ == "TitleScene" and frames.waits == [], frames.waits
        assert net_threads() == [] and not hosted.running and not port_open(port)
    finally:
        friend.kill()
        friend.wait(10)


def test_leaving_the_lobby_or_quitting_stops_the_hosted_server(app: App) -> None:
    frames = Frames(app)
    lobby = host_a_table(frames)
    hosted = lobby.play.hosted
    port = hosted.port
    frames.click(lobby.buttons["leave"])
    assert type(app.top).__name__ == "FriendsScene"
    assert net_threads() == [] and not hosted.running and not port_open(port)
    frames.click(app.top.buttons["back"])
    lobby = host_a_table(frames)
    hosted = lobby.play.hosted
    port = hosted.port
    assert port_open(port)
    app.step([pygame.event.Event(pygame.QUIT)], FRAME)  # the window's close button
    assert not app.running
    app.close()  # what the launcher does next (then game.ui.shell.launch.finish_network waits for the threads)
    assert net_threads() == [] and not hosted.running and not port_open(port)


def test_a_seat_kept_from_an_earlier_run_is_taken_back_from_play_with_friends(app: App) -> None:
    """Ann joins a friend's table by address and code; her app goes (the table is
    closed); Play with friends then offers *Back to table CODE*, which takes her
    seat back at the table where it was."""
    from game.net.app.hosting import HostedServer

    frames = Frames(app)
    hosted = HostedServer(False, 0, app_home() / "friend-hosted")
    hosted.start()
    frames.until(lambda: hosted.state == "ready", 60, "the friend's server")
    creator = subprocess.Popen(
        [sys.executable, "-m", "game.net.app.bot", hosted.url, "--create", "matador:2", "--name", "Bo", "--timeout", "90"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert creator.stdout is not None
        line = creator.stdout.readline()
        assert line.startswith("SEATED "), line + (creator.stderr.read() if creator.stderr else "")
        code = json.loads(line.split(" ", 1)[1])["table"]
        join = open_join(frames)
        for key, text in (("address", f"127.0.0.1:{hosted.port}"), ("code", code), ("name", "Ann")):
            type_into(frames, join.entries[key], text)
        frames.click(join.buttons["join"])
        frames.until(lambda: net_table_up(app), 60, "the table")
        seat = app.top.mode.source.mirror.seat
        app.routes.open_title()  # the table closes, as when the app goes
        assert "matador-net" not in net_threads()  # (the friend's server runs on)
        frames.click(app.top.buttons["friends"])
        friends = app.top
        assert friends.buttons["kept0"].text == f"Back to table {code}"
        assert friends.focus.name == "kept0" and friends.buttons["kept0"].is_selected  # the seat waiting is the first choice
        frames.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)])
        frames.until(lambda: net_table_up(app), 60, "the table again")
        table = app.top
        mirror = table.mode.source.mirror
        assert mirror.seat == seat and mirror.lobby is not None and mirror.lobby.names[seat] == "Ann" and table.model.names[seat] == "Ann"
        frames.click(table.mode.look.buttons["leave"])
    finally:
        creator.kill()
        creator.wait(10)
        hosted.stop()


class HeardBrowser:
    """Stands for game.net.shared.discovery.Browser: what it has heard, without a packet."""

    def __init__(self, listings: list[Any]):
        self.heard = listings
        self.closed = False

    def start(self) -> None:
        pass

    def listings(self) -> list[Any]:
        return list(self.heard)

    def close(self) -> None:
        self.closed = True


def test_a_table_heard_on_the_network_is_joined_in_one_click(app: App) -> None:
    from game.net.shared.discovery import Listing
    from game.net.app.hosting import HostedServer
    from game.net.shared.protocol import PROTOCOL

    frames = Frames(app)
    hosted = HostedServer(False, 0, app_home() / "friend-hosted")
    hosted.start()
    frames.until(lambda: hosted.state == "ready", 60, "the friend's server")
    creator = subprocess.Popen(
        [sys.executable, "-m", "game.net.app.bot", hosted.url, "--create", "matador:2", "--name", "Bo", "--timeout", "60"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert creator.stdout is not None
        code = json.loads(creator.stdout.readline().split(" ", 1)[1])["table"]
        heard = HeardBrowser([
            Listing(f"Bo · {code}", "127.0.0.1", hosted.port or 0, PROTOCOL, code),
            Listing("Matador on an old machine", "127.0.0.1", 9, 0),
        ])
        app.services["lan_browser"] = lambda: heard
        join = open_join(frames)
        frames.until(lambda: "found1" in join.buttons, 60, "the tables heard")
        assert join.buttons["found0"].text == f"Bo · {code} (127.0.0.1:{hosted.port})"
        assert not join.buttons["found1"].is_enabled and "another version" in join.buttons["found1"].text
        frames.click(join.buttons["found0"])
        frames.until(lambda: net_table_up(app), 60, "the table")
        assert app.top.mode.source.mirror.code == code
        frames.until(lambda: heard.closed, 60, "the list closed")  # it stops listening once the screen goes
        frames.click(app.top.mode.look.buttons["leave"])
    finally:
        creator.kill()
        creator.wait(10)
        hosted.stop()


def test_a_friend_s_lobby_says_whose_table_it_is_where_and_that_the_seat_is_kept(app: App) -> None:
    """The joiner's lobby fills the box where the host reads what to give friends:
    whose table, its code and address, and what happens if the connection drops."""
    from game.net.app.hosting import HostedServer

    frames = Frames(app)
    hosted = HostedServer(False, 0, app_home() / "friend-hosted-3")
    hosted.start()
    frames.until(lambda: hosted.state == "ready", 60, "the friend's server")
    creator = subprocess.Popen(
        [sys.executable, "-m", "game.net.app.bot", hosted.url, "--create", "matador:3", "--name", "Bo", "--timeout", "60"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        assert creator.stdout is not None
        code = json.loads(creator.stdout.readline().split(" ", 1)[1])["table"]
        join = open_join(frames)
        for key, text in (("address", f"127.0.0.1:{hosted.port}"), ("code", code), ("name", "Ann")):
            type_into(frames, join.entries[key], text)
        frames.click(join.buttons["join"])
        frames.until(lambda: type(app.top).__name__ == "LobbyScene" and app.top.lines()[1], 60, "the lobby")
        lobby = app.top
        heading, give, note, rows, status, problem = lobby.lines()
        assert heading == f"Table {code}" and give == f"You are at Bo's table {code}, at 127.0.0.1:{hosted.port}."
        assert "5 minutes" in note and status == "Waiting for the host to start." and not problem
        assert "start" not in lobby.buttons  # only the host starts
        frames.step()
        shown = [text for text, *_ in lobby.drawn_text]
        assert give in shown and note in shown and layout_problems(lobby) == []
        frames.click(lobby.buttons["leave"])
        assert type(app.top).__name__ == "FriendsScene"
    finally:
        creator.kill()
        creator.wait(10)
        hosted.stop()


def test_back_to_a_table_that_does_not_answer_says_it_is_connecting_and_back_stops_it(app: App) -> None:
    """A seat kept at a friend's table whose host is gone: *Back to table CODE*
    says at once that it is connecting, then that it tries again (the button is not silent while the
    connection is tried off the frame), and Back leaves with no network thread."""
    from game.net.app import kept_seats
    from game.net.app.client import Seated

    frames = Frames(app)
    url = f"ws://127.0.0.1:{closed_port()}/"
    kept_seats.remember(Seated(url, "K7QX-2M", 1, "0" * 32), "Ann")
    frames.click(app.top.buttons["friends"])
    friends = app.top
    assert type(friends).__name__ == "FriendsScene" and friends.buttons["kept0"].text == "Back to table K7QX-2M"
    assert not any(text == "Connecting…" for text, *_ in friends.drawn_text)
    frames.click(friends.buttons["kept0"])
    assert app.top is friends and friends.play is not None
    assert any(text in ("Connecting…", "Connection lost: trying again…") for text, *_ in friends.drawn_text), friends.drawn_text
    frames.until(lambda: any(text == "Connection lost: trying again…" for text, *_ in friends.drawn_text), 60, "no answer: trying again")
    assert app.top is friends and friends.play is not None  # (it tries on for a while: the host may come back)
    frames.click(friends.buttons["back"])
    assert type(app.top).__name__ == "TitleScene" and friends.play is None
    assert net_threads() == []
    kept_seats.forget(url, "K7QX-2M")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_host_a_table_on_a_port_of_the_host_s_choosing(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Host form's port: a port out of 1024-65535 keeps the table closed with one
    line, one in use on this machine is said on the form when *Open the table* is
    pressed (and in the lobby, when taken after the form looked), a free one is
    listened on (and given to friends) and remembered."""
    from game.profile.settings import load_settings
    from tests.ui.conftest import key

    frames = Frames(app)
    frames.click(app.top.buttons["friends"])
    frames.click(app.top.buttons["host"])
    form = app.top
    assert type(form).__name__ == "HostScene" and form.port_entry is not None
    entry = form.port_entry
    assert entry.get_text() == "47123" and form.problem is None  # the default
    invalid = "The port must be a number from 1024 to 65535 (like 47123)"
    for typed, kept in (("80", "80"), ("70000", "70000"), ("4x7", "47"), ("", "")):
        type_into(frames, entry, typed)
        frames.step()
        assert entry.get_text() == kept and form.problem == invalid, (typed, form.problem)
        assert not form.buttons["start"].is_enabled and form.words.status_drawn[0] == invalid  # (the status line)
    frames.click(form.buttons["start"])
    assert app.top is form
    # the keyboard reaches the port's line as any other: Tab walks to it, and it takes the typing
    frames.step([key(pygame.K_TAB)])
    for _ in range(len(form.row_order)):
        if form.focus_key == "port":
            break
        frames.step([key(pygame.K_TAB)])
    assert form.focus_key == "port" and entry.is_focused
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        frames.step([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in str(busy)])
        frames.step()
        assert entry.get_text() == str(busy) and form.problem is None and form.buttons["start"].is_enabled
        frames.click(form.buttons["start"])  # in use: said here, the form stays
        assert app.top is form
        assert form.problem == f"Port {busy} is in use on this machine (another game or server?): choose another"
        assert not form.buttons["start"].is_enabled and net_threads() == []
        # taken between the form's look and the server's start: the lobby says it
        import game.ui.scenes.friends.host_screen as host_scene

        with monkeypatch.context() as patched:
            patched.setattr(host_scene, "port_taken", lambda visible, port: False)
            form.port_taken_at = None
            form.changed()
            frames.click(form.buttons["start"])
        lobby = app.top
        assert type(lobby).__name__ == "LobbyScene"
        said = f"The table could not be opened: port {busy} is in use on this machine. Go back and choose another port."
        frames.until(lambda: lobby.lines()[4] == said, 60, "the lobby's line")
        frames.click(lobby.buttons["leave"])
        frames.click(app.top.buttons["host"])
        form = app.top
        entry = form.port_entry
        assert type(form).__name__ == "HostScene" and entry.get_text() == str(busy)
    port = free_port()
    type_into(frames, entry, str(port))
    frames.step()
    assert form.problem is None
    assert layout_problems(form) == []
    frames.click(form.buttons["start"])
    lobby = app.top
    assert type(lobby).__name__ == "LobbyScene"
    frames.until(lambda: lobby.play is not None and lobby.play.mirror.lobby is not None, 60, "the table")
    hosted = lobby.play.hosted
    assert hosted.port == port and port_open(port)
    assert f"127.0.0.1:{port}" in lobby.lines()[1]  # what the host gives friends
    assert app.services["settings"].network["host_port"] == port  # type: ignore[attr-defined]
    assert load_settings()[0].network["host_port"] == port  # (on disk)
    frames.click(lobby.buttons["leave"])
    assert net_threads() == [] and not port_open(port)
    frames.click(app.top.buttons["host"])
    assert app.top.port_entry.get_text() == str(port)  # remembered
    assert frames.waits == [], frames.waits
