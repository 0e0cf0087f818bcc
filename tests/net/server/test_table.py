"""A server table without sockets: what each seat is sent, redeals, resuming
from the store, the protocol's small pieces."""

from __future__ import annotations

import asyncio
import random
import json
import re
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from game.engine import tile_name
from game.net.shared.protocol import ProtocolError, action_json, apply_change, new_code, new_token, normal_code, reveal_holds, round_deal, round_reveal
from game.net.server.host_powers import give_seat
from game.net.server.store import Store
from game.net.server.table import RETURN_S, Table

REDEALT_AT_ONCE = 40  # a Leyden seed whose first deal nobody can lead from (no double but 0-0)


def table_of(tmp_path: Path, seed: int, base: str = "leyden") -> tuple[Table, list[list[dict[str, Any]]], Store]:
    store = Store(tmp_path / "tables.sqlite3")
    row = Table.new_row("ABCD-EF", {"rules": base, "players": 2}, seed)
    store.create(row)
    table = Table(row, store, ThreadPoolExecutor(1))
    sent: list[list[dict[str, Any]]] = [[], []]
    for seat, name in enumerate(("Ann", "Bob")):
        table.take_seat(seat, name)
        table.connect(seat, sent[seat].append)
    return table, sent, store


def test_a_first_deal_nobody_can_lead_from_is_dealt_again(tmp_path: Path) -> None:
    table, sent, _ = table_of(tmp_path, REDEALT_AT_ONCE)
    table.start(0)
    assert table.match is not None and table.match.rounds[0].outcome is not None
    assert table.match.rounds[0].outcome.end == "redeal"
    assert table.referee is not None and table.referee.to_move is not None  # someone is asked to lead
    mover = table.referee.to_move
    assert sent[mover][-1]["type"] == "turn" and sent[mover][-1]["view"]["legal"]


def test_a_table_resumes_from_the_store_exactly(tmp_path: Path) -> None:
    table, sent, store = table_of(tmp_path, 7, "matador")
    table.start(0)
    for _ in range(9):
        assert table.referee is not None and table.referee.to_move is not None
        mover = table.referee.to_move
        table.play(mover, {"type": "play", "action": sent[mover][-1]["view"]["legal"][-1]})
    assert table.match is not None
    before = [table.match.view(seat) for seat in range(2)]
    (row,) = store.live_tables()
    again = Table(row, store, ThreadPoolExecutor(1))
    again.resume()
    assert again.match is not None and [again.match.view(seat) for seat in range(2)] == before
    assert all(seat.away_since is not None for seat in again.net.values())  # nobody is connected yet


def test_each_seat_is_sent_only_its_own_hand(tmp_path: Path) -> None:
    table, sent, _ = table_of(tmp_path, 11, "matador")
    table.start(0)  # dealt, nothing played yet: no tile of another hand may be named
    assert table.match is not None
    hands = [{tile_name(t) for t in table.match.round.hand(s)} for s in range(2)]
    state = table.match.round
    announced = {tile_name(state.lead_tile)} if state.lead_kind == "forced" and state.lead_tile is not None else set()
    assert announced, "seed 11 deals a forced lead"
    for seat in range(2):
        assert any("view" in message for message in sent[seat])
        for message in sent[seat]:
            view = message.get("view")
            if view is not None:
                assert view["seat"] == seat and set(view["hand"]) == hands[seat] and view.get("lead") in announced
            # the tile the other must lead is public (its holder announces it); no other tile of that hand is
            assert not (hands[1 - seat] - announced) & set(re.findall(r"\b\d-\d\b", json.dumps(message)))


def test_a_deal_revealed_after_the_round_matches_its_commitment(tmp_path: Path) -> None:
    table, sent, _ = table_of(tmp_path, 5)
    table.start(0)
    assert table.match is not None
    first = next(m for m in sent[0] if m["type"] == "round")
    r = first["view"]["round"]
    with pytest.raises(AssertionError):  # never before the round is over
        round_reveal(table.match, r)
    rng = random.Random(3)
    while not table.match.rounds[r].over:
        mover = table.referee.to_move if table.referee is not None else None
        assert mover is not None
        table.play(mover, {"type": "play", "action": rng.choice(sent[mover][-1]["view"]["legal"])})
    [end] = [m for m in sent[0] if m["type"] == "round_over" and m["round"] == r]
    assert end["deal"] == round_deal(table.match, r) and {"deal_seed", "salt"} <= set(end)
    assert reveal_holds(table.match.rules, first["commitment"], end)
    assert end["commitment"] == first["commitment"]
    tampered = {**end, "deal": {**end["deal"], "hands": end["deal"]["hands"][::-1]}}
    assert not reveal_holds(table.match.rules, first["commitment"], tampered)
    assert not reveal_holds(table.match.rules, first["commitment"], {**end, "salt": "0" * 32})


