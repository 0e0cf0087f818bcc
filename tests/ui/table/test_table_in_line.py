"""Leyden drawn as its rules read: in games with crosswise matadors doubles lie in
line with their arm, the spinner too (halves W and E, the N and S arms starting
from its long sides), so the only tile across an arm is a matador laid across.
Other games keep the usual look: doubles across their line.

The checks are on the rectangles the renderer draws (``scene.board.layout``: tiles at
their ``rect``, ghosts at their slot's ``rect``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from pygame import Rect

from game.engine import Match, PlayerInfo, Rules, parse_tile
from game.engine.tiles import is_double
from game.ui.table import LINE, HandoffScene, TableScene, compute_layout, compute_regions, slot_of, targets_for
from game.play.thinker import Thinker

ANN = ["1-1", "4-3", "6-1", "2-0", "5-5", "3-0"]
BOB = ["2-2", "6-6", "5-0", "6-2", "4-4", "5-1"]


def scripted_leyden(app: Any) -> TableScene:
    rules = Rules.from_base("leyden", 2)
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Bob")], seed=1)
    hands = [[parse_tile(t) for t in ANN], [parse_tile(t) for t in BOB]]
    dealt = {t for hand in hands for t in hand}
    match.next_round(hands, [t for t in rules.all_tiles if t not in dealt])
    scene = TableScene(match, thinker=Thinker("thread"), animation_speed="fast")
    app.push(scene)
    return scene


def ready(app: Any, ui: Any, scene: TableScene) -> None:
    for _ in range(200):
        if isinstance(app.top, HandoffScene):
            ui.click(app, (10, 10))
        elif scene.can_act():
            return
        else:
            app.step([], 0.05)
    raise AssertionError("no turn came")


def drag_to(app: Any, ui: Any, scene: TableScene, tile: str, arm: str | None, turns: int = 0) -> None:
    ready(app, ui, scene)
    t = parse_tile(tile)
    target = next(x for x in targets_for(t, scene.model.legal) if x.arm == arm)
    slot = slot_of(target.variant(turns), scene.board.layout)
    rect = scene.board.hand_rect(t)
    assert slot is not None and rect is not None
    ui.drag(app, rect.center, slot.rect.center, turns=turns)
    assert scene.model.state.placements[-1].tile == t


def gap(a: Rect, b: Rect) -> int:
    """The distance between two rectangles that do not overlap (0 if they touch)."""
    dx = max(b.left - a.right, a.left - b.right, 0)
    dy = max(b.top - a.bottom, a.top - b.bottom, 0)
    return max(dx, dy)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
def test_the_leyden_spinner_lies_in_line_and_its_sides_open_from_its_long_sides(make_app: Any, ui: Any, size: tuple[int, int]) -> None:
    app = make_app(size)
    scene = scripted_leyden(app)
    drag_to(app, ui, scene, "1-1", None)  # Ann leads 1-1: the spinner
    layout = scene.board.layout
    s, g = layout.unit, max(1, layout.unit // 10)
    spinner = layout.tiles[0]
    assert not spinner.vertical and spinner.rect.size == (2 * s, s)  # halves facing W and E
    # the sides come first: the two places are on its long sides, above and below it
    ready(app, ui, scene)
    assert {e.arm for e in scene.model.state.open_ends()} == {"N", "S"}
    six = parse_tile("6-6")
    places = {t.arm: slot_of(t.variant(0), scene.board.layout) for t in targets_for(six, scene.model.legal)}
    north, south = places["N"], places["S"]
    assert north is not None and south is not None
    for slot in (north, south):  # the double's ghost lies in line with its arm
        assert slot.shape == LINE and slot.vertical and slot.rect.size == (s, 2 * s)
        assert slot.rect.centerx == spinner.rect.centerx
        assert gap(slot.rect, spinner.rect) <= g
    assert north.rect.bottom <= spinner.rect.top and south.rect.top >= spinner.rect.bottom

    drag_to(app, ui, scene, "6-6", "N")  # Bob: the double goes on the N side, in line
    spot = scene.board.layout.spot(six)
    assert spot is not None and spot.vertical and not spot.across
    assert spot.rect == north.rect  # it lands where its ghost was

    drag_to(app, ui, scene, "4-3", "S", turns=2)  # Ann: the matador turned across
    assert scene.model.state.placements[-1].across
    spinner = scene.board.layout.tiles[0]
    across = scene.board.layout.spot(parse_tile("4-3"))
    assert across is not None and across.across and not across.vertical  # across the S arm
    assert across.rect.centerx == spinner.rect.centerx and across.rect.top >= spinner.rect.bottom

    drag_to(app, ui, scene, "6-2", "W")  # Bob: the W arm starts from the spinner's short end
    spinner = scene.board.layout.tiles[0]
    west = scene.board.layout.spot(parse_tile("6-2"))
    assert west is not None and not west.vertical and not west.across
    assert west.rect.centery == spinner.rect.centery and west.rect.right <= spinner.rect.left
    assert gap(west.rect, spinner.rect) <= max(1, scene.board.layout.unit // 10)


CROSSWISE = [
    ("leyden", {}),
    ("leyden-senst", {}),
    ("matador", {"crosswise": True}),  # a custom line game with crosswise matadors
    ("matador", {"crosswise": True, "layout": "first-double-spinner"}),
]
USUAL = [
    ("matador", {}),
    ("all-sevens", {"layout": "first-double-spinner"}),
    ("leyden", {"crosswise": False}),  # a cross without crosswise matadors: the usual look
    ("wild-doubles", {}),
]


def playouts(base: str, overrides: dict[str, Any], size: tuple[int, int], games: int = 6) -> Any:
    rules = Rules.from_base(base, 2, overrides)
    area = compute_regions(size, 2, 0).layout_area
    for seed in range(games):
        match = Match(rules, [PlayerInfo("A"), PlayerInfo("B")], seed)
        state = match.next_round()
        rng = random.Random(seed)
        unit = None
        while not state.over:
            match.push(rng.choice(state.legal_moves()))
            layout = compute_layout(state, area, unit)
            unit = layout.unit
            if state.placements:
                yield state, layout


def check_arms(state: Any, layout: Any) -> None:
    """Every tile on an arm lies past the one before it, the way its arm runs."""
    spots = {(t.arm, t.index): t for t in layout.tiles}
    for spot in layout.tiles:
        if spot.arm is None or spot.turn:
            continue
        before = spots.get((spot.arm, spot.index - 1))
        if before is None or before.turn:
            continue
        dx, dy = spot.rect.centerx - before.rect.centerx, spot.rect.centery - before.rect.centery
        assert dx * spot.heading[0] + dy * spot.heading[1] > 0, spot


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("base, overrides", CROSSWISE)
def test_with_crosswise_matadors_only_a_matador_laid_across_lies_across(base: str, overrides: dict[str, Any], size: tuple[int, int]) -> None:
    seen = {"double": 0, "across": 0}
    for state, layout in playouts(base, overrides, size):
        assert layout.fits and not layout.doubles_across
        placed = {p.tile: p for p in state.placements}
        lead = layout.tiles[0]
        assert not lead.vertical  # the lead, a spinner or not, lies in line (halves W and E)
        for spot in layout.tiles:
            p = placed[spot.tile]
            assert spot.across == p.across and not (spot.turn and p.across), (spot, p)  # never on a corner
            if p.double and spot.arm is not None and not spot.turn:
                seen["double"] += 1
            seen["across"] += p.across
        check_arms(state, layout)
        if state.spinner is not None and state.spinner.arm is None:  # N and S start on its long sides
            for spot in layout.tiles:
                if spot.arm in ("N", "S") and spot.index == 0 and not spot.turn:
                    assert lead.rect.left < spot.rect.centerx < lead.rect.right
        for action in state.legal_moves():  # every ghost as the tile would lie
            if action.kind == "lay" and action.arm is not None:
                slot = slot_of(action, layout)
                assert slot is not None
                if not slot.turn:
                    assert (slot.vertical == (slot.heading[1] == 0)) == action.across, (action, slot)
    assert seen["double"] and seen["across"]


@pytest.mark.parametrize("base, overrides", USUAL)
def test_other_games_lay_doubles_endwise_and_only_the_spinner_across(base: str, overrides: dict[str, Any]) -> None:
    """Source 001: "Doubles are placed endwise": a double lies in line with its arm
    in every rule set; without crosswise matadors only the spinner lies across."""
    seen = {"in line": 0, "spinner": 0}
    for state, layout in playouts(base, overrides, (1280, 800)):
        assert layout.fits and layout.doubles_across
        placed = {p.tile: p for p in state.placements}
        spinner = state.spinner

        def spins(p: Any) -> bool:
            return spinner is not None and p.double and spinner.arm == p.arm and (p.arm is None or spinner.index == p.index)

        lead = layout.tiles[0]
        assert lead.vertical == spins(placed[lead.tile])
        for spot in layout.tiles:
            p = placed[spot.tile]
            if not spot.turn:  # a corner tile lies across the old heading, whatever it is
                assert spot.across == (spot.arm is not None and (spins(p) or p.across)), (spot, p)
                seen["in line"] += p.double and not spins(p) and spot.arm is not None
            seen["spinner"] += spins(p)
        check_arms(state, layout)
        for action in state.legal_moves():
            if action.kind == "lay" and action.arm is not None and action.tile is not None:
                slot = slot_of(action, layout)
                assert slot is not None
                if not slot.turn:
                    becomes = is_double(action.tile) and action.arm in layout.spins
                    assert (slot.vertical == (slot.heading[1] == 0)) == becomes, (action, slot)
    assert seen["in line"]
    if base != "matador" and base != "wild-doubles":
        assert seen["spinner"]


def test_the_leyden_cross_fills_the_felt_at_1280x800() -> None:
    """Once the cross opens, its tiles are about as large as a hand's (the felt is
    1280 px wide and about 520 px high), with every ghost and slot on the felt."""
    size = (1280, 800)
    area = compute_regions(size, 2, 0).layout_area
    units = []
    for base in ("leyden", "leyden-senst"):
        rules = Rules.from_base(base, 2)
        for seed in range(8):
            match = Match(rules, [PlayerInfo("A"), PlayerInfo("B")], seed)
            state = match.next_round()
            rng = random.Random(seed)
            while not state.over and len(state.placements) < 5:
                match.push(rng.choice([a for a in state.legal_moves() if a.kind == "lay"] or state.legal_moves()))
            layout = compute_layout(state, area)
            assert all(area.contains(s.rect) for s in layout.slots.values())
            units.append(layout.unit)
    assert min(units) >= 44, units  # tiles at least 88 x 44 px (they were 64 x 32)


def straight_on(prev: Any, heading: tuple[int, int], unit: int) -> Rect:
    """Where the arm after ``prev`` would have gone on straight: one tile in line
    and the room to turn or to lay a matador across after it."""
    g = max(1, unit // 10)
    reach = g + 2 * unit + g + unit
    r = prev.rect
    if heading == (1, 0):
        return Rect(r.right, r.centery - unit // 2, reach, unit)
    if heading == (-1, 0):
        return Rect(r.left - reach, r.centery - unit // 2, reach, unit)
    if heading == (0, 1):
        return Rect(r.centerx - unit // 2, r.bottom, unit, reach)
    return Rect(r.centerx - unit // 2, r.top - reach, unit, reach)


@pytest.mark.parametrize("size", [(800, 600), (1280, 800)])
@pytest.mark.parametrize("base", ["leyden", "leyden-senst"])
def test_leyden_arms_run_straight_while_they_fit(base: str, size: tuple[int, int]) -> None:
    """An arm turns a corner only where going on straight (a tile, and the room
    after it to turn or to lay a matador across) would leave the felt or meet a
    tile laid before: no pinwheel while free felt remains ahead."""
    corners = 0
    for state, layout in playouts(base, {}, size, games=10):
        tiles = layout.tiles  # as drawn: centring the layout never opens free felt ahead of a corner
        spots = {(t.arm, t.index): t for t in tiles}
        for k, spot in enumerate(tiles):
            if not spot.turn or spot.arm is None:
                continue
            prev = spots.get((spot.arm, spot.index - 1))
            if prev is None or prev.across or prev.turn:
                continue
            corners += 1
            ahead = straight_on(prev, spot.heading, layout.unit)
            earlier = [t.rect for t in tiles[:k] if t is not prev]
            assert not layout.area.contains(ahead) or ahead.collidelist(earlier) >= 0, (base, size, spot, ahead)
    assert corners
