"""What the table shows of an action the referee let through: the tile gliding
from its seat (or from where it was dropped) to its place, drawn tiles flying
from the boneyard, the words for a pass or a refusal, the sounds; and the
tiles already down easing to where a new layout puts them. Functions of the
table scene; they change only its motion (never the game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Action
from game.engine.tiles import halves
from game.ui.table.animation import Glide, Shift, centre_of
from game.ui.table.geometry import TableLayout
from game.ui.table.words import passed_text, refused_text

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene

SHIFT_SHARE = 0.8  # the table making room for a tile takes this share of a glide


def seat_anchor(table: TableScene, seat: int) -> tuple[float, float]:
    place = table.regions.seats.get(seat)
    if place is not None:
        return centre_of(place.rect)
    return centre_of(table.regions.hand_tiles)


def show_action(table: TableScene, seat: int, action: Action, before: set[int], origin: tuple[int, int] | None) -> None:
    human = table.model.is_person(seat)
    if action.kind == "lay" and action.tile is not None:
        table.last_tile = action.tile
        spot = table.layout.spot(action.tile)
        if spot is not None:
            start = origin if origin is not None else seat_anchor(table, seat)
            duration = 0.14 if origin is not None else (table.glide_s if not human else 0.25)
            face = (spot.first, spot.second, spot.vertical, 2 * table.layout.unit)
            table.motion.add(Glide(start, centre_of(spot.rect), duration, face, 2 * table.layout.unit, spot.vertical, action.tile))
        table.sound("crosswise" if action.across else "lay")
    elif action.kind == "draw":
        drawn = set(table.model.state.hand(seat)) - before
        end = seat_anchor(table, seat)
        length = max(24, 2 * table.layout.unit)
        for tile in drawn:
            rect = table.hand_rect(tile) if seat == table.model.viewer and table.mode.look.hand_face_up(table) else None
            target = centre_of(rect) if rect is not None else end
            shown: tuple[int, int, bool, int] | None = None
            if rect is not None:
                shown = (*halves(tile), True, rect.height)
            table.motion.add(
                Glide(centre_of(table.regions.boneyard), target, table.glide_s * 0.8, shown, length, True, tile if rect else None, blocks=not human)
            )
        table.sound("draw")
    elif action.kind == "pass":
        table.motion.say(passed_text(table.model.names[seat]), 2.0)
        table.sound("pass")
    elif action.kind == "refuse":
        table.motion.say(refused_text(table.model.names[seat]), 2.5)
        table.sound("pass")


def shift_from(table: TableScene, before: TableLayout) -> None:
    """Let the tiles already on the table glide to where the new layout puts
    them, easing to their new size when the table shrank."""
    old = {spot.tile: centre_of(spot.rect) for spot in before.tiles}
    resized = 0 < before.unit != table.layout.unit
    moved = {
        spot.tile: old[spot.tile]
        for spot in table.layout.tiles
        if spot.tile in old and (resized or centre_of(spot.rect) != old[spot.tile])
    }
    if moved:
        units = (before.unit, table.layout.unit) if resized else (0, 0)
        table.motion.shift = Shift(moved, table.glide_s * SHIFT_SHARE, 0.0, *units)
