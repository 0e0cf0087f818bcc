"""Feedback on every input (issue 22): Enter with no tile or a greyed one says
why; Left/Right step over greyed tiles; a tile chosen and turned, then dragged
to its lit place, lies there as the place shows. Driven through the real table
scene with synthetic events."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import PlayerInfo
from game.ui.drawing import access
from game.ui.table import TableScene, slot_of, targets_for

SEED_WITH_A_MATADOR = 4  # a deal where Ann soon may lay a matador either way round
SOLO = [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "easy")]


def turn_with(app: Any, ui: Any, scene: TableScene, wanted: Any, limit: int = 60) -> None:
    """Play the person's first legal move until ``wanted(scene)`` holds on their turn."""
    for _ in range(limit):
        for _ in range(300):
            if scene.can_act() or scene.model.state.over:
                break
            app.step([], 0.05)
        assert not scene.model.state.over, "the round ended first"
        if wanted(scene):
            return
        scene.play(scene.model.legal[0], None)
    raise AssertionError("no such turn")


def greyed_and_playable(scene: TableScene) -> bool:
    playable = scene.snapshot.playable or set()
    tiles = [t for t, _ in scene.board.hand]
    return 0 < len(playable) < len(tiles) - 1


def test_enter_with_no_tile_chosen_says_why(make_app: Any, ui: Any) -> None:
    app = make_app((1280, 800))
    scene = ui.new_table(app, "matador", SOLO, seed=3)
    # two tiles or more fit (with one, Enter lays or chooses it: tests/ui/table/test_enter_and_turn.py)
    turn_with(app, ui, scene, lambda s: len({a.tile for a in s.model.legal if a.kind == "lay"}) >= 2)
    assert scene.controls.input.selected is None
    before = scene.model.state.key()
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert scene.model.state.key() == before
    message = scene.motion.message
    assert message is not None and "Choose a tile" in message.text


def test_enter_on_a_greyed_tile_gives_the_tables_reason(make_app: Any, ui: Any) -> None:
    app = make_app((1280, 800))
    scene = ui.new_table(app, "matador", SOLO, seed=3)
    turn_with(app, ui, scene, greyed_and_playable)
    playable = scene.snapshot.playable or set()
    greyed = next(t for t, _ in scene.board.hand if t not in playable)
    rect = scene.board.hand_rect(greyed)
    assert rect is not None
    ui.click(app, rect.center)  # chosen with the mouse
    assert scene.controls.input.selected == greyed
    before = scene.model.state.key()
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert scene.model.state.key() == before
    message = scene.motion.message
    assert message is not None and message.warning and "cannot" in message.text


def test_left_and_right_step_over_greyed_tiles(make_app: Any, ui: Any) -> None:
    app = make_app((1280, 800))
    scene = ui.new_table(app, "matador", SOLO, seed=3)
    turn_with(app, ui, scene, greyed_and_playable)
    playable = scene.snapshot.playable or set()
    seen = []
    for _ in range(len(scene.board.hand) + 2):
        app.step([ui.key(pygame.K_RIGHT)], 0.016)
        seen.append(scene.controls.input.selected)
    assert set(seen) == playable  # every playable tile, and only those
    for _ in range(3):
        app.step([ui.key(pygame.K_LEFT)], 0.016)
        assert scene.controls.input.selected in playable


def test_left_right_with_nothing_to_lay_says_why(make_app: Any, ui: Any) -> None:
    app = make_app((1280, 800))
    scene = ui.new_table(app, "matador", SOLO, seed=3)
    turn_with(app, ui, scene, lambda s: not any(a.kind == "lay" for a in s.model.legal) and bool(s.board.hand))
    app.step([ui.key(pygame.K_RIGHT)], 0.016)
    message = scene.motion.message
    assert message is not None and "No tile of yours fits" in message.text


