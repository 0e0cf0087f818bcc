"""What happens once a match at this screen ends: it is kept among the Past
matches, its people's ratings move, and it is reviewed in the background.

Each step never stops the game (a full disk, a damaged file: logged, and the
game goes on). The ratings' changes wait in ``app.services["rating_changes"]``
for the screens to show ("1480 -> 1502").
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from game.i18n import _

if TYPE_CHECKING:
    from game.engine import Match
    from game.archive.reviewer import Reviewer
    from game.ui.shell.app import App

log = logging.getLogger(__name__)

REVIEW_AFTER_S = 5.0  # the review starts once the match-over screen has had the machine to itself


def keep_match(app: App, match: Match, abandoned: bool) -> Path | None:
    """Keep ``match`` among the past matches; a finished one is then reviewed in
    the background. The file it was kept in (None if it was not)."""
    from game.archive.past_matches import keep

    try:
        path = keep(match, abandoned=abandoned)
    except Exception as err:
        log.warning("the match could not be kept among the past matches: %s", err)
        return None
    if path is not None and match.over and not abandoned:
        review_in_background(app, path)
    return path


def rate_match(app: App, match: Match, helped: set[int]) -> None:
    """Move the ratings of the people who played the finished match here (not of
    one who took a move back or asked for a hint: ``helped``)."""
    from game.rating.player_rating import note_match

    people = [seat for seat, player in enumerate(match.players) if player.is_human]
    app.services["rated_match"] = (match, frozenset(helped))  # the match-over screen says whose changed
    try:
        app.services["rating_changes"] = note_match(match, people, helped)
    except Exception as err:
        app.services["rating_changes"] = []
        log.warning("ratings not saved: %s", err)


def rating_lines(services: dict[str, object], match: Match) -> list[str]:
    """What the match-over screen says of each person's rating after ``match``:
    "Ann: Rating 1480 -> 1502", or "Ann: not rated: hints or undo used" (nothing
    for a match that was not rated here, or of more than two players)."""
    from game.rating.player_rating import Change
    from game.profile.stats import Statistics
    from game.words.seat_words import shown_name
    from game.words.ratings import change_words, not_rated_words

    rated = services.get("rated_match")
    if not isinstance(rated, tuple) or rated[0] is not match or match.rules.players != 2:
        return []
    found = services.get("rating_changes")
    changes = [c for c in found if isinstance(c, Change)] if isinstance(found, list) else []
    helped = Statistics.helped_seats(match, set(rated[1]))
    lines = []
    for seat, player in enumerate(match.players):
        if not player.is_human:
            continue
        change = next((c for c in changes if c.name == player.name), None)
        if change is not None:
            words = change_words(change)
        elif seat in helped:
            words = not_rated_words()
        else:
            continue
        lines.append(_("{name}: {rating}").format(name=shown_name(player.name), rating=words))
    return lines


def level_lines(services: dict[str, object], match: Match) -> list[str]:
    """What the match-over screen says of a rating that ``match`` lifted past a
    computer level's on the ladder (game.rating.at_my_level.passed): "Your rating
    1512 is now above Medium's 1500: try Hard." (after the person's name when
    several people played here); nothing for a match not rated here."""
    from game.rating.at_my_level import passed
    from game.rating.player_rating import Change
    from game.words.my_level import passed_line
    from game.words.seat_words import shown_name

    rated = services.get("rated_match")
    if not isinstance(rated, tuple) or rated[0] is not match or match.rules.players != 2:
        return []
    found = services.get("rating_changes")
    changes = [c for c in found if isinstance(c, Change)] if isinstance(found, list) else []
    people = [player.name for player in match.players if player.is_human]
    lines = []
    for change in changes:
        if change.name not in people:
            continue
        went = passed(match.rules.base, change.before.r, change.after.r)
        if went is None:
            continue
        line = passed_line(went)
        lines.append(_("{name}: {rating}").format(name=shown_name(change.name), rating=line) if len(people) > 1 else line)
    return lines


def review_in_background(app: App, record: Path) -> None:
    """Review a kept match off the drawing thread (``game.archive.reviewer.Reviewer``: one
    worker process below the game's priority, polled once a frame), so that its
    review opens at once and its mistakes become puzzles."""
    from game.archive.reviewer import Reviewer

    reviewer = app.services.get("reviewer")
    if not isinstance(reviewer, Reviewer):
        reviewer = Reviewer(wait_s=REVIEW_AFTER_S)
        app.services["reviewer"] = reviewer
        app.on_frame.append(lambda app: poll_reviews(reviewer))
        app.on_close.append(lambda app: reviewer.cancel())  # a review under way is made again next time
    reviewer.add(record)


def poll_reviews(reviewer: Reviewer) -> None:
    """An ``App.on_frame`` hook: the background review's news (never blocks)."""
    try:
        reviewer.poll()
    except Exception:  # a review must never stop the game
        log.exception("the background review failed")
        reviewer.cancel()
