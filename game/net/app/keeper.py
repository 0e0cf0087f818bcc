"""A network match kept among this machine's Past matches as it goes, and counted
in the Statistics at its end, for the seats played here (the host's and those of
the other people at the host's screen, as a match at one screen counts its people).

The host's app can leave before the end (Leave, the app closed, the machine
gone): every player then keeps the match as far as it is known. So the record is
written after every round played out, not only at the match's end, through the
same store as a local match (game/archive/past_matches.py, atomically, one file per
match, written over as the match goes on):

- after each round's end: the rounds played out so far (their deals revealed at
  their ends, their actions; no seed: it is revealed only with the match's end;
  the round being played is left out: its deal is secret until its end, and a
  record holds whole deals only), listed as stopped (``abandoned``) until the end;
- when the table is known to be gone (the host said so, or it stopped answering
  for good), or this seat leaves it: the same, once more;
- at the match's end: the server's whole record (seed included); the statistics
  count it, once, for every person who played it at this screen (a match whose file already holds its end is not
  counted again: a seat that comes back after the end is told the end again).

One keeper keeps the match for every seat of this app: the people at the
host's screen share one record among the Past matches (as a match at one screen
is one record, whoever played it), in the file of the host's seat.

A record from the server is replayed with the engine before it is kept or
counted (a hostile server's record is logged and left out), and written anew from
the replayed match, so nothing but a record is kept.

No pygame here.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.engine import Match
from game.net.app.mirror import Mirror

if TYPE_CHECKING:
    from game.rating.player_rating import Change

log = logging.getLogger("matador.net")


def tag_of(code: str, seat: int) -> str:
    """What ends the file name of a network match: ``net-K7QX2M-s1``."""
    plain = "".join(c for c in code if c.isascii() and c.isalnum())[:12]
    return f"net-{plain}-s{seat}"


class MatchKeeper:
    """Keeps one seat's network match (``follow`` once a frame, after the mirror);
    ``here``: the other seats played at this screen, counted with it."""

    def __init__(self, count: bool = True) -> None:
        self.count = count  # count the finished match in the statistics
        self.here: set[int] = set()  # other seats of people at this screen (NetPlay says)
        self.path: Path | None = None  # the file the match is kept in
        self.kept_rounds = 0  # rounds in the record kept last
        self.kept_over = False
        self.kept_gone = False  # kept once the table was known gone
        self.counted = False
        self._looked = False  # looked for a file kept by an earlier run
        self.rating_changes: list[Change] = []  # the ratings the finished match moved here (the match-over screen says them)

    def follow(self, mirror: Mirror) -> None:
        """Keep what is new: a round's end, the match's end, the table gone. Never raises."""
        try:
            if mirror.over is not None:
                if not self.kept_over:
                    self.kept_over = True
                    self._keep(mirror, gone=False)
                return
            gone = mirror.table_gone and not self.kept_gone
            if gone or len(mirror.finished) > self.kept_rounds:
                self.kept_gone = self.kept_gone or gone
                self._keep(mirror, gone=gone)
        except Exception:  # a record is never worth stopping the game for
            log.exception("the network match could not be kept")

    def leave(self, mirror: Mirror) -> None:
        """This seat leaves the table (or the app hosting it stops): keep it as it is."""
        if mirror.over is None and not self.kept_gone:
            self.kept_gone = True
            try:
                self._keep(mirror, gone=True)
            except Exception:
                log.exception("the network match could not be kept")

    # ---------------------------------------------------------------------------
    def _keep(self, mirror: Mirror, gone: bool) -> None:
        from game.archive import past_matches
        from game.profile.saves import record_from_json
        from game.storage import UnreadableFile

        record = mirror.known_record()
        if record is None or mirror.seat is None or mirror.code is None:
            return
        try:
            match = record_from_json(record)
        except UnreadableFile as err:
            log.warning("the table's record cannot be kept: %s", err.detail or err)
            return
        if mirror.lobby is not None and len(match.players) != len(mirror.lobby.seats):
            log.warning("the table's record does not have the table's seats: not kept")
            return
        tag = tag_of(mirror.code, mirror.seat)
        if not self._looked:
            self._looked = True
            self.path, already_over = self._earlier(tag)
            if already_over:  # kept (and counted) by an earlier run of this seat
                self.counted = True
                return
        clean = _clean(match, has_seed=record.get("seed") is not None)
        self.path = past_matches.keep(match, abandoned=not match.over, record=clean, replace=self.path, tag=tag) or self.path
        self.kept_rounds = len(mirror.finished)
        if gone:
            log.info("table %s is gone: the match so far (%d rounds) is kept in %s", mirror.code, len(match.rounds), self.path)
        if match.over and self.count and not self.counted:
            self.counted = True
            self.rating_changes = _count(match, {mirror.seat, *self.here})

    @staticmethod
    def _earlier(tag: str) -> tuple[Path | None, bool]:
        """The file an earlier run kept this seat's match in, if any, and whether it
        holds the match's end."""
        from game.archive import past_matches

        folder = past_matches.matches_dir()
        if not folder.is_dir():
            return None, False
        found = sorted(folder.glob(f"match-*-{tag}.json"), key=lambda p: p.name, reverse=True)
        if not found:
            return None, False
        match, _ = past_matches.load(found[0])
        if match is None:
            return None, False
        return found[0], match.over


def _clean(match: Match, has_seed: bool) -> dict[str, Any]:
    """The record written anew from the replayed match (no seed if none was told)."""
    from game.engine import match_to_record

    record = match_to_record(match)
    if not has_seed:
        record.pop("seed", None)
    return record


def _count(match: Match, seats: set[int]) -> list[Change]:
    """Count the finished match for ``seats`` (their people) in the statistics
    file, and rate them (the other seats' people play at other machines); the
    ratings' changes."""
    from game.rating.player_rating import note_match
    from game.profile.stats import load_stats, save_stats

    remote = {seat for seat in range(len(match.players)) if seat not in seats}
    changes: list[Change] = []
    try:
        changes = note_match(match, sorted(seats), remote=remote)
    except Exception as err:  # a full disk must not stop the game
        log.warning("ratings not saved: %s", err)

    stats, message = load_stats()
    if message:  # a damaged file was moved aside: it starts again, as at the table
        log.warning("statistics: %s", message)
    if stats.add_whole_match(match, seats):
        save_stats(stats)
    else:
        log.warning("the network match was not counted in the statistics")
    return changes
