"""Your own mistakes as puzzles: "find a better move".

Every decision that a kept review (``game.archive.reviews``) marks a mistake or a
blunder is a puzzle: a mark the coach gives only when the gap to the best
action clears its own noise (two standard errors) and every re-check. A seat's
match with no mistake nor blunder still gives puzzles: its ``COSTLY`` moves that
cost the most winning chance, whatever their mark (an inaccuracy, mostly), if
they cost at least ``COSTLY_POINTS`` (the coach's tolerance: a move the one
played would solve is no puzzle). So a newcomer whose bad moves were all called
inaccuracies has puzzles after a match or two (``chosen``, one rule for the
puzzles and for the title's count). The
position is the seat's view at that moment (its hand, the table, the public
history: nothing hidden), rebuilt from the match's record. A move solves it
when its chance of winning the round is within the coach's tolerance of the
best one (``ACCURATE_POINTS``, 3 points: what the review counts as accurate),
by the review's own figures, which rest on an exact search where the seat knew
every hidden tile (``game.ai.endgame``).

Progress (``puzzles.json`` in the user data directory, written atomically):
the puzzles solved (and when) and the one shown last, so that the next is
never the same one twice in a row. No pygame here.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.resources import user_data_dir
from game.storage import UnreadableFile, exists, load_json, save_json

if TYPE_CHECKING:
    from game.ai.summary import Decision
    from game.engine import Action, Match, SeatView

VERSION = 1
PUZZLE_MARKS = ("mistake", "blunder")
COSTLY = 3  # a seat's match without a mistake: its puzzles are that many of its costliest moves
COSTLY_POINTS = 3.0  # ... each costing at least this (game.ai.marks.ACCURATE_POINTS: not imported, the title counts without the coach)
ID_LIMIT = 200


def chosen(decisions: list[tuple[str, float, bool]]) -> list[int]:
    """Which of one seat's decisions in one match are puzzles, by their index in the
    list, in order. Each decision is (its mark, the points of winning chance it
    lost, whether the best move differs from the one played). Every mistake and
    blunder; with none, the ``COSTLY`` that lost the most (at least
    ``COSTLY_POINTS``), whatever their mark."""
    worse = [i for i, (_mark, _lost, differs) in enumerate(decisions) if differs]
    marked = [i for i in worse if decisions[i][0] in PUZZLE_MARKS]
    if marked:
        return marked
    costly = [i for i in worse if decisions[i][1] >= COSTLY_POINTS]
    return sorted(sorted(costly, key=lambda i: (-decisions[i][1], i))[:COSTLY])


def points_lost(chance_best: float, chance_played: float) -> float:
    """Points of winning chance lost (as ``Assessment.lost`` counts them)."""
    return max(0.0, 100.0 * (chance_best - chance_played))


@dataclass(frozen=True)
class Puzzle:
    """One mistake to try again."""

    id: str  # "<record file>/<seat>/<round>/<action>"
    record: Path
    date: datetime
    rules: str
    name: str  # who made the mistake
    seat: int
    decision: Decision

    @property
    def round(self) -> int:
        return self.decision.round

    @property
    def action(self) -> int:
        return self.decision.action

    @property
    def played(self) -> Action:
        return self.decision.played

    @property
    def best(self) -> Action:
        return self.decision.best

    @property
    def lost(self) -> float:
        """Points of winning chance the move played gave up."""
        return self.decision.lost


@dataclass(frozen=True)
class Judgement:
    """How a move tried in a puzzle does: its chance, the best's, and whether it solves it."""

    solved: bool
    chance: float
    best_chance: float
    best: Action

    @property
    def lost(self) -> float:
        return max(0.0, 100.0 * (self.best_chance - self.chance))


def puzzle_id(record: Path, seat: int, round_index: int, action_index: int) -> str:
    return f"{record.name}/{seat}/{round_index}/{action_index}"


def puzzles_of(record: Path, match: Match, decisions: dict[int, list[Decision]], date: datetime) -> list[Puzzle]:
    found = []
    for seat, kept in sorted(decisions.items()):
        for index in chosen([(d.mark, points_lost(d.chance_best, d.chance_played), d.best != d.played) for d in kept]):
            d = kept[index]
            pid = puzzle_id(record, seat, d.round, d.action)
            found.append(Puzzle(pid, record, date, match.rules.base, match.players[seat].name, seat, d))
    return found


