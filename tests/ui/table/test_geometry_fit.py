"""Every layout the rule sets can produce fits the table, with no two tiles overlapping."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pygame import Rect

from game.engine import Match, PlayerInfo, Rules
from game.ui.table import CROSS, LINE, compute_layout, slot_of
from game.ui.table import compute_regions

CONFIGS: list[tuple[str, int, dict[str, Any] | None]] = [
    ("matador", 2, None),
    ("matador", 4, {"hand_size": 7}),
    ("all-sevens", 2, {"hand_size": 8}),
    ("all-sevens", 4, {"layout": "first-double-spinner"}),
    ("all-sevens", 3, {"layout": "first-double-spinner", "lead": "highest-double-else-highest-tile"}),
    ("family", 2, None),
    ("family", 5, None),
    ("family", 8, None),
    ("leyden", 2, None),
    ("leyden-senst", 2, None),
    ("wild-doubles", 3, None),
    ("wild-doubles", 4, None),
]
GAMES = 12


def check(layout: Any, area: Rect, window: Rect) -> None:
    rects = [t.rect for t in layout.tiles]
    assert layout.fits
    for r in rects:
        assert window.contains(r) and area.contains(r), r
    for i, a in enumerate(rects):
        assert a.collidelist(rects[:i]) < 0, f"tile {layout.tiles[i]} overlaps"
    for slot in layout.slots.values():
        assert area.contains(slot.rect)
        assert slot.rect.collidelist(rects) < 0, f"slot {slot} covers a tile"


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_random_games_fit(size: tuple[int, int]) -> None:
    window = Rect((0, 0), size)
    for base, players, overrides in CONFIGS:
        rules = Rules.from_base(base, players, overrides)
        area = compute_regions(size, players, 0).layout_area
        for seed in range(GAMES):
            match = Match(rules, [PlayerInfo(f"P{i}") for i in range(players)], seed)
            state = match.round
            rng = random.Random(seed)
            unit = None
            while not state.over:
                match.push(rng.choice(state.legal_moves()))
                layout = compute_layout(state, area, unit)
                unit = layout.unit
                check(layout, area, window)
            assert len(layout.tiles) == len(state.placements)


def test_all_55_tiles_of_double_nine_fit_at_800x600() -> None:
    """The largest possible table: a line of the whole double-nine set, played by
    a forced script (every tile goes on, one arm at a time), at the smallest window."""
    rules = Rules.from_base("family", 8)
    area = compute_regions((800, 600), 8, 0).layout_area
    for seed in range(3):
        rng = random.Random(seed)
        # a fake source: the engine's placements as a line can hold them, built by hand
        from game.engine.layout import Placement

        tiles = list(rules.all_tiles)
        rng.shuffle(tiles)
        placements = [Placement(tiles[0], None, 9, 9, False, None, 0, True, 0)]
        arms = {"W": 0, "E": 0}
        for t in tiles[1:]:
            arm = "E" if rng.random() < (0.9 if seed == 0 else 0.5) else "W"
            from game.engine.tiles import halves

            a, b = halves(t)
            placements.append(Placement(t, arm, a, b, False, None, 0, a == b, arms[arm]))
            arms[arm] += 1

        class Source:
            phase = "play"
            spinner = None

            def __init__(self) -> None:
                self.placements = placements
                self.rules = rules

            def open_ends(self) -> list[Any]:
                from game.engine import OpenEnd

                return [OpenEnd("W", (1,)), OpenEnd("E", (2,))]

        layout = compute_layout(Source(), area)  # type: ignore[arg-type]
        check(layout, area, Rect(0, 0, 800, 600))
        assert len(layout.tiles) == 55
        assert layout.unit >= 8


@pytest.mark.parametrize("base", ["leyden", "leyden-senst", "all-sevens"])
def test_slots_for_every_shape_and_crosswise_value(base: str) -> None:
    """Every end has a place for every way a tile may lie there: in line; across
    (a double that becomes the spinner where spinners lie across, or a matador
    laid across) except right after a crosswise matador, whose two values each
    have their own place. Every legal lay has its slot."""
    overrides = {"layout": "first-double-spinner"} if base == "all-sevens" else None
    rules = Rules.from_base(base, 2, overrides)
    seen_cross = False
    for seed in range(4):
        match = Match(rules, [PlayerInfo("A"), PlayerInfo("B")], seed)
        state = match.round
        rng = random.Random(seed)
        area = compute_regions((1280, 800), 2, 0).layout_area
        while not state.over:
            layout = compute_layout(state, area)
            for end in state.open_ends():
                for joins in end.values if end.crosswise else (None,):
                    assert layout.slot(end.arm, LINE, joins) is not None
                    across = not end.crosswise and (rules.crosswise or end.arm in layout.spins)
                    assert (layout.slot(end.arm, CROSS, joins) is not None) == across
                if end.crosswise:
                    seen_cross = True
                    a, b = (layout.slot(end.arm, LINE, v) for v in end.values)
                    assert a is not None and b is not None and a.rect != b.rect
            for action in state.legal_moves():
                if action.kind == "lay":
                    assert slot_of(action, layout) is not None, action
            match.push(rng.choice(state.legal_moves()))
    assert seen_cross == rules.crosswise
