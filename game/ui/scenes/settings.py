"""The Settings screen (its frame, ``InfoScene``, is shared with Rules and Statistics:
``game.ui.scenes.info``).

Every change takes effect at once (volume and sound on the Audio service, the
window through the App) and is written to the settings file straight away
(the volume slider at most a few times a second while it is dragged).

The keyboard (and a controller's D-pad, which is the arrows) works it too: Up/Down
move a gold focus from row to row and onto Back, Left/Right pick the value to
either side (the volume in steps of 5), Enter (A) moves a row on to its next
value or presses Back; Esc (B) goes back.
"""

from __future__ import annotations

import logging
from typing import Any, Sequence

import pygame
import pygame_gui

from game.i18n import LANGUAGES, N_, _, choose, set_language, system_language
from game.settings import SPEEDS, TEXT_SCALES, Settings, load_settings, save_settings
from game.ui import access
from game.ui.menu import focus_ring
from game.ui.scenes.info import INSET_FILL, InfoScene, panel_surface, ui_font

__all__ = ["INSET_FILL", "InfoScene", "SettingsScene", "panel_surface", "ui_font"]

log = logging.getLogger(__name__)

WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 768), (1280, 800), (1600, 900), (1920, 1080))
SAVE_EVERY_S = 0.3  # the volume slider writes the file at most this often while dragged


class _Choice:
    """A row of buttons of which one is selected."""

    def __init__(self, buttons: Sequence[tuple[object, pygame_gui.elements.UIButton]]):
        self.buttons = list(buttons)

    def select(self, value: object) -> None:
        for v, button in self.buttons:
            if v == value:
                button.select()  # type: ignore[no-untyped-call]
            else:
                button.unselect()  # type: ignore[no-untyped-call]

    def pressed(self) -> object | None:
        for value, button in self.buttons:
            if button.check_pressed():
                return value
        return None


ON_OFF: tuple[tuple[object, str], ...] = ((True, N_("On")), (False, N_("Off")))
SPEED_WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast")}
SPEED_CHOICES: tuple[tuple[object, str], ...] = tuple((s, SPEED_WORDS[s]) for s in SPEEDS)
LANGUAGE_CHOICES: tuple[str, ...] = ("", *LANGUAGES)  # "": as the system


def language_name(code: str) -> str:
    """A language named in itself; "" (follow the system) in the player's language."""
    if code:
        return LANGUAGES[code]
    return _("System: {language}").format(language=LANGUAGES[system_language()])


class _Cycle:
    """A value shown between a previous and a next button (the languages: too many,
    and names too long, for a row of buttons); a click on the value moves on too."""

    def __init__(self, values: Sequence[str], current: str, buttons: Sequence[pygame_gui.elements.UIButton]):
        self.values = list(values)
        self.current = current if current in self.values else self.values[0]
        self.back, self.shown, self.on = buttons

    def step(self, by: int) -> str:
        return self.values[(self.values.index(self.current) + by) % len(self.values)]

    def pressed(self) -> str | None:
        if self.back.check_pressed():
            return self.step(-1)
        if self.shown.check_pressed() or self.on.check_pressed():
            return self.step(1)
        return None
SCALE_CHOICES: tuple[tuple[object, str], ...] = tuple((s, f"{s}%") for s in TEXT_SCALES)
ACCESS_KEYS = ("text_scale", "high_contrast", "reduce_motion")


