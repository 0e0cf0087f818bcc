"""The tables of a server hosted by the app, kept without SQLite: one file per table
in a folder, one JSON line per change (created, a seat taken, the state, each
action), appended and flushed before anyone is told of it. Replaying a file's
lines rebuilds its table after the app (or its server thread) stopped, exactly as
the SQLite store does for a dedicated server (game/net/server/store.py); the desktop app
ships without SQLite (1.5 MB of its 32 MB budget, see docs/network.md).

A killed process loses nothing written (each line is handed to the system in
one write); a power cut may lose the last moments, as with the SQLite store's
WAL. A file cut short in a line keeps every line before it; a file that cannot
be read is left out (and said in the log), never a crash. A write that fails (a
full disk, a read-only folder) is taken back to the last whole line and raises
``StoreError``: the file never holds a gap. The file of a table that was put
away (done, abandoned, closed) is removed the next time the tables are listed.
Each file holds its table's secret seed: it is the user's alone (0600).

No pygame here.
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any

from game.net.server.store import PRIVATE_FILE, RESUMED_STATES, SeatRow, StoreError, TableRow, make_private, private_folder, why

log = logging.getLogger("matador.server")

SUFFIX = ".table.jsonl"
FORMAT = "matador-table/1"
_CODE = re.compile(r"^[A-Z0-9]{4}-(?:[A-Z0-9]{2}|[A-Z0-9]{4})$")
MAX_FILE = 4 << 20  # a table's file is a few KB; anything larger is not one of ours


def _seat_json(s: SeatRow) -> dict[str, Any]:
    entry = {"name": s.name, "kind": s.kind, "level": s.level, "token_hash": s.token_hash}
    if s.identity is not None:
        entry["identity"] = s.identity
    return entry


def _seat_row(data: Any) -> SeatRow:
    if not isinstance(data, dict) or data.get("kind") not in ("open", "remote", "computer"):
        raise ValueError("a seat is not one")
    name, level, token, identity = data.get("name"), data.get("level"), data.get("token_hash"), data.get("identity")
    for value in (name, level, token, identity):
        if value is not None and not isinstance(value, str):
            raise ValueError("a seat's field is not text")
    return SeatRow(name, str(data["kind"]), level, token, identity)


class JournalStore:
    """The same methods as ``game.net.server.store.Store``, over one file per table."""

    def __init__(self, folder: Path):
        try:
            private_folder(folder)
        except OSError as err:
            raise StoreError(why(err)) from err
        self.path = folder
        self._open: dict[str, tuple[int, int]] = {}  # code -> (file descriptor, size in bytes)

    def _file(self, code: str) -> Path:
        if not _CODE.match(code):
            raise ValueError(f"not a table code: {code!r}")
        return self.path / f"{code}{SUFFIX}"

    def _append(self, code: str, entry: dict[str, Any]) -> None:
        line = (json.dumps(entry, separators=(",", ":")) + "\n").encode("utf-8")
        try:
            fd, size = self._open.get(code) or self._open_file(code)
            self._open[code] = (fd, size)
            written = 0
            try:
                while written < len(line):  # in the system's hands before anyone is told
                    written += os.write(fd, line[written:])
            except OSError:
                try:
                    os.ftruncate(fd, size)  # no half line: the file ends on its last whole one
                except OSError:
                    pass
                self._close(code)
                raise
            self._open[code] = (fd, size + len(line))
        except OSError as err:
            raise StoreError(why(err)) from err

    def _open_file(self, code: str) -> tuple[int, int]:
        path = self._file(code)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, PRIVATE_FILE)
        try:
            make_private(path)  # (a file an earlier version left readable by all)
            size = os.fstat(fd).st_size
            if size:
                os.lseek(fd, max(0, size - 1), os.SEEK_SET)
                if os.read(fd, 1) != b"\n":  # a line the last process did not finish: it goes
                    data = path.read_bytes()
                    size = data.rfind(b"\n") + 1
                    os.ftruncate(fd, size)
        except OSError:
            os.close(fd)
            raise
        return fd, size

    def close(self) -> None:
        for code in list(self._open):
            self._close(code)

    def checkpoint(self) -> None:
        """Nothing to copy: every line is in its file already."""

    def identity_book(self) -> Any:
        """The identities of the tables hosted here: one file beside theirs
        (game/net/server/identities.py)."""
        from game.net.server.identities import FILE_NAME, FileBook

        return FileBook(self.path / FILE_NAME)

    # Writing --------------------------------------------------------------------------
    def create(self, row: TableRow) -> None:
        self._append(
            row.code,
            {
                "format": FORMAT,
                "code": row.code,
                "base": row.base,
                "players": row.players,
                "options": row.options,
                "seed": str(row.seed),
                "host": row.host,
                "state": row.state,
                "seats": [_seat_json(s) for s in row.seats],
                "listed": row.listed,
            },
        )

    def set_seat(self, code: str, seat: int, s: SeatRow) -> None:
        self._append(code, {"seat": seat, "row": _seat_json(s)})

    def set_state(self, code: str, state: str) -> None:
        self._append(code, {"state": state})
        if state not in RESUMED_STATES:
            self._close(code)

    def add_action(self, code: str, n: int, seat: int, action: dict[str, Any], state: str) -> None:
        self._append(code, {"n": n, "action": action, "state": state})

    def set_barred(self, code: str, barred: list[str]) -> None:
        self._append(code, {"barred": barred})

    def set_watchable(self, code: str, watchable: bool) -> None:
        self._append(code, {"watchable": watchable})

    def set_listed(self, code: str) -> None:
        self._append(code, {"listed": True})

    def rename(self, code: str, new: str) -> None:
        """The file takes the new code's name, and says the new code in a line."""
        old_path, new_path = self._file(code), self._file(new)
        try:
            os.rename(old_path, new_path)
        except OSError as err:
            raise StoreError(why(err)) from err
        opened = self._open.pop(code, None)
        if opened is not None:
            self._open[new] = opened
        try:
            self._append(new, {"renamed": new})
        except StoreError:
            self._close(new)  # (opened again when next written)
            os.rename(new_path, old_path)
            raise

    def _close(self, code: str) -> None:
        opened = self._open.pop(code, None)
        if opened is not None:
            try:
                os.close(opened[0])
            except OSError:
                pass

    # Reading --------------------------------------------------------------------------
    def code_taken(self, code: str) -> bool:
        return self._file(code).exists()

    def live_tables(self) -> list[TableRow]:
        """Every table in its lobby, in play or over and not put away (``RESUMED_STATES``),
        as its file's lines leave it; the files of tables put away go."""
        tables = []
        for path in sorted(self.path.glob(f"*{SUFFIX}"), key=lambda p: p.stat().st_mtime):
            try:
                row = read_table(path)
            except (OSError, ValueError, KeyError, TypeError) as err:
                log.warning("the table in %s cannot be read: %s", path.name, err)
                continue
            if row.state in RESUMED_STATES:
                tables.append(row)
            else:
                try:
                    path.unlink()
                except OSError:
                    pass
        return tables


