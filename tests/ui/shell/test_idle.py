"""A still screen draws nothing until something changes (issue 37, Idle).

``App.run`` is driven with a stand-in clock and event source (``Script``): no
real time passes, and every frame drawn is counted with the stand-in time it was
drawn at. A still screen (the title, Settings, a table waiting for a person)
stops drawing; an input draws the next frame at once and frames follow at 60 a
second for a moment; a computer's move keeps the frames coming until it is
shown; a countdown ticks; a network message (a thread's) gets through at once.
"""

from __future__ import annotations

import threading
from concurrent import futures
from concurrent.futures import Future
from typing import Any, Callable

import pygame

from game.engine import PlayerInfo
from game.net.app.session import Session
from game.profile.settings import Settings
from game.ui.shell import pacing
from game.ui.shell.app import App
from game.ui.shell.scene import Scene
from game.play.thinker import Thinker

from tests.ui.conftest import key, new_table
from tests.ui.net_screens import host_lobby


class Script:
    """The loop's clock and event source: events (or calls) due at stand-in times."""

    def __init__(self) -> None:
        self.t = 0.0
        self._last = 0.0
        self.due: list[tuple[float, pygame.event.Event | Callable[[], None]]] = []
        self.woken = False

    # Ticks
    def now(self) -> float:
        return self.t

    def tick(self, framerate: int = 0) -> int:
        if framerate:
            self.t = max(self.t, self._last + 1.0 / framerate)  # (at most ``framerate`` ticks a second)
        ms = round((self.t - self._last) * 1000)
        self._last = self.t
        return ms

    # Events
    def at(self, t: float, item: pygame.event.Event | Callable[[], None]) -> None:
        self.due.append((t, item))
        self.due.sort(key=lambda entry: entry[0])

    def _take(self) -> list[pygame.event.Event]:
        events = []
        while self.due and self.due[0][0] <= self.t + 1e-9:
            _t, item = self.due.pop(0)
            if isinstance(item, pygame.event.Event):
                events.append(item)
            else:
                item()  # (a worker answering: it wakes the loop itself)
        return events

    def get(self) -> list[pygame.event.Event]:
        return self._take()

    def wait(self, seconds: float) -> list[pygame.event.Event]:
        end = self.t + seconds
        events = self._take()
        while not events and not self.woken:
            if not self.due or self.due[0][0] > end:
                self.t = max(self.t, end)
                break
            self.t = max(self.t, self.due[0][0])
            events = self._take()
        if self.woken:
            self.woken = False
            events.append(pygame.event.Event(pacing.WAKE))
        return events

    def wake(self) -> None:
        self.woken = True


def scripted(app: App) -> tuple[Script, list[float]]:
    """``app`` run by a ``Script``; the stand-in times of the frames it draws."""
    for _ in range(4):  # (past the frames after which App.run freezes the start-up's objects)
        app.step([], 0.016)
    script = Script()
    app.clock, app.events, app.now = script, script, script.now
    drawn: list[float] = []
    app.on_frame.append(lambda a: drawn.append(script.t))
    return script, drawn


def between(drawn: list[float], start: float, end: float) -> int:
    return sum(1 for t in drawn if start <= t < end)


def title_app(make_app: Any) -> App:
    app: App = make_app((1280, 800))
    app.services.update(settings=Settings(), thinker=Thinker("thread"))
    app.routes.open_title()
    return app


def test_the_title_stops_drawing_and_an_input_draws_the_next_frame_at_once(make_app: Any) -> None:
    app = title_app(make_app)
    script, drawn = scripted(app)
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 400), rel=(3, 0), buttons=(0, 0, 0))
    script.at(30.0, moved)
    app.run(seconds=60.0)
    assert app.running
    # still: the puzzles counted again every 2 s; at 60 frames a second it would have been 1,800 frames
    assert between(drawn, 1.0, 30.0) <= 16
    assert 30.0 in drawn  # the input's frame, at once
    assert between(drawn, 30.0, 30.0 + pacing.SETTLE_S) >= 14  # then 60 a second for a moment (pygame_gui's hover)
    assert between(drawn, 31.0, 60.0) <= 16  # and still again


def test_settings_still_then_esc_closes_it_in_the_frame_of_the_key(make_app: Any) -> None:
    app = title_app(make_app)
    assert app.routes.open_side("settings")
    settings = app.top
    script, drawn = scripted(app)
    tops: list[tuple[float, object]] = []
    app.on_frame.append(lambda a: tops.append((script.t, a.top)))
    script.at(20.0, key(pygame.K_ESCAPE))
    app.run(seconds=40.0)
    assert between(drawn, 1.0, 20.0) <= 12  # a frame every 2 s at the most
    at_key = [top for t, top in tops if t == 20.0]
    assert at_key and at_key[0] is not settings  # gone in the frame of the key
    assert between(drawn, 21.0, 40.0) <= 16


