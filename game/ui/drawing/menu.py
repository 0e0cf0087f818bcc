"""What the menus share: the felt behind them, the gold title, panels, a column
of buttons, and keyboard focus (Up/Down/Tab, Enter).

A ``MenuScene`` builds its widgets in ``build_gui`` (called again after every
resize), names its buttons in ``self.buttons`` and reacts in ``on_button``; it
never changes the game itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable, TypeVar

import pygame
import pygame_gui

from game.ui.drawing import access
from game.ui.shell.scene import GuiScene, Overlay, Rests, Scene
from game.ui.drawing.text import GOLD, IVORY, TextCache
from game.ui.drawing.scroll import ScrollColumn

if TYPE_CHECKING:
    from game.ui.drawing.tile_art import TileArt

UIButton = pygame_gui.elements.UIButton
Name = TypeVar("Name")

SHADOW = (8, 14, 10)
PANEL_BG = (16, 30, 22, 248)
PANEL_EDGE = (201, 168, 90)
NAV_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT)
ENTER_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def tile_art(scene: Scene) -> TileArt:
    """The app's shared tile art (made once if the app has none yet)."""
    from game.ui.drawing.tile_art import TileArt

    assert scene.app is not None
    art = scene.app.services.get("art")
    if not isinstance(art, TileArt):
        art = TileArt()
        scene.app.services["art"] = art
    return art


def scale_for(size: tuple[int, int]) -> float:
    """How big the menus' text and buttons are: 1.0 at 1280x800, smaller on a small window."""
    w, h = access.points(size)  # (text_factor counts the pixels per point)
    return max(0.72, min(1.35, min(w / 1280, h / 800))) * access.text_factor(size)


def felt(art: TileArt, size: tuple[int, int], darken: int = 60) -> pygame.Surface:
    """The table's felt with a soft dark veil, for a menu behind its widgets: a copy
    of its own, to draw on."""
    return art.table(size, darken).copy()


def shared_felt(art: TileArt, size: tuple[int, int], darken: int = 60) -> pygame.Surface:
    """``felt(art, size, darken)``, made once for every menu that shows it while
    any of them holds it (the title, Play with friends and Join a table each
    kept a copy of the whole window: 8 MB each at 1920x1080); the tile art
    hands out the one a screen still holds. Never drawn on."""
    return art.table(size, darken)


