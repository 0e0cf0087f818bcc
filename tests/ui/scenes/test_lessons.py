"""Learn to play: every step of every lesson driven by synthetic events through
the real scenes, a wrong move explained and not played, and the lessons' data
checked by the engine."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.learning.lessons import LESSONS_PATH, LessonError, all_done, done_path, lessons_done, load_lessons, mark_done
from game.profile.settings import Settings, load_settings
from game.ui.scenes.lessons_screen import LessonsScene
from game.ui.scenes.title import OFFER, TitleScene
from game.ui.table import LessonMode, TableScene, lesson_table, slot_of, targets_for
from game.play.thinker import Thinker
from game.i18n import _


def titled_app(make_app: Any, size: tuple[int, int] = (1280, 800), first_launch: bool = False) -> Any:
    app = make_app(size)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"), first_launch=first_launch)
    app.routes.open_title()
    app.step([], 0.016)
    return app


def wait_for_step(app: Any, lesson: TableScene, index: int, limit: int = 400) -> None:
    for _ in range(limit):
        if lesson.mode.source.step_index >= index and not lesson.motion.blocking:
            return
        app.step([], 0.05)
    raise AssertionError(f"the lesson never reached step {index} (at {lesson.mode.source.step_index})")


def do_expected(app: Any, ui: Any, lesson: TableScene) -> None:
    """The learner's move of this step, as a person makes it: drag (turning it), or click the boneyard."""
    expected = lesson.mode.source.expected()
    assert expected is not None
    if expected.kind == "draw":
        ui.click(app, lesson.board.regions.boneyard.center)
        return
    assert expected.kind == "lay" and expected.tile is not None
    target = next(t for t in targets_for(expected.tile, lesson.model.legal) if expected in t.actions)
    slot = slot_of(expected, lesson.board.layout)
    rect = lesson.board.hand_rect(expected.tile)
    assert slot is not None and rect is not None
    # the tile pointed out keeps the turn its place shows when picked up: no turning needed
    held = lesson.controls.input.variant if lesson.controls.input.selected == expected.tile else 0
    turns = (target.actions.index(expected) - held) % len(target.actions)
    if lesson.controls.input.selected == expected.tile:
        assert turns == 0, "the lit place shows the move the step wants"
    ui.drag(app, rect.center, slot.rect.center, turns=turns)


def wrong_move(app: Any, ui: Any, lesson: TableScene) -> bool:
    """Something else a learner might do: another legal move, or the expected tile
    dropped where it cannot go. True if one was tried."""
    expected = lesson.mode.source.expected()
    assert expected is not None
    others = [a for a in lesson.model.legal if a != expected]
    lays = [a for a in others if a.kind == "lay" and a.tile is not None]
    if lays:
        other = lays[0]
        assert other.tile is not None
        target = next(t for t in targets_for(other.tile, lesson.model.legal) if other in t.actions)
        slot = slot_of(other, lesson.board.layout)
        rect = lesson.board.hand_rect(other.tile)
        assert slot is not None and rect is not None
        ui.drag(app, rect.center, slot.rect.center, turns=target.actions.index(other))
        return True
    if expected.kind == "lay" and expected.tile is not None:  # the tile dropped in an empty corner of the felt
        rect = lesson.board.hand_rect(expected.tile)
        assert rect is not None
        corner = (lesson.board.regions.layout_area.left + 6, lesson.board.regions.layout_area.top + 6)
        ui.drag(app, rect.center, corner)
        return True
    return False


@pytest.mark.parametrize("index", [0, 1])
def test_every_step_of_the_lesson_by_events(make_app: Any, ui: Any, index: int) -> None:
    app = titled_app(make_app)
    title = app.top
    assert isinstance(title, TitleScene)
    ui.click(app, title.buttons["learn"].rect.center)
    chooser = app.top
    assert isinstance(chooser, LessonsScene)
    ui.click(app, chooser.buttons[f"lesson:{index}"].rect.center)
    lesson = app.top
    assert isinstance(lesson.mode, LessonMode) and lesson.mode.source.number == index + 1
    steps = lesson.mode.source.lesson.steps
    wrongs_tried = 0
    messages: set[str] = set()
    for i, step in enumerate(steps):
        wait_for_step(app, lesson, i)
        assert lesson.mode.source.step_index == i
        if step.action is None:  # a reading step: Next (or Finish) goes on
            button = lesson.mode.look.buttons["next"]
            app.step([], 0.016)
            assert button.visible
            ui.click(app, button.rect.center)
            continue
        if step.seat != lesson.mode.source.lesson.learner:  # the computer's move: its card waits for Next
            played = len(lesson.model.state.history)
            ui.settle(app, 60, 0.05)  # three seconds: long enough to read, and nothing moves
            assert len(lesson.model.state.history) == played and lesson.mode.source.step_index == i
            status = lesson.mode.look.seat_status(lesson, step.seat, _("thinking…"))
            assert status == _("to move"), status  # it waits for the player's Next: not "thinking…"
            button = lesson.mode.look.buttons["next"]
            assert button.visible and lesson.mode.source.waits_for_next()
            if i % 2:
                ui.click(app, button.rect.center)
            else:
                app.step([ui.key(pygame.K_RETURN)], 0.016)
            app.step([], 0.016)
            assert lesson.model.state.history[-1][1] == step.action  # played only now: its tile glides
            continue
        assert lesson.can_act()
        expected = lesson.mode.source.expected()
        assert expected is not None
        if lesson.mode.source.chooses():  # the card weighs two moves: the learner picks, nothing is lifted
            assert step.rather is not None and lesson.controls.input.selected is None
        elif expected.kind == "lay":  # the tile is lifted and its place glows
            assert lesson.controls.input.selected == expected.tile
            chosen = lesson.controls.input.chosen_target(lesson.controls.input_context())
            assert chosen is not None and expected in chosen.actions
        history = len(lesson.model.state.history)
        if wrong_move(app, ui, lesson):
            wrongs_tried += 1
            assert len(lesson.model.state.history) == history and lesson.mode.source.step_index == i  # not played
            message = lesson.motion.message
            assert message is not None and message.warning and message.text
            messages.add(message.text)
            ui.settle(app, 8, 0.05)
        do_expected(app, ui, lesson)
        assert lesson.mode.source.step_index == i + 1, f"step {i}: {step.say[:40]}"
        assert lesson.model.state.history[-1][1] == expected
    assert wrongs_tried >= 3
    assert len(messages) >= 2, messages  # each mistake gets its own reason, not one text for all
    assert app.top is chooser  # Finish comes back to the lessons
    assert lessons_done() == {lesson.mode.source.lesson.id}  # kept in the user data...
    assert chooser.buttons[f"lesson:{index}"].text.endswith(_("done"))  # ...and marked in the list
    assert not chooser.buttons[f"lesson:{1 - index}"].text.endswith(_("done"))


