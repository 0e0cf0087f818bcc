"""The import graph of ``game/``: no circles, imports deferred into functions
and ``if TYPE_CHECKING:`` imports for annotations included (a module that
names another's class in an annotation depends on it as much as one that
imports it: a circle of annotations is a circle of modules that cannot be
understood one at a time); code outside a package that says so imports only
what its ``__init__`` exposes (and its leaves that say they are open); the
headless core reaches no pygame, and neither does the table's model."""

from __future__ import annotations

import ast
from functools import lru_cache
from typing import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"
# Packages whose insides are private: outside code imports only the package itself,
# and the leaves named here (the table's API, that screens name without importing the table).
CLOSED_PACKAGES = ("game.ui.table",)
OPEN_LEAVES = ("game.ui.table.api",)


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def imported_names(path: Path, root: Path = ROOT, typing: bool = True) -> set[str]:
    """Every module ``path`` imports (dotted names, absolute): when it runs, and
    with ``typing`` those it imports for annotations only (``if TYPE_CHECKING:``)."""
    return set(_imported_names(path, root, typing))


def _imported_names(path: Path, root: Path, typing: bool) -> frozenset[str]:
    return _imports(path, root)[typing]


@lru_cache(maxsize=None)
def _imports(path: Path, root: Path) -> tuple[frozenset[str], frozenset[str]]:
    """(``imported_names`` without, then with ``typing``: each file read and parsed
    once per test process, its statements walked once for both)"""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    runtime: set[str] = set()
    annotations: set[str] = set()

    def found(names: Iterable[str], typing_only: bool) -> None:
        (annotations if typing_only else runtime).update(names)

    def walk(body: list[ast.stmt], typing_only: bool) -> None:
        # Imports are statements: only the bodies of statements can hold them (no
        # expression can), so the expressions are not walked.
        for node in body:
            if isinstance(node, ast.Import):
                found((alias.name for alias in node.names), typing_only)
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    source = ".".join(base + ([node.module] if node.module else []))
                else:
                    source = node.module or ""
                found([source, *(f"{source}.{alias.name}" for alias in node.names)], typing_only)
            elif isinstance(node, ast.If):
                walk(node.body, typing_only or is_type_checking(node.test))
                walk(node.orelse, typing_only)
            elif isinstance(node, ast.Match):
                for case in node.cases:
                    walk(case.body, typing_only)
            else:
                for field in ("body", "orelse", "finalbody"):
                    walk(getattr(node, field, []), typing_only)
                for handler in getattr(node, "handlers", []):
                    walk(handler.body, typing_only)

    walk(ast.parse(path.read_text(encoding="utf-8")).body, False)
    return frozenset(runtime), frozenset(runtime | annotations)


def graph(root: Path = ROOT, typing: bool = True) -> dict[str, set[str]]:
    """Module -> the modules of ``root/game`` it imports (a ``from p import name``
    of a submodule ``p.name`` counts as importing ``p.name``); with ``typing``,
    for annotations too."""
    return {name: set(targets) for name, targets in _graph(root, typing).items()}


