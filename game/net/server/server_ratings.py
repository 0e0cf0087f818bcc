"""The server's ratings: Glicko-2 per rule family for each identity on this server
(docs/network.md, "The server's ratings and leaderboard").

A match is rated by the server alone, from what its referee played, once:
at its end (``settle`` with no leavers), or the moment a person *left* it (their
seat given to a computer after the 5-minute hold, the match stopped while its
host was away, or the table put away because nobody came back). A result is
never something a client reports: no message moves a rating.

Who is rated: every seat held by an identity (``SeatRow.identity``). Each pair of
seats is a series of games, one per round played out: a round's winner beats the
other seat (1), a seat that did not win a round the other won lost it (0), and
a round neither of the two won (a tied block, or a third seat's win) is a draw
(1/2) between them; a redeal is no game. With two seats this is the local
rating's measure (game/rating/player_rating.py), rounds, so the scales agree.
The opponent is, for an identity, its rating here before the match; for a
computer level, that level's ladder rating and standard error, a fixed opponent
(``ladder_rating``); a person's seat without an identity (an older client), or
the same identity on both seats, makes no games.

A match left before its end: between a leaver and any seat that did not leave
(a person still there, or a computer), each round played out *and* the round
abandoned is a game the leaver lost (so leaving never pays); between two seats
that did not leave, the rounds as played; between two leavers, nothing. The
match is then settled: the rest of it (against the computer now at the
leaver's seat) rates nothing.

A rating is provisional while its deviation is ``PROVISIONAL_RD`` or more (the
local rating's mark). The leaderboard of a family lists established ratings
first, then provisional ones, each by rating, highest first.

Where they are kept (a ``RatingBook``): the SQLite file of ``serve`` (tables
``ratings`` and ``rated``, beside the tables), Redis for a cluster (hashes and a
sorted set per family, so every process shares them), or memory (a server the
app hosts, tests). Each settlement is one transaction that also marks the table
rated, so a table resumed after a crash is rated once, never twice.

No pygame here.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Collection, Iterable, Protocol, Sequence

from game.engine.rules import FAMILIES
from game.rating.glicko2 import Game, Rating, update
from game.rating.player_rating import PROVISIONAL_RD, family_of, ladder_rating

if TYPE_CHECKING:
    from game.engine import Match
    from game.net.server.conn import Conn
    from game.net.server.identities import Identities
    from game.net.server.cluster.redis_store import RedisStore
    from game.net.server.store import SeatRow, Store

LEADERBOARD = 100  # the most rows of a leaderboard
RATED_KEEP_S = 90 * 24 * 3600  # (Redis) how long a table is remembered as rated


@dataclass(frozen=True)
class ServerRating:
    """An identity's rating in one family, as the server shows it."""

    rating: float
    rd: float
    provisional: bool
    matches: int = 0


@dataclass(frozen=True)
class Held:
    """What a book keeps of one identity in one family."""

    identity: str
    family: str
    rating: Rating
    matches: int
    name: str | None = None  # the name it last played under (shown when the identity has none)

    @property
    def provisional(self) -> bool:
        return self.rating.rd >= PROVISIONAL_RD

    def shown(self) -> ServerRating:
        return ServerRating(self.rating.r, self.rating.rd, self.provisional, self.matches)


@dataclass(frozen=True)
class Placed:
    """One row of a leaderboard."""

    place: int
    identity: str
    name: str | None
    rating: ServerRating


@dataclass(frozen=True)
class Change:
    """A settled match, for one identity."""

    identity: str
    family: str
    before: Rating
    after: Rating
    games: int


NEW = ServerRating(Rating().r, Rating().rd, True, 0)


class RatingBook(Protocol):
    """Where a server keeps its ratings (each method one read or one write)."""

    def get(self, identity: str, family: str) -> Held | None: ...

    def top(self, family: str, limit: int) -> list[Held]: ...

    def place(self, identity: str, family: str) -> int | None: ...

    def count(self, family: str) -> int: ...

    def settled(self, code: str) -> bool: ...

    def settle(self, code: str, changes: Sequence[Held], counts: Sequence[int]) -> bool:
        """Write ``changes`` and mark table ``code`` rated, in one step; False (and
        nothing written) if it was rated already. ``counts``: each identity's match
        count the change was computed from (a book shared by processes raises
        ``Stale`` if one moved meanwhile)."""


