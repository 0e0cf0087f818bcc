"""The review at 150% text at 1280x800: the coach's card is taller than its
place and scrolls (the wheel over it, Up/Down, a controller's D-pad) to its
verdict, its overview, its graph and its luck line; the moves panel above it
scrolls with Page Up/Down and the wheel (Ctrl+Page Up/Down change the round)."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.drawing import access
from game.ui.shell.gamepad import PadPress


def _wheel(y: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


def _point(app: Any, ui: Any, at: tuple[int, int]) -> None:
    app.step([ui.mouse_move(at, at)], 0.016)


def _big_review(make_app: Any) -> tuple[Any, Any]:
    from tests.ui.scenes.test_languages import _review

    access.CURRENT.text_scale = 150
    app = make_app((1280, 800))
    return app, _review(app)


def test_the_coachs_card_scrolls_to_its_graph_and_luck_line(make_app: Any, ui: Any) -> None:
    app, review = _big_review(make_app)
    look = review.mode.look
    card = look.card
    place = review.board.regions.panels["card"]
    app.draw(app.surface)
    assert review.mode.source.analysis().done and card.overview is not None
    assert card.tall > place.height and card.offset == 0  # more than shows: it scrolls
    assert card.overview.graph is not None  # drawn (on the whole card), below what shows at first
    assert card.overview.graph.bottom > place.height
    first = pygame.Surface.copy(card.card(place.size, card.content(review, place)))
    _point(app, ui, place.center)
    app.step([_wheel(-1)], 0.016)  # the wheel over it: down
    app.draw(app.surface)
    assert card.offset > 0
    moved = card.card(place.size, card.content(review, place))
    assert pygame.image.tobytes(moved, "RGBA") != pygame.image.tobytes(first, "RGBA")
    for _ in range(40):  # the keys: Down to its end, its luck line shown
        app.step([ui.key(pygame.K_DOWN)], 0.016)
    assert card.offset == card.tall - place.height
    assert card.overview.bottom - card.offset <= place.height
    cursor = review.mode.source.cursor
    graph = card.overview.graph.move(place.left, place.top - card.offset).clip(place)
    assert graph.height > 10  # scrolled into view, a click on it jumps
    ui.click(app, (graph.right - 3, graph.centery))
    assert review.mode.source.cursor != cursor
    for _ in range(40):  # a controller: the D-pad's up, back to the top
        review.handle_pad(PadPress(1, "up"))
    assert card.offset == 0
    review.handle_pad(PadPress(1, "down"))
    assert card.offset > 0


def test_the_reviews_moves_scroll_with_page_keys_and_the_wheel(make_app: Any, ui: Any) -> None:
    app, review = _big_review(make_app)
    source = review.mode.source
    app.step([ui.key(pygame.K_END)], 0.016)  # every move of the round in the panel
    assert source.cursor == source.length
    moves = review.panel("moves")
    assert moves is not None and moves in review.open_panels()
    place = review.board.regions.panels["moves"]
    assert len(moves.lines(review)) > 4
    round_before = source.round
    app.step([ui.key(pygame.K_PAGEUP)], 0.016)
    assert moves.scroll > 0 and source.round == round_before and source.cursor == source.length
    app.step([ui.key(pygame.K_PAGEDOWN)], 0.016)
    assert moves.scroll == 0
    _point(app, ui, place.center)
    app.step([_wheel(1)] * 2, 0.016)  # the wheel over it: older lines
    assert moves.scroll == 2
    app.draw(app.surface)
    assert moves.content(review, place).scroll == 2
    app.step([ui.key(pygame.K_HOME)], 0.016)  # Home is the replay's: to its start
    assert source.cursor == 0


def test_what_the_table_knows_scrolls_when_its_words_are_taller_than_its_place(make_app: Any, ui: Any) -> None:
    """Three players, the moves open, 150% text: the panel scrolls (the wheel over
    it) to its last line instead of cutting it."""
    from tests.ui.scenes.test_languages import _live_match, _table

    access.CURRENT.text_scale = 150
    app = make_app((1280, 800))
    table = _table(app, _live_match(3), show_knowledge=True)
    table.panel("moves").toggle(table)
    app.step([], 0.016)
    app.draw(app.surface)
    knowledge = table.panel("knowledge")
    place = table.board.regions.panels["knowledge"]
    assert knowledge.tall > place.height and knowledge.offset == 0
    top = pygame.image.tobytes(knowledge.picture(knowledge.content(table, place)), "RGBA")
    _point(app, ui, place.center)
    for _ in range(10):
        app.step([_wheel(-1)], 0.016)
    assert knowledge.offset == knowledge.tall - place.height  # its last line shows
    app.draw(app.surface)
    assert pygame.image.tobytes(knowledge.picture(knowledge.content(table, place)), "RGBA") != top
    _point(app, ui, table.board.regions.felt.center)
    app.step([_wheel(1)], 0.016)  # the wheel elsewhere leaves it
    assert knowledge.offset == knowledge.tall - place.height


def test_the_score_sheet_grows_with_the_text_size(make_app: Any, ui: Any) -> None:
    from game.engine import Match, PlayerInfo, Rules
    from game.ui.table import ScoreSheetScene

    match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann"), PlayerInfo("Bot", "computer", "easy")], 1)
    seen = {}
    for scale in (100, 150):
        access.CURRENT.text_scale = scale
        app = make_app((1280, 800))
        sheet = ScoreSheetScene(match)
        app.push(sheet)
        app.step([], 0.016)
        seen[scale] = (sheet.scale, sheet.panel_rect.height)
        app.pop()
    assert seen[150][0] == 1.5 * seen[100][0] and seen[150][1] > seen[100][1]


def test_a_lessons_card_scrolls_above_its_buttons(make_app: Any, ui: Any) -> None:
    """At 640x480 the first lesson's words are taller than the room above Leave
    lesson and Next: they scroll (the wheel, Page Down, a controller's shoulder),
    never run under the buttons, and a new step starts at its top."""
    from game.learning.lessons import load_lessons
    from game.ui.table import lesson_table
    from game.play.thinker import Thinker

    app = make_app((640, 480))
    table = lesson_table(load_lessons()[0], 1, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast")
    app.push(table)
    for _ in range(3):
        app.step([], 0.016)
    app.draw(app.surface)
    card = table.mode.look.card
    place = table.board.regions.panels[card.name]
    leave = table.mode.look.buttons["leave"].get_abs_rect()
    assert place.top + card.view <= leave.top  # the words' room ends above the buttons
    assert card.tall > card.view and card.offset == 0
    _point(app, ui, (place.centerx, place.top + 20))
    app.step([_wheel(-1)], 0.016)
    assert card.offset > 0
    app.step([ui.key(pygame.K_PAGEDOWN)] * 10, 0.016)
    assert card.offset == card.tall - card.view  # its last line in view
    table.handle_pad(PadPress(1, "lb"))
    assert card.offset < card.tall - card.view
    step = table.mode.source.step_index
    app.step([ui.key(pygame.K_RETURN)], 0.016)  # Next: the following step, from its top
    app.draw(app.surface)
    assert table.mode.source.step_index == step + 1 and card.offset == 0
