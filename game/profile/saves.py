"""The match in progress, saved as a game record after every action; and game
records read from anywhere (``read_record``), held to what the game can use."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.i18n import N_
from game.resources import user_data_dir
from game.storage import UnreadableFile, exists, load_json, parse_json, read_regular, save_json

NAME_LIMIT = 100  # a player's name in a record (the game's own are at most 24 characters)

if TYPE_CHECKING:  # the engine is loaded when a match is written or read, not to ask whether one is saved
    from game.engine import Match


def autosave_path() -> Path:
    return user_data_dir() / "current-match.json"


def save_match(match: Match) -> None:
    """Write the match atomically; a finished match clears the save instead."""
    if match.over:
        clear_save()
        return
    from game.engine import match_to_record

    save_json(autosave_path(), match_to_record(match))


def clear_save() -> None:
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass


def has_save() -> bool:
    return exists(autosave_path())


def coded_names(match: Match) -> None:
    """A record written before default names were codes holds them in words ("You",
    "Schwer 2"): read, they become their codes (game.words.names.coded), as the
    game keeps them now; a typed name stays as it is."""
    from game.words.names import coded_player

    match.players[:] = [coded_player(p) for p in match.players]


def record_from_json(data: Any) -> Match:
    """A saved record's contents as a match; ``UnreadableFile`` with the reason if it cannot be."""
    if isinstance(data, dict) and isinstance(data.get("format"), str) and data["format"] != "matador-record/1":
        raise UnreadableFile(N_("it was written by a newer version of Matador"))
    from game.engine import RecordError, load_record

    try:
        match = load_record(data)
    except RecordError as err:
        from game.words.refusals import record_error_text

        raise UnreadableFile(record_error_text(err)) from None
    if any(len(p.name) > NAME_LIMIT for p in match.players):
        raise UnreadableFile(N_("a player's name is far too long"))
    coded_names(match)
    return match


def read_record(path: str) -> Match:
    """The match the record file ``path`` holds (``-``: standard input), read as
    the game reads its own files (regular files only, numbers it can use);
    ``RecordError`` with a one-line reason if it cannot be read or replayed."""
    from game.engine import RecordError, load_record

    data = read_record_data(path)
    try:
        match = load_record(data)
    except RecordError as err:
        from game.words.refusals import record_error_text

        raise RecordError(" ".join(record_error_text(err).split())) from None
    if any(len(p.name) > NAME_LIMIT for p in match.players):
        raise RecordError("not a game record: a player's name is far too long")
    coded_names(match)
    return match


def read_record_data(path: str) -> Any:
    """The JSON of the record file ``path`` (``-``: standard input), not yet
    checked as a record; ``RecordError`` with a one-line reason if it cannot be
    read (not a regular file, not UTF-8, not JSON, numbers the game cannot use)."""
    from game.engine import RecordError

    try:
        if path == "-":
            text = sys.stdin.buffer.read().decode("utf-8")
        else:
            try:
                found = read_regular(Path(path))
            except UnreadableFile as err:
                raise RecordError(f"cannot read {path}: {err.detail or err}") from None
            if found is None:
                raise RecordError(f"cannot read {path}: No such file or directory")
            text = found.decode("utf-8")
        return parse_json(text)
    except OSError as err:
        raise RecordError(f"cannot read {path}: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise RecordError("not a game record: it is not UTF-8 text") from None
    except UnreadableFile as err:
        raise RecordError("not a game record: " + " ".join((err.detail or str(err)).split())) from None


def load_match() -> tuple[Match | None, str | None]:
    """The saved match, or None; and a message if the save could not be read."""
    loaded = load_json(autosave_path(), "saved game", record_from_json)
    match: Match | None = loaded.data
    if match is not None and match.over:
        return None, None
    return match, loaded.message
