"""The side panel on the felt: the round's moves (L), and, with the setting on,
what the table knows about the other hands. Painted once per change of its
content, then blitted each frame."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame import Rect

from game.i18n import _, ngettext
from game.ui.menu import wrap
from game.ui.table.knowledge import SeatKnowledge, knowledge_words
from game.ui.table.log import LogLine
from game.ui.table.words import tiles_text
from game.ui.text import DIM, GOLD, IVORY, TextCache
from game.ui.tile_art import TileArt
from game.ui.words import shown_name

PANEL = (12, 24, 17, 228)
CARD = (14, 26, 19, 240)  # a little more solid: the lesson's and the review's words
EDGE = (120, 96, 52)


@dataclass(frozen=True)
class PanelContent:
    """Everything the panel shows; equal contents paint the same picture."""

    size: tuple[int, int]
    scale: float
    lines: tuple[LogLine, ...] | None  # None: the moves are not shown
    names: tuple[str, ...]
    news: frozenset[int]  # log indices of the moves new to the person at the screen
    scroll: int  # lines hidden below the bottom (0: the newest shows)
    knowledge: tuple[SeatKnowledge, ...] | None  # None: the setting is off
    unseen: int
    special_word: str
    title: str
    rule: bool = True  # a line under what the table knows (before the moves, or alone in the column)


def card_surface(size: tuple[int, int], fill: tuple[int, int, int, int] = PANEL, edge: tuple[int, int, int] = EDGE) -> pygame.Surface:
    """The side panel's rounded card, empty: the lesson's and the review's words go on it."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(out, fill, out.get_rect(), border_radius=10)
    pygame.draw.rect(out, edge, out.get_rect(), 1, border_radius=10)
    return out


