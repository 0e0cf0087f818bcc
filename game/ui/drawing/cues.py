"""What tells a table's states apart, never by colour alone.

Each state that matters has a shape or an outline of its own as well as a
colour, and the colours come from a colour-blind safe palette (Okabe and Ito's),
so a player who cannot tell red from green (deuteranopia, protanopia) or sees
no colour at all still reads the table:

- a tile in the hand that can be laid: a solid outline round it (the others are
  veiled and have none);
- a lit place (where the tile held may go): a solid outline round its ghost; the
  place the keys or the drop would choose: thick corner brackets over that
  outline as well (an open end that is not lit keeps its dashed outline);
- the seat to move: a triangle before its name and a thick border;
- the coach's better move (the review): a dashed sky-blue outline and a diamond
  at its corner.

High contrast (``game.ui.drawing.access``) makes every outline thicker and darkens
round it, so it stands out from the felt and the tiles; an open end nothing is
held for gets a solid white and black outline over its dashed one.
"""

from __future__ import annotations

import pygame
from pygame import Rect

from game.ui.drawing import access

# Okabe & Ito (2008), "Color Universal Design": told apart with every kind of colour blindness
YELLOW = (240, 228, 66)
SKY = (86, 180, 233)
VERMILLION = (213, 94, 0)
BLUE = (0, 114, 178)
ORANGE = (230, 159, 0)
INK = (0, 0, 0)

PLAYABLE = YELLOW  # a tile that can be laid, a lit place, the seat to move
COACH = SKY  # the coach's better move
MISTAKE = VERMILLION  # the coach's mistake and blunder words


def width(base: int = 2) -> int:
    """An outline's thickness (thicker in high contrast)."""
    return base + 1 if access.CURRENT.high_contrast else base


def _ring(surface: pygame.Surface, rect: Rect, colour: tuple[int, int, int], line: int, radius: int) -> None:
    if access.CURRENT.high_contrast:  # a dark edge each side: the ring stands out on white tiles and on the felt
        pygame.draw.rect(surface, INK, rect.inflate(2 * line + 2, 2 * line + 2), line, border_radius=radius + line)
    pygame.draw.rect(surface, colour, rect.inflate(2 * line, 2 * line), line, border_radius=radius)


def playable(surface: pygame.Surface, rect: Rect) -> None:
    """A solid outline round a tile in the hand that can be laid."""
    _ring(surface, rect.inflate(2, 2), PLAYABLE, width(2), max(3, rect.width // 8))


def lit_place(surface: pygame.Surface, rect: Rect, chosen: bool) -> None:
    """A solid outline round a lit place; the chosen one has corner brackets too."""
    line = width(2)
    _ring(surface, rect, PLAYABLE, line, max(3, min(rect.size) // 8))
    if chosen:  # thick corners over the outline (kept close: the tiles beside are not covered)
        outer = rect.inflate(2 * line + 2, 2 * line + 2)
        arm = max(6, min(outer.size) // 3)
        thick = 2 * line + 1
        for corner, dx, dy in (
            (outer.topleft, 1, 1),
            (outer.topright, -1, 1),
            (outer.bottomleft, 1, -1),
            (outer.bottomright, -1, -1),
        ):
            x, y = corner[0] - (1 if dx < 0 else 0), corner[1] - (1 if dy < 0 else 0)
            pygame.draw.line(surface, PLAYABLE, (x, y), (x + dx * arm, y), thick)
            pygame.draw.line(surface, PLAYABLE, (x, y), (x, y + dy * arm), thick)


def open_end(surface: pygame.Surface, rect: Rect) -> None:
    """An open end nothing is held for: its dashed outline, made stronger in high contrast."""
    if not access.CURRENT.high_contrast:
        return
    pygame.draw.rect(surface, INK, rect.inflate(4, 4), 2, border_radius=max(3, min(rect.size) // 8))
    pygame.draw.rect(surface, (255, 255, 255), rect, 2, border_radius=max(3, min(rect.size) // 8))


def coach_mark(surface: pygame.Surface, rect: Rect) -> None:
    """The coach's better move: a dashed outline and a diamond at its top-right corner."""
    line = width(2)
    outer = rect.inflate(2 * line + 2, 2 * line + 2)
    dash = max(4, min(outer.size) // 5)
    for start, end in (
        (outer.topleft, outer.topright),
        (outer.topright, outer.bottomright),
        (outer.bottomright, outer.bottomleft),
        (outer.bottomleft, outer.topleft),
    ):
        length = max(abs(end[0] - start[0]), abs(end[1] - start[1]))
        for d in range(0, length, 2 * dash):
            a = _along(start, end, d / length if length else 0)
            b = _along(start, end, min(d + dash, length) / length if length else 0)
            pygame.draw.line(surface, COACH, a, b, line)
    r = max(5, min(rect.size) // 5)
    cx, cy = outer.right, outer.top
    diamond = [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    pygame.draw.polygon(surface, COACH, diamond)
    pygame.draw.polygon(surface, INK, diamond, 1)


def _along(a: tuple[int, int], b: tuple[int, int], t: float) -> tuple[int, int]:
    return round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t)


def to_move_width(size: int) -> int:
    """The room ``to_move`` takes before the name."""
    h = max(6, size)
    return max(5, h * 3 // 4) + max(4, h // 3)


def to_move(surface: pygame.Surface, x: int, centre_y: int, size: int) -> int:
    """A triangle pointing at the name of the seat to move; the width it takes."""
    h = max(6, size)
    w = max(5, h * 3 // 4)
    points = [(x, centre_y - h // 2), (x + w, centre_y), (x, centre_y + h // 2)]
    pygame.draw.polygon(surface, PLAYABLE, points)
    if access.CURRENT.high_contrast:
        pygame.draw.polygon(surface, INK, points, 1)
    return w + max(4, h // 3)