class SettingsScene(InfoScene):
    """Sound, speeds, hints and the window; every change applies and is saved at once."""

    title = N_("Settings")

    def __init__(self, load_message: str | None = None) -> None:
        super().__init__()
        self.choices: dict[str, _Choice] = {}
        self.language: _Cycle | None = None
        self.volume_slider: pygame_gui.elements.UIHorizontalSlider | None = None
        self.volume_label: pygame_gui.elements.UILabel | None = None
        self.load_message = load_message
        self.save_error: str | None = None
        self._dirty = False
        self._since_save = 0.0
        self._since_sound = 1.0
        self._fullscreen_seen: bool | None = None
        self.row_rects: dict[str, pygame.Rect] = {}  # each row, label and control, for the focus ring
        self.focus_row: str | None = None  # the row (or "back") the keys have in focus

    @property
    def focus_order(self) -> list[str]:
        return [key for key, _, _ in self.rows()] + ["language", "back"]

    def attach(self, app: Any) -> None:
        if app is not None and not isinstance(app.services.get("settings"), Settings):
            settings, message = load_settings()
            app.services["settings"] = settings
            self.load_message = self.load_message or message
        super().attach(app)

    # Layout ------------------------------------------------------------------
    def rows(self) -> list[tuple[str, str, str]]:
        """(key, label, note) of each row, top to bottom."""
        return [
            ("sound", _("Sound"), ""),
            ("volume", _("Volume"), ""),
            ("animation_speed", _("Animations"), ""),
            ("computer_speed", _("Computer players"), ""),
            ("hints", _("Hints"), _("show where tiles fit")),
            ("show_knowledge", _("Table knowledge"), _("show what the table knows")),
            ("text_scale", _("Text size"), _("text and table")),
            ("high_contrast", _("High contrast"), _("black pips, dark edges")),
            ("reduce_motion", _("Reduce motion"), _("no glides")),
            ("fullscreen", _("Full screen"), _("also F11")),
            ("window_size", _("Window size"), ""),
        ]

    def build_body(self, body: pygame.Rect) -> None:
        assert self.gui is not None
        settings = self.settings
        self.sync_fullscreen(save=False)
        rows = self.rows()
        message = self.save_error or self.load_message
        note_h = (self.px(40) if self.short else self.px(44)) if message else self.px(10)
        usable = body.height - note_h
        self.choices = {}
        self.language = None
        self.row_rects = {}
        for (key, label, note), (row, label_rect, control, note_rect) in zip(rows, self.row_places(body, usable, rows)):
            self.row_rects[key] = row
            pygame_gui.elements.UILabel(label_rect, label, self.gui, object_id=self.style("label"))
            if note and note_rect is not None:
                pygame_gui.elements.UILabel(note_rect, note, self.gui, object_id=self.style("note"))
            if key == "volume":
                value_w = self.px(58)
                slider_rect = pygame.Rect(control.x, control.y, control.width - value_w - self.px(10), control.height)
                slider_rect.inflate_ip(0, -max(0, control.height - self.px(30)))
                self.volume_slider = pygame_gui.elements.UIHorizontalSlider(
                    slider_rect, round(settings.volume * 100), (0, 100), self.gui, click_increment=5
                )
                self.volume_label = pygame_gui.elements.UILabel(
                    pygame.Rect(control.right - value_w, control.y, value_w, control.height),
                    f"{round(settings.volume * 100)}%",
                    self.gui,
                    object_id=self.style("value"),
                )
                continue
            self.choices[key] = self.choice_row(control, self.options(key))
            self.choices[key].select(self.current(key))
        self.language = self.language_control()
        if message:
            self.message_lines(message, pygame.Rect(body.x, body.bottom - note_h, body.width, note_h))
        if self.focus_row is None and self.app is not None and self.app.last_input != "mouse":
            self.focus_row = self.focus_order[0]  # opened by keys or a controller: the focus shows at once

    def options(self, key: str) -> Sequence[tuple[object, str]]:
        """The values of row ``key`` (not the volume) and their words (marked, not translated)."""
        if key in ("animation_speed", "computer_speed"):
            return SPEED_CHOICES
        if key == "text_scale":
            return SCALE_CHOICES
        if key == "window_size":
            return tuple((size, f"{size[0]}×{size[1]}") for size in WINDOW_SIZES)
        return ON_OFF

    def control_need(self, key: str) -> int:
        """How wide row ``key``'s buttons must be for their words (0: the volume's
        slider, which fits any width)."""
        if key == "volume" or self.gui is None:
            return 0
        font = self.gui.get_theme().get_font([self.style("choice")])
        words = [_(t) if isinstance(v, (bool, str)) else t for v, t in self.options(key)]
        return len(words) * (max(font.size(w)[0] for w in words) + self.px(14)) + self.px(8) * (len(words) - 1)

    def row_places(
        self, body: pygame.Rect, usable: int, rows: list[tuple[str, str, str]]
    ) -> list[tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect | None]]:
        """Each row's (whole row, label, control, note or None), top to bottom. When the
        rows do not fit (larger text), two columns of a label over its control, with the
        window's sizes, the widest row, across both below them."""
        gap = self.px(12)
        label_h = self.px(28)
        out: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect | None]] = []
        label_w = min(self.px(230), body.width // 3)  # room for the longer languages
        control_w = min(body.width - label_w - gap, self.px(620))
        if len(rows) * self.px(34) <= usable and all(self.control_need(k) <= control_w for k, _, _ in rows):
            row_h = max(self.px(34), min(self.px(64), usable // len(rows)))
            notes = row_h >= self.px(50)  # a small window: the rows are too low for their notes
            top = body.y + max(0, (usable - row_h * len(rows)) // 2)
            left = body.x + (body.width - label_w - gap - control_w) // 2
            button_h = min(row_h - self.px(4), self.px(44))  # room for accents and descenders
            for i, (_, _, note) in enumerate(rows):
                y = top + i * row_h
                control = pygame.Rect(left + label_w + gap, y + (row_h - button_h) // 2, control_w, button_h)
                row = pygame.Rect(left, control.y, label_w + gap + control_w, button_h)
                if note and notes:
                    label = pygame.Rect(left, y + row_h // 2 - label_h + self.px(4), label_w, label_h)
                    out.append((row, label, control, pygame.Rect(left, y + row_h // 2 + self.px(4), label_w, self.px(20))))
                else:
                    out.append((row, pygame.Rect(left, y + (row_h - label_h) // 2, label_w, label_h), control, None))
            return out
        col_w = (body.width - self.px(28)) // 2
        if self.short or any(self.control_need(k) > (body.width if k == "window_size" else col_w) for k, _, _ in rows):
            return self.compact_places(body, usable, rows)  # a low or narrow window
        half = (len(rows) + 1) // 2 - (1 if any(k == "window_size" for k, _, _ in rows) else 0)
        lines = half + 1
        row_h = min(self.px(100), usable // lines)
        button_h = min(row_h - label_h - self.px(4), self.px(44))
        top = body.y + max(0, (usable - row_h * lines) // 2)
        col_gap = self.px(28)
        others = [i for i, (k, _, _) in enumerate(rows) if k != "window_size"]
        for i, (key, _, _) in enumerate(rows):
            if key == "window_size":
                x, y, width = body.x, top + (lines - 1) * row_h, body.width
            else:
                column, line = divmod(others.index(i), half)
                x, y, width = body.x + column * (col_w + col_gap), top + line * row_h, col_w
            label = pygame.Rect(x, y, width, label_h)
            control = pygame.Rect(x, label.bottom + self.px(2), min(width, self.px(620)), button_h)
            out.append((pygame.Rect(x, y, width, control.bottom - y), label, control, None))
        return out

    def compact_places(
        self, body: pygame.Rect, usable: int, rows: list[tuple[str, str, str]]
    ) -> list[tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect | None]]:
        """``row_places``' two columns in a low window (down to 640x480), packed closer:
        each label's line as low as its words, little room between the rows, and each
        column as wide as its words need; the window's sizes across both below them."""
        assert self.gui is not None
        label_font = self.gui.get_theme().get_font([self.style("label")])
        col_gap, label_h = self.px(16), self.px(23)
        others = [i for i, (k, _k, _n) in enumerate(rows) if k != "window_size"]
        half = (len(others) + 1) // 2
        lines = half + (1 if len(others) < len(rows) else 0)

        def need(i: int) -> int:
            key, label, _note = rows[i]
            return max(label_font.size(label)[0] + self.px(4), self.control_need(key))

        columns = [others[:half], others[half:]]
        needs = [max((need(i) for i in column), default=0) for column in columns]
        room = body.width - col_gap
        spare = room - sum(needs)
        widths = [n + spare // 2 for n in needs] if spare >= 0 else [room * n // max(1, sum(needs)) for n in needs]
        button_h = min(self.px(30), (usable - lines * (label_h + self.px(2))) // lines)
        pitch = min(self.px(64), usable // lines)
        top = body.y + max(0, (usable - lines * pitch) // 2)
        out: list[tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect | None]] = []
        for i, (key, _label, _note) in enumerate(rows):
            if key == "window_size":
                x, y, width = body.x, top + half * pitch, body.width
            else:
                column, line = divmod(others.index(i), half)
                x, y, width = body.x + (widths[0] + col_gap if column else 0), top + line * pitch, widths[column]
            label = pygame.Rect(x, y, width, label_h)
            control = pygame.Rect(x, label.bottom + self.px(1), min(width, self.px(620)), button_h)
            out.append((pygame.Rect(x, y, width, control.bottom - y), label, control, None))
        return out

    def choice_row(self, rect: pygame.Rect, options: Sequence[tuple[object, str]]) -> _Choice:
        assert self.gui is not None
        gap = self.px(8)
        count = len(options)
        width = min(self.px(150), (rect.width - gap * (count - 1)) // count)
        buttons = []
        for i, (value, text) in enumerate(options):
            button = pygame_gui.elements.UIButton(
                pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height),
                _(text) if isinstance(value, (bool, str)) else text,
                self.gui,
                object_id=self.style("choice"),
            )
            buttons.append((value, button))
        return _Choice(buttons)

    def language_control(self) -> _Cycle:
        """"Language  < Deutsch >" on the Back button's line, at the panel's right (the
        rows fill the panel already): each language named in itself."""
        assert self.gui is not None and self.back_button is not None
        back = pygame.Rect(self.back_button.relative_rect)
        gap, arrow = self.px(8), self.px(44)
        name_w = min(self.px(270), self.panel.right - self.pad - back.right - 2 * arrow - 3 * gap - self.px(140))
        right = self.panel.right - self.pad
        name = pygame.Rect(right - arrow - gap - name_w, back.y, name_w, back.height)
        label_w = min(self.px(180), name.x - arrow - gap - back.right - self.px(16))
        label = pygame_gui.elements.UILabel(
            pygame.Rect(name.x - arrow - gap - label_w - self.px(10), back.y, label_w, back.height),
            _("Language"),
            self.gui,
            object_id=self.style("label"),
        )
        if label.font is not None:  # the word beside the arrow, not left in a wide box
            width = min(label_w, label.font.size(label.text)[0] + self.px(6))
            label.set_dimensions((width, back.height))
            label.set_relative_position((name.x - arrow - gap - width - self.px(10), back.y))
        made = [
            pygame_gui.elements.UIButton(
                pygame.Rect(name.x - gap - arrow, back.y, arrow, back.height), "‹", self.gui, object_id=self.style("choice")
            ),
            pygame_gui.elements.UIButton(name, language_name(self.settings.language), self.gui, object_id=self.style("choice")),
            pygame_gui.elements.UIButton(
                pygame.Rect(name.right + gap, back.y, arrow, back.height), "›", self.gui, object_id=self.style("choice")
            ),
        ]
        made[1].select()  # type: ignore[no-untyped-call]
        self.row_rects["language"] = pygame.Rect(made[0].relative_rect).union(made[2].relative_rect)
        return _Cycle(LANGUAGE_CHOICES, self.settings.language, made)

    def current(self, key: str) -> object:
        value = getattr(self.settings, key)
        if key == "window_size":
            return tuple(value)
        return value

    # Changes -----------------------------------------------------------------
    def change(self, key: str, value: object) -> None:
        """Apply one setting now and save it."""
        settings = self.settings
        if key == "sound":
            settings.sound = bool(value)
            self.audio.set_enabled(settings.sound)
        elif key in ("animation_speed", "computer_speed", "hints", "show_knowledge"):
            setattr(settings, key, value)
        elif key in ACCESS_KEYS:
            setattr(settings, key, value)
            if access.apply(settings) and self.app is not None:
                self.app.follow_access()  # new sizes and looks: every scene laid out again
        elif key == "fullscreen":
            settings.fullscreen = bool(value)
            if self.app is not None and self.app.owns_window and self.app.fullscreen != settings.fullscreen:
                self.app.toggle_fullscreen()  # lays every scene out again
        elif key == "language":
            settings.language = str(value)
            set_language(choose(None, settings.language))
            self.change_language()
        elif key == "window_size":
            assert isinstance(value, tuple)
            settings.window_size = (int(value[0]), int(value[1]))
            if self.app is not None and not self.app.fullscreen:
                self.app.resize(settings.window_size)  # lays every scene out again
        if key in self.choices:
            self.choices[key].select(self.current(key))
        self.sound("button")
        self.save()

    def change_language(self) -> None:
        """Screens are built in the new language from now on: this one and those under it
        are laid out again at once (nothing else changes: no picture cache is dropped)."""
        if self.app is not None:
            for scene in list(self.app.scenes):
                scene.on_resize(self.app.size)
        elif self.gui is not None:
            self.on_resize(self.size)

    def set_volume(self, percent: float) -> None:
        settings = self.settings
        settings.volume = max(0.0, min(1.0, round(percent) / 100))
        self.audio.set_volume(settings.volume)
        if self.volume_label is not None:
            self.volume_label.set_text(f"{round(settings.volume * 100)}%")
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
        return super().handle_event(event)

    def key_on_focus(self, key: int) -> bool:
        """Up/Down, Left/Right, Enter and Space on the focused row; True if used."""
        order = self.focus_order
        if key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            step = -1 if key == pygame.K_UP else 1
            at = order.index(self.focus_row) if self.focus_row in order else (-1 if step > 0 else 0)
            self.focus_row = order[(at + step) % len(order)]
            return True
        row = self.focus_row
        if row is None or key not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            return False
        if row == "back":
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.go_back()
            return True
        if row == "volume":
            if key in (pygame.K_LEFT, pygame.K_RIGHT):
                percent = round(self.settings.volume * 100) + (5 if key == pygame.K_RIGHT else -5)
                percent = max(0, min(100, percent))
                if self.volume_slider is not None:
                    self.volume_slider.set_current_value(percent)
                self.set_volume(percent)
            return True
        if row == "language" and self.language is not None:
            self.change("language", self.language.step(-1 if key == pygame.K_LEFT else 1))
            return True
        choice = self.choices.get(row)
        if choice is None:
            return True
        values = [value for value, _ in choice.buttons]
        current = self.current(row)
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
        row = self.focus_row
        rect = self.back_button.rect if row == "back" and self.back_button is not None else self.row_rects.get(row or "")
        if rect is not None:
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

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is None or self.app.top is not self:
            return
        self._since_save += dt
        self._since_sound += dt
        language = self.language.pressed() if self.language is not None else None
        if language is not None:
            self.change("language", language)
            return  # every widget was rebuilt
        for key, choice in list(self.choices.items()):
            value = choice.pressed()
            if value is not None:
                self.change(key, value)
                break  # a change may have rebuilt the widgets
        slider = self.volume_slider
        if slider is not None and slider.has_moved_recently:
            self.set_volume(float(slider.get_current_value()))
        if self._dirty and self._since_save >= SAVE_EVERY_S:
            self.save()
        self.sync_fullscreen()

    def close(self) -> None:
        if self._dirty:
            self.save()
        super().close()
