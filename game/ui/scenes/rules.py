"""The Rules screen: a tab per rule set, the prose of ``game.ui.rules_text``,
illustrated with real tiles drawn by ``TileArt``; the page scrolls (wheel, keys,
or dragging the bar). The last tab is the controls: a table of what the mouse,
the keyboard and a game controller do (on a narrow window, one block per row)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame
import pygame_gui

from game.i18n import N_, _
from game.ui.rules_text import Figure, Heading, Page, Para, Table, pages
from game.ui.scenes.settings import INSET_FILL, InfoScene, panel_surface, ui_font
from game.ui.text import DIM, GOLD, IVORY, RED
from game.ui.tile_art import TileArt

Colour = tuple[int, int, int]
TABLE_WEIGHTS = (25, 27, 19, 29)  # a four-column table's shares of the width (the controls)


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


class RulesScene(InfoScene):
    """How each rule set plays, with a tab for each."""

    title = N_("Rules")

    def __init__(self, page: str = "basics") -> None:
        super().__init__()
        self.pages = pages()
        self.page_index = next((i for i, p in enumerate(self.pages) if p.id == page), 0)
        self.tabs: list[pygame_gui.elements.UIButton] = []
        self.view = pygame.Rect(0, 0, 0, 0)  # where the page shows
        self.page_surface: pygame.Surface | None = None
        self._inset: pygame.Surface | None = None
        self.scroll = 0
        self._dragging: int | None = None  # grab offset within the scroll thumb

    @property
    def page(self) -> Page:
        return self.pages[self.page_index]

    # Building --------------------------------------------------------------------
    def build_body(self, body: pygame.Rect) -> None:
        assert self.gui is not None
        font = self.gui.get_theme().get_font([self.style("choice")])
        words = max(font.size(_(page.tab))[0] for page in self.pages) + self.px(20)  # a narrow window: the longest tab's words
        tab_w = min(self.px(200), max(body.width // 4 + 10, words))
        tab_h = min(self.px(42), max(28, (body.height - self.px(6) * (len(self.pages) - 1)) // len(self.pages)))
        gap = self.px(6)
        self.tabs = []
        for i, page in enumerate(self.pages):
            button = pygame_gui.elements.UIButton(
                pygame.Rect(body.x, body.y + i * (tab_h + gap), tab_w, tab_h),
                _(page.tab),
                self.gui,
                object_id=self.style("choice"),
            )
            self.tabs.append(button)
        # the page reaches down to the panel's bottom padding, beside the Back button
        bottom = self.panel.bottom - self.pad
        self.view = pygame.Rect(body.x + tab_w + self.px(18), body.y, 0, bottom - body.y)
        self.view.width = body.right - self.view.x
        self._inset = panel_surface(self.view.size, INSET_FILL, edge=False)
        self.show_page(self.page_index, keep_scroll=True)

    def show_page(self, index: int, keep_scroll: bool = False) -> None:
        self.page_index = index % len(self.pages)
        for i, tab in enumerate(self.tabs):
            if i == self.page_index:
                tab.select()  # type: ignore[no-untyped-call]
            else:
                tab.unselect()  # type: ignore[no-untyped-call]
        self.page_surface = self.render_page(self.page, self.view.width - self.px(44))
        self.set_scroll(self.scroll if keep_scroll else 0)

    # The page --------------------------------------------------------------------
    def render_page(self, page: Page, width: int) -> pygame.Surface:
        """The whole page as one tall picture ``width`` wide (made once per page and size)."""
        body = ui_font(self.px(17))
        bold = ui_font(self.px(17), bold=True)
        heading = ui_font(self.px(22), bold=True)
        title = ui_font(self.px(27), bold=True)
        caption = ui_font(self.px(15), italic=True)
        parts: list[tuple[pygame.Surface, int]] = []  # (picture, x) top to bottom
        spacing: list[int] = []
        parts_add = parts.append

        def add(surface: pygame.Surface, before: int, x: int = 0) -> None:
            spacing.append(before)
            parts_add((surface, x))

        add(self.wrap(_(page.title), title, title, width, GOLD), 0)
        for block in page.blocks:
            if isinstance(block, Heading):
                add(self.wrap(_(block.text), heading, heading, width, GOLD), self.px(18))
            elif isinstance(block, Para):
                add(self.wrap(_(block.text), body, bold, width, IVORY), self.px(8))
            elif isinstance(block, Figure):
                drawing = FIGURES[block.kind]
                picture = render_figure(self.art, drawing, min(width, self.px(560)), self.px(84))
                add(picture, self.px(12), (width - picture.get_width()) // 2)
                words = self.wrap(_(block.caption), caption, caption, min(width, self.px(560)), DIM, centre=True)
                add(words, self.px(2), (width - words.get_width()) // 2)
            elif isinstance(block, Table):
                add(self.render_table(block, width, body, bold), self.px(10))
        height = sum(spacing) + sum(p.get_height() for p, _x in parts) + self.px(16)
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        y = 0
        for (picture, x), before in zip(parts, spacing):
            y += before
            surface.blit(picture, (x, y))
            y += picture.get_height()
        return surface

    def render_table(self, table: Table, width: int, font: pygame.font.Font, bold: pygame.font.Font) -> pygame.Surface:
        """``table`` as a grid with its head in gold; on a narrow page each row is
        a block instead: its name in gold, then a line per column."""
        pad = self.px(8)
        pictures: list[tuple[pygame.Surface, int, int]] = []  # (picture, x, y)
        shades: list[pygame.Rect] = []
        y = 0
        if width >= self.px(600):
            weights = TABLE_WEIGHTS if len(TABLE_WEIGHTS) == len(table.head) else (1,) * len(table.head)
            widths = [width * w // sum(weights) for w in weights]
            xs = [sum(widths[:c]) for c in range(len(widths))]
            for n, row in enumerate((table.head, *table.rows)):
                cells = [
                    self.wrap(_(text) if text else "–", bold if n == 0 or c == 0 else font, bold, widths[c] - 2 * pad, GOLD if n == 0 else IVORY if text else DIM)
                    for c, text in enumerate(row)
                ]
                height = max(cell.get_height() for cell in cells) + 2 * pad // 2 + self.px(4)
                if n % 2 == 1:
                    shades.append(pygame.Rect(0, y, width, height))
                for c, cell in enumerate(cells):
                    pictures.append((cell, xs[c] + pad, y + (height - cell.get_height()) // 2))
                y += height
                if n == 0:
                    y += self.px(4)
                    shades.append(pygame.Rect(0, y - self.px(3), width, 1))  # a line under the head
        else:
            for row in table.rows:
                top = y
                title = self.wrap(_(row[0]), bold, bold, width - 2 * pad, GOLD)
                pictures.append((title, pad, y + pad // 2))
                y += title.get_height() + pad // 2
                for head, text in zip(table.head[1:], row[1:]):
                    if text:
                        line = self.wrap(f"**{_(head)}:** {_(text)}", font, bold, width - 3 * pad, IVORY)
                        pictures.append((line, 2 * pad, y))
                        y += line.get_height()
                y += pad
                if len(shades) % 2 == 0:
                    shades.append(pygame.Rect(0, top, width, y - top))
                else:
                    shades.append(pygame.Rect(0, 0, 0, 0))
        out = pygame.Surface((width, max(1, y)), pygame.SRCALPHA)
        for shade in shades:
            if shade.height == 1:
                pygame.draw.rect(out, GOLD, shade)
            elif shade.width:
                pygame.draw.rect(out, (255, 255, 255, 14), shade, border_radius=self.px(6))
        for picture, x, py in pictures:
            out.blit(picture, (x, py))
        return out

    @staticmethod
    def wrap(
        text: str, font: pygame.font.Font, bold: pygame.font.Font, width: int, colour: Colour, centre: bool = False
    ) -> pygame.Surface:
        """``text`` wrapped to ``width``; ``**...**`` runs in bold gold."""
        # words as lists of (text, strong) pieces: "**spinner**:" is one word of two pieces
        words: list[list[tuple[str, bool]]] = []
        glue = False
        for i, run in enumerate(text.split("**")):
            strong = i % 2 == 1
            if not run:
                continue
            parts = run.split()
            if glue and words and parts and not run[0].isspace():
                words[-1].append((parts.pop(0), strong))
            words += [[(w, strong)] for w in parts]
            glue = not run[-1].isspace()
        space = font.size(" ")[0]
        line_h = font.get_linesize()
        lines: list[list[tuple[pygame.Surface, int]]] = [[]]
        x = 0
        for pieces in words:
            rendered = [
                (bold if strong else font).render(w, True, GOLD if strong and colour != GOLD else colour)
                for w, strong in pieces
            ]
            word_w = sum(r.get_width() for r in rendered)
            if lines[-1] and x + space + word_w > width:
                lines.append([])
                x = 0
            if lines[-1]:
                x += space
            for r in rendered:
                lines[-1].append((r, x))
                x += r.get_width()
        widths = [pics[-1][1] + pics[-1][0].get_width() if pics else 0 for pics in lines]
        used = max(max(widths, default=1), 1)
        surface = pygame.Surface((min(width, used), line_h * len(lines)), pygame.SRCALPHA)
        for row, pics in enumerate(lines):
            shift = (min(width, used) - widths[row]) // 2 if centre else 0
            for picture, px in pics:
                surface.blit(picture, (px + shift, row * line_h + (line_h - picture.get_height()) // 2))
        return surface

    # Scrolling ---------------------------------------------------------------------
    @property
    def inner(self) -> pygame.Rect:
        """The part of the view the page shows in (inside the padding)."""
        return self.view.inflate(-self.px(16), -self.px(16))

    @property
    def max_scroll(self) -> int:
        if self.page_surface is None:
            return 0
        return max(0, self.page_surface.get_height() - self.inner.height)

    def set_scroll(self, value: float) -> None:
        self.scroll = int(max(0, min(self.max_scroll, value)))

    def track(self) -> pygame.Rect:
        inner = self.inner
        return pygame.Rect(self.view.right - self.px(14), inner.y, self.px(6), inner.height)

    def thumb(self) -> pygame.Rect | None:
        if self.page_surface is None or self.max_scroll <= 0:
            return None
        track = self.track()
        total = self.page_surface.get_height()
        height = max(self.px(30), track.height * self.inner.height // total)
        top = track.y + (track.height - height) * self.scroll // self.max_scroll
        return pygame.Rect(track.x, top, track.width, height)

    # Input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL:
            self.set_scroll(self.scroll - event.y * self.px(48))
            return True
        if event.type == pygame.KEYDOWN:
            step = {
                pygame.K_UP: -self.px(40),
                pygame.K_DOWN: self.px(40),
                pygame.K_PAGEUP: -self.inner.height * 9 // 10,
                pygame.K_PAGEDOWN: self.inner.height * 9 // 10,
                pygame.K_SPACE: self.inner.height * 9 // 10,
            }.get(event.key)
            if step is not None:
                self.set_scroll(self.scroll + step)
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.set_scroll(0 if event.key == pygame.K_HOME else self.max_scroll)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                back = event.key == pygame.K_LEFT or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self.show_page(self.page_index + (-1 if back else 1))
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            thumb = self.thumb()
            track = self.track().inflate(self.px(12), 0)
            if thumb is not None and track.collidepoint(event.pos):
                if thumb.collidepoint(event.pos):
                    self._dragging = event.pos[1] - thumb.y
                else:  # a click on the track pages towards it
                    page = self.inner.height * 9 // 10
                    self.set_scroll(self.scroll + (page if event.pos[1] > thumb.centery else -page))
                return True
        if event.type == pygame.MOUSEMOTION and self._dragging is not None:
            thumb = self.thumb()
            if thumb is not None:
                track = self.track()
                room = max(1, track.height - thumb.height)
                self.set_scroll((event.pos[1] - self._dragging - track.y) * self.max_scroll / room)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._dragging is not None:
            self._dragging = None
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is None or self.app.top is not self:
            return
        for i, tab in enumerate(self.tabs):
            if tab.check_pressed():
                self.sound("button")
                self.show_page(i)
                break

    def on_resize(self, size: tuple[int, int]) -> None:
        self._dragging = None
        super().on_resize(size)

    # Drawing -----------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        if self._inset is not None:
            surface.blit(self._inset, self.view.topleft)
        if self.page_surface is None:
            return
        inner = self.inner
        area = pygame.Rect(0, self.scroll, min(inner.width, self.page_surface.get_width()), inner.height)
        surface.blit(self.page_surface, inner.topleft, area)
        thumb = self.thumb()
        if thumb is not None:
            track = self.track()
            pygame.draw.rect(surface, (40, 56, 44), track, border_radius=track.width // 2)
            pygame.draw.rect(surface, GOLD, thumb, border_radius=thumb.width // 2)
            # a soft fade shows there is more below / above
            if self.scroll < self.max_scroll:
                surface.blit(_fade(inner.width - self.px(20), self.px(24), down=True), (inner.x, inner.bottom - self.px(24)))
            if self.scroll > 0:
                surface.blit(_fade(inner.width - self.px(20), self.px(24), down=False), inner.topleft)


_FADES: dict[tuple[int, int, bool], pygame.Surface] = {}


def _fade(width: int, height: int, down: bool) -> pygame.Surface:
    key = (width, height, down)
    fade = _FADES.get(key)
    if fade is None:
        fade = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        for row in range(height):
            t = row / max(1, height - 1)
            alpha = round(150 * (t if down else 1 - t))
            pygame.draw.line(fade, (8, 20, 13, alpha), (0, row), (width, row))
        if len(_FADES) > 8:
            _FADES.clear()
        _FADES[key] = fade
    return fade
