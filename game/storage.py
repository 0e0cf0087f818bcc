"""JSON files in the player's directories: read safely, written atomically.

A file that cannot be read (corrupt, truncated, of a newer version, holding a
number JSON cannot carry back, or simply not what we expect) is moved aside as
``NAME.broken-YYYYmmdd-HHMMSS``, never deleted, and the caller gets one line to
show on screen and carries on with defaults. Only regular files are read (a
FIFO or a device where a file should be would hang or flood the game), and
nothing larger than ``MAX_BYTES``.

Numbers are held to what the game can use: integers within 128 bits (a
server's secret deal seed, kept in each player's record, is 128 bits), finite
floats; ``NaN``, ``Infinity`` and ``1e999`` make the file broken (Python's
``json`` would read them, and write ``Infinity`` back, which no JSON reader
takes).

Writes go through ``save_json`` (a temporary ``.NAME.*.tmp`` file, flushed,
then renamed over the old one), so an interrupted write leaves the old file
whole; ``remove_stale_temporaries`` sweeps up the temporary files such an
interruption leaves behind.
"""

from __future__ import annotations

import json
import logging
import math
import os
import stat
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from game.i18n import N_, _
from game.resources import write_atomically

log = logging.getLogger(__name__)

MAX_BYTES = 32 * 1024 * 1024  # no file of ours comes near (200 kept matches are each well under 1 MB)
INT_LIMIT = 2**128 - 1  # the largest integer (either sign) a file may hold (a server's deal seed)
INT_DIGITS = len(str(INT_LIMIT))
STALE_TMP_S = 15.0  # a temporary file older than this is left over from an interrupted write


class UnreadableFile(ValueError):
    """Raised by a validator: the file's content cannot be used. ``detail``, if
    given, says more for a command line (where the player sees one line)."""

    def __init__(self, reason: str, detail: str | None = None):
        super().__init__(reason)
        self.detail = detail


@dataclass
class Loaded:
    """What ``load_json`` found: the data (None if there was none or it was moved
    aside) and a message for the player, if something was wrong."""

    data: Any
    message: str | None = None
    moved_to: Path | None = None


# Reading -----------------------------------------------------------------------
def _int(text: str) -> int:
    if len(text.lstrip("-")) > INT_DIGITS:
        raise UnreadableFile(N_("it holds a number too large to be right"))
    value = int(text)
    if abs(value) > INT_LIMIT:
        raise UnreadableFile(N_("it holds a number too large to be right"))
    return value


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise UnreadableFile(N_("it holds a number too large to be right"))
    return value


def _constant(name: str) -> Any:
    raise UnreadableFile(_("it holds {name}, which is not a number").format(name=name))


def parse_json(text: str) -> Any:
    """JSON text as data, holding numbers to what the game can use;
    ``UnreadableFile`` with the reason if it cannot be read."""
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except UnreadableFile:
        raise
    except RecursionError:
        raise UnreadableFile(N_("it nests too deeply"), "the JSON nests too deeply") from None
    except json.JSONDecodeError as err:
        raise UnreadableFile(N_("it is damaged or incomplete"), f"not valid JSON ({err.msg} at line {err.lineno})") from None
    except ValueError:  # any number Python cannot convert
        raise UnreadableFile(N_("it is damaged or incomplete")) from None


