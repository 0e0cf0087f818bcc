"""The folders tell the plan (docs/architecture.md, "The plan in folders"): the
root of ``game/`` holds only the entry points and the leaves every layer uses,
each package says what it holds, no folder is a heap, no two modules share a
name, and the tests mirror the package tree."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from tests.test_imports import imported_names, module_name

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
TESTS = ROOT / "tests"
ENTRY_POINTS = ("__init__.py", "__main__.py")
MOST_MODULES = 25


def packages() -> list[Path]:
    return sorted(p.parent for p in GAME.rglob("__init__.py") if "__pycache__" not in p.parts)


def test_the_root_holds_only_entry_points_and_leaves() -> None:
    """A module at ``game/``'s root (not an entry point) imports nothing of the
    game but other root modules: a leaf every layer may use."""
    for path in sorted(GAME.glob("*.py")):
        if path.name in ENTRY_POINTS:
            continue
        inside = {name for name in imported_names(path) if name == "game" or name.startswith("game.")}
        deeper = sorted(name for name in inside if name != "game" and (GAME / name.split(".")[1]).is_dir())
        assert not deeper, f"{path.name} is at game/'s root but imports {deeper}: it belongs in a package"


def test_every_package_says_what_it_holds() -> None:
    for package in packages():
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
        assert doc and len(doc.split()) >= 5, f"{package.relative_to(ROOT)}/__init__.py says nothing of what the package holds"


def test_no_folder_is_a_heap() -> None:
    for package in packages():
        modules = [p for p in package.glob("*.py") if p.name != "__init__.py"]
        assert len(modules) <= MOST_MODULES, f"{package.relative_to(ROOT)} holds {len(modules)} modules flat (at most {MOST_MODULES})"


def test_no_two_modules_share_a_name() -> None:
    names = Counter(p.name for p in GAME.rglob("*.py") if "__pycache__" not in p.parts and p.name not in ENTRY_POINTS)
    repeated = {name: sorted(str(p.relative_to(GAME)) for p in GAME.rglob(name)) for name, count in names.items() if count > 1}
    assert not repeated, f"modules of the same name: {repeated}"


def test_the_tests_mirror_the_package_tree() -> None:
    """Every folder of tests that holds tests is the mirror of a package of the game
    (tests/ui/table/modes tests game/ui/table/modes); the folders of data
    (tests/playthroughs) hold no tests."""
    folders = sorted({p.parent for p in TESTS.rglob("test_*.py")} - {TESTS})
    assert folders, "no folders of tests found"
    for folder in folders:
        package = GAME / folder.relative_to(TESTS)
        assert (package / "__init__.py").is_file(), f"{folder.relative_to(ROOT)} holds tests but game/{folder.relative_to(TESTS)} is no package"


def test_the_checks_read_the_real_tree() -> None:
    """(The checks above would pass on an empty tree: they did read this one.)"""
    assert len(packages()) > 10 and module_name(GAME / "ui" / "table" / "__init__.py") == "game.ui.table"
