"""The Settings screen, and ``InfoScene``: the frame it shares with Rules and Statistics.

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
from pathlib import Path
from typing import Any, Sequence

import pygame
import pygame_gui

from game.settings import SPEEDS, Settings, load_settings, save_settings
from game.ui.audio import Audio
from game.ui.menu import focus_ring
from game.ui.scene import GuiScene
from game.ui.tile_art import TileArt

log = logging.getLogger(__name__)

PANEL_FILL = (10, 26, 17, 215)
PANEL_EDGE = (201, 168, 90)
INSET_FILL = (6, 16, 10, 150)
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 768), (1280, 800), (1600, 900), (1920, 1080))
SAVE_EVERY_S = 0.3  # the volume slider writes the file at most this often while dragged
FONT_DIR = Path(pygame_gui.__file__).resolve().parent / "data"


def ui_font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    """The widgets' typeface (Noto Sans, shipped with pygame_gui) for text a scene draws itself."""
    if not pygame.font.get_init():
        pygame.font.init()
    style = "BoldItalic" if bold and italic else "Bold" if bold else "Italic" if italic else "Regular"
    key = (size, style)
    font = _FONTS.get(key)
    if font is None:
        try:
            font = pygame.font.Font(str(FONT_DIR / f"NotoSans-{style}.ttf"), size)
        except (OSError, FileNotFoundError):
            font = pygame.font.Font(None, size)
            font.set_bold(bold)
            font.set_italic(italic)
        _FONTS[key] = font
    return font


_FONTS: dict[tuple[int, str], pygame.font.Font] = {}


def panel_surface(size: tuple[int, int], fill: tuple[int, int, int, int] = PANEL_FILL, edge: bool = True) -> pygame.Surface:
    """A rounded, see-through dark panel with a thin gold edge."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(8, min(size) // 40)
    pygame.draw.rect(surface, fill, surface.get_rect(), border_radius=radius)
    if edge:
        pygame.draw.rect(surface, PANEL_EDGE, surface.get_rect(), width=2, border_radius=radius)
    return surface


class InfoScene(GuiScene):
    """An opaque screen on the felt: a gold title, a panel, a Back button; Esc goes back."""

    title = ""

    def __init__(self) -> None:
        super().__init__()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.back_button: pygame_gui.elements.UIButton | None = None
        self._panel_surface: pygame.Surface | None = None
        self.drawn_text: list[tuple[str, pygame.Rect, pygame.Rect]] = []

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
        """Spacing scale: 1 at 800x600, up to 1.4 on a big window."""
        return 1.4 if self.large else 1.0

    def style(self, name: str) -> str:
        return f"#info_{name}{'_l' if self.large else ''}"

    def px(self, value: float) -> int:
        return round(value * self.k)

    # Building -----------------------------------------------------------------
    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        margin_x = max(16, round(w * 0.04))
        margin_y = max(14, round(h * 0.03))
        width = min(w - 2 * margin_x, self.px(1100))
        return pygame.Rect((w - width) // 2, margin_y, width, h - 2 * margin_y)

    def build_gui(self) -> None:
        assert self.gui is not None
        self.drawn_text = []
        self.panel = self.panel_rect()
        self._panel_surface = panel_surface(self.panel.size)
        title_h = self.px(56)
        pygame_gui.elements.UILabel(
            pygame.Rect(self.panel.x + 10, self.panel.y + self.px(10), self.panel.width - 20, title_h),
            self.title,
            self.gui,
            object_id=self.style("title"),
        )
        pad = self.px(22)
        back_w, back_h = self.px(130), self.px(44)
        self.back_button = pygame_gui.elements.UIButton(
            pygame.Rect(self.panel.x + pad, self.panel.bottom - pad - back_h, back_w, back_h),
            "Back",
            self.gui,
            object_id=self.style("back"),
        )
        body = pygame.Rect(
            self.panel.x + pad,
            self.panel.y + self.px(10) + title_h + self.px(12),
            self.panel.width - 2 * pad,
            0,
        )
        body.height = self.panel.bottom - pad - back_h - self.px(14) - body.y
        self.build_body(body)

    def build_body(self, body: pygame.Rect) -> None:
        """Create the screen's own widgets inside ``body`` (above the Back button)."""

    def message_lines(self, text: str, box: pygame.Rect) -> None:
        """``text`` as warning labels filling ``box`` from the bottom up, wrapped to its width."""
        assert self.gui is not None
        line_h = self.px(22)
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

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.back_button is not None and self.back_button.check_pressed():
            self.go_back()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.art.table(surface.get_size()), (0, 0))
        if self._panel_surface is not None:
            surface.blit(self._panel_surface, self.panel.topleft)
        self.draw_body(surface)
        self.draw_gui(surface)

    def draw_body(self, surface: pygame.Surface) -> None:
        """Paint what the screen draws itself, under the widgets (changes nothing)."""


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


