"""Statistics per player name and rule set: matches and rounds played and won,
and the best round."""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Collection, Iterator

from game.i18n import N_
from game.resources import user_data_dir
from game.storage import UnreadableFile, load_json, save_json

if TYPE_CHECKING:  # the title reads the statistics without loading the engine
    from game.engine import Match, RoundOutcome

VERSION = 1


@dataclass
class Record:
    matches_played: int = 0
    matches_won: int = 0
    rounds_played: int = 0
    rounds_won: int = 0
    best_round: int = 0  # the most points a won round brought (own-pips sets: the fewest pips left)
    # Matches in which a move was taken back or a hint asked for, counted apart
    # (and their rounds): they do not count above, nor for the best round.
    assisted_matches_played: int = 0
    assisted_matches_won: int = 0
    assisted_rounds_played: int = 0
    assisted_rounds_won: int = 0


COMPUTER_NAME = re.compile(r"(Easy|Medium|Hard|Random)( \d+)?")  # the names computers get by default


class Statistics:
    """``stats[name][rule_set] -> Record``, loaded from and saved to the user directory.

    ``computers`` holds the names that played as computer players (the screen lists
    the people first).
    """

    def __init__(self, table: dict[str, dict[str, Record]] | None = None, computers: set[str] | None = None):
        self.table: dict[str, dict[str, Record]] = table or {}
        self.computers: set[str] = computers if computers is not None else set()

    def record(self, name: str, rule_set: str) -> Record:
        return self.table.setdefault(name, {}).setdefault(rule_set, Record())

    @staticmethod
    def helped_seats(match: Match, helped: set[int] | None = None) -> set[int]:
        """The seats counted apart as assisted: those that took a move back or asked for
        a hint (``helped``, when the table knows), else every person's seat of an
        assisted match. A computer is never helped."""
        if not match.assisted:
            return set()
        people = {seat for seat, player in enumerate(match.players) if player.is_human}
        return (helped & people) if helped else people

    def note_players(self, match: Match, only: set[int] | None = None) -> None:
        for seat, player in enumerate(match.players):
            if only is not None and seat not in only:
                continue
            if player.is_human:
                self.computers.discard(player.name)
            else:
                self.computers.add(player.name)

    def _counted(self, match: Match, helped: set[int] | None, only: set[int] | None) -> Iterator[tuple[int, Record, bool]]:
        """Each seat a round or a match counts for (``only``: those seats alone),
        with its record and whether it counts apart as assisted; the players'
        kinds noted first."""
        assisted = self.helped_seats(match, helped)
        self.note_players(match, only)
        for seat, player in enumerate(match.players):
            if only is not None and seat not in only:
                continue
            yield seat, self.record(player.name, match.rules.base), seat in assisted

    def add_round(self, match: Match, outcome: RoundOutcome, helped: set[int] | None = None, only: set[int] | None = None) -> None:
        """Count a round for every seat (``only``: for those seats alone)."""
        if outcome.end == "redeal":
            return
        own_pips = match.rules.scoring == "own-pips"
        for seat, rec, assisted in self._counted(match, helped, only):
            if assisted:
                rec.assisted_rounds_played += 1
                rec.assisted_rounds_won += outcome.winner == seat
                continue
            rec.rounds_played += 1
            if outcome.winner == seat:
                rec.rounds_won += 1
                if own_pips:
                    opponents = sum(p for s, p in enumerate(outcome.pips) if s != seat)
                    rec.best_round = max(rec.best_round, opponents - outcome.pips[seat])
                else:
                    rec.best_round = max(rec.best_round, outcome.scores[seat])

    def add_match(self, match: Match, helped: set[int] | None = None, only: set[int] | None = None) -> None:
        """Count a finished match for every seat (``only``: for those seats alone)."""
        for seat, rec, assisted in self._counted(match, helped, only):
            if assisted:
                rec.assisted_matches_played += 1
                rec.assisted_matches_won += match.winner == seat
                continue
            rec.matches_played += 1
            if match.winner == seat:
                rec.matches_won += 1

    def add_whole_match(self, match: Match, seats: int | Collection[int]) -> bool:
        """A finished match played elsewhere (at a network table: its record, from
        the server) counted for ``seats`` alone, the seats this screen played (the
        host's and the other people's at the host's screen): each round played
        out, then the match, as a match at this screen counts them (one name
        counted once, at its first seat). A seat that is not one of the match's
        people (a computer) is left out. Nothing is counted (False) if the match
        is not over, a seat is not one of its seats, no seat is a person's, or a
        count would become one the statistics file refuses (``_record``): a
        record from a server is not trusted to keep the statistics readable."""
        wanted = {seats} if isinstance(seats, int) else set(seats)
        if not match.over or not wanted or not all(0 <= seat < len(match.players) for seat in wanted):
            return False
        only: set[int] = set()
        names: set[str] = set()
        for seat in sorted(wanted):
            player = match.players[seat]
            if player.is_human and player.name not in names:
                only.add(seat)
                names.add(player.name)
        if not only:
            return False
        base = match.rules.base
        saved = {name: Record(**asdict(self.table[name][base])) for name in names if base in self.table.get(name, {})}
        were_computers = names & self.computers
        for state in match.rounds:
            if state.outcome is not None:
                self.add_round(match, state.outcome, only=only)
        self.add_match(match, only=only)
        try:
            for name in names:
                _record(asdict(self.record(name, base)))
        except UnreadableFile:
            for name in names:
                if name in saved:
                    self.table[name][base] = saved[name]
                else:
                    del self.table[name][base]
                    if not self.table[name]:
                        del self.table[name]
            self.computers |= were_computers
            return False
        return True

    def is_computer(self, name: str) -> bool:
        return name in self.computers

    def names(self) -> list[str]:
        """The people first, then the computer players, each alphabetically (a
        default name by its words in the language of the moment)."""
        from game.words.names import worded

        return sorted(self.table, key=lambda name: (self.is_computer(name), worded(name).casefold()))

    def to_json(self) -> dict[str, Any]:
        return {
            "version": VERSION,
            "players": {n: {r: asdict(rec) for r, rec in sets.items()} for n, sets in self.table.items()},
            "computers": sorted(self.computers),
        }

    @staticmethod
    def from_json(data: Any) -> Statistics:
        if not isinstance(data, dict) or not isinstance(data.get("players"), dict):
            raise UnreadableFile(N_("it is not a statistics file"))
        version = data.get("version")
        if not isinstance(version, int) or version > VERSION:
            raise UnreadableFile(N_("it was written by a newer version of Matador"))
        read: dict[str, dict[str, Record]] = {}
        for name, sets in data["players"].items():
            if not isinstance(sets, dict):
                raise UnreadableFile(N_("it is damaged"))
            for rule_set, values in sets.items():
                read.setdefault(name, {})[rule_set] = _record(values)
        listed = data.get("computers")
        if isinstance(listed, list):
            was_computer = {name for name in listed if isinstance(name, str)}
        else:  # written before the kinds were kept: the computers' default names
            was_computer = {name for name in read if COMPUTER_NAME.fullmatch(name)}
        # Written before default names were codes, a file holds them in words, in
        # the language of the day ("Hard" and "Schwer"): each becomes its code, and
        # the counts of one opponent under several words are added up.
        from game.words.names import coded

        table: dict[str, dict[str, Record]] = {}
        computers: set[str] = set()
        for name, sets in read.items():
            code = coded(name, "computer" if name in was_computer else "human")
            if name in was_computer:
                computers.add(code)
            for rule_set, rec in sets.items():
                kept = table.setdefault(code, {})
                kept[rule_set] = _added(kept[rule_set], rec) if rule_set in kept else rec
        return Statistics(table, computers)


