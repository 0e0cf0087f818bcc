"""JSON files in the player's directories: read safely, written atomically.

A file that cannot be read (corrupt, truncated, of a newer version, or simply not
what we expect) is moved aside, never deleted, and the caller gets a message to
show on screen and carries on with defaults.
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from game.resources import write_atomically

log = logging.getLogger(__name__)


class UnreadableFile(ValueError):
    """Raised by a validator: the file's content cannot be used."""


@dataclass
class Loaded:
    """What ``load_json`` found: the data (None if there was none or it was moved
    aside) and a message for the player, if something was wrong."""

    data: Any
    message: str | None = None
    moved_to: Path | None = None


def move_aside(path: Path) -> Path:
    """Rename an unreadable file to ``NAME.broken-YYYYmmdd-HHMMSS`` next to it."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
        n += 1
    path.replace(target)
    return target


def load_json(path: Path, what: str, validate: Callable[[Any], Any] | None = None) -> Loaded:
    """Read ``path`` as JSON and pass it through ``validate``.

    Missing file: ``Loaded(None)``. Anything unreadable: the file is moved aside
    and ``Loaded(None, message)`` says so in words a player understands.
    """
    if not path.exists():
        return Loaded(None)
    try:
        raw = path.read_bytes()
        data = json.loads(raw.decode("utf-8"))
        if validate is not None:
            data = validate(data)
        return Loaded(data)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, RecursionError, UnreadableFile) as err:
        reason = str(err) if isinstance(err, UnreadableFile) else "it is damaged or incomplete"
        try:
            moved = move_aside(path)
        except OSError:
            log.exception("could not move %s aside", path)
            return Loaded(None, f"Your {what} could not be read ({reason}); using defaults.")
        log.warning("moved unreadable %s to %s: %s", what, moved, err)
        return Loaded(None, f"Your {what} could not be read ({reason}). It was kept as {moved.name}.", moved)


def save_json(path: Path, data: Any) -> None:
    """Write ``data`` as JSON atomically (temporary file, then rename)."""
    write_atomically(path, json.dumps(data, indent=1, sort_keys=True) + "\n")
