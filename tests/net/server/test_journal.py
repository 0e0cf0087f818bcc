"""The tables of a server hosted by the app, kept in a file each (game/net/server/journal.py):
read back exactly as played, a line cut short by a killed process, files that are
not tables, and a hosted server stopped and started again resuming its table for
players who come back with their tokens."""

from __future__ import annotations

import logging
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from game.net.app.hosting import HostedServer
from game.net.server.journal import SUFFIX, JournalStore
from game.net.app.mirror import Mirror
from game.net.app.session import Session
from game.net.server.table import Table


def played_table(folder: Path, actions: int) -> Table:
    """A two-seat Matador table kept in ``folder``: both seats taken, started, ``actions`` played."""
    store = JournalStore(folder)
    row = Table.new_row("K7QX-2M", {"rules": "matador", "players": 2, "seats": ["open", "open"], "seat": 0}, 4242)
    store.create(row)
    table = Table(row, store, ThreadPoolExecutor(1))
    table.take_seat(0, "Ann")
    table.take_seat(1, "Bo")
    table.start(0)
    rng = random.Random(1)
    for _ in range(actions):
        assert table.match is not None
        seat = table.match.round.current_player
        legal = table.match.round.legal_moves()
        from game.net.shared.protocol import action_json

        table.play(seat, {"action": action_json(seat, rng.choice(legal))})
    return table


def test_a_table_reads_back_as_it_was_played(tmp_path: Path) -> None:
    table = played_table(tmp_path, 12)
    table.store.close()
    rows = JournalStore(tmp_path).live_tables()
    assert len(rows) == 1
    row = rows[0]
    assert (row.code, row.base, row.players, row.seed, row.host, row.state) == ("K7QX-2M", "matador", 2, 4242, 0, "playing")
    assert [s.name for s in row.seats] == ["Ann", "Bo"] and all(s.token_hash for s in row.seats)
    assert row.actions == table.row.actions and len(row.actions) == 12
    again = Table(row, JournalStore(tmp_path), ThreadPoolExecutor(1))
    again.resume()
    assert again.match is not None and table.match is not None
    assert again.match.view(0).key() == table.match.view(0).key()  # exactly where it was


def test_a_line_cut_short_keeps_the_lines_before_it_and_the_next_starts_afresh(tmp_path: Path) -> None:
    table = played_table(tmp_path, 6)
    table.store.close()
    path = tmp_path / f"K7QX-2M{SUFFIX}"
    path.write_bytes(path.read_bytes() + b'{"n": 6, "act')  # the process died in the middle of a line
    store = JournalStore(tmp_path)
    [row] = store.live_tables()
    assert len(row.actions) == 6
    store.set_state("K7QX-2M", "playing")
    store.close()
    assert len(JournalStore(tmp_path).live_tables()[0].actions) == 6


@pytest.mark.parametrize("text", ["", "not json\n{}\n", '{"format": "other/1"}\n', "[1, 2]\n", '{"format": "matador-table/1", "seats": 3}\n'])
def test_a_file_that_is_not_a_table_is_left_out_and_said(tmp_path: Path, text: str, caplog: pytest.LogCaptureFixture) -> None:
    played_table(tmp_path, 2).store.close()
    (tmp_path / f"ABCD-EF{SUFFIX}").write_text(text, encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="matador.server"):
        rows = JournalStore(tmp_path).live_tables()
    assert [r.code for r in rows] == ["K7QX-2M"]
    assert "ABCD-EF" in caplog.text


def test_the_file_of_a_table_that_is_over_goes(tmp_path: Path) -> None:
    table = played_table(tmp_path, 0)
    table.store.set_state("K7QX-2M", "abandoned")
    table.store.close()
    assert JournalStore(tmp_path).live_tables() == []
    assert not list(tmp_path.glob(f"*{SUFFIX}"))


