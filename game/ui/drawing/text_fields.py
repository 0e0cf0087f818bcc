"""What may be typed into a text field: one guard for every field of every screen.

A keyboard or an input method can send any character: controls, bidirectional
marks and overrides, zero-width characters, a combining mark alone, emoji,
letters of any script, and a paste can bring a whole line of them. A right-to-left
override typed into Join's field raised "Text has zero width" out of pygame_gui's
text entry (the widgets now draw with game/ui/drawing/script_font.py, which never fails);
and a character no font of the game has would be shown as an empty box.

``TypingGuard`` (each ``GuiScene`` has one, and hands it every event before its
widgets see it) keeps what can be shown (``game.ui.drawing.glyphs.clean_typed``):

- typed text (TEXTINPUT) and text being composed by an input method
  (TEXTEDITING) lose what cannot be shown before a field sees them;
- after each event, the focused field's text is checked (a paste goes in whole),
  and what cannot be shown is taken out;

and whenever something was left out, one line says so under the field for a few
seconds (``draw``). It also forgets a selection a field's new text no longer shows
(``forget_stale_selection``: pygame_gui raised on it).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.i18n import N_, _

LEFT_OUT = N_("Matador cannot show some of those characters: they were left out.")
SHOWN_S = 4.0  # how long the line stays


def focused_entry(gui: Any) -> Any | None:
    """The text field with the keyboard's focus in a pygame_gui manager, if any."""
    from pygame_gui.elements import UITextEntryLine

    focus = gui.get_focus_set() if gui is not None else None
    return next((element for element in focus or () if isinstance(element, UITextEntryLine)), None)


def forget_stale_selection(entry: Any | None) -> None:
    """A field's selection that its text no longer shows, forgotten.

    pygame_gui keeps a field's selected range when its text is set anew (the form
    setting a name, the guard taking characters out), while the text's layout has
    none: a paste, a key or a letter typed then replaced "the selection" and raised
    ``IndexError: No selected rows`` (select all, the text set, Ctrl+V).
    """
    if entry is None:
        return
    low, high = sorted(entry.select_range)
    if low == high:
        return
    layout = getattr(getattr(entry, "drawable_shape", None), "text_box_layout", None)
    if high > len(entry.get_text()) or (layout is not None and not getattr(layout, "selected_chunks", True)):
        entry.select_range = [0, 0]


class TypingGuard:
    """Keeps what cannot be shown out of a screen's text fields, and says so."""

    def __init__(self) -> None:
        self.left_s = 0.0
        self.picture: pygame.Surface | None = None
        self.place: pygame.Rect | None = None
        self.dropped = ""  # what was left out last (tests)

    def filter(self, event: pygame.event.Event, gui: Any) -> pygame.event.Event | None:
        """``event`` with only what can be shown of its text (None: nothing was left of
        typed text); any other event as it is."""
        if event.type in (pygame.KEYDOWN, pygame.TEXTINPUT):
            forget_stale_selection(focused_entry(gui))
        if event.type not in (pygame.TEXTINPUT, pygame.TEXTEDITING):
            return event
        from game.ui.drawing.glyphs import clean_typed

        text = str(getattr(event, "text", ""))
        kept, dropped = clean_typed(text)
        if not dropped:
            return event
        if event.type == pygame.TEXTINPUT:
            self.tell(focused_entry(gui), dropped)
            if not kept:
                return None
        return pygame.event.Event(event.type, {**event.dict, "text": kept})

    def check(self, gui: Any) -> None:
        """Take what cannot be shown out of the focused field's text (a paste, a text
        set before), keeping the cursor where it was among what is left."""
        entry = focused_entry(gui)
        if entry is None:
            return
        from game.ui.drawing.glyphs import clean_typed

        text = entry.get_text()
        if text.isascii() and text.isprintable():
            return
        kept, dropped = clean_typed(text)
        if not dropped:
            return
        cursor = len(clean_typed(text[: entry.edit_position])[0])
        entry.set_text(kept)
        entry.select_range = [0, 0]
        entry.edit_position = min(cursor, len(kept))
        self.tell(entry, dropped)

    def tell(self, entry: Any | None, dropped: str) -> None:
        """Say, under ``entry``, that ``dropped`` was left out."""
        self.dropped = dropped
        self.left_s = SHOWN_S
        self.place = pygame.Rect(entry.rect) if entry is not None else None
        self.picture = None
        if self.place is not None:
            from game.ui.drawing.text import IVORY, load_font, pill

            size = max(16, round(self.place.height * 0.6))
            self.picture = pill(load_font(size).render(_(LEFT_OUT), True, IVORY), (90, 30, 20, 235), max(4, size // 4))

    def update(self, dt: float) -> None:
        if self.left_s > 0:
            self.left_s = max(0.0, self.left_s - dt)
            if self.left_s == 0:
                self.clear()

    def clear(self) -> None:
        """No line (the time is up, or the fields were laid out again)."""
        self.left_s = 0.0
        self.picture = None
        self.place = None

    @property
    def showing(self) -> bool:
        return self.picture is not None

    def draw(self, surface: pygame.Surface) -> None:
        """The line under the field (above it if there is no room below), inside the window."""
        picture, place = self.picture, self.place
        if picture is None or place is None:
            return
        width, height = surface.get_size()
        x = max(0, min(place.left, width - picture.get_width()))
        y = place.bottom + 4
        if y + picture.get_height() > height:
            y = max(0, place.top - 4 - picture.get_height())
        surface.blit(picture, (x, y))
