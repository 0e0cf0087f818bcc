"""One pygame_gui theme for every screen's widget manager.

A ``pygame_gui.UIManager`` makes its own theme, and a theme its own fonts (each
keeps a copy of its font file: 15 fonts, about 9 MB) and its own cache of drawn
shapes (a 4 MB picture to begin with, up to three): about 13 MB a manager, and
the game has one for each open screen, a spare or two, and, while the window is
resized, the old ones not yet collected (in the monkey's runs at full speed, up
to 7 managers counted at once, and up to 18 of those 4 MB pictures alive).
A theme holds nothing of one manager's: every manager at one text size shares
one (``SharedThemeManager``), so the fonts and the shapes are kept once.

Each manager also adds pygame_gui's translations folder to ``i18n.load_path``
once more; a text without a translation then reads that folder once for each
manager ever made. ``forget_repeated_paths`` keeps each folder once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame_gui
from pygame_gui.core.interfaces import IUIAppearanceThemeInterface


THEME_PATH = Path(__file__).resolve().parent / "theme.json"


def scaled_theme(factor: float) -> dict[str, Any]:
    """The widgets' theme with every font ``factor`` times larger (the text size setting)."""
    with open(THEME_PATH, encoding="utf-8") as handle:
        theme: dict[str, Any] = json.load(handle)
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict) and str(font.get("size", "")).isdigit():
            font["size"] = str(round(int(font["size"]) * factor))
    return theme


def new_manager(size: tuple[int, int], factor: float, theme: Any) -> pygame_gui.UIManager:
    """A manager for a scene at ``size``, with the game's theme at text size
    ``factor``: sharing ``theme`` (its fonts and drawn shapes) when one is given
    (a millisecond or two), else making it (tens of milliseconds: fonts)."""
    if theme is not None:
        manager: pygame_gui.UIManager = SharedThemeManager(size, theme)
    else:
        from game.ui.drawing.gui_fonts import LazyFontLoader, use_script_fonts

        made: Any = str(THEME_PATH) if factor == 1.0 else scaled_theme(factor)
        # each font loaded when a widget first shows it, not all 14 before the first frame
        manager = pygame_gui.UIManager(size, made, enable_live_theme_updates=False, resource_loader=LazyFontLoader())
        use_script_fonts(manager.ui_theme)  # every script drawn, by the widgets too
        # pygame_gui keeps the first manager ever made as its default (for widgets given
        # none): the newest theme's, so that an older theme is not kept alive by it
        from pygame_gui.core.utility import set_default_manager

        set_default_manager(manager)
    forget_repeated_paths()
    manager.matador_text_factor = factor  # type: ignore[attr-defined]
    return manager


class SharedThemeManager(pygame_gui.UIManager):
    """A widget manager drawing with ``theme``, another manager's theme, instead of its own."""

    def __init__(self, size: tuple[int, int], theme: IUIAppearanceThemeInterface):
        from game.ui.drawing.gui_fonts import LazyFontLoader

        self._shared_theme = theme
        # a loader of its own has nothing to load (the theme is the first manager's): no threads
        super().__init__(size, None, enable_live_theme_updates=False, resource_loader=LazyFontLoader())

    def create_new_theme(self, theme_path: Any = None) -> Any:
        return self._shared_theme


def forget_repeated_paths() -> None:
    """Each folder once in ``i18n.load_path`` (every ``UIManager`` adds pygame_gui's again)."""
    import i18n  # type: ignore[import-untyped]  # (python-i18n has no types)

    paths = i18n.load_path
    if len(paths) != len(set(paths)):
        paths[:] = list(dict.fromkeys(paths))


TEMPORARY_SHAPES = ("temp_additive_shape", "temp_subtractive_shape", "temp_shadow_subtractive_shape")
TEXT_LAYERS = ("pre_text_surface", "text_surface")  # each look's, kept for a text entry's editing only


def _bytes(picture: Any) -> int:
    return int(picture.get_pitch() * picture.get_height())


