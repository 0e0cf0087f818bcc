"""Reviews kept with their matches, made in the background after a match ends.

Every finished match kept among the Past matches is reviewed by the coach for
the seats of its people (a network match: the seat played here) off the
drawing thread, in a worker process below the game's priority
(``game.archive.reviewer.Reviewer``, polled once a frame), and the verdicts are kept beside the record, so that
opening its review is instant (``Analysis.restore``) and the puzzles and the
trend of accuracy and luck can be read without reviewing again:

- ``matches/reviews/<record>.review.json``: per seat its figures (``Figures``:
  choices, error rate, accuracy, luck, result, marks) and every decision
  (``game.ai.summary.stored``);
- ``matches/reviews/reviews.json``: the figures of every review, for lists and
  plots (made again from the review files if lost or damaged).

Files are written atomically; one that cannot be read is moved aside, as every
file of ours, and the match is reviewed again. No pygame here.
"""

from __future__ import annotations

import logging
import math
from dataclasses import asdict, dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.storage import UnreadableFile, load_json, save_json

if TYPE_CHECKING:
    from game.ai.summary import Decision, Summary
    from game.engine import Match

log = logging.getLogger(__name__)

VERSION = 1
REVIEW_SEED = 0  # the coach's seed for kept reviews (a review is the same wherever it is made)
SUFFIX = ".review.json"
INDEX_NAME = "reviews.json"


def reviews_dir() -> Path:
    from game.resources import matches_dir

    return matches_dir() / "reviews"


def review_path(record: Path) -> Path:
    """Where the review of the record ``record`` is kept."""
    return reviews_dir() / (record.stem + SUFFIX)


@dataclass(frozen=True)
class Figures:
    """One reviewed seat of one match: the figures a trend plots."""

    name: str
    choices: int
    error_rate: float | None  # points of winning chance lost per choice
    accuracy: float | None  # share of choices within 3 points of the best
    luck: float  # points the deal and the draws gave (summed over the rounds)
    result: float  # rounds won (a tied block 1/k)
    adjusted: float  # 100 x result less the luck
    inaccuracies: int
    mistakes: int
    blunders: int


@dataclass(frozen=True)
class TrendPoint:
    """A reviewed match, for the plot of accuracy against luck over time."""

    record: str
    date: datetime
    rules: str
    seat: int
    figures: Figures


def figures_of(match: Match, seat: int, summary: Summary) -> Figures:
    from game.ai.summary import match_result

    result = match_result(match, seat)
    luck = summary.luck(result)
    return Figures(
        match.players[seat].name,
        len(summary.choices),
        summary.error_rate,
        summary.accuracy,
        luck.total,
        result,
        luck.adjusted if luck.adjusted is not None else 100.0 * result,
        summary.inaccuracies,
        summary.mistakes,
        summary.blunders,
    )


def seats_to_review(match: Match, record: Path) -> list[int]:
    """The seats a kept match is reviewed for: its people's (a network match
    kept for one seat: that seat, if a person played it)."""
    from game.archive.past_matches import NET_FILE

    found = NET_FILE.search(record.name)
    if found is not None:
        seat = int(found.group(1))
        return [seat] if seat < len(match.players) and match.players[seat].is_human else []
    return [seat for seat, player in enumerate(match.players) if player.is_human]


# Writing ---------------------------------------------------------------------------
def keep(record: Path, match: Match, summaries: dict[int, Summary], date: datetime | None = None) -> Path:
    """Keep the review of the match kept in ``record`` (``OSError`` if it cannot be
    written); ``date``: when the match was played (by default, when it was kept)."""
    from game.ai.summary import stored
    from game.archive.past_matches import kept_on

    when = (date or kept_on(record)).isoformat(timespec="seconds")
    seats = {}
    for seat, summary in summaries.items():
        seats[str(seat)] = {
            "figures": asdict(figures_of(match, seat, summary)),
            "decisions": [stored(d) for d in summary.decisions],
        }
    data = {"version": VERSION, "record": record.name, "date": when, "rules": match.rules.base, "seats": seats}
    tidy()
    path = review_path(record)
    path.parent.mkdir(parents=True, exist_ok=True)
    save_json(path, data)
    entries = _read_index()
    entries[record.name] = _entry(data)
    try:
        _write_index(entries)
    except OSError:
        log.exception("could not write the index of reviews")
    return path


def tidy() -> int:
    """Delete the reviews whose match is no longer kept (deleted by the player, or
    older than the newest 200); how many. Done whenever a review is kept and
    the trend is read."""
    folder = reviews_dir()
    if not folder.is_dir():
        return 0
    records = folder.parent
    gone = [path for path in folder.glob("*" + SUFFIX) if not (records / (path.name[: -len(SUFFIX)] + ".json")).exists()]
    entries = _read_index()
    stale = [name for name in entries if not (records / name).exists()]
    for path in gone:
        try:
            path.unlink()
        except OSError:
            log.exception("could not delete the review %s", path.name)
    for name in stale:
        del entries[name]
    if stale:
        try:
            _write_index(entries)
        except OSError:
            log.exception("could not write the index of reviews")
    return len(gone)


