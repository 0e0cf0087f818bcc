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
from game.ui.shell.scene import GuiScene
from game.ui.table import KnowledgeContent, MovesContent, TableModel, TableScene

ROOT = Path(__file__).resolve().parents[3]
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
        assert list(table.board.regions.panels) == ["knowledge"]  # the setting: what the table knows, alone
        app.step([ui.key(pygame.K_l)], 0.016)  # L: the moves as well
        panels = table.board.regions.panels
        assert list(panels) == ["knowledge", "moves"] and table.panel("moves").shown
        knowing, moves = panels["knowledge"], panels["moves"]
        assert not knowing.colliderect(moves) and knowing.bottom <= moves.top  # stacked, top to bottom
        column = table.board.regions.column
        assert column is not None and column.contains(knowing) and column.contains(moves)
        assert knowing.height > 20 and moves.height > 100
        assert not column.colliderect(table.board.regions.layout_area) and not column.colliderect(table.board.regions.hand)
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
        assert isinstance(knows, KnowledgeContent) and knows.knowledge is not None
        assert isinstance(lists, MovesContent) and lists.lines is not None
        edge = (120, 96, 52)  # each panel is its own card: its edge is drawn along its own top
        for rect in (knowing, moves):
            assert app.surface.get_at((rect.centerx, rect.top))[:3] == edge
        app.step([ui.key(pygame.K_l)], 0.016)  # L again: the moves close, the other stays
        assert list(table.board.regions.panels) == ["knowledge"] and table.board.regions.panels["knowledge"] == column


def test_a_lessons_computer_is_a_seat_answering_the_scripts_move(make_app: Any, ui: Any) -> None:
    from game.learning.lessons import load_lessons
    from game.ui.table import LessonMode, lesson_table
    from game.play.thinker import Thinker

    app = make_app((1280, 800))
    lesson = load_lessons()[0]
    table = lesson_table(lesson, 1, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast", on_leave=lambda s: app.pop())
    app.push(table)
    assert isinstance(table.mode, LessonMode)
    mode = table.mode.source
    assert [seat.kind for seat in table.model.referee.seats] == ["person" if i == lesson.learner else "computer" for i in range(len(table.model.match.players))]
    for _ in range(len(lesson.steps)):  # up to the computer's first move
        ui.settle(app, 20)
        step = mode.step
        assert step is not None
        if mode.computers_step():
            break
        if mode.waits_for_next():
            mode.next_step()
        else:
            expected = mode.expected()
            assert expected is not None and table.play(expected, None)
    step = mode.step
    assert step is not None and step.seat is not None and step.action is not None and mode.computers_step()
    script = table.model.referee.seats[step.seat]
    played = len(table.model.state.history)
    ui.settle(app, 20)
    assert script.answer() is None and len(table.model.state.history) == played  # its card waits for Next
    mode.next_step()  # Next (Enter): the script's move may be played
    assert script.answer() == step.action
    ui.settle(app, 20)
    assert len(table.model.state.history) > played  # played through the referee, as the script says
    seat, action = table.model.state.history[played]
    assert seat == step.seat and (action.kind, action.tile) == (step.action.kind, step.action.tile)


def test_a_table_drawn_from_one_seats_view_alone(make_app: Any, ui: Any) -> None:
    """A mode may give the table a seat's view instead of the round (a remote
    table will): the table draws it, judges input by it and offers moves."""
    from game.engine import RoundState
    from game.ui.table import LiveMode, LiveSource, Position, ViewPosition

    class ViewOnly(LiveSource):
        def __init__(self) -> None:
            super().__init__()
            self.seen: tuple[int, int] | None = None
            self.view: ViewPosition | None = None

        def position(self, model: TableModel) -> Position:
            at = (model.match.round_index, len(model.match.round.history))
            if self.view is None or self.seen != at:
                self.view, self.seen = ViewPosition(model.match.view(0)), at
            return self.view

        def record(self, model: TableModel) -> RoundState | None:
            return None

    mode = LiveMode()
    mode.source = ViewOnly()

    app = make_app((1024, 700))
    from game.engine import Match, Rules
    from game.play.thinker import Thinker

    match = Match(Rules.from_base("matador", 3), [YOU, BO, CY], 4)
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast", mode=mode)
    app.push(table)
    for _ in range(3):  # three of your turns, each move offered from what the view allows
        for _ in range(400):
            if table.can_act() or table.model.state.over:
                break
            ui.settle(app, 1, 0.05)
        if table.model.state.over:
            break
        assert isinstance(table.model.state, ViewPosition)
        assert [tile for tile, _ in table.board.hand] == table.model.match.round.hand(0)  # your own tiles
        assert all(table.model.state.hand(seat) == [] for seat in (1, 2))  # the others' unknown
        snap = table.snapshot
        assert [snap.plaques[seat].info[1] for seat in (1, 2)] == [table.model.match.round.hand_count(seat) for seat in (1, 2)]
        app.step([ui.key(pygame.K_l)], 0.016)  # the moves panel: no record to tell
        assert table.mode.source.log_lines(table) == [] and table.mode.look.lead_text(table) == ""
        app.step([ui.key(pygame.K_l)], 0.016)
        app.draw(app.surface)
        before = len(table.model.match.round.history)
        assert table.play(table.model.legal[0], None)  # through the referee, as any move
        assert len(table.model.match.round.history) == before + 1
