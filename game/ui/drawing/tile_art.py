"""Draw domino tiles, the table and icons at any size from the large sources.

The sprites are made by ``tools/make_assets.py`` (see its docstring for the
files). A tile face is composed from the blank body (``tile_body.png`` or
``tile_body_v.png``) and two half sprites (``half_<n>.png``, pips on a
transparent square), each scaled once per size and cached, so a face at a new
size costs two small scalings and three blits.

With High contrast on (``game.ui.drawing.access``) a face is pure white with black pips
and a dark outline.
"""

from __future__ import annotations

import logging
import weakref
from collections.abc import Callable, Hashable

import pygame

from game.resources import asset_path
from game.ui.drawing import access
from game.ui.drawing.surface_cache import SurfaceCache
from game.ui.shell.window import drawing_surface

log = logging.getLogger(__name__)

SOURCE_LENGTH = 256  # tile length of the source sprites
SOURCE_GLOW_MARGIN = 20  # margin around the tile in tile_highlight.png / tile_shadow.png
GHOST_ALPHA = 140  # opacity (of 255) of a ghost face
ICON_NAMES = ("draw", "pass", "refuse", "settings", "sound_on", "sound_off", "rules", "back")
MAX_VALUE = 9
# sprites whose inside is fully opaque: smoothscale leaves it at alpha ~253
OPAQUE_SPRITES = frozenset({"tile_body.png", "tile_body_v.png", "tile_back.png", "tile_back_v.png"})
CONTRAST_EDGE = (0, 0, 0)  # a high-contrast face's outline


CACHE_BYTES = 20 * 1024 * 1024  # scaled tiles kept (every tile of one size, faces and ghosts, takes about 12 MB at 1920x1080)


VEIL_STRIP = 64  # rows darkened at once by a veiled felt


