"""Architecture checks: the engine and the AI never import pygame, and the
engine's modules import one another without a circle, type-only imports
included (mypy --strict over the whole package: tests/test_types.py)."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_engine_and_ai_sources_never_import_pygame() -> None:
    pattern = re.compile(r"^\s*(import|from)\s+pygame", re.MULTILINE)
    for package in ("engine", "ai"):
        for path in (ROOT / "game" / package).rglob("*.py"):
            assert not pattern.search(path.read_text()), path


def test_importing_engine_and_replay_loads_no_pygame() -> None:
    code = "import sys, game.engine, game.engine.replay; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_engine_modules_import_one_another_without_a_circle_even_for_types() -> None:
    """``if TYPE_CHECKING:`` imports count here too: a view is made from a state,
    and game/engine/view.py names the state only through the ``Viewed`` protocol."""
    engine = ROOT / "game" / "engine"
    modules = {p.stem for p in engine.glob("*.py")}  # "__init__": the package itself
    edges: dict[str, set[str]] = {}
    for name in modules:
        found = set()
        for node in ast.walk(ast.parse((engine / f"{name}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.engine"):
                found.add(node.module.removeprefix("game.engine").lstrip(".") or "__init__")
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name.removeprefix("game.engine.") for a in node.names if a.name.startswith("game.engine."))
        edges[name] = (found & modules) - {name}

    def reachable(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(edges[start])
        while todo:
            name = todo.pop()
            if name not in seen:
                seen.add(name)
                todo.extend(edges[name])
        return seen

    circles = sorted(name for name in modules if name in reachable(name))
    assert not circles, f"engine modules in an import circle: {circles}"
    assert "state" not in edges["view"] and "view" in edges["state"]
