"""``ScrollColumn``: content taller than its place on screen, shown through a view
that scrolls. The one scrolling column of the menus and forms (Settings, Rules,
the title's buttons, New game's lists, Statistics, Past matches, Host).

The content is laid out from its own top (content coordinates: y from 0 down to
``content_h``); the column shows ``view.height`` of it from ``offset`` on. It
scrolls with the mouse wheel, Page Up/Down (a controller's shoulder buttons are
those keys: ``game.ui.shell.gamepad``), Home/End, and by dragging the gold thumb of
its bar or clicking its track; ``reveal`` scrolls the least that brings a part
into view (a scene calls it when the keyboard focus moves onto a row).

Widgets go into ``make_containers``' content container: a pygame_gui container
moved by the offset inside a view container that clips it (what lies outside
the view is neither drawn nor clicked). A scene that paints its content itself
(the Rules page) blits it ``offset`` higher, clipped to the view.
"""

from __future__ import annotations

from typing import Callable

import pygame
import pygame_gui

from game.ui.drawing.text import GOLD

VIEW_ID = "#scroll_view"  # the clipping container (game.ui.drawing.layout_check knows it)
CONTENT_ID = "#scroll_content"  # the container that moves inside it
TRACK = (40, 56, 44)
FADE = (8, 20, 13)


