"""The player's rating: Glicko-2 per rule-set family, after every finished match.

Each person (by name, as the statistics count them) has one rating in each
family of rule sets (``matador``-like, ``leyden``-like), kept in
``ratings.json`` in the user data directory with its history (a point per
rated match, for the plot). It moves after every finished two-player match
in which the person did not take a move back or ask for a hint (an assisted
match moves nothing), one Glicko-2 rating period per match, each round
played out a game (a win 1, a tied block 1/2, a loss 0; a redeal nothing):
the ladder is measured in rounds, so the scales agree.

The opponent's rating: a computer level's from the ladder of that rule set
(``ladder_table.LADDER``: its rating and, as its deviation, the ladder's
standard error); a person at the same screen's, their rating here before the
match; a person at another machine's (a network match), a newcomer's 1500 with
deviation 350, since a rating another machine sends cannot be checked (that
deviation makes the match count for less). Each machine rates its own
people: at a network table, the seats played here.

A rating is provisional while its deviation is 110 or more (Lichess' mark):
a newcomer's 350 falls below it after about a dozen rounds against the
computer. No pygame here.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Collection

from game.ai import levels
from game.engine import RULE_SETS
from game.engine.rules import FAMILIES
from game.i18n import N_
from game.rating.glicko2 import BASE, NEW_RD, Game, Rating, update
from game.rating.ladder_table import LADDER
from game.resources import user_data_dir
from game.storage import UnreadableFile, load_json, save_json

if TYPE_CHECKING:
    from game.engine import Match

VERSION = 1
PROVISIONAL_RD = 110.0
HISTORY_LIMIT = 500  # points kept per person and family
NAME_LIMIT = 100
NEWCOMER = (BASE, NEW_RD)  # the opponent rating of a person whose rating this machine does not keep


def family_of(base: str) -> str:
    """The family a rule set is rated in (its registry's word; Matador's for a rule
    set this version does not know)."""
    info = RULE_SETS.get(base)
    return info.family if info is not None else FAMILIES[0]


@dataclass(frozen=True)
class Point:
    """The rating after one rated match: when, and in which rule set."""

    date: str  # ISO date and time, local
    r: float
    rd: float
    rules: str


@dataclass
class Standing:
    """A person's rating in one family, with its history."""

    rating: Rating = field(default_factory=Rating)
    matches: int = 0
    rounds: int = 0
    history: list[Point] = field(default_factory=list)

    @property
    def provisional(self) -> bool:
        return self.rating.rd >= PROVISIONAL_RD


@dataclass(frozen=True)
class Change:
    """A rated match, for one person: "1480 -> 1502"."""

    name: str
    family: str
    before: Rating
    after: Rating
    rounds: int

    @property
    def provisional(self) -> bool:
        return self.after.rd >= PROVISIONAL_RD


def ladder_rating(base: str, level: str | None) -> tuple[float, float] | None:
    """A computer level's rating and deviation in rule set ``base``: the ladder's;
    for a level of the registry the ladder has not measured yet, a provisional one
    (``provisional_rating``); None for no level, or one the registry lacks."""
    if level is None:
        return None
    row = LADDER.get(base)
    if row is None:  # a rule set the ladder did not measure: its family's first that it did
        family = family_of(base)
        row = next((r for b, r in LADDER.items() if family_of(b) == family), None)
    if row is None:
        return None
    if level not in row:
        return provisional_rating(row, level)
    rating, se = row[level]
    return rating, max(se, 1.0)


def provisional_rating(row: dict[str, tuple[float, float]], level: str) -> tuple[float, float] | None:
    """A level not on the ladder yet is placed by its thinking budget: the rating of
    the measured level of the largest budget not above its own (the default level's
    if none is), with a newcomer's deviation (350), so a match against it moves a
    rating, by little, until ``python -m game ladder`` measures it."""
    own = levels.get(level)
    if own is None:
        return None
    known = [(found.budget_s, found.order, row[found.id][0]) for found in levels.levels() if found.id in row]
    below = [entry for entry in known if entry[0] <= own.budget_s]
    if below:
        rating = max(below)[2]
    elif levels.DEFAULT in row:
        rating = row[levels.DEFAULT][0]
    else:
        return None
    return rating, NEW_RD


def round_scores(match: Match, seat: int) -> list[float]:
    """The seat's score in each round played out (a redeal is no game)."""
    scores = []
    for state in match.rounds:
        outcome = state.outcome
        if outcome is None or outcome.end == "redeal":
            continue
        if outcome.winner == seat:
            scores.append(1.0)
        elif outcome.winner is None:
            scores.append(0.5)
        else:
            scores.append(0.0)
    return scores


