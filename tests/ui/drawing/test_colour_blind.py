"""Never colour alone: the table is rendered through deuteranopia and protanopia
simulations (Machado, Oliveira and Fernandes 2009, full severity, on linear RGB)
and through plain grey, and each pair of states must still look different: a
tile that can be laid and one that cannot, a lit place and the same place unlit,
the chosen lit place and another, the seat to move and the same seat waiting,
the coach's better move and a lit place. High contrast keeps them apart too."""

from __future__ import annotations

from typing import Any

import numpy as np
import pygame
import pytest

from game.engine import PlayerInfo
from game.ui.drawing import access
from game.ui.drawing import cues
from game.ui.table import PlaquesPart

PROTANOPIA = np.array(
    [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
)
DEUTERANOPIA = np.array(
    [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
)
GREY = np.array([[0.2126, 0.7152, 0.0722]] * 3)  # no colour at all: luminance only


def _linear(rgb: np.ndarray) -> np.ndarray:
    c = rgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _srgb(lin: np.ndarray) -> np.ndarray:
    lin = np.clip(lin, 0.0, 1.0)
    return 255.0 * np.where(lin <= 0.0031308, lin * 12.92, 1.055 * lin ** (1 / 2.4) - 0.055)


def seen(surface: pygame.Surface, rect: pygame.Rect, matrix: np.ndarray) -> np.ndarray:
    """The pixels of ``rect`` as a person with that vision sees them (sRGB, 0..255)."""
    crop = pygame.surfarray.array3d(surface.subsurface(rect)).astype(float)
    return _srgb(_linear(crop) @ matrix.T)


VISIONS = {"deuteranopia": DEUTERANOPIA, "protanopia": PROTANOPIA, "grey": GREY}


def apart(a: pygame.Surface, ra: pygame.Rect, b: pygame.Surface, rb: pygame.Rect) -> dict[str, float]:
    """How different two same-sized areas look under each vision: the share of
    their pixels that differ by more than 40 levels (of 255) in some channel."""
    out = {}
    for name, matrix in VISIONS.items():
        diff = np.abs(seen(a, ra, matrix) - seen(b, rb, matrix)).max(axis=2)
        out[name] = float((diff > 40).mean())
    return out


def ring(rect: pygame.Rect, out: int) -> list[pygame.Rect]:
    """The four strips just outside ``rect`` (where the outlines are drawn)."""
    big = rect.inflate(2 * out, 2 * out)
    return [
        pygame.Rect(big.left, big.top, big.width, out),
        pygame.Rect(big.left, rect.bottom, big.width, out),
        pygame.Rect(big.left, rect.top, out, rect.height),
        pygame.Rect(rect.right, rect.top, out, rect.height),
    ]


def ring_apart(a: pygame.Surface, b: pygame.Surface, rect_a: pygame.Rect, rect_b: pygame.Rect, out: int = 6) -> dict[str, float]:
    results = [apart(a, x, b, y) for x, y in zip(ring(rect_a, out), ring(rect_b, out))]
    return {name: min(r[name] for r in results) for name in VISIONS}


def frame(app: Any) -> pygame.Surface:
    app.step([], 0.016)
    return app.surface.copy()


def a_turn(app: Any, ui: Any) -> Any:
    table = ui.new_table(app, "matador", [PlayerInfo("Ann", "human", None), PlayerInfo("Bot", "computer", "easy")], seed=3)
    for _ in range(400):
        app.step([], 0.05)
        lays = {a.tile for a in table.model.legal if a.kind == "lay"}
        hand = [tile for tile, _ in table.board.hand]
        if table.can_act() and lays and len(lays) < len(hand) and table.board.open_ends:
            return table
    raise AssertionError("no turn with tiles both playable and not")


@pytest.mark.parametrize("contrast", [False, True], ids=["plain", "high-contrast"])
def test_each_pair_of_table_states_stays_distinct_to_colour_blind_eyes(make_app: Any, ui: Any, contrast: bool) -> None:
    access.CURRENT.high_contrast = contrast
    app = make_app((1280, 800))
    table = a_turn(app, ui)
    before = frame(app)  # nothing held: the open ends are not lit
    playable = table.snapshot.playable
    rects = dict(table.board.hand)
    good = next(t for t, _ in table.board.hand if t in playable)
    bad = next(t for t, _ in table.board.hand if t not in playable)

    # a tile that can be laid against one that cannot (the strips round them)
    distinct = ring_apart(before, before, rects[good], rects[bad])
    assert all(v > 0.2 for v in distinct.values()), distinct

    # the tile is picked up by a click: its places light
    ui.click(app, rects[good].center)
    assert table.controls.input.selected == good
    after = frame(app)
    ctx = table.controls.input_context()
    targets = table.controls.input.targets(ctx)
    assert targets
    from game.ui.table import slot_of

    slots = [slot_of(t.variant(table.controls.input.variant), table.board.layout) for t in targets]
    lit = [s for s in slots if s is not None]
    place = lit[0].rect
    distinct = ring_apart(before, after, place, place)
    assert all(v > 0.2 for v in distinct.values()), ("lit place", distinct)
    if len(lit) > 1:  # the chosen place against another lit one: the corners differ
        chosen = table.controls.input.chosen_target(ctx)
        assert chosen is not None
        mine = slot_of(chosen.variant(table.controls.input.variant), table.board.layout)
        other = next(s for s in lit if mine is None or s.rect != mine.rect)
        assert mine is not None and mine.rect.size == other.rect.size
        corner = 8
        a = pygame.Rect(mine.rect.left - corner, mine.rect.top - corner, corner, corner)
        b = pygame.Rect(other.rect.left - corner, other.rect.top - corner, corner, corner)
        distinct = apart(after, a, after, b)
        assert all(v > 0.2 for v in distinct.values()), ("chosen place", distinct)


def test_the_seat_to_move_and_the_coach_mark_differ_by_shape(make_app: Any, ui: Any) -> None:
    app = make_app((1280, 800))
    table = a_turn(app, ui)
    renderer = table.renderer
    assert renderer is not None
    info = table.mode.look.seat_info(table, 1)
    size = (300, 100)
    plaques = PlaquesPart(renderer)
    moving = plaques.make_plaque((info[0], info[1], info[2], True, info[4]), size)
    waiting = plaques.make_plaque((info[0], info[1], info[2], False, info[4]), size)
    back = pygame.Surface(size)
    back.fill((20, 60, 40))
    a, b = back.copy(), back.copy()
    a.blit(moving, (0, 0))
    b.blit(waiting, (0, 0))
    marker = pygame.Rect(8, 6, 16, 22)  # where the triangle stands before the name
    distinct = apart(a, marker, b, marker)
    assert all(v > 0.1 for v in distinct.values()), ("seat to move", distinct)

    # the coach's better move against a lit place, drawn by the table's own cue functions
    felt = pygame.Surface((200, 120))
    felt.fill((30, 90, 50))
    place = pygame.Rect(60, 40, 80, 40)
    coach, lit = felt.copy(), felt.copy()
    cues.coach_mark(coach, place)
    cues.lit_place(lit, place, False)
    distinct = ring_apart(coach, lit, place, place, out=14)
    assert all(v > 0.1 for v in distinct.values()), ("coach's mark", distinct)


def test_the_palette_keeps_its_colours_apart_for_colour_blind_eyes() -> None:
    """The cue colours against the felt they are drawn on, and the coach's word
    colours against each other and the panel they are written on, one pixel each,
    stay far apart under each simulation."""
    from game.ui.drawing.text import GOLD, IVORY

    card = (14, 26, 19)  # the card the review's words are written on (the table's side panel)

    groups: list[dict[str, tuple[int, int, int]]] = [
        {"playable": cues.PLAYABLE, "coach": cues.COACH, "felt": (30, 90, 50)},
        {"mistake": cues.MISTAKE, "best": GOLD, "good": IVORY, "panel": card},
    ]
    for colours in groups:
        names = list(colours)
        for i, x in enumerate(names):
            for y in names[i + 1 :]:
                sx, sy = pygame.Surface((1, 1)), pygame.Surface((1, 1))
                sx.fill(colours[x])
                sy.fill(colours[y])
                for vision in ("deuteranopia", "protanopia"):
                    matrix = VISIONS[vision]
                    d = np.abs(seen(sx, sx.get_rect(), matrix) - seen(sy, sy.get_rect(), matrix)).max()
                    assert d > 50, (x, y, vision, d)
