"""The lessons of the first hour (issue 22): a wrong tile gets the table's own
reason for that tile; the card's words match the step (the draw step, the
last card, the card before the lead). Through the real lesson scene."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine.tiles import parse_tile
from game.profile.settings import Settings
from game.ui.table import LessonMode, TableScene, lesson_table, slot_of
from game.play.thinker import Thinker


def open_lesson(make_app: Any, index: int = 0, size: tuple[int, int] = (1280, 800)) -> tuple[Any, TableScene]:
    app = make_app(size)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    app.routes.open_title()
    app.routes.open_lessons()
    app.routes.start_lesson(index)
    lesson = app.top
    assert isinstance(lesson.mode, LessonMode)
    app.step([], 0.016)
    return app, lesson


def go_to(app: Any, lesson: TableScene, index: int) -> None:
    """Walk the lesson to step ``index``: Next on cards, the learner's moves played."""
    for _ in range(600):
        if lesson.mode.source.step_index >= index and not lesson.motion.blocking:
            return
        if lesson.motion.blocking:
            app.step([], 0.05)
            continue
        if lesson.mode.source.waits_for_next():
            app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)], 0.016)
        elif lesson.mode.source.expected() is not None:
            expected = lesson.mode.source.expected()
            assert expected is not None
            lesson.play(expected, None)
        app.step([], 0.05)
    raise AssertionError(f"never reached step {index}")


def test_a_wrong_tile_gets_the_tables_reason_for_that_tile(make_app: Any, ui: Any) -> None:
    app, lesson = open_lesson(make_app)
    go_to(app, lesson, 2)  # lay 6-1 on the 1
    expected = lesson.mode.source.expected()
    assert expected is not None
    slot = slot_of(expected, lesson.board.layout)
    assert slot is not None
    texts = []
    for name in ("3-0", "5-1"):
        tile = parse_tile(name, 6)
        rect = lesson.board.hand_rect(tile)
        assert rect is not None
        ui.drag(app, rect.center, slot.rect.center)  # dropped on the glowing place
        message = lesson.motion.message
        assert message is not None and message.warning
        assert message.text.startswith(f"{name} cannot"), message.text
        texts.append(message.text)
        ui.settle(app, 6)
    assert texts[0] != texts[1]
    rect = lesson.board.hand_rect(parse_tile("6-5", 6))
    assert rect is not None
    ui.drag(app, rect.center, slot.rect.center)  # a tile the table takes, but not this step's
    message = lesson.motion.message
    assert message is not None and message.text.startswith("Not this time") and "6-1" in message.text
    assert lesson.mode.source.step_index == 2 and len(lesson.model.state.placements) == 1


def test_the_draw_step_says_to_draw_not_that_a_tile_is_lifted(make_app: Any) -> None:
    app, lesson = open_lesson(make_app)
    go_to(app, lesson, 6)
    step = lesson.mode.source.step
    assert step is not None and step.action is not None and step.action.kind == "draw"
    prompt = lesson.mode.look.card_prompt(lesson)
    assert "boneyard" in prompt and "lifted" not in prompt
    assert lesson.mode.look.can_draw(lesson)


def test_the_last_card_says_finish_and_the_empty_table_does_not_name_the_lead(make_app: Any) -> None:
    app, lesson = open_lesson(make_app)
    assert lesson.mode.source.step_index == 0 and not lesson.model.state.placements
    assert lesson.mode.look.lead_text(lesson) == ""  # the welcome card: nothing on the table talks about the lead yet
    assert "Next" in lesson.mode.look.hand_text(lesson)
    go_to(app, lesson, len(lesson.mode.source.lesson.steps) - 1)
    assert lesson.mode.source.finished
    app.step([], 0.016)
    assert lesson.mode.look.buttons["next"].text == "Finish"
    assert "Finish" in lesson.mode.look.hand_text(lesson) and "Next" not in lesson.mode.look.hand_text(lesson)
    assert "Next" not in lesson.mode.source.step.say if lesson.mode.source.step else True


