"""The game's version, kept in one place: ``version`` in pyproject.toml.

``version()`` finds it whichever way the game runs, without importing pygame:

- from a PyInstaller build: the build puts pyproject.toml at the root of the
  bundle (``sys._MEIPASS``), see build.spec;
- from a clone (editable install or not): pyproject.toml beside ``game/``;
- from an installed wheel: the installed metadata, which the wheel build took
  from the same pyproject.toml.

A pyproject.toml that is not Matador's (another project's, or a broken one) is
ignored, and "unknown" is the answer only when nothing at all is found.
"""

from __future__ import annotations

import functools
import re
import sys
from pathlib import Path

DIST_NAME = "matador"
UNKNOWN = "unknown"


_PROJECT_TABLE = re.compile(r"^\[project\]\s*$(.*?)(?=^\[|\Z)", re.MULTILINE | re.DOTALL)
_PLAIN_KEY = re.compile(r'^(name|version)\s*=\s*"([^"\\\n]*)"\s*$', re.MULTILINE)


def _plain_project_version(text: str) -> str | None:
    """The version from a plainly written ``[project]`` table (``name = "matador"``,
    ``version = "x"`` on lines of their own), without loading a TOML parser (a
    faster start); None when the file is written otherwise."""
    tables = _PROJECT_TABLE.findall(text)
    if len(tables) != 1:
        return None
    keys = dict(_PLAIN_KEY.findall(tables[0]))
    if keys.get("name") != DIST_NAME:
        return None
    found = keys.get("version", "")
    return found if found.strip() else None


def pyproject_version(path: Path) -> str | None:
    """The version in the pyproject.toml at ``path``, if it is Matador's."""
    try:
        with open(path, "rb") as handle:
            raw = handle.read()
        quick = _plain_project_version(raw.decode("utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    if quick is not None:
        return quick
    import tomllib

    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except tomllib.TOMLDecodeError:
        return None
    project = data.get("project")
    if not isinstance(project, dict) or project.get("name") != DIST_NAME:
        return None
    found = project.get("version")
    return found if isinstance(found, str) and found.strip() else None


def _pyproject_candidates() -> list[Path]:
    roots: list[Path] = []
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        roots.append(Path(bundle))
    roots.append(Path(__file__).resolve().parent.parent)
    return [root / "pyproject.toml" for root in roots]


def _installed_version() -> str | None:
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as dist_version

    try:
        return dist_version(DIST_NAME)
    except PackageNotFoundError:
        return None


@functools.cache
def version() -> str:
    """Matador's version, e.g. "0.1.0" ("unknown" if it cannot be found)."""
    for candidate in _pyproject_candidates():
        found = pyproject_version(candidate)
        if found:
            return found
    return _installed_version() or UNKNOWN
