"""The frame loop's side of a network table (game/net/app/session.py): a real server
process on 127.0.0.1, sessions polled as a scene polls them, a connection cut
in the middle of a match, bad addresses and codes, and the kept seats' file."""

from __future__ import annotations

import json
import random
import socket
import threading
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from game.net.app import kept_seats
from game.net.app.client import Seated
from game.net.app.session import Session


def pump(sessions: list[Session], until: Callable[[], bool], seen: dict[int, list[dict[str, Any]]], timeout: float = 60.0,
         act: Callable[[int, dict[str, Any]], None] | None = None) -> None:
    """Poll like a frame loop (every 5 ms) until ``until()``; each message goes to
    ``seen[i]`` and to ``act``."""
    end = time.monotonic() + timeout
    while True:
        done = until()
        for i, session in enumerate(sessions):
            for message in session.poll():
                seen.setdefault(i, []).append(message)
                if act is not None:
                    act(i, message)
        if done:
            return
        assert time.monotonic() < end, {i: [m["type"] for m in seen[i][-8:]] for i in seen}
        time.sleep(0.005)


def links(messages: list[dict[str, Any]]) -> list[str]:
    return [m["state"] for m in messages if m["type"] == "link"]


class Player:
    """Answers its turns with a random legal action, as a scene would send a move."""

    def __init__(self, session: Session, seed: int) -> None:
        self.session = session
        self.rng = random.Random(seed)
        self.over: dict[str, Any] | None = None

    def __call__(self, message: dict[str, Any]) -> None:
        if message["type"] == "turn":
            legal = message["view"].get("legal") or []
            if legal:
                self.session.send({"type": "play", "action": self.rng.choice(legal)})
        elif message["type"] == "match_over":
            self.over = message


