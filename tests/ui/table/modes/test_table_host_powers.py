"""The host's powers at the table, not only in the lobby (issue 32), through the
real table scene of the host's app with synthetic clicks, its table's server in
this process (the 5-minute hold shortened), real websockets on 127.0.0.1: a
friend drops while it is his turn; the host's table counts the hold down on his
plaque and above the host's hand; a person asking for his seat is shown to the
host with Let in and Refuse on the felt (refused: told so); once the hold is
over the host's *Give the seat to a computer* shows, and the computer plays on;
the friend, asking for his seat back, is let in from the table and plays."""

from __future__ import annotations

import re
import time
from typing import Callable, Iterator

import pygame
import pytest

from game.net.app.netplay import NetPlay
from game.ui.shell.app import App
from game.ui.drawing.layout_check import layout_problems
from game.ui.table import NetMode, TableScene
from tests.ui.conftest import mouse_down, mouse_up
from tests.ui.scenes.friends.test_friends import net_threads

SIZE = (1280, 800)
DT = 0.05
# the hold, waited out: Bo dropped, Cy asked and was refused within 0.25 s of it on a loaded
# machine (the first checks need the hold still running; 20 s was 19 s of waiting)
HOLD_S = 6.0
FIELDS = {"rules": "matador", "players": 2, "seats": ["open", "open"], "name": "Ann", "seat": 0}