def forget(record: Path) -> None:
    """The record is gone: its review goes too."""
    try:
        review_path(record).unlink()
    except FileNotFoundError:
        pass
    except OSError:
        log.exception("could not delete the review of %s", record.name)
        return
    entries = _read_index()
    if entries.pop(record.name, None) is not None:
        try:
            _write_index(entries)
        except OSError:
            log.exception("could not write the index of reviews")


# Reading ---------------------------------------------------------------------------
def _figures(value: Any) -> Figures:
    if not isinstance(value, dict):
        raise ValueError("figures must be an object")

    def number(key: str, optional: bool = False) -> Any:
        x = value.get(key)
        if x is None and optional:
            return None
        if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x) or abs(x) > 1e6:
            raise ValueError(f"{key} must be a number")
        return x

    def count(key: str) -> int:
        x = value.get(key)
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x <= 10**6:
            raise ValueError(f"{key} must be a count")
        return x

    name = value.get("name")
    if not isinstance(name, str) or len(name) > 100:
        raise ValueError("name must be a short string")
    from game.words.names import coded

    return Figures(
        coded(name, "human"),  # a person's seat (seats_to_review); a default name written in words becomes its code
        count("choices"),
        number("error_rate", True),
        number("accuracy", True),
        float(number("luck")),
        float(number("result")),
        float(number("adjusted")),
        count("inaccuracies"),
        count("mistakes"),
        count("blunders"),
    )


def _valid_review(data: Any) -> dict[str, Any]:
    try:
        if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("seats"), dict):
            raise ValueError("not a review")
        if not isinstance(data.get("record"), str) or not isinstance(data.get("rules"), str):
            raise ValueError("not a review")
        datetime.fromisoformat(str(data.get("date")))
        for seat, entry in data["seats"].items():
            if not seat.isdigit() or int(seat) > 7 or not isinstance(entry, dict) or not isinstance(entry.get("decisions"), list):
                raise ValueError("not a review")
            _figures(entry.get("figures"))
    except (ValueError, TypeError) as err:
        raise UnreadableFile(N_("it is damaged"), str(err)) from None
    return data


def _entry(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "date": data["date"],
        "rules": data["rules"],
        "seats": {seat: entry["figures"] for seat, entry in data["seats"].items()},
    }


def _read_index() -> dict[str, dict[str, Any]]:
    folder = reviews_dir()

    def valid(data: Any) -> dict[str, dict[str, Any]]:
        if not isinstance(data, dict) or data.get("version") != VERSION or not isinstance(data.get("matches"), dict):
            raise UnreadableFile(N_("it is damaged"))
        return {k: v for k, v in data["matches"].items() if isinstance(k, str) and isinstance(v, dict)}

    loaded = load_json(folder / INDEX_NAME, "reviews", valid)
    if loaded.data is not None:
        return dict(loaded.data)
    entries: dict[str, dict[str, Any]] = {}
    for path in sorted(folder.glob("*" + SUFFIX)) if folder.is_dir() else []:
        review = load_json(path, "review", _valid_review).data
        if review is not None:
            entries[str(review["record"])] = _entry(review)
    return entries


def _write_index(entries: dict[str, dict[str, Any]]) -> None:
    save_json(reviews_dir() / INDEX_NAME, {"version": VERSION, "matches": entries})


def reviewed(record: Path) -> bool:
    from game.storage import exists

    return exists(review_path(record))


def load_decisions(record: Path, match: Match) -> dict[int, list[Decision]] | None:
    """The kept decisions of each reviewed seat of the match in ``record``; None if
    it was not reviewed, or its review cannot be read (then it is moved aside
    and the match can be reviewed again)."""
    from game.ai.summary import restored

    loaded = load_json(review_path(record), "review", _valid_review)
    if loaded.data is None:
        return None
    found: dict[int, list[Decision]] = {}
    try:
        for seat_text, entry in loaded.data["seats"].items():
            seat = int(seat_text)
            if not 0 <= seat < len(match.players):
                raise ValueError("no such seat")
            found[seat] = [restored(d, match.rules, seat) for d in entry["decisions"]]
    except Exception as err:  # anything not as we write it: reviewed again
        log.warning("the review of %s cannot be used (%s): it is made again", record.name, err)
        forget(record)
        return None
    return found


def trend(name: str | None = None) -> list[TrendPoint]:
    """Every reviewed seat (of ``name`` only, if given), oldest first."""
    tidy()
    points = []
    for record, entry in _read_index().items():
        try:
            date = datetime.fromisoformat(str(entry["date"]))
            for seat_text, values in entry["seats"].items():
                figures = _figures(values)
                if name is None or figures.name == name:
                    points.append(TrendPoint(record, date, str(entry["rules"])[:40], int(seat_text), figures))
        except (ValueError, KeyError, TypeError, AttributeError):
            continue
    points.sort(key=lambda p: (p.date, p.record, p.seat))
    return points


__all__ = [
    "Figures",
    "REVIEW_SEED",
    "TrendPoint",
    "figures_of",
    "forget",
    "keep",
    "load_decisions",
    "review_path",
    "reviewed",
    "reviews_dir",
    "seats_to_review",
    "tidy",
    "trend",
]
