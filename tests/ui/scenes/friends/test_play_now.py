"""*Play now* through the real screens, driven by synthetic events, against a real
dedicated server (``python -m game serve`` on 127.0.0.1, a port the system
picks): *On a server* -> Play now -> Leyden waits with its clock; past the wait
(the screen's clock turned) the offer of a computer at the player's level;
Keep looking waits on, Cancel leaves the queue at once (a person queueing next
finds nobody waiting); Leyden again and a headless person asking for it too:
both at one table, which has started. Four-seat Matador's offer taken: a table
with three computers of that level, started."""

from __future__ import annotations

import asyncio
import threading
from typing import Any, Callable

import pygame

from game.net.app.client import Client, Seated
from game.net.server.matchmaking import queues
from game.ui.drawing.layout_check import layout_problems
from game.ui.shell.app import App
from tests.net.conftest import ServerProcess
from tests.ui.scenes.test_flowing_layouts import crowded  # noqa: F401 (a fixture: two more rule sets)
from tests.ui.scenes.friends.test_friends import Frames, net_table_up, net_threads, type_into
class Person(threading.Thread):
    """A headless person asking to play now (its own identity-less connection), held at
    its table until the test ends."""

    def __init__(self, url: str, rules: str, name: str) -> None:
        super().__init__(daemon=True)
        self.url, self.rules, self.name = url, rules, name
        self.queued: dict[str, Any] | None = None
        self.seated: Seated | None = None
        self.error: BaseException | None = None
        self.ready = threading.Event()
        self.stop = threading.Event()

    def run(self) -> None:
        asyncio.run(self.main())

    async def main(self) -> None:
        try:
            async with Client.connect(self.url) as client:
                self.queued = await client.play_now(self.rules, self.name)
                self.ready.set()
                self.seated = await client.paired(timeout=60)
                while not self.stop.is_set():
                    try:
                        await client.receive(0.1)
                    except TimeoutError:
                        pass
        except BaseException as err:
            self.error = err
            self.ready.set()


def play_now_screen(frames: Frames, url: str, name: str) -> Any:
    """Title -> Play with friends -> On a server, the address and name typed -> Play now."""
    app = frames.app
    frames.click(app.top.buttons["friends"])
    frames.click(app.top.buttons["server"])
    screen = app.top
    assert type(screen).__name__ == "ServerScene"
    type_into(frames, screen.entries["address"], url.removeprefix("ws://").rstrip("/"))
    type_into(frames, screen.entries["name"], name)
    frames.click(screen.buttons["play_now"])
    scene = app.top
    assert type(scene).__name__ == "PlayNowScene"
    return scene


def said(scene: Any) -> list[str]:
    return [text for text, *_ in scene.drawn_text]


def queue_button(scene: Any, rules: str, players: int) -> Any:
    return scene.buttons[f"queue{queues().index((rules, players))}"]


def test_play_now_waits_offers_a_computer_cancels_at_once_and_pairs_two_people(server: ServerProcess, app: App) -> None:
    frames = Frames(app)
    frames.step()
    scene = play_now_screen(frames, server.url, "Ann")
    assert {n for n in scene.buttons if n.startswith("queue")} == {f"queue{i}" for i in range(len(queues()))}
    assert layout_problems(scene) == []
    frames.click(queue_button(scene, "leyden", 2))
    frames.until(lambda: scene.play is not None and scene.play.mirror.queued is not None, 30, "queued")
    frames.step()
    assert scene.state == "waiting" and set(scene.buttons) == {"cancel"}
    assert any(t.startswith("Looking for someone of your strength to play Leyden") for t in said(scene))
    assert any(t.startswith("Waiting 0:0") for t in said(scene))
    level = scene.play.mirror.queued["level"]
    # past the wait: the offer (the screen's clock turned 31 s on)
    real = scene.clock
    scene.clock = lambda: real() + 31
    frames.step()
    frames.step()
    assert scene.state == "offer" and set(scene.buttons) == {"yes", "keep"}
    assert any("Play a computer at your level" in t and level.capitalize() in t for t in said(scene)), said(scene)
    assert any(t.startswith("Waiting 0:3") for t in said(scene))
    assert layout_problems(scene) == []
    frames.click(scene.buttons["keep"])
    frames.step()
    assert scene.state == "waiting" and set(scene.buttons) == {"cancel"}  # looking on, not offered again
    frames.click(scene.buttons["cancel"])
    assert scene.state == "choose" and scene.play is None
    assert net_threads() == []  # the connection is closed: the queue is left
    bob = Person(server.url, "leyden", "Bob")
    bob.start()
    assert bob.ready.wait(30) and bob.error is None, bob.error
    assert bob.queued is not None and bob.queued["waiting"] == 1  # Ann waits no more
    try:
        frames.click(queue_button(scene, "leyden", 2))
        frames.until(lambda: net_table_up(app), 60, "the table with Bob")
        play = app.top.mode.source
        assert bob.seated is not None and play.mirror.code == bob.seated.table
        lobby = play.mirror.lobby
        assert lobby is not None and lobby.state == "playing" and sorted(s.name for s in lobby.seats) == ["Ann", "Bob"]
    finally:
        bob.stop.set()
        bob.join(10)


def test_the_computer_offered_is_taken_at_a_table_of_four(server: ServerProcess, app: App) -> None:
    frames = Frames(app)
    frames.step()
    scene = play_now_screen(frames, server.url, "Ann")
    frames.click(queue_button(scene, "matador", 4))
    frames.until(lambda: scene.play is not None and scene.play.mirror.queued is not None, 30, "queued")
    level = scene.play.mirror.queued["level"]
    real = scene.clock
    scene.clock = lambda: real() + 40
    frames.step()
    frames.step()
    frames.click(scene.buttons["yes"])
    frames.until(lambda: net_table_up(app), 60, "the table with computers")
    lobby = app.top.mode.source.mirror.lobby
    assert lobby is not None and lobby.state == "playing"
    assert [(s.kind, s.level) for s in lobby.seats] == [("remote", None)] + [("computer", level)] * 3


def test_many_rule_sets_in_a_short_window_scroll_and_the_keys_reach_each(crowded: None, make_app: Callable[..., App], ui: Any) -> None:
    """Two more rule sets (the layout tests' ``crowded``) at 640x480: the rule sets no
    longer fit one column at their words' height, nor two columns at their words'
    width, so they scroll; Down walks every button in the registry's order, each
    scrolled into view as the focus reaches it, and nothing is squeezed."""
    from game.ui.scenes.friends import PlayNowScene

    app = make_app((640, 480))
    scene = PlayNowScene("ws://127.0.0.1:1", "Ann")
    app.push(scene)
    ui.settle(app, 2, 0.016)
    assert scene.scroll_columns(), "eight rule sets at 640x480 should scroll"
    assert layout_problems(scene) == []
    order = [f"queue{i}" for i in range(len(queues()))] + ["back"]
    assert list(scene.buttons) == order
    seen = []
    for _ in order:
        app.step([ui.key(pygame.K_DOWN)], 0.016)
        name = scene.focus.name
        seen.append(name)
        assert scene.column.view.contains(scene.buttons[name].get_abs_rect()), name
    assert seen == order
    assert scene.column.offset > 0  # it scrolled to reach Back
