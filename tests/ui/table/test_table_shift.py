"""When the layout changes under the tiles already laid (a corner, a smaller
scale), they glide to their new places and ease to their new size instead of
jumping."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import PlayerInfo
from game.ui.table import Shift


def test_a_shift_starts_at_the_old_place_and_ends_at_the_new() -> None:
    shift = Shift({5: (10.0, 20.0)}, 0.4)
    home = pygame.Rect(100, 200, 40, 20)
    assert shift.place(5, home).center == (10, 20)
    assert shift.place(6, home) == home  # a tile that did not move
    shift.elapsed = 0.2
    halfway = shift.place(5, home).center
    assert 10 < halfway[0] < home.centerx and 20 < halfway[1] < home.centery
    shift.elapsed = 0.4
    assert shift.done and shift.place(5, home).center == home.center


def test_a_shrinking_shift_eases_the_size_from_the_old_unit_to_the_new() -> None:
    shift = Shift({5: (10.0, 20.0)}, 0.4, 0.0, 40, 30)  # tiles were 80 x 40, now 60 x 30
    home = pygame.Rect(100, 200, 60, 30)
    assert shift.resizing
    start = shift.place(5, home)
    assert start.size == (80, 40) and start.center == (10, 20)
    shift.elapsed = 0.2
    assert 60 < shift.place(5, home).width < 80
    shift.elapsed = 0.4
    assert not shift.resizing and shift.place(5, home) == home


def test_tiles_glide_when_the_table_makes_room(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    seats = [PlayerInfo("A", "computer", "random"), PlayerInfo("B", "computer", "random")]
    scene = ui.new_table(app, "leyden", seats, seed=11)
    seen_shift = False
    for _ in range(3000):
        app.step([], 0.02)
        shift = scene.motion.shift
        if shift is not None and shift.elapsed == 0.02:
            seen_shift = True
            # Right after the move the moved tiles are drawn near their old
            # places, not at their new homes.
            moved = [spot for spot in scene.board.layout.tiles if spot.tile in shift.old and centre(spot.rect) != shift.old[spot.tile]]
            assert moved
            for spot in moved:
                now = shift.place(spot.tile, spot.rect).center
                old = shift.old[spot.tile]
                still_to_go = abs(spot.rect.centerx - now[0]) + abs(spot.rect.centery - now[1])
                whole_way = abs(spot.rect.centerx - old[0]) + abs(spot.rect.centery - old[1])
                assert still_to_go > whole_way / 2
            break
        if scene.model.match.round.over:
            break
    assert seen_shift, "no relayout happened in a whole Leyden round at 800x600"
    # the shift ends and everything rests at its home
    for _ in range(100):
        app.step([], 0.02)
        if scene.motion.shift is None:
            break
    assert scene.motion.shift is None


def centre(rect: pygame.Rect) -> tuple[float, float]:
    return float(rect.centerx), float(rect.centery)


def test_tiles_ease_to_a_smaller_size_when_the_table_shrinks(make_app: Any, ui: Any) -> None:
    """A Family round for eight at 800x600 fills the felt: somewhere the unit
    shrinks; the tiles are first drawn at their old size, then at the new one,
    and the frames in between draw them scaled (without a glitch)."""
    app = make_app((800, 600))
    seats = [PlayerInfo(f"P{i}", "computer", "random") for i in range(8)]
    scene = ui.new_table(app, "family", seats, seed=3)
    seen = False
    for _ in range(4000):
        before = scene.board.layout.unit
        app.step([], 0.02)
        shift = scene.motion.shift
        if shift is not None and shift.resizing and scene.board.layout.unit < before:
            seen = True
            assert (shift.old_unit, shift.new_unit) == (before, scene.board.layout.unit)
            for spot in scene.board.layout.tiles:
                if spot.tile in shift.old:
                    drawn = shift.place(spot.tile, spot.rect)
                    assert max(drawn.size) > max(spot.rect.size)  # still larger than at home
            break
        if scene.model.match.round.over:
            break
    assert seen, "the table never shrank in a whole Family round for eight at 800x600"
    for _ in range(100):
        app.step([], 0.02)
        if scene.motion.shift is None:
            break
    assert scene.motion.shift is None


def test_the_last_tile_of_a_round_lands_on_its_ghost_and_the_table_holds_still(make_app: Any, ui: Any) -> None:
    from game.ui.table import slot_of

    app = make_app((800, 600))
    seats = [PlayerInfo("A", "computer", "random"), PlayerInfo("B", "computer", "random")]
    checked = 0
    for seed in range(12):
        if checked:
            break
        scene = ui.new_table(app, "matador", seats, seed=seed)
        before = scene.board.layout
        for _ in range(4000):
            if not scene.model.state.over:
                before = scene.board.layout
            app.step([], 0.02)
            if scene.model.state.over:
                break
        state = scene.model.state
        assert state.over
        seat, action = state.history[-1]
        if action.kind != "lay":
            app.pop()
            continue  # the round ended otherwise (blocked after a pass)
        ghost = slot_of(action, before)
        assert ghost is not None
        layout = scene.board.layout
        assert layout.unit == before.unit and not layout.slots
        assert [t.rect for t in layout.tiles[:-1]] == [t.rect for t in before.tiles]
        assert layout.tiles[-1].tile == action.tile and layout.tiles[-1].rect == ghost.rect
        checked += 1
        app.pop()
    assert checked