def order_key(held: Held) -> tuple[int, float, str]:
    """A leaderboard's order: established first, then by rating, highest first."""
    return (int(held.provisional), -held.rating.r, held.identity)


class MemoryRatingBook:
    """Ratings in memory (a server the app hosts: for as long as it runs; tests)."""

    def __init__(self) -> None:
        self.rows: dict[tuple[str, str], Held] = {}
        self.rated: set[str] = set()

    def get(self, identity: str, family: str) -> Held | None:
        return self.rows.get((identity, family))

    def _sorted(self, family: str) -> list[Held]:
        return sorted((h for (_i, f), h in self.rows.items() if f == family), key=order_key)

    def top(self, family: str, limit: int) -> list[Held]:
        return self._sorted(family)[:limit]

    def place(self, identity: str, family: str) -> int | None:
        held = self.rows.get((identity, family))
        if held is None:
            return None
        key = order_key(held)
        return 1 + sum(1 for (_i, f), h in self.rows.items() if f == family and order_key(h) < key)

    def count(self, family: str) -> int:
        return sum(1 for (_i, f) in self.rows if f == family)

    def settled(self, code: str) -> bool:
        return code in self.rated

    def settle(self, code: str, changes: Sequence[Held], counts: Sequence[int]) -> bool:
        if code in self.rated:
            return False
        self.rated.add(code)
        for held in changes:
            self.rows[(held.identity, held.family)] = held
        return True


SCHEMA = """
CREATE TABLE IF NOT EXISTS ratings (
    identity TEXT NOT NULL,
    family TEXT NOT NULL,
    r REAL NOT NULL,
    rd REAL NOT NULL,
    vol REAL NOT NULL,
    matches INTEGER NOT NULL,
    provisional INTEGER NOT NULL,
    name TEXT,
    updated REAL NOT NULL,
    PRIMARY KEY (identity, family)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (family, provisional, r DESC, identity);
CREATE TABLE IF NOT EXISTS rated (
    code TEXT PRIMARY KEY,
    at REAL NOT NULL
);
"""