class Ratings:
    """``ratings.table[name][family] -> Standing``."""

    def __init__(self, table: dict[str, dict[str, Standing]] | None = None):
        self.table: dict[str, dict[str, Standing]] = table or {}

    def standing(self, name: str, family: str) -> Standing | None:
        return self.table.get(name, {}).get(family)

    def rate(
        self,
        match: Match,
        seats: Collection[int],
        helped: set[int] | None = None,
        remote: Collection[int] = (),
        now: datetime | None = None,
    ) -> list[Change]:
        """Rate the finished ``match`` for the people of ``seats`` (those played at
        this machine; ``remote``: seats of people at other machines; ``helped``:
        the seats that took a move back or asked for a hint, when known). Returns
        what changed (nothing for a match not over, not of two players, or
        assisted)."""
        from game.profile.stats import Statistics

        if not match.over or match.rules.players != 2:
            return []
        assisted = Statistics.helped_seats(match, helped)
        family = family_of(match.rules.base)
        opponents: dict[int, tuple[float, float]] = {}
        for seat in seats:
            player = match.players[seat] if 0 <= seat < 2 else None
            if player is None or not player.is_human or seat in assisted:
                continue
            other = 1 - seat
            opponent = match.players[other]
            if opponent.name == player.name:
                continue
            found: tuple[float, float] | None
            if not opponent.is_human:
                found = ladder_rating(match.rules.base, opponent.level)
            elif other in remote:
                found = NEWCOMER
            else:
                standing = self.standing(opponent.name, family)
                found = (standing.rating.r, standing.rating.rd) if standing is not None else NEWCOMER
            if found is not None:
                opponents[seat] = found
        when = (now or datetime.now()).isoformat(timespec="seconds")
        changes = []
        for seat, (rating, rd) in opponents.items():
            scores = round_scores(match, seat)
            if not scores:
                continue
            name = match.players[seat].name
            standing = self.table.setdefault(name, {}).setdefault(family, Standing())
            before = standing.rating
            after = update(before, [Game(rating, rd, score) for score in scores])
            standing.rating = after
            standing.matches += 1
            standing.rounds += len(scores)
            standing.history.append(Point(when, round(after.r, 1), round(after.rd, 1), match.rules.base))
            del standing.history[:-HISTORY_LIMIT]
            changes.append(Change(name, family, before, after, len(scores)))
        return changes

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "players": {
                name: {
                    family: {
                        "r": s.rating.r,
                        "rd": s.rating.rd,
                        "vol": s.rating.vol,
                        "matches": s.matches,
                        "rounds": s.rounds,
                        "history": [[p.date, p.r, p.rd, p.rules] for p in s.history],
                    }
                    for family, s in families.items()
                }
                for name, families in self.table.items()
            },
        }

    @staticmethod
    def from_json(data: Any) -> Ratings:
        """``UnreadableFile`` for anything this version did not write."""
        if not isinstance(data, dict) or not isinstance(data.get("players"), dict):
            raise UnreadableFile(N_("it is not a ratings file"))
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version > VERSION:
            raise UnreadableFile(N_("it was written by a newer version of Matador"))
        from game.words.names import coded

        table: dict[str, dict[str, Standing]] = {}
        for name, families in data["players"].items():
            if not isinstance(name, str) or len(name) > NAME_LIMIT or not isinstance(families, dict):
                raise UnreadableFile(N_("it is damaged"))
            code = coded(name, "human")  # a default name written in words ("You", "Spieler 2") becomes its code
            for family, values in families.items():
                if family not in FAMILIES:
                    raise UnreadableFile(N_("it is damaged"))
                standing = _standing(values)
                held = table.setdefault(code, {}).get(family)
                if held is None or standing.matches > held.matches:  # one person under two words: the longer record
                    table[code][family] = standing
        return Ratings(table)


def _number(value: Any, low: float, high: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or not low <= value <= high:
        raise UnreadableFile(N_("it holds impossible numbers"))
    return float(value)


def _count(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
        raise UnreadableFile(N_("it holds impossible numbers"))
    return value


def _standing(values: Any) -> Standing:
    if not isinstance(values, dict) or not isinstance(values.get("history", []), list):
        raise UnreadableFile(N_("it is damaged"))
    rating = Rating(_number(values.get("r"), -5000, 10000), _number(values.get("rd"), 1e-6, 1000), _number(values.get("vol"), 1e-9, 10))
    history = []
    for point in values.get("history", [])[-HISTORY_LIMIT:]:
        if not isinstance(point, list) or len(point) != 4 or not isinstance(point[0], str) or not isinstance(point[3], str):
            raise UnreadableFile(N_("it is damaged"))
        if len(point[0]) > 40 or len(point[3]) > 40:
            raise UnreadableFile(N_("it is damaged"))
        try:
            datetime.fromisoformat(point[0])
        except ValueError:
            raise UnreadableFile(N_("it is damaged")) from None
        history.append(Point(point[0], _number(point[1], -5000, 10000), _number(point[2], 1e-6, 1000), point[3]))
    return Standing(rating, _count(values.get("matches", 0)), _count(values.get("rounds", 0)), history)


def ratings_path() -> Path:
    return user_data_dir() / "ratings.json"


def load_ratings() -> tuple[Ratings, str | None]:
    """The ratings kept, or none (and a message) if the file was unreadable
    (then it is moved aside, as every file of ours)."""
    loaded = load_json(ratings_path(), "ratings", Ratings.from_json)
    return (loaded.data if loaded.data is not None else Ratings()), loaded.message


def save_ratings(ratings: Ratings) -> None:
    save_json(ratings_path(), ratings.to_json())


def note_match(
    match: Match, seats: Collection[int], helped: set[int] | None = None, remote: Collection[int] = ()
) -> list[Change]:
    """Rate a finished match for ``seats`` and keep the ratings (``OSError`` if
    they cannot be written: the last saved copy is kept)."""
    ratings, _message = load_ratings()
    changes = ratings.rate(match, seats, helped, remote)
    if changes:
        save_ratings(ratings)
    return changes


__all__ = [
    "Change",
    "FAMILIES",
    "NEWCOMER",
    "PROVISIONAL_RD",
    "Point",
    "Ratings",
    "Standing",
    "family_of",
    "ladder_rating",
    "load_ratings",
    "note_match",
    "ratings_path",
    "round_scores",
    "save_ratings",
]