def test_a_lesson_can_be_left_at_any_time(make_app: Any, ui: Any) -> None:
    app = titled_app(make_app, (800, 600))
    app.routes.open_lessons()
    app.step([], 0.016)
    app.routes.start_lesson(1)
    lesson = app.top
    assert isinstance(lesson.mode, LessonMode)
    ui.click(app, lesson.mode.look.buttons["next"].rect.center)
    ui.settle(app, 4)
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    assert isinstance(app.top, LessonsScene)
    app.routes.start_lesson(0)
    lesson = app.top
    assert isinstance(lesson.mode, LessonMode)
    ui.click(app, lesson.mode.look.buttons["leave"].rect.center)
    assert isinstance(app.top, LessonsScene)


def test_the_first_launch_offers_the_lessons_once(make_app: Any, ui: Any) -> None:
    app = titled_app(make_app, first_launch=True)
    title = app.top
    assert isinstance(title, TitleScene) and title.offer_lessons
    assert title.focus.name == "learn"
    assert load_settings()[0].lessons_offered  # remembered at once
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    assert isinstance(app.top, LessonsScene)
    again = titled_app(make_app, first_launch=True)
    again.services["settings"] = load_settings()[0]
    again.routes.open_title()
    assert not again.top.offer_lessons and again.top.focus.name != "learn"
    assert OFFER


def test_the_title_stops_offering_the_lessons_once_both_are_done(make_app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from game.ui.scenes.title import SUBTITLE
    from game.ui.drawing.script_font import ScriptFont

    drawn: list[str] = []
    render = ScriptFont.render

    def recording(self: ScriptFont, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        drawn.append(str(text))
        return render(self, text, *args, **kwargs)

    monkeypatch.setattr(ScriptFont, "render", recording)
    app = titled_app(make_app, first_launch=True)
    title = app.top
    assert title.offer_lessons and _(OFFER) in drawn
    first, second = load_lessons()
    for lesson, offered in ((first, True), (second, False)):
        app.routes.open_lessons()
        app.step([], 0.016)
        mark_done(lesson.id)
        drawn.clear()
        app.pop()
        app.step([], 0.016)
        assert title.offer_lessons == offered  # one lesson left: still offered
    assert all_done()
    assert _(SUBTITLE) in drawn and _(OFFER) not in drawn  # the usual title again
    assert "#title_primary" in title.buttons["new"].object_ids[-1] and "#title_button" in title.buttons["learn"].object_ids[-1]


def test_a_damaged_list_of_finished_lessons_is_moved_aside(make_app: Any) -> None:
    make_app()
    path = done_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    assert lessons_done() == frozenset()
    assert not path.exists() and list(path.parent.glob("lessons-done.json.broken-*"))
    mark_done("basics")
    assert lessons_done() == {"basics"}
    path.write_text(json.dumps({"format": "matador-lessons-done/1", "done": [3]}), encoding="utf-8")
    assert lessons_done() == frozenset()


def test_every_lesson_is_checked_by_the_engine(tmp_path: Path) -> None:
    lessons = load_lessons()
    assert [lesson.id for lesson in lessons] == ["basics", "leyden"]
    assert all(any(s.seat == lesson.learner for s in lesson.steps) for lesson in lessons)
    data = json.loads(LESSONS_PATH.read_text())
    step = next(s for s in data["lessons"][0]["steps"] if s.get("do", {}).get("player") == 0)
    step["do"]["on"] = "W" if step["do"].get("on") == "E" else "E"
    step["do"]["lay"] = "3-0"  # a tile that fits nowhere then
    broken = tmp_path / "lessons.json"
    broken.write_text(json.dumps(data))
    with pytest.raises(LessonError, match="lesson 0, step"):
        load_lessons(broken)
    broken.write_text("{nope")
    with pytest.raises(LessonError):
        load_lessons(broken)