MOST = 10**9  # more matches, rounds or points than anyone could play


def _record(values: Any) -> Record:
    """One player's record in one rule set; ``UnreadableFile`` if any count is not
    a whole number or could not have come from play (negative, absurdly large,
    more won than played)."""
    if not isinstance(values, dict):
        raise UnreadableFile(N_("it is damaged"))
    counts = {}
    for key in asdict(Record()):
        value = values.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool):
            raise UnreadableFile(N_("it is damaged"))
        if not 0 <= value <= MOST:
            raise UnreadableFile(N_("it holds impossible numbers"))
        counts[key] = value
    record = Record(**counts)
    pairs = (
        (record.matches_won, record.matches_played),
        (record.rounds_won, record.rounds_played),
        (record.assisted_matches_won, record.assisted_matches_played),
        (record.assisted_rounds_won, record.assisted_rounds_played),
    )
    if any(won > played for won, played in pairs):
        raise UnreadableFile(N_("it holds impossible numbers (more won than played)"))
    return record


def _added(a: Record, b: Record) -> Record:
    """Two records of one player in one rule set as one (the best round the better)."""
    one, other = asdict(a), asdict(b)
    summed = {key: min(MOST, one[key] + other[key]) for key in one}
    summed["best_round"] = max(a.best_round, b.best_round)
    return Record(**summed)


def stats_path() -> Path:
    return user_data_dir() / "statistics.json"


def load_stats() -> tuple[Statistics, str | None]:
    loaded = load_json(stats_path(), "statistics", Statistics.from_json)
    return (loaded.data if loaded.data is not None else Statistics()), loaded.message


def save_stats(stats: Statistics) -> None:
    save_json(stats_path(), stats.to_json())
