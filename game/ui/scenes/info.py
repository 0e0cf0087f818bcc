"""``InfoScene``: the frame the Settings, Rules, Statistics and Past matches screens
share (a gold title, a panel on the felt, a Back button; Esc goes back), and the
typeface and panels they draw with. Its sizes follow the window and the text
size setting (``game.ui.drawing.access``)."""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui

from game.i18n import _
from game.profile.settings import Settings
from game.ui.drawing import access
from game.ui.shell.audio import Audio
from game.ui.shell.scene import GuiScene, Rests
from game.ui.drawing.scroll import ScrollColumn
from game.ui.drawing.text import noto
from game.ui.drawing.tile_art import TileArt

log = logging.getLogger(__name__)

PANEL_FILL = (10, 26, 17, 215)
PANEL_EDGE = (201, 168, 90)
INSET_FILL = (6, 16, 10, 150)


def ui_font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """The widgets' typeface (Noto Sans, shipped with pygame_gui) for text a scene draws
    itself, from the fonts every screen shares (``game.ui.drawing.text.FONTS``, bounded)."""
    return noto(size, bold, italic)


def panel_surface(size: tuple[int, int], fill: tuple[int, int, int, int] = PANEL_FILL, edge: bool = True) -> pygame.Surface:
    """A rounded, see-through dark panel with a thin gold edge."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(8, min(size) // 40)
    pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=radius)
    if edge:
        pygame.draw.rect(surface, PANEL_EDGE, surface.get_rect(), width=2, border_radius=radius)
    return surface


class InfoScene(Rests, GuiScene):
    """An opaque screen on the felt: a gold title, a panel, a Back button; Esc goes back."""

    title = ""  # marked with N_ by each screen, translated when built

    def __init__(self) -> None:
        super().__init__()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.back_button: pygame_gui.elements.UIButton | None = None
        self._backdrop: pygame.Surface | None = None  # the felt with the panel and the insets painted on it (``backdrop``)
        self.drawn_text: list[tuple[str, pygame.Rect, pygame.Rect]] = []

    def let_go_pictures(self) -> None:
        """Covered (``Rests``) or closed: its pictures go, made again when it is laid
        out (uncovered): the backdrop (felt, panel and insets: 33 MB at 3840x2160), a
        page, a table (Statistics' inset, still held under Settings at 2875x2114 and
        150% text, made the monkey's highest frame, 312 MB), and its widgets, kept in
        fields, lists, dicts and scroll columns (Past matches' list of names kept three
        pictures of its size, 28 MB at 3840x2160, under every review; Rules closed at
        3840x2160 held 24 MB until Python's collector found its reference cycles)."""
        from pygame_gui.core import UIElement

        from game.ui.drawing.scroll import ScrollColumn

        if self.gui is not None:
            from game.ui.drawing.gui_theme import let_go_of_widgets

            let_go_of_widgets(self.gui)
        for name, value in list(vars(self).items()):
            if isinstance(value, (pygame.Surface, UIElement)):
                setattr(self, name, None)
            elif isinstance(value, ScrollColumn):
                value.content = value.outer = None
            elif isinstance(value, (list, dict)):
                items = list(value.values()) if isinstance(value, dict) else value
                if any(isinstance(item, UIElement) for item in items):
                    value.clear()

    # Shared things ---------------------------------------------------------------
    def service(self, name: str, kind: type, make: Any) -> Any:
        assert self.app is not None
        found = self.app.services.get(name)
        if not isinstance(found, kind):
            found = make()
            self.app.services[name] = found
        return found

    @property
    def art(self) -> TileArt:
        art: TileArt = self.service("art", TileArt, TileArt)
        return art

    @property
    def settings(self) -> Settings:
        settings: Settings = self.service("settings", Settings, Settings)
        return settings

    @property
    def audio(self) -> Audio:
        settings = self.settings
        audio: Audio = self.service("audio", Audio, lambda: Audio(settings.volume, settings.sound))
        return audio

    def sound(self, name: str) -> None:
        try:
            self.audio.play(name)
        except Exception:  # sound is a nicety
            log.debug("sound %s failed", name, exc_info=True)

    # Sizes --------------------------------------------------------------------
    @property
    def large(self) -> bool:
        """Big window: the larger fonts and spacing."""
        return self.size[0] >= 1400 and self.size[1] >= 900

    @property
    def k(self) -> float:
        """Spacing scale: 1 at 800x600, up to 1.4 on a big window; times the text size."""
        return (1.4 if self.large else 1.0) * access.text_factor(self.size)

    @property
    def short(self) -> bool:
        """A low window (under 600 high, down to the least 640x480): a tighter frame
        (title, margins, Back) leaves the screen's body the room it needs."""
        return access.points(self.size)[1] < 600

    @property
    def pad(self) -> int:
        """The panel's inner margin (left, right and below the Back button)."""
        return self.px(14) if self.short else self.px(22)

    def style(self, name: str) -> str:
        return f"#info_{name}{'_l' if self.large else ''}"

    def px(self, value: float) -> int:
        return round(value * self.k)

    # Building -----------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        margin_x = max(16, round(w * 0.04))
        margin_y = 6 if self.short else max(14, round(h * 0.03))
        width = min(w - 2 * margin_x, self.px(1100))
        return pygame.Rect((w - width) // 2, margin_y, width, h - 2 * margin_y)

    def build_gui(self) -> None:
        assert self.gui is not None
        self.drawn_text = []
        self.panel = self.panel_rect()
        self._backdrop = None  # (the old size's goes before the new one is made)
        self._backdrop = self.backdrop()
        short = self.short
        title_h = self.px(44) if short else self.px(56)
        line_h = self.gui.get_theme().get_font([self.style("title")]).size(_(self.title) or "M")[1]
        title_h = max(title_h, line_h)  # the heading's whole line (pygame_gui warns of a shorter label)
        above, below = (self.px(4), self.px(4)) if short else (self.px(10), self.px(12))
        pygame_gui.elements.UILabel(
            pygame.Rect(self.panel.x + 10, self.panel.y + above, self.panel.width - 20, title_h),
            _(self.title),
            self.gui,
            object_id=self.style("title"),
        )
        pad = self.pad
        back_w, back_h = self.px(130), self.px(36) if short else self.px(44)
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.panel.x + pad, self.panel.bottom - pad - back_h, back_w, back_h),
            _("Back"),
            self.gui,
            object_id=self.style("back"),
        )
        body = pygame.Rect(
            self.panel.x + pad,
            self.panel.y + above + title_h + below,
            self.panel.width - 2 * pad,
            0,
        )
        body.height = self.panel.bottom - pad - back_h - (self.px(8) if short else self.px(14)) - body.y
        self.build_body(body)

    def backdrop(self) -> pygame.Surface:
        """The felt at the window's size with the panel painted on it: one picture of
        the whole window, not the felt beside a see-through panel of nearly its size
        (17.5 MB at 2875x2114, 150% text), nor beside the body's insets (14 MB more:
        Statistics, Settings over it made the monkey's highest frame, 312 MB)."""
        picture = self.art.table(self.size).copy()  # (the tile art's felt, handed to others, stays plain)
        picture.blit(panel_surface(self.panel.size), self.panel.topleft)
        return picture

    def paint_inset(self, area: pygame.Rect) -> None:
        """A darker inset under ``area`` of the body, painted on the backdrop (``build_body``)."""
        if self._backdrop is not None:
            self._backdrop.blit(panel_surface(area.size, INSET_FILL, edge=False), area.topleft)

    def build_body(self, body: pygame.Rect) -> None:
        """Create the screen's own widgets inside ``body`` (above the Back button)."""

    def message_lines(self, text: str, box: pygame.Rect) -> None:
        """``text`` as warning labels filling ``box`` from the bottom up, wrapped to its width."""
        assert self.gui is not None
        line_h = self.px(20) if self.short else self.px(22)
        probe = pygame_gui.elements.UILabel(
            pygame.Rect(box.x, box.bottom - line_h, box.width, line_h), " ", self.gui, object_id=self.style("warn")
        )
        font = probe.font
        lines: list[str] = []
        for word in text.split():
            if lines and font is not None and font.size(lines[-1] + " " + word)[0] <= box.width - 4:
                lines[-1] += " " + word
            else:
                lines.append(word)
        lines = lines[-max(1, box.height // line_h) :]
        for i, line in enumerate(lines):
            top = box.bottom - (len(lines) - i) * line_h
            if i == len(lines) - 1:
                probe.set_text(line)
            else:
                pygame_gui.elements.UILabel(
                    pygame.Rect(box.x, top, box.width, line_h), line, self.gui, object_id=self.style("warn")
                )

    # Input and frames -------------------------------------------------------------
    def go_back(self) -> None:
        if self.app is not None and self.app.top is self:
            self.sound("button")
            self.app.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.go_back()
            return True
        return super().handle_event(event)

    def next_change(self) -> float | None:
        """Still but for its widgets: what it shows changes on an input (override if it waits on something)."""
        return self.widgets_change()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.back_button is not None and self.back_button.check_pressed():
            self.go_back()

    def draw(self, surface: pygame.Surface) -> None:
        if self._backdrop is not None and self._backdrop.get_size() == surface.get_size():
            surface.blit(self._backdrop, (0, 0))
        else:  # (not laid out for this surface)
            surface.blit(self.art.table(surface.get_size()), (0, 0))
        self.draw_body(surface)
        self.draw_gui(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        """Paint what the screen draws itself, under the widgets (changes nothing)."""


class PictureInfoScene(InfoScene):
    """An information screen whose body is one picture drawn by ``build_body`` on an
    inset (``paint_inset``, ``_picture``, the words on it in ``_texts``: each with its
    spot and the area it may fill, in the picture's coordinates), scrolled in
    ``column`` (the wheel, the keys) when it is taller than the body (``view``)."""

    def __init__(self) -> None:
        super().__init__()
        self.view = pygame.Rect(0, 0, 0, 0)
        self.column = ScrollColumn(self.px)
        self._picture: pygame.Surface | None = None
        self._texts: list[tuple[str, pygame.Rect, pygame.Rect]] = []

    @property
    def drawn_text(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        """The words drawn (game.ui.drawing.layout_check), those that show at the scroll."""
        return [
            (words, self.column.to_screen(spot), self.column.to_screen(area).clip(self.view))
            for words, spot, area in self._texts
            if self.column.shows(spot)
        ]

    @drawn_text.setter
    def drawn_text(self, value: list[tuple[str, pygame.Rect, pygame.Rect]]) -> None:
        pass  # (the frame resets it: this screen's words are its picture's)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._picture is not None and self.column.handle_event(event):
            return True
        return super().handle_event(event)

    def draw_body(self, surface: pygame.Surface) -> None:
        if self._picture is not None:
            surface.blit(self._picture, self.view.topleft, pygame.Rect(0, self.column.offset, self.view.width, self.view.height))
            self.column.draw(surface)
