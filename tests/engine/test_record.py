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
from game.words.refusals import record_error_text

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
            assert words in record_error_text(err), name  # the engine's refusal, in words
        else:
            raise AssertionError(f"{name} was accepted")


# The replay command against RECORD.md, case by case --------------------------
def _write(tmp_path: Path, name: str, record: Any) -> Path:
    path = tmp_path / name
    if isinstance(record, bytes):
        path.write_bytes(record)
    else:
        path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return path


def _main(path: Path | str, capsys: Any) -> tuple[int, str, str]:
    """``replay`` in this process (the very function ``python -m game replay`` runs)."""
    from game.commands.cli import replay

    status = replay(str(path))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_replay_reads_a_file_and_prints_one_json_object(tmp_path: Path) -> None:
    """RECORD.md, What replay prints: exit status 0 and the JSON object on stdout, from a file."""
    path = _write(tmp_path, "game.json", EXAMPLE)
    out = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert (out.returncode, out.stderr) == (0, "")
    assert out.stdout.count("\n") == 1
    assert json.loads(out.stdout) == {
        "rounds": [{"end": "in_progress", "winner": None, "pips": [8, 24], "scores": [0, 0]}],
        "totals": [0, 0],
        "match": {"over": False, "winner": None},
    }
    bad = _write(tmp_path, "bad.json", b"\xff\xfe{")
    out = subprocess.run(
        [sys.executable, "-m", "game", "replay", str(bad)], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert (out.returncode, out.stdout) == (2, "")
    assert out.stderr == "replay: not a game record: it is not UTF-8 text\n"


REPLAY_ERRORS: list[tuple[str, Any, str]] = [
    ("empty file", "", "not a game record: not valid JSON (Expecting value at line 1)"),
    ("single quotes", "{'format': 1}", "not a game record: not valid JSON (Expecting property name enclosed in double quotes at line 1)"),
    ("nested too deeply", "[" * 100000 + "]" * 100000, "not a game record: the JSON nests too deeply"),
    ("wrong format tag", {**EXAMPLE, "format": "matador-record/2"}, "not a game record: format must be 'matador-record/1', not 'matador-record/2'"),
    ("no format tag", {k: v for k, v in EXAMPLE.items() if k != "format"}, "not a game record: format must be 'matador-record/1', not None"),
    ("unknown rule set", {**EXAMPLE, "rules": {"base": "poker"}}, f"unknown rule set 'poker' (known: {', '.join(RULE_SETS)})"),
    ("option of the wrong type", {**EXAMPLE, "rules": {"base": "leyden", "options": {"target_score": "100"}}}, "rules: option target_score must be a whole number of at least 1, not '100'"),
    ("player name not a string", {**EXAMPLE, "players": [{"name": 5}, {"name": "B"}]}, "player 0: name must be a string"),
    ("unknown tile in a hand", _with_deal(hands=[["7-7", "4-3", "2-1", "5-0", "3-3", "1-1"], EXAMPLE["rounds"][0]["deal"]["hands"][1]]), "round 0: '7-7' is not a tile of the double-six set"),
    ("unknown tile laid", _with_action(3, {"player": 1, "lay": "8-2", "on": "N"}), "round 0, action 3: '8-2' is not a tile of the double-six set"),
    ("not a tile at all", _with_action(3, {"player": 1, "lay": "two-two", "on": "N"}), "round 0, action 3: 'two-two' is not a tile (expected two numbers like \"6-1\")"),
    ("tile dealt twice", _with_deal(boneyard=["1-1"] + EXAMPLE["rounds"][0]["deal"]["boneyard"][1:]), "round 0: 1-1 is dealt twice"),
    ("tile dealt twice, written the other way", _with_deal(boneyard=["1-2"] + EXAMPLE["rounds"][0]["deal"]["boneyard"][1:]), "round 0: 2-1 is dealt twice"),
    ("tile left out", _with_deal(boneyard=EXAMPLE["rounds"][0]["deal"]["boneyard"][1:]), "round 0: the deal leaves out 3-0"),
    ("out of turn", _with_action(2, {"player": 1, "lay": "2-2", "on": "N"}), "round 0, action 2: it is player 0's turn, not player 1's"),
    ("player of the wrong type", _with_action(0, {"player": "0", "lay": "1-1"}), "round 0, action 0: player must be a seat number from 0 to 1"),
    ("lay of the wrong type", _with_action(1, {"player": 1, "lay": 65, "on": "N"}), "round 0, action 1: a tile must be written as a string like \"6-1\", not 65"),
    ("across of the wrong type", _with_action(2, {"player": 0, "lay": "4-3", "on": "S", "across": "yes"}), "round 0, action 2: across must be true or false"),
    ("draw of the wrong type", _with_action(5, {"player": 1, "draw": True}), "round 0, action 5: draw must be a number of tiles of at least 1"),
    ("pass not true", _with_action(5, {"player": 1, "pass": 1}), "round 0, action 5: pass must be true"),
    ("hands not a list", {**EXAMPLE, "rounds": [{"deal": {"hands": "abc", "boneyard": []}}]}, "round 0: deal.hands must be a list of lists of tiles"),
    ("the lead takes nothing more", _with_action(0, {"player": 0, "lay": "1-1", "touch": 1}), "round 0, action 0: a lay without on is the lead and takes nothing more"),
    ("the wrong lead", _with_action(0, {"player": 0, "lay": "3-3"}), "round 0, action 0: the round must open with 1-1"),
    ("RECORD.md's kind of refusal", _with_action(3, {"player": 1, "lay": "3-1", "on": "N", "touch": 3}), "round 0, action 3: 3-1 cannot join N: the end shows 5 and needs 2, or a matador"),
    ("illegal pass", _with_action(3, {"player": 1, "pass": True}), "round 0, action 3: you cannot pass while you hold a tile that can be laid"),
    ("refusing the first lead", _with_action(0, {"player": 0, "refuse": True}), "round 0, action 0: only the leader of a Leyden round may refuse to lead"),
    ("drawing into the reserve", _with_action(5, {"player": 1, "draw": 15}), "round 0, action 5: after drawing 14: the last 2 tiles of the boneyard are never drawn"),
    ("a round after an unfinished one", {**EXAMPLE, "rounds": EXAMPLE["rounds"] * 2}, "round 1: round 0 is not finished"),
    ("no deal and no seed", {**{k: v for k, v in EXAMPLE.items() if k != "seed"}, "rounds": [{"actions": []}]}, "round 0: no deal and no seed to deal from"),
]


def test_replay_errors_exit_2_with_one_exact_line(tmp_path: Path, capsys: Any) -> None:
    """RECORD.md: on an illegal action or a malformed record, exit status 2, nothing on
    stdout, one line on stderr naming the round and action (from 0) and the reason."""
    for i, (name, record, message) in enumerate(REPLAY_ERRORS):
        status, out, err = _main(_write(tmp_path, f"{i}.json", record), capsys)
        assert (status, out) == (2, ""), name
        assert err == f"replay: {message}\n", name


def test_replay_cannot_read_a_directory_or_a_missing_file(tmp_path: Path, capsys: Any) -> None:
    assert _main(tmp_path, capsys) == (2, "", f"replay: cannot read {tmp_path}: a folder stands where the file should be\n")
    assert _main(tmp_path / "none.json", capsys) == (2, "", f"replay: cannot read {tmp_path / 'none.json'}: No such file or directory\n")


def test_replay_tiles_in_either_order_and_a_short_seeded_record(tmp_path: Path, capsys: Any) -> None:
    """RECORD.md, Names: readers accept either order; a round without a deal is dealt from the seed."""
    swapped = _with_deal(boneyard=["0-3"] + EXAMPLE["rounds"][0]["deal"]["boneyard"][1:])
    status, out, err = _main(_write(tmp_path, "swapped.json", swapped), capsys)
    assert (status, err) == (0, "") and json.loads(out)["rounds"][0]["pips"] == [8, 24]
    seeded = {**EXAMPLE, "rounds": [{"actions": []}]}
    status, out, err = _main(_write(tmp_path, "seeded.json", seeded), capsys)
    want = load_record(seeded)
    assert (status, err) == (0, "") and json.loads(out) == summary(want)
    assert json.loads(out)["rounds"][0]["end"] == "in_progress"


def test_replay_of_a_redeal_a_finished_round_and_a_finished_match(tmp_path: Path, capsys: Any) -> None:
    """RECORD.md: ``end`` redeal with winner null; a domino with its scores and totals;
    a match that is over names its winner, and a round after it is refused."""
    deal = {"hands": [["6-5", "4-1", "3-0", "2-1", "5-3", "6-4", "5-4"], ["5-2", "6-3", "2-0", "4-3", "1-0", "6-2", "5-0"]],
            "boneyard": ["6-6", "5-5", "4-4", "3-3", "2-2", "1-1", "0-0", "6-1", "6-0", "4-2", "4-0", "3-2", "3-1", "5-1"]}
    record = {"format": "matador-record/1", "rules": {"base": "all-sevens"}, "players": [{"name": "A"}, {"name": "B"}],
              "rounds": [{"deal": deal, "actions": []}]}
    status, out, err = _main(_write(tmp_path, "redeal.json", record), capsys)
    assert (status, err) == (0, "")
    assert json.loads(out) == {"rounds": [{"end": "redeal", "winner": None, "pips": [49, 39], "scores": [0, 0]}],
                               "totals": [0, 0], "match": {"over": False, "winner": None}}
    # One round only: Matador, 2 tiles each: 6-6 leads, B draws nothing that joins, A dominoes.
    one = {"format": "matador-record/1", "rules": {"base": "matador", "options": {"hand_size": 2, "target_score": None}},
           "players": [{"name": "A"}, {"name": "B"}],
           "rounds": [{"deal": {"hands": [["6-6", "6-1"], ["5-3", "2-0"]],
                                "boneyard": ["4-4", "3-3", "5-5", "2-2", "0-0", "1-1", "6-5", "6-4", "6-3", "6-2", "6-0", "5-4", "5-2", "5-1", "5-0", "4-3", "4-2", "4-1", "4-0", "3-2", "3-1", "3-0", "2-1", "1-0"]},
                       "actions": [{"player": 0, "lay": "6-6"}, {"player": 1, "draw": 2}, {"player": 1, "draw": 1},
                                   {"player": 1, "draw": 1}, {"player": 1, "draw": 1}, {"player": 1, "lay": "0-0", "on": "E"},
                                   {"player": 0, "lay": "6-1", "on": "W", "touch": 6}]}]}
    status, out, err = _main(_write(tmp_path, "one.json", one), capsys)
    assert (status, err) == (0, ""), err
    assert json.loads(out) == {"rounds": [{"end": "domino", "winner": 0, "pips": [0, 38], "scores": [38, 0]}],
                               "totals": [38, 0], "match": {"over": True, "winner": 0}}
    after = {**one, "rounds": one["rounds"] + [{"actions": []}]}
    status, out, err = _main(_write(tmp_path, "after.json", after), capsys)
    assert (status, out, err) == (2, "", "replay: round 1: the match is already over\n")
