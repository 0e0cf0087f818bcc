"""The Rules screen's figures: small scenes of real tiles (drawn by ``TileArt``)
with gold badges, as the rules' prose (``game.ui.scenes.rules_text``) places them."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.i18n import N_, _
from game.ui.scenes.info import ui_font
from game.ui.drawing.text import GOLD, RED
from game.ui.drawing.tile_art import TileArt


@dataclass(frozen=True)
class Piece:
    """A tile of a figure: halves a (left/top) and b, its corner in half-tile units."""

    a: int
    b: int
    x: float
    y: float
    vertical: bool = False
    glow: bool = False


@dataclass(frozen=True)
class Mark:
    """A small gold badge (or a red one) centred at (x, y) in half-tile units."""

    text: str
    x: float
    y: float
    bad: bool = False


@dataclass(frozen=True)
class Drawing:
    pieces: tuple[Piece, ...]
    marks: tuple[Mark, ...] = ()
    ghosts: tuple[tuple[float, float], ...] = ()  # empty places (corner), horizontal


H, V = False, True
FIGURES: dict[str, Drawing] = {
    "seven": Drawing(
        (Piece(3, 5, 0, 0), Piece(2, 6, 2, 0), Piece(1, 4, 4, 0), Piece(3, 3, 6, 0)),
        (Mark("7", 2, -0.55), Mark("7", 4, -0.55), Mark("7", 6, -0.55)),
    ),
    "matadors": Drawing(
        (Piece(0, 0, 0, 0, glow=True), Piece(6, 1, 2.5, 0, glow=True), Piece(5, 2, 5, 0, glow=True), Piece(4, 3, 7.5, 0, glow=True)),
    ),
    "blank": Drawing(
        (Piece(3, 4, 0, 0), Piece(3, 0, 2, 0), Piece(5, 2, 4, 0, glow=True)),
        (Mark("7", 2, -0.55), Mark(N_("wild"), 4, -0.55)),
    ),
    "closed": Drawing(
        (Piece(2, 5, 0, 0), Piece(2, 0, 2, 0)),
        (Mark("7", 2, -0.55), Mark("×", 5, 0.5, bad=True)),
        ((4, 0),),
    ),
    "ten": Drawing(
        (
            Piece(0, 0, 0, 0, glow=True),
            Piece(9, 1, 2.4, 0, glow=True),
            Piece(8, 2, 4.8, 0, glow=True),
            Piece(7, 3, 7.2, 0, glow=True),
            Piece(6, 4, 9.6, 0, glow=True),
            Piece(5, 5, 12, 0, glow=True),
        ),
    ),
    "cross": Drawing(  # the spinner lies in line (doubles do in these games): N and S start on its long sides
        (
            Piece(3, 3, 4, 1, glow=True),
            Piece(2, 4, 2, 1),
            Piece(4, 6, 6, 1),
            Piece(1, 4, 4.5, -1, V),
            Piece(4, 5, 4.5, 2, V),
        ),
    ),
    "crosswise": Drawing(
        (Piece(2, 5, 0, 0), Piece(2, 4, 2, 0), Piece(4, 3, 4, -0.5, V, glow=True)),
        (Mark("7", 2, -0.55),),
        ((5.3, 0),),
    ),
    "wild": Drawing(
        (Piece(3, 5, 0, 0), Piece(6, 6, 2, -0.5, V, glow=True), Piece(2, 4, 3, 0)),
        (Mark("5+2", 3, 1.75),),
    ),
}


def figure_bounds(drawing: Drawing) -> tuple[float, float, float, float]:
    """(left, top, right, bottom) in half-tile units, badges included."""
    xs: list[float] = []
    ys: list[float] = []
    for p in drawing.pieces:
        w, h = (1, 2) if p.vertical else (2, 1)
        xs += [p.x, p.x + w]
        ys += [p.y, p.y + h]
    for gx, gy in drawing.ghosts:
        xs += [gx, gx + 2]
        ys += [gy, gy + 1]
    for m in drawing.marks:
        xs += [m.x - 0.4, m.x + 0.4]
        ys += [m.y - 0.4, m.y + 0.4]
    return min(xs), min(ys), max(xs), max(ys)


def render_figure(art: TileArt, drawing: Drawing, max_width: int, max_length: int) -> pygame.Surface:
    """The figure with real tiles, as wide as it may be up to ``max_width``."""
    left, top, right, bottom = figure_bounds(drawing)
    units_w, units_h = right - left, bottom - top
    margin = 10
    length = int(min(max_length, (max_width - 2 * margin) / units_w * 2))
    length = max(24, length - length % 2)
    s = length // 2
    size = (int(units_w * s) + 2 * margin, int(units_h * s) + 2 * margin)
    surface = pygame.Surface(size, pygame.SRCALPHA)

    def at(x: float, y: float) -> tuple[int, int]:
        return round((x - left) * s) + margin, round((y - top) * s) + margin

    for gx, gy in drawing.ghosts:
        surface.blit(art.ghost(None, None, length - 2), at(gx, gy))
    shadow_margin = art.highlight_margin(length - 2)
    offset = max(2, length // 30)
    for p in drawing.pieces:
        x, y = at(p.x, p.y)
        surface.blit(art.shadow(length - 2, p.vertical), (x + 1 - shadow_margin + offset, y + 1 - shadow_margin + offset))
    for p in drawing.pieces:
        x, y = at(p.x, p.y)
        if p.glow:
            surface.blit(art.highlight(length - 2, p.vertical), (x + 1 - shadow_margin, y + 1 - shadow_margin))
        surface.blit(art.face(p.a, p.b, length - 2, p.vertical), (x + 1, y + 1))
    font = ui_font(max(12, round(s * 0.42)), bold=True)
    for m in drawing.marks:
        cx, cy = at(m.x, m.y)
        text = font.render(_(m.text), True, (255, 250, 235) if m.bad else (40, 28, 10))
        w = max(text.get_width() + 10, text.get_height())
        badge = pygame.Rect(0, 0, w, text.get_height())
        badge.center = (cx, cy)
        pygame.draw.rect(surface, RED if m.bad else GOLD, badge, border_radius=badge.height // 2)
        surface.blit(text, text.get_rect(center=badge.center))
    return surface
