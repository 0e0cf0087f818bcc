"""Where a walked layout sits in its area: centred, but never moved so far back
that an arm turned at the area's edge (a corner) would have had room to go on
straight (``centred``); and where a middle part sits between room either side
(``balance``). Rectangles only."""

from __future__ import annotations

from dataclasses import replace

from game.ui.table.felt.spots import TableLayout, local_rect, perpendicular


def balance(start: int, size: int, before: int, middle: int, after: int) -> int:
    """The centre of ``middle`` on a span, with ``before`` and ``after`` room either side."""
    if before + middle + after <= size:
        return start + (size - before - middle - after) // 2 + before + middle // 2
    if 2 * before + middle < size:  # the short side fits: give the rest to the long one
        return start + before + middle // 2
    if 2 * after + middle < size:
        return start + size - after - middle + middle // 2
    return start + size // 2


def corner_bounds(layout: TableLayout) -> tuple[list[int], list[int]]:
    """How far the layout may be moved along x and y ((lowest, lowest), (highest,
    highest)) and keep each corner that an arm turned at the area's edge: moved
    further back, the felt ahead of the corner would have held the arm going
    on straight (a tile and the room after it), and the cross would look like a
    pinwheel with free felt left."""
    low, high = [-(1 << 20)] * 2, [1 << 20] * 2
    s, g = layout.unit, max(1, layout.unit // 10)
    reach = g + 2 * s + g + s
    area = layout.area
    spots = {(t.arm, t.index): t for t in layout.tiles}
    for k, spot in enumerate(layout.tiles):
        prev = spots.get((spot.arm, spot.index - 1)) if spot.turn and spot.arm is not None else None
        if prev is None or prev.turn or prev.across:
            continue
        h, r = spot.heading, prev.rect
        end = (r.right if h[0] > 0 else r.left, r.centery) if h[1] == 0 else (r.centerx, r.bottom if h[1] > 0 else r.top)
        ahead = local_rect(end, h, perpendicular(h), 0, reach, -s // 2, s // 2)
        if ahead.collidelist([t.rect for t in layout.tiles[:k] if t is not prev]) >= 0:
            continue  # a tile was in the way: the corner stays right wherever the layout goes
        axis = 0 if h[1] == 0 else 1
        if h[axis] > 0:
            out = (ahead.right - area.right) if axis == 0 else (ahead.bottom - area.bottom)
            if out > 0:
                low[axis] = max(low[axis], 1 - out)
        else:
            out = (area.left - ahead.left) if axis == 0 else (area.top - ahead.top)
            if out > 0:
                high[axis] = min(high[axis], out - 1)
    return low, high


def centred(layout: TableLayout) -> TableLayout:
    """The same layout moved so that its bounding box sits in the middle of the area."""
    rects = [t.rect for t in layout.tiles] + [s.rect for s in layout.slots.values()]
    if not rects:
        return layout
    box = rects[0].unionall(rects[1:])
    dx = layout.area.centerx - box.centerx
    dy = layout.area.centery - box.centery
    if box.width > layout.area.width:
        dx = 0
    if box.height > layout.area.height:
        dy = 0
    low, high = corner_bounds(layout)
    dx, dy = max(low[0], min(high[0], dx)), max(low[1], min(high[1], dy))
    if dx == 0 and dy == 0:
        return layout
    tiles = [replace(t, rect=t.rect.move(dx, dy)) for t in layout.tiles]
    slots = {k: replace(v, rect=v.rect.move(dx, dy)) for k, v in layout.slots.items()}
    labels = {k: r.move(dx, dy) for k, r in layout.labels.items()}
    return TableLayout(layout.unit, layout.area, tiles, slots, layout.fits, labels, layout.doubles_across, layout.spins)
