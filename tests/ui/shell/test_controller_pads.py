"""Game controllers without hardware: synthetic SDL events through ``Pads`` (the
device opener stands in for SDL's), and through a real ``App``."""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.shell.gamepad import PUSH, RELEASE, REPEAT_DELAY_S, REPEAT_EVERY_S, PadDevice, PadPress, Pads
from game.ui.shell.scene import Scene

E = pygame.event.Event
BUTTON = {
    "a": pygame.CONTROLLER_BUTTON_A,
    "b": pygame.CONTROLLER_BUTTON_B,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "start": pygame.CONTROLLER_BUTTON_START,
}


class Devices:
    """Stands in for SDL opening a controller: device index -> (instance id, GUID)."""

    def __init__(self) -> None:
        self.plugged: dict[int, tuple[int, str]] = {}
        self.opened: list[int] = []

    def __call__(self, device_index: int) -> PadDevice | None:
        self.opened.append(device_index)
        found = self.plugged.get(device_index)
        if found is None:
            return None
        return PadDevice(found[0], f"Test pad {found[0]}", found[1])


def added(index: int) -> pygame.event.Event:
    return E(pygame.CONTROLLERDEVICEADDED, device_index=index)


def removed(instance: int) -> pygame.event.Event:
    return E(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance)


def down(instance: int, button: str) -> pygame.event.Event:
    return E(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=BUTTON[button])


def up(instance: int, button: str) -> pygame.event.Event:
    return E(pygame.CONTROLLERBUTTONUP, instance_id=instance, button=BUTTON[button])


def axis(instance: int, which: int, share: float) -> pygame.event.Event:
    return E(pygame.CONTROLLERAXISMOTION, instance_id=instance, axis=which, value=round(share * 32767))


def pads_with(*plugged: tuple[int, int, str]) -> tuple[Pads, Devices]:
    devices = Devices()
    for index, instance, guid in plugged:
        devices.plugged[index] = (instance, guid)
    return Pads(opener=devices), devices


def test_controllers_are_numbered_and_one_plugged_back_gets_its_number_again() -> None:
    pads, devices = pads_with((0, 30, "xbox"), (1, 31, "xbox"), (2, 32, "ps"))
    for index in (0, 1, 2):
        assert pads.handle(added(index)) == []
    assert pads.connected_numbers() == [1, 2, 3]
    assert pads.handle(added(1)) == [] and pads.connected_numbers() == [1, 2, 3]  # reported twice: still one pad

    version = pads.version
    pads.handle(removed(31))
    assert pads.connected_numbers() == [1, 3] and not pads.connected(2) and pads.version > version
    assert pads.handle(down(31, "a")) == []  # a pad that is gone presses nothing

    devices.plugged[4] = (40, "ps")  # another kind of pad: a new number, not the gone one's
    pads.handle(added(4))
    assert pads.number_of(40) == 4
    devices.plugged[5] = (41, "xbox")  # the same kind as the one unplugged: it is back as number 2
    pads.handle(added(5))
    assert pads.number_of(41) == 2 and pads.connected_numbers() == [1, 2, 3, 4]
    assert pads.handle(down(41, "a")) == [PadPress(2, "a")]


def test_controllers_that_cannot_be_opened_never_stop_the_game() -> None:
    pads, devices = pads_with()
    assert pads.handle(added(7)) == [] and pads.connected_numbers() == []  # not a controller

    def broken(index: int) -> PadDevice | None:
        raise pygame.error("device vanished while opening")

    pads.opener = broken
    assert pads.handle(added(0)) == [] and pads.connected_numbers() == []
    assert pads.handle(removed(99)) == []  # never seen
    assert pads.handle(E(pygame.CONTROLLERBUTTONDOWN, instance_id=5, button=99)) == []
    assert pads.handle(E(pygame.CONTROLLERDEVICEREMAPPED, instance_id=5)) == []