def drop_drawing_aids(manager: pygame_gui.UIManager) -> int:
    """Let go of the pictures pygame_gui keeps while it draws a widget's looks.

    A rounded widget is drawn at four times its size (16 times its area) and
    that big picture was kept until the widget's other looks (hovered, pressed,
    disabled) were drawn, one a frame, and then again after each look drawn
    later; a covered screen's widgets are never updated, so never let it go:
    35 MB on the Settings screen over the title at 150% text in a 1920x1080
    window, and 15-26 MB at the highest samples of the monkey's runs on the
    screen in front, its looks still being drawn. Keeping it hardly saves time:
    the 53 looks left to draw on Settings at 150% text in 1920x1080 took 33 ms
    with it kept and 36 ms drawn each from scratch; the looks are the same
    (pygame_gui scales the kept picture to the very size it would draw). So it
    goes after every frame.

    Each look of a widget with text also kept two more pictures of its size:
    the look before its text was put on, and the text alone. pygame_gui reads
    them again only to redraw a text entry's look as it is edited
    (``apply_active_text_changes``, called by ``UITextEntryLine`` alone); for
    every other widget they are two copies of each look that nothing reads:
    27 MB with Settings over the pause menu over the table at 150% text in a
    1780x1075 window. A look drawn again makes them again; they go after the
    frame too. What the widgets show is the look itself, untouched.
    The number of bytes let go.
    """
    from pygame_gui.elements import UITextEntryLine

    freed = 0
    for sprite in manager.get_sprite_group().sprites():
        shape = getattr(sprite, "drawable_shape", None)
        if shape is None:
            continue
        for name in TEMPORARY_SHAPES:
            picture = getattr(shape, name, None)
            if picture is not None:
                freed += _bytes(picture)
                setattr(shape, name, None)
        if isinstance(sprite, UITextEntryLine):
            continue  # it puts its edited text on its looks with them
        for state in getattr(shape, "states", {}).values():
            for name in TEXT_LAYERS:
                picture = getattr(state, name, None)
                if picture is not None:
                    freed += _bytes(picture)
                    setattr(state, name, None)
    return freed


def keep_shown_looks_only(manager: pygame_gui.UIManager) -> int:
    """On a covered screen, let go of every look of its widgets but the one each shows.

    pygame_gui draws each widget's looks ahead (normal, hovered, pressed,
    selected), one a frame while its screen is on top, and keeps them all:
    a covered screen is not seen and takes no input (every screen is opaque),
    yet its widgets kept four or five pictures each under the one in front
    (the title's buttons under Past matches or Play with friends, the pause
    menu's under Settings: 4-5 MB a screen at 150% text in a large window).
    The look a widget shows is kept (an overlay above may draw the screen
    beneath it); another is drawn again when it is first needed, as
    pygame_gui does for a look it has not drawn yet (``set_active_state``).
    A text entry keeps its looks (it reads them by name as it is edited).
    The number of bytes let go.
    """
    from pygame_gui.elements import UITextEntryLine

    return sum(_shown_look_only(sprite) for sprite in manager.get_sprite_group().sprites() if not isinstance(sprite, UITextEntryLine))


def lean_list_rows(manager: pygame_gui.UIManager) -> int:
    """On the screen in front, each row of a list of names (``UISelectionList``:
    Past matches, Statistics) keeps the look it shows and nothing else.

    Each row shown is a button as wide as the list, and pygame_gui drew and kept
    four looks of it (normal, hovered, selected, pressed) beside a blank picture
    of its size to start each look from: six pictures of 2196x50 a row at
    3840x2160 and 150% text, 28 rows, 90 MB of Past matches' 286 MB once forty
    matches were kept (the soak's highest frames, late in the run, when more
    matches are kept). A row's other looks are drawn again when it is hovered or
    chosen, as pygame_gui does for a look it has not drawn yet; without a shadow
    the blank picture is made afresh each time (``RectDrawableShape.redraw_state``),
    the same picture. After every frame (``App.step``). The number of bytes let go."""
    from pygame_gui.elements import UISelectionList

    freed = 0
    for sprite in manager.get_sprite_group().sprites():
        if not isinstance(getattr(sprite, "parent_element", None), UISelectionList):
            continue
        freed += _shown_look_only(sprite)
        shape: Any = getattr(sprite, "drawable_shape", None)
        base = getattr(shape, "base_surface", None)
        if base is not None and not getattr(shape, "shadow_width", 0) and base.get_width() > 0:
            freed += _bytes(base)
            shape.base_surface = None  # (a blank picture: without a shadow, each look starts from a new one)
    return freed


