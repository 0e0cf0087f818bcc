"""A match that ends at this screen is kept, rated and queued for its review in
the background; closing the app stops that review (it is made again later)."""

from __future__ import annotations

import random
from typing import Any

from game.engine import Match, PlayerInfo, Rules
from game.rating.player_rating import load_ratings
from game.archive.reviewer import Reviewer
from game.ui.shell import match_end


def finished_match() -> Match:
    rules = Rules.from_base("matador", 2, {"target_score": None})
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "easy")], 7)
    rng = random.Random(7)
    while not match.over:
        if match.needs_next_round:
            match.next_round()
            continue
        match.push(rng.choice(match.round.legal_moves()))
    return match


def test_a_finished_match_is_kept_rated_and_queued_for_review(make_app: Any) -> None:
    app = make_app()
    match = finished_match()
    path = match_end.keep_match(app, match, abandoned=False)
    reviewer = app.services["reviewer"]
    assert path is not None and isinstance(reviewer, Reviewer) and reviewer.queue == [path]
    assert reviewer.wait_s == match_end.REVIEW_AFTER_S and reviewer.poll() == []  # not at once: the match-over screen first
    assert reviewer.current is None
    match_end.rate_match(app, match, set())
    [change] = app.services["rating_changes"]  # type: ignore[misc]
    ratings, _ = load_ratings()
    standing = ratings.standing("Ann", "matador")
    assert change.name == "Ann" and standing is not None and standing.rating == change.after
    assert match_end.keep_match(app, match, abandoned=True) is not None and reviewer.queue == [path]  # abandoned: not reviewed
    app.close()
    assert not reviewer.busy
