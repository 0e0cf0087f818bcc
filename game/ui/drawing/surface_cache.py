"""Surfaces made once and kept for the next frames, within a memory budget.

Caches keyed by size grow with every size the window takes: resized every frame
for 30 s, the table once kept 96 full-window backgrounds (400 MB). A
``SurfaceCache`` drops the least recently used surfaces once the ones it holds
take more than ``max_bytes`` (or number more than ``max_items``).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Hashable, Iterator

import pygame


def surface_bytes(surface: pygame.Surface) -> int:
    return surface.get_pitch() * surface.get_height()


def trimmed(picture: pygame.Surface) -> tuple[pygame.Surface, tuple[int, int]]:
    """``picture`` (see-through around what is drawn on it) cut to what is drawn, and
    where that part lies in it. A picture of the whole window with a form in its
    middle is 33 MB at 3840x2160; its drawn part, a third of that or less."""
    box = picture.get_bounding_rect()
    if box.size == picture.get_size():
        return picture, (0, 0)
    if box.width == 0 or box.height == 0:
        return pygame.Surface((0, 0), pygame.SRCALPHA), (0, 0)
    return picture.subsurface(box).copy(), box.topleft


class SurfaceCache:
    """Surfaces by key, least recently used first out, within ``max_bytes``."""

    def __init__(self, max_bytes: int, max_items: int | None = None):
        self.max_bytes = max_bytes
        self.max_items = max_items
        self.bytes = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    def __len__(self) -> int:
        return len(self._items)

    def __iter__(self) -> Iterator[Hashable]:
        """The keys held, least recently used first."""
        return iter(self._items)

    def get(self, key: Hashable) -> pygame.Surface | None:
        surface = self._items.get(key)
        if surface is not None:
            self._items.move_to_end(key)
        return surface

    def put(self, key: Hashable, surface: pygame.Surface) -> pygame.Surface:
        old = self._items.pop(key, None)
        if old is not None:
            self.bytes -= surface_bytes(old)
        self._items[key] = surface
        self.bytes += surface_bytes(surface)
        # the newest always stays, even alone over the budget (it is drawn this frame)
        while len(self._items) > 1 and (
            self.bytes > self.max_bytes or (self.max_items is not None and len(self._items) > self.max_items)
        ):
            _, dropped = self._items.popitem(last=False)
            self.bytes -= surface_bytes(dropped)
        return surface

    def cached(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface for ``key``, made by ``make()`` the first time (or again once dropped)."""
        surface = self.get(key)
        return surface if surface is not None else self.put(key, make())

    def clear(self) -> None:
        self._items.clear()
        self.bytes = 0