class SqliteRatingBook:
    """The ratings of ``serve`` in its SQLite file (the store's connection)."""

    def __init__(self, store: Store):
        from game.net.server.store import store_errors

        self.store = store
        with store_errors():
            self.store.db.executescript(SCHEMA)

    def _held(self, row: tuple[Any, ...]) -> Held:
        identity, family, r, rd, vol, matches, name = row
        return Held(str(identity), str(family), Rating(float(r), float(rd), float(vol)), int(matches), name)

    def _read(self, sql: str, args: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        from game.net.server.store import store_errors

        with store_errors():
            return list(self.store.db.execute(sql, args).fetchall())

    def get(self, identity: str, family: str) -> Held | None:
        rows = self._read("SELECT identity, family, r, rd, vol, matches, name FROM ratings WHERE identity = ? AND family = ?", (identity, family))
        return self._held(rows[0]) if rows else None

    def top(self, family: str, limit: int) -> list[Held]:
        rows = self._read(
            "SELECT identity, family, r, rd, vol, matches, name FROM ratings WHERE family = ? ORDER BY provisional, r DESC, identity LIMIT ?",
            (family, limit),
        )
        return [self._held(row) for row in rows]

    def place(self, identity: str, family: str) -> int | None:
        held = self.get(identity, family)
        if held is None:
            return None
        p = int(held.provisional)
        rows = self._read(
            "SELECT COUNT(*) FROM ratings WHERE family = ? AND (provisional < ? OR (provisional = ? AND (r > ? OR (r = ? AND identity < ?))))",
            (family, p, p, held.rating.r, held.rating.r, identity),
        )
        return 1 + int(rows[0][0])

    def count(self, family: str) -> int:
        return int(self._read("SELECT COUNT(*) FROM ratings WHERE family = ?", (family,))[0][0])

    def settled(self, code: str) -> bool:
        return bool(self._read("SELECT 1 FROM rated WHERE code = ?", (code,)))

    def settle(self, code: str, changes: Sequence[Held], counts: Sequence[int]) -> bool:
        if self.settled(code):  # (one process, one thread: nothing rates it between)
            return False
        now = time.time()
        statements: list[tuple[str, tuple[Any, ...]]] = [("INSERT INTO rated VALUES (?, ?)", (code, now))]
        for h in changes:
            statements.append(
                (
                    "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (h.identity, h.family, h.rating.r, h.rating.rd, h.rating.vol, h.matches, int(h.provisional), h.name, now),
                )
            )
        self.store._write(*statements)
        return True


# KEYS: the rated mark, then per change its hash and its family's sorted set.
# ARGV: the mark's time to live, the number of changes, then per change: identity,
# the match count it was computed from (a compare-and-set: another process rated
# it meanwhile -> -1, computed again), the fields (JSON) and the board's score.
_SETTLE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local n = tonumber(ARGV[2])
for i = 0, n - 1 do
  local held = redis.call('HGET', KEYS[2 + 2 * i], 'matches')
  if (held or '0') ~= ARGV[3 + 4 * i + 1] then return -1 end
end
redis.call('SET', KEYS[1], '1', 'EX', ARGV[1])
for i = 0, n - 1 do
  local fields = cjson.decode(ARGV[3 + 4 * i + 2])
  redis.call('HSET', KEYS[2 + 2 * i], 'r', fields[1], 'rd', fields[2], 'vol', fields[3], 'matches', fields[4], 'name', fields[5])
  redis.call('ZADD', KEYS[3 + 2 * i], ARGV[3 + 4 * i + 3], ARGV[3 + 4 * i])
end
return 1
"""
ESTABLISHED = 100000.0  # added to an established rating's score: established ones rank first


class Stale(Exception):
    """(Redis) another process rated one of the identities meanwhile: compute again."""


class RedisRatingBook:
    """The ratings of a cluster in Redis: ``m:r:FAMILY:ID`` (a hash) and
    ``m:board:FAMILY`` (a sorted set of identities by score), ``m:rated:CODE``."""

    def __init__(self, store: RedisStore):
        self.store = store
        self._settle = store._call(store.r.register_script, _SETTLE)

    def _key(self, kind: str, *parts: str) -> str:
        return self.store.key(kind, ":".join(parts))

    def _held(self, identity: str, family: str, raw: dict[bytes, bytes]) -> Held | None:
        if not raw:
            return None
        f = {k.decode(): v.decode() for k, v in raw.items()}
        return Held(identity, family, Rating(float(f["r"]), float(f["rd"]), float(f["vol"])), int(f["matches"]), f.get("name") or None)

    def get(self, identity: str, family: str) -> Held | None:
        return self._held(identity, family, self.store._call(self.store.r.hgetall, self._key("r", family, identity)))

    def top(self, family: str, limit: int) -> list[Held]:
        members = self.store._call(self.store.r.zrevrange, self._key("board", family), 0, limit - 1)
        ids = [m.decode() for m in members]
        pipe = self.store.r.pipeline(transaction=False)
        for identity in ids:
            pipe.hgetall(self._key("r", family, identity))
        found = self.store._call(pipe.execute)
        return [h for identity, raw in zip(ids, found) if (h := self._held(identity, family, raw)) is not None]

    def place(self, identity: str, family: str) -> int | None:
        rank = self.store._call(self.store.r.zrevrank, self._key("board", family), identity)
        return None if rank is None else int(rank) + 1

    def count(self, family: str) -> int:
        return int(self.store._call(self.store.r.zcard, self._key("board", family)))

    def settled(self, code: str) -> bool:
        return bool(self.store._call(self.store.r.exists, self._key("rated", code)))

    def settle(self, code: str, changes: Sequence[Held], counts: Sequence[int]) -> bool:
        keys = [self._key("rated", code)]
        args: list[Any] = [RATED_KEEP_S, len(changes)]
        for i, h in enumerate(changes):
            keys += [self._key("r", h.family, h.identity), self._key("board", h.family)]
            before = counts[i]
            score = h.rating.r + (0.0 if h.provisional else ESTABLISHED)
            args += [h.identity, str(before), json.dumps([repr(h.rating.r), repr(h.rating.rd), repr(h.rating.vol), str(h.matches), h.name or ""]), repr(score)]
        done = int(self.store._call(self._settle, keys=keys, args=args))
        if done == -1:
            raise Stale(code)
        return done == 1


def pair_scores(match: Match, seat: int, other: int) -> list[float]:
    """``seat``'s score against ``other`` in each round played out (a redeal is no game)."""
    scores = []
    for state in match.rounds:
        outcome = state.outcome
        if outcome is None or outcome.end == "redeal":
            continue
        scores.append(1.0 if outcome.winner == seat else 0.0 if outcome.winner == other else 0.5)
    return scores


def left_scores(match: Match, seat: int, other: int, leavers: Collection[int]) -> list[float]:
    """The games between ``seat`` and ``other`` of a match (``leavers``: the seats
    that left it before its end, none if it ended)."""
    gone, other_gone = seat in leavers, other in leavers
    if gone and other_gone:
        return []
    if not gone and not other_gone:
        return pair_scores(match, seat, other)
    played = len(pair_scores(match, seat, other)) + 1  # and the round abandoned
    return [0.0 if gone else 1.0] * played


class ServerRatings:
    """``server.ratings``: each identity's rating per family on this server."""

    def __init__(self, book: RatingBook | None = None):
        self.book: RatingBook = book if book is not None else MemoryRatingBook()

    @classmethod
    def of(cls, store: Any) -> ServerRatings:
        """The ratings a table store keeps: in its SQLite file, in its Redis, or in memory."""
        from game.net.server.cluster.redis_store import RedisStore
        from game.net.server.store import Store

        if isinstance(store, Store):
            return cls(SqliteRatingBook(store))
        if isinstance(store, RedisStore):
            return cls(RedisRatingBook(store))
        return cls(MemoryRatingBook())

    # Reading ------------------------------------------------------------------------
    def rating_of(self, identity_id: str, family: str) -> ServerRating:
        """The identity's rating in ``family`` (a newcomer's, provisional, if it has none)."""
        held = self.book.get(identity_id, family)
        return held.shown() if held is not None else NEW

    def leaderboard(self, family: str, limit: int = LEADERBOARD) -> list[Placed]:
        """The top ``limit`` (at most ``LEADERBOARD``) of ``family``, best first."""
        rows = self.book.top(family, max(0, min(limit, LEADERBOARD)))
        return [Placed(i + 1, h.identity, h.name, h.shown()) for i, h in enumerate(rows)]

    def place_of(self, identity_id: str, family: str) -> int | None:
        """The identity's place on ``family``'s leaderboard (1: the top); None if unrated there."""
        return self.book.place(identity_id, family)

    def count(self, family: str) -> int:
        return self.book.count(family)

    # Rating -------------------------------------------------------------------------
    def settle(self, code: str, match: Match, seats: Sequence[SeatRow], leavers: Collection[int] = ()) -> list[Change]:
        """Rate table ``code``'s ``match`` (over, or left by ``leavers``), once: a
        table rated already rates nothing. ``StoreError`` if the book cannot be written."""
        for _attempt in range(5):
            try:
                return self._settle(code, match, seats, leavers)
            except Stale:
                continue
        return []

    def _settle(self, code: str, match: Match, seats: Sequence[SeatRow], leavers: Collection[int]) -> list[Change]:
        if not match.rounds or (not leavers and not match.over) or self.book.settled(code):
            return []
        family = family_of(match.rules.base)
        holding: dict[str, list[int]] = {}
        for i, s in enumerate(seats):
            if s.kind == "remote" and s.identity:
                holding.setdefault(s.identity, []).append(i)
        # One identity at two seats plays nobody (and nobody plays it).
        rated = {at[0]: identity for identity, at in holding.items() if len(at) == 1}
        if not rated:
            return []
        before = {seat: self.book.get(identity, family) for seat, identity in rated.items()}
        changes: list[Change] = []
        written: list[Held] = []
        counts: list[int] = []
        for seat, identity in rated.items():
            games = list(self._games(match, seats, seat, rated, before, leavers))
            if not games:
                continue
            held = before[seat]
            start = held.rating if held is not None else Rating()
            after = update(start, games)
            matches = held.matches if held is not None else 0
            written.append(Held(identity, family, after, matches + 1, seats[seat].name))
            counts.append(matches)
            changes.append(Change(identity, family, start, after, len(games)))
        if not written:
            return []
        return changes if self.book.settle(code, written, counts) else []

    @staticmethod
    def _games(
        match: Match, seats: Sequence[SeatRow], seat: int, rated: dict[int, str], before: dict[int, Held | None], leavers: Collection[int]
    ) -> Iterable[Game]:
        for other, row in enumerate(seats):
            if other == seat:
                continue
            if other in rated:
                held = before[other]
                opponent = (held.rating.r, held.rating.rd) if held is not None else (Rating().r, Rating().rd)
            elif row.kind == "computer":
                found = ladder_rating(match.rules.base, row.level)
                if found is None:
                    continue
                opponent = found
            else:  # a person without an identity (or one at two seats): no games
                continue
            for score in left_scores(match, seat, other, leavers):
                yield Game(opponent[0], opponent[1], score)


def read_family(value: Any) -> str:
    """A family asked for by a client (``ProtocolError`` for anything else)."""
    from game.net.shared.protocol import ProtocolError

    if not isinstance(value, str) or value not in FAMILIES:
        raise ProtocolError(f"family must be one of {', '.join(FAMILIES)}", "bad_family", families=list(FAMILIES))
    return value


def rating_json(rating: ServerRating) -> dict[str, Any]:
    return {"rating": round(rating.rating, 1), "rd": round(rating.rd, 1), "provisional": rating.provisional, "matches": rating.matches}


def ratings_json(ratings: ServerRatings, identity_id: str) -> dict[str, dict[str, Any]]:
    """An identity's rating in every family (``hello``'s ``identity.ratings``): a
    newcomer's, provisional, where it has none."""
    return {family: rating_json(ratings.rating_of(identity_id, family)) for family in FAMILIES}


class Rated(Protocol):
    """What a leaderboard is answered from: the server's ratings and identities
    (``endpoint.Server``; named here by what is read, not imported back)."""

    ratings: ServerRatings
    identities: Identities


def leaderboard_answer(server: Rated, conn: Conn, msg: dict[str, Any]) -> dict[str, Any]:
    """The ``leaderboard`` answer to ``msg`` (``{"type": "leaderboard", "family": F}``):
    the family's top ``LEADERBOARD``, each by the name its identity holds on the
    server (or the one it last played under), and the asker's own rating and place
    (``you``) if the connection has an identity. Identity ids are never sent."""
    from game.net.shared.protocol import ProtocolError
    from game.net.server.store import StoreError

    if conn.protocol < 2:
        raise ProtocolError("unknown message type 'leaderboard'", "unknown_type")
    family = read_family(msg.get("family"))
    ratings, identities, mine = server.ratings, server.identities, conn.identity
    try:
        top = ratings.leaderboard(family)
        rows = []
        for placed in top:
            name = identities.name_of(placed.identity)
            row = {"place": placed.place, "name": name or placed.name or "", **rating_json(placed.rating)}
            if placed.identity == mine:
                row["you"] = True
            rows.append(row)
        answer: dict[str, Any] = {"type": "leaderboard", "family": family, "count": ratings.count(family), "top": rows}
        if mine is not None:
            answer["you"] = {"place": ratings.place_of(mine, family), **rating_json(ratings.rating_of(mine, family))}
    except StoreError as err:
        raise ProtocolError(f"the server cannot read its ratings now ({err})", "store_failed", why=str(err)) from None
    return answer


__all__ = [
    "Change",
    "Held",
    "LEADERBOARD",
    "MemoryRatingBook",
    "NEW",
    "Placed",
    "RatingBook",
    "RedisRatingBook",
    "ServerRating",
    "ServerRatings",
    "SqliteRatingBook",
    "leaderboard_answer",
    "left_scores",
    "pair_scores",
    "rating_json",
    "ratings_json",
    "read_family",
]
