"""A game controller through SDL itself: a virtual controller made inside the SDL
that pygame-ce ships (``SDL_JoystickAttachVirtualEx``, called with ctypes), so SDL
sends its own CONTROLLERDEVICEADDED / BUTTONDOWN / AXISMOTION / DEVICEREMOVED
events and ``Pads`` opens the device with SDL's real game controller API. Skipped
where that SDL cannot be reached (another system's wheel, an SDL without virtual
joysticks)."""

from __future__ import annotations

import ctypes
import glob
import os
from typing import Any, Iterator

import pygame
import pytest

from game.ui.scenes.title import TitleScene

JOYSTICK_TYPE_GAMECONTROLLER = 1


class VirtualDesc(ctypes.Structure):
    """SDL_VirtualJoystickDesc (SDL 2.24 and newer), version 1."""

    _fields_ = [
        ("version", ctypes.c_uint16),
        ("type", ctypes.c_uint16),
        ("naxes", ctypes.c_uint16),
        ("nbuttons", ctypes.c_uint16),
        ("nhats", ctypes.c_uint16),
        ("vendor_id", ctypes.c_uint16),
        ("product_id", ctypes.c_uint16),
        ("padding", ctypes.c_uint16),
        ("button_mask", ctypes.c_uint32),
        ("axis_mask", ctypes.c_uint32),
        ("name", ctypes.c_char_p),
        ("userdata", ctypes.c_void_p),
        ("Update", ctypes.c_void_p),
        ("SetPlayerIndex", ctypes.c_void_p),
        ("Rumble", ctypes.c_void_p),
        ("RumbleTriggers", ctypes.c_void_p),
        ("SetLED", ctypes.c_void_p),
        ("SendEffect", ctypes.c_void_p),
    ]


def pygame_sdl() -> Any:
    """The SDL library pygame-ce runs on (its wheel ships it beside the package)."""
    root = os.path.dirname(os.path.dirname(pygame.__file__))
    found = glob.glob(os.path.join(root, "pygame_ce.libs", "libSDL2-2*.so*"))
    if not found:
        pytest.skip("pygame-ce's own SDL library is not where a Linux wheel keeps it")
    lib = ctypes.CDLL(found[0])
    if not hasattr(lib, "SDL_JoystickAttachVirtualEx"):
        pytest.skip("this SDL has no virtual joysticks")
    return lib


class VirtualPad:
    """A controller with every button and axis, plugged into SDL."""

    def __init__(self, lib: Any, name: bytes = b"Matador test pad"):
        self.lib = lib
        lib.SDL_JoystickAttachVirtualEx.argtypes = [ctypes.POINTER(VirtualDesc)]
        lib.SDL_JoystickAttachVirtualEx.restype = ctypes.c_int
        lib.SDL_JoystickOpen.argtypes = [ctypes.c_int]
        lib.SDL_JoystickOpen.restype = ctypes.c_void_p
        lib.SDL_JoystickClose.argtypes = [ctypes.c_void_p]
        lib.SDL_JoystickSetVirtualButton.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_uint8]
        lib.SDL_JoystickSetVirtualAxis.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int16]
        lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
        desc = VirtualDesc(
            version=1, type=JOYSTICK_TYPE_GAMECONTROLLER, naxes=6, nbuttons=15,
            button_mask=(1 << 15) - 1, axis_mask=(1 << 6) - 1, name=name,
        )
        self.index = int(lib.SDL_JoystickAttachVirtualEx(ctypes.byref(desc)))
        if self.index < 0:
            pytest.skip("SDL would not make a virtual controller here")
        self.handle = lib.SDL_JoystickOpen(self.index)  # ours, to set its buttons
        for trigger in (pygame.CONTROLLER_AXIS_TRIGGERLEFT, pygame.CONTROLLER_AXIS_TRIGGERRIGHT):
            self.axis(trigger, -32768)  # triggers at rest

    def button(self, button: int, down: bool) -> None:
        self.lib.SDL_JoystickSetVirtualButton(self.handle, button, 1 if down else 0)

    def axis(self, axis: int, value: int) -> None:
        self.lib.SDL_JoystickSetVirtualAxis(self.handle, axis, value)

    def unplug(self) -> None:
        if self.handle:
            self.lib.SDL_JoystickClose(self.handle)
            self.lib.SDL_JoystickDetachVirtual(self.index)
            self.handle = None


@pytest.fixture
def virtual_pads() -> Iterator[list[VirtualPad]]:
    made: list[VirtualPad] = []
    yield made
    for pad in made:
        pad.unplug()
    pygame.event.clear()


def pump(app: Any) -> list[pygame.event.Event]:
    """One frame with what SDL really queued (the controller's events among them)."""
    events = [e for e in pygame.event.get() if e.type != pygame.QUIT]
    app.step(events, 0.016)
    return events


def test_controller_from_sdl_itself_is_opened_moves_the_focus_and_comes_back(make_app: Any, virtual_pads: list[VirtualPad]) -> None:
    app = make_app((800, 600))
    assert app.pads.start()  # SDL's game controller support is on
    app.push(TitleScene())
    pump(app)
    lib = pygame_sdl()
    pad = VirtualPad(lib)
    virtual_pads.append(pad)
    events = pump(app)
    assert pygame.CONTROLLERDEVICEADDED in [e.type for e in events]
    assert app.pads.connected_numbers() == [1]  # opened through SDL's own controller API
    first = app.pads.pads[1]
    assert first.name == "Matador test pad" and first.guid

    title = app.top
    assert isinstance(title, TitleScene)
    start = title.focus.order.index(str(title.focus.name))
    pad.button(pygame.CONTROLLER_BUTTON_DPAD_DOWN, True)
    assert pygame.CONTROLLERBUTTONDOWN in [e.type for e in pump(app)]
    pad.button(pygame.CONTROLLER_BUTTON_DPAD_DOWN, False)
    pump(app)
    assert title.focus.order.index(str(title.focus.name)) == start + 1
    pad.axis(pygame.CONTROLLER_AXIS_LEFTY, 30000)  # the stick, pushed down and let go: one more step
    pump(app)
    pad.axis(pygame.CONTROLLER_AXIS_LEFTY, 0)
    pump(app)
    assert title.focus.order.index(str(title.focus.name)) == start + 2

    pad.unplug()
    assert pygame.CONTROLLERDEVICEREMOVED in [e.type for e in pump(app)]
    assert app.pads.connected_numbers() == []
    again = VirtualPad(lib)  # the same kind plugged back in: the same number
    virtual_pads.append(again)
    pump(app)
    assert app.pads.connected_numbers() == [1]
