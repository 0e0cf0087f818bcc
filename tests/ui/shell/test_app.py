"""The scene stack and the frame loop, without a real window loop."""

from __future__ import annotations

import copy
import random
from typing import Any

import pygame

from game.engine import PlayerInfo
from game.ui.shell.app import App
from game.ui.shell.scene import Scene


class Probe(Scene):
    def __init__(self, name: str, log: list[str], opaque: bool = True, consume: bool = True):
        super().__init__()
        self.name = name
        self.log = log
        self.opaque = opaque
        self.consume = consume
        self.sizes: list[tuple[int, int]] = []

    def enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def exit(self) -> None:
        self.log.append(f"exit {self.name}")

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.log.append(f"event {self.name}")
        return self.consume

    def update(self, dt: float) -> None:
        self.log.append(f"update {self.name}")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"draw {self.name}")

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self.sizes.append(size)


def test_stack_push_pop_replace_and_drawing_order() -> None:
    log: list[str] = []
    app = App((800, 600), surface=pygame.Surface((800, 600)))
    table, pause = Probe("table", log), Probe("pause", log, opaque=False)
    app.push(table)
    app.push(pause)
    assert log == ["enter table", "exit table", "enter pause"]
    log.clear()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a)], 0.016)
    # only the top scene gets events and updates; drawing starts at the opaque table
    assert log == ["event pause", "update pause", "draw table", "draw pause"]
    log.clear()
    app.push(Probe("cover", log))
    app.step([], 0.016)
    assert log[-1:] == ["draw cover"] and "draw table" not in log
    app.pop()
    log.clear()
    app.replace(Probe("menu", log, opaque=False))
    assert log == ["exit pause", "enter menu"]
    assert app.scenes == [table, app.top]
    app.close()
    assert not app.scenes


def test_resize_relayouts_every_scene_and_quit_stops() -> None:
    log: list[str] = []
    app = App((800, 600), surface=pygame.Surface((800, 600)))
    a, b = Probe("a", log), Probe("b", log, opaque=False)
    app.push(a)
    app.push(b)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=700, size=(1024, 700))], 0.016)
    assert app.size == (1024, 700)
    assert a.sizes[-1] == (1024, 700) and b.sizes[-1] == (1024, 700)
    app.step([pygame.event.Event(pygame.QUIT)], 0.016)
    assert not app.running


def test_run_draws_n_frames_with_the_clock() -> None:
    log: list[str] = []
    app = App((640, 480), surface=pygame.Surface((640, 480)))
    app.push(Probe("only", log))
    app.run(max_frames=3)
    assert app.frames == 3 and log.count("draw only") == 3


def test_window_resize_and_fullscreen_toggle(make_app: Any) -> None:
    app = make_app((800, 600))
    app.resize((900, 700))
    assert app.size == (900, 700)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="", scancode=0)], 0.016)
    assert app.fullscreen
    app.toggle_fullscreen()
    assert not app.fullscreen and app.size == (900, 700)


def test_table_draw_changes_nothing(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    scene = ui.new_table(app, "leyden", [PlayerInfo("Ann"), PlayerInfo("Cpu", "computer", "random")], seed=4)
    rng = random.Random(1)
    for _ in range(30):  # play a little, holding tiles now and then
        ui.settle(app, 3)
        if scene.model.state.over:
            break
        if scene.can_act():
            lays = [a for a in scene.model.legal if a.kind == "lay"]
            if lays and rng.random() < 0.5:
                rect = scene.board.hand_rect(lays[0].tile)
                app.step([ui.mouse_down(rect.center), ui.mouse_move((400, 250), rect.center)], 0.016)
                break
            scene.play(rng.choice(scene.model.legal), None)
    keys = (scene.model.state.key(), scene.model.match.totals[:], len(scene.motion.glides))
    def watched() -> tuple[object, ...]:
        return (scene.model.viewer, scene.board.last_tile, scene.board.version, scene.mode.source.think_clock, scene.mode.source.round_shown)

    before = copy.copy(watched())
    inputs = copy.deepcopy((scene.controls.input.selected, scene.controls.input.variant, scene.controls.input.drag))
    layout = [(t.tile, tuple(t.rect)) for t in scene.board.layout.tiles]
    for _ in range(3):
        app.draw(app.surface)
    assert (scene.model.state.key(), scene.model.match.totals[:], len(scene.motion.glides)) == keys
    assert watched() == before
    assert (scene.controls.input.selected, scene.controls.input.variant, scene.controls.input.drag) == inputs
    assert [(t.tile, tuple(t.rect)) for t in scene.board.layout.tiles] == layout


def test_table_relayouts_on_resize(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    scene = ui.new_table(app, "family", [PlayerInfo(f"P{i}", "computer", "random") for i in range(8)], seed=2)
    ui.settle(app, 60, 0.1)
    app.resize((1920, 1080))
    ui.settle(app, 2)
    assert scene.board.regions.size == (1920, 1080)
    window = pygame.Rect(0, 0, 1920, 1080)
    assert all(window.contains(t.rect) for t in scene.board.layout.tiles)
    assert len(scene.board.regions.seats) == 7
