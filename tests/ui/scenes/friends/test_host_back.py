"""The host's app keeps its table across a restart (issue 26): the app hosting a
table is "killed" mid-match (its objects dropped without closing: no goodbye to
the friends, its journal and its kept seat left as kill -9 leaves them), started
again, and *Play with friends* offers the host *Back to table CODE*: the hosted
server starts again on the same port, resumes the table, the host sits back
down, the friend's session finds a live host again and the match goes on. A
host who hosts a new table instead closes the old one for good: a friend coming
back is told the host left, and nothing of it is offered again.

Real websockets on 127.0.0.1 (tests/conftest.py sets MATADOR_LOOPBACK_ONLY)."""

from __future__ import annotations

import random
import socket
import time
from typing import Callable

import pygame

from game.net.app import kept_seats
from game.net.app.client import Seated
from game.net.app.hosting import hosted_store_path
from game.net.server.journal import SUFFIX, read_table
from game.net.app.netplay import NetPlay
from game.ui.shell.app import App
from tests.ui.scenes.friends.test_friends import Frames, net_table_up, net_threads, open_join, port_open, type_into

FIELDS = {"rules": "matador", "players": 2, "seats": ["open", "open"], "name": "Hal", "seat": 0}


def pump(plays: list[NetPlay], done: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, f"not in {timeout} s: {what}"
        for play in plays:
            play.update()
        time.sleep(0.01)


def move(plays: list[NetPlay], rng: random.Random, moves: int) -> None:
    """``moves`` random legal moves, by whichever seat is to move."""
    for _ in range(moves):
        pump(plays, lambda: any(p.mirror.my_turn and not p.mirror.sent for p in plays), what="a turn")
        mover = next(p for p in plays if p.mirror.my_turn and not p.mirror.sent)
        assert mover.mirror.play(rng.choice(mover.mirror.legal)) is None
        pump(plays, lambda: not mover.mirror.sent, what="the move taken")


def kill(play: NetPlay) -> None:
    """What kill -9 leaves of the host's app: its connection dropped without a
    word, its server's loop stopped where it was (no goodbye, nothing closed in
    the journal), its kept seat and its files as they were."""
    assert play.session is not None and play.hosted is not None
    play.session.close(2.0)  # (Session.close sends nothing: NetPlay.close would say "leave")
    loop = play.hosted._loop
    assert loop is not None
    loop.call_soon_threadsafe(loop.stop)
    play.hosted.wait(5.0)
    assert not play.hosted.running and not play.threads_alive


def hosted_and_killed(rng: random.Random) -> tuple[NetPlay, NetPlay, int]:
    """The host (a NetPlay as the app's lobby holds it) and a friend play a few
    moves; the host's app is killed. Returns the host's play, the friend's, the port."""
    host = NetPlay.host(dict(FIELDS))
    pump([host], lambda: host.seated, what="the table opened")
    assert host.hosted is not None and host.hosted.port is not None and host.mirror.code is not None
    friend = NetPlay.join(host.hosted.url, host.mirror.code, "Ann", keep=False)  # (this home's kept seats are the host's)
    pump([host, friend], lambda: host.mirror.lobby is not None and host.mirror.lobby.full, what="the friend seated")
    assert host.mirror.start()
    move([host, friend], rng, 4)
    pump([host, friend], lambda: all(p.mirror.view is not None and len(p.mirror.view.history) == 4 for p in (host, friend)))
    port = host.hosted.port
    kill(host)
    return host, friend, port


def test_the_host_killed_mid_match_takes_its_table_back_and_the_friend_plays_on(app: App) -> None:
    rng = random.Random(5)
    host, friend, port = hosted_and_killed(rng)
    code = host.mirror.code
    assert code is not None and friend.session is not None and friend.session.seated is not None
    journal = hosted_store_path() / f"{code}{SUFFIX}"
    assert read_table(journal).state == "playing"  # as kill -9 leaves it
    pump([friend], lambda: friend.mirror.link == "lost", what="the friend lost the host")
    assert not friend.table_gone
    history = friend.mirror.view.history if friend.mirror.view is not None else None
    kept = kept_seats.load()[0]
    assert [(k.seated.table, k.seated.seat, k.hosted is not None) for k in kept] == [(code, 0, True)]
    assert kept[0].hosted is not None and kept[0].hosted.port == port

    # the app started again: Play with friends offers the host's table first
    frames = Frames(app)
    frames.click(app.top.buttons["friends"])
    friends = app.top
    assert friends.buttons["kept0"].text == f"Back to table {code}" and friends.focus.name == "kept0"
    frames.click(friends.buttons["kept0"])
    frames.until(lambda: net_table_up(app), 60, "the host's table again")
    table = app.top
    play = table.mode.source.play
    assert play.hosting and play.hosted.port == port  # the same port: the friend's kept address still works
    assert play.addresses() == [f"127.0.0.1:{port}"]
    mirror = table.mode.source.mirror
    assert mirror.seat == 0 and mirror.code == code and mirror.view is not None and mirror.view.history == history

    # the friend's session finds the host again, and the match goes on
    end = time.monotonic() + 60
    while friend.mirror.link != "open" or not all(s.connected for s in (mirror.lobby.seats if mirror.lobby else ())):
        assert time.monotonic() < end, "the friend did not come back"
        friend.update()
        frames.step()
    assert mirror.lobby is not None and mirror.lobby.state == "playing"
    before = len(history or [])
    for _ in range(2):
        end = time.monotonic() + 60
        while not (mirror.my_turn and not mirror.sent) and not (friend.mirror.my_turn and not friend.mirror.sent):
            assert time.monotonic() < end, "no turn"
            friend.update()
            frames.step()
        mover = mirror if mirror.my_turn and not mirror.sent else friend.mirror
        assert mover.play(rng.choice(mover.legal)) is None
        end = time.monotonic() + 60
        while mover.sent:
            assert time.monotonic() < end, "the move was not taken"
            friend.update()
            frames.step()
    end = time.monotonic() + 60
    # both screens hear both moves (the last one reaches the other through the server)
    while not all(m.view is not None and len(m.view.history) == before + 2 for m in (friend.mirror, mirror)):
        assert time.monotonic() < end, "a screen did not see the moves"
        friend.update()
        frames.step()
    assert mirror.view is not None and len(mirror.view.history) == before + 2

    # the host leaves: the table is closed for good, the friend told, nothing offered again
    frames.click(table.mode.look.buttons["leave"])
    frames.click(table.mode.look.buttons["leave"])  # the host's Leave mid-match, pressed again
    pump([friend], lambda: friend.table_gone, 60, "the friend told")
    assert friend.mirror.host_left
    assert not [k for k in kept_seats.load()[0] if k.hosted is not None]
    assert not journal.exists() or read_table(journal).state == "closed"
    friend.close(2.0)
    assert not port_open(port)


def test_a_host_killed_who_hosts_a_new_table_closes_the_old_one(app: App) -> None:
    """After the restart the host hosts a new table instead: the old one is closed
    for good (its journal says so), its kept seat forgotten, and the friend coming
    back to it is told that the host left."""
    rng = random.Random(9)
    host, friend, port = hosted_and_killed(rng)
    code = host.mirror.code
    assert code is not None and friend.session is not None and friend.session.seated is not None
    seated = friend.session.seated
    friend.close(2.0)
    again = NetPlay.host(dict(FIELDS))  # what Host a table's Open the table does
    back: NetPlay | None = None
    try:
        pump([again], lambda: again.seated, what="the new table opened")
        assert again.mirror.code != code and again.hosted is not None
        journal = hosted_store_path() / f"{code}{SUFFIX}"
        assert not journal.exists() or read_table(journal).state == "closed"
        assert [k.seated.table for k in kept_seats.load()[0] if k.hosted is not None] == [again.mirror.code]
        back = NetPlay.rejoin(Seated(again.hosted.url, code, seated.seat, seated.token), record=False)
        pump([back], lambda: back is not None and back.failure != "", what="the friend refused")
        assert "host left" in back.failure
    finally:
        if back is not None:
            back.close(2.0)
        again.close(2.0)
    assert not [k for k in kept_seats.load()[0] if k.hosted is not None]
    assert net_threads() == []
    frames = Frames(app)
    frames.click(app.top.buttons["friends"])
    assert "kept0" not in app.top.buttons  # nothing of the old table offered
    pygame.event.clear()


def test_the_port_taken_meanwhile_the_table_is_hosted_on_another_and_the_friend_joins_it_there(app: App) -> None:
    """The host's old port is taken when its app starts again: the table is hosted
    on another port (the lobby's address says which, and the host's kept seat
    follows it); the friend types the new address and the code in Join a table
    and gets the seat kept at that table back (kept at the new address since)."""
    rng = random.Random(11)
    host, friend, port = hosted_and_killed(rng)
    code = host.mirror.code
    assert code is not None and friend.session is not None and friend.session.seated is not None
    seated = friend.session.seated
    friend.close(2.0)
    kept_seats.remember(seated, "Ann")  # what the friend's app keeps (in its own home)
    blocker = socket.socket()
    blocker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    blocker.bind(("127.0.0.1", port))
    blocker.listen()
    again: NetPlay | None = None
    try:
        hosted = [k for k in kept_seats.load()[0] if k.hosted is not None]
        assert len(hosted) == 1
        again = NetPlay.host_again(hosted[0])
        pump([again], lambda: again is not None and again.mirror.view is not None, what="the host seated again")
        assert again.hosted is not None and again.hosted.port not in (None, port)
        new_port = again.hosted.port
        assert again.addresses() == [f"127.0.0.1:{new_port}"] and again.mirror.seat == 0
        assert [k.hosted.port for k in kept_seats.load()[0] if k.hosted is not None] == [new_port]
        frames = Frames(app)
        join = open_join(frames)
        for key, text in (("address", f"127.0.0.1:{new_port}"), ("code", code), ("name", "Ann")):
            type_into(frames, join.entries[key], text)
        frames.click(join.buttons["join"])
        end = time.monotonic() + 60
        while not net_table_up(app):
            assert time.monotonic() < end, "the friend's table"
            again.update()
            frames.step()
        mirror = app.top.mode.source.mirror
        assert mirror.seat == seated.seat and mirror.view is not None and again.mirror.view is not None
        assert len(mirror.view.history) == len(again.mirror.view.history) == 4
        friends = [k for k in kept_seats.load()[0] if k.hosted is None]
        assert [(k.seated.url, k.seated.token) for k in friends] == [(f"ws://127.0.0.1:{new_port}/", seated.token)]
        table = app.top
        frames.click(table.mode.look.buttons["leave"])
        if app.top is table:  # the host's Leave mid-match, pressed again
            frames.click(table.mode.look.buttons["leave"])
    finally:
        blocker.close()
        if again is not None:
            again.close(2.0)


def lift_cover(app: App, frames: Frames) -> None:
    """A frame; the cover of the couch table's hand-off lifted (by a click, as the
    person named does) if it is up: the table below follows the network only
    while it is on top, as when a menu is open over it."""
    from game.ui.table import HandoffScene

    if isinstance(app.top, HandoffScene) and app.top.shown >= 0.5:
        frames.click_at((640, 400))
    else:
        frames.step()


def test_a_person_at_the_host_s_screen_is_seated_again_with_the_host_after_a_restart(app: App) -> None:
    """Hal hosts with Cy at his screen (seat 1) and Ann a friend (seat 2); Hal's
    app is killed mid-match. *Back to table* takes back Hal's seat and Cy's (kept
    with Hal's: seat and token, in the kept seats' file), the couch table comes
    up with both seats connected where they were, and the match goes on."""
    from game.ui.table import CouchNetMode, TableScene

    rng = random.Random(13)
    fields = {"rules": "matador", "players": 3, "seats": ["open", "open", "open"], "name": "Hal", "seat": 0}
    host = NetPlay.host(fields, here=[(1, "Cy")])
    pump([host], lambda: host.seated, what="the table opened, Cy seated")
    assert host.hosted is not None and host.mirror.code is not None
    code, port = host.mirror.code, host.hosted.port
    friend = NetPlay.join(host.hosted.url, code, "Ann", seat=2, keep=False)
    pump([host, friend], lambda: host.mirror.lobby is not None and host.mirror.lobby.full, what="Ann seated")
    cy_token = host.here[1].source.seated.token if host.here[1].source is not None else None  # type: ignore[attr-defined]
    pump([host], lambda: bool(kept_seats.load()[0]) and bool(kept_seats.load()[0][0].hosted and kept_seats.load()[0][0].hosted.here), what="Cy's seat kept")
    [kept] = [k for k in kept_seats.load()[0] if k.hosted is not None]
    assert kept.seated.table == code and kept.hosted is not None
    assert [(h.seat, h.token, h.name) for h in kept.hosted.here] == [(1, cy_token, "Cy")]
    assert host.mirror.start()
    cy = host.here[1]
    plays = [host, friend]
    for _ in range(5):  # a few moves, whoever is to move (Cy's through his own mirror)
        pump(plays, lambda: any(m.my_turn and not m.sent for m in (host.mirror, cy, friend.mirror)), what="a turn")
        mover = next(m for m in (host.mirror, cy, friend.mirror) if m.my_turn and not m.sent)
        assert mover.play(rng.choice(mover.legal)) is None
        pump(plays, lambda: not mover.sent, what="the move taken")
    pump(plays, lambda: all(m.view is not None and len(m.view.history) == 5 for m in (host.mirror, cy, friend.mirror)))
    history = friend.mirror.view.history if friend.mirror.view is not None else None
    for other in host.here.values():  # Cy's connection dies with Hal's app
        assert other.source is not None
        other.source.close(2.0)  # type: ignore[attr-defined]
    kill(host)
    pump([friend], lambda: friend.mirror.link == "lost", what="Ann lost the host")

    # Hal's app started again: Back to table seats Hal and Cy again
    frames = Frames(app)
    frames.click(app.top.buttons["friends"])
    frames.click(app.top.buttons["kept0"])
    end = time.monotonic() + 60
    while not any(isinstance(s, TableScene) and s.mode.source.mirror.view is not None for s in app.scenes):
        assert time.monotonic() < end, "the couch table again"
        friend.update()
        lift_cover(app, frames)
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    play = table.mode.source.play
    assert isinstance(table.mode, CouchNetMode) and play.hosted.port == port and table.model.people == [0, 1]
    assert set(play.mirrors) == {0, 1} and play.here[1].source.seated.token == cy_token
    for m in play.mirrors.values():
        assert m.view is not None and m.view.history == history
    end = time.monotonic() + 60
    while not (friend.mirror.link == "open" and play.mirror.lobby is not None and all(s.connected for s in play.mirror.lobby.seats)):
        assert time.monotonic() < end, ("not every seat back", friend.mirror.link, play.mirror.lobby)
        friend.update()
        lift_cover(app, frames)
    assert [s.name for s in play.mirror.lobby.seats] == ["Hal", "Cy", "Ann"]
    # the match goes on: the next move, whoever's it is, reaches Ann
    mover = next(m for m in (*play.mirrors.values(), friend.mirror) if m.view is not None and m.view.current_player == m.seat)
    end = time.monotonic() + 60
    while not (mover.my_turn and not mover.sent):
        assert time.monotonic() < end, "no turn"
        friend.update()
        lift_cover(app, frames)
    assert mover.play(rng.choice(mover.legal)) is None
    end = time.monotonic() + 60
    while not (friend.mirror.view is not None and len(friend.mirror.view.history) == len(history or []) + 1):
        assert time.monotonic() < end, "Ann did not see the move"
        friend.update()
        lift_cover(app, frames)
    # Hal's screen has the move too, and the cover it may bring (Cy's turn) is lifted (it
    # fades in over frames: on a busy machine fewer of them pass while the move travels)
    moved = len(history or []) + 1
    end = time.monotonic() + 60
    while not (app.top is table and all(m.view is not None and len(m.view.history) == moved for m in play.mirrors.values())):
        assert time.monotonic() < end, "the table after the move"
        friend.update()
        lift_cover(app, frames)
    assert app.top is table
    frames.click(table.mode.look.buttons["leave"])
    frames.click(table.mode.look.buttons["leave"])  # the host's Leave mid-match, pressed again
    assert not [k for k in kept_seats.load()[0] if k.hosted is not None]  # Hal's and Cy's seats forgotten with the table
    friend.close(2.0)
    pygame.event.clear()