def test_controller_buttons_and_dpad_become_presses_and_a_held_direction_repeats() -> None:
    pads, _ = pads_with((0, 7, "g"))
    pads.handle(added(0))
    assert pads.handle(down(7, "a")) == [PadPress(1, "a")]
    assert pads.handle(up(7, "a")) == []
    assert pads.update(5.0) == []  # A never repeats
    assert pads.handle(down(7, "down")) == [PadPress(1, "down")]
    assert pads.update(REPEAT_DELAY_S - 0.05) == []
    assert pads.update(0.1) == [PadPress(1, "down", True)]
    assert pads.update(REPEAT_EVERY_S) == [PadPress(1, "down", True)]
    assert pads.update(1.0) == [PadPress(1, "down", True)]  # a long frame: one repeat, not a burst
    pads.handle(up(7, "down"))
    assert pads.update(5.0) == []


def test_controller_stick_has_a_dead_zone_and_moves_one_step_per_push() -> None:
    pads, _ = pads_with((0, 7, "g"))
    pads.handle(added(0))
    x, y = pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY
    assert pads.handle(axis(7, x, 0.2)) == []  # resting drift: nothing
    assert pads.handle(axis(7, x, PUSH - 0.05)) == []
    assert pads.handle(axis(7, x, 0.8)) == [PadPress(1, "right")]  # one push...
    assert pads.handle(axis(7, x, 1.0)) == []  # ...is one step, however far it goes
    assert pads.handle(axis(7, x, (PUSH + RELEASE) / 2)) == []  # easing back a little lets nothing go
    assert pads.handle(axis(7, x, 0.9)) == []  # so pushing again is still the same push
    assert pads.handle(axis(7, x, RELEASE - 0.05)) == []  # let go...
    assert pads.handle(axis(7, x, 0.9)) == [PadPress(1, "right")]  # ...and push again: the next step
    assert pads.handle(axis(7, x, -0.9)) == [PadPress(1, "left")]  # flicked across: the other way at once
    pads.handle(axis(7, x, 0.0))
    assert pads.handle(axis(7, y, -0.7)) == [PadPress(1, "up")]
    assert pads.update(REPEAT_DELAY_S + 0.01) == [PadPress(1, "up", True)]  # held: it repeats
    pads.handle(axis(7, y, -0.1))
    assert pads.update(2.0) == []
    # the triggers: a press when pulled, none again until let go
    lt = pygame.CONTROLLER_AXIS_TRIGGERLEFT
    assert pads.handle(axis(7, lt, 0.9)) == [PadPress(1, "lt")]
    assert pads.handle(axis(7, lt, 1.0)) == [] and pads.handle(axis(7, lt, 0.45)) == []
    assert pads.handle(axis(7, lt, 0.0)) == [] and pads.handle(axis(7, lt, 0.7)) == [PadPress(1, "lt")]


class Recorder(Scene):
    def __init__(self) -> None:
        super().__init__()
        self.presses: list[PadPress] = []
        self.events: list[int] = []

    def handle_pad(self, press: PadPress) -> None:
        self.presses.append(press)
        super().handle_pad(press)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.events.append(event.type)
        return True


def test_controller_events_reach_the_top_scene_through_the_app_as_presses_and_keys(make_app: Any) -> None:
    app = make_app((800, 600))
    devices = Devices()
    devices.plugged[0] = (12, "g")
    app.pads.opener = devices
    scene = Recorder()
    app.push(scene)
    app.step([added(0), down(12, "down"), up(12, "down"), down(12, "b")], 0.016)
    assert scene.presses == [PadPress(1, "down"), PadPress(1, "b")]
    assert pygame.CONTROLLERBUTTONDOWN not in scene.events  # the raw events stay with the App
    assert scene.events.count(pygame.KEYDOWN) == 2  # a scene that knows only keys gets Down and Esc
    assert app.last_input == "pad"
    app.step([down(12, "left")], 0.016)
    for _ in range(int(REPEAT_DELAY_S / 0.05) + 2):
        app.step([], 0.05)
    assert any(p.repeat and p.button == "left" for p in scene.presses)  # the App lets held directions repeat
    app.step([removed(12), added(3), down(99, "a")], 0.016)  # unplugged, a stranger, an unknown pad: no crash
    assert app.pads.connected_numbers() == []
