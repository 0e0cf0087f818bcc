"""A table whose creator left does not stall (issue 40), through the real table
scene of a guest's app with synthetic clicks, the table's server in this process
(the 5-minute hold shortened), real websockets on 127.0.0.1: the creator's app
goes without a word mid-match; once the hold is over the guest's table offers
*End the match*, which closes the table for everyone, said at the table."""

from __future__ import annotations

from typing import Callable, Iterator

import pytest

from game.net.app.hosting import HostedServer
from game.net.app.netplay import NetPlay
from game.ui.drawing.layout_check import layout_problems
from game.ui.shell.app import App
from game.ui.table import NetMode, TableScene
from tests.ui.scenes.friends.test_friends import app_home, net_threads
from tests.ui.table.modes.test_table_host_powers import FIELDS, SIZE, Run

HOLD_S = 2.0


@pytest.fixture
def bea(make_app: Callable[..., App], monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    from game.net.app import mirror
    from game.net.server import host_powers
    from game.net.shared import lobby as lobby_json

    for module in (host_powers, lobby_json, mirror):
        monkeypatch.setattr(module, "RETURN_S", HOLD_S)
    app = make_app(SIZE)
    app.routes.open_title()
    yield app
    app.routes.open_title()
    app.close()
    assert net_threads() == []


def test_the_guest_ends_the_match_of_a_table_whose_creator_left(bea: App) -> None:
    server = HostedServer(False, 0, app_home() / "a-server")  # (a server of its own, as python -m game serve)
    server.start()
    ann: NetPlay | None = None
    try:
        run = Run(bea)
        run.until(lambda: server.state == "ready", 60, "the server")
        assert server.url is not None
        ann = NetPlay.create_on(server.url, dict(FIELDS), record=False)
        run.plays = [ann]
        run.until(lambda: ann.seated, 60, "the table created")
        assert ann.mirror.code is not None
        guest = NetPlay.join(server.url, ann.mirror.code, "Bea", keep=False)
        bea.routes.open_lobby(guest, replace=False)
        run.until(lambda: ann.mirror.lobby is not None and ann.mirror.lobby.full, 60, "Bea seated")
        assert ann.mirror.start()
        run.until(lambda: isinstance(bea.top, TableScene) and isinstance(bea.top.mode, NetMode) and guest.mirror.view is not None, 60, "Bea's table")
        table = bea.top
        look = table.mode.look
        assert not look.buttons["stop"].visible
        assert ann.session is not None
        ann.session.close(2.0)  # the creator's app gone without a word
        run.plays = []
        run.until(lambda: not guest.mirror.connected(0), 60, "Ann away")
        run.until(lambda: look.buttons["stop"].visible, 60, "End the match")
        assert look.buttons["stop"].text == "End the match"
        assert layout_problems(table) == []
        run.click(look.buttons["stop"])
        run.until(lambda: guest.mirror.table_gone, 60, "the match stopped")
        run.step()
        words = look.hand_text(table)
        assert "The match was stopped: its host was away." in words, words  # (kept as any table gone: once a round is played out, game/net/app/keeper.py)
        assert guest.mirror.stopped and not look.buttons["stop"].visible
    finally:
        if ann is not None:
            ann.close()
        server.stop()