def read_regular(path: Path, limit: int | None = None) -> bytes | None:
    """The bytes of the regular file ``path``; None if there is none.

    ``UnreadableFile`` if something else stands there (a FIFO, a folder, a
    device) or it is larger than ``limit``; ``OSError`` if it cannot be read.
    A FIFO is opened without waiting for a writer, so it never hangs.
    """
    limit = MAX_BYTES if limit is None else limit
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except IsADirectoryError:
        raise UnreadableFile(N_("a folder stands where the file should be")) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise UnreadableFile("a folder stands where the file should be")
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableFile(N_("it is not a regular file"))
        if info.st_size > limit:
            raise UnreadableFile(N_("it is far too large"))
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:
                raise UnreadableFile(N_("it is far too large"))
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def move_aside(path: Path) -> Path:
    """Rename an unreadable file to ``NAME.broken-YYYYmmdd-HHMMSS`` next to it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while os.path.lexists(target):
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        n += 1
    path.replace(target)
    return target


def _reason(err: BaseException) -> str:
    """Why a file could not be used, in the player's language (the system's own
    words for an OSError; the reasons given to ``UnreadableFile`` are marked with ``N_``)."""
    if isinstance(err, UnreadableFile):
        return _(str(err))
    if isinstance(err, PermissionError):
        return _("permission denied")
    if isinstance(err, OSError):
        return err.strerror.lower() if err.strerror else _("it cannot be opened")
    return _("it is damaged or incomplete")


# What the player is told about each file, by how the code names it (``what``).
NOT_READ = {
    "settings": N_("Your settings could not be read ({reason})."),
    "statistics": N_("Your statistics could not be read ({reason})."),
    "saved game": N_("Your saved game could not be read ({reason})."),
    "past match": N_("A past match could not be read ({reason})."),
    "list of past matches": N_("Your list of past matches could not be read ({reason})."),
    "seats at network tables": N_("Your seats at network tables could not be read ({reason})."),
    "ratings": N_("Your ratings could not be read ({reason})."),
    "review": N_("A review of a past match could not be read ({reason})."),
    "reviews": N_("Your list of reviews could not be read ({reason})."),
    "puzzles": N_("Your puzzles could not be read ({reason})."),
    "lessons finished": N_("Which lessons you finished could not be read ({reason})."),
    "known servers": N_("The certificates of servers you trusted could not be read ({reason}); they will be asked about again."),
    "identities on servers": N_("Who you are on network servers could not be read ({reason}); each server will give you a new identity."),
}
NOT_SAVED = {
    "match": N_("Your match could not be saved ({reason}); the last saved copy is kept."),
    "statistics": N_("Your statistics could not be saved ({reason}); the last saved copy is kept."),
    "settings": N_("Your settings could not be saved ({reason}); the last saved copy is kept."),
    "list of past matches": N_("Your list of past matches could not be saved ({reason}); the last saved copy is kept."),
    "seats at network tables": N_(
        "Your seats at network tables could not be saved ({reason}); the last saved copy is kept."
    ),
    "finished match": N_("Your finished match could not be saved ({reason}); the last saved copy is kept."),
    "ratings": N_("Your ratings could not be saved ({reason}); the last saved copy is kept."),
    "review": N_("A review of a past match could not be saved ({reason})."),
    "reviews": N_("Your list of reviews could not be saved ({reason}); the last saved copy is kept."),
    "puzzles": N_("Your puzzles could not be saved ({reason}); the last saved copy is kept."),
    "lessons finished": N_("Which lessons you finished could not be saved ({reason})."),
    "known servers": N_("The certificate you trusted could not be saved ({reason})."),
    "identities on servers": N_("Who you are on a network server could not be saved ({reason}); it will give you a new identity next time."),
    "game files": N_("Your game files could not be saved ({reason}); the last saved copy is kept."),
}


def not_read(what: str, reason: str) -> str:
    template = NOT_READ.get(what)
    if template is None:
        return _("A file of the game could not be read ({reason}).").format(reason=reason)
    return _(template).format(reason=reason)


def load_json(path: Path, what: str, validate: Callable[[Any], Any] | None = None) -> Loaded:
    """Read ``path`` as JSON and pass it through ``validate``.

    Missing file: ``Loaded(None)``. Anything unreadable: the file is moved aside
    and ``Loaded(None, message)`` says so in one line a player understands
    (what happens next, such as defaults, is the caller's to add). Never raises.
    """
    try:
        raw = read_regular(path)
        if raw is None:
            return Loaded(None)
        data = parse_json(raw.decode("utf-8"))
        if validate is not None:
            data = validate(data)
        return Loaded(data)
    except Exception as err:  # whatever the file did to the reader: it is broken
        reason = _reason(err)
        try:
            moved = move_aside(path)
        except OSError:
            log.exception("could not move %s aside", path)
            return Loaded(None, not_read(what, reason))
        log.warning("moved unreadable %s to %s: %r", what, moved, err)
        kept = _("It was kept as {name}.").format(name=moved.name)
        return Loaded(None, f"{not_read(what, reason)} {kept}", moved)


def exists(path: Path) -> bool:
    """Whether something stands at ``path`` (False, not an error, if its folder cannot be read)."""
    try:
        return os.path.lexists(path)
    except OSError:
        return False


# Writing -----------------------------------------------------------------------
def dump_json(data: Any) -> str:
    """``data`` as the JSON we write (``ValueError`` for NaN or infinity: never written)."""
    return json.dumps(data, indent=1, sort_keys=True, allow_nan=False) + "\n"


WRITTEN_AS = {  # how the player knows each of our files
    "current-match.json": "match",
    "statistics.json": "statistics",
    "settings.json": "settings",
    "index.json": "list of past matches",
    "network-seats.json": "seats at network tables",
    "ratings.json": "ratings",
    "reviews.json": "reviews",
    "puzzles.json": "puzzles",
    "lessons-done.json": "lessons finished",
    "known-servers.json": "known servers",
    "server-identities.json": "identities on servers",
}


def written_as(path: Path) -> str:
    if path.name.endswith(".review.json"):
        return "review"
    if path.name.startswith("match-"):
        return "finished match"
    return WRITTEN_AS.get(path.name, "game files")


class WriteTroubles:
    """Writes that failed, to be told to the player once: a file that keeps
    failing is told about once, and again only after it was written again
    (thread-safe: the autosave writes off the drawing thread)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failing: set[str] = set()
        self._untold: list[str] = []

    def failed(self, what: str, err: BaseException) -> None:
        reason = _reason(err) if isinstance(err, OSError) else _("it could not be written")
        with self._lock:
            if what in self._failing:
                return
            self._failing.add(what)
            self._untold.append(_(NOT_SAVED.get(what, NOT_SAVED["game files"])).format(reason=reason))
        log.warning("could not save the %s: %s", what, err)

    def succeeded(self, what: str) -> None:
        if what in self._failing:
            with self._lock:
                self._failing.discard(what)

    def told_already(self) -> None:
        """The player was told that nothing can be saved: no more news of each file."""
        with self._lock:
            self._failing.update([*WRITTEN_AS.values(), "finished match", "game files"])

    def take(self) -> list[str]:
        """The failures not told yet (each is told once)."""
        with self._lock:
            untold, self._untold = self._untold, []
        return untold


write_troubles = WriteTroubles()


def save_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON atomically (temporary file, then rename); ``OSError``
    if it could not be written in full: the old file is then as it was, and the
    failure waits in ``write_troubles`` to be told to the player."""
    what = written_as(path)
    try:
        write_atomically(path, dump_json(data))
    except OSError as err:
        write_troubles.failed(what, err)
        raise
    write_troubles.succeeded(what)


def remove_stale_temporaries(folders: Iterable[Path], older_than_s: float = STALE_TMP_S) -> list[Path]:
    """Delete ``.NAME.*.tmp`` files that interrupted writes left in ``folders``
    (and their subfolders one level down); returns what was removed. A file
    younger than ``older_than_s`` may be another running game's write: kept."""
    removed: list[Path] = []
    now = time.time()
    for folder in folders:
        try:
            candidates = [*folder.glob(".*.tmp"), *folder.glob("*/.*.tmp")]
        except OSError:
            continue
        for path in candidates:
            try:
                info = path.lstat()
                if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than_s:
                    path.unlink()
                    removed.append(path)
            except OSError:
                continue
    if removed:
        log.info("removed %d temporary files left by interrupted writes", len(removed))
    return removed
