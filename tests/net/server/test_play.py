"""Whole matches of every rule set between headless players in their own
processes and a server process on 127.0.0.1; every byte a seat was sent is
inspected for tiles it may not know; a player killed mid-turn comes back."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from game.engine import Rules, load_record, parse_tile
from game.engine.verify import verify
from game.net.shared.protocol import apply_change, reveal_holds

# Rule set -> players: 2 to 4 players, every rule set.
TABLES = {"matador": 4, "all-sevens": 3, "family": 4, "leyden": 2, "leyden-senst": 2, "wild-doubles": 2}
TILE = re.compile(r"\b\d-\d\b")


def tiles_in(text: str) -> set[int]:
    return {parse_tile(t) for t in TILE.findall(text)}


def own_tiles(seat: int, round_over: dict[str, Any]) -> set[int]:
    """The tiles ``seat`` held at some time in the round: dealt, or drawn."""
    deal = round_over["deal"]
    held = {parse_tile(t) for t in deal["hands"][seat]}
    boneyard = [parse_tile(t) for t in deal["boneyard"]]
    drawn = 0
    for action in round_over["actions"]:
        for _ in range(action.get("draw", 0)):
            if action["player"] == seat:
                held.add(boneyard[drawn])
            drawn += 1
    return held


def laid(actions: list[dict[str, Any]]) -> set[int]:
    return {parse_tile(a["lay"]) for a in actions if "lay" in a}


def check_wire(seat: int, lines: list[str], rules: Rules) -> int:
    """Every message before a round's end names only tiles of this seat's own
    hand or already on the table, and never the round's deal seed or salt; the
    deal revealed after the round is the one committed to when it was dealt.
    Returns how many messages were checked."""
    messages = [json.loads(line) for line in lines if line.strip()]
    reveals = {m["round"]: m for m in messages if m["type"] == "round_over"}
    commitments = {m["view"]["round"]: m["commitment"] for m in messages if m["type"] == "round"}
    for r, reveal in reveals.items():
        assert reveal_holds(rules, commitments[r], reveal), f"round {r}: the deal is not the one committed to"
        told_at = next(i for i, m in enumerate(messages) if m["type"] == "round_over" and m["round"] == r)
        for line in [line for line in lines if line.strip()][:told_at]:
            assert reveal["deal_seed"] not in line and reveal["salt"] not in line, f"round {r}'s secrets were sent early"
    checked, r, history = 0, -1, 0
    full: dict[str, Any] | None = None  # the view as the client rebuilds it
    for message, line in zip(messages, [line for line in lines if line.strip()]):
        if message["type"] in ("round_over", "match_over", "rounds"):  # rounds over: their deals are no secret
            continue
        view = message.get("view")
        if view is not None:
            assert view["seat"] == seat
            if "history" in view:
                full = view
            else:
                assert full is not None
                full = apply_change(full, message)
            view = full
            r, history = view["round"], len(view["history"])
        if r < 0:
            assert not tiles_in(line), line
            continue
        reveal = reveals[r]
        public = reveal["actions"][:history]
        if view is not None:
            assert view["history"] == public  # nothing but what was played
        allowed = own_tiles(seat, reveal) | laid(public)
        if view is not None and "lead" in view:  # a forced lead, announced: the tile laid first, and only while it is led
            first = next(parse_tile(a["lay"]) for a in reveal["actions"] if "lay" in a)
            assert view["phase"] == "lead" and parse_tile(view["lead"]) == first, f"seat {seat} was told a lead of {view['lead']}"
            allowed.add(first)
        leaked = tiles_in(line) - allowed
        assert not leaked, f"seat {seat} was sent {sorted(leaked)} in {line[:300]}"
        checked += 1
    return checked


def test_every_rule_set_plays_to_the_end_and_no_seat_learns_a_hidden_tile(server: Any, bot: Any, tmp_path: Path) -> None:
    hosts = {}
    for base, players in TABLES.items():
        hosts[base] = bot(server.url, "--create", f"{base}:{players}", "--name", "Host", "--seed", "1", "--wire", str(tmp_path / f"{base}-0.wire"))
    joiners: dict[str, list[Any]] = {}
    codes = {}
    for base, players in TABLES.items():
        seated = hosts[base].line("SEATED")
        codes[base] = seated["table"]
        assert seated["seat"] == 0 and len(seated["token"]) == 32  # 128 bits
        joiners[base] = [
            bot(server.url, "--join", seated["table"], "--name", f"P{i}", "--seat", str(i), "--seed", str(i), "--wire", str(tmp_path / f"{base}-{i}.wire"))
            for i in range(1, players)
        ]
    for base, players in TABLES.items():
        results = [hosts[base].finish()] + [j.finish() for j in joiners[base]]
        assert len({json.dumps(r["totals"]) for r in results}) == 1  # every seat saw the same end
        records = []
        for seat in range(players):
            lines = (tmp_path / f"{base}-{seat}.wire").read_text().splitlines()
            assert check_wire(seat, lines, Rules.from_base(base, players)) > 10
            over = json.loads(lines[-1])
            assert over["type"] == "match_over"
            records.append(over["record"])
        assert all(r == records[0] for r in records)
        match = load_record(records[0])  # the record replays: every action was legal
        assert verify(records[0]).complete and verify(records[0]).seeded  # every deal as committed, from the match's seed
        assert match.over and match.totals == results[0]["totals"]
        assert sum(r["played"] for r in results) == sum(len(state.history) for state in match.rounds)
    # The inspection itself would see a leak: seat 1's first tile slipped into seat 0's stream.
    lines = (tmp_path / "matador-0.wire").read_text().splitlines()
    first = next(json.loads(line) for line in lines if '"round_over"' in line)
    at = next(i for i, line in enumerate(lines) if line.startswith('{"type":"round"'))
    leak = json.dumps({"type": "reaction", "seat": 1, "reaction": first["deal"]["hands"][1][0]})
    rules = Rules.from_base("matador", TABLES["matador"])
    with pytest.raises(AssertionError, match="was sent"):
        check_wire(0, lines[: at + 1] + [leak] + lines[at + 1 :], rules)
    # ... and a round's secrets sent before its end.
    early = json.dumps({"type": "reaction", "seat": 1, "reaction": first["deal_seed"]})
    with pytest.raises(AssertionError, match="secrets were sent early"):
        check_wire(0, lines[: at + 1] + [early] + lines[at + 1 :], rules)
    log = server.log_text()
    for base, code in codes.items():
        assert f"table {code}: created by Host [127.0.0.1] ({base}" in log and f"table {code}: match over" in log


def test_a_player_killed_mid_turn_takes_the_seat_back_and_finishes(server: Any, bot: Any, tmp_path: Path) -> None:
    host = bot(server.url, "--create", "leyden:2", "--name", "Ann", "--seed", "4")
    code = host.line("SEATED")["table"]
    state = tmp_path / "bob.json"
    bob = bot(server.url, "--join", code, "--name", "Bob", "--state", str(state), "--stall-after", "3", "--seed", "5")
    assert bob.line("STALLED")["played"] >= 3  # its turn, and it does not answer
    bob.kill()
    assert json.loads(state.read_text())["seat"] == 1
    back = bot(server.url, "--state", str(state), "--seed", "6")
    assert back.line("SEATED")["seat"] == 1
    ann, bob_end = host.finish(), back.finish()
    assert ann["totals"] == bob_end["totals"] and ann["winner"] == bob_end["winner"]
    log = server.log_text()
    assert f"table {code}: Bob (seat 2) dropped [127.0.0.1]" in log and f"table {code}: Bob (seat 2) is back [127.0.0.1]" in log