class ScrollColumn:
    """One scrolling view over a column of content (sizes in pixels)."""

    def __init__(self, px: Callable[[float], int] = round) -> None:
        self.px = px  # the scene's spacing scale (its text size)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.content_h = 0
        self.offset = 0
        self.content: pygame_gui.core.UIContainer | None = None
        self.outer: pygame_gui.core.UIContainer | None = None
        self._drag: int | None = None  # the grab's offset within the thumb
        self.wheel_anywhere = True  # the wheel scrolls wherever the pointer is (else over the view only)
        self.track_right = px(10)  # the bar's left edge, this far in from the view's right
        self.track_inset = px(4)  # the bar's ends, this far in from the view's top and bottom

    # Sizes ----------------------------------------------------------------------------
    def set_view(self, view: pygame.Rect, content_h: int, keep: bool = True) -> None:
        """Show ``content_h`` of content through ``view`` (keeping the offset if it still fits).
        A new layout: the containers of the last one are let go (``make_containers`` makes new)."""
        self.content = self.outer = None  # (they hold the old manager, and through it its theme)
        self.view = pygame.Rect(view)
        self.content_h = max(0, content_h)
        self._drag = None
        self.scroll_to(self.offset if keep else 0)

    @property
    def bar_room(self) -> int:
        """The width the bar takes at the view's right (what content beside it must leave)."""
        return self.px(18)

    @property
    def overflows(self) -> bool:
        return self.content_h > self.view.height

    @property
    def max_offset(self) -> int:
        return max(0, self.content_h - self.view.height)

    def to_screen(self, rect: pygame.Rect) -> pygame.Rect:
        """A rect of the content, where it is on screen now."""
        return pygame.Rect(rect).move(self.view.x, self.view.y - self.offset)

    def shows(self, rect: pygame.Rect) -> bool:
        """``rect`` (content coordinates) lies wholly in view."""
        return self.offset <= rect.top and rect.bottom <= self.offset + self.view.height

    # Widgets ----------------------------------------------------------------------------
    def make_containers(self, gui: pygame_gui.UIManager) -> pygame_gui.core.UIContainer:
        """The view's clipping container and, in it, the content's (returned): widgets
        made in it take rects in content coordinates."""
        self.outer = pygame_gui.core.UIContainer(self.view, gui, object_id=VIEW_ID)
        self.content = pygame_gui.core.UIContainer(
            pygame.Rect(0, -self.offset, self.view.width, max(self.view.height, self.content_h)),
            gui,
            container=self.outer,
            object_id=CONTENT_ID,
        )
        return self.content

    # Scrolling ---------------------------------------------------------------------------
    def scroll_to(self, value: float) -> bool:
        """Scroll so the view starts ``value`` down the content; True if it moved."""
        offset = int(max(0, min(self.max_offset, value)))
        if offset == self.offset:
            return False
        self.offset = offset
        if self.content is not None:
            self.content.set_relative_position((0, -offset))
        return True

    def scroll_by(self, amount: float) -> bool:
        return self.scroll_to(self.offset + amount)

    def reveal(self, rect: pygame.Rect, margin: int | None = None) -> bool:
        """Scroll the least that shows ``rect`` (content coordinates) whole, with a margin."""
        margin = self.px(8) if margin is None else margin
        top, bottom = rect.top - margin, rect.bottom + margin
        if bottom - top > self.view.height or top < self.offset:
            return self.scroll_to(top)
        if bottom > self.offset + self.view.height:
            return self.scroll_to(bottom - self.view.height)
        return False

    @property
    def page(self) -> int:
        return max(1, self.view.height * 9 // 10)

    # The bar -----------------------------------------------------------------------------
    def track(self) -> pygame.Rect:
        inset = self.track_inset
        return pygame.Rect(self.view.right - self.track_right, self.view.y + inset, self.px(6), self.view.height - 2 * inset)

    def thumb(self) -> pygame.Rect | None:
        if not self.overflows:
            return None
        track = self.track()
        height = max(self.px(30), track.height * self.view.height // max(1, self.content_h))
        height = min(height, track.height)
        top = track.y + (track.height - height) * self.offset // max(1, self.max_offset)
        return pygame.Rect(track.x, top, track.width, height)

    # Input --------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """The wheel, Page Up/Down, Home/End and the bar; True if the event was used."""
        if not self.overflows:
            self._drag = None
            return False
        if event.type == pygame.MOUSEWHEEL:
            if not self.wheel_anywhere and not self.view.collidepoint(pygame.mouse.get_pos()):
                return False
            self.scroll_by(-event.y * self.px(48))
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.scroll_by(self.page if event.key == pygame.K_PAGEDOWN else -self.page)
                return True
            if event.key in (pygame.K_HOME, pygame.K_END):
                self.scroll_to(0 if event.key == pygame.K_HOME else self.max_offset)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            thumb = self.thumb()
            if thumb is not None and self.track().inflate(self.px(12), 0).collidepoint(event.pos):
                if thumb.collidepoint(event.pos):
                    self._drag = event.pos[1] - thumb.y
                else:  # a click on the track pages towards it
                    self.scroll_by(self.page if event.pos[1] > thumb.centery else -self.page)
                return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None:
            thumb = self.thumb()
            if thumb is not None:
                track = self.track()
                room = max(1, track.height - thumb.height)
                self.scroll_to((event.pos[1] - self._drag - track.y) * self.max_offset / room)
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 and self._drag is not None:
            self._drag = None
            return True
        return False

    # Drawing --------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, fades: bool = True) -> None:
        """The bar, and soft fades where there is more above or below (draws nothing
        when everything shows)."""
        thumb = self.thumb()
        if thumb is None:
            return
        track = self.track()
        pygame.draw.rect(surface, TRACK, track, border_radius=track.width // 2)
        pygame.draw.rect(surface, GOLD, thumb, border_radius=thumb.width // 2)
        if not fades:
            return
        width, height = self.view.width - self.px(20), self.px(24)
        if self.offset < self.max_offset:
            surface.blit(fade(width, height, down=True), (self.view.x, self.view.bottom - height))
        if self.offset > 0:
            surface.blit(fade(width, height, down=False), self.view.topleft)


_FADES: dict[tuple[int, int, bool], pygame.Surface] = {}


def fade(width: int, height: int, down: bool) -> pygame.Surface:
    """A strip darkening towards the edge where more content lies (kept: a few sizes)."""
    key = (width, height, down)
    found = _FADES.get(key)
    if found is None:
        found = pygame.Surface((max(1, width), max(1, height)), pygame.SRCALPHA)
        for row in range(height):
            t = row / max(1, height - 1)
            alpha = round(150 * (t if down else 1 - t))
            pygame.draw.line(found, (*FADE, alpha), (0, row), (width, row))
        if len(_FADES) > 8:
            _FADES.clear()
        _FADES[key] = found
    return found


def select_item(selection: pygame_gui.elements.UISelectionList, index: int) -> None:
    """Make item ``index`` the list's one selection, in place, and scroll it into
    view. The list is not built again: at 4K and 150% text, building Past matches'
    anew for each step of the arrow keys took 240 ms and 120 MB a step."""
    for i, item in enumerate(selection.item_list):
        chosen = i == index
        if bool(item["selected"]) != chosen:
            item["selected"] = chosen
            button = item["button_element"]
            if button is not None:
                if chosen:
                    button.select()
                else:
                    button.unselect()
    show_item(selection, index)


def show_item(selection: pygame_gui.elements.UISelectionList, index: int) -> None:
    """Scroll a pygame_gui selection list so its item ``index`` shows whole (a list
    rebuilt, or walked with the keys, keeps the chosen row in view)."""
    bar = getattr(selection, "scroll_bar", None)
    item_h = int(getattr(selection, "list_item_height", 0) or 0)
    total = float(getattr(selection, "total_height_of_list", 0) or 0)
    container = getattr(selection, "item_list_container", None)
    if bar is None or item_h <= 0 or total <= 0 or container is None:
        return  # everything shows
    view_h = container.relative_rect.height
    top = index * item_h
    start = float(bar.start_percentage) * total
    if top < start:
        start = top
    elif top + item_h > start + view_h:
        start = top + item_h - view_h
    bar.set_scroll_from_start_percentage(start / total)
