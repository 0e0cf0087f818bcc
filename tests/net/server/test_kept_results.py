"""What a table tells again is made once: a seat that comes back, or asks for its
whole view, costs the same in round 2 as in round 20 (no deal, commitment, round
end or record is built anew), and the rounds played out come in messages small
enough for any client to read. Table codes of 8 characters for an open server."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from game.net.server import results
from game.net.server.journal import _CODE
from game.net.shared.protocol import action_json, new_code, normal_code
from game.net.server.results import ROUNDS_CHUNK
from game.net.server.store import Store
from game.net.server.table import Table


def test_coming_back_costs_the_same_whatever_the_match_s_length(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(tmp_path / "tables.sqlite3")
    row = Table.new_row("ABCD-EF", {"rules": "matador", "players": 2, "options": {"target_score": 200}}, 32)  # (a seed whose match lasts past 4 rounds)
    store.create(row)
    table = Table(row, store, ThreadPoolExecutor(1))
    for seat, name in enumerate(("Ann", "Bob")):
        table.take_seat(seat, name)
        table.connect(seat, lambda message: None)
    table.start(0)
    rng = random.Random(2)
    while table.match is not None and table.match.round_index < 4:
        assert table.referee is not None and table.referee.to_move is not None
        mover = table.referee.to_move
        legal = table.match.view(mover).legal_moves()
        table.play(mover, {"action": action_json(mover, legal[rng.randrange(len(legal))])})
    assert table.match is not None and not table.match.over
    built: list[str] = []
    real_deal = results.round_deal
    monkeypatch.setattr(results, "round_deal", lambda match, r: built.append(f"deal {r}") or real_deal(match, r))
    monkeypatch.setattr(results, "match_to_record", lambda match: built.append("record") or {})
    heard: list[dict[str, Any]] = []
    for _ in range(3):  # coming back three times, and asking for the whole view
        table.connect(1, heard.append)
        table.sync(1)
    assert built == []  # every round's deal, commitment and end was made when it was told, once
    rounds = [m for m in heard if m["type"] == "rounds"]
    assert sum(len(m["rounds"]) for m in rounds) == 3 * table.match.round_index
    for message in rounds:
        assert len(json.dumps(message)) <= ROUNDS_CHUNK + 8 * 1024  # a few rounds a message
    store.close()


def test_open_servers_may_give_codes_of_8_characters() -> None:
    code = new_code(8)
    assert len(code) == 9 and code[4] == "-" and normal_code(code.lower().replace("-", "")) == code
    assert _CODE.match(code) and _CODE.match(new_code())