def test_a_table_waiting_for_a_person_stops_drawing_and_a_computers_move_keeps_it_drawing(make_app: Any) -> None:
    app: App = make_app((1280, 800))
    table = new_table(app, "matador", [PlayerInfo("You"), PlayerInfo("Easy", "computer", "easy")], seed=3)
    import time

    for _ in range(600):  # the computer leads, perhaps: until the person's turn, the table standing still
        app.step([], 0.05)
        if table.can_act() and not table.motion.glides and table.motion.shift is None:
            break
        time.sleep(0.005)
    assert table.can_act()
    script, drawn = scripted(app)
    moves = len(table.model.state.history)
    # The stand-in clock runs as fast as frames are drawn: a worker must not fall
    # behind it (on a loaded machine 10 stand-in seconds pass in 2 real ones), so
    # before each frame the loop waits, in real time, for the work it has asked for.
    asked: list[Future[Any]] = []
    run = table.model.thinker.run

    def recorded(work: Callable[..., Any], *args: Any) -> Future[Any]:
        future = run(work, *args)
        asked.append(future)
        return future

    table.model.thinker.run = recorded  # type: ignore[method-assign]
    app.on_frame.append(lambda a: futures.wait(asked, timeout=60.0))

    def person_plays() -> None:
        """The person's move (as the input would offer it): then the computer is to move."""
        action = next(a for a in table.model.legal if a.kind == "lay")
        assert table.play(action, None)
        from game import waking

        waking.wake()

    script.at(30.0, person_plays)
    moving: list[float] = []  # the frames after which the table said it moves (a glide, the computer to move)
    app.on_frame.append(lambda a: moving.append(script.t) if table.next_change() == 0.0 else None)
    app.run(seconds=40.0)
    assert between(drawn, 1.0, 30.0) <= 16  # waiting for the person: a frame every 2 s
    assert len(table.model.state.history) >= moves + 2  # the person's move, then the computer's, shown
    assert 30.0 in drawn and len([t for t in moving if t >= 30.0]) >= 5
    for t in moving:  # while it moves, the next frame comes at the next tick (60 a second)
        later = [d for d in drawn if d > t]
        assert not later or later[0] - t <= 0.02, (t, later[:1])
    assert table.can_act()  # the person's turn again
    assert between(drawn, 35.0, 40.0) <= 3  # and still again


def test_a_lobbys_countdown_ticks_every_second(make_app: Any) -> None:
    app: App = make_app((1280, 800))
    lobby = host_lobby()
    app.push(lobby)
    script, drawn = scripted(app)
    assert lobby.play is not None
    import time

    start = time.monotonic()  # (when the table's message set the countdowns)
    lobby.play.mirror.clock = lambda: start + script.t  # the countdown follows the stand-in clock
    app.run(seconds=20.0)
    ticks = between(drawn, 1.0, 20.0)
    assert 18 <= ticks <= 40  # once a second (a seat held for a friend away), not 60 times


class Listening(Scene):
    """A still screen that polls a network session each frame (as the lobby polls its table)."""

    def __init__(self, session: Session, clock: Callable[[], float]) -> None:
        super().__init__()
        self.session, self.clock = session, clock
        self.heard: list[tuple[float, dict[str, Any]]] = []

    def next_change(self) -> float | None:
        return None

    def update(self, dt: float) -> None:
        self.heard.extend((self.clock(), message) for message in self.session.poll())


def test_a_network_message_from_another_thread_wakes_a_still_screen_at_once(make_app: Any) -> None:
    app: App = make_app((640, 480))
    session = Session.join("ws://127.0.0.1:9/", table="K7QX-2M", name="Ann")  # (never started: nothing connects)
    script, drawn = scripted(app)
    scene = Listening(session, script.now)
    app.push(scene)

    def message_arrives() -> None:
        """The session's thread gets a message (``_tell`` is what its network loop calls)."""
        thread = threading.Thread(target=session._tell, args=({"type": "chat", "text": "hi"},))
        thread.start()
        thread.join()

    script.at(5.1, message_arrives)
    app.run(seconds=10.0)
    assert [message["type"] for _t, message in scene.heard] == ["chat"]
    assert scene.heard[0][0] == 5.1  # at once, not at the next frame of a still screen
    assert between(drawn, 1.0, 10.0) <= 8


def test_the_real_event_source_returns_at_once_when_woken_from_a_thread() -> None:
    events = pacing.SystemEvents()
    pygame.event.get()
    threading.Timer(0.05, events.wake).start()
    got = events.wait(30.0)  # (30 s if the wake were lost)
    assert [event.type for event in got] == [pacing.WAKE]


def test_a_review_draws_while_its_analysis_comes_in_then_stands_still(make_app: Any) -> None:
    from tests.ui.scenes.test_review_screens import open_quick_review, played_match, quick_app

    app = quick_app(make_app)
    review = open_quick_review(app, played_match())
    analysis = review.mode.source.analysis()
    script, drawn = scripted(app)
    done_at: list[float] = []
    app.on_frame.append(lambda a: done_at.append(script.t) if analysis.done and not done_at else None)
    app.run(seconds=60.0)
    assert done_at and done_at[0] > 0.1, done_at  # (judged one decision a frame)
    coming = between(drawn, 0.0, done_at[0])
    assert coming >= 0.9 * done_at[0] * 60  # every frame while the verdicts come in (inline: one a frame)
    assert between(drawn, done_at[0] + 1.0, 60.0) <= 32  # paused: a frame every 2 s


def test_the_couch_cover_stands_still_and_a_key_lifts_it_at_once(make_app: Any) -> None:
    """"Pass to NAME" waits for its person without drawing; the first key after a
    long wait lifts it (its guard's time was reached while the loop slept)."""
    from game.ui.table import HandoffScene

    app: App = make_app((1280, 800))
    new_table(app, "matador", [PlayerInfo("Ann"), PlayerInfo("Bea")], seed=3)
    for _ in range(5):
        app.step([], 0.016)
    cover = app.top
    assert isinstance(cover, HandoffScene)
    script, drawn = scripted(app)
    script.at(30.0, key(pygame.K_SPACE))
    tops: list[tuple[float, object]] = []
    app.on_frame.append(lambda a: tops.append((script.t, a.top)))
    app.run(seconds=31.0)
    assert between(drawn, 1.0, 30.0) <= 16  # a frame every 2 s at the most, not 60 a second
    assert [top for t, top in tops if t == 30.0][0] is not cover  # lifted in the frame of the key