def shadowed(text: TextCache, line: str, size: int, colour: tuple[int, int, int] = GOLD, width: int | None = None) -> pygame.Surface:
    """A bold line of text with a dark drop shadow (the menus' titles)."""
    face = text.fit(line, width, size, colour, True) if width is not None else text.render(line, size, colour, True)
    shade = text.fit(line, width, size, SHADOW, True) if width is not None else text.render(line, size, SHADOW, True)
    off = max(2, face.get_height() // 18)
    out = pygame.Surface((face.get_width() + off, face.get_height() + off), pygame.SRCALPHA)
    out.blit(shade, (off, off))
    out.blit(face, (0, 0))
    return out


def blit_centred(surface: pygame.Surface, image: pygame.Surface, cx: int, top: int) -> pygame.Rect:
    return surface.blit(image, (cx - image.get_width() // 2, top))


def panel(size: tuple[int, int], radius: int = 16, fill: tuple[int, int, int, int] = PANEL_BG) -> pygame.Surface:
    """A rounded dark-green panel with a gold edge."""
    out = pygame.Surface(size, pygame.SRCALPHA)
    rect = out.get_rect()
    pygame.draw.rect(out, fill, rect, border_radius=radius)
    pygame.draw.rect(out, PANEL_EDGE, rect, 2, border_radius=radius)
    pygame.draw.rect(out, (PANEL_EDGE[0], PANEL_EDGE[1], PANEL_EDGE[2], 70), rect.inflate(-10, -10), 1, border_radius=max(2, radius - 5))
    return out


def fan_of_matadors(art: TileArt, length: int) -> pygame.Surface:
    """The four matadors of a double-six set (0-0, 6-1, 5-2, 4-3), fanned like a hand."""
    tiles = [(0, 0), (6, 1), (5, 2), (4, 3)]
    images = []
    for i, (a, b) in enumerate(tiles):
        angle = (1.5 - i) * 11
        images.append(pygame.transform.rotozoom(art.face(a, b, length, True), angle, 1.0))
    step = int(length * 0.42)
    width = step * (len(images) - 1) + max(im.get_width() for im in images)
    height = max(im.get_height() for im in images) + length // 6
    out = pygame.Surface((width, height), pygame.SRCALPHA)
    for i, image in enumerate(images):
        lift = int(abs(1.5 - i) ** 1.5 * length * 0.05)
        out.blit(image, (i * step, lift))
    return out


def wrap(text: TextCache, words: str, width: int, size: int, colour: tuple[int, int, int] = IVORY) -> list[pygame.Surface]:
    """``words`` broken into lines no wider than ``width``."""
    font = text.font(size)
    return [text.fit(line, width, size, colour) for line in wrap_lines(words, width, lambda s: font.size(s)[0])]


def wrap_lines(words: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """``words`` broken at spaces into lines no wider than ``width`` (as ``measure``
    measures them); a single word wider than that keeps a line of its own."""
    lines: list[str] = []
    current = ""
    for word in words.split():
        trial = f"{current} {word}".strip()
        if measure(trial) <= width or not current:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def balanced_lines(words: str, width: int, measure: Callable[[str], int]) -> list[str]:
    """``wrap_lines``, then as many lines set as even as they go: the narrowest width
    that still breaks ``words`` into that many lines ("This name has 26 letters: /
    type one of up to 24.", never a last line of "24." alone)."""
    lines = wrap_lines(words, width, measure)
    if len(lines) < 2:
        return lines
    # Breaking greedily, a narrower width never makes fewer lines: the least width
    # at most ``width`` that still makes no more is found by halving.
    low, high = 1, width
    while low < high:
        middle = (low + high) // 2
        if len(wrap_lines(words, middle, measure)) <= len(lines):
            high = middle
        else:
            low = middle + 1
    return wrap_lines(words, high, measure)


def focus_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The gold ring round the line the keyboard or a controller has in focus."""
    ring = rect.inflate(10, 6)
    glow = pygame.Surface(ring.size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (*GOLD, 46), glow.get_rect(), border_radius=10)
    pygame.draw.rect(glow, GOLD, glow.get_rect(), 2, border_radius=10)
    surface.blit(glow, ring.topleft)


def button_column(
    manager: pygame_gui.UIManager,
    labels: list[tuple[str, str, str | None]],
    centre_x: int,
    top: int,
    width: int,
    height: int,
    gap: int,
    container: pygame_gui.core.UIContainer | None = None,
) -> dict[str, UIButton]:
    """Buttons ``(name, text, object_id)`` stacked in a centred column (in ``container``'s
    coordinates if one is given: a scrolling column's, ``game.ui.drawing.scroll``)."""
    out: dict[str, UIButton] = {}
    y = top
    for name, text, object_id in labels:
        rect = pygame.Rect(centre_x - width // 2, y, width, height)
        out[name] = UIButton(rect, text, manager, container=container, object_id=object_id)
        y += height + gap
    return out


class Focus:
    """Keyboard focus over a list of buttons: Up/Down (Left/Right, Tab) moves, Enter
    presses. A controller's D-pad and A are those keys (``Scene.handle_pad``)."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.index: int | None = None

    def reset(self, order: list[str], buttons: dict[str, UIButton], keep: str | None = None) -> None:
        self.order = order
        self.index = order.index(keep) if keep in order else None
        self.show(buttons)

    @property
    def name(self) -> str | None:
        return self.order[self.index] if self.index is not None and self.index < len(self.order) else None

    def move(self, step: int, buttons: dict[str, UIButton]) -> None:
        if not self.order:
            return
        n = len(self.order)
        index = (-1 if step > 0 else 0) if self.index is None else self.index
        for _ in range(n):
            index = (index + step) % n
            button = buttons.get(self.order[index])
            if button is not None and button.is_enabled and button.visible:
                self.index = index
                break
        self.show(buttons)

    def show(self, buttons: dict[str, UIButton]) -> None:
        for i, name in enumerate(self.order):
            button = buttons.get(name)
            if button is None:
                continue
            if i == self.index and button.is_enabled:
                button.select()  # type: ignore[no-untyped-call]
            elif button.is_selected:  # (a disabled button never looks chosen)
                button.unselect()  # type: ignore[no-untyped-call]

    def handle(self, event: pygame.event.Event, buttons: dict[str, UIButton]) -> str | None:
        """Move the focus on Up/Down/Tab; the focused button's name on Enter."""
        if event.type != pygame.KEYDOWN:
            return None
        if event.key in NAV_KEYS:
            back = event.key in (pygame.K_UP, pygame.K_LEFT) or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            self.move(-1 if back else 1, buttons)
            return None
        if event.key in ENTER_KEYS and self.name is not None:
            button = buttons.get(self.name)
            if button is not None and button.is_enabled:
                return self.name
        return None


def first_pressed(buttons: Iterable[tuple[Name, UIButton]]) -> Name | None:
    """The name of the first of ``buttons`` (name and button) pressed since the last
    frame (pygame_gui's), or None: a frame answers one press."""
    for name, button in buttons:
        if button.check_pressed():
            return name
    return None


class MenuMixin:
    """Named buttons, pressed by mouse (pygame_gui) or keyboard focus."""

    text: TextCache
    buttons: dict[str, UIButton]
    focus: Focus

    def start_menu(self) -> None:
        """No buttons yet, the focus on none (from ``__init__``)."""
        self.text = TextCache()
        self.buttons = {}
        self.focus = Focus()

    def build_buttons(self) -> None:
        """The widgets made again (``build_widgets``) and the focus kept on the button of its name."""
        self.buttons = {}
        self.build_widgets()
        self.focus.reset([n for n in self.buttons], self.buttons, self.focus.name)

    def build_widgets(self) -> None:
        """Create the widgets (override); called with an empty manager."""

    def on_button(self, name: str) -> None:
        """A button was pressed (override)."""

    def on_escape(self) -> None:
        """Esc (override): usually Back."""

    def draw_content(self, surface: pygame.Surface) -> None:
        """Titles, pictures, panels and their words between what is behind and the widgets (override)."""

    def follow_buttons(self) -> None:
        """Every frame: the first button pressed with the mouse since the last frame is pressed."""
        name = first_pressed(self.buttons.items())
        if name is not None:
            self.on_button(name)

    def draw_focus(self, surface: pygame.Surface) -> None:
        """A gold ring round the focused button while keys or a controller are in use
        (for the mouse, the button's own highlight is enough)."""
        app = getattr(self, "app", None)
        button = self.buttons.get(self.focus.name) if self.focus.name is not None else None
        if app is not None and app.last_input != "mouse" and button is not None and button.visible:
            focus_ring(surface, pygame.Rect(button.rect).inflate(4, 6))


class MenuScene(MenuMixin, Rests, GuiScene):
    """A full-window menu on the felt."""

    darken = 70

    def __init__(self) -> None:
        super().__init__()
        self.start_menu()
        self.backdrop: pygame.Surface | None = None

    def build_gui(self) -> None:
        self.backdrop = shared_felt(tile_art(self), self.size, self.darken)  # shared: never drawn on
        self.build_buttons()

    def let_go_pictures(self) -> None:
        """Covered (``Rests``): the felt goes, and the scene's own pictures (override, calling this)."""
        self.backdrop = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        name = self.focus.handle(event, self.buttons)
        if name is not None:
            self.on_button(name)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
            return True
        return False

    def next_change(self) -> float | None:
        """Still but for its widgets: a menu answers inputs (override if it waits on something)."""
        return self.widgets_change()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.follow_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        """The felt, the scene's own pictures, the widgets (changes nothing)."""
        if self.backdrop is not None:
            surface.blit(self.backdrop, (0, 0))
        else:
            surface.fill((14, 24, 18))
        self.draw_content(surface)
        self.draw_gui(surface)
        self.draw_focus(surface)


class MenuOverlay(MenuMixin, Overlay):
    """A menu over a scene that stands still beneath it (pause, match over)."""

    def __init__(self) -> None:
        super().__init__()
        self.start_menu()

    def build_gui(self) -> None:
        self.build_buttons()

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        name = self.focus.handle(event, self.buttons)
        if name is not None:
            self.on_button(name)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_escape()
        return True  # nothing reaches the scene beneath

    def update(self, dt: float) -> None:
        super().update(dt)
        self.follow_buttons()

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface)
        self.draw_content(surface)
        self.draw_gui(surface)
        self.draw_focus(surface)


def style(name: str, size: tuple[int, int]) -> str:
    """The theme's object id ``#name``, or its larger ``#name_l`` on a big window."""
    return f"#{name}_l" if scale_for(size) / access.text_factor(size) >= 1.2 else f"#{name}"


class ScrolledMenu(MenuScene):
    """A menu whose buttons scroll in one column (``self.column``) when the window's
    height cannot hold them: the wheel and keys scroll it, and the keys' focus is
    kept in view (the title, Play now)."""

    column: ScrollColumn

    def scroll_columns(self) -> list[ScrollColumn]:
        return [self.column] if self.column.content is not None and self.column.view.height else []

    def reveal_focus(self) -> None:
        """Scroll the buttons (when they scroll) so the focused one shows."""
        button = self.buttons.get(self.focus.name or "")
        if button is not None and self.scroll_columns() and button.ui_container is self.column.content:
            self.column.reveal(pygame.Rect(button.get_relative_rect()))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.scroll_columns() and self.column.handle_event(event):
            return True
        used = super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            self.reveal_focus()
        return used