def pump(sessions: list[Session], mirrors: list[Mirror], until: Any, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not until():
        for mirror in mirrors:
            mirror.update()
        assert time.monotonic() < end
        time.sleep(0.005)


def test_a_hosted_server_started_again_resumes_its_table(tmp_path: Path) -> None:
    """Two players at a table hosted by the app play a few moves; the server stops
    (the app quits); started again on the same folder (another port), both take
    their seats back with their tokens and find the views they had."""
    folder = tmp_path / "hosted"
    hosted = HostedServer(False, 0, folder)
    hosted.start()
    end = time.monotonic() + 60
    while hosted.state != "ready":
        assert time.monotonic() < end and hosted.state != "failed", hosted.error
        time.sleep(0.01)
    ann = Session.create(hosted.url, "matador", 2, "Ann", seats=["open", "open"])
    mirrors = [Mirror(ann)]
    ann.start()
    pump([ann], mirrors, lambda: mirrors[0].code is not None)
    bo = Session.join(hosted.url, mirrors[0].code or "", "Bo")
    mirrors.append(Mirror(bo))
    bo.start()
    pump([ann, bo], mirrors, lambda: mirrors[0].lobby is not None and mirrors[0].lobby.full)
    assert mirrors[0].start()
    rng = random.Random(3)
    for _ in range(6):
        pump([ann, bo], mirrors, lambda: any(m.my_turn for m in mirrors))
        mover = next(m for m in mirrors if m.my_turn)
        assert mover.play(rng.choice(mover.legal)) is None
        pump([ann, bo], mirrors, lambda: not mover.sent)
    pump([ann, bo], mirrors, lambda: all(m.view is not None and len(m.view.history) == 6 for m in mirrors))
    views = [m.view.key() for m in mirrors if m.view is not None]
    seated = [s.seated for s in (ann, bo)]
    ann.close(), bo.close()
    hosted.stop(60.0)
    assert not hosted.running
    again = HostedServer(False, 0, folder)
    again.start()
    end = time.monotonic() + 60
    while again.state != "ready":
        assert time.monotonic() < end and again.state != "failed", again.error
        time.sleep(0.01)
    back = [Session.rejoin(type(s)(again.url, s.table, s.seat, s.token)) for s in seated if s is not None]
    mirrors = [Mirror(s) for s in back]
    for s in back:
        s.start()
    pump(back, mirrors, lambda: all(m.view is not None and m.lobby is not None for m in mirrors))
    assert [m.view.key() for m in mirrors if m.view is not None] == views
    for s in back:
        s.close()
    again.stop(60.0)
    assert not again.running


def test_friends_are_told_at_once_when_the_host_stops_hosting(tmp_path: Path) -> None:
    """The app that hosts a table leaves: every seat hears that the table is closed
    (its session gives up at once, not after 5 minutes of trying again)."""
    hosted = HostedServer(False, 0, tmp_path / "hosted")
    hosted.start()
    end = time.monotonic() + 60
    while hosted.state != "ready":
        assert time.monotonic() < end and hosted.state != "failed", hosted.error
        time.sleep(0.01)
    ann = Session.create(hosted.url, "matador", 2, "Ann", seats=["open", "open"])
    host = Mirror(ann)
    ann.start()
    pump([ann], [host], lambda: host.code is not None)
    bo = Session.join(hosted.url, host.code or "", "Bo")
    guest = Mirror(bo)
    bo.start()
    pump([ann, bo], [host, guest], lambda: guest.lobby is not None and guest.link == "open")
    hosted.stop(60.0)
    pump([bo], [guest], lambda: guest.link == "failed", timeout=60.0)
    assert "host left" in guest.link_reason
    bo.close(), ann.close()


def test_a_port_in_use_fails_a_new_table_and_moves_a_table_taken_back(tmp_path: Path) -> None:
    """The port the host chose is in use: a new table is not opened (``port_taken``,
    for the lobby to say); a table taken back after a crash goes to another port."""
    import socket

    from game.net.app.hosting import port_free
    from game.net.app.netplay import NetPlay, port_taken

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = taken.getsockname()[1]
        assert not port_free("127.0.0.1", busy) and port_taken(False, busy)
        play = NetPlay.host({"rules": "matador", "players": 2, "seats": ["open", "open"], "name": "Ann", "seat": 0}, port=busy, store_path=tmp_path / "a", keep=False, record=False)
        try:
            end = time.monotonic() + 60
            while not play.failure:
                assert time.monotonic() < end
                play.update()
                time.sleep(0.01)
            assert play.failure_code == "port_taken" and play.hosted is not None and play.hosted.port is None
            assert f"cannot listen on 127.0.0.1:{busy}" in play.failure
        finally:
            play.close()
        again = HostedServer(False, busy, tmp_path / "b")  # (``fallback``: as ``NetPlay.host_again``)
        again.start()
        try:
            end = time.monotonic() + 60
            while again.state != "ready":
                assert time.monotonic() < end and again.state != "failed", again.error
                time.sleep(0.01)
            assert again.port not in (None, busy)
        finally:
            again.stop()
    assert port_free("127.0.0.1", busy) and not port_taken(False, busy)