def test_the_computers_card_waits_for_a_controllers_a(make_app: Any) -> None:
    from game.ui.shell.gamepad import PadPress

    app, lesson = open_lesson(make_app)
    go_to(app, lesson, 1)  # Easy leads 1-1: its card
    assert lesson.mode.source.computers_step() and lesson.mode.source.waits_for_next()
    for _ in range(80):
        app.step([], 0.05)
    assert not lesson.model.state.placements
    rect = lesson.board.hand_rect(lesson.model.state.hand(0)[0])
    assert rect is not None
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center)], 0.016)
    message = lesson.motion.message
    assert message is not None and "press Next" in message.text  # not "it is Easy's turn"
    lesson.handle_pad(PadPress(0, "a", False))
    app.step([], 0.016)
    assert len(lesson.model.state.placements) == 1


def test_clicking_the_lifted_tile_keeps_it_so_the_next_click_on_the_place_plays_it(make_app: Any, ui: Any) -> None:
    """Issue 37: the lesson lifts the step's tile; "click, then click the place" must
    work the first time (a click on the lifted tile used to let go of it)."""
    app, lesson = open_lesson(make_app)
    go_to(app, lesson, 2)  # lay 6-1 on the 1: the 6-1 is lifted, its place glows
    expected = lesson.mode.source.expected()
    assert expected is not None and expected.tile is not None
    assert lesson.controls.input.selected == expected.tile
    rect = lesson.board.hand_rect(expected.tile)
    slot = slot_of(expected, lesson.board.layout)
    assert rect is not None and slot is not None
    ui.click(app, rect.center)  # the learner clicks the tile, as the card says
    assert lesson.controls.input.selected == expected.tile  # still lifted
    ui.click(app, slot.rect.center)  # then the place
    ui.settle(app, 10)
    assert len(lesson.model.state.placements) == 2, lesson.motion.message
    assert lesson.mode.source.step_index > 2


def test_a_second_click_on_a_tile_chosen_by_a_click_still_puts_it_down(make_app: Any, ui: Any) -> None:
    """Outside a tile pointed out, a click on the chosen tile puts it down, as before."""
    app, lesson = open_lesson(make_app)
    go_to(app, lesson, 2)
    expected = lesson.mode.source.expected()
    assert expected is not None and expected.tile is not None
    rect = lesson.board.hand_rect(expected.tile)
    assert rect is not None
    ui.click(app, rect.center)  # taken
    ui.click(app, rect.center)  # put down
    assert lesson.controls.input.selected is None
    ui.click(app, rect.center)  # chosen again
    assert lesson.controls.input.selected == expected.tile


def test_the_choice_of_a_half_lifts_nothing_and_the_worse_join_is_explained(make_app: Any, ui: Any) -> None:
    """Issue 37: Leyden's lesson lets the learner choose which half of Easy's crosswise
    6-1 to join; the worse join (6-5 on the 1) is refused with the reason, and only
    then is the better tile lifted for them."""
    app, lesson = open_lesson(make_app, 1)
    source = lesson.mode.source
    index = next(i for i, s in enumerate(source.lesson.steps) if s.rather is not None)
    go_to(app, lesson, index)
    step = source.step
    assert step is not None and step.rather is not None and source.chooses()
    assert lesson.controls.input.selected is None  # nothing chosen for the learner
    assert "choose" in lesson.mode.look.card_prompt(lesson)
    rather = lesson.model.state.normalized(step.rather)
    assert rather.tile is not None
    rect = lesson.board.hand_rect(rather.tile)
    slot = slot_of(rather, lesson.board.layout)
    assert rect is not None and slot is not None
    ui.drag(app, rect.center, slot.rect.center)  # 6-5 on the 1: legal, but the worse choice
    message = lesson.motion.message
    assert message is not None and message.warning and step.wrong in message.text, message
    assert source.step_index == index and lesson.model.state.history[-1][1] != rather  # not played
    expected = source.expected()
    assert expected is not None and lesson.controls.input.selected == expected.tile  # now pointed at
    rect = lesson.board.hand_rect(expected.tile)
    slot = slot_of(expected, lesson.board.layout)
    assert rect is not None and slot is not None
    ui.click(app, rect.center)
    ui.click(app, slot.rect.center)
    ui.settle(app, 10)
    assert source.step_index > index and lesson.model.state.history[-1][1] == expected
