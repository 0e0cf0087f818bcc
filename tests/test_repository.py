"""What the repository holds: only the project's own files, and tools that keep to loopback.

A wheel of a linter (10.6 MB) once lay at the root, used by nothing (issue 38): a
tracked file over 1 MB outside the folders of assets and screenshots fails here.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIG = 1024 * 1024
# the folders whose files may be large: the game's pictures, sounds and fonts, the docs' screenshots
MAY_BE_BIG = ("sprites/", "sounds/", "fonts/", "docs/screenshots/")


def _tracked() -> list[str]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in out.decode("utf-8").split("\0") if name]


def big_files(names: list[str], root: Path) -> list[str]:
    """The files of ``names`` (under ``root``) over 1 MB that lie outside ``MAY_BE_BIG``."""
    return [
        name for name in names
        if not name.startswith(MAY_BE_BIG) and (root / name).is_file() and (root / name).stat().st_size > BIG
    ]


def test_no_tracked_file_over_a_megabyte_outside_the_assets() -> None:
    tracked = _tracked()
    assert "README.md" in tracked and "game/__init__.py" in tracked, "git ls-files did not list the project"
    assert big_files(tracked, ROOT) == [], f"tracked files over 1 MB outside {MAY_BE_BIG}"


def test_the_check_sees_a_big_file(tmp_path: Path) -> None:
    """The size check catches the wheel it was written for, and lets a large screenshot be."""
    (tmp_path / "docs" / "screenshots").mkdir(parents=True)
    (tmp_path / "ruff.whl").write_bytes(b"\0" * (BIG + 1))
    (tmp_path / "docs" / "screenshots" / "title.png").write_bytes(b"\0" * (BIG + 1))
    (tmp_path / "small.txt").write_bytes(b"\0" * BIG)
    assert big_files(["ruff.whl", "docs/screenshots/title.png", "small.txt"], tmp_path) == ["ruff.whl"]


def test_gitignore_keeps_wheels_and_build_outputs_out() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    names = ["x.whl", "build/x", "dist/x.tar.gz", "release/Matador.AppImage", "Matador-setup.exe", "Matador.dmg"]
    out = subprocess.run(["git", "check-ignore", "--no-index", *names], cwd=ROOT, capture_output=True, text=True)
    assert sorted(out.stdout.split()) == sorted(names)


@pytest.mark.parametrize("module", ["tools/monkey.py", "tools/screenshots.py", "tools/memprobe.py", "game.bench"])
def test_tools_and_benchmarks_keep_to_loopback(module: str) -> None:
    """A tool that may open Join a table or Host a table (whose finder and host would use
    every interface) sets MATADOR_LOOPBACK_ONLY for itself, as the tests do."""
    env = {k: v for k, v in os.environ.items() if k != "MATADOR_LOOPBACK_ONLY"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "tools")])
    if module.endswith(".py"):
        code = (
            "import importlib.util, os, sys\n"
            f"spec = importlib.util.spec_from_file_location('tool', {str(ROOT / module)!r})\n"
            "tool = importlib.util.module_from_spec(spec); spec.loader.exec_module(tool)\n"
            "print(os.environ.get('MATADOR_LOOPBACK_ONLY'))\n"
        )
    else:  # every benchmark goes through game.bench.run_bench
        code = (
            "import argparse, os, sys, types\n"
            "import game.bench as bench\n"
            "sys.modules['game.bench.noop'] = types.SimpleNamespace(main=lambda args: 0)\n"
            "bench.BENCHES['noop'] = 'game.bench.noop'\n"
            "bench.run_bench(argparse.Namespace(what='noop'))\n"
            "print(os.environ.get('MATADOR_LOOPBACK_ONLY'))\n"
        )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "1"
