"""Playing through the real table scene with synthetic mouse events only."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Action, PlayerInfo
from game.ui.table import HandoffScene
from game.ui.table import TableScene
from game.ui.table import slot_of, targets_for
from game.ui.table import RoundEndScene

HUMANS = [PlayerInfo("Ann"), PlayerInfo("Bob")]


def wait_for_human(app: Any, ui: Any, scene: TableScene, limit: int = 400) -> None:
    """Step until a person may move (clicking away handoff covers) or the round ends."""
    for _ in range(limit):
        top = app.top
        if isinstance(top, HandoffScene):
            ui.click(app, (400, 300))
            continue
        if scene.model.state.over or scene.can_act():
            return
        app.step([], 0.05)
    raise AssertionError("nobody could move")


def play_one_move(app: Any, ui: Any, scene: TableScene) -> str:
    """Make one legal move with the mouse: drag a tile to its place, click the boneyard or a button."""
    state = scene.model.state
    lays = [a for a in scene.model.legal if a.kind == "lay"]
    kinds = {a.kind for a in scene.model.legal}
    if lays:
        tile = lays[0].tile
        assert tile is not None
        target = targets_for(tile, scene.model.legal)[0]
        slot = slot_of(target.variant(0), scene.board.layout)
        rect = scene.board.hand_rect(tile)
        assert slot is not None and rect is not None
        placed = len(state.placements)
        ui.drag(app, rect.center, slot.rect.center)
        assert len(state.placements) == placed + 1, scene.motion.message
        assert state.placements[-1].tile == tile
        return "lay"
    if "draw" in kinds:
        before = state.boneyard_count
        ui.click(app, scene.board.regions.boneyard.center)
        assert state.boneyard_count == before - 1
        return "draw"
    name = "pass" if "pass" in kinds else "refuse"
    app.step([], 0.016)  # the button shows on the next update
    button = scene.toolbar.turn[name]
    assert button.visible
    count = len(state.history)
    ui.click(app, button.rect.center)
    app.step([], 0.016)
    assert len(state.history) == count + 1
    return name


def test_whole_round_by_mouse(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    scene = ui.new_table(app, "matador", HUMANS, seed=3)
    seen: set[str] = set()
    for _ in range(200):
        wait_for_human(app, ui, scene)
        if scene.model.state.over:
            break
        seen.add(play_one_move(app, ui, scene))
    assert scene.model.state.over, "the round did not end"
    assert "lay" in seen
    ui.settle(app, 20)
    assert isinstance(app.top, RoundEndScene)
    summary = app.top
    ui.click(app, summary.buttons["next"].rect.center)
    ui.settle(app, 3)
    assert app.top is scene or isinstance(app.top, HandoffScene)
    assert len(scene.model.match.rounds) == 2 and not scene.model.state.over


def test_round_against_computer_by_mouse(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    seats = [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "random")]
    scene = ui.new_table(app, "family", seats, seed=11)
    for _ in range(200):
        wait_for_human(app, ui, scene, limit=2000)
        if scene.model.state.over:
            break
        play_one_move(app, ui, scene)
    assert scene.model.state.over
    assert all(p.is_human or True for p in scene.model.match.players)


def test_wrong_drop_changes_nothing(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    scene = ui.new_table(app, "matador", HUMANS, seed=5)
    for _ in range(3):  # a few moves in, so that there are ends to miss
        wait_for_human(app, ui, scene)
        play_one_move(app, ui, scene)
    wait_for_human(app, ui, scene)
    state = scene.model.state
    hand = state.hand(state.current_player)
    # a tile that fits nowhere, dropped on an open end: refused with the engine's reason
    misfit = next((t for t in hand if not targets_for(t, scene.model.legal)), None)
    end = next(iter(scene.board.layout.labels.values()))
    before = state.key()
    tile = misfit if misfit is not None else hand[0]
    rect = scene.board.hand_rect(tile)
    assert rect is not None
    drop = end.center if misfit is not None else scene.board.regions.felt.topleft
    ui.drag(app, rect.center, (drop[0] + 1, drop[1] + 1))
    assert state.key() == before
    assert scene.motion.message is not None and scene.motion.message.warning
    if misfit is not None:
        assert "cannot" in scene.motion.message.text or "needs" in scene.motion.message.text
    ui.settle(app, 10)
    assert tile in [t for t, _ in scene.board.hand]
    assert not scene.motion.glides


def test_drop_far_from_any_end_explains(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    scene = ui.new_table(app, "matador", HUMANS, seed=8)
    wait_for_human(app, ui, scene)
    state = scene.model.state
    before = state.key()
    tile, rect = scene.board.hand[0]
    corner = (scene.board.regions.felt.left + 5, scene.board.regions.felt.top + 5)
    ui.drag(app, rect.center, corner)
    assert state.key() == before
    message = scene.motion.message
    assert message is not None and message.text


def test_pointer_click_then_click_target(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    scene = ui.new_table(app, "wild-doubles", HUMANS, seed=2)
    wait_for_human(app, ui, scene)
    lay = next(a for a in scene.model.legal if a.kind == "lay")
    assert lay.tile is not None
    rect = scene.board.hand_rect(lay.tile)
    assert rect is not None
    ui.click(app, rect.center)
    assert scene.controls.input.selected == lay.tile
    slot = slot_of(targets_for(lay.tile, scene.model.legal)[0].variant(0), scene.board.layout)
    assert slot is not None
    ui.click(app, slot.rect.center)
    assert scene.model.state.placements and scene.model.state.placements[-1].tile == lay.tile


def test_pass_button_only_when_legal(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    scene = ui.new_table(app, "all-sevens", HUMANS, seed=4)
    for _ in range(60):
        wait_for_human(app, ui, scene)
        if scene.model.state.over:
            break
        app.step([], 0.016)
        legal_pass = Action.pass_() in scene.model.legal
        assert scene.toolbar.turn["pass"].visible == legal_pass
        assert not scene.toolbar.turn["refuse"].visible
        play_one_move(app, ui, scene)
    assert pygame.get_init()