def _shown_look_only(sprite: Any) -> int:
    """Let go of every look of ``sprite`` but the one it shows (drawn again when shown)."""
    import pygame

    shape: Any = getattr(sprite, "drawable_shape", None)
    states = getattr(shape, "states", None)
    shown = getattr(shape, "active_state", None)
    if shape is None or not states or shown is None:
        return 0
    freed = 0
    queue = shape.states_to_redraw_queue
    for name, state in states.items():
        if state is shown:
            continue
        if name in queue:
            queue.remove(name)
        picture = state.surface
        if state.generated or (picture is not None and picture.get_width() > 0):
            freed += _bytes(picture) if picture is not None else 0
            state.surface = pygame.Surface((0, 0), pygame.SRCALPHA, 32)
            state.generated = False  # drawn again when it is shown
            state.has_fresh_surface = False
            state.pre_text_surface = state.text_surface = None
    return freed


# pictures pygame_gui keeps as Optional (None: not made yet, or not needed)
OPTIONAL_PICTURES = frozenset(
    (*TEMPORARY_SHAPES, *TEXT_LAYERS, "pre_debug_image", "_pre_clipped_image", "pre_alpha_final_surf", "pre_effect_target_surface", "finalised_surface", "target_surface")
)


def let_go_of_widgets(manager: pygame_gui.UIManager) -> int:
    """Empty ``manager`` (``clear_and_reset``: every widget killed) and let go of
    the killed widgets' pictures at once: their images (and the copy each keeps
    to be drawn with), their shapes' looks of each state, their text's layout.

    A killed widget is held in reference cycles (its container, its shape, the
    manager's callbacks) with every picture it drew until Python's collector
    finds it; a screen laid out again frame after frame (the window dragged
    larger) left each layout's pictures behind: Past matches at 3840x2160 kept
    126 MB of surfaces after four relayouts at 4K-sized windows, 251 MB before
    the collector ran, the peaks of the monkey's runs (``tools/peakframes.py``).
    Nothing draws a killed widget again. The number of bytes let go."""
    import pygame

    widgets = list(manager.get_sprite_group().sprites())
    manager.clear_and_reset()  # type: ignore[no-untyped-call]
    killed = [sprite for sprite in widgets if not sprite.alive()]  # type: ignore[no-untyped-call]  # (one outside the root container lives on)
    freed = 0
    seen: set[int] = set()
    empty = pygame.Surface((0, 0), pygame.SRCALPHA, 32)  # in place of a picture pygame_gui always has
    for sprite in killed:
        shape = getattr(sprite, "drawable_shape", None)
        holders: list[Any] = [sprite, shape, *getattr(shape, "states", {}).values()] if shape is not None else [sprite]
        for owner in (sprite, shape):  # the text's layout: its picture, each row's and each piece's share of it
            layout = getattr(owner, "text_box_layout", None)
            if layout is not None:
                rows = list(getattr(layout, "layout_rows", ()))
                holders += [layout, *rows, *(item for row in rows for item in getattr(row, "items", ()))]
        for holder in holders:
            if not hasattr(holder, "__dict__"):
                continue
            for name, value in list(vars(holder).items()):
                if isinstance(value, pygame.Surface):
                    freed += _counted(value, seen)
                    # (a screen's code may still call a killed widget: what may be None is None, the rest empty)
                    setattr(holder, name, None if name in OPTIONAL_PICTURES else empty)
                elif isinstance(value, list):  # a sprite's blit_data: [its image, its rect...]
                    for index, item in enumerate(value):
                        if isinstance(item, pygame.Surface):
                            freed += _counted(item, seen)
                            value[index] = empty
    return freed


def _counted(picture: Any, seen: set[int]) -> int:
    """``picture``'s bytes the first time it is seen (a subsurface's are its parent's)."""
    if id(picture) in seen or picture.get_parent() is not None:
        return 0
    seen.add(id(picture))
    return _bytes(picture)


def let_go_waiting_shapes(theme: Any) -> int:
    """The window changed size: the drawn shapes waiting to go into the theme's
    shape cache (pygame_gui copies each new look there and moves one a frame into
    its three 4 MB pictures) are of the size before; they go. The long-term part
    stays (it is bounded by pygame_gui: three pictures). The bytes let go."""
    cache = getattr(theme, "shape_cache", None)
    waiting = getattr(cache, "cache_short_term_lookup", None)
    if not isinstance(waiting, dict):
        return 0
    freed = sum(_bytes(item["surface"]) for item in waiting.values() if isinstance(item, dict) and item.get("surface") is not None)
    waiting.clear()
    return freed
