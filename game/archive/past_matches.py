"""Past matches: every finished or abandoned match, kept as its game record.

Each match is one file in ``matches/`` under the user data directory, in the
record format that ``python -m game replay`` reads (docs/record.md), written
atomically; the newest ``LIMIT`` are kept and older ones deleted. A small
index (``matches/index.json``) holds what the list shows, so that listing 200
matches does not replay 200 records; it is rebuilt from the records if it is
lost or damaged, and a record file that cannot be read is moved aside
(``NAME.broken-DATE``), never deleted, with a message for the player.

    keep(match, abandoned=...) -> Path | None
    list_matches() -> list[PastMatch]      (newest first)
    load(path) -> (Match | None, message | None)
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from game.engine import Match, match_to_record
from game.i18n import N_
from game.words.names import coded
from game.words.rule_sets import english_title
from game.resources import matches_dir
from game.profile.saves import record_from_json
from game.storage import UnreadableFile, exists, load_json, save_json

log = logging.getLogger(__name__)

LIMIT = 200
INDEX_VERSION = 1
INDEX_NAME = "index.json"
STAMP = "%Y%m%d-%H%M%S-%f"  # file names sort in time order


@dataclass(frozen=True)
class Seat:
    name: str
    kind: str  # human or computer
    level: str | None = None  # a computer's level

    @property
    def words(self) -> str:
        """``Ann`` or ``Cpu (hard)``."""
        return self.name if self.kind == "human" or not self.level else f"{self.name} ({self.level})"


NET_FILE = re.compile(r"-net-[A-Za-z0-9]{0,12}-s([0-7])\.json$")  # a network match kept for one seat


@dataclass(frozen=True)
class PastMatch:
    """One kept match, as the list shows it."""

    path: Path
    date: datetime  # when it was kept (local time)
    rules: str  # the rule set id
    title: str  # the rule set's name, e.g. "Leyden" ("Matador (custom)" with options changed)
    seats: tuple[Seat, ...]
    result: str  # "Ann won 102-87", "drawn 100-100", "abandoned in round 3"
    abandoned: bool
    rounds: int  # rounds dealt
    # the same, for the list to say in the player's language (game.ui.scenes.past_matches_screen)
    custom: bool = False  # options changed from the rule set's
    winner: str | None = None  # the winner's name; None if drawn or abandoned
    scores: tuple[int, ...] = ()  # the totals, the winner's first

    @property
    def played_seat(self) -> int | None:
        """The seat played on this machine, for a network match (its file's name
        ends ``-net-CODE-sSEAT``, game/net/app/keeper.py): the review opens at it.
        None for a match played here (its review finds the seat of a person)."""
        found = NET_FILE.search(self.path.name)
        if found is None:
            return None
        seat = int(found.group(1))
        return seat if seat < len(self.seats) else None

    def to_json(self) -> dict[str, Any]:
        return {
            "file": self.path.name,
            "date": self.date.isoformat(timespec="seconds"),
            "rules": self.rules,
            "title": self.title,
            "seats": [{"name": s.name, "kind": s.kind, "level": s.level} for s in self.seats],
            "result": self.result,
            "abandoned": self.abandoned,
            "rounds": self.rounds,
            "custom": self.custom,
            "winner": self.winner,
            "scores": list(self.scores),
        }


def title_of(match: Match) -> str:
    """The rule set's title as the file keeps it (English: Past matches shows the
    title in the player's language, and this one for a rule set it does not know)."""
    title = english_title(match.rules.base)
    return f"{title} (custom)" if match.rules.overrides() else title


def result_words(match: Match) -> str:
    """How the match ended, in words."""
    if not match.over:
        return f"abandoned in round {max(1, len(match.rounds))}"
    totals = match.totals
    if match.winner == "draw" or match.winner is None:
        return "drawn " + "-".join(str(t) for t in totals)
    winner = int(match.winner)
    others = [t for s, t in enumerate(totals) if s != winner]
    return f"{match.players[winner].name} won " + "-".join(str(t) for t in [totals[winner], *others])