ON_OFF: tuple[tuple[object, str], ...] = ((True, "On"), (False, "Off"))
SPEED_CHOICES: tuple[tuple[object, str], ...] = tuple((s, s.capitalize()) for s in SPEEDS)


class SettingsScene(InfoScene):
    """Sound, speeds, hints and the window; every change applies and is saved at once."""

    title = "Settings"

    def __init__(self, load_message: str | None = None) -> None:
        super().__init__()
        self.choices: dict[str, _Choice] = {}
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
        return [key for key, _, _ in self.rows()] + ["back"]

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
            ("sound", "Sound", ""),
            ("volume", "Volume", ""),
            ("animation_speed", "Animations", ""),
            ("computer_speed", "Computer players", ""),
            ("hints", "Hints", "show where tiles fit"),
            ("show_knowledge", "Table knowledge", "show what the table knows"),
            ("fullscreen", "Full screen", "also F11"),
            ("window_size", "Window size", ""),
        ]

    def build_body(self, body: pygame.Rect) -> None:
        assert self.gui is not None
        settings = self.settings
        self.sync_fullscreen(save=False)
        rows = self.rows()
        message = self.save_error or self.load_message
        note_h = self.px(44) if message else self.px(10)
        usable = body.height - note_h
        row_h = max(self.px(40), min(self.px(64), usable // len(rows)))
        top = body.y + max(0, (usable - row_h * len(rows)) // 2)
        label_w = min(self.px(200), body.width // 3)
        gap = self.px(12)
        control_w = min(body.width - label_w - gap, self.px(620))
        left = body.x + (body.width - label_w - gap - control_w) // 2
        control_x = left + label_w + gap
        button_h = min(row_h - self.px(8), self.px(44))
        self.choices = {}
        self.row_rects = {}
        for i, (key, label, note) in enumerate(rows):
            y = top + i * row_h
            self.row_rects[key] = pygame.Rect(left, y + (row_h - button_h) // 2, label_w + gap + control_w, button_h)
            label_h = self.px(28)
            if note:
                pygame_gui.elements.UILabel(
                    pygame.Rect(left, y + row_h // 2 - label_h + self.px(4), label_w, label_h),
                    label,
                    self.gui,
                    object_id=self.style("label"),
                )
                pygame_gui.elements.UILabel(
                    pygame.Rect(left, y + row_h // 2 + self.px(4), label_w, self.px(20)),
                    note,
                    self.gui,
                    object_id=self.style("note"),
                )
            else:
                pygame_gui.elements.UILabel(
                    pygame.Rect(left, y + (row_h - label_h) // 2, label_w, label_h),
                    label,
                    self.gui,
                    object_id=self.style("label"),
                )
            control = pygame.Rect(control_x, y + (row_h - button_h) // 2, control_w, button_h)
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
            options: Sequence[tuple[object, str]]
            if key in ("animation_speed", "computer_speed"):
                options = SPEED_CHOICES
            elif key == "window_size":
                options = tuple((size, f"{size[0]}×{size[1]}") for size in WINDOW_SIZES)
            else:
                options = ON_OFF
            self.choices[key] = self.choice_row(control, options)
            self.choices[key].select(self.current(key))
        if message:
            self.message_lines(message, pygame.Rect(body.x, body.bottom - note_h, body.width, note_h))
        if self.focus_row is None and self.app is not None and self.app.last_input != "mouse":
            self.focus_row = self.focus_order[0]  # opened by keys or a controller: the focus shows at once

    def choice_row(self, rect: pygame.Rect, options: Sequence[tuple[object, str]]) -> _Choice:
        assert self.gui is not None
        gap = self.px(8)
        count = len(options)
        width = min(self.px(150), (rect.width - gap * (count - 1)) // count)
        buttons = []
        for i, (value, text) in enumerate(options):
            button = pygame_gui.elements.UIButton(
                pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.height),
                text,
                self.gui,
                object_id=self.style("choice"),
            )
            buttons.append((value, button))
        return _Choice(buttons)

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
        elif key == "fullscreen":
            settings.fullscreen = bool(value)
            if self.app is not None and self.app.owns_window and self.app.fullscreen != settings.fullscreen:
                self.app.toggle_fullscreen()  # lays every scene out again
        elif key == "window_size":
            assert isinstance(value, tuple)
            settings.window_size = (int(value[0]), int(value[1]))
            if self.app is not None and not self.app.fullscreen:
                self.app.resize(settings.window_size)  # lays every scene out again
        if key in self.choices:
            self.choices[key].select(self.current(key))
        self.sound("button")
        self.save()

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
            problem = f"The settings could not be saved ({err.strerror or err})."
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