class Run:
    """Ann's app and the other people's plays (no screen), stepped together."""

    def __init__(self, app: App, *plays: NetPlay):
        self.app = app
        self.plays = list(plays)

    def step(self, events: list[pygame.event.Event] | None = None) -> None:
        self.app.step(events or [], DT)
        for play in self.plays:
            play.update()
        time.sleep(0.004)

    def until(self, done: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
        end = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < end, f"not in {timeout} s: {what}"
            self.step()

    def click(self, button: object) -> None:
        pos = pygame.Rect(getattr(button, "rect")).center
        self.step([mouse_down(pos)])
        self.step([mouse_up(pos)])


@pytest.fixture
def ann(make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    from game.net.server import host_powers
    from game.net.shared import lobby as lobby_json
    from game.net.app import mirror

    for module in (host_powers, lobby_json, mirror):
        monkeypatch.setattr(module, "RETURN_S", HOLD_S)  # the hold, shortened (the server runs in this process)
    app = make_app(SIZE)
    app.routes.open_title()
    yield app
    app.routes.open_title()
    app.close()
    assert net_threads() == []


def test_the_host_sees_the_hold_answers_a_claim_and_gives_the_seat_at_the_table(ann: App) -> None:
    host = NetPlay.host(dict(FIELDS))
    ann.routes.open_lobby(host, replace=False)
    run = Run(ann)
    run.until(lambda: host.mirror.code is not None and host.hosted is not None and host.hosted.url is not None, 60, "the table open")
    url, code = host.table_url, host.mirror.code
    assert url is not None and code is not None
    bo = NetPlay.join(url, code, "Bo", keep=False)
    run.plays = [bo]
    run.until(lambda: host.mirror.lobby is not None and host.mirror.lobby.full, 60, "Bo seated")
    assert host.mirror.start()
    run.until(lambda: isinstance(ann.top, TableScene) and isinstance(ann.top.mode, NetMode) and host.mirror.view is not None, 60, "Ann's table")
    table = ann.top
    look = table.mode.look
    assert not any(look.buttons[name].visible for name in ("give", "let", "refuse"))

    # Bo plays until it is his turn, then his app is gone without a word
    while True:
        run.until(lambda: host.mirror.to_move is not None and (host.mirror.my_turn and not host.mirror.sent or bo.mirror.my_turn), 60, "a turn")
        if bo.mirror.my_turn:
            break
        assert host.mirror.play(host.mirror.legal[0]) is None
        run.until(lambda: not host.mirror.sent, 60, "Ann's move taken")
    assert bo.session is not None
    bo.session.close(2.0)
    bo.closed = True
    run.plays = []
    run.until(lambda: not host.mirror.connected(1), 60, "Bo away at Ann's table")
    run.step()
    held = re.fullmatch(r"away, seat held 0:(\d\d)", look.seat_status(table, 1, ""))
    assert held is not None and 0 < int(held.group(1)) <= HOLD_S
    assert re.fullmatch(r"Ann  ·  0 pts  ·  Bo lost connection: you may give the seat to a computer in 0:\d\d", look.hand_text(table)), look.hand_text(table)
    assert not look.buttons["give"].visible

    # Cy asks for the seat: the host reads it at the table, and refuses
    cy = NetPlay.claim(url, code, 1, "Cy", record=False)
    run.plays = [cy]
    run.until(lambda: look.buttons["let"].visible, 60, "the claim at Ann's table")
    assert look.buttons["refuse"].visible and look.buttons["let"].text == "Let in" and look.buttons["refuse"].text == "Refuse"
    assert look.hand_text(table) == "Ann  ·  0 pts  ·  Cy asks for seat 2 (Bo): Let in or Refuse"
    assert look.seat_status(table, 1, "") == "Cy asks for this seat"
    assert layout_problems(table) == []  # the buttons on the felt, clear of the board and of each other
    run.click(look.buttons["refuse"])
    run.until(lambda: cy.phase == "failed", 60, "Cy told")
    assert cy.failure_code == "claim_refused"
    cy.close()
    run.until(lambda: not look.buttons["let"].visible, 60, "the claim gone from Ann's table")

    # the hold over: the host gives the seat to a computer from the table, and it plays
    run.until(lambda: look.buttons["give"].visible, 60, "Give the seat to a computer")
    assert look.hand_text(table) == "Ann  ·  0 pts  ·  Bo lost connection: you may give the seat to a computer now"
    assert layout_problems(table) == []
    before = len(host.mirror.history)
    run.click(look.buttons["give"])
    run.until(lambda: len(host.mirror.history) > before, 60, "the computer's move")
    assert host.mirror.lobby is not None and host.mirror.lobby.seats[1].kind == "computer"
    assert look.seat_info(table, 1)[0] == "Easy"  # the plaque names the computer that plays the seat now

    # Bo asks for his seat back: let in from the table, he plays on
    back = NetPlay.claim(url, code, 1, "Bo", record=False)
    run.plays = [back]
    run.until(lambda: look.buttons["let"].visible, 60, "Bo's claim at Ann's table")
    run.click(look.buttons["let"])
    run.until(lambda: back.mirror.seat == 1 and back.mirror.view is not None, 60, "Bo let back in")
    run.until(lambda: host.mirror.lobby is not None and host.mirror.lobby.seats[1].kind == "remote" and host.mirror.connected(1), 60, "Bo at Ann's table")
    run.step()
    assert look.seat_info(table, 1)[0] == "Bo"
    for _ in range(4):
        run.until(lambda: (host.mirror.my_turn and not host.mirror.sent) or (back.mirror.my_turn and not back.mirror.sent) or host.mirror.to_move is None, 60, "a turn")
        mover = host.mirror if host.mirror.my_turn else back.mirror
        if mover.to_move is None:
            break
        count = len(host.mirror.history)
        assert mover.play(mover.legal[0]) is None
        run.until(lambda: len(host.mirror.history) != count or host.mirror.round_index > 0, 60, "the move played")
    back.close()


@pytest.fixture(params=[((1280, 800), 100), ((640, 480), 100), ((1280, 800), 150)], ids=["1280x800", "640x480", "150%"])
def host_app(request: pytest.FixtureRequest, make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    from game.ui.drawing import access

    size, scale = request.param
    monkeypatch.setattr(access.CURRENT, "text_scale", scale)
    app = make_app(size)
    app.routes.open_title()
    yield app
    app.routes.open_title()
    app.close()
    assert net_threads() == []


def test_the_host_closes_the_table_to_watchers_mid_match_and_opens_it_again(host_app: App) -> None:
    """At the table (not only in the lobby): *Close to watchers* drops the one
    watching and refuses a new one; *Let people watch* lets one in again."""

    def problems() -> list[str]:
        return layout_problems(table)  # (at 150% "Well played" was 7 px short of its words: measured with the theme's font now)

    host = NetPlay.host(dict(FIELDS))
    host_app.routes.open_lobby(host, replace=False)
    run = Run(host_app)
    run.until(lambda: host.mirror.code is not None and host.hosted is not None and host.hosted.url is not None, 60, "the table open")
    url, code = host.table_url, host.mirror.code
    assert url is not None and code is not None
    bo = NetPlay.join(url, code, "Bo", keep=False)
    watcher = NetPlay.watch(url, code)
    run.plays = [bo, watcher]
    run.until(lambda: host.mirror.lobby is not None and host.mirror.lobby.full and host.mirror.lobby.watchers == 1, 60, "Bo seated, one watching")
    assert host.mirror.start()
    run.until(lambda: isinstance(host_app.top, TableScene) and isinstance(host_app.top.mode, NetMode) and host.mirror.view is not None, 60, "Ann's table")
    table = host_app.top
    look = table.mode.look
    run.until(lambda: look.buttons["close_watch"].visible, 30, "Close to watchers at the table")
    assert look.buttons["close_watch"].text == "Close to watchers" and not look.buttons["open_watch"].visible
    run.until(lambda: watcher.mirror.view is not None, 60, "the watcher sees the match")
    assert problems() == []
    run.click(look.buttons["close_watch"])
    run.until(lambda: host.mirror.lobby is not None and not host.mirror.lobby.watchable and host.mirror.lobby.watchers == 0, 60, "closed to watchers")
    run.until(lambda: watcher.phase == "failed" or watcher.mirror.table_gone, 60, "the watcher dropped")
    run.until(lambda: look.buttons["open_watch"].visible, 30, "Let people watch at the table")
    assert look.buttons["open_watch"].text == "Let people watch" and not look.buttons["close_watch"].visible
    assert problems() == []
    refused = NetPlay.watch(url, code)
    run.plays = [bo, refused]
    run.until(lambda: refused.phase == "failed", 60, "a new watcher refused")
    assert refused.failure_code == "unwatched"
    refused.close()
    watcher.close()
    run.click(look.buttons["open_watch"])
    run.until(lambda: host.mirror.lobby is not None and host.mirror.lobby.watchable, 60, "open to watchers again")
    run.until(lambda: look.buttons["close_watch"].visible, 30, "Close to watchers again")
    again = NetPlay.watch(url, code)
    run.plays = [bo, again]
    run.until(lambda: again.mirror.watching and again.mirror.view is not None, 60, "a watcher let in again")
    assert again.mirror.view.hand == []
    again.close()
    bo.close()
    host.close()