def describe(match: Match, path: Path, date: datetime, abandoned: bool) -> PastMatch:
    seats = tuple(Seat(p.name, p.kind, p.level) for p in match.players)
    abandoned = abandoned or not match.over
    totals = list(match.totals)
    winner: str | None = None
    if match.over and isinstance(match.winner, int):
        winner = match.players[match.winner].name
        totals = [totals[match.winner], *(t for s, t in enumerate(totals) if s != match.winner)]
    return PastMatch(
        path,
        date,
        match.rules.base,
        title_of(match),
        seats,
        result_words(match),
        abandoned,
        len(match.rounds),
        bool(match.rules.overrides()),
        winner,
        tuple(totals),
    )


# Keeping ---------------------------------------------------------------------
def keep(
    match: Match,
    *,
    abandoned: bool,
    now: datetime | None = None,
    limit: int = LIMIT,
    record: dict[str, Any] | None = None,
    replace: Path | None = None,
    tag: str = "",
) -> Path | None:
    """Keep ``match`` (finished, or ``abandoned`` by the players) and prune the
    oldest beyond ``limit``. A match in which nobody has acted yet is not kept
    (there is nothing to look back on): None. ``OSError`` if the record cannot
    be written.

    A match kept as it goes (a network match, after each round: game/net/app/keeper.py)
    passes ``replace``, the file it was kept in last time, which is written over
    (atomically) if it is still one of ours; ``tag`` (letters, digits and dashes)
    ends a new file's name, to tell the match's file apart; ``record`` is the
    record to write when it is not ``match_to_record(match)`` (one made elsewhere
    that ``match`` was loaded from)."""
    if not any(state.history for state in match.rounds):
        return None
    when = now or datetime.now()
    folder = matches_dir()
    folder.mkdir(parents=True, exist_ok=True)
    tail = "".join(c for c in tag if c.isascii() and (c.isalnum() or c == "-"))[:40]
    tail = f"-{tail}" if tail else ""
    if replace is not None and replace.parent == folder and replace.name.startswith("match-") and replace.suffix == ".json":
        path = replace
        old = _read_index(folder).get(path.name)
        if old is not None and isinstance(old.get("date"), str):
            try:
                when = datetime.fromisoformat(old["date"])
            except ValueError:
                pass
    else:
        path = folder / f"match-{when.strftime(STAMP)}{tail}.json"
        n = 1
        while path.exists():
            n += 1
            path = folder / f"match-{when.strftime(STAMP)}-{n}{tail}.json"
    save_json(path, record if record is not None else match_to_record(match))
    entries = _read_index(folder)
    entries[path.name] = describe(match, path, when, abandoned).to_json()
    _prune(folder, entries, limit)
    try:
        _write_index(folder, entries)
    except OSError:  # the list reads the records themselves next time
        log.exception("could not write the index of past matches")
    return path


def _record_files(folder: Path) -> list[Path]:
    """The kept records, newest first."""
    return sorted(folder.glob("match-*.json"), key=lambda p: p.name, reverse=True)


def _prune(folder: Path, entries: dict[str, dict[str, Any]], limit: int) -> None:
    for old in _record_files(folder)[limit:]:  # (their reviews go with them: game.archive.reviews.tidy)
        try:
            old.unlink()
        except OSError:
            log.exception("could not delete the old match %s", old)
        entries.pop(old.name, None)


