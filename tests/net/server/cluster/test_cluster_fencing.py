"""One referee per table, in one process: a referee whose lease went to another
process (its lease lapsed: stopped past it, or cut off from Redis) can neither
store a move nor tell it (the fenced Lua write), and by its own clock it knows
not to tell anything once its lease may have lapsed."""

from __future__ import annotations

import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest

from game.bench.cluster_bench import RedisServer
from game.net.server.cluster.redis_store import RedisStore
from game.net.server.table import Table
from game.net.shared.protocol import ProtocolError
from tests.net.server.conftest import fresh_db


def _table(store: RedisStore, code: str) -> tuple[Table, list[list[dict[str, Any]]]]:
    row = Table.new_row(code, {"rules": "matador", "players": 2}, 77)
    store.create(row)
    table = Table(row, store, ThreadPoolExecutor(1))
    sent: list[list[dict[str, Any]]] = [[], []]
    for seat, name in enumerate(("Ann", "Bob")):
        table.take_seat(seat, name)
        table.connect(seat, sent[seat].append)
    table.start(0)
    return table, sent


def _play(table: Table, sent: list[list[dict[str, Any]]]) -> None:
    assert table.referee is not None and table.referee.to_move is not None
    mover = table.referee.to_move
    turn = next(m for m in reversed(sent[mover]) if m["type"] == "turn")
    table.play(mover, {"action": turn["view"]["legal"][0]})


def test_a_referee_whose_lease_another_process_took_stores_and_tells_no_more_moves(redis_server: RedisServer) -> None:
    url = redis_server.url(fresh_db(redis_server))
    old, new = RedisStore(url, "old"), RedisStore(url, "new")
    table, sent = _table(old, "ABCD-EF")
    for _ in range(4):
        _play(table, sent)
    stored = list(table.row.actions)
    assert [a for a in (new.load("ABCD-EF") or table.row).actions] == stored
    old.r.delete("m:lease:ABCD-EF")  # its lease lapsed (the process was stopped past it)
    assert new.acquire("ABCD-EF") and new.fence("ABCD-EF") > old.fence("ABCD-EF")
    counts = [len(s) for s in sent]
    with pytest.raises(ProtocolError):
        _play(table, sent)
    assert [len(s) for s in sent] == counts  # told nobody
    again = new.load("ABCD-EF")
    assert again is not None and again.actions == stored  # stored nothing
    assert table.halted == "fenced" and table.referee is not None
    with pytest.raises(ProtocolError):  # and plays no more
        table.play(0, {"action": {"pass": True}})
    assert old.renew() == [] and "ABCD-EF" not in old.leases  # (given up)


def test_a_lease_is_trusted_by_the_clock_less_than_its_life_and_renewed_while_it_lives(redis_server: RedisServer) -> None:
    url = redis_server.url(fresh_db(redis_server))
    store = RedisStore(url, "one", lease_ms=400)
    other = RedisStore(url, "two", lease_ms=400)
    assert store.acquire("WXYZ-AB") and store.may_tell("WXYZ-AB")
    assert not other.acquire("WXYZ-AB")  # one referee at a time
    time.sleep(0.45)  # no renewal for longer than the lease: the clock says stop telling
    assert not store.may_tell("WXYZ-AB")
    assert store.renew() == [] and store.may_tell("WXYZ-AB")  # lapsed and nobody took it: taken again
    assert not other.acquire("WXYZ-AB")
    store.release("WXYZ-AB")
    assert other.acquire("WXYZ-AB") and other.fence("WXYZ-AB") == 2
