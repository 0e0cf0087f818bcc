"""The side panels scroll with the keys and a controller, not the wheel alone
(issue 33): what the table knows takes Shift+Page Up/Down and Shift+Home/End
(without Shift while the moves panel is closed) and the right stick; the moves
keep Page Up/Down, Home/End and the shoulders. In a review, where the
shoulders change the round, the right stick scrolls the moves. Everything goes
through the real scenes, with synthetic key events and SDL controller events."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.drawing import access
from tests.ui.table.test_controller_play import ANN, pad_app, plug, press, stick

E = pygame.event.Event
RIGHT_Y = pygame.CONTROLLER_AXIS_RIGHTY


def _key(k: int, mod: int = 0) -> pygame.event.Event:
    return E(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def _push(app: Any, share: float) -> None:
    """The right stick pushed (``share`` of its travel: negative up) and let go: one step."""
    stick(app, ANN, RIGHT_Y, share)
    stick(app, ANN, RIGHT_Y, 0.0)


def _knowing_table(make_app: Any, moves: bool) -> tuple[Any, Any, Any]:
    from tests.ui.scenes.test_languages import _live_match, _table

    access.CURRENT.text_scale = 150
    app = pad_app(make_app, (1280, 800))
    plug(app, ANN)
    table = _table(app, _live_match(3), show_knowledge=True)
    if moves:
        table.panel("moves").toggle(table)
    app.step([], 0.016)
    app.draw(app.surface)
    knowledge = table.panel("knowledge")
    assert knowledge.tall > table.board.regions.panels["knowledge"].height or not moves  # more than shows: it scrolls
    return app, table, knowledge


def test_what_the_table_knows_scrolls_with_shift_page_keys_beside_the_moves(make_app: Any) -> None:
    app, table, knowledge = _knowing_table(make_app, moves=True)
    moves = table.panel("moves")
    place = table.board.regions.panels["knowledge"]
    app.step([_key(pygame.K_PAGEUP)], 0.016)  # Page Up alone: the moves' (older lines)
    assert moves.scroll > 0 and knowledge.offset == 0
    app.step([_key(pygame.K_PAGEDOWN)], 0.016)
    assert moves.scroll == 0
    app.step([_key(pygame.K_PAGEDOWN, pygame.KMOD_LSHIFT)], 0.016)  # Shift: what the table knows
    assert knowledge.offset > 0 and moves.scroll == 0
    app.draw(app.surface)
    app.step([_key(pygame.K_END, pygame.KMOD_LSHIFT)], 0.016)
    assert knowledge.offset == knowledge.tall - place.height  # its last line shows
    assert moves.scroll == 0
    app.step([_key(pygame.K_PAGEUP, pygame.KMOD_RSHIFT)], 0.016)
    assert knowledge.offset < knowledge.tall - place.height and moves.scroll == 0
    app.step([_key(pygame.K_HOME, pygame.KMOD_LSHIFT)], 0.016)
    assert knowledge.offset == 0 and moves.scroll == 0


def test_what_the_table_knows_alone_takes_the_page_keys(make_app: Any) -> None:
    """Alone it fills the column (its words rarely outgrow it): Page Up/Down and
    Home/End are its keys then, and scroll it as far as it goes."""
    from tests.ui.scenes.test_languages import _live_match, _table

    app = make_app((1280, 800))
    bare = _table(app, _live_match(3))
    assert not bare.handle_event(_key(pygame.K_PAGEDOWN))  # no panel open: nobody's key
    app, table, knowledge = _knowing_table(make_app, moves=False)
    place = table.board.regions.panels["knowledge"]
    assert "moves" not in table.board.regions.panels
    knowledge.tall = place.height + 500  # as if its words were longer than the column
    assert table.handle_event(_key(pygame.K_PAGEDOWN))
    assert knowledge.offset > 0
    assert table.handle_event(_key(pygame.K_END))
    assert knowledge.offset == knowledge.tall - place.height
    assert table.handle_event(_key(pygame.K_HOME))
    assert knowledge.offset == 0
    assert "moves" not in table.board.regions.panels and table.panel("moves").scroll == 0  # the keys opened nothing


def test_the_right_stick_scrolls_what_the_table_knows_and_the_shoulders_the_moves(make_app: Any) -> None:
    app, table, knowledge = _knowing_table(make_app, moves=True)
    moves = table.panel("moves")
    place = table.board.regions.panels["knowledge"]
    before = pygame.image.tobytes(knowledge.picture(knowledge.content(table, place)), "RGBA")
    _push(app, 0.9)  # down
    assert knowledge.offset > 0 and moves.scroll == 0
    app.draw(app.surface)
    assert pygame.image.tobytes(knowledge.picture(knowledge.content(table, place)), "RGBA") != before
    for _ in range(30):
        _push(app, 1.0)
    assert knowledge.offset == knowledge.tall - place.height
    _push(app, -0.9)  # up
    assert knowledge.offset < knowledge.tall - place.height
    press(app, ANN, "lb")  # the shoulders stay the moves'
    assert moves.scroll > 0
    scrolled = knowledge.offset
    press(app, ANN, "rb")
    assert moves.scroll == 0 and knowledge.offset == scrolled


def test_the_right_stick_scrolls_the_moves_when_what_the_table_knows_is_closed(make_app: Any) -> None:
    from tests.ui.scenes.test_languages import _live_match, _table

    app = pad_app(make_app, (1280, 800))
    plug(app, ANN)
    table = _table(app, _live_match(3))
    moves = table.panel("moves")
    _push(app, -0.9)  # the moves closed: the stick does nothing
    assert moves.scroll == 0 and moves not in table.open_panels()
    moves.toggle(table)
    app.step([], 0.016)
    _push(app, -0.9)  # up: an older line
    assert moves.scroll == 1
    _push(app, 0.9)
    assert moves.scroll == 0


def test_in_a_review_the_right_stick_scrolls_the_moves(make_app: Any) -> None:
    from tests.ui.scenes.test_languages import _review

    access.CURRENT.text_scale = 150
    app = pad_app(make_app, (1280, 800))
    plug(app, ANN)
    review = _review(app)
    source = review.mode.source
    press(app, ANN, "right")  # the D-pad still steps the replay
    source.move_to(source.length)
    app.step([], 0.016)
    moves = review.panel("moves")
    assert len(moves.lines(review)) > 4
    round_before, cursor = source.round, source.cursor
    for _ in range(3):
        _push(app, -0.9)  # up: older moves
    assert moves.scroll == 3
    assert source.round == round_before and source.cursor == cursor  # the round and the replay stay
    _push(app, 0.9)
    assert moves.scroll == 2
    card = review.mode.look.card.offset
    press(app, ANN, "down")  # the D-pad's down is still the coach's card's
    assert review.mode.look.card.offset >= card and moves.scroll == 2