class TileArt:
    """Draws tiles at any size from the large sources, caching each size."""

    def __init__(self, cache_size: int = 512) -> None:
        self._sources: dict[str, pygame.Surface] = {}
        self._cache = SurfaceCache(CACHE_BYTES, cache_size)  # bounded in memory, whatever sizes are asked for
        # every felt a screen still holds (by width, height, veil): the art keeps none itself
        self._tables: weakref.WeakValueDictionary[tuple[int, int, int], pygame.Surface] = weakref.WeakValueDictionary()
        self._converted = False  # sources converted to the display's format

    # -- loading and caching ------------------------------------------------

    def _source(self, name: str) -> pygame.Surface:
        display_ready = drawing_surface() is not None
        if display_ready and not self._converted:
            # A window now exists: convert what we have for fast blits.
            self._sources = {key: _convert(surf) for key, surf in self._sources.items()}
            self._converted = True
            self.clear_cache()
        surface = self._sources.get(name)
        if surface is None:
            surface = pygame.image.load(str(asset_path("sprites", name)))
            if display_ready:
                surface = _convert(surface)
            self._sources[name] = surface
        return surface

    def _cached(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        return self._cache.cached(key, make)

    def _scaled(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        def make() -> pygame.Surface:
            source = self._source(name)
            if source.get_size() == size:
                return source.copy()
            scaled = pygame.transform.smoothscale(source, size)
            if name in OPAQUE_SPRITES:
                _restore_opacity(scaled)
            return scaled

        return self._cached(("scaled", name, size), make)

    def _turned(self, key: Hashable, surface: pygame.Surface, vertical: bool) -> pygame.Surface:
        """``surface`` (horizontal) turned a quarter clockwise when vertical (left -> top)."""
        if not vertical:
            return surface
        return self._cached(("turned", key), lambda: pygame.transform.rotate(surface, -90))

    def _half(self, value: int, side: int, vertical: bool) -> pygame.Surface:
        flat = self._scaled(f"half_{value}.png", (side, side))
        return self._turned(("half", value, side), flat, vertical)

    # -- tiles --------------------------------------------------------------

    def face(self, a: int, b: int, length: int, vertical: bool = False) -> pygame.Surface:
        """Tile face with half `a` on the left (or top when vertical) and `b` on the right/bottom.
        `length` is the long side in pixels; the short side is length // 2. Cached per arguments."""
        _check_value(a)
        _check_value(b)
        side = _short_side(length)
        contrast = access.CURRENT.high_contrast

        def make() -> pygame.Surface:
            body = "tile_body_v.png" if vertical else "tile_body.png"
            size = (side, length) if vertical else (length, side)
            surface = self._scaled(body, size).copy()
            if contrast:  # pure white (its rounded corners kept)
                surface.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)
            far = (0, length - side) if vertical else (length - side, 0)
            for half, spot in ((a, (0, 0)), (b, far)):
                picture = self._half(half, side, vertical)
                if contrast:  # black pips and divider
                    picture = picture.copy()
                    picture.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MIN)
                surface.blit(picture, spot)
            if contrast:
                edge = max(2, length // 36)
                inset, middle = side // 8, length // 2
                ends = ((inset, middle), (side - 1 - inset, middle)) if vertical else ((middle, inset), (middle, side - 1 - inset))
                pygame.draw.line(surface, CONTRAST_EDGE, *ends, max(1, edge // 2 + 1))
                pygame.draw.rect(surface, CONTRAST_EDGE, surface.get_rect(), edge, border_radius=max(2, side // 8))
            return surface

        return self._cached(("face", a, b, length, vertical, contrast), make)

    def back(self, length: int, vertical: bool = False) -> pygame.Surface:
        """The face-down tile."""
        side = _short_side(length)
        if vertical:
            return self._scaled("tile_back_v.png", (side, length))
        return self._scaled("tile_back.png", (length, side))

    def ghost(
        self, a: int | None, b: int | None, length: int, vertical: bool = False
    ) -> pygame.Surface:
        """Translucent preview: with a,b the faded face of that tile; with None an empty dashed outline."""
        side = _short_side(length)
        if a is None or b is None:
            flat = self._scaled("tile_ghost.png", (length, side))
            return self._turned(("ghost", length), flat, vertical)

        def make() -> pygame.Surface:
            surface = self.face(a, b, length, vertical).copy()
            surface.fill((255, 255, 255, GHOST_ALPHA), special_flags=pygame.BLEND_RGBA_MULT)
            return surface

        return self._cached(("ghost", a, b, length, vertical, access.CURRENT.high_contrast), make)

    def highlight_margin(self, length: int) -> int:
        """The glow's margin around the tile in highlight() and shadow()."""
        return max(2, round(length * SOURCE_GLOW_MARGIN / SOURCE_LENGTH))

    def highlight(self, length: int, vertical: bool = False) -> pygame.Surface:
        """A glow ring slightly larger than the tile (size (length+2m, length//2+2m) for a margin m);
        `highlight_margin(length) -> int` tells m. Blit it at the tile's position minus (m, m)."""
        return self._glow("tile_highlight.png", length, vertical)

    def shadow(self, length: int, vertical: bool = False) -> pygame.Surface:
        """A soft drop shadow with the geometry of highlight(): blit it at the tile's
        position minus (m, m), plus a small offset down and right."""
        return self._glow("tile_shadow.png", length, vertical)

    def _glow(self, name: str, length: int, vertical: bool) -> pygame.Surface:
        side = _short_side(length)
        margin = self.highlight_margin(length)
        flat = self._scaled(name, (length + 2 * margin, side + 2 * margin))
        return self._turned((name, length), flat, vertical)

    # -- table and icons ----------------------------------------------------

    def table(self, size: tuple[int, int], darken: int = 0) -> pygame.Surface:
        """The green felt covering ``size``, darker towards the edges (opaque), under
        a black veil of ``darken`` (of 255: the menus'). Never drawn on.

        A felt is a picture of the whole window (33 MB at 3840x2160). The art
        hands out the felt a screen still holds rather than make it again, and
        keeps none itself: a screen that shows it holds it (the menus, the
        information screens). It kept the last one asked for, which was the
        plain felt beside the menus' veiled felt made from it, and beside the
        table's background made from it: one more picture of the whole window
        on every menu and at the table (and, at the table, the menus' felt kept
        from the title)."""
        width, height = int(size[0]), int(size[1])
        if width <= 0 or height <= 0:
            raise ValueError(f"table size must be positive, not {size}")
        key = (width, height, int(darken))
        cached = self._tables.get(key)
        if cached is None:
            cached = self._make_table(key)
            self._tables[key] = cached
        return cached

    def _make_table(self, key: tuple[int, int, int]) -> pygame.Surface:
        width, height, darken = key
        if darken:
            back = self.table((width, height)).copy()
            # black at ``darken`` of 255 over the felt, a strip at a time: the same pixels as one
            # window-sized see-through picture, without making one
            strip = pygame.Surface((width, min(height, VEIL_STRIP)))
            strip.fill((0, 0, 0))
            strip.set_alpha(darken)
            for top in range(0, height, strip.get_height()):
                back.blit(strip, (0, top))
            return back
        felt = self._source("felt.png")
        surface = pygame.Surface((width, height))
        fw, fh = felt.get_size()
        for y in range(0, height, fh):
            for x in range(0, width, fw):
                surface.blit(felt, (x, y))
        surface.blit(pygame.transform.smoothscale(self._source("vignette.png"), (width, height)), (0, 0))
        if self._converted and not _display_format(surface):
            surface = surface.convert()  # (a new surface has the window's format already: no copy)
        return surface

    def icon(self, name: str, size: int) -> pygame.Surface:
        """One of ``ICON_NAMES`` as a ``size`` x ``size`` surface (ivory glyph, soft shadow)."""
        if name not in ICON_NAMES:
            raise ValueError(f"unknown icon {name!r}; known: {', '.join(ICON_NAMES)}")
        if size <= 0:
            raise ValueError(f"icon size must be positive, not {size}")
        return self._scaled(f"icon_{name}.png", (size, size))

    def clear_cache(self) -> None:
        """Forget every scaled surface (the loaded sources stay)."""
        self._cache.clear()
        self._tables.clear()

    def let_go_sized(self) -> None:
        """The window changed size: forget the tiles scaled for the sizes before
        (laid out again, every screen asks for its tiles at new lengths)."""
        self._cache.clear()

    def cached_bytes(self) -> int:
        """The bytes of the scaled pictures this art keeps (felts are the screens')."""
        return self._cache.bytes


def _convert(surface: pygame.Surface) -> pygame.Surface:
    if surface.get_flags() & pygame.SRCALPHA:
        return surface.convert_alpha()
    return surface.convert()


def _display_format(surface: pygame.Surface) -> bool:
    """Whether ``surface`` has the window's pixel format (``convert`` would only copy it)."""
    window = drawing_surface()
    return (
        window is not None
        and not surface.get_flags() & pygame.SRCALPHA
        and surface.get_bitsize() == window.get_bitsize()
        and surface.get_masks() == window.get_masks()
    )


def _restore_opacity(surface: pygame.Surface) -> None:
    """Make nearly opaque pixels fully opaque again (smoothscale's rounding drops
    a couple of alpha levels), leaving colours and soft edges alone."""
    if not surface.get_flags() & pygame.SRCALPHA:
        return
    solid = pygame.mask.from_surface(surface, 247)
    lift = solid.to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))
    surface.blit(lift, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)


def _check_value(value: int) -> None:
    if not 0 <= value <= MAX_VALUE:
        raise ValueError(f"a half shows 0..{MAX_VALUE} pips, not {value}")


def _short_side(length: int) -> int:
    if length < 2:
        raise ValueError(f"tile length must be at least 2 pixels, not {length}")
    return length // 2
