"""Reviews kept with their matches (made in the background), the accuracy and
luck of a match, and the puzzles made of its mistakes: a scripted blunder
becomes a puzzle that the best move solves and the move played does not."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from game.archive import past_matches, reviews
from game.ai.coach import Budget
from game.ai.endgame import solve
from game.ai.marks import Assessment, Option
from game.ai.review import INLINE, Analysis
from game.ai.summary import Decision, Summary, match_result, restored, stored
from game.bench.coach_bench import _initial, play_round
from game.engine import Action, Match, PlayerInfo, Rules
from game.archive.puzzles import Progress, all_puzzles, judge, load_progress, position, progress_path, save_progress
from game.archive.reviewer import Reviewer

SMALL = Budget(deals=200, forced_deals=100, screen=50, keep=2, step=50, check_deals=100, strong_deals=0, settle_from=100)


def blundering_match() -> tuple[Match, int]:
    """A finished one-round match (Ann against the computer) in which Ann, seat 0,
    made a move that loses with best play where another wins: the exact
    endgame shows it (boneyard empty, nothing hidden). Returns the match and
    the index of that action in the round."""
    rules = Rules.from_base("matador", 2, {"target_score": None})
    for seed in range(1, 200):
        real = play_round("matador", seed, "easy")
        if real is None:
            continue
        match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "medium")], seed)
        hands, boneyard = _initial(real)
        match.next_round(hands, boneyard)
        found = None
        for index, (seat, action) in enumerate(real.history):
            if found is None and seat == 0 and len(match.round.legal_moves()) > 1:
                view = match.view(0)
                values = solve(view, [[action]] + [[m] for m in view.legal_moves() if m != action])
                if values is not None and values[0] == 0.0 and max(values) == 1.0:
                    found = index
            match.push(action)
        if found is not None:
            assert match.over
            return match, found
    raise AssertionError("no blunder found")


def review_kept(match: Match) -> Path:
    path = past_matches.keep(match, abandoned=False, now=datetime(2026, 3, 4, 5, 6, 7))
    assert path is not None
    reviewer = Reviewer(mode=INLINE, budget=SMALL)
    reviewer.add(path)
    finished: list[Path] = []
    for _ in range(500):
        finished += reviewer.poll()
        if not reviewer.busy:
            break
    assert finished == [path] and reviews.reviewed(path)
    return path


def test_a_blunder_becomes_a_puzzle_the_best_move_solves() -> None:
    match, index = blundering_match()
    path = review_kept(match)
    played = match.rounds[0].history[index][1]
    [puzzle] = [p for p in all_puzzles() if p.action == index]
    assert puzzle.name == "Ann" and puzzle.seat == 0 and puzzle.round == 0 and puzzle.record == path
    assert puzzle.played == played and puzzle.decision.mark == "blunder" and puzzle.lost == 100.0
    found = position(puzzle)
    assert found is not None
    _, view = found
    assert view.seat == 0 and played in view.legal_moves() and len(view.history) == index
    assert judge(puzzle, view, puzzle.best).solved
    assert not judge(puzzle, view, played).solved and judge(puzzle, view, played).lost == 100.0
    losing = [m for m in view.legal_moves() if not judge(puzzle, view, m).solved]
    winning = [m for m in view.legal_moves() if judge(puzzle, view, m).solved]
    assert played in losing and puzzle.best in winning


def test_the_puzzles_command_lists_the_puzzle_from_the_seats_view(capsys: pytest.CaptureFixture[str]) -> None:
    from game.commands.cli import run

    match, index = blundering_match()
    review_kept(match)
    assert run(["puzzles", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    [entry] = [e for e in data["puzzles"] if e["action"] == index]
    assert data["to_do"] == len(data["puzzles"]) and data["solved"] == 0
    assert entry["name"] == "Ann" and entry["mark"] == "blunder" and entry["lost"] == 100.0
    assert entry["played"] != entry["best"] and entry["position"]["seat"] == 0
    seen = set(entry["position"]["hand"]) | {a["lay"] for a in entry["position"]["history"] if "lay" in a}
    named = set(re.findall(r"\b\d-\d\b", json.dumps(entry["position"])))
    assert named <= seen  # only the seat's own tiles and those laid: nothing hidden
    assert len(entry["position"]["hand"]) == len(set(entry["position"]["hand"]))
    assert run(["puzzles"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1] == f"{len(data['puzzles'])} puzzles: 0 solved, {len(data['puzzles'])} to do"
    assert any(f"round 1 action {index + 1}: played" in line and "blunder, to do" in line for line in lines)  # counted from 1


def test_a_kept_review_opens_at_once_with_the_same_verdicts() -> None:
    match, _ = blundering_match()
    path = review_kept(match)
    kept = reviews.load_decisions(path, match)
    assert kept is not None and set(kept) == {0}
    fresh = Analysis(match, 0, budget=SMALL, seed=reviews.REVIEW_SEED, mode=INLINE)
    for _ in range(fresh.total):
        fresh.poll()
    again = Analysis(match, 0, budget=SMALL, mode=INLINE)
    assert again.restore(kept[0]) == again.total and again.done
    assert again.poll() == []  # nothing left to work out
    a, b = fresh.summary(), again.summary()
    assert [d.mark for d in a.decisions] == [d.mark for d in b.decisions]
    assert [d.assessment for d in a.decisions] == [d.assessment for d in b.decisions]
    assert [d.reason for d in a.decisions] == [d.reason for d in b.decisions]  # written again, the same
    [point] = reviews.trend("Ann")
    figures = point.figures
    assert point.record == path.name and point.rules == "matador" and figures.name == "Ann"
    assert point.date == datetime(2026, 3, 4, 5, 6, 7)  # when the match was played, not reviewed
    assert figures.choices == len(a.choices) and figures.blunders == a.blunders >= 1
    assert figures.error_rate == pytest.approx(sum(d.lost for d in a.choices) / len(a.choices))
    assert figures.result == match_result(match, 0) and figures.adjusted == pytest.approx(100 * figures.result - figures.luck)
    assert reviews.trend("Cpu") == []


def test_a_damaged_review_is_moved_aside_and_made_again(tmp_path: Path) -> None:
    match, _ = blundering_match()
    path = review_kept(match)
    target = reviews.review_path(path)
    data = json.loads(target.read_text())
    data["seats"]["0"]["decisions"][0]["mark"] = "genius"
    target.write_text(json.dumps(data))
    assert reviews.load_decisions(path, match) is None and not reviews.reviewed(path)
    target.write_text("{not json")
    assert reviews.load_decisions(path, match) is None
    assert list(target.parent.glob("*.broken-*"))
    (target.parent / "reviews.json").write_text("[]")  # the index, damaged: made again from the files
    assert reviews.trend() == []
    second = review_kept(match)
    assert len(reviews.trend()) == 1
    past_matches.forget(second)  # the match deleted: its review goes too
    assert reviews.trend() == [] and not reviews.review_path(second).exists()


def decision(lost: float, mark: str, forced: bool = False) -> Decision:
    best, played = Action.draw(), Action("pass")
    assessment = Assessment(0, played, best, 0.5 - lost / 100, 0.5, "forced" if forced else mark, (Option(best, 0.5, 10),), 10, 0)
    return Decision(0, 0, assessment, None)


def test_the_error_rate_is_the_points_lost_per_choice() -> None:
    summary = Summary(0, (decision(0, "best"), decision(12, "mistake"), decision(3, "good"), decision(40, "forced", True)))
    assert summary.error_rate == pytest.approx(5.0) and len(summary.choices) == 3
    assert Summary(0, (decision(40, "forced", True),)).error_rate is None
    rules = Rules.from_base("matador", 2)
    for d in summary.decisions:
        assert restored(json.loads(json.dumps(stored(d))), rules, 0) == d
    with pytest.raises(ValueError):
        restored({**stored(summary.decisions[0]), "chance_played": 1.5}, rules, 0)


def test_progress_never_shows_the_same_puzzle_twice_in_a_row_and_is_kept_safely() -> None:
    match, _ = blundering_match()
    review_kept(match)
    puzzles = all_puzzles()
    assert puzzles
    many = list(puzzles)
    extra = [replace(p, id=p.id + f"/{n}") for p in puzzles for n in (1, 2)]  # three puzzles at the least
    progress = Progress()
    rng = random.Random(3)
    shown = [progress.next(many + extra, rng) for _ in range(40)]
    assert all(a is not None and b is not None and a.id != b.id for a, b in zip(shown, shown[1:]))
    first = many[0]
    found = position(first)
    assert found is not None
    progress.note(first, judge(first, found[1], first.best), datetime(2026, 5, 6))
    assert progress.counts(many + extra) == (1, len(many + extra) - 1)
    assert all(progress.next(many + extra, rng).id != first.id for _ in range(20))  # a solved one waits
    only = [first, extra[0]]  # one left to do: after it, the solved one rather than the same again
    progress.last = extra[0].id
    assert progress.next(only, rng) is first and progress.next(only, rng) is extra[0]
    save_progress(progress)
    again, message = load_progress()
    assert message is None and again == progress
    progress_path().write_text('{"version": 1, "solved": {"x": 5}}')
    again, message = load_progress()
    assert again == Progress() and message and not progress_path().exists()