@lru_cache(maxsize=None)
def _graph(root: Path, typing: bool) -> dict[str, frozenset[str]]:
    modules = {module_name(p, root): p for p in (root / "game").rglob("*.py")}
    edges: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets = set()
        for imported in imported_names(path, root, typing):
            while imported and imported not in modules:
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                targets.add(imported)
        edges[name] = targets
    return {name: frozenset(targets) for name, targets in edges.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return found


def test_the_checker_finds_a_circle_through_a_deferred_import_or_an_annotation(tmp_path: Path) -> None:
    pkg = tmp_path / "game"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from game.b import thing\n")
    (pkg / "b.py").write_text("def thing():\n    from game import a\n    return a\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.d import Thing\n")
    (pkg / "d.py").write_text("from . import c\n")
    edges = graph(tmp_path)
    assert graph(tmp_path, typing=False)["game.c"] == set()  # an import for annotations only...
    assert edges["game.c"] == {"game.d"}  # ...counts all the same
    assert edges["game.d"] == {"game", "game.c"}  # a relative import
    assert circles(edges) == [["game.a", "game.b"], ["game.c", "game.d"]]


def test_no_import_circles_in_game() -> None:
    """Not one in all of ``game/``, annotations included: the table's pieces name
    ``table.protocols.Table``, the screens ``game.ui.shell.stage.Stage``, the screens
    around the table ``table.api.TableAPI``; the server table's helpers
    (host powers, a halt, the lobby's message) name ``net.table_api.TableAPI`` and
    its seats ``seats.SeatsTable``; a mirror's status names the fields it reads
    (``mirror_status.Mirror``); none imports back what names it."""
    found = circles(graph())
    assert not found, "import circles: " + "; ".join(" <-> ".join(group) for group in found)


def test_no_import_circles_in_the_network_package() -> None:
    """``game.net`` alone (the server and the app's mirror): the check above says
    it too, this names the package a circle would be in."""
    found = [group for group in circles(graph()) if any(name.startswith("game.net") for name in group)]
    assert not found, "import circles in game.net: " + "; ".join(" <-> ".join(group) for group in found)


def test_no_import_circles_in_game_when_annotations_are_left_out() -> None:
    """All of ``game/``, counting what runs (deferred imports included)."""
    found = circles(graph(typing=False))
    assert not found, "import circles: " + "; ".join(" <-> ".join(group) for group in found)


def test_closed_packages_are_entered_only_through_their_init() -> None:
    modules = {module_name(p) for p in GAME.rglob("*.py")}
    offenders = []
    for path in [*GAME.rglob("*.py"), *(ROOT / "tests").rglob("*.py"), *(ROOT / "tools").rglob("*.py")]:
        here = module_name(path)
        for package in CLOSED_PACKAGES:
            if here == package or here.startswith(package + "."):
                continue
            inside = {
                name for name in imported_names(path) if name.startswith(package + ".") and name in modules and name not in OPEN_LEAVES
            }
            offenders += [f"{here} imports {name}" for name in inside]
    assert not offenders, "\n".join(sorted(offenders))


def screen_reached(starts: list[str]) -> list[str]:
    """Where each module of ``starts`` reaches pygame or ``game.ui``, however deep
    (imports for annotations included)."""
    edges = graph()
    offenders = []
    for start in starts:
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            path = GAME.parent / (here.replace(".", "/") + ".py")
            if not path.exists():
                path = GAME.parent / here.replace(".", "/") / "__init__.py"
            if any(name == "pygame" or name.startswith("pygame.") for name in imported_names(path, typing=False)):
                offenders.append(f"{start} reaches pygame through {here}")
            for nxt in edges.get(here, ()):
                if nxt.startswith("game.ui"):
                    offenders.append(f"{start} reaches {nxt} through {here}")
                elif nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    return sorted(set(offenders))


def test_the_headless_core_never_imports_pygame_or_the_ui() -> None:
    """The engine, the computer players, the seats, the referee and the worker run
    without a screen (a server, the worker process): nothing they import, however
    deep, is pygame or ``game.ui``."""
    core = [name for name in graph() if name.split(".")[:2] in (["game", "engine"], ["game", "ai"])]
    core += ["game.play.seat", "game.play.referee", "game.play.thinker"]
    offenders = screen_reached(core)
    assert not offenders, "\n".join(offenders)


# The layers between the core and the screens (docs/architecture.md, *The layers*): the words,
# the network, and what is kept after a match and of the player.
MIDDLE = ("game.words", "game.net", "game.rating", "game.archive.reviews", "game.archive.reviewer", "game.archive.puzzles",
          "game.archive.past_matches", "game.profile.saves", "game.profile.stats", "game.profile.settings", "game.learning.lessons", "game.storage")


def test_the_words_the_network_and_the_files_never_import_pygame_or_the_ui() -> None:
    """A server runs the network, the words and the files without a screen."""
    middle = [name for name in graph() if name in MIDDLE or name.startswith(tuple(m + "." for m in MIDDLE))]
    assert "game.net.server.endpoint" in middle and "game.words.refusals" in middle and "game.profile.settings" in middle
    offenders = screen_reached(middle)
    assert not offenders, "\n".join(offenders)


def test_the_engine_holds_no_words() -> None:
    """The engine returns codes (``Refusal``) and the UI words them: nothing the
    engine imports, however deep and however late, is gettext or ``game.i18n``,
    nor the words of ``game.words`` or the computer levels' registry."""
    edges = graph()
    offenders = []
    for start in (name for name in edges if name == "game.engine" or name.startswith("game.engine.")):
        seen, todo = {start}, [start]
        while todo:
            here = todo.pop()
            path = GAME.parent / (here.replace(".", "/") + ".py")
            if not path.exists():
                path = GAME.parent / here.replace(".", "/") / "__init__.py"
            if "gettext" in imported_names(path):
                offenders.append(f"{start} reaches gettext through {here}")
            for nxt in edges.get(here, ()):
                if nxt == "game.i18n" or nxt.startswith(("game.words", "game.ai", "game.ui")):
                    offenders.append(f"{start} reaches {nxt} through {here}")
                elif nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
    assert not offenders, "\n".join(sorted(set(offenders)))


def test_the_tables_model_reaches_no_pygame() -> None:
    """The table in three parts: its model (the match, the position, the viewer,
    the legal moves, play and played) runs without a screen; what it imports,
    however deep, is not pygame nor a screen of ``game.ui``."""
    edges = graph(typing=False)
    start = "game.ui.table.table_model"
    seen, todo, reached = {start}, [start], []
    while todo:
        here = todo.pop()
        path = GAME.parent / (here.replace(".", "/") + ".py")
        if not path.exists():
            path = GAME.parent / here.replace(".", "/") / "__init__.py"
        if any(name == "pygame" or name.startswith(("pygame.", "pygame_gui")) for name in imported_names(path, typing=False)):
            reached.append(here)
        for nxt in edges.get(here, ()):
            if nxt not in seen and nxt not in ("game.ui", "game.ui.table"):  # a package's __init__ is not what the module uses
                seen.add(nxt)
                todo.append(nxt)
    assert not reached, f"the model reaches pygame through {sorted(reached)}"
    assert "game.ui.table.log" in seen and "game.engine" in seen  # the walk did walk


def test_the_table_reaches_no_screen() -> None:
    """Screens reach each other through the routes (``stage.Routes``), never by
    import: no module of ``game.ui.table`` imports one of ``game.ui.scenes``, not
    even late (a review's Check this deal asks ``routes.open_deal_check``; a
    network table says a failed link with ``game.words.link_words``)."""
    offenders = [
        f"{here} imports {name}"
        for here, names in graph().items()
        if here == "game.ui.table" or here.startswith("game.ui.table.")
        for name in names
        if name == "game.ui.scenes" or name.startswith("game.ui.scenes.")
    ]
    assert "game.ui.table.table_scene" in graph(), "the table's modules were not read"
    assert not offenders, "\n".join(sorted(offenders))
