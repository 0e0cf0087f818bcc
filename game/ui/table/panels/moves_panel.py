"""The moves panel (L, the Moves tool, a controller's Back): the round's
moves in words with their tiles, the ones new to the person at the screen lit
(in a review, the last one on the board); the wheel over it, Page Up and Page
Down scroll it, Home and End go to the oldest and the newest; a controller's
shoulders (opening it first), or its right stick while what the table knows
is closed (in a review, where the shoulders change the round: ``mode_review``).
Its lines come from the mode's source (``log_lines``, ``log_title``, ``log_lit``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Hashable

import pygame
from pygame import Rect

from game.i18n import _
from game.ui.drawing.menu import wrap
from game.ui.table.log import LogLine
from game.ui.table.panels.panel import Panel, card_surface
from game.ui.table.felt.regions import PanelSpec
from game.ui.drawing.text import DIM, GOLD, IVORY

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress
    from game.ui.table.protocols import Table

GAP = 8  # between it and a panel above
LEAST_H = 60  # its picture is never shorter (a narrow column: it runs on under the panel below)
PAGE = 3  # lines a key or a controller's shoulder scrolls


@dataclass(frozen=True)
class MovesContent:
    """What the panel shows; equal contents paint the same picture."""

    size: tuple[int, int]
    scale: float
    title: str
    lines: tuple[LogLine, ...]
    names: tuple[str, ...]
    lit: frozenset[int]  # log indices of the moves lit (new to the person at the screen)
    scroll: int  # lines hidden below the bottom (0: the newest shows)


class MovesPanel(Panel):
    name = "moves"
    tool = "moves"

    def __init__(self) -> None:
        super().__init__()  # (``shown``: opened; a mode may keep it open regardless: a review)
        self.scroll = 0  # lines hidden below the bottom
        self.scroll_round = 0  # the round the scroll is of: a new round shows its newest lines
        self._picture: tuple[MovesContent, pygame.Surface] | None = None

    def spec(self, table: Table) -> PanelSpec:
        return PanelSpec(self.name, None, GAP)

    def key(self) -> Hashable:
        return (self.shown, self.scroll, self.scroll_round)

    def lines(self, table: Table) -> list[LogLine]:
        """The round's moves in words, as the mode's source tells them."""
        return table.mode.source.log_lines(table)

    def scrolled(self, table: Table) -> int:
        return self.scroll if self.scroll_round == table.model.round_index else 0

    def content(self, table: Table, rect: Rect) -> Hashable:
        source = table.mode.source
        return MovesContent(
            (rect.width, max(LEAST_H, rect.height)),
            table.board.regions.scale,
            source.log_title(table),
            tuple(self.lines(table)),
            tuple(table.model.names),
            source.log_lit(table),
            self.scrolled(table),
        )

    # Opening and scrolling -------------------------------------------------------------
    def toggled(self, table: Table) -> None:
        self.scroll = 0

    def scroll_by(self, table: Table, lines: int) -> None:
        """``lines`` older (negative: newer), within the round's moves."""
        most = max(0, len(self.lines(table)) - 1)
        self.scroll = max(0, min(most, self.scrolled(table) + lines))
        self.scroll_round = table.model.round_index

    def handle_event(self, event: pygame.event.Event, table: Table, rect: Rect | None) -> bool:
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            keys = {pygame.K_PAGEUP: PAGE, pygame.K_PAGEDOWN: -PAGE, pygame.K_HOME: 10_000, pygame.K_END: -10_000}
            if event.key == pygame.K_l:
                self.toggle(table)
                return True
            if event.key in keys and self in table.open_panels():  # (a mode may keep it open: a review)
                self.scroll_by(table, keys[event.key])
                return True
        if event.type == pygame.MOUSEWHEEL and rect is not None and rect.collidepoint(table.controls.input.pointer):
            self.scroll_by(table, event.y)
            return True
        return False

    def handle_pad(self, press: PadPress, table: Table) -> bool:
        """Back opens or closes it; the shoulders scroll it (opening it first), so
        does the right stick while it is open (what the table knows, open above
        it, takes the stick first)."""
        if press.button in ("rs-up", "rs-down") and self in table.open_panels():
            self.scroll_by(table, 1 if press.button == "rs-up" else -1)
            return True
        if press.button == "back":
            self.toggle(table)
            return True
        if press.button in ("lb", "rb"):
            if not self.shown:
                self.toggle(table)
            self.scroll_by(table, PAGE if press.button == "lb" else -PAGE)
            return True
        return False

    # Painting ------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        assert isinstance(content, MovesContent)
        surface.blit(self.picture(content), rect.topleft)

    def picture(self, content: MovesContent) -> pygame.Surface:
        """The panel's card with ``content`` on it (painted again only when it changes)."""
        if self._picture is None or self._picture[0] != content:
            out = card_surface(content.size)
            pad = round(10 * content.scale)
            w, h = content.size
            self.paint(out, content, Rect(pad, pad, w - 2 * pad, h - 2 * pad))
            self._picture = (content, out)
        return self._picture[1]

    def paint(self, out: pygame.Surface, c: MovesContent, area: Rect) -> None:
        assert self.text is not None
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
        blocks = [self.line_block(line, body.width, size, tile_len, line.index in c.lit) for line in c.lines]
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
            more = self.text.render(_("{count} newer").format(count=scroll), max(14, size - 2), GOLD)
            # a small arrow pointing down before it (drawn: Noto Sans has no "▼")
            side = max(6, more.get_height() // 2)
            x = body.right - more.get_width() - side - side // 2
            y = body.bottom - more.get_height() + (more.get_height() - side) // 2
            out.blit(more, (body.right - more.get_width(), body.bottom - more.get_height()))
            pygame.draw.polygon(out, GOLD, [(x, y + side // 4), (x + side, y + side // 4), (x + side // 2, y + side - side // 8)])

    def line_block(self, line: LogLine, width: int, size: int, tile_len: int, new: bool) -> pygame.Surface:
        """One move: its tiles (small, face or back; as many as fit in a third of
        the line, then "+N") and its words beside them, wrapped in their own column."""
        assert self.art is not None and self.text is not None
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