def read_table(path: Path) -> TableRow:
    """A table's file read back (``ValueError`` if it is not one); a last line cut
    short, as a killed process may leave it, is left out."""
    if path.stat().st_size > MAX_FILE:
        raise ValueError("too large to be a table")
    lines = path.read_text(encoding="utf-8").split("\n")
    entries: list[Any] = []
    for number, line in enumerate(lines):
        if not line.strip():
            continue
        try:
            entries.append(json.loads(line))
        except json.JSONDecodeError:
            if number >= len(lines) - 2:  # the last line, written when the process died
                break
            raise ValueError(f"line {number + 1} is not JSON") from None
    if not entries or not isinstance(entries[0], dict) or entries[0].get("format") != FORMAT:
        raise ValueError("it is not a table's file")
    head = entries[0]
    seats = [_seat_row(s) for s in head["seats"]]
    players, host, options = head["players"], head["host"], head["options"]
    if not isinstance(players, int) or len(seats) != players or not isinstance(host, int) or not isinstance(options, dict):
        raise ValueError("the table's head is not one")
    row = TableRow(str(head["code"]), str(head["base"]), players, options, int(head["seed"]), host, str(head["state"]), seats)
    row.listed = head.get("listed") is True
    for entry in entries[1:]:
        if not isinstance(entry, dict):
            raise ValueError("a line is not an object")
        if "row" in entry:
            seat = entry["seat"]
            if not isinstance(seat, int) or not 0 <= seat < players:
                raise ValueError("a seat number is not one")
            row.seats[seat] = _seat_row(entry["row"])
        elif "action" in entry:
            if entry["n"] != len(row.actions) or not isinstance(entry["action"], dict):
                raise ValueError("an action is out of order")
            row.actions.append(entry["action"])
            row.state = str(entry["state"])
        elif "state" in entry:
            row.state = str(entry["state"])
        elif "barred" in entry:
            barred = entry["barred"]
            if not isinstance(barred, list) or not all(isinstance(b, str) for b in barred):
                raise ValueError("the barred identities are not a list of them")
            row.barred = list(barred)
        elif "watchable" in entry:
            if not isinstance(entry["watchable"], bool):
                raise ValueError("whether watchers are let in is not true or false")
            row.watchable = entry["watchable"]
        elif "listed" in entry:
            if entry["listed"] is not True:
                raise ValueError("a table listed is not listed true")
            row.listed = True
        elif "renamed" in entry:
            if not isinstance(entry["renamed"], str) or not _CODE.match(entry["renamed"]):
                raise ValueError("a new code is not one")
            row.code = entry["renamed"]
    return row