def all_puzzles(messages: list[str] | None = None) -> list[Puzzle]:
    """The puzzles of every reviewed match kept among the Past matches, newest
    match first, in match order within a match."""
    from game.archive import past_matches, reviews

    found: list[Puzzle] = []
    for past in past_matches.list_matches(messages):
        if not reviews.reviewed(past.path):
            continue
        match, message = past_matches.load(past.path)
        if match is None:
            if message and messages is not None:
                messages.append(message)
            continue
        decisions = reviews.load_decisions(past.path, match)
        if decisions:
            found.extend(puzzles_of(past.path, match, decisions, past.date))
    return found


def position(puzzle: Puzzle) -> tuple[Match, SeatView] | None:
    """The match and the seat's view when the mistake was made; None if the
    match is no longer kept (or no longer has that moment)."""
    from game.archive import past_matches
    from game.ai.review import positions

    match, _ = past_matches.load(puzzle.record)
    if match is None:
        return None
    try:
        found = positions(match, puzzle.seat, [puzzle.round])
    except ValueError:
        return None
    for p in found:
        if p.action == puzzle.action and p.played == puzzle.played:
            return match, p.view
    return None


def judge(puzzle: Puzzle, view: SeatView, move: Action) -> Judgement:
    """Whether ``move`` (legal in ``view``) solves the puzzle: its chance, as the
    review found it for the same move or one that leaves the same position,
    within the coach's tolerance of the best's. A move the review did not
    weigh (it never is one, as every legal move is a candidate) does not solve it."""
    from game.ai.candidates import same_position
    from game.ai.marks import ACCURATE_POINTS

    a = puzzle.decision.assessment
    best_chance = max(o.chance for o in a.options)
    chance = next((o.chance for o in a.options if o.action == move), None)
    if chance is None:
        chance = next((o.chance for o in a.options if same_position(view, o.action, move)), None)
    if chance is None:
        return Judgement(False, 0.0, best_chance, a.best)
    return Judgement(100.0 * (best_chance - chance) < ACCURATE_POINTS, chance, best_chance, a.best)


# Progress --------------------------------------------------------------------------
@dataclass
class Progress:
    """The puzzles solved (id -> when) and tried, and the one shown last."""

    solved: dict[str, str] = field(default_factory=dict)
    tries: dict[str, int] = field(default_factory=dict)
    last: str | None = None

    def counts(self, puzzles: list[Puzzle]) -> tuple[int, int]:
        """(solved, to do) among ``puzzles``."""
        solved = sum(1 for p in puzzles if p.id in self.solved)
        return solved, len(puzzles) - solved

    def next(self, puzzles: list[Puzzle], rng: random.Random) -> Puzzle | None:
        """A puzzle to do: one not solved yet, never the one shown last (unless it
        is the only puzzle there is); when every one is solved, a solved one
        again. None without puzzles."""
        if not puzzles:
            return None
        to_do = [p for p in puzzles if p.id not in self.solved]
        pool = to_do or list(puzzles)
        fresh = [p for p in pool if p.id != self.last] or [p for p in puzzles if p.id != self.last] or pool
        chosen = rng.choice(fresh)
        self.last = chosen.id
        return chosen

    def note(self, puzzle: Puzzle, judgement: Judgement, now: datetime | None = None) -> None:
        self.tries[puzzle.id] = self.tries.get(puzzle.id, 0) + 1
        if judgement.solved and puzzle.id not in self.solved:
            self.solved[puzzle.id] = (now or datetime.now()).isoformat(timespec="seconds")

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, "solved": self.solved, "tries": self.tries, "last": self.last}

    @staticmethod
    def from_json(data: Any) -> Progress:
        if not isinstance(data, dict) or not isinstance(data.get("solved"), dict) or not isinstance(data.get("tries", {}), dict):
            raise UnreadableFile(N_("it is not a puzzles file"))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version > VERSION:
            raise UnreadableFile(N_("it was written by a newer version of Matador"))
        solved: dict[str, str] = {}
        for key, when in data["solved"].items():
            if not isinstance(when, str) or len(key) > ID_LIMIT or len(when) > 40:
                raise UnreadableFile(N_("it is damaged"))
            solved[key] = when
        tries: dict[str, int] = {}
        for key, count in data.get("tries", {}).items():
            if isinstance(count, bool) or not isinstance(count, int) or not 0 <= count <= 10**6 or len(key) > ID_LIMIT:
                raise UnreadableFile(N_("it is damaged"))
            tries[key] = count
        last = data.get("last")
        if last is not None and (not isinstance(last, str) or len(last) > ID_LIMIT):
            raise UnreadableFile(N_("it is damaged"))
        return Progress(solved, tries, last)


