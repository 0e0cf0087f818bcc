"""One version, from pyproject.toml: what ``python -m game --version`` prints,
``game.__version__``, and where ``game.version`` looks (a built bundle, a clone,
installed metadata). The built app's ``--version`` is checked by
packaging/check_bundle.py after each build, the wheel's in test_packaging.py."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Iterator

import pytest

import game
from game import version as version_mod

ROOT = Path(__file__).resolve().parent.parent


def _pyproject_version() -> str:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        found = tomllib.load(handle)["project"]["version"]
    assert isinstance(found, str)
    return found


@pytest.fixture
def fresh() -> Iterator[None]:
    """``version()`` caches its answer; start each test without it."""
    version_mod.version.cache_clear()
    yield
    version_mod.version.cache_clear()


def _pyproject(folder: Path, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pyproject.toml").write_text(text, encoding="utf-8")
    return folder


def test_from_a_clone_it_is_pyprojects(fresh: None) -> None:
    assert version_mod.version() == _pyproject_version()
    assert game.__version__ == _pyproject_version()
    with pytest.raises(AttributeError):
        game.__no_such_thing__  # noqa: B018


def test_a_bundle_reads_the_pyproject_at_its_root(fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bundle = _pyproject(tmp_path / "_internal", '[project]\nname = "matador"\nversion = "9.8.7"\n')
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    assert version_mod.version() == "9.8.7"


def test_foreign_or_broken_pyprojects_are_ignored(fresh: None, tmp_path: Path) -> None:
    cases = {
        "other": '[project]\nname = "something-else"\nversion = "5.0"\n',
        "broken": "[project\nname = ",
        "no-version": '[project]\nname = "matador"\n',
        "empty-version": '[project]\nname = "matador"\nversion = "  "\n',
        "not-a-table": 'project = "matador"\n',
    }
    for name, text in cases.items():
        assert version_mod.pyproject_version(_pyproject(tmp_path / name, text) / "pyproject.toml") is None, name
    assert version_mod.pyproject_version(tmp_path / "nowhere" / "pyproject.toml") is None
    latin1 = tmp_path / "latin1" / "pyproject.toml"
    latin1.parent.mkdir()
    latin1.write_bytes(b'[project]\nname = "matador"\nversion = "1.0\xe9"\n')
    assert version_mod.pyproject_version(latin1) is None


def test_without_pyproject_the_installed_metadata_answers(fresh: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(version_mod, "_pyproject_candidates", lambda: [tmp_path / "pyproject.toml"])
    monkeypatch.setattr(version_mod, "_installed_version", lambda: "3.2.1")
    assert version_mod.version() == "3.2.1"
    version_mod.version.cache_clear()
    monkeypatch.setattr(version_mod, "_installed_version", lambda: None)
    assert version_mod.version() == "unknown"


def test_installed_version_is_none_for_an_unknown_distribution(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(version_mod, "DIST_NAME", "matador-no-such-distribution")
    assert version_mod._installed_version() is None


def test_python_m_game_version_prints_it_without_pygame() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "game", "--version"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"Matador {_pyproject_version()}\n"
    assert done.stderr == ""
    probe = (
        "import sys\nfrom game.commands.cli import run\n"
        "try:\n    run(['--version'])\nexcept SystemExit as exit:\n    assert exit.code == 0, exit.code\n"
        "print('pygame loaded' if 'pygame' in sys.modules else 'no pygame')\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"Matador {_pyproject_version()}", "no pygame"]


def test_help_mentions_version() -> None:
    done = subprocess.run([sys.executable, "-m", "game", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "--version" in done.stdout