def test_codes_and_tokens() -> None:
    code = new_code()
    assert len(code) == 7 and code[4] == "-" and normal_code(code.lower().replace("-", " ")) == code
    for bad in ("K7QX-2", "K7QX-2MM", "O0I1-LL", 12):
        with pytest.raises(ProtocolError):
            normal_code(bad)
    tokens = {new_token() for _ in range(100)}
    assert len(tokens) == 100 and all(len(t) == 32 and int(t, 16) >= 0 for t in tokens)


def test_bad_table_requests_are_refused_with_a_reason(tmp_path: Path) -> None:
    for request, reason in (
        ({"rules": "chess", "players": 2}, "rules must be one of"),
        ({"rules": "leyden", "players": 3}, "for exactly 2"),
        ({"rules": "matador", "players": 2, "seats": ["open", "grandmaster"]}, "computer level"),
        ({"rules": "matador", "players": 2, "seats": ["hard", "open"]}, "open seat, for the host"),
    ):
        with pytest.raises(ProtocolError, match=reason):
            Table.new_row("ABCD-EF", request, 1)
    table, _, _ = table_of(tmp_path, 3)
    with pytest.raises(ProtocolError, match="only the host"):
        table.start(1)
    with pytest.raises(ProtocolError, match="has not started"):
        table.play(0, {"action": {"pass": True}})


def test_the_host_gives_the_seat_of_a_player_away_for_5_minutes_to_a_computer(tmp_path: Path) -> None:
    async def go() -> None:
        table, sent, _ = table_of(tmp_path, 21, "matador")
        table.start(0)
        table.disconnect(1, sent[1].append)
        with pytest.raises(ProtocolError, match="5 minutes"):
            give_seat(table, 0, {"seat": 1, "level": "random"})
        table.net[1].away_since = time.monotonic() - RETURN_S - 1
        with pytest.raises(ProtocolError, match="only the host"):
            give_seat(table, 1, {"seat": 1})
        give_seat(table, 0, {"seat": 1, "level": "random"})
        assert table.lobby()["seats"][1]["kind"] == "computer"
        assert table.match is not None
        deadline = time.monotonic() + 60
        while table.ending is None:
            assert time.monotonic() < deadline
            assert table.referee is not None
            if table.referee.to_move == 0:
                view = next(m["view"] for m in reversed(sent[0]) if "view" in m)
                table.play(0, {"action": view["legal"][0]})
            await asyncio.sleep(0.001)  # the computer thinks in the pool
        assert sent[0][-1]["type"] == "match_over"

    asyncio.run(go())


def test_every_seat_hears_each_action_once_and_the_next_to_move_with_its_turn(tmp_path: Path) -> None:
    table, sent, _ = table_of(tmp_path, 9, "matador")
    table.start(0)
    assert table.referee is not None
    for _ in range(6):
        mover = table.referee.to_move
        assert mover is not None
        counts = [len(s) for s in sent]
        action = sent[mover][-1]["view"]["legal"][0]
        table.play(mover, {"action": action})
        for seat in range(2):
            (message,) = sent[seat][counts[seat] :]  # one message each
            assert message["action"] == action
            assert message["type"] == ("turn" if table.referee.to_move == seat else "played")


def test_a_player_back_after_the_end_gets_the_record(tmp_path: Path) -> None:
    table, sent, _ = table_of(tmp_path, 13, "leyden")
    table.start(0)
    assert table.match is not None and table.referee is not None
    table.disconnect(1, sent[1].append)
    while table.ending is None:
        mover = table.referee.to_move
        assert mover is not None
        table.play(mover, {"action": {"player": mover, **_first_legal(table, mover)}})
    back: list[dict[str, Any]] = []
    table.connect(1, back.append)
    assert back[-1]["type"] == "match_over" and back[-1]["record"]["rounds"]


def _first_legal(table: Table, seat: int) -> dict[str, Any]:
    assert table.match is not None
    return action_json(seat, table.match.view(seat).legal_moves()[0])


def test_a_client_that_missed_a_message_notices_and_is_sent_the_whole_view(tmp_path: Path) -> None:
    table, sent, _ = table_of(tmp_path, 17, "matador")
    table.start(0)
    assert table.referee is not None and table.match is not None
    full = next(m["view"] for m in reversed(sent[1]) if "view" in m and "history" in m["view"])
    changes = []
    for _ in range(3):
        mover = table.referee.to_move
        assert mover is not None
        table.play(mover, {"action": _first_legal(table, mover)})
        changes.append(sent[1][-1])
    assert apply_change(apply_change(apply_change(full, changes[0]), changes[1]), changes[2])["history"] == [
        action_json(s, a) for s, a in table.match.round.history
    ]
    with pytest.raises(ProtocolError, match="missed"):
        apply_change(full, changes[1])  # the first was lost
    table.sync(1)
    whole = next(m for m in reversed(sent[1]) if m["type"] == "round")
    assert len(whole["view"]["history"]) == 3 and whole["view"]["table"]
