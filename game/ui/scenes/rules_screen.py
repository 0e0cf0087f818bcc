"""The Rules screen: a tab per rule set, the prose of ``game.ui.scenes.rules_text``,
illustrated with real tiles drawn by ``TileArt``; the page scrolls (wheel, keys,
or dragging the bar). The last tab is the controls: a table of what the mouse,
the keyboard and a game controller do (on a narrow window, one block per row)."""

from __future__ import annotations

import pygame
import pygame_gui

from game.i18n import N_, _
from game.ui.scenes.rules_figures import FIGURES, render_figure
from game.ui.scenes.rules_text import Figure, Heading, Page, Para, Table, pages
from game.ui.scenes.settings_screen import InfoScene, ui_font
from game.ui.drawing.menu import first_pressed
from game.ui.drawing.scroll import ScrollColumn
from game.ui.drawing.text import DIM, GOLD, IVORY

Colour = tuple[int, int, int]
TABLE_WEIGHTS = (25, 27, 19, 29)  # a four-column table's shares of the width (the controls)


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
        self.column = ScrollColumn(self.px)  # the page (painted: it blits its picture ``offset`` higher)
        self.tab_column = ScrollColumn(self.px)  # the tabs, when there are more than the body holds
        self.tab_column.wheel_anywhere = False

    @property
    def page(self) -> Page:
        return self.pages[self.page_index]

    # Building --------------------------------------------------------------------
    def build_body(self, body: pygame.Rect) -> None:
        assert self.gui is not None
        font = self.gui.get_theme().get_font([self.style("choice")])
        words = max(font.size(_(page.tab))[0] for page in self.pages) + self.px(20)  # a narrow window: the longest tab's words
        widest = max(self.px(200), min(words, body.width * 2 // 5))  # a long rule set's name: a wider tab
        tab_w = min(widest, max(body.width // 4 + 10, words))
        gap = self.px(6)
        tab_h = min(self.px(42), max(28, (body.height - gap * (len(self.pages) - 1)) // len(self.pages)))
        tab_h = max(tab_h, font.size("Ág")[1] + self.px(8))  # never lower than its words
        self.tabs = []
        self.tab_column.set_view(pygame.Rect(body.x, body.y, tab_w, body.height), len(self.pages) * (tab_h + gap) - gap)
        scrolls = self.tab_column.overflows  # more tabs than the body holds: they scroll, the page beside them
        if scrolls:
            self.tab_column.view.width = tab_w + self.tab_column.bar_room
        content = self.tab_column.make_containers(self.gui) if scrolls else None
        for i, page in enumerate(self.pages):
            button = pygame_gui.elements.UIButton(
                pygame.Rect(0 if scrolls else body.x, i * (tab_h + gap) + (0 if scrolls else body.y), tab_w, tab_h),
                _(page.tab),
                self.gui,
                container=content,
                object_id=self.style("choice"),
            )
            self.tabs.append(button)
        if not scrolls:
            self.tab_column.content = None
        # the page reaches down to the panel's bottom padding, beside the Back button
        bottom = self.panel.bottom - self.pad
        left = body.x + tab_w + (self.tab_column.bar_room if scrolls else 0) + self.px(18)
        self.view = pygame.Rect(left, body.y, body.right - left, bottom - body.y)
        self.paint_inset(self.view)
        self.show_page(self.page_index, keep_scroll=True)

    def show_page(self, index: int, keep_scroll: bool = False) -> None:
        self.page_index = index % len(self.pages)
        for i, tab in enumerate(self.tabs):
            if i == self.page_index:
                tab.select()  # type: ignore[no-untyped-call]
            else:
                tab.unselect()  # type: ignore[no-untyped-call]
        self.page_surface = self.render_page(self.page, self.view.width - self.px(44))
        self.column.track_right, self.column.track_inset = self.px(6), 0  # just right of the page
        self.column.set_view(self.inner, self.page_surface.get_height(), keep=keep_scroll)
        if self.tab_column.content is not None:
            self.tab_column.reveal(pygame.Rect(self.tabs[self.page_index].get_relative_rect()))

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
    def scroll(self) -> int:
        return self.column.offset

    @property
    def max_scroll(self) -> int:
        return self.column.max_offset

    def set_scroll(self, value: float) -> None:
        self.column.scroll_to(value)

    def scroll_columns(self) -> list[ScrollColumn]:
        return [self.tab_column] if self.tab_column.content is not None else []

    # Input -------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.tab_column.content is not None and self.tab_column.handle_event(event):
            return True  # the wheel over the tabs
        if event.type == pygame.KEYDOWN:
            step = {pygame.K_UP: -self.px(40), pygame.K_DOWN: self.px(40), pygame.K_SPACE: self.column.page}.get(event.key)
            if step is not None:
                self.set_scroll(self.scroll + step)
                return True
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB):
                back = event.key == pygame.K_LEFT or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self.show_page(self.page_index + (-1 if back else 1))
                return True
        if self.column.handle_event(event):  # the wheel, Page Up/Down, Home/End, the bar
            return True
        return super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is None or self.app.top is not self:
            return
        page = first_pressed(enumerate(self.tabs))
        if page is not None:
            self.sound("button")
            self.show_page(page)

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)

    # Drawing -----------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        if self.page_surface is None:
            return
        inner = self.inner
        area = pygame.Rect(0, self.scroll, min(inner.width, self.page_surface.get_width()), inner.height)
        surface.blit(self.page_surface, inner.topleft, area)
        self.column.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.tab_column.content is not None:
            self.tab_column.draw(surface, fades=False)
