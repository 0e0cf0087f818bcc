"""What the game keeps per window size is bounded: resized through many sizes,
the table's pictures, the tile art and the text stay within their budgets
(resizing every frame for 30 s once grew the game from 80 to 412 MB)."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.engine import PlayerInfo
from game.ui.surface_cache import SurfaceCache, surface_bytes
from game.ui.text import FONTS_KEPT, LINES_BYTES, TextCache
from game.ui.tile_art import CACHE_BYTES as ART_BYTES


def test_a_surface_cache_keeps_to_its_budget() -> None:
    cache = SurfaceCache(1000 * 1000 * 4, 50)
    for n in range(30):
        cache.cached(("big", n), lambda: pygame.Surface((600, 600)))
        assert cache.bytes <= 1000 * 1000 * 4 or len(cache) == 1
    assert cache.get(("big", 29)) is not None and cache.get(("big", 0)) is None
    assert cache.bytes == sum(surface_bytes(cache.get(("big", n)) or pygame.Surface((0, 0))) for n in range(30) if cache.get(("big", n)) is not None)
    huge = cache.put("huge", pygame.Surface((2000, 2000)))  # alone over the budget: still kept, it is drawn now
    assert cache.get("huge") is huge and len(cache) == 1
    for n in range(80):
        cache.cached(("small", n), lambda: pygame.Surface((2, 2)))
    assert len(cache) == 50


def test_text_keeps_a_few_fonts_and_lines_within_budget() -> None:
    text = TextCache()
    for size in range(8, 120):
        text.render("Matador", size)
        text.fit("The quick brown fox jumps over the lazy dog " * 50, 300, size)
    assert len(text._fonts) <= FONTS_KEPT
    assert text._lines.bytes <= LINES_BYTES


def test_a_long_text_is_cut_quickly_and_fits() -> None:
    text = TextCache()
    line = text.fit("x" * 200_000, 240, 20)
    assert line.get_width() <= 240


def test_the_table_resized_through_many_sizes_stays_within_budget(make_app: Any, ui: Any) -> None:
    app = make_app((1280, 800))
    table = ui.new_table(app, "matador", [PlayerInfo("You", "human", None), PlayerInfo("Cpu", "computer", "easy")], seed=4)
    rng = random.Random(4)
    for _ in range(40):
        size = (rng.randint(640, 1920), rng.randint(480, 1080))
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)], 0.016)
    renderer = table.renderer
    assert renderer._cache.bytes <= renderer._cache.max_bytes <= 32 * 1024 * 1024
    assert app.services["art"]._cache.bytes <= ART_BYTES
