"""The tournament command: rotation, scoring, output, and one-line errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

from game.ai.tournament import GameResult, Setup, lineup_for, seat_kinds, tally, with_progress

ROOT = Path(__file__).resolve().parents[2]


def run_game(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


def test_one_seat_against_three() -> None:
    assert lineup_for(["hard", "medium"], 4) == ("hard", "medium", "medium", "medium")
    assert lineup_for(["hard", "medium"], 2) == ("hard", "medium")


def test_seats_rotate_through_every_seat() -> None:
    setup = Setup("matador", 4, ("hard", "medium", "medium", "medium"), 1, 0.1)
    seats_of_hard = [seat_kinds(setup, i).index("hard") for i in range(8)]
    assert sorted(seats_of_hard) == [0, 0, 1, 1, 2, 2, 3, 3]


def test_a_tie_is_half_a_win_for_each_tied_kind() -> None:
    setup = Setup("matador", 2, ("hard", "medium"), 1, 0.1)
    results = [
        GameResult(0, ("hard", "medium"), 0, (), 10),
        GameResult(1, ("medium", "hard"), None, (0, 1), 10),
        GameResult(2, ("hard", "medium"), 1, (), 10),
    ]
    table = tally(setup, results)
    assert table["hard"].score == 1.5 and table["hard"].wins == 1 and table["hard"].ties == 1
    assert table["medium"].score == 1.5
    low, high = table["hard"].interval()
    assert 0 <= low < 0.5 < high <= 1


def test_json_output() -> None:
    out = run_game("tournament", "--seats", "medium,random", "--games", "8", "--jobs", "1", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["games"] == 8
    kinds = data["kinds"]
    assert set(kinds) == {"medium", "random"}
    assert kinds["medium"]["wins"] + kinds["random"]["wins"] + kinds["medium"]["ties"] / 2 + kinds["random"]["ties"] / 2 <= 8
    assert 0 <= kinds["medium"]["ci95"][0] <= kinds["medium"]["rate"] <= kinds["medium"]["ci95"][1] <= 1


def test_text_output_and_parallel_games() -> None:
    out = run_game("tournament", "--rules", "family", "--players", "4", "--seats", "easy,random", "--games", "8", "--jobs", "2")
    assert out.returncode == 0, out.stderr
    assert "easy" in out.stdout and "random" in out.stdout and "95% CI" in out.stdout


def test_bad_requests_are_one_line_exit_2() -> None:
    for args in (
        ["--seats", "hard,grandmaster"],
        ["--seats", "human,medium"],
        ["--rules", "leyden", "--players", "4", "--seats", "medium,random"],
        ["--players", "9", "--seats", "medium,random"],
        ["--players", "2", "--seats", "medium,random,easy"],
    ):
        out = run_game("tournament", "--games", "2", *args)
        assert out.returncode == 2, args
        lines = out.stderr.strip().splitlines()
        assert len(lines) == 1 and "Traceback" not in out.stderr, out.stderr
        assert out.stdout == ""


def test_progress_counts_the_games_and_passes_them_through() -> None:
    games = [GameResult(i, ("hard", "random"), 0, (), 3) for i in range(5)]
    stream = io.StringIO()
    passed = list(with_progress(iter(games), 5, stream, every_s=0.0))
    assert passed == games
    text = stream.getvalue()
    assert "\r1/5 games" in text and "\r5/5 games" in text and "left" in text
    assert text.endswith("\n") and text.count("\n") == 1


def test_a_redeal_in_the_round_is_dealt_again_and_counts_for_nothing() -> None:
    """In Leyden (Senst) every seat may refuse the lead: the round is then dealt again,
    and the game is the first round that ends otherwise, with a winner or a tied block
    (it once ended on the redeal, which the ladder counted as the second kind's win)."""
    from game.ai.tournament import play_game, play_match

    setup = Setup("leyden-senst", 2, ("random", "random"), 1, 0.1)
    redealt = 0
    for index in range(40):
        match, _ = play_match(setup, index)
        ends = [state.outcome.end for state in match.rounds if state.outcome is not None]
        assert ends[-1] != "redeal" and all(end == "redeal" for end in ends[:-1])
        redealt += len(ends) > 1
        result = play_game(setup, index)
        assert result.winner is not None or result.tied
    assert redealt > 0
