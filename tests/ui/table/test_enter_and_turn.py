"""Enter (or a controller's A) with no tile chosen does what the table shows:
the one tile that fits is laid (or chosen, its places lit), a hint's draw is
drawn; turning a matador (R, the right button, X) says in words how it will lie
(in line, turned, across)."""

from __future__ import annotations

import random
from typing import Any, Callable

import pygame

from game.engine import Action, Match, PlayerInfo, Rules
from game.engine.tiles import tile_name
from game.ui.shell.gamepad import PadPress
from game.ui.table import targets_for

SEATS = [PlayerInfo("Ann"), PlayerInfo("Bot", "computer", "easy")]


def _position(base: str, wanted: Callable[[Match], bool]) -> Match:
    """A match of ``base`` at Ann's turn where ``wanted`` holds (seeded random play)."""
    for seed in range(400):
        match = Match(Rules.from_base(base, 2), SEATS, seed)
        match.next_round()
        rng = random.Random(seed)
        while not match.round.over:
            if match.round.current_player == 0 and wanted(match):
                return match
            match.push(rng.choice(match.round.legal_moves()))
    raise AssertionError("no such position")


def _table(app: Any, match: Match) -> Any:
    from game.ui.table import TableScene
    from game.play.thinker import Thinker

    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="slow")
    app.push(table)
    for _ in range(3):
        app.step([], 0.05)
    return table


def _fitting(match: Match) -> set[int]:
    return {a.tile for a in match.round.legal_moves() if a.kind == "lay" and a.tile is not None}


def test_enter_lays_the_one_tile_that_fits(make_app: Any, ui: Any) -> None:
    def one_way(match: Match) -> bool:
        fits = _fitting(match)
        if len(fits) != 1 or len(match.round.history) < 2:
            return False
        targets = targets_for(next(iter(fits)), match.round.legal_moves())
        return len(targets) == 1 and len(targets[0].actions) == 1

    match = _position("matador", one_way)
    app = make_app((1280, 800))
    table = _table(app, match)
    (tile,) = _fitting(match)
    before = len(match.round.history)
    assert table.controls.input.selected is None
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert len(match.round.history) == before + 1
    seat, action = match.round.history[before]
    assert seat == 0 and action.kind == "lay" and action.tile == tile


def test_enter_chooses_the_one_tile_that_fits_more_ways_than_one(make_app: Any, ui: Any) -> None:
    def many_ways(match: Match) -> bool:
        fits = _fitting(match)
        if len(fits) != 1 or len(match.round.history) < 2:
            return False
        targets = targets_for(next(iter(fits)), match.round.legal_moves())
        return len(targets) > 1 or len(targets[0].actions) > 1

    match = _position("matador", many_ways)
    app = make_app((1280, 800))
    table = _table(app, match)
    (tile,) = _fitting(match)
    before = len(match.round.history)
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert len(match.round.history) == before  # chosen, not laid: which way is the player's
    assert table.controls.input.selected == tile
    message = table.motion.message
    assert message is not None and tile_name(tile) in message.text and "Choose a tile first" not in message.text
    table.handle_pad(PadPress(1, "a"))  # then A (or Enter) lays it where the light is
    app.step([], 0.016)
    assert len(match.round.history) == before + 1 and match.round.history[before][1].tile == tile


def test_enter_follows_a_hint_to_draw(make_app: Any, ui: Any) -> None:
    match = _position("matador", lambda m: Action.draw() in m.round.legal_moves() and len(m.round.history) >= 2)
    app = make_app((1280, 800))
    table = _table(app, match)
    before = len(match.round.history)
    app.step([ui.key(pygame.K_RETURN)], 0.016)  # no hint: Enter only says what to do
    assert len(match.round.history) == before
    assert table.motion.message is not None and "draw" in table.motion.message.text
    aids = table.aids
    aids.hinted = ((aids.round_index(), before), Action.draw(), "nothing fits")  # the coach's answer, as it comes in
    aids.show_hint()
    assert table.motion.message is not None and table.motion.message.text.startswith("Hint: draw")
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert len(match.round.history) == before + 1 and match.round.history[before] == (0, Action.draw())


def test_turning_a_matador_says_how_it_will_lie(make_app: Any, ui: Any) -> None:
    def across(match: Match) -> bool:
        return any(a.across for a in match.round.legal_moves() if a.kind == "lay") and len(match.round.history) >= 2

    match = _position("leyden", across)
    tile = next(a.tile for a in match.round.legal_moves() if a.across)
    assert tile is not None
    app = make_app((1280, 800))
    table = _table(app, match)
    for _ in range(8):  # Right steps along the tiles that fit, to the matador
        if table.controls.input.selected == tile:
            break
        app.step([ui.key(pygame.K_RIGHT)], 0.016)
    assert table.controls.input.selected == tile
    target = next(t for t in targets_for(tile, match.round.legal_moves()) if any(a.across for a in t.actions))
    index = targets_for(tile, match.round.legal_moves()).index(target)
    while table.controls.input.chosen_target(table.controls.input_context()) != target:
        app.step([ui.key(pygame.K_DOWN)], 0.016)
    assert index >= 0
    said = set()
    for _ in range(len(target.actions)):  # R: each way in turn, named
        app.step([ui.key(pygame.K_r)], 0.016)
        message = table.motion.message
        assert message is not None and tile_name(tile) in message.text
        said.add(message.text)
    assert len(said) == len(target.actions)
    assert any("across: the next player on this arm picks a half" in text for text in said)
    assert any(" in line: its " in text for text in said)
    pointer = table.board.regions.felt.center  # the right button turns it too
    app.step([ui.mouse_down(pointer, 3)], 0.016)
    assert table.motion.message is not None and tile_name(tile) in table.motion.message.text
