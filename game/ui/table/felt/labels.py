"""Where the table's words go: each open end's "needs N" label, the name tags on
the tiles other seats laid last, and the banner that says why a move was refused.

Rectangles and pictures only; the renderer draws them. A label goes inside its
dashed place when it fits there (on one line or two, at a readable size),
else beside it; a name tag goes beside its tile. Neither ever covers a tile's
pips or another label or tag if any clear spot exists (then, where it covers
the least).
"""

from __future__ import annotations

import pygame
from pygame import Rect

from game.ui.drawing.menu import wrap_lines
from game.ui.drawing.text import TextCache

MIN_LABEL_PX = 13  # the smallest label text inside a place (a smaller one goes beside it)
GAP = 3


def label_spot(slot: Rect, size: tuple[int, int], lit: bool, blocked: list[Rect], area: Rect) -> tuple[int, int]:
    """Where a label goes beside ``slot``, clear of ``blocked``: along its line, then
    across it, then at a corner (``lit``: beside only; else its centre is tried
    first); if nowhere is clear, where it covers the least."""
    w, h = size
    cx, cy = slot.centerx - w // 2, slot.centery - h // 2
    across = [(cx, slot.top - h - GAP), (cx, slot.bottom + GAP)]
    along = [(slot.left - w - GAP, cy), (slot.right + GAP, cy)]
    beside = along + across if slot.width > slot.height else across + along
    corners = [
        (slot.left, slot.top - h - GAP),
        (slot.right - w, slot.top - h - GAP),
        (slot.left, slot.bottom + GAP),
        (slot.right - w, slot.bottom + GAP),
    ]
    candidates = beside + corners if lit else [(cx, cy), *beside, *corners]
    best: tuple[int, int] | None = None
    least = -1
    for x, y in candidates:
        box = Rect(clamp_into((x, y), size, area), size)
        cover = sum(overlap(box, r) for r in blocked)
        inside = area.contains(box) and (box.x, box.y) == (x, y)
        if inside and cover == 0:
            return x, y
        if least < 0 or cover < least:
            best, least = (box.x, box.y), cover
    return best if best is not None else clamp_into(candidates[0], size, area)


def overlap(a: Rect, b: Rect) -> int:
    clip = a.clip(b)
    return clip.width * clip.height


def clamp_into(pos: tuple[int, int], size: tuple[int, int], area: Rect) -> tuple[int, int]:
    x = max(area.left + 2, min(area.right - size[0] - 2, pos[0]))
    y = max(area.top + 2, min(area.bottom - size[1] - 2, pos[1]))
    return x, y


def splits(words: str) -> list[list[str]]:
    """``words`` on one line, then on two lines broken at each space (the most even first)."""
    parts = words.split()
    options = [[words]]
    twos = [[" ".join(parts[:i]), " ".join(parts[i:])] for i in range(1, len(parts))]
    twos.sort(key=lambda pair: abs(len(pair[0]) - len(pair[1])))
    return options + twos


def fitted_lines(text: TextCache, words: str, box: tuple[int, int], size: int, least: int = MIN_LABEL_PX) -> tuple[list[str], int] | None:
    """The lines and the size at which ``words`` fit in ``box`` (width, height), the
    largest size first, down to ``least``; None when they cannot."""
    w, h = box
    for px in range(size, least - 1, -1):
        font = text.font(px, True)
        for lines in splits(words):
            width = max(font.size(line)[0] for line in lines)
            height = font.get_linesize() * len(lines)
            if width <= w and height <= h:
                return lines, px
    return None


def lines_picture(
    text: TextCache, lines: list[str], size: int, colour: tuple[int, int, int], back: tuple[int, int, int, int], pad: int, radius: int
) -> pygame.Surface:
    """Centred ``lines`` on a rounded box."""
    rendered = [text.render(line, size, colour, True) for line in lines]
    w = max(r.get_width() for r in rendered) + 2 * pad
    step = text.font(size, True).get_linesize()
    h = step * len(rendered) + pad
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(box, back, box.get_rect(), border_radius=min(radius, h // 2))
    y = pad // 2
    for r in rendered:
        box.blit(r, ((w - r.get_width()) // 2, y))
        y += step
    return box


def inside_label(
    text: TextCache, words: str, place: Rect, size: int, colour: tuple[int, int, int], back: tuple[int, int, int, int],
    least: int = MIN_LABEL_PX,
) -> pygame.Surface | None:
    """``words`` as a label that fits inside ``place`` (with a small margin) at
    ``least`` or larger, or None."""
    pad = 4
    room = (place.width - 2 * GAP - 2 * pad, place.height - 2 * GAP - pad)
    found = fitted_lines(text, words, room, size, max(least, MIN_LABEL_PX))
    if found is None:
        return None
    lines, px = found
    return lines_picture(text, lines, px, colour, back, pad, 8)


def banner(text: TextCache, words: str, width: int, size: int, colour: tuple[int, int, int], back: tuple[int, int, int, int]) -> pygame.Surface:
    """A message over the felt: whole words on as many lines as it takes (at most
    three, the text a little smaller if need be), never cut at the box's ends."""
    pad = max(10, size // 2)
    room = width - 2 * pad
    for px in range(size, 13, -1):
        font = text.font(px, True)
        lines = wrap_lines(words, room, lambda s: font.size(s)[0])
        if len(lines) <= 3 and all(font.size(line)[0] <= room for line in lines):
            return lines_picture(text, lines, px, colour, back, pad, 14)
    return lines_picture(text, [text_cut(text, words, room, 14)], 14, colour, back, pad, 14)


def text_cut(text: TextCache, words: str, width: int, size: int) -> str:
    font = text.font(size, True)
    while len(words) > 1 and font.size(words + "…")[0] > width:
        words = words[:-1]
    return words.rstrip() + "…"
