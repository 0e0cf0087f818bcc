"""The game record: round trips, replay agreeing with the engine, and malformed
input of every kind answered with exit status 2 and one line."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import RULE_SETS, Match, PlayerInfo, Rules, load_record, match_to_record
from game.engine.record import RecordError
from game.engine.replay import summary

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = {
    "format": "matador-record/1",
    "rules": {"base": "leyden", "options": {}},
    "players": [{"name": "Ann", "kind": "human"}, {"name": "Cpu", "kind": "computer", "level": "hard"}],
    "seed": 12345,
    "rounds": [
        {
            "deal": {
                "hands": [["6-6", "4-3", "2-1", "5-0", "3-3", "1-1"], ["5-5", "6-1", "2-2", "4-0", "3-1", "6-5"]],
                "boneyard": ["3-0", "6-3", "4-4", "5-2", "6-2", "5-4", "3-2", "4-1",
                             "6-0", "5-1", "1-0", "0-0", "6-4", "4-2", "2-0", "5-3"],
            },
            "actions": [
                {"player": 0, "lay": "1-1"},
                {"player": 1, "lay": "6-5", "on": "N", "touch": 6},
                {"player": 0, "lay": "4-3", "on": "S", "across": True},
                {"player": 1, "lay": "2-2", "on": "N"},
                {"player": 0, "lay": "3-3", "on": "S", "joins": 4},
                {"player": 1, "draw": 1},
                {"player": 1, "lay": "4-0", "on": "S", "touch": 4},
                {"player": 0, "lay": "6-6", "on": "W"},
            ],
        }
    ],
}


def random_match(base: str, players: int, seed: int, rounds: int) -> Match:
    rules = Rules.from_base(base, players)
    match = Match(rules, [PlayerInfo(f"P{i}") for i in range(players)], seed)
    rng = random.Random(seed)
    while not match.over and len(match.rounds) < rounds:
        if match.needs_next_round:
            match.next_round()
        state = match.round
        steps = rng.randrange(200)  # sometimes stop mid-round: a game in progress
        while not state.over and steps:
            match.push(rng.choice(state.legal_moves()))
            steps -= 1
        if not state.over:
            break
    return match


def replay_cli(record: Any, raw: str | None = None) -> subprocess.CompletedProcess[str]:
    text = raw if raw is not None else json.dumps(record)
    return subprocess.run(
        [sys.executable, "-m", "game", "replay", "-"], input=text, cwd=ROOT, capture_output=True, text=True, timeout=60
    )


def test_example_of_RECORD_md() -> None:
    out = replay_cli(EXAMPLE)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {
        "rounds": [{"end": "in_progress", "winner": None, "pips": [8, 24], "scores": [0, 0]}],
        "totals": [0, 0],
        "match": {"over": False, "winner": None},
    }


def test_finished_round_and_match() -> None:
    match = random_match("matador", 2, 5, 50)
    while not match.over:
        if match.needs_next_round:
            match.next_round()
        state = match.round
        while not state.over:
            match.push(state.legal_moves()[0])
    record = match_to_record(match)
    out = replay_cli(record)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert result == summary(match)
    assert result["match"]["over"] is True and result["match"]["winner"] == match.winner
    assert result["totals"] == [sum(r["scores"][s] for r in result["rounds"]) for s in range(2)]


@settings(max_examples=60, deadline=None)
@given(
    base=st.sampled_from(sorted(RULE_SETS)),
    players=st.integers(2, 8),
    seed=st.integers(0, 2**31 - 1),
    rounds=st.integers(1, 4),
)
def test_records_round_trip(base: str, players: int, seed: int, rounds: int) -> None:
    info = RULE_SETS[base]
    players = max(info.min_players, min(players, info.max_players))
    match = random_match(base, players, seed, rounds)
    record = match_to_record(match)
    again = load_record(json.loads(json.dumps(record)))
    assert match_to_record(again) == record
    assert summary(again) == summary(match)
    for a, b in zip(match.rounds, again.rounds):
        assert a.key() == b.key()


def test_short_record_deals_from_the_seed() -> None:
    match = random_match("family", 5, 99, 2)
    record = match_to_record(match)
    for round_obj in record["rounds"]:
        del round_obj["deal"]
    assert summary(load_record(record)) == summary(match)


def test_lead_orientation_and_omitted_touch() -> None:
    record = json.loads(json.dumps(EXAMPLE))
    record["rounds"][0]["actions"][1] = {"player": 1, "lay": "5-6", "on": "N"}  # touch follows: only 6 joins 1
    out = replay_cli(record)
    assert out.returncode == 0, out.stderr


MALFORMED: list[tuple[str, Any, str]] = [
    ("not json", "{nope", "not valid JSON"),
    ("wrong format", {**EXAMPLE, "format": "matador-record/9"}, "format"),
    ("unknown rule set", {**EXAMPLE, "rules": {"base": "poker"}}, "unknown rule set"),
    ("players not a list", {**EXAMPLE, "players": "two"}, "players"),
    ("three Leyden players", {**EXAMPLE, "players": EXAMPLE["players"] * 2}, "exactly 2"),
    ("bad option", {**EXAMPLE, "rules": {"base": "leyden", "options": {"drawing": 3}}}, "drawing"),
    ("seed of the wrong type", {**EXAMPLE, "seed": "x"}, "seed"),
]


def _with_action(index: int, action: Any) -> dict[str, Any]:
    record = json.loads(json.dumps(EXAMPLE))
    record["rounds"][0]["actions"][index] = action
    return record


def _with_deal(hands: Any = None, boneyard: Any = None) -> dict[str, Any]:
    record = json.loads(json.dumps(EXAMPLE))
    if hands is not None:
        record["rounds"][0]["deal"]["hands"] = hands
    if boneyard is not None:
        record["rounds"][0]["deal"]["boneyard"] = boneyard
    return record


MALFORMED += [
    ("unknown tile", _with_deal(boneyard=["7-1"] + EXAMPLE["rounds"][0]["deal"]["boneyard"][1:]), "round 0: "),
    ("tile dealt twice", _with_deal(boneyard=["6-6"] + EXAMPLE["rounds"][0]["deal"]["boneyard"][1:]), "dealt twice"),
    ("short hand", _with_deal(hands=[["6-6"], EXAMPLE["rounds"][0]["deal"]["hands"][1]]), "hand 0 has 1 tiles"),
    ("out of turn", _with_action(1, {"player": 0, "lay": "2-1", "on": "N", "touch": 1}), "round 0, action 1: it is player 1's turn"),
    ("illegal lay", _with_action(3, {"player": 1, "lay": "3-1", "on": "N", "touch": 3}), "round 0, action 3: 3-1 cannot join N: the end shows 5 and needs 2, or a matador"),
    ("not in hand", _with_action(1, {"player": 1, "lay": "6-6", "on": "N"}), "round 0, action 1: 6-6 is not in your hand"),
    ("two kinds", _with_action(1, {"player": 1, "lay": "6-5", "draw": 1}), "exactly one of"),
    ("bad arm", _with_action(1, {"player": 1, "lay": "6-5", "on": "Q"}), "on must be one of"),
    ("bad draw", _with_action(5, {"player": 1, "draw": 0}), "draw must be"),
    ("action not an object", _with_action(5, 7), "an action must be an object"),
    ("touch of the wrong type", _with_action(1, {"player": 1, "lay": "6-5", "on": "N", "touch": "6"}), "touch must be"),
    ("deal not an object", {**EXAMPLE, "rounds": [{"deal": [], "actions": []}]}, "deal must be"),
    ("rounds not a list", {**EXAMPLE, "rounds": {}}, "rounds must be a list"),
    ("top level a list", [], "top level"),
]


def test_malformed_records_exit_2_with_one_line() -> None:
    for name, record, words in MALFORMED:
        out = replay_cli(record, raw=record if isinstance(record, str) else None)
        assert out.returncode == 2, name
        assert out.stdout == "", name
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1, (name, out.stderr)
        assert "Traceback" not in out.stderr
        assert words in lines[0], (name, lines[0])


def test_missing_file_exits_2() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "game", "replay", "/nonexistent/record.json"], cwd=ROOT, capture_output=True, text=True
    )
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1


def test_record_errors_in_process() -> None:
    for name, record, words in MALFORMED:
        if isinstance(record, str):
            continue
        try:
            load_record(record)
        except RecordError as err:
            assert words in str(err), name
        else:
            raise AssertionError(f"{name} was accepted")
