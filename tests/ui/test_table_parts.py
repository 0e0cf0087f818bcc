"""The table's structure (issue 23): one ``TableScene`` with no mix-in, given a
mode (no subclass of it anywhere); side panels as parts, two open together,
each in its own rectangle and drawn."""

from __future__ import annotations

import ast
import importlib
import pkgutil
from pathlib import Path
from typing import Any

import pygame

import game
from game.engine import PlayerInfo
from game.ui.scene import GuiScene
from game.ui.table import PanelContent, TableScene

ROOT = Path(__file__).resolve().parents[2]
YOU = PlayerInfo("You", "human", None)
BO = PlayerInfo("Bo", "computer", "easy")
CY = PlayerInfo("Cy", "computer", "easy")


def test_no_class_derives_from_the_table_and_it_has_no_mix_in() -> None:
    for info in pkgutil.walk_packages(game.__path__, "game."):
        if info.name.startswith("game.ui"):
            importlib.import_module(info.name)
    assert TableScene.__bases__ == (GuiScene,)
    assert TableScene.__subclasses__() == []
    # also in what is not imported here (tools, tests): no ``class X(TableScene)``
    for path in [*ROOT.joinpath("game").rglob("*.py"), *ROOT.joinpath("tools").rglob("*.py"), *ROOT.joinpath("tests").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(base) for base in node.bases]
                assert not any(base.endswith("TableScene") for base in bases), f"{path}: class {node.name}({', '.join(bases)})"


def test_two_panels_open_together_each_in_its_own_rectangle(make_app: Any, ui: Any) -> None:
    for size in ((800, 600), (1280, 800)):
        app = make_app(size)
        table = ui.new_table(app, "matador", [YOU, BO, CY], seed=3, show_knowledge=True)
        ui.settle(app, 3)
        assert list(table.regions.panels) == ["knowledge"]  # the setting: what the table knows, alone
        app.step([ui.key(pygame.K_l)], 0.016)  # L: the moves as well
        panels = table.regions.panels
        assert list(panels) == ["knowledge", "moves"] and table.aids.moves_open
        knowing, moves = panels["knowledge"], panels["moves"]
        assert not knowing.colliderect(moves) and knowing.bottom <= moves.top  # stacked, top to bottom
        column = table.regions.column
        assert column is not None and column.contains(knowing) and column.contains(moves)
        assert knowing.height > 20 and moves.height > 100
        assert not column.colliderect(table.regions.layout_area) and not column.colliderect(table.regions.hand)
        drawn: list[tuple[str, pygame.Rect]] = []
        for part in table.open_panels():
            original = part.draw

            def spy(surface: pygame.Surface, rect: pygame.Rect, content: object, name: str = part.name, draw: Any = original) -> None:
                drawn.append((name, rect.copy()))
                draw(surface, rect, content)

            part.draw = spy  # type: ignore[method-assign]
        app.draw(app.surface)
        assert drawn == [("knowledge", knowing), ("moves", moves)]
        knows = table.snapshot.content_of("knowledge")
        lists = table.snapshot.content_of("moves")
        assert isinstance(knows, PanelContent) and knows.knowledge is not None and knows.lines is None
        assert isinstance(lists, PanelContent) and lists.lines is not None and lists.knowledge is None
        edge = (120, 96, 52)  # each panel is its own card: its edge is drawn along its own top
        for rect in (knowing, moves):
            assert app.surface.get_at((rect.centerx, rect.top))[:3] == edge
        app.step([ui.key(pygame.K_l)], 0.016)  # L again: the moves close, the other stays
        assert list(table.regions.panels) == ["knowledge"] and table.regions.panels["knowledge"] == column