def progress_path() -> Path:
    return user_data_dir() / "puzzles.json"


def load_progress() -> tuple[Progress, str | None]:
    loaded = load_json(progress_path(), "puzzles", Progress.from_json)
    return (loaded.data if loaded.data is not None else Progress()), loaded.message


def save_progress(progress: Progress) -> None:
    save_json(progress_path(), progress.to_json())


# Counting without the engine (the title) ---------------------------------------------
_KEPT: dict[Path, tuple[tuple[int, int], tuple[str, ...]]] = {}  # a review file: (its mtime and size, its puzzles' ids)


def kept_ids() -> list[str]:
    """The ids of the puzzles of every kept review, read from the review files
    alone: no match is played again, and neither the engine nor the coach is
    imported (the title counts the puzzles before its first frame). A file is
    read again only when it changed; a review whose match is no longer kept has
    none, and one that cannot be read counts none (opening the puzzles reads it
    properly, and moves it aside)."""
    from game.archive.reviews import SUFFIX, reviews_dir

    folder = reviews_dir()
    try:
        files = sorted(folder.glob("*" + SUFFIX)) if folder.is_dir() else []
    except OSError:
        return []
    ids: list[str] = []
    for path in files:
        record = folder.parent / (path.name[: -len(SUFFIX)] + ".json")
        try:
            stat = path.stat()
        except OSError:
            continue
        if not exists(record):
            continue
        stamp = (stat.st_mtime_ns, stat.st_size)
        cached = _KEPT.get(path)
        if cached is None or cached[0] != stamp:
            cached = (stamp, _ids_in(path, record))
            _KEPT[path] = cached
        ids.extend(cached[1])
    return ids


def _ids_in(path: Path, record: Path) -> tuple[str, ...]:
    """The puzzles' ids of one review file (as ``puzzles_of`` finds them)."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return ()
    seats = data.get("seats") if isinstance(data, dict) else None
    if not isinstance(seats, dict):
        return ()
    found: list[str] = []
    for seat, entry in sorted(seats.items()):
        decisions = entry.get("decisions") if isinstance(entry, dict) else None
        if not isinstance(seat, str) or not seat.isdigit() or len(seat) > 2 or not isinstance(decisions, list):
            continue
        if not all(isinstance(d, dict) for d in decisions):
            continue  # not as we write it: opening the puzzles reads it properly (and moves it aside)
        marks = [(str(d.get("mark")), _lost_of(d), d.get("best") != d.get("played")) for d in decisions]
        for index in chosen(marks):
            r, a = decisions[index].get("round"), decisions[index].get("action")
            if isinstance(r, int) and isinstance(a, int) and not isinstance(r, bool) and not isinstance(a, bool):
                found.append(puzzle_id(record, int(seat), r, a))
    return tuple(found)


def _lost_of(decision: dict[str, Any]) -> float:
    """The points a kept decision lost, from its chances (0 if they are not numbers)."""
    best, played = decision.get("chance_best"), decision.get("chance_played")
    if isinstance(best, bool) or isinstance(played, bool) or not isinstance(best, (int, float)) or not isinstance(played, (int, float)):
        return 0.0
    return points_lost(float(best), float(played))


def counts(progress: Progress | None = None) -> tuple[int, int]:
    """(solved, to do) among the puzzles of the kept reviews, without the engine
    (``kept_ids``); ``progress`` read from its file unless given."""
    ids = kept_ids()
    if not ids:
        return 0, 0
    solved = (progress if progress is not None else load_progress()[0]).solved
    done = sum(1 for pid in ids if pid in solved)
    return done, len(ids) - done


__all__ = [
    "COSTLY",
    "COSTLY_POINTS",
    "chosen",
    "counts",
    "kept_ids",
    "Judgement",
    "PUZZLE_MARKS",
    "Progress",
    "Puzzle",
    "all_puzzles",
    "judge",
    "load_progress",
    "position",
    "progress_path",
    "puzzle_id",
    "puzzles_of",
    "save_progress",
]
