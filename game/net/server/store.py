"""The server's tables on disk: SQLite (standard library), WAL mode.

Each table is its rules, its secret seed and its seats; its match is the list of
actions played, one row each, written in one transaction per action. Deals
come from the seed, so replaying the rows rebuilds every table exactly after a
restart or a kill -9. A seat's token is kept only as a hash.

The files hold each table's secret seed: they are the user's alone (0600, in a
folder of 0700), like every other user file. A write that fails (a full disk, a
read-only folder) raises ``StoreError`` with a reason a person can read; the
table that wrote stops (game/net/server/table.py), never plays on unstored.
"""

from __future__ import annotations

import errno
import json
import os
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import sqlite3

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    base TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    host INTEGER NOT NULL,
    state TEXT NOT NULL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT,
    kind TEXT NOT NULL,
    level TEXT,
    token_hash TEXT,
    identity TEXT,
    PRIMARY KEY (code, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, n)
);
CREATE TABLE IF NOT EXISTS identities (
    id TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL UNIQUE,
    name TEXT,
    skeleton TEXT UNIQUE,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT
);
"""

LIVE_STATES = ("lobby", "playing")  # a table still being set up or played
# Resumed when the server starts: besides the live ones, a table whose match is over
# but whose seats may not all have been told (its end is told again to who comes back).
# "done": over and put away; "abandoned": nobody came back; "closed": its host closed it.
RESUMED_STATES = (*LIVE_STATES, "over")
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700


class StoreError(OSError):
    """A write that did not reach the disk; ``str`` is a reason a person can read."""


class FencedOut(StoreError):
    """A table's write refused because this process no longer holds its lease (a
    cluster on Redis, game/net/server/cluster/redis_store.py): another process referees it
    now, and this one gives it up at once, telling nothing more of it."""


def why(err: BaseException) -> str:
    """A failed write's reason, in words: a full disk and a read-only folder said as such."""
    number = getattr(err, "errno", None)
    text = str(err)
    lower = text.lower()
    if number in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG) or "disk is full" in lower or "disk full" in lower:
        return "the disk is full"
    if number in (errno.EROFS, errno.EACCES, errno.EPERM) or "readonly" in lower or "read-only" in lower:
        return "the data folder cannot be written (read-only)"
    return " ".join(text.split())[:160] or type(err).__name__


def private_folder(folder: Path) -> None:
    """Make ``folder`` (and its parents) and keep it the user's alone."""
    folder.mkdir(parents=True, exist_ok=True)
    try:
        os.chmod(folder, PRIVATE_FOLDER)
    except OSError:  # not ours to change (a shared mount): the files inside are private still
        pass


def make_private(path: Path) -> None:
    """``path`` readable and writable by the user alone (if it exists)."""
    try:
        os.chmod(path, PRIVATE_FILE)
    except FileNotFoundError:
        pass


@dataclass
class SeatRow:
    name: str | None
    kind: str  # "open", "remote" or "computer"
    level: str | None = None
    token_hash: str | None = None
    identity: str | None = None  # who sits there (game/net/server/identities.py); None: an older client, a computer, nobody


@dataclass
class TableRow:
    code: str
    base: str
    players: int
    options: dict[str, Any]
    seed: int
    host: int
    state: str
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[dict[str, Any]] = field(default_factory=list)
    listed: bool = False  # open to anyone on this server: its lobby is listed (``list``)
    barred: list[str] = field(default_factory=list)  # identities the host removed: no seat here again (host_powers.remove)
    watchable: bool = True  # the host lets people watch it (game/net/server/watchers.py)


class TableStore(Protocol):
    """Where a server keeps its tables: ``Store`` (SQLite, a dedicated server) or
    ``game.net.server.journal.JournalStore`` (a file per table, a server hosted by the app)."""

    path: Path

    def close(self) -> None: ...

    def checkpoint(self) -> None: ...

    def create(self, row: TableRow) -> None: ...

    def set_seat(self, code: str, seat: int, s: SeatRow) -> None: ...

    def set_state(self, code: str, state: str) -> None: ...

    def add_action(self, code: str, n: int, seat: int, action: dict[str, Any], state: str) -> None: ...

    def code_taken(self, code: str) -> bool: ...

    def live_tables(self) -> list[TableRow]: ...

    def set_barred(self, code: str, barred: list[str]) -> None: ...

    def set_watchable(self, code: str, watchable: bool) -> None:
        """The host opened (True) or closed the table to watchers."""

    def set_listed(self, code: str) -> None:
        """The table is open to anyone from now on: listed (in its lobby) or listed
        being played, to be watched (a cluster's *Play now* table, once started)."""

    def rename(self, code: str, new: str) -> None:
        """The table ``code`` is ``new`` from now on (its host gave it a new code)."""


