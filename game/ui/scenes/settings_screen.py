"""The Settings screen (its frame, ``InfoScene``, is shared with Rules and Statistics:
``game.ui.scenes.info``). Its rows are the schema's (``game.profile.settings``): a setting
declared there is a row here, worded and laid out from its entry
(``game.ui.scenes.settings_rows``), in a column that scrolls when it is longer
than the screen (``game.ui.drawing.scroll``).

Every change takes effect at once (volume and sound on the Audio service, the
window through the App: the setting's ``effect``) and is written to the settings
file straight away (the volume slider at most a few times a second while it is
dragged).

The keyboard (and a controller's D-pad, which is the arrows) works it too: Up/Down
move a gold focus from row to row (the column scrolls to show it) and onto Back,
Left/Right pick the value to either side (a slider in its steps), Enter (A)
moves a row on to its next value or presses Back; Page Up/Down (the shoulder
buttons), Home/End and the wheel scroll; Esc (B) goes back.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui

from game.i18n import N_, _, choose, set_language
from game.profile.settings import Setting, Settings, load_settings, save_settings, shown
from game.ui.drawing import access
from game.ui.drawing.menu import focus_ring
from game.ui.scenes.info import INSET_FILL, InfoScene, panel_surface, ui_font
from game.ui.scenes.settings_rows import (
    Choice,
    Cycle,
    Measures,
    RowPlace,
    choice_row,
    column_height,
    cycle,
    flowing_places,
    shared_places,
)
from game.ui.drawing.scroll import ScrollColumn

__all__ = ["INSET_FILL", "InfoScene", "SettingsScene", "panel_surface", "ui_font"]

log = logging.getLogger(__name__)

SAVE_EVERY_S = 0.3  # a slider writes the file at most this often while dragged
BESIDE_BACK = "language"  # the setting shown on the Back button's line, at the panel's right


class SettingsScene(InfoScene):
    """Every setting of the schema; every change applies and is saved at once."""

    title = N_("Settings")

    def __init__(self, load_message: str | None = None) -> None:
        super().__init__()
        self.choices: dict[str, Choice] = {}
        self.cycles: dict[str, Cycle] = {}
        self.sliders: dict[str, tuple[pygame_gui.elements.UIHorizontalSlider, pygame_gui.elements.UILabel]] = {}
        self.load_message = load_message
        self.save_error: str | None = None
        self._dirty = False
        self._since_save = 0.0
        self._since_sound = 1.0
        self._fullscreen_seen: bool | None = None
        self.column = ScrollColumn(self.px)
        self.places: dict[str, RowPlace] = {}  # each row's places in the column (content coordinates)
        self.beside_back: dict[str, pygame.Rect] = {}  # the rows on the Back button's line
        self.focus_row: str | None = None  # the row (or "back") the keys have in focus

    @property
    def language(self) -> Cycle | None:
        return self.cycles.get(BESIDE_BACK)

    @property
    def row_rects(self) -> dict[str, pygame.Rect]:
        """Each row where it is on screen now (scrolled), for the focus ring."""
        return {**{key: self.column.to_screen(p.row) for key, p in self.places.items()}, **self.beside_back}

    @property
    def focus_order(self) -> list[str]:
        return [key for key, _, _ in self.rows()] + [BESIDE_BACK, "back"]

    def scroll_columns(self) -> list[ScrollColumn]:
        return [self.column]  # (game.ui.drawing.layout_check reaches every row through it)

    def attach(self, app: Any) -> None:
        if app is not None and not isinstance(app.services.get("settings"), Settings):
            settings, message = load_settings()
            app.services["settings"] = settings
            self.load_message = self.load_message or message
        super().attach(app)

    # Layout ------------------------------------------------------------------
    def entries(self) -> list[Setting[Any]]:
        """The settings of the column, top to bottom."""
        return [s for s in shown() if s.key != BESIDE_BACK]

    def rows(self) -> list[tuple[str, str, str]]:
        """(key, label, help line) of each row of the column, top to bottom, in words."""
        return [(s.key, _(s.label), _(s.help) if s.help else "") for s in self.entries()]

    def measures(self) -> Measures:
        assert self.gui is not None
        theme = self.gui.get_theme()
        label_font, note_font = theme.get_font([self.style("label")]), theme.get_font([self.style("note")])
        return Measures(
            self.px,
            lambda words: int(label_font.size(words)[0]) + self.px(4),
            lambda words: int(note_font.size(words)[0]) + self.px(4),
            self.control_need,
        )

    def control_need(self, setting: Setting[Any]) -> int:
        """How wide a row's control must be for its words (a slider fits any width)."""
        if setting.control == "slider" or self.gui is None:
            return 0
        font = self.gui.get_theme().get_font([self.style("choice")])
        if setting.control == "cycle":
            widest = max(font.size(setting.word(v))[0] for v in setting.values)
            return widest + self.px(14) + 2 * (self.px(44) + self.px(8))
        words = [setting.word(v) for v in setting.values]
        return len(words) * (max(font.size(w)[0] for w in words) + self.px(14)) + self.px(8) * (len(words) - 1)

    def build_body(self, body: pygame.Rect) -> None:
        assert self.gui is not None
        self.sync_fullscreen(save=False)
        message = self.save_error or self.load_message
        note_h = (self.px(40) if self.short else self.px(44)) if message else self.px(10)
        usable = body.height - note_h
        entries = self.entries()
        m = self.measures()
        places = shared_places(body, usable, entries, m, _)
        if places is None:  # rows of their own height, in a column that scrolls
            places = flowing_places(body.width - self.column.bar_room, entries, m, _)
        self.column.set_view(pygame.Rect(body.x, body.y, body.width, usable), column_height(places, self.px))
        content = self.column.make_containers(self.gui)
        self.choices, self.cycles, self.places, self.beside_back = {}, {}, {}, {}
        self.sliders = {}
        for setting, place in zip(entries, places):
            self.places[setting.key] = place
            self.make_row(setting, place, content)
        self.cycles[BESIDE_BACK] = self.language_control()
        if message:
            self.message_lines(message, pygame.Rect(body.x, body.bottom - note_h, body.width, note_h))
        if self.focus_row is None and self.app is not None and self.app.last_input != "mouse":
            self.focus_row = self.focus_order[0]  # opened by keys or a controller: the focus shows at once
        self.reveal(self.focus_row)

    def make_row(self, setting: Setting[Any], place: RowPlace, content: pygame_gui.core.UIContainer) -> None:
        assert self.gui is not None
        gui, key = self.gui, setting.key
        pygame_gui.elements.UILabel(place.label, _(setting.label), gui, container=content, object_id=self.style("label"))
        if place.note is not None:
            pygame_gui.elements.UILabel(place.note, _(setting.help), gui, container=content, object_id=self.style("note"))
        control = place.control
        if setting.control == "slider":
            value_w = self.px(58)
            slider_rect = pygame.Rect(control.x, control.y, control.width - value_w - self.px(10), control.height)
            slider_rect.inflate_ip(0, -max(0, control.height - self.px(30)))
            steps = round((setting.high - setting.low) / setting.step) if setting.step else 100
            value = self.settings.get(key)
            slider = pygame_gui.elements.UIHorizontalSlider(
                slider_rect, self.slider_value(setting, value), (0, 100), gui, container=content,
                click_increment=max(1, 100 // max(1, steps)),
            )
            shown = pygame_gui.elements.UILabel(
                pygame.Rect(control.right - value_w, control.y, value_w, control.height),
                setting.word(value), gui, container=content, object_id=self.style("value"),
            )
            self.sliders[key] = (slider, shown)
        elif setting.control == "cycle":
            self.cycles[key] = cycle(self.gui, setting, self.settings.get(key), control, content, self.px, self.style("choice"))
        else:
            self.choices[key] = choice_row(self.gui, setting, control, content, self.px, self.style("choice"))
            self.choices[key].select(self.settings.get(key))

    @staticmethod
    def slider_value(setting: Setting[Any], value: float) -> int:
        return round((value - setting.low) / max(1e-9, setting.high - setting.low) * 100)

    def language_control(self) -> Cycle:
        """"Language  < Deutsch >" on the Back button's line, at the panel's right (the
        rows fill the panel already): each language named in itself."""
        assert self.gui is not None and self.back_button is not None
        setting = next(s for s in shown() if s.key == BESIDE_BACK)
        back = pygame.Rect(self.back_button.relative_rect)
        gap, arrow = self.px(8), self.px(44)
        name_w = min(self.px(270), self.panel.right - self.pad - back.right - 2 * arrow - 3 * gap - self.px(140))
        right = self.panel.right - self.pad
        name = pygame.Rect(right - arrow - gap - name_w, back.y, name_w, back.height)
        label_w = min(self.px(180), name.x - arrow - gap - back.right - self.px(16))
        label = pygame_gui.elements.UILabel(
            pygame.Rect(name.x - arrow - gap - label_w - self.px(10), back.y, label_w, back.height),
            _(setting.label), self.gui, object_id=self.style("label"),
        )
        if label.font is not None:  # the word beside the arrow, not left in a wide box
            width = min(label_w, label.font.size(label.text)[0] + self.px(6))
            label.set_dimensions((width, back.height))
            label.set_relative_position((name.x - arrow - gap - width - self.px(10), back.y))
        whole = pygame.Rect(name.x - gap - arrow, back.y, name_w + 2 * (arrow + gap), back.height)
        made = cycle(self.gui, setting, self.settings.get(setting.key), whole, None, self.px, self.style("choice"))
        self.beside_back[BESIDE_BACK] = pygame.Rect(made.back.relative_rect).union(made.on.relative_rect)
        return made

    # Scrolling ------------------------------------------------------------------
    def reveal(self, key: str | None) -> None:
        """Scroll the column so row ``key`` shows whole."""
        place = self.places.get(key or "")
        if place is not None:
            self.column.reveal(place.row)

    # Changes -----------------------------------------------------------------
    def change(self, key: str, value: object) -> None:
        """Apply one setting now and save it."""
        setattr(self.settings, key, value)
        self.apply(next(s for s in shown() if s.key == key).effect)
        if key in self.choices:
            self.choices[key].select(self.settings.get(key))
        self.sound("button")
        self.save()

    def apply(self, effect: str) -> None:
        """What a change of a setting with ``effect`` does at once (game.profile.settings.EFFECTS)."""
        settings, app = self.settings, self.app
        if effect == "audio":
            self.audio.set_enabled(settings.sound)
            self.audio.set_volume(settings.volume)
        elif effect == "access":
            if access.apply(settings) and app is not None:
                app.follow_access()  # new sizes and looks: every scene laid out again
        elif effect == "fullscreen":
            if app is not None and app.owns_window and app.fullscreen != settings.fullscreen:
                app.toggle_fullscreen()  # lays every scene out again
        elif effect == "language":
            set_language(choose(None, settings.language))
            self.change_language()
        elif effect == "window":
            if app is not None and not app.fullscreen:
                app.resize(settings.window_size)  # lays every scene out again

    def change_language(self) -> None:
        """Screens are built in the new language from now on: this one and those under it
        are laid out again at once (nothing else changes: no picture cache is dropped)."""
        if self.app is not None:
            for scene in list(self.app.scenes):
                scene.on_resize(self.app.size)
        elif self.gui is not None:
            self.on_resize(self.size)

    @property
    def volume_slider(self) -> pygame_gui.elements.UIHorizontalSlider | None:
        return self.sliders["volume"][0] if "volume" in self.sliders else None

    def set_volume(self, percent: float) -> None:
        self.set_number("volume", percent)

    def set_number(self, key: str, percent: float) -> None:
        """A slider's setting at ``percent`` of its range (the keys move it in its steps);
        it applies at once, and is saved a moment later (a drag moves it many times a second)."""
        setting = next(s for s in shown() if s.key == key)
        value = setting.low + max(0.0, min(100.0, round(percent))) / 100 * (setting.high - setting.low)
        setattr(self.settings, key, round(min(setting.high, max(setting.low, value)), 6))
        self.apply(setting.effect)
        if key in self.sliders:
            self.sliders[key][1].set_text(setting.word(self.settings.get(key)))
        if self._since_sound >= 0.15:
            self._since_sound = 0.0
            self.sound("button")
        self._dirty = True

    def save(self) -> None:
        self._dirty = False
        self._since_save = 0.0
        try:
            save_settings(self.settings)
            problem = None
        except OSError as err:
            log.warning("cannot save the settings: %s", err)
            problem = _("The settings could not be saved ({reason}).").format(reason=err.strerror or err)
        if problem != self.save_error:
            self.save_error = problem
            if self.gui is not None:
                self.on_resize(self.size)  # show (or hide) the line

    # The keys ----------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.key_on_focus(event.key):
            return True
        if self.column.handle_event(event):
            return True
        return super().handle_event(event)

    def key_on_focus(self, key: int) -> bool:
        """Up/Down, Left/Right, Enter and Space on the focused row; True if used."""
        order = self.focus_order
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            step = -1 if key == pygame.K_UP else 1
            at = order.index(self.focus_row) if self.focus_row in order else (-1 if step > 0 else 0)
            self.focus_row = order[(at + step) % len(order)]
            self.reveal(self.focus_row)
            return True
        row = self.focus_row
        if row is None or key not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return False
        if row == "back":
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.go_back()
            return True
        if row in self.sliders:
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                setting = next(s for s in shown() if s.key == row)
                step = self.slider_value(setting, setting.low + (setting.step or (setting.high - setting.low) / 20))
                percent = self.slider_value(setting, self.settings.get(row)) + (step if key == pygame.K_RIGHT else -step)
                percent = max(0, min(100, percent))
                self.sliders[row][0].set_current_value(percent)
                self.set_number(row, percent)
            return True
        if row in self.cycles:
            self.change(row, self.cycles[row].step(-1 if key == pygame.K_LEFT else 1))
            return True
        choice = self.choices.get(row)
        if choice is None:
            return True
        values = [value for value, _ in choice.buttons]
        current = self.settings.get(row)
        at = values.index(current) if current in values else 0
        if key == pygame.K_LEFT:
            at = max(0, at - 1)
        elif key == pygame.K_RIGHT:
            at = min(len(values) - 1, at + 1)
        else:
            at = (at + 1) % len(values)
        if values[at] != current:
            self.change(row, values[at])
        return True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.column.draw(surface)
        row = self.focus_row
        rect = self.back_button.rect if row == "back" and self.back_button is not None else self.row_rects.get(row or "")
        if rect is None:
            return
        if row in self.places:  # in the column: only what of it shows
            clip = surface.get_clip()
            surface.set_clip(self.column.view.inflate(self.px(16), self.px(8)))
            focus_ring(surface, pygame.Rect(rect).inflate(14, 2))
            surface.set_clip(clip)
        else:
            focus_ring(surface, pygame.Rect(rect).inflate(14, 2))

    def sync_fullscreen(self, save: bool = True) -> None:
        """F11 (handled by the App) changed the window: keep the setting in step."""
        app = self.app
        if app is None or not app.owns_window:
            return
        if self._fullscreen_seen is None:
            self._fullscreen_seen = app.fullscreen
        if app.fullscreen != self._fullscreen_seen:
            self._fullscreen_seen = app.fullscreen
            self.settings.fullscreen = app.fullscreen
            if "fullscreen" in self.choices:
                self.choices["fullscreen"].select(app.fullscreen)
            if save:
                self.save()

    def next_change(self) -> float | None:
        """Still, but a change not yet written is written ``SAVE_EVERY_S`` after the last."""
        widgets = self.widgets_change()
        if not self._dirty:
            return widgets
        save = max(0.0, SAVE_EVERY_S - self._since_save)
        return save if widgets is None else min(widgets, save)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is None or self.app.top is not self:
            return
        self._since_save += dt
        self._since_sound += dt
        for key, cycle in list(self.cycles.items()):
            value = cycle.pressed()
            if value is not None:
                self.change(key, value)
                return  # (a new language: every widget was rebuilt)
        for key, choice in list(self.choices.items()):
            value = choice.pressed()
            if value is not None:
                self.change(key, value)
                break  # a change may have rebuilt the widgets
        for key, (slider, _shown) in list(self.sliders.items()):
            if slider.has_moved_recently:
                self.set_number(key, float(slider.get_current_value()))
        if self._dirty and self._since_save >= SAVE_EVERY_S:
            self.save()
        self.sync_fullscreen()

    def close(self) -> None:
        if self._dirty:
            self.save()
        super().close()

    def let_go_pictures(self) -> None:
        super().let_go_pictures()
        for rows in (self.choices, self.cycles, self.sliders, self.places, self.beside_back):
            rows.clear()  # their widgets and pictures go now (16 MB at 3840x2160), not with the collector
