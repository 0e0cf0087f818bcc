"""Puzzles as the UI tests need them: a scripted blunder (tests/archive/test_reviews_puzzles.py's
``blundering_match``, reviewed by the real coach and kept as the game keeps a
finished match's review), made once per test process, then its record and
review written again into each test's own home, under as many names as puzzles
are wanted (each copy a puzzle of its own)."""

from __future__ import annotations

import json
from pathlib import Path

from game.archive import past_matches, reviews

_KEPT: dict[str, str] = {}  # the record's and the review's text, once made


def keep_puzzles(copies: int = 1) -> list[Path]:
    """``copies`` kept matches (into the current home), each reviewed with one
    blunder of Ann's (seat 0): the records' paths."""
    if not _KEPT:
        from tests.archive.test_reviews_puzzles import blundering_match, review_kept

        match, _index = blundering_match()
        path = review_kept(match)
        _KEPT["record"] = path.read_text("utf-8")
        _KEPT["review"] = reviews.review_path(path).read_text("utf-8")
        past_matches.forget(path)  # the copies below stand for it
        reviews.forget(path)
    folder = past_matches.matches_dir()
    (folder / "reviews").mkdir(parents=True, exist_ok=True)
    paths = []
    for i in range(copies):
        record = folder / f"match-20260304-0506{i:02d}-000000.json"
        record.write_text(_KEPT["record"], "utf-8")
        review = json.loads(_KEPT["review"])
        review["record"] = record.name
        reviews.review_path(record).write_text(json.dumps(review), "utf-8")
        paths.append(record)
    return paths
