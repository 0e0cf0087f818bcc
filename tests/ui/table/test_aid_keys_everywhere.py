"""Every play-aid key, the mouse wheel over the moves panel and every controller
button, on every screen that shows a position: the table, the review (at every
step of a round, wherever a tile was laid or a seat passed) and a lesson.
Nothing may raise, whatever the position."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.ai.coach import Budget
from game.engine import Match, PlayerInfo, Rules
from game.learning.lessons import load_lessons
from game.ui.shell.gamepad import BUTTONS, PadPress
from game.ui.table import LessonMode, ReviewMode, TableScene, lesson_table, review_table, round_log
from game.play.thinker import Thinker

QUICK = Budget(deals=60, forced_deals=30, screen=20, keep=2, step=20)
YOU = PlayerInfo("You", "human", None)
CPU = PlayerInfo("Cpu", "computer", "random")


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


AID_KEYS = [
    key(pygame.K_h),
    key(pygame.K_l),
    key(pygame.K_l),
    key(pygame.K_PAGEUP),
    key(pygame.K_PAGEDOWN),
    key(pygame.K_HOME),
    key(pygame.K_END),
    key(pygame.K_z, pygame.KMOD_CTRL),
    key(pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT),
    key(pygame.K_y, pygame.KMOD_CTRL),
]
PAD_BUTTONS = sorted(set(BUTTONS.values()) - {"start", "b", "guide"}) + ["lt", "rt"]


def played(seed: int, base: str = "matador") -> Match:
    """A whole round played at random (lays, draws and passes)."""
    match = Match(Rules.from_base(base, 2, {"target_score": None}), [YOU, CPU], seed)
    rng = random.Random(seed)
    state = match.next_round()
    while not state.over:
        match.push(rng.choice(state.legal_moves()))
    return match


def wheel_over_panel(app: Any, scene: TableScene) -> None:
    panel = scene.board.regions.panel
    assert panel is not None, "the moves panel is open"
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=panel.center, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
    for y in (1, -1, 3, -3):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))], 0.016)


def every_aid(app: Any, scene: TableScene) -> None:
    """Each aid key, the wheel over the panel and each controller button; the scene stays."""
    for event in AID_KEYS:
        app.step([event], 0.016)
        while app.top is not scene:  # the score sheet opened over it: close it
            app.step([key(pygame.K_ESCAPE)], 0.016)
    if not scene.panel("moves").shown:
        scene.panel("moves").toggle(scene)
    wheel_over_panel(app, scene)
    for button in PAD_BUTTONS:
        scene.handle_pad(PadPress(1, button))
        app.step([], 0.016)
        while app.top is not scene:
            app.step([key(pygame.K_ESCAPE)], 0.016)
    app.step([], 0.016)


def test_the_table_takes_every_aid_at_every_turn(make_app: Any) -> None:
    app = make_app((1280, 800))
    match = Match(Rules.from_base("matador", 2), [YOU, CPU], 3)
    scene = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast")
    app.push(scene)
    rng = random.Random(3)
    for _ in range(12):
        every_aid(app, scene)
        state = scene.model.state
        if state.over:
            break
        if scene.can_act():
            scene.controls.request(rng.choice(scene.model.legal))
        for _ in range(30):
            app.step([], 0.05)


def test_the_review_takes_every_aid_and_the_wheel_at_every_step(make_app: Any) -> None:
    """The review + wheel crash: the moves were worked out from the review's
    position, a copy without the history's positions."""
    app = make_app((1280, 800))
    for seed in (1, 2):
        match = played(seed)
        review = review_table(match, 0, 0, thinker=Thinker("thread"), on_leave=lambda s: app.pop(), analysis_mode="inline", analysis_budget=QUICK)
        app.push(review)
        app.step([], 0.016)
        kinds = {a.kind for _, a in match.rounds[0].history}
        assert {"lay", "draw"} <= kinds
        for cursor in range(review.mode.source.length + 1):
            review.mode.source.move_to(cursor)
            wheel_over_panel(app, review)
            lines = review.mode.source.log_lines(review)
            assert len(lines) >= 1 or cursor == 0
            every_aid(app, review)
            assert app.top is review
        app.pop()


def test_the_review_lists_the_moves_up_to_its_cursor(make_app: Any) -> None:
    """The moves the table's aids list in a review are the round's, up to the cursor."""
    app = make_app((1280, 800))
    match = played(4)
    review = review_table(match, 0, 0, thinker=Thinker("thread"), analysis_mode="inline", analysis_budget=QUICK)
    app.push(review)
    app.step([], 0.016)
    review.mode.source.move_to(review.mode.source.length)
    whole = [line.text for line in review.mode.source.log_lines(review)]
    review.mode.source.move_to(review.mode.source.length // 2)
    half = [line.text for line in review.mode.source.log_lines(review)]
    assert half and half == whole[: len(half)]
    assert any(" laid " in t or " led " in t for t in half)


def test_a_lesson_takes_every_aid(make_app: Any) -> None:
    app = make_app((1280, 800))
    lesson = load_lessons()[0]
    scene = lesson_table(lesson, 1, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast", on_leave=lambda s: app.pop())
    app.push(scene)
    for _ in range(6):
        every_aid(app, scene)
        app.step([key(pygame.K_RETURN)], 0.016)
        for _ in range(20):
            app.step([], 0.05)
        if app.top is not scene:
            break


def test_the_reviews_position_is_the_live_rounds_and_words_its_own_moves() -> None:
    match = played(6)
    live = match.rounds[0]
    names = ["You", "Cpu"]
    review = review_table(match, 0, 0, thinker=Thinker("thread"), analysis_mode="inline", analysis_budget=QUICK)
    for index in range(len(live.history) + 1):
        review.mode.source.cursor = index
        position = review.model.state
        expected = live.before(index)
        assert position.history == expected.history
        assert position.hands == expected.hands and position.ends == expected.ends
        assert position.current_player == expected.current_player
        told = round_log(position, names)[:-1]  # the last line may grow (draws one after another)
        assert told == round_log(live, names)[: len(told)]