class Proxy:
    """A TCP relay in front of the server whose connections can be cut at will."""

    def __init__(self, upstream: tuple[str, int]) -> None:
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                near, _ = self.listener.accept()
            except OSError:
                return
            far = socket.create_connection(self.upstream)
            with self.lock:
                self.open += [near, far]
            for a, b in ((near, far), (far, near)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        for s in (a, b):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def cut(self) -> None:
        with self.lock:
            for s in self.open:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                    s.close()
                except OSError:
                    pass
            self.open.clear()

    def close(self) -> None:
        try:
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the blocked accept: no new connection
        except OSError:
            pass
        self.listener.close()
        self.cut()


def host_and_friend(url: str, **kw: Any) -> tuple[Session, Session, dict[int, list[dict[str, Any]]]]:
    """A host who created a Matador table for two and a friend who joined it by its code."""
    seen: dict[int, list[dict[str, Any]]] = {}
    host = Session.create(url, "matador", 2, "Hal", **kw)
    host.start()
    pump([host], lambda: host.seated is not None and host.state == "open", seen)
    assert host.seated is not None
    friend = Session.join(url, host.seated.table.lower().replace("-", ""), "Ann", **kw)
    friend.start()
    pump([host, friend], lambda: friend.state == "open", seen)
    return host, friend, seen


def test_two_sessions_polled_like_frames_play_a_whole_match(server: Any) -> None:
    host, friend, seen = host_and_friend(server.url)
    try:
        assert host.seated is not None and friend.seated is not None
        assert (host.seated.seat, friend.seated.seat) == (0, 1)
        assert host.seated.table == friend.seated.table and host.seated.token != friend.seated.token
        players = [Player(host, 1), Player(friend, 2)]
        host.send({"type": "start"})
        pump([host, friend], lambda: all(p.over for p in players), seen, timeout=60,
             act=lambda i, message: players[i](message))
        assert players[0].over == players[1].over
        assert links(seen[0]) == ["connecting", "open"] and links(seen[1]) == ["connecting", "open"]
        lobby = [m for m in seen[0] if m["type"] == "table"][-1]
        assert [s["name"] for s in lobby["seats"]] == ["Hal", "Ann"]
        # the friend never heard the host's hand: only its own tiles in every view
        for message in seen[1]:
            view = message.get("view")
            if view and "hand" in view:
                assert view["seat"] == 1
    finally:
        host.close()
        friend.close()
    for session in (host, friend):  # a loaded machine's server may be slow to answer the close (2 s each way at most)
        session.wait(15.0)
    assert not host.running and not friend.running
    assert links(host.poll())[-1:] == ["closed"]


def test_a_cut_connection_comes_back_to_its_seat_and_the_match_goes_on(server: Any) -> None:
    address = server.url.removeprefix("ws://").strip("/").rsplit(":", 1)
    proxy = Proxy((address[0], int(address[1])))
    remembered: list[Seated] = []
    try:
        host, friend, seen = host_and_friend(f"ws://127.0.0.1:{proxy.port}/", remember=remembered.append)
        players = [Player(host, 3), Player(friend, 4)]
        host.send({"type": "start"})
        played = lambda: sum(m["type"] == "played" for m in seen.get(1, []))  # noqa: E731
        pump([host, friend], lambda: played() >= 3, seen, act=lambda i, m: players[i](m))
        proxy.cut()  # both connections drop mid-match
        pump([host, friend], lambda: all(p.over for p in players), seen, timeout=60, act=lambda i, m: players[i](m))
        for i in (0, 1):
            states = links(seen[i])
            assert states[:2] == ["connecting", "open"] and "lost" in states and states[-1] == "open", states
        assert players[0].over == players[1].over
        # the seat and its token were kept on every sitting down, the same seat each time
        assert len(remembered) >= 4 and {(s.seat, s.token) for s in remembered} == {
            (host.seated.seat, host.seated.token), (friend.seated.seat, friend.seated.token)}  # type: ignore[union-attr]
    finally:
        for s in ("host", "friend"):
            if s in locals():
                locals()[s].close()
        proxy.close()


def test_a_wrong_address_or_code_fails_at_once_with_a_reason(server: Any) -> None:
    closed = socket.create_server(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there now
    nobody = Session.join(f"ws://127.0.0.1:{port}/", "K7QX-2M", "Ann", timeout=3)
    nobody.start()
    seen: dict[int, list[dict[str, Any]]] = {}
    pump([nobody], lambda: nobody.state == "failed", seen, timeout=60)
    failed = [m for m in seen[0] if m["type"] == "link"][-1]
    assert failed["reason"].startswith("The table could not be reached (")
    wrong = Session.join(server.url, "ZZZZ-ZZ", "Ann")
    wrong.start()
    seen = {}
    pump([wrong], lambda: wrong.state == "failed", seen, timeout=60)
    assert "ZZZZ-ZZ" in seen[0][-1]["reason"] or "table" in seen[0][-1]["reason"].lower()
    assert seen[0][-1]["reason"].count("\n") == 0 and seen[0][-1]["code"] == "no_table"
    deadline = time.monotonic() + 60  # a failed session's thread ends soon after: wait for it
    while (nobody.running or wrong.running) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert not nobody.running and not wrong.running


def test_a_machine_name_nobody_has_is_said_as_such(monkeypatch: pytest.MonkeyPatch) -> None:
    real = socket.getaddrinfo

    def lookup(host: Any, *args: Any, **kw: Any) -> Any:
        if host == "kitchen-pc":
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        return real(host, *args, **kw)

    monkeypatch.setattr(socket, "getaddrinfo", lookup)
    session = Session.join("ws://kitchen-pc:47123/", "K7QX-2M", "Ann", timeout=3)
    session.start()
    seen: dict[int, list[dict[str, Any]]] = {}
    pump([session], lambda: session.state == "failed", seen, timeout=10)
    failed = [m for m in seen[0] if m["type"] == "link"][-1]
    assert failed["code"] == "unknown_host" and failed["reason"] == "No machine is called kitchen-pc."


def test_a_seat_gone_for_longer_than_allowed_gives_up(server: Any) -> None:
    address = server.url.removeprefix("ws://").strip("/").rsplit(":", 1)
    proxy = Proxy((address[0], int(address[1])))
    host = Session.create(f"ws://127.0.0.1:{proxy.port}/", "matador", 2, "Hal", reconnect_for=0.6, timeout=1)
    host.start()
    seen: dict[int, list[dict[str, Any]]] = {}
    try:
        pump([host], lambda: host.state == "open", seen)
        proxy.close()  # cut, and nothing listens any more
        pump([host], lambda: host.state == "failed", seen, timeout=60)
        assert links(seen[0])[-1] == "failed" and "lost" in links(seen[0])
        assert seen[0][-1]["reason"].startswith("The table could not be reached again")
    finally:
        host.close()


# The kept seats' file --------------------------------------------------------
@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MATADOR_HOME", str(tmp_path))
    return tmp_path


def test_kept_seats_are_remembered_found_replaced_and_forgotten(home: Path) -> None:
    one = Seated("ws://kitchen:47123/", "K7QX-2M", 1, "a" * 32)
    now = time.time()
    kept_seats.remember(one, "Ann", now=now - 2000)
    kept_seats.remember(Seated("ws://club:47123/", "ABCD-EF", 0, "b" * 32), "Ann", now=now - 1000)
    found = kept_seats.find("ws://kitchen:47123/", "k7qx2m")
    assert found is not None and found.seated == one and found.name == "Ann"
    kept_seats.remember(Seated("ws://kitchen:47123/", "K7QX-2M", 0, "c" * 32), "Ann", now=now)
    seats, message = kept_seats.load(now=now)
    assert message is None and [k.seated.token[0] for k in seats] == ["c", "b"]
    kept_seats.forget("ws://club:47123/", "ABCD-EF")
    assert [k.seated.table for k in kept_seats.load(now=now)[0]] == ["K7QX-2M"]
    assert kept_seats.load(now=now + kept_seats.KEEP_S + 1)[0] == []  # a week later


def test_the_people_at_the_host_s_screen_are_kept_with_the_host_s_seat(home: Path) -> None:
    """Their seats go with the host's (not offered on their own), survive the
    host's seat being remembered again (a reconnection), read back as written,
    and go with it; without a host's seat kept, nothing is kept of them."""
    hal = Seated("ws://127.0.0.1:47123/", "K7QX-2M", 0, "a" * 32)
    cy = Seated("ws://127.0.0.1:47123/", "K7QX-2M", 1, "b" * 32)
    assert not kept_seats.remember_here(cy, "Cy")  # no host's seat kept yet
    assert kept_seats.load()[0] == []
    kept_seats.remember(hal, "Hal", hosted=kept_seats.Hosted(False, 47123))
    assert kept_seats.remember_here(cy, "Cy") and kept_seats.remember_here(Seated(cy.url, cy.table, 2, "c" * 32), "Di")
    kept_seats.remember(hal, "Hal", hosted=kept_seats.Hosted(False, 47123))  # the host's session sat down again
    [kept] = kept_seats.load()[0]
    assert kept.seated == hal and kept.hosted is not None
    assert [(h.seat, h.token, h.name) for h in kept.hosted.here] == [(1, "b" * 32, "Cy"), (2, "c" * 32, "Di")]
    assert kept_seats.at_table("K7QX-2M") is None  # a seat of this app's own table is not a friend's to take back
    assert kept_seats.forget_hosted() == [kept] and kept_seats.load()[0] == []


@pytest.mark.parametrize("text", [
    "{", "[]", '{"format": "matador-network-seats/1", "seats": [1]}',
    json.dumps({"format": "matador-network-seats/1", "seats": [
        {"url": "http://evil/", "table": "K7QX-2M", "seat": 0, "token": "a" * 32, "name": "x", "saved_at": 1}]}),
    json.dumps({"format": "matador-network-seats/1", "seats": [
        {"url": "ws://a/", "table": "K7QX-2M", "seat": 9, "token": "a" * 32, "name": "x", "saved_at": 1}]}),
    json.dumps({"format": "matador-network-seats/1", "seats": [
        {"url": "ws://a/", "table": "K7QX-2M", "seat": 0, "token": "../../etc", "name": "x", "saved_at": 1}]}),
    '{"format": "matador-network-seats/1", "seats": [{"url": "ws://a/", "table": "K7QX-2M", "seat": 0, "token": "'
    + "a" * 32 + '", "name": "x", "saved_at": ' + "9" * 5000 + "}]}",
    *(json.dumps({"format": "matador-network-seats/1", "seats": [
        {"url": "ws://a/", "table": "K7QX-2M", "seat": 0, "token": "a" * 32, "name": "x", "saved_at": 1,
         "hosted": {"visible": False, "port": 47123, "here": here}}]})
      for here in ({"seat": 1}, [{"seat": 1, "token": "b" * 31, "name": "Cy"}], [{"seat": -1, "token": "b" * 32, "name": "Cy"}],
                   [{"seat": 1, "token": "b" * 32, "name": 5}], [{"seat": 1, "token": "b" * 32, "name": "Cy"}] * 9, [None])),
])
def test_a_broken_kept_seats_file_is_moved_aside_with_one_line(home: Path, text: str) -> None:
    kept_seats.path().parent.mkdir(parents=True, exist_ok=True)
    kept_seats.path().write_text(text, encoding="utf-8")
    seats, message = kept_seats.load()
    assert seats == [] and message is not None and message.count("\n") == 0
    assert "seats at network tables" in message
    assert not kept_seats.path().exists() and list(home.rglob("network-seats.json.broken-*"))
    kept_seats.remember(Seated("ws://a/", "K7QX-2M", 0, "d" * 32), "Ann")  # and a new one is kept
    assert kept_seats.load()[0][0].seated.token == "d" * 32
