"""Find the game's files: bundled assets and the player's own directories.

Assets (``sprites/``, ``sounds/``, ``fonts/``) are looked up in one place whichever way the
game runs: from a clone, from an installed wheel (where they sit inside the
package as ``game/_assets``), or from a PyInstaller bundle (``sys._MEIPASS``).
User files go to the platformdirs directories and are written atomically.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Callable

APP_NAME = "Matador"
_PACKAGE_DIR = Path(__file__).resolve().parent


def _asset_roots() -> list[Path]:
    roots: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle))
    roots.append(_PACKAGE_DIR / "_assets")  # installed wheel
    roots.append(_PACKAGE_DIR.parent)  # a clone: sprites/ beside game/
    return roots


def asset_dir(kind: str) -> Path:
    """The directory holding ``kind`` assets ("sprites", "sounds" or "fonts")."""
    for root in _asset_roots():
        candidate = root / kind
        if candidate.is_dir() and any(candidate.iterdir()):
            return candidate
    raise FileNotFoundError(f"cannot find the game's {kind}/ directory")


def asset_path(kind: str, name: str) -> Path:
    """The path of one asset file, e.g. ``asset_path("sounds", "lay.wav")``."""
    return asset_dir(kind) / name


def _user_dir(kind: str) -> Path:
    """The player's folder of ``kind`` (``data``, ``config``, ``log``): below
    ``MATADOR_HOME`` when it is set (tests, a copy of the game on a stick), else
    where the system keeps an app's (platformdirs)."""
    override = os.environ.get("MATADOR_HOME")
    if override:
        return Path(override) / kind
    import platformdirs

    where: dict[str, Callable[..., str]] = {"data": platformdirs.user_data_dir, "config": platformdirs.user_config_dir, "log": platformdirs.user_log_dir}
    return Path(where[kind](APP_NAME, appauthor=False))


def user_data_dir() -> Path:
    """Where saves and statistics live (overridable for tests)."""
    return _user_dir("data")


def matches_dir() -> Path:
    """Where the past matches are kept (``game.archive.past_matches``), and beside them
    their reviews (``game.archive.reviews``): here, so that the title can count the
    puzzles without the engine."""
    return user_data_dir() / "matches"


def user_config_dir() -> Path:
    """Where settings live."""
    return _user_dir("config")


def user_log_dir() -> Path:
    """Where the error log goes."""
    return _user_dir("log")


def write_atomically(path: Path, data: str | bytes) -> None:
    """Write ``data`` to ``path`` so that a crash leaves the old file or the new one.

    The data goes to a temporary file in the same directory, is flushed to disk,
    and then renamed over ``path`` (an atomic step on every supported system).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp_name, path)
    except BaseException:
        try:
            os.unlink(tmp_name)
        except OSError:
            pass
        raise