# The index -------------------------------------------------------------------
def _valid_index(data: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(data, dict) or data.get("version") != INDEX_VERSION or not isinstance(data.get("matches"), dict):
        raise UnreadableFile(N_("it is not an index of past matches"))
    return {k: v for k, v in data["matches"].items() if isinstance(k, str) and isinstance(v, dict)}


def _read_index(folder: Path, messages: list[str] | None = None) -> dict[str, dict[str, Any]]:
    loaded = load_json(folder / INDEX_NAME, "list of past matches", _valid_index)
    if loaded.message and messages is not None:
        messages.append(loaded.message + " It was made again from the matches kept.")
    entries: dict[str, dict[str, Any]] = loaded.data or {}
    return entries


def _write_index(folder: Path, entries: dict[str, dict[str, Any]]) -> None:
    save_json(folder / INDEX_NAME, {"version": INDEX_VERSION, "matches": entries})


MAX_WORDS = 200  # no name, title or result of ours is longer
MAX_ROUNDS = 10_000


def _words(value: Any) -> str:
    if not isinstance(value, str) or len(value) > MAX_WORDS:
        raise ValueError("not words")
    return value


def _from_entry(folder: Path, name: str, entry: dict[str, Any]) -> PastMatch | None:
    """The index's line for one match; None if anything in it is not as we write
    it (then the record itself is read again)."""
    try:
        seats_data = entry["seats"]
        if not isinstance(seats_data, list) or not 1 <= len(seats_data) <= 8:
            return None
        written = [_words(s["name"]) for s in seats_data]
        # (default names written in words before they were codes become their codes: game.words.names)
        seats = tuple(
            Seat(coded(written[i], _words(s["kind"])), _words(s["kind"]), None if s.get("level") is None else _words(s["level"]))
            for i, s in enumerate(seats_data)
        )
        rounds, abandoned = entry["rounds"], entry["abandoned"]
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 0 <= rounds <= MAX_ROUNDS:
            return None
        custom, winner, scores = entry["custom"], entry["winner"], entry["scores"]
        if not isinstance(abandoned, bool) or not isinstance(custom, bool):
            return None  # (an index written before these were kept: the record is read again)
        if not isinstance(scores, list) or len(scores) > 8 or not all(isinstance(t, int) and not isinstance(t, bool) for t in scores):
            return None
        return PastMatch(
            folder / name,
            datetime.fromisoformat(_words(entry["date"])),
            _words(entry["rules"]),
            _words(entry["title"]),
            seats,
            _words(entry["result"]),
            abandoned,
            rounds,
            custom,
            None if winner is None else next((s.name for s, w in zip(seats, written) if w == winner), _words(winner)),
            tuple(scores),
        )
    except (KeyError, TypeError, ValueError, AttributeError, OverflowError):
        return None


def kept_on(path: Path) -> datetime:
    """When the match in ``path`` was kept (its file's name says it), or else
    when the file was last written."""
    stem = path.stem.removeprefix("match-")
    try:
        return datetime.strptime(stem[: len("20000101-000000-000000")], STAMP)
    except ValueError:
        pass
    try:
        return datetime.fromtimestamp(path.stat().st_mtime)
    except (OSError, ValueError, OverflowError):
        return datetime.now()


# Listing and loading ---------------------------------------------------------
def list_matches(messages: list[str] | None = None) -> list[PastMatch]:
    """The kept matches, newest first. Records missing from the index are read
    (and the index mended); unreadable ones are moved aside, and a message for
    each goes to ``messages`` if given."""
    folder = matches_dir()
    if not folder.is_dir():
        return []
    entries = _read_index(folder, messages)
    found: list[PastMatch] = []
    changed = False
    files = _record_files(folder)
    names = {p.name for p in files}
    for stale in [name for name in entries if name not in names]:
        del entries[stale]
        changed = True
    for path in files:
        entry = entries.get(path.name)
        past = _from_entry(folder, path.name, entry) if entry is not None else None
        if past is None:
            match, message = load(path)
            if match is None:
                if message and messages is not None:
                    messages.append(message)
                entries.pop(path.name, None)
                changed = True
                continue
            past = describe(match, path, kept_on(path), abandoned=not match.over)
            entries[path.name] = past.to_json()
            changed = True
        found.append(past)
    if changed:
        try:
            _write_index(folder, entries)
        except OSError:
            log.exception("could not write the index of past matches")
    found.sort(key=lambda m: (m.date, m.path.name), reverse=True)
    return found


def load(path: Path) -> tuple[Match | None, str | None]:
    """The match kept in ``path``; or None and a message (the file is moved
    aside if it cannot be read)."""
    if not exists(path):
        return None, "That match is no longer kept."
    loaded = load_json(path, "past match", record_from_json)
    match: Match | None = loaded.data
    return match, loaded.message


def forget(path: Path) -> None:
    """Delete one kept match (the player asked to; its review goes too, the next
    time the reviews are tidied: ``game.archive.reviews.tidy``)."""
    folder = path.parent
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    entries = _read_index(folder)
    if entries.pop(path.name, None) is not None:
        _write_index(folder, entries)


__all__ = ["LIMIT", "PastMatch", "Seat", "forget", "keep", "kept_on", "list_matches", "load", "matches_dir"]
