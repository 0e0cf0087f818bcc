"""What a person reads in the terminal (issue 37): rounds (and the actions within a
round) counted from 1, as the screens count them, in every report and in
``review --round``, the JSON keeping the record's own indexes; a file that is not
UTF-8 is "not a game record"; every command's error begins with its name. Through
the real entry (``game.commands.cli.run``, what ``python -m game`` runs)."""

from __future__ import annotations

import copy
import functools
import json
from pathlib import Path

import pytest

from game.commands.cli import build_parser, run
from tests.ai.test_coach import MISTAKE_AT, MISTAKE_RECORD


@pytest.fixture
def inline_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review command's coach on this thread (the command is the same; no worker starts)."""
    from game.commands import review_report
    from game.ai.review import INLINE, Analysis

    monkeypatch.setattr(review_report, "Analysis", functools.partial(Analysis, mode=INLINE))


def _record(tmp_path: Path, data: object = MISTAKE_RECORD, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), "utf-8")
    return str(path)


def test_review_counts_rounds_and_actions_from_1_and_its_round_flag_too(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], inline_review: None
) -> None:
    path = _record(tmp_path)
    assert run(["review", path, "--round", "1", "--deals", "60"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines[2:] if line.split()[:1] == ["1"]]
    assert rows and all(row[0] == "1" for row in rows)  # the first (only) round is round 1
    mine = [i for i, a in enumerate(MISTAKE_RECORD["rounds"][0]["actions"]) if a["player"] == 0]  # type: ignore[index]
    assert [int(row[1]) for row in rows] == [i + 1 for i in mine]  # actions counted from 1 too
    assert not any(line.split()[:1] == ["0"] for line in lines)
    assert run(["review", path, "--round", "1", "--deals", "60", "--json"]) == 0
    decisions = json.loads(capsys.readouterr().out)["decisions"]
    assert {d["round"] for d in decisions} == {0} and MISTAKE_AT in [d["action"] for d in decisions]  # the record's indexes
    for wrong in ("0", "2"):
        assert run(["review", path, "--round", wrong]) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and err[0].startswith("review: ") and f"no round {wrong}" in err[0] and "round 1" in err[0], err


def test_the_help_counts_rounds_from_1() -> None:
    text = build_parser().format_help()
    review = build_parser("review")._subparsers._group_actions[0].choices["review"].format_help()  # type: ignore[union-attr]
    assert "from 0" not in text + review and "the first is 1" in review


def test_verify_counts_rounds_from_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from game.engine.record import match_to_record
    from tests.engine.test_seal import played

    good = match_to_record(played("matador", 2, 8))
    assert len(good["rounds"]) > 1
    path = _record(tmp_path, good)
    assert run(["verify", path]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines[:-1]] == [f"round {r + 1}" for r in range(len(good["rounds"]))]
    bad = copy.deepcopy(good)
    bad["rounds"][0]["deal"]["boneyard"].reverse()
    path = _record(tmp_path, bad, "bad.json")
    assert run(["verify", path]) == 1
    out = capsys.readouterr().out
    assert "round 1: TAMPERED: boneyard tile 1 (counted from 1" in out and "round 2: not checked" in out
    assert "round 1 is not what was committed to" in out
    assert run(["verify", path, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["rounds"][0]["round"] == 0  # the record's index


def test_puzzles_count_rounds_and_actions_from_1(capsys: pytest.CaptureFixture[str]) -> None:
    from game.archive.puzzles import all_puzzles
    from tests.ui.puzzle_files import keep_puzzles

    keep_puzzles()
    [puzzle] = all_puzzles()
    assert run(["puzzles"]) == 0
    out = capsys.readouterr().out
    assert f"round {puzzle.round + 1} action {puzzle.action + 1}:" in out
    assert run(["puzzles", "--json"]) == 0
    entry = json.loads(capsys.readouterr().out)["puzzles"][0]
    assert (entry["round"], entry["action"]) == (puzzle.round, puzzle.action)


def test_a_file_that_is_not_utf8_is_not_a_game_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "latin1.json"
    bad.write_bytes('{"format": "matador-record/1", "players": [{"name": "Jos\xe9"}]}'.encode("latin-1"))
    for command in (["replay"], ["review"], ["verify"]):
        assert run([*command, str(bad)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith(f"{command[0]}: not a game record"), err
        assert "codec" not in err and "utf-8" not in err


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["replay", "{missing}"], "replay"),
        (["review", "{missing}"], "review"),
        (["verify", "{missing}"], "verify"),
        (["review", "--seat", "x", "{missing}"], "review"),
        (["review", "--no-such-flag", "{missing}"], "review"),
        (["--no-such-flag"], "play"),
        (["play", "--seats", "chess"], "play"),
        (["bench", "nothing"], "bench"),
        (["tournament", "--seats", "chess"], "tournament"),
        (["ladder", "--rules", "poker"], "ladder"),
        (["serve", "--port", "99999"], "serve"),
        (["serve", "--status", "0"], "serve"),
    ],
)
def test_every_commands_error_begins_with_its_name(tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], name: str) -> None:
    args = [a.replace("{missing}", str(tmp_path / "none.json")) for a in argv]
    assert run(args) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert captured.out == "" and len(lines) == 1 and lines[0].startswith(f"{name}: "), captured.err