class SidePanel:
    def __init__(self, art: TileArt, text: TextCache):
        self.art = art
        self.text = text
        self._key: PanelContent | None = None
        self._picture: pygame.Surface | None = None
        self._height: tuple[PanelContent, int] | None = None

    def picture(self, content: PanelContent) -> pygame.Surface:
        if content != self._key or self._picture is None:
            self._picture = self.paint(content)
            self._key = content
        return self._picture

    def height(self, c: PanelContent) -> int:
        """How tall a card of what the table knows is, its words all shown (``c.lines`` None)."""
        if c.knowledge is None:
            return round(40 * c.scale)
        if self._height is None or self._height[0] != c:
            scratch = pygame.Surface((c.size[0], round(60 * c.scale) * (len(c.knowledge) + 2)), pygame.SRCALPHA)
            self._height = (c, self.paint_knowledge(scratch, c, round(10 * c.scale), round(10 * c.scale)))
        return self._height[1]

    def paint(self, c: PanelContent) -> pygame.Surface:
        w, h = c.size
        k = c.scale
        out = card_surface(c.size)
        pad = round(10 * k)
        y = pad
        if c.knowledge is not None:
            y = self.paint_knowledge(out, c, pad, y)
        if c.lines is not None:
            self.paint_moves(out, c, Rect(pad, y, w - 2 * pad, h - y - pad))
        return out

    def paint_knowledge(self, out: pygame.Surface, c: PanelContent, pad: int, y: int) -> int:
        k = c.scale
        w = out.get_width() - 2 * pad
        size = max(15, round(17 * k))
        heading = self.text.render(_("What the table knows"), max(16, round(19 * k)), GOLD, True)
        out.blit(heading, (pad, y))
        y += heading.get_height() + round(4 * k)
        assert c.knowledge is not None
        for known in c.knowledge:
            head = self.text.fit(_("{name}  ·  {tiles}").format(name=shown_name(c.names[known.seat]), tiles=tiles_text(known.holds)), w, size, IVORY, True)
            out.blit(head, (pad, y))
            y += head.get_height()
            for line in wrap(self.text, knowledge_words(known, c.special_word), w - round(10 * k), size, DIM):
                out.blit(line, (pad + round(10 * k), y))
                y += line.get_height()
            y += round(4 * k)
        unseen = self.text.render(ngettext("Unseen: {count} tile (other hands and boneyard)", "Unseen: {count} tiles (other hands and boneyard)", c.unseen).format(count=c.unseen), max(14, size - 2), DIM)
        if unseen.get_width() > w:
            unseen = self.text.fit(ngettext("Unseen: {count} tile", "Unseen: {count} tiles", c.unseen).format(count=c.unseen), w, max(14, size - 2), DIM)
        out.blit(unseen, (pad, y))
        y += unseen.get_height() + round(8 * k)
        if not c.rule:
            return y
        pygame.draw.line(out, EDGE, (pad, y), (pad + w, y), 1)
        return y + round(8 * k)

    def paint_moves(self, out: pygame.Surface, c: PanelContent, area: Rect) -> None:
        k = c.scale
        title = self.text.render(c.title, max(16, round(19 * k)), GOLD, True)
        out.blit(title, area.topleft)
        body = Rect(area.left, area.top + title.get_height() + round(4 * k), area.width, area.height - title.get_height() - round(4 * k))
        assert c.lines is not None
        if not c.lines:
            out.blit(self.text.render(_("No move yet."), max(15, round(18 * k)), DIM), body.topleft)
            return
        size = max(15, round(18 * k))
        tile_len = max(26, round(34 * k)) & ~1
        blocks = [self.line_block(line, body.width, size, tile_len, line.index in c.news) for line in c.lines]
        gap = round(3 * k)
        if sum(b.get_height() + gap for b in blocks) <= body.height:  # they all fit: from the top down
            y = body.top
            for block in blocks:
                out.blit(block, (body.left, y))
                y += block.get_height() + gap
            return
        # more than fit: the newest at the bottom, stacked upwards, ``scroll`` lines hidden below
        scroll = min(c.scroll, len(blocks) - 1)
        y = body.bottom
        shown = blocks[: len(blocks) - scroll]
        for block in reversed(shown):
            if y - block.get_height() < body.top:
                break
            y -= block.get_height() + gap
            out.blit(block, (body.left, y + gap))
        if scroll:
            more = self.text.render(_("▼ {count} newer").format(count=scroll), max(14, size - 2), GOLD)
            out.blit(more, (body.right - more.get_width(), body.bottom - more.get_height()))

    def line_block(self, line: LogLine, width: int, size: int, tile_len: int, new: bool) -> pygame.Surface:
        """One move: its tiles (small, face or back; as many as fit in a third of
        the line, then "+N") and its words beside them, wrapped in their own column."""
        room = width // 3
        count = 0
        tiles_w = 0
        for face in line.tiles[:4]:
            picture_w = tile_len + 3
            rest = len(line.tiles) - count - 1
            plus_w = self.text.font(size).size(f"+{rest}")[0] + 3 if rest > 0 else 0
            if count and tiles_w + picture_w + plus_w > room:
                break
            tiles_w += picture_w
            count += 1
        pictures = [self.art.face(face[0], face[1], tile_len) if face is not None else self.art.back(tile_len) for face in line.tiles[:count]]
        extra = len(line.tiles) - len(pictures)
        plus = self.text.render(f"+{extra}", size, DIM) if extra > 0 else None
        tiles_w = sum(p.get_width() + 3 for p in pictures) + (plus.get_width() + 3 if plus is not None else 0)
        left = tiles_w + 4 if pictures else 0
        words = wrap(self.text, line.text, width - left, size, GOLD if new else IVORY)
        text_h = sum(s.get_height() for s in words)
        tiles_h = tile_len // 2 if pictures else 0
        block = pygame.Surface((width, max(text_h, tiles_h) + 2), pygame.SRCALPHA)
        self._tiles(block, pictures, plus, 0, max(0, (text_h - tiles_h) // 2) if text_h > tiles_h else 0)
        y = max(0, (tiles_h - text_h) // 2)
        for surface in words:
            block.blit(surface, (left, y))
            y += surface.get_height()
        return block

    @staticmethod
    def _tiles(block: pygame.Surface, pictures: list[pygame.Surface], plus: pygame.Surface | None, x: int, y: int) -> None:
        for picture in pictures:
            block.blit(picture, (x, y))
            x += picture.get_width() + 3
        if plus is not None:
            block.blit(plus, (x, y))
