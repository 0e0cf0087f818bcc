"""Nothing told is lost: the server killed with -9 at random points of several
matches; a disk that fills up while a table plays and a read-only data folder at
start (a real server process on a small tmpfs of its own); a full disk and a
store turning read-only while a table plays, injected at the store layer (in
process) as SQLite reports them."""

from __future__ import annotations

import asyncio
import errno
import os
import random
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Iterator

import pytest

from game.bench.net_bench.kills import campaign, told_by
from game.engine import load_record
from game.net.app.client import Client
from game.net.server.journal import JournalStore, read_table
from game.net.server.endpoint import Server
from game.net.server.store import Store, StoreError, TableRow, store_errors
from game.net.server.table import Table
from tests.net.conftest import ROOT, ServerProcess


def test_a_server_killed_at_random_points_keeps_every_move_it_told(tmp_path: Path) -> None:
    figures = asyncio.run(campaign(tmp_path, kills=4, tables=2, seed=7))
    assert figures.kills == 4 and figures.checks >= 4 and figures.told > 20
    assert figures.lost == 0, figures.lost_examples


# A small disk of its own ---------------------------------------------------------------
def _mount(path: Path, options: str) -> bool:
    path.mkdir(parents=True, exist_ok=True)
    if os.geteuid() != 0 or shutil.which("mount") is None:
        return False
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(path)], capture_output=True)
    return done.returncode == 0


