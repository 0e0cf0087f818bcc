"""The match in progress, saved as a game record after every action."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.resources import user_data_dir
from game.storage import UnreadableFile, load_json, save_json

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
    return autosave_path().exists()


def record_from_json(data: Any) -> Match:
    """A saved record's contents as a match; ``UnreadableFile`` with the reason if it cannot be."""
    if isinstance(data, dict) and isinstance(data.get("format"), str) and data["format"] != "matador-record/1":
        raise UnreadableFile("it was written by a newer version of Matador")
    from game.engine import RecordError, load_record

    try:
        return load_record(data)
    except RecordError as err:
        raise UnreadableFile(str(err)) from None


def load_match() -> tuple[Match | None, str | None]:
    """The saved match, or None; and a message if the save could not be read."""
    loaded = load_json(autosave_path(), "saved game", record_from_json)
    match: Match | None = loaded.data
    if match is not None and match.over:
        return None, None
    return match, loaded.message