class Store:
    """One SQLite file; every method is one transaction. ``StoreError`` when the
    folder cannot be written, at once (a write is tried when it opens)."""

    def __init__(self, path: Path):
        import sqlite3  # here: the desktop app, which hosts with JournalStore, ships without SQLite

        self.path = path
        with store_errors():
            private_folder(path.parent)
            if not path.exists():  # created private: SQLite gives its -wal and -shm the same mode
                os.close(os.open(path, os.O_RDWR | os.O_CREAT, PRIVATE_FILE))
            for each in self.files():
                make_private(each)  # (a file an earlier version left readable by all)
            self.db: sqlite3.Connection = sqlite3.connect(str(path), isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")  # WAL: a killed process loses nothing committed
            # Checkpoints (which wait for the disk) are not run by the writes on the
            # event loop but by ``checkpoint`` on a thread of its own.
            self.db.execute("PRAGMA wal_autocheckpoint=0")
            self.db.executescript(SCHEMA)
            columns = {name for _, name, *_rest in self.db.execute("PRAGMA table_info(tables)")}
            if "listed" not in columns:  # (a store of an earlier version)
                self.db.execute("ALTER TABLE tables ADD COLUMN listed INTEGER NOT NULL DEFAULT 0")
            if "barred" not in columns:
                self.db.execute("ALTER TABLE tables ADD COLUMN barred TEXT NOT NULL DEFAULT '[]'")
            if "watchable" not in columns:  # (a store of a version before watchers)
                self.db.execute("ALTER TABLE tables ADD COLUMN watchable INTEGER NOT NULL DEFAULT 1")
            seat_columns = {name for _, name, *_rest in self.db.execute("PRAGMA table_info(seats)")}
            if "identity" not in seat_columns:  # (a store of an earlier version: its seats have none)
                self.db.execute("ALTER TABLE seats ADD COLUMN identity TEXT")
            self._write(("INSERT OR REPLACE INTO meta VALUES ('opened', ?)", (str(time.time()),)))  # the folder takes writes
            for each in self.files():
                make_private(each)

    def files(self) -> list[Path]:
        """The database and its write-ahead log and shared memory files."""
        return [self.path, self.path.with_name(self.path.name + "-wal"), self.path.with_name(self.path.name + "-shm")]

    def close(self) -> None:
        self.db.close()

    def checkpoint(self) -> None:
        """Copy the write-ahead log into the database (run off the event loop:
        it has a connection of its own)."""
        import sqlite3

        db = sqlite3.connect(str(self.path), isolation_level=None)
        try:
            db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def _write(self, *statements: tuple[str, tuple[Any, ...]]) -> None:
        with store_errors():
            with self.db:
                self.db.execute("BEGIN")
                for sql, args in statements:
                    self.db.execute(sql, args)

    def create(self, row: TableRow) -> None:
        now = time.time()
        statements: list[tuple[str, tuple[Any, ...]]] = [
            (
                "INSERT INTO tables (code, base, players, options, seed, host, state, created, updated, listed, watchable) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.code, row.base, row.players, json.dumps(row.options), str(row.seed), row.host, row.state, now, now, int(row.listed), int(row.watchable)),
            )
        ]
        for seat, s in enumerate(row.seats):
            statements.append(
                (
                    "INSERT INTO seats (code, seat, name, kind, level, token_hash, identity) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (row.code, seat, s.name, s.kind, s.level, s.token_hash, s.identity),
                )
            )
        self._write(*statements)

    def set_seat(self, code: str, seat: int, s: SeatRow) -> None:
        self._write(
            (
                "UPDATE seats SET name = ?, kind = ?, level = ?, token_hash = ?, identity = ? WHERE code = ? AND seat = ?",
                (s.name, s.kind, s.level, s.token_hash, s.identity, code, seat),
            )
        )

    def set_state(self, code: str, state: str) -> None:
        self._write(("UPDATE tables SET state = ?, updated = ? WHERE code = ?", (state, time.time(), code)))

    def add_action(self, code: str, n: int, seat: int, action: dict[str, Any], state: str) -> None:
        """One action played, in its own transaction (with the table's state)."""
        self._write(
            ("INSERT INTO actions VALUES (?, ?, ?, ?)", (code, n, seat, json.dumps(action))),
            ("UPDATE tables SET state = ?, updated = ? WHERE code = ?", (state, time.time(), code)),
        )

    def set_barred(self, code: str, barred: list[str]) -> None:
        self._write(("UPDATE tables SET barred = ?, updated = ? WHERE code = ?", (json.dumps(barred), time.time(), code)))

    def set_watchable(self, code: str, watchable: bool) -> None:
        self._write(("UPDATE tables SET watchable = ?, updated = ? WHERE code = ?", (int(watchable), time.time(), code)))

    def set_listed(self, code: str) -> None:
        self._write(("UPDATE tables SET listed = 1, updated = ? WHERE code = ?", (time.time(), code)))

    def rename(self, code: str, new: str) -> None:
        self._write(
            ("UPDATE tables SET code = ?, updated = ? WHERE code = ?", (new, time.time(), code)),
            ("UPDATE seats SET code = ? WHERE code = ?", (new, code)),
            ("UPDATE actions SET code = ? WHERE code = ?", (new, code)),
        )

    def code_taken(self, code: str) -> bool:
        return self.db.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is not None

    def live_tables(self) -> list[TableRow]:
        """Every table to resume (``RESUMED_STATES``: in the lobby, in play, or over
        and not yet put away), with its seats and actions."""
        rows = self.db.execute(
            "SELECT code, base, players, options, seed, host, state, listed, barred, watchable FROM tables WHERE state IN (?, ?, ?) ORDER BY created",
            RESUMED_STATES,
        ).fetchall()
        tables = []
        for code, base, players, options, seed, host, state, listed, barred, watchable in rows:
            row = TableRow(code, base, players, json.loads(options), int(seed), host, state, listed=bool(listed), barred=_barred(barred), watchable=bool(watchable))
            for name, kind, level, token, identity in self.db.execute(
                "SELECT name, kind, level, token_hash, identity FROM seats WHERE code = ? ORDER BY seat", (code,)
            ):
                row.seats.append(SeatRow(name, kind, level, token, identity))
            row.actions = [
                json.loads(text) for (text,) in self.db.execute("SELECT action FROM actions WHERE code = ? ORDER BY n", (code,))
            ]
            tables.append(row)
        return tables

    def identity_book(self) -> SqliteBook:
        """The identities of this server, in the same file (game/net/server/identities.py)."""
        return SqliteBook(self)


class SqliteBook:
    """The identities of a dedicated server in its SQLite file (``identities``)."""

    def __init__(self, store: Store):
        self.store = store

    def find(self, hashed: str) -> str | None:
        with store_errors():
            found = self.store.db.execute("SELECT id FROM identities WHERE secret_hash = ?", (hashed,)).fetchone()
        return str(found[0]) if found else None

    def add(self, identity: str, hashed: str) -> None:
        self.store._write(("INSERT INTO identities (id, secret_hash, created) VALUES (?, ?, ?)", (identity, hashed, time.time())))

    def name(self, identity: str) -> str | None:
        with store_errors():
            found = self.store.db.execute("SELECT name FROM identities WHERE id = ?", (identity,)).fetchone()
        return str(found[0]) if found and found[0] is not None else None

    def holder(self, shape: str) -> str | None:
        with store_errors():
            found = self.store.db.execute("SELECT id FROM identities WHERE skeleton = ?", (shape,)).fetchone()
        return str(found[0]) if found else None

    def rename(self, identity: str, name: str, shape: str) -> bool:
        import sqlite3

        try:
            self.store._write(("UPDATE identities SET name = ?, skeleton = ? WHERE id = ?", (name, shape, identity)))
        except StoreError as err:
            if isinstance(err.__cause__, sqlite3.IntegrityError):  # the skeleton is another identity's
                return False
            raise
        return True


def _barred(text: Any) -> list[str]:
    try:
        found = json.loads(text) if isinstance(text, str) else []
    except ValueError:
        return []
    return [str(each) for each in found if isinstance(each, str)] if isinstance(found, list) else []


class store_errors:
    """``with store_errors():`` turns a failed write (an ``OSError`` or
    SQLite's error) into ``StoreError`` with its reason in words."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: Any) -> None:
        if err is None or isinstance(err, StoreError):
            return
        import sqlite3

        if isinstance(err, (OSError, sqlite3.Error)):
            raise StoreError(why(err)) from err
