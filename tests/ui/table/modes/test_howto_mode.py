"""docs/architecture.md, "A table mode", made in a test: a mode of the test's
own ("heaviest first", a drill: the person may lay only their heaviest
playable tile) made of the three roles a table asks, each narrowing live
play's: the source is live play's (``LiveSource``: the referee's match), the
moves refuse any other lay with the drill's words (``LiveMoves.submit``
otherwise), and the look names the drill in the header and hides what the
table knows. Played through the real scene with synthetic mouse events; the
table itself is not told of it."""

from __future__ import annotations

import random
from typing import Any, Callable

import pygame

from game.engine import Action, Match, PlayerInfo, Rules
from game.engine.tiles import halves
from game.ui.shell.app import App
from game.ui.table import REFUSED, LiveMoves, LiveSource, PlayLook, Table, TableScene, slot_of, targets_for
from game.play.thinker import Thinker

YOU = PlayerInfo("You", "human", None)
BO = PlayerInfo("Bo", "computer", "easy")
DRILL = "Drill: lay your heaviest tile"


def weight(tile: int) -> int:
    return sum(halves(tile))


class HeaviestFirst(LiveMoves):
    """A lay of anything but the heaviest playable tile is refused, with the drill's words."""

    def __init__(self) -> None:
        self.submitted: list[tuple[int, Action]] = []

    def submit(self, table: Table, seat: int, action: Action) -> str:
        self.submitted.append((seat, action))
        lays = [a.tile for a in table.model.legal if a.kind == "lay" and a.tile is not None]
        if action.kind == "lay" and action.tile is not None and weight(action.tile) < max(weight(t) for t in lays):
            table.motion.say("Not that one: your heaviest tile first", 3.0, warning=True)
            table.sound("refused")
            return REFUSED
        return super().submit(table, seat, action)


class DrillLook(PlayLook):
    """Live play's look, the drill named in the header, what the table knows hidden."""

    def header_text(self, table: Table) -> str:
        return DRILL

    def panel_shown(self, table: Table, name: str, wanted: bool) -> bool:
        return wanted and name != "knowledge"


class DrillMode:
    name = "drill"

    def __init__(self) -> None:
        self.source = LiveSource()
        self.moves = HeaviestFirst()
        self.look = DrillLook()

    def attach(self, table: Table) -> None:
        self.source.attach(table)
        self.look.attach(table)


def lay_by_mouse(app: App, ui: Any, table: TableScene, tile: int) -> None:
    target = targets_for(tile, table.model.legal)[0]
    slot = slot_of(target.variant(0), table.board.layout)
    rect = table.board.hand_rect(tile)
    assert slot is not None and rect is not None
    ui.drag(app, rect.center, slot.rect.center)


def drill_table(make_app: Callable[..., App], show_knowledge: bool = False) -> tuple[App, TableScene, DrillMode, Match]:
    """You and Bo at the drill's table, played on (seeded random moves) until You
    are to move with playable tiles of different weights."""
    rng = random.Random(4)
    match = Match(Rules.from_base("matador", 2), [YOU, BO], 4)
    state = match.next_round()
    while True:
        assert not state.over, "no position with a choice of weights"
        weights = {weight(a.tile) for a in state.legal_moves() if a.kind == "lay" and a.tile is not None}
        if state.current_player == 0 and len(weights) >= 2:
            break
        match.push(rng.choice(state.legal_moves()))
    app = make_app((1280, 800))
    mode = DrillMode()
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast", show_knowledge=show_knowledge, mode=mode)
    app.push(table)
    app.step([], 0.016)
    app.step([], 0.016)
    return app, table, mode, match


def test_a_mode_s_moves_decide_what_a_move_does(make_app: Callable[..., App], ui: Any) -> None:
    app, table, mode, match = drill_table(make_app)
    state = match.rounds[-1]
    lays = [a.tile for a in table.model.legal if a.kind == "lay" and a.tile is not None]
    light, heavy = min(lays, key=weight), max(lays, key=weight)
    played = len(state.history)

    lay_by_mouse(app, ui, table, light)
    assert mode.moves.submitted and mode.moves.submitted[-1][1].tile == light  # the drop reached the mode
    assert len(state.history) == played  # refused: nothing played
    assert table.motion.message is not None and "heaviest" in table.motion.message.text
    app.step([], 0.3)  # the refused tile glides back
    ui.settle(app, 10)
    lay_by_mouse(app, ui, table, heavy)
    assert state.placements and state.placements[-1].tile == heavy  # played through the referee, as live play's
    assert len(state.history) == played + 1 and state.history[-1][0] == 0


def test_a_mode_s_look_decides_what_shows(make_app: Callable[..., App], ui: Any) -> None:
    app, table, _mode, _match = drill_table(make_app, show_knowledge=True)
    assert table.snapshot.header == DRILL
    app.step([ui.key(pygame.K_l)], 0.016)  # the moves: they open as at any table
    app.step([], 0.016)
    assert "knowledge" not in table.board.regions.panels and "moves" in table.board.regions.panels

    live = TableScene(Match(Rules.from_base("matador", 2), [YOU, BO], 3), thinker=Thinker("thread"), animation_speed="fast", show_knowledge=True)
    app.push(live)
    app.step([], 0.016)
    app.step([], 0.016)
    assert "knowledge" in live.board.regions.panels  # the same flag at a live table: the panel shows
    assert live.snapshot.header != DRILL