def _remount(path: Path, options: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{options}", str(path)], check=True, capture_output=True)


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """``MATADOR_HOME`` whose server data folder is a tmpfs of 256 KB (root only)."""
    home = tmp_path / "home"
    folder = home / "data" / "server"
    if not _mount(folder, "size=256k,mode=0700"):
        pytest.skip("mounting a tmpfs needs root here: the store layer's tests below inject the same failures")
    try:
        yield home
    finally:
        subprocess.run(["umount", "-l", str(folder)], capture_output=True)


async def _play_once(client: Client, rng: random.Random, played: dict[int, tuple[int, int]]) -> None:
    """A random legal move when it is the client's turn, once per position (as a
    player waits for the answer: sent again while the server is slow, the same
    move is refused, and too many refusals close the connection)."""
    view = client.followed.view
    if not client.my_turn() or view is None:
        return
    position = (view["round"], view["moves"])
    if played.get(id(client)) == position:
        return
    played[id(client)] = position
    await client.play(view["legal"][rng.randrange(len(view["legal"]))])


async def _play_until_halted(ann: Client, bob: Client, told: list[dict[Any, Any]]) -> dict[str, Any]:
    seated = await ann.create("matador", 2, "Ann", options={"target_score": 200})
    await bob.join(seated.table, "Bob")
    await ann.start()
    rng = random.Random(3)
    clients = (ann, bob)
    played: dict[int, tuple[int, int]] = {}
    while True:
        for index, client in enumerate(clients):
            try:
                message = await client.receive(0.05)
            except TimeoutError:
                continue
            told_by(message, told[index])
            if message["type"] == "halted" or message.get("code") == "halted":
                return message
            if message["type"] == "match_over":
                raise AssertionError("the match ended before the disk was full")
        for client in clients:
            await _play_once(client, rng, played)


async def _play_on_to_the_end(clients: tuple[Client, Client], told: list[dict[Any, Any]]) -> dict[str, Any]:
    """Play on once the table plays again; the record, which must hold every told move."""
    rng = random.Random(5)
    played: dict[int, tuple[int, int]] = {}
    over: dict[str, Any] | None = None
    playing = False  # once the table plays again, each seat is sent its whole view
    async with asyncio.timeout(120):
        while over is None:
            for index, client in enumerate(clients):
                try:
                    message = await client.receive(0.05)
                except TimeoutError:
                    continue
                if message["type"] == "match_over":
                    over = message
                    break
                playing = playing or message["type"] == "round"
                told_by(message, told[index])
            for client in clients:
                if over is None and playing:
                    await _play_once(client, rng, played)
    record: dict[Any, Any] = {}
    told_by(over, record)
    for seat_told in told:
        for key, action in seat_told.items():
            assert record.get(key) == action, (key, action)  # told once, kept
    return over


def test_a_full_disk_halts_the_table_with_its_reason_and_play_goes_on_once_there_is_room(small_disk: Path) -> None:
    server = ServerProcess(small_disk, "--housekeeping", "0.5")
    try:

        async def go() -> None:
            told: list[dict[Any, Any]] = [{}, {}]
            async with Client.connect(server.url) as ann, Client.connect(server.url) as bob:
                halted = await _play_until_halted(ann, bob, told)
                assert "disk is full" in halted["reason"]
                assert sum(len(t) for t in told) > 4
                _remount(small_disk / "data" / "server", "size=16m")
                over = await _play_on_to_the_end((ann, bob), told)
                assert load_record(over["record"]).over

        asyncio.run(go())
        log = server.log_text()
        assert "halted: a write failed (the disk is full)" in log
        assert "writes work again" in log and "Traceback" not in log
    finally:
        server.stop()


def test_a_read_only_data_folder_is_said_at_start(small_disk: Path) -> None:
    folder = small_disk / "data" / "server"
    _remount(folder, "ro")  # (a folder in use cannot be remounted read-only: a store that turns
    # read-only while tables play is the store layer's test below, with SQLite's own error)
    env = {**os.environ, "MATADOR_HOME": str(small_disk)}
    done = subprocess.run([sys.executable, "-m", "game", "serve", "--port", "0"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "cannot write the data folder" in done.stderr and "read-only" in done.stderr, done.stderr


# The same failures, injected at the store layer ------------------------------------------
class FailingStore(Store):
    """A store whose writes fail (a full disk) while ``full`` is set."""

    full = False
    failure = "database or disk is full"

    def _write(self, *statements: tuple[str, tuple[Any, ...]]) -> None:
        if self.full:
            import sqlite3

            with store_errors():
                raise sqlite3.OperationalError(self.failure)
        super()._write(*statements)


@pytest.mark.parametrize("failure, said", [("database or disk is full", "disk is full"), ("attempt to write a readonly database", "read-only")])
def test_a_write_that_fails_tells_nothing_and_play_goes_on_from_the_last_stored_action(tmp_path: Path, failure: str, said: str) -> None:
    store = FailingStore(tmp_path / "tables.sqlite3")
    store.failure = failure
    row = Table.new_row("ABCD-EF", {"rules": "matador", "players": 2}, 77)
    store.create(row)
    table = Table(row, store, ThreadPoolExecutor(1))
    sent: list[list[dict[str, Any]]] = [[], []]
    for seat, name in enumerate(("Ann", "Bob")):
        table.take_seat(seat, name)
        table.connect(seat, sent[seat].append)
    table.start(0)
    for _ in range(5):
        assert table.referee is not None and table.referee.to_move is not None
        mover = table.referee.to_move
        table.play(mover, {"action": sent[mover][-1]["view"]["legal"][0]})
    stored = list(row.actions)
    counts = [len(s) for s in sent]
    store.full = True
    mover = table.referee.to_move
    assert mover is not None
    with pytest.raises(Exception, match="cannot store"):
        table.play(mover, {"action": sent[mover][-1]["view"]["legal"][0]})
    for seat in range(2):  # the action is told to nobody; each seat is told why play stopped
        (message,) = sent[seat][counts[seat] :]
        assert message["type"] == "halted" and said in message["reason"]
    assert row.actions == stored and store.live_tables()[0].actions == stored
    with pytest.raises(Exception, match="cannot store"):
        table.play(mover, {"action": {"pass": True}})
    assert not table.retry()  # still full
    store.full = False
    assert table.retry()
    assert table.match is not None and sum(len(r.history) for r in table.match.rounds) == len(stored)
    for seat in range(2):
        assert any(m["type"] == "round" and len(m["view"]["history"]) == len(stored) for m in sent[seat][counts[seat] :])
    turn = next(m for m in reversed(sent[mover]) if m["type"] == "turn")
    table.play(mover, {"action": turn["view"]["legal"][0]})
    assert len(row.actions) == len(stored) + 1


def test_a_table_stored_over_before_its_end_was_told_tells_it_after_a_restart(tmp_path: Path) -> None:
    store = Store(tmp_path / "tables.sqlite3")
    row = Table.new_row("ABCD-EF", {"rules": "leyden", "players": 2, "options": {"target_score": 20}}, 5)
    store.create(row)
    table = Table(row, store, ThreadPoolExecutor(1))
    for seat, name in enumerate(("Ann", "Bob")):
        table.take_seat(seat, name)
    table.start(0)  # nobody connected: the end is stored, and told to nobody
    while table.ending is None:
        mover = table.referee.to_move if table.referee is not None else None
        assert mover is not None
        table.play(mover, {"action": {"player": mover, **_legal(table, mover)}})
    store.close()
    again = Server(Store(tmp_path / "tables.sqlite3"))
    again.resume()
    assert "ABCD-EF" in again.tables and again.tables["ABCD-EF"].state == "over"
    back: list[dict[str, Any]] = []
    again.tables["ABCD-EF"].connect(1, back.append)
    assert back[-1]["type"] == "match_over" and load_record(back[-1]["record"]).over
    again.close()


def _legal(table: Table, seat: int) -> dict[str, Any]:
    from game.net.shared.protocol import action_json

    assert table.match is not None
    return action_json(seat, table.match.view(seat).legal_moves()[0])


def test_a_hosted_table_s_file_never_holds_a_half_line_when_a_write_fails(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = JournalStore(tmp_path)
    row = TableRow("ABCD-EF", "matador", 2, {}, 99, 0, "lobby", Table.new_row("ABCD-EF", {"rules": "matador", "players": 2}, 1).seats)
    store.create(row)
    store.set_state("ABCD-EF", "playing")
    real_write = os.write

    def half_then_full(fd: int, data: bytes) -> int:
        if len(data) > 8:
            real_write(fd, data[: len(data) // 2])  # part of the line reaches the file, then the disk is full
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "write", half_then_full)
    with pytest.raises(StoreError, match="disk is full"):
        store.add_action("ABCD-EF", 0, 0, {"player": 0, "lay": "6-6"}, "playing")
    monkeypatch.setattr(os, "write", real_write)
    path = tmp_path / "ABCD-EF.table.jsonl"
    assert path.read_bytes().endswith(b"\n") and read_table(path).actions == []
    store.add_action("ABCD-EF", 0, 0, {"player": 0, "lay": "6-6"}, "playing")
    assert read_table(path).actions == [{"player": 0, "lay": "6-6"}]
    assert path.stat().st_mode & 0o777 == 0o600  # it holds the table's secret seed
    store.close()


def test_the_files_that_hold_a_table_s_secret_seed_are_the_user_s_alone(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        store = Store(tmp_path / "server" / "tables.sqlite3")
        row = Table.new_row("ABCD-EF", {"rules": "matador", "players": 2}, 1)
        store.create(row)
        for path in store.files():
            assert path.exists() and path.stat().st_mode & 0o777 == 0o600, path
        assert (tmp_path / "server").stat().st_mode & 0o777 == 0o700
        store.close()
        (tmp_path / "server" / "tables.sqlite3").chmod(0o644)  # as an earlier version left it
        Store(tmp_path / "server" / "tables.sqlite3").close()
        assert (tmp_path / "server" / "tables.sqlite3").stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(old)
