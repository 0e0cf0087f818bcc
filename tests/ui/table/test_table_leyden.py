"""Leyden from a scripted deal: a crosswise matador laid by drag, and the choice
of value at a crosswise end; then the same by keyboard."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Match, PlayerInfo, Rules, parse_tile
from game.play.thinker import Thinker
from game.ui.table import HandoffScene
from game.ui.table import TableScene
from game.ui.table import slot_of, targets_for

ANN = ["1-1", "4-3", "6-1", "2-0", "5-5", "3-0"]
BOB = ["2-2", "6-6", "5-0", "6-2", "4-4", "5-1"]


def scripted_leyden(app: Any) -> TableScene:
    rules = Rules.from_base("leyden", 2)
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Bob")], seed=1)
    hands = [[parse_tile(t) for t in ANN], [parse_tile(t) for t in BOB]]
    dealt = {t for hand in hands for t in hand}
    boneyard = [t for t in rules.all_tiles if t not in dealt]
    match.next_round(hands, boneyard)
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


def drag_to(app: Any, ui: Any, scene: TableScene, tile: str, arm: str | None, joins: int | None = None, turns: int = 0) -> None:
    ready(app, ui, scene)
    t = parse_tile(tile)
    target = next(x for x in targets_for(t, scene.model.legal) if x.arm == arm and x.joins == joins)
    slot = slot_of(target.variant(turns), scene.board.layout)
    rect = scene.board.hand_rect(t)
    assert slot is not None and rect is not None
    ui.drag(app, rect.center, slot.rect.center, turns=turns)


def test_crosswise_matador_by_drag_and_the_choice_at_its_end(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    scene = scripted_leyden(app)
    state = scene.model.state
    drag_to(app, ui, scene, "1-1", None)  # Ann must lead 1-1
    assert state.lead is not None and state.spinner is not None
    drag_to(app, ui, scene, "6-6", "N")  # Bob: the sides come first
    # Ann: 4-3 on S; right-click twice while holding it: touch 4, touch 3, across
    ready(app, ui, scene)
    t43 = parse_tile("4-3")
    target = next(x for x in targets_for(t43, scene.model.legal) if x.arm == "S")
    assert [a.across for a in target.actions] == [False, False, True]
    drag_to(app, ui, scene, "4-3", "S", turns=2)
    last = state.placements[-1]
    assert last.tile == t43 and last.across and last.arm == "S"
    assert [e.values for e in state.open_ends() if e.arm == "S"] == [(4, 3)]
    assert scene.snapshot.end_labels["S"] == "needs 3 or 4"  # what the table writes at that end
    drag_to(app, ui, scene, "6-2", "W")  # Bob
    # Ann's 6-1 (a matador) may join either value of the crosswise end: two places
    ready(app, ui, scene)
    t61 = parse_tile("6-1")
    places = {x.key: x for x in targets_for(t61, scene.model.legal) if x.arm == "S"}
    assert set(places) == {("S", 3), ("S", 4)}
    rect3 = slot_of(places[("S", 3)].variant(0), scene.board.layout)
    rect4 = slot_of(places[("S", 4)].variant(0), scene.board.layout)
    assert rect3 is not None and rect4 is not None and not rect3.rect.colliderect(rect4.rect)
    drag_to(app, ui, scene, "6-1", "S", joins=3)
    last = state.placements[-1]
    assert last.tile == t61 and last.arm == "S" and last.joins == 3 and not last.across
    # the joined tile sits against the half it joined: nothing overlaps
    rects = [spot.rect for spot in scene.board.layout.tiles]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[:i])


def test_keyboard_play(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    scene = scripted_leyden(app)
    state = scene.model.state
    ready(app, ui, scene)
    # Right picks the first tile; Enter lays it where the engine allows (the lead 1-1 here)
    for _ in range(6):
        if scene.controls.input.selected == parse_tile("1-1"):
            break
        app.step([ui.key(pygame.K_RIGHT)], 0.016)
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert state.lead is not None and state.lead.tile == parse_tile("1-1")
    ready(app, ui, scene)
    # Bob: a tile that does not fit anywhere -> Enter says why and changes nothing
    before = state.key()
    greyed = scene.board.hand_rect(parse_tile("5-0"))
    assert greyed is not None
    for _ in range(8):  # Right steps over the greyed 5-0: it is chosen with the mouse
        app.step([ui.key(pygame.K_RIGHT)], 0.016)
        assert scene.controls.input.selected != parse_tile("5-0")
    ui.click(app, greyed.center)
    assert scene.controls.input.selected == parse_tile("5-0")
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert state.key() == before
    assert scene.motion.message is not None and scene.motion.message.warning
    # D draws (Leyden lets a player draw freely, keeping two)
    count = state.boneyard_count
    app.step([ui.key(pygame.K_d)], 0.016)
    assert state.boneyard_count == count - 1
    ui.settle(app, 10)
    ready(app, ui, scene)
    # 6-6 to the side: pick it, Tab through the places, R turns nothing on a double, Enter
    while scene.controls.input.selected != parse_tile("6-6"):
        app.step([ui.key(pygame.K_RIGHT)], 0.016)
    app.step([ui.key(pygame.K_TAB)], 0.016)
    chosen = scene.controls.input.chosen_target(scene.controls.input_context())
    assert chosen is not None
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert state.placements[-1].tile == parse_tile("6-6")
    assert state.placements[-1].arm == chosen.arm
    # P passes only when the engine allows: here it refuses, with the reason
    ready(app, ui, scene)
    before = state.key()
    app.step([ui.key(pygame.K_p)], 0.016)
    assert state.key() == before
    assert scene.motion.message is not None and "cannot pass" in scene.motion.message.text


def test_refuse_to_lead_button_in_a_later_leyden_round(make_app: Any, ui: Any) -> None:
    import random

    from game.engine import Action

    app = make_app((800, 600))
    rules = Rules.from_base("leyden", 2)
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Bob")], seed=9)
    rng = random.Random(9)
    while True:  # round 1 played out by the engine alone, until a round that is not redealt
        state = match.next_round()
        while not state.over:
            match.push(rng.choice(state.legal_moves()))
        if state.outcome is not None and state.outcome.end != "redeal":
            break
    match.next_round()  # the loser of round 1 leads: a double (not 0-0), draw for one, or refuse
    scene = TableScene(match, thinker=Thinker("thread"), animation_speed="fast")
    app.push(scene)
    ready(app, ui, scene)
    app.step([], 0.016)
    assert Action.refuse() in scene.model.legal
    button = scene.toolbar.turn["refuse"]
    assert button.visible and not scene.toolbar.turn["pass"].visible
    ui.click(app, button.rect.center)
    app.step([], 0.016)
    assert scene.model.state.history[-1][1] == Action.refuse()
    # the other player refuses too: the tiles are dealt again, with a word on the table
    rounds = len(match.rounds)
    ready(app, ui, scene)
    app.step([], 0.016)
    if Action.refuse() in scene.model.legal:
        ui.click(app, scene.toolbar.turn["refuse"].rect.center)
        app.step([], 0.016)
        assert scene.model.state.outcome is not None and scene.model.state.outcome.end == "redeal"
        app.step([], 0.1)
        assert scene.motion.message is not None and "dealt again" in scene.motion.message.text
        ui.settle(app, 30, 0.1)
        assert len(match.rounds) == rounds + 1 and not match.rounds[-1].over