def test_a_tile_chosen_and_turned_lies_as_its_lit_place_shows_when_dragged_there(make_app: Any, ui: Any) -> None:
    app = make_app((1280, 800))
    scene = ui.new_table(app, "matador", SOLO, seed=SEED_WITH_A_MATADOR)

    def two_ways(s: TableScene) -> bool:
        return any(len(t.actions) > 1 and t.arm is not None for tile, _ in s.board.hand for t in targets_for(tile, s.model.legal))

    turn_with(app, ui, scene, two_ways)
    tile, target = next((tile, t) for tile, _ in scene.board.hand for t in targets_for(tile, scene.model.legal) if len(t.actions) > 1 and t.arm is not None)
    rect = scene.board.hand_rect(tile)
    assert rect is not None
    ui.click(app, rect.center)  # chosen
    app.step([ui.key(pygame.K_r)], 0.016)  # turned: the places show the second way
    wanted = target.variant(1)
    slot = slot_of(wanted, scene.board.layout)
    assert slot is not None
    ui.drag(app, rect.move(0, -10).center, slot.rect.center)  # picked up from the hand and dropped on that place
    placed = scene.model.state.history[-1][1]
    assert placed == wanted, (placed, wanted)


def test_a_controller_player_is_told_the_controllers_buttons(make_app: Any, ui: Any) -> None:
    from dataclasses import replace

    from game.ui.table import nothing_chosen

    app = make_app((1280, 800))
    scene = ui.new_table(app, "matador", SOLO, seed=3)
    turn_with(app, ui, scene, lambda s: not any(a.kind == "lay" for a in s.model.legal) and bool(s.board.hand))
    ctx = scene.controls.input_context()
    assert "(D)" in nothing_chosen(ctx) or "(P)" in nothing_chosen(ctx)
    pad = nothing_chosen(replace(ctx, pad=True))
    assert "(Y)" in pad or "(B)" in pad


def test_a_drop_on_a_ghost_lays_the_tile_as_it_was_shown_there(make_app: Any, ui: Any) -> None:
    """A matador that may lie either way round, picked up from the hand (not
    chosen first) and turned while held over its lit place: the picture the
    player saw there is the tile that lies there after the drop, pixel for pixel."""
    import numpy as np

    def two_ways(s: TableScene) -> bool:
        return any(len(t.actions) > 1 and t.arm is not None for tile, _ in s.board.hand for t in targets_for(tile, s.model.legal))

    access.CURRENT.reduce_motion = True  # the table does not ease to its new centre: the tile is compared where it lies
    for turns in (0, 1):
        app = make_app((1280, 800))
        scene = ui.new_table(app, "matador", SOLO, seed=SEED_WITH_A_MATADOR)
        turn_with(app, ui, scene, two_ways)
        tile, target = next((tile, t) for tile, _ in scene.board.hand for t in targets_for(tile, scene.model.legal) if len(t.actions) > 1 and t.arm is not None)
        rect = scene.board.hand_rect(tile)
        slot = slot_of(target.variant(0), scene.board.layout)
        assert rect is not None and slot is not None and scene.controls.input.selected is None
        over = slot.rect.center
        app.step([ui.mouse_down(rect.center)], 0.016)
        for i in range(1, 4):
            app.step([ui.mouse_move((rect.centerx + (over[0] - rect.centerx) * i // 3, rect.centery + (over[1] - rect.centery) * i // 3), rect.center)], 0.016)
        for _ in range(turns):
            app.step([ui.key(pygame.K_r)], 0.016)
        shown_slot = slot_of(target.variant(turns), scene.board.layout)
        assert shown_slot is not None and shown_slot.rect.collidepoint(over)
        app.step([], 0.016)
        seen = pygame.surfarray.array3d(app.surface.subsurface(shown_slot.rect.inflate(-8, -8))).astype(int)
        played = len(scene.model.state.history)
        app.step([ui.mouse_up(over)], 0.016)
        assert len(scene.model.state.history) == played + 1 and scene.model.state.placements[-1].tile == tile
        ui.settle(app, 2, 0.016)
        spot = scene.board.layout.spot(tile)
        assert spot is not None and spot.rect.size == shown_slot.rect.size
        app.step([], 0.016)
        laid = pygame.surfarray.array3d(app.surface.subsurface(spot.rect.inflate(-8, -8))).astype(int)
        assert np.abs(seen - laid).mean() < 12, (turns, np.abs(seen - laid).mean())  # the same halves, the same way round
        app.pop()
