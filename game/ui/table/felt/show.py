"""The tiles already on the table easing to where a new layout puts them
(``shift_of``), and where a seat's tiles come from (``seat_anchor``). What an
action looks like as it lands is its mode's look's (``PlayLook.show``)."""

from __future__ import annotations

from game.ui.table.felt.animation import Shift, centre_of
from game.ui.table.felt.tile_places import TableLayout
from game.ui.table.felt.regions import TableRegions

SHIFT_SHARE = 0.8  # the table making room for a tile takes this share of a glide


def seat_anchor(regions: TableRegions, seat: int) -> tuple[float, float]:
    """Where ``seat``'s tiles come from: its plaque, or the hand at the bottom."""
    place = regions.seats.get(seat)
    if place is not None:
        return centre_of(place.rect)
    return centre_of(regions.hand_tiles)


def shift_of(before: TableLayout, after: TableLayout, glide_s: float) -> Shift | None:
    """The tiles on the table gliding from ``before`` to where ``after`` puts them,
    easing to their new size when the table shrank (None: none of them moves)."""
    old = {spot.tile: centre_of(spot.rect) for spot in before.tiles}
    resized = 0 < before.unit != after.unit
    moved = {
        spot.tile: old[spot.tile]
        for spot in after.tiles
        if spot.tile in old and (resized or centre_of(spot.rect) != old[spot.tile])
    }
    if not moved:
        return None
    units = (before.unit, after.unit) if resized else (0, 0)
    return Shift(moved, glide_s * SHIFT_SHARE, 0.0, *units)
