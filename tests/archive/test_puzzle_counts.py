"""The title's count of puzzles (``game.archive.puzzles.counts``), read from the review
files alone: the same puzzles as ``all_puzzles`` finds, a file that cannot be
read counts none (and nothing is raised), a review whose match is gone counts
none, and neither the engine nor the coach is imported to count them."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.archive import reviews
from game.archive.puzzles import Progress, all_puzzles, counts, kept_ids, save_progress
from tests.ui.puzzle_files import keep_puzzles

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_count_agrees_with_the_puzzles_and_the_progress() -> None:
    records = keep_puzzles(2)
    ids = sorted(kept_ids())
    assert ids == sorted(p.id for p in all_puzzles()) and len(ids) == 2
    assert counts() == (0, 2)
    save_progress(Progress(solved={ids[0]: "2026-03-04T05:06:07"}))
    assert counts() == (1, 1)
    records[1].unlink()  # its match deleted: its review counts nothing
    assert counts() == (1, 0)


def test_damaged_review_files_count_nothing_and_raise_nothing() -> None:
    [record] = keep_puzzles()
    target = reviews.review_path(record)
    good = json.loads(target.read_text("utf-8"))
    for bad in ("{not json", "[]", json.dumps({"seats": []}), json.dumps({"seats": {"x": {"decisions": [{}]}}})):
        target.write_text(bad, "utf-8")
        assert counts() == (0, 0), bad
    decision = next(d for d in good["seats"]["0"]["decisions"] if d["mark"] in ("mistake", "blunder"))
    for field, value in (("round", True), ("action", "3"), ("round", None)):
        odd = json.loads(json.dumps(good))
        for d in odd["seats"]["0"]["decisions"]:
            if d["action"] == decision["action"]:
                d[field] = value
        target.write_text(json.dumps(odd), "utf-8")
        assert counts() == (0, 0), (field, value)
    target.write_text(json.dumps(good), "utf-8")
    assert counts() == (0, 1)


def test_counting_imports_neither_the_engine_nor_the_coach(tmp_path: Path) -> None:
    keep_puzzles()
    import os

    probe = "import sys\nfrom game.archive.puzzles import counts\nprint(counts(), sorted(m for m in sys.modules if m.startswith(('game.engine', 'game.ai', 'game.archive.past_matches'))))"
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60, env=dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "(0, 1) []"


def _only_inaccuracies(record: Path) -> None:
    """The review of ``record`` as a newcomer's often is: its bad move called an
    inaccuracy (a gap the coach would not call a mistake beyond its noise)."""
    target = reviews.review_path(record)
    data = json.loads(target.read_text("utf-8"))
    for entry in data["seats"].values():
        for d in entry["decisions"]:
            if d["mark"] in ("mistake", "blunder"):
                d["mark"] = "inaccuracy"
    target.write_text(json.dumps(data), "utf-8")


def test_two_matches_without_a_mistake_still_give_puzzles_from_their_costliest_moves() -> None:
    """Issue 37: a newcomer whose bad moves were all marked inaccuracies got no puzzle."""
    from game.archive.puzzles import position, judge

    records = keep_puzzles(2)
    for record in records:
        _only_inaccuracies(record)
    found = all_puzzles()
    assert len(found) == 2 and {p.record for p in found} == set(records)
    assert all(p.decision.mark == "inaccuracy" and p.lost >= 3.0 for p in found)  # the 2.75 "good" one is no puzzle
    assert sorted(kept_ids()) == sorted(p.id for p in found) and counts() == (0, 2)  # the title counts the same
    there = position(found[0])
    assert there is not None
    _, view = there
    assert not judge(found[0], view, found[0].played).solved and judge(found[0], view, found[0].best).solved


def test_the_costliest_moves_are_chosen_only_when_there_is_no_mistake() -> None:
    from game.archive.puzzles import COSTLY, chosen

    ten = [("inaccuracy", 3.0 + (i * 7) % 10, True) for i in range(10)]  # ten bad moves, all inaccuracies
    picked = chosen(ten)
    assert len(picked) == COSTLY and picked == sorted(picked)
    assert sorted(ten[i][1] for i in picked) == sorted(lost for _, lost, _ in ten)[-COSTLY:]
    assert chosen(ten + [("mistake", 12.0, True)]) == [10]  # a mistake: the mistakes alone, as before
    assert chosen([("good", 2.9, True), ("forced", 0.0, True), ("inaccuracy", 40.0, False)]) == []  # nothing to find


def test_the_costliest_moves_threshold_is_the_coachs_tolerance() -> None:
    from game.ai.marks import ACCURATE_POINTS
    from game.archive.puzzles import COSTLY_POINTS, PUZZLE_MARKS

    assert COSTLY_POINTS == ACCURATE_POINTS  # a move the one played would solve is no puzzle
    assert set(PUZZLE_MARKS) == {"mistake", "blunder"}
