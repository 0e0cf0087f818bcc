"""Defects of issue 40 at the server's table: a start is refused while a player is
away (their seat held), with a reason; a table whose creator left does not stall:
once the hold's 5 minutes are over, those still at the table may give the absent
seat (the creator's too) to a computer, which plays on. While the host is there,
only the host may give a seat."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from game.net.server.host_powers import give_seat
from game.net.server.store import Store
from game.net.server.table import RETURN_S, Table
from game.net.shared.protocol import ProtocolError


def three(tmp_path: Path) -> tuple[Table, Store, list[list[dict[str, Any]]]]:
    store = Store(tmp_path / "tables.sqlite3")
    row = Table.new_row("ABCD-EF", {"rules": "matador", "players": 3}, 21)
    store.create(row)
    table = Table(row, store, ThreadPoolExecutor(1))
    sent: list[list[dict[str, Any]]] = [[], [], []]
    for seat, name in enumerate(("Ann", "Bea", "Cy")):
        table.take_seat(seat, name)
        table.connect(seat, sent[seat].append)
    return table, store, sent


def test_a_start_with_a_player_away_is_refused_with_its_reason(tmp_path: Path) -> None:
    async def go() -> None:
        table, store, sent = three(tmp_path)
        table.disconnect(1, sent[1].append)
        with pytest.raises(ProtocolError, match="away") as refused:
            table.start(0, nobody_away=True)  # the host's start message
        assert refused.value.code == "seat_away" and table.state == "lobby"
        table.connect(1, sent[1].append)  # back: the match starts
        table.start(0, nobody_away=True)
        assert table.state == "playing"
        store.close()

    asyncio.run(go())


def test_those_still_at_a_table_whose_creator_left_give_the_creators_seat_after_the_hold(tmp_path: Path) -> None:
    async def go() -> None:
        table, store, sent = three(tmp_path)
        table.start(0)
        # the host there: only the host gives a seat away
        table.disconnect(2, sent[2].append)
        table.net[2].away_since = time.monotonic() - RETURN_S - 1
        with pytest.raises(ProtocolError, match="only the host") as refused:
            give_seat(table, 1, {"seat": 2})
        assert refused.value.code == "host_only"
        table.connect(2, sent[2].append)
        # the creator leaves: within the hold, nobody may give the seat
        table.disconnect(0, sent[0].append)
        with pytest.raises(ProtocolError) as refused:
            give_seat(table, 1, {"seat": 0})
        assert refused.value.code == "too_soon"
        # after it, Bea gives it to a computer, and the table goes on
        table.net[0].away_since = time.monotonic() - RETURN_S - 1
        give_seat(table, 1, {"seat": 0})
        assert table.row.seats[0].kind == "computer"
        lobby = table.lobby()
        assert lobby["seats"][0]["kind"] == "computer" and lobby["state"] == "playing"
        store.close()

    asyncio.run(go())


class _Link:
    url = "ws://127.0.0.1:47123/"
    running = False
    seated = None

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def poll(self) -> list[dict[str, Any]]:
        return []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def close(self, wait_s: float = 0.0) -> None:
        pass


@pytest.mark.parametrize("host_there", [True, False])
def test_a_guest_may_give_the_absent_creators_seat_once_the_hold_is_over(host_there: bool) -> None:
    from game.net.app.mirror import Mirror

    link = _Link()
    mirror = Mirror(link)  # type: ignore[arg-type]
    mirror.follow({"type": "link", "state": "open", "reason": ""})
    mirror.follow({"type": "joined", "table": "ABCD-EF", "seat": 1})
    host: dict[str, Any] = {"seat": 0, "name": "Ann", "kind": "remote", "connected": host_there}
    if not host_there:
        host["give_in"] = 0.0
    mirror.follow({
        "type": "table", "table": "ABCD-EF", "host": 0, "state": "playing",
        "rules": {"base": "matador", "players": 3, "options": {}},
        "seats": [host, {"seat": 1, "name": "Bea", "kind": "remote", "connected": True},
                  {"seat": 2, "name": "Cy", "kind": "remote", "connected": False, "give_in": 0.0}],
    })
    assert not mirror.hosting and mirror.host_away() is (not host_there)
    assert mirror.may_give_seat(0) is (not host_there) and mirror.may_give_seat(2) is (not host_there)
    assert mirror.give_seat(0) is (not host_there)
    assert link.sent == ([] if host_there else [{"type": "give_seat", "seat": 0, "level": "easy"}])


def test_those_still_at_the_table_end_the_match_once_the_absent_hosts_hold_is_over(tmp_path: Path) -> None:
    from game.net.server.host_powers import stop_match

    async def go() -> None:
        table, store, sent = three(tmp_path)
        table.start(0)
        with pytest.raises(ProtocolError) as refused:
            stop_match(table, 1)  # the host is there
        assert refused.value.code == "host_only"
        table.disconnect(0, sent[0].append)
        with pytest.raises(ProtocolError) as refused:
            stop_match(table, 1)
        assert refused.value.code == "too_soon"
        table.net[0].away_since = time.monotonic() - RETURN_S - 1
        stop_match(table, 1)
        for seat in (1, 2):
            assert sent[seat][-1]["type"] == "closed" and sent[seat][-1]["code"] == "stopped"
        assert table.code not in {row.code for row in store.live_tables()}  # closed for good: not resumed
        store.close()

    asyncio.run(go())


def test_a_guest_stops_the_match_of_a_table_whose_host_is_away_and_it_is_kept_as_gone() -> None:
    from game.net.app.mirror import Mirror
    from game.net.app.mirror_status import gone_text

    link = _Link()
    mirror = Mirror(link)  # type: ignore[arg-type]
    mirror.follow({"type": "link", "state": "open", "reason": ""})
    mirror.follow({"type": "joined", "table": "ABCD-EF", "seat": 1})
    seats: list[dict[str, Any]] = [{"seat": 0, "name": "Ann", "kind": "remote", "connected": False, "give_in": 30.0},
                                   {"seat": 1, "name": "Bea", "kind": "remote", "connected": True}]
    table = {"type": "table", "table": "ABCD-EF", "host": 0, "state": "playing", "rules": {"base": "matador", "players": 2, "options": {}}, "seats": seats}
    mirror.follow(table)
    assert not mirror.may_stop() and not mirror.stop()  # the hold not over
    seats[0]["give_in"] = 0.0
    mirror.follow(table)
    assert mirror.may_stop() and mirror.stop() and link.sent[-1] == {"type": "stop"}
    mirror.follow({"type": "closed", "by": "table", "code": "stopped", "reason": "the match was stopped: its host was away"})
    assert mirror.table_gone and gone_text(mirror) == "The match was stopped: its host was away."
