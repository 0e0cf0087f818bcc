"""``python -m game review``: the JSON it prints, the table, and exit status 2
with one line for a bad record or bad flags."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from game.ai.coach import MARKS, Budget
from game.ai.review import INLINE, analyse, default_seat
from game.engine import Match, PlayerInfo, Rules, load_record
from game.commands.review_report import write_table

from tests.ai.test_coach import MISTAKE_AT, MISTAKE_RECORD

ROOT = Path(__file__).resolve().parent.parent.parent


def run_game(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )


def write(path: Path, data: object) -> str:
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return str(path)


def test_json_has_one_entry_per_action_of_the_seat(tmp_path: Path) -> None:
    record = write(tmp_path / "mistake.json", MISTAKE_RECORD)
    out = run_game("review", record, "--json")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1
    result = json.loads(lines[0])
    assert set(result) == {"seat", "decisions", "accuracy"}
    assert result["seat"] == 0  # the first person's seat
    actions = MISTAKE_RECORD["rounds"][0]["actions"]
    mine = [i for i, a in enumerate(actions) if a["player"] == 0]
    assert [d["action"] for d in result["decisions"]] == mine
    match = load_record(MISTAKE_RECORD)
    history = match.rounds[0].history
    for d in result["decisions"]:
        assert set(d) == {"round", "action", "played", "best", "chance_played", "chance_best", "mark", "spread", "checks"}
        assert d["round"] == 0 and d["played"] == str(history[d["action"]][1])
        assert 0.0 <= d["chance_played"] <= d["chance_best"] <= 1.0
        assert d["mark"] in MARKS
        if d["mark"] in ("forced", "best"):
            assert d["best"] == d["played"]
    flagged = [d for d in result["decisions"] if d["mark"] in ("mistake", "blunder")]
    assert [d["action"] for d in flagged] == [MISTAKE_AT]
    assert flagged[0]["best"] == "lay 4-0 on E touch 4"
    assert result["decisions"][0]["mark"] == "forced"  # the lead: 4-4 had to open
    assert 0.0 <= result["accuracy"] < 1.0


def test_seat_and_round_flags(tmp_path: Path) -> None:
    record = write(tmp_path / "mistake.json", MISTAKE_RECORD)
    out = run_game("review", record, "--seat", "1", "--round", "1", "--json", "--deals", "300")
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    actions = MISTAKE_RECORD["rounds"][0]["actions"]
    assert result["seat"] == 1
    assert [d["action"] for d in result["decisions"]] == [i for i, a in enumerate(actions) if a["player"] == 1]
    draws = [d for d in result["decisions"] if d["played"] == "draw 1"]
    assert len(draws) == 8 and all(d["mark"] == "forced" for d in draws)


def test_bad_records_exit_2_with_replays_message(tmp_path: Path) -> None:
    illegal = json.loads(json.dumps(MISTAKE_RECORD))
    illegal["rounds"][0]["actions"][2] = {"player": 0, "lay": "6-2", "on": "W", "touch": 2}
    cases = [
        write(tmp_path / "not-json.json", "{\"format\": "),
        write(tmp_path / "illegal.json", illegal),
        write(tmp_path / "other.json", {"format": "something-else"}),
        str(tmp_path / "missing.json"),
    ]
    for path in cases:
        review = run_game("review", path, "--json")
        replay = run_game("replay", path)
        assert review.returncode == 2 and review.stdout == "", path
        assert len(review.stderr.strip().splitlines()) == 1, review.stderr
        assert review.stderr.startswith("review: ") and replay.stderr.startswith("replay: ")
        assert review.stderr.removeprefix("review: ") == replay.stderr.removeprefix("replay: ")  # the same reason
    assert "round 0, action 2: " in run_game("review", cases[1]).stderr  # RECORD.md: where in the record, its indexes


def test_bad_flags_exit_2_with_one_line(tmp_path: Path) -> None:
    record = write(tmp_path / "mistake.json", MISTAKE_RECORD)
    for args, words in (
        (["--seat", "2"], "no seat 2: seats are 0 to 1"),
        (["--round", "2"], "review: the record has no round 2: round 1 is its only one"),
        (["--round", "0"], "review: the record has no round 0"),
        (["--seat", "x"], "--seat"),
        (["--round", "-1"], "--round"),
        (["--no-such-flag"], "unrecognized"),
    ):
        out = run_game("review", record, *args)
        assert out.returncode == 2, args
        assert out.stdout == ""
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and words in lines[0], out.stderr
        assert "Traceback" not in out.stderr


def test_the_table_names_the_mistake_and_the_tally() -> None:
    match = load_record(MISTAKE_RECORD)
    summary = analyse(match, 0, budget=Budget(deals=1500, forced_deals=100), mode=INLINE)
    out = io.StringIO()
    write_table(out, match, summary)
    text = out.getvalue()
    lines = text.splitlines()
    assert lines[0].startswith("The coach's review of Ann (seat 0), matador")
    row = next(line for line in lines if line.split()[:2] == ["1", str(MISTAKE_AT + 1)])  # counted from 1
    assert "lay 4-2 on E touch 4" in row and "lay 4-0 on E touch 4" in row and row.endswith("mistake")
    reason_line = lines[lines.index(row) + 1]
    assert reason_line.strip().startswith("4-0 on the 3") and reason_line.endswith(".")
    assert lines[-1].startswith("Ann: 6 choices, 0 inaccuracies, 1 mistake, 0 blunders, accuracy 83% (choices marked best or good")


def test_default_seat_is_the_first_person() -> None:
    rules = Rules.from_base("matador", 3)
    cpu = PlayerInfo("Cpu", "computer", "hard")
    assert default_seat(Match(rules, [cpu, PlayerInfo("Ann"), PlayerInfo("Bo")], 1)) == 1
    assert default_seat(Match(rules, [cpu, cpu, cpu], 1)) == 0
