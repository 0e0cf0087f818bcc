"""Game controllers: which are plugged in, and their buttons and sticks turned
into presses a scene understands.

SDL's game controller support (``pygame._sdl2.controller``) names the buttons
by their place on an Xbox-style pad whatever the make, so "A" is always the
bottom face button. ``Pads`` owns the controllers:

- CONTROLLERDEVICEADDED opens the device (never raising: a pad that cannot be
  opened is logged and left alone) and gives it a number the players see,
  "Controller 1", "Controller 2"... A pad plugged back in (the same kind, by
  its GUID) gets its old number again, so the seat it played is its own again.
- CONTROLLERDEVICEREMOVED closes it; its number stays known as unplugged.
- CONTROLLERBUTTONDOWN / UP and CONTROLLERAXISMOTION become ``PadPress``es:
  the D-pad and the left stick give ``up``/``down``/``left``/``right`` (the
  stick with a dead zone and hysteresis, so one push is one step), the
  triggers ``lt``/``rt``. A direction held down repeats after a moment.

Scenes receive presses through ``Scene.handle_pad``; a scene that does not
care which pad pressed gets the keyboard key that means the same
(``PadPress.key_event``: the D-pad is the arrows, A is Enter, B is Esc), so
every screen that works by keyboard works by controller.

Opening devices goes through ``Pads.opener`` (SDL's by default), so tests
drive all of this with synthetic events and no hardware.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Callable

import pygame

from game.i18n import _

log = logging.getLogger(__name__)

# SDL's button numbers -> our names
BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "a",
    pygame.CONTROLLER_BUTTON_B: "b",
    pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y",
    pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_GUIDE: "guide",
    pygame.CONTROLLER_BUTTON_START: "start",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "ls",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "rs",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "lb",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rb",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
DIRECTIONS = ("up", "down", "left", "right")
STICK_AXES = {
    pygame.CONTROLLER_AXIS_LEFTX: ("left", "right"),
    pygame.CONTROLLER_AXIS_LEFTY: ("up", "down"),
    pygame.CONTROLLER_AXIS_RIGHTY: ("rs-up", "rs-down"),  # the right stick scrolls a side panel
}
TRIGGER_AXES = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: "lt", pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "rt"}
AXIS_MAX = 32767
PUSH = 0.55  # a stick or trigger counts as pressed beyond this share of its travel...
RELEASE = 0.3  # ...and as let go again only below this one (so it never flickers)
REPEAT_DELAY_S = 0.42  # a direction held this long starts to repeat...
REPEAT_EVERY_S = 0.12  # ...once every this often
DEVICE_EVENTS = (
    pygame.CONTROLLERDEVICEADDED,
    pygame.CONTROLLERDEVICEREMOVED,
    pygame.CONTROLLERDEVICEREMAPPED,
)
INPUT_EVENTS = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION)

# What each press means to a screen that only knows the keyboard.
KEY_FOR: dict[str, int] = {
    "up": pygame.K_UP,
    "down": pygame.K_DOWN,
    "left": pygame.K_LEFT,
    "right": pygame.K_RIGHT,
    "a": pygame.K_RETURN,
    "start": pygame.K_RETURN,
    "b": pygame.K_ESCAPE,
    "back": pygame.K_ESCAPE,
    "lb": pygame.K_PAGEUP,
    "rb": pygame.K_PAGEDOWN,
}


def pad_label(number: int) -> str:
    """How players see a controller: "Controller 2"."""
    return _("Controller {number}").format(number=number)


def key_event(key: int) -> pygame.event.Event:
    """A KEYDOWN as the keyboard would send it (no text: it types nothing)."""
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


@dataclass(frozen=True)
class PadPress:
    """A button pressed (or a direction pushed) on controller ``pad`` (its number)."""

    pad: int
    button: str  # a, b, x, y, start, back, guide, ls, rs, lb, rb, lt, rt, up, down, left, right, rs-up, rs-down
    repeat: bool = False  # a held direction repeating

    @property
    def key(self) -> int | None:
        return KEY_FOR.get(self.button)

    def key_event(self) -> pygame.event.Event | None:
        """The keyboard's KEYDOWN that means the same on a menu, if any."""
        key = self.key
        return key_event(key) if key is not None else None


@dataclass
class PadDevice:
    """An opened controller: SDL's instance id, its name and GUID, and the open
    handle (kept so the device stays open; None for a test's stand-in)."""

    instance_id: int
    name: str = "Game controller"
    guid: str = ""
    handle: object | None = None


Opener = Callable[[int], "PadDevice | None"]


def open_sdl_controller(device_index: int) -> PadDevice | None:
    """Open SDL's game controller ``device_index`` (None if it is not one or cannot be opened)."""
    from pygame._sdl2 import controller

    if not controller.get_init():
        controller.init()
    if not controller.is_controller(device_index):
        return None
    pad = controller.Controller(device_index)
    joystick = pad.as_joystick()
    return PadDevice(joystick.get_instance_id(), str(pad.name or "Game controller"), str(joystick.get_guid()), pad)


@dataclass
class Pad:
    """A controller the game knows, plugged in or not."""

    number: int
    name: str
    guid: str
    device: PadDevice | None = None  # None while unplugged

    @property
    def connected(self) -> bool:
        return self.device is not None


@dataclass
class _Held:
    pad: int
    button: str
    next_repeat: float = REPEAT_DELAY_S


@dataclass
class Pads:
    """Every controller seen since the game started, and what their presses mean."""

    opener: Opener = open_sdl_controller
    pads: dict[int, Pad] = field(default_factory=dict)  # by number
    by_instance: dict[int, int] = field(default_factory=dict)  # SDL instance id -> number
    version: int = 0  # goes up whenever a controller comes or goes (screens poll it)
    last_press: PadPress | None = None
    _held: dict[tuple[int, str], _Held] = field(default_factory=dict)
    _axes: dict[tuple[int, int], int] = field(default_factory=dict)  # (number, axis) -> -1, 0, 1
    _handed: tuple[object, dict[int, int]] | None = None

    # Starting -------------------------------------------------------------------
    def start(self) -> bool:
        """Start SDL's controller support (its ADDED events then report the pads
        already plugged in). False, and logged, if this system has none."""
        try:
            from pygame._sdl2 import controller

            if not controller.get_init():
                controller.init()
            return True
        except Exception as err:  # no controller support: keyboard and mouse only
            log.info("no game controller support: %s", err)
            return False

    # Which pads there are -----------------------------------------------------------
    def connected(self, number: int | None) -> bool:
        pad = self.pads.get(number) if number is not None else None
        return pad is not None and pad.connected

    def connected_numbers(self) -> list[int]:
        return sorted(n for n, pad in self.pads.items() if pad.connected)

    def label(self, number: int) -> str:
        return pad_label(number)

    def number_of(self, instance_id: int) -> int | None:
        return self.by_instance.get(instance_id)

    # Events ---------------------------------------------------------------------------
    @staticmethod
    def owns(event: pygame.event.Event) -> bool:
        """Whether ``event`` is a controller's (the App hands those here)."""
        return event.type in DEVICE_EVENTS or event.type in INPUT_EVENTS

    def handle(self, event: pygame.event.Event) -> list[PadPress]:
        """Take in one controller event; the presses it makes (often none). Never raises."""
        try:
            if event.type == pygame.CONTROLLERDEVICEADDED:
                self.added(int(getattr(event, "device_index", getattr(event, "which", -1))))
            elif event.type == pygame.CONTROLLERDEVICEREMOVED:
                self.removed(int(getattr(event, "instance_id", getattr(event, "which", -1))))
            elif event.type == pygame.CONTROLLERDEVICEREMAPPED:
                self.version += 1
            elif event.type == pygame.CONTROLLERBUTTONDOWN:
                return self._button(event, True)
            elif event.type == pygame.CONTROLLERBUTTONUP:
                self._button(event, False)
            elif event.type == pygame.CONTROLLERAXISMOTION:
                return self._axis(event)
        except Exception as err:  # a strange device must never stop the game
            log.warning("controller event %s ignored: %s", pygame.event.event_name(event.type), err)
        return []

    def added(self, device_index: int) -> int | None:
        """A controller was plugged in (or was there at the start): open it, number it."""
        try:
            device = self.opener(device_index)
        except Exception as err:
            log.warning("controller %s could not be opened: %s", device_index, err)
            return None
        if device is None:
            return None
        known = self.by_instance.get(device.instance_id)
        if known is not None:  # the same device reported twice
            return known
        # the pad that was unplugged comes back as itself; a new one takes the first free number
        number = next(
            (n for n, pad in sorted(self.pads.items()) if not pad.connected and device.guid and pad.guid == device.guid),
            None,
        )
        if number is None:
            number = 1
            while number in self.pads:
                number += 1
        self.pads[number] = Pad(number, device.name, device.guid, device)
        self.by_instance[device.instance_id] = number
        self.version += 1
        log.info("controller %d connected: %s", number, device.name)
        return number

    def removed(self, instance_id: int) -> int | None:
        """A controller was unplugged: close it; its number is kept for its return."""
        number = self.by_instance.pop(instance_id, None)
        if number is None:
            return None
        pad = self.pads[number]
        handle = pad.device.handle if pad.device is not None else None
        pad.device = None
        quit_ = getattr(handle, "quit", None)
        if quit_ is not None:
            try:
                quit_()
            except Exception:  # already gone
                pass
        self._held = {k: v for k, v in self._held.items() if k[0] != number}
        self._axes = {k: v for k, v in self._axes.items() if k[0] != number}
        self.version += 1
        log.info("controller %d unplugged", number)
        return number

    def _button(self, event: pygame.event.Event, down: bool) -> list[PadPress]:
        number = self.by_instance.get(int(event.instance_id))
        name = BUTTONS.get(int(event.button))
        if number is None or name is None:
            return []
        if not down:
            self._held.pop((number, name), None)
            return []
        if name in DIRECTIONS:
            self._held[(number, name)] = _Held(number, name)
        return [self._press(number, name)]

    def _axis(self, event: pygame.event.Event) -> list[PadPress]:
        number = self.by_instance.get(int(event.instance_id))
        axis = int(event.axis)
        if number is None:
            return []
        value = max(-1.0, min(1.0, int(event.value) / AXIS_MAX))
        if axis in STICK_AXES:
            low, high = STICK_AXES[axis]
            before = self._axes.get((number, axis), 0)
            now = before
            if before == 0 and abs(value) > PUSH:
                now = 1 if value > 0 else -1
            elif before != 0 and (abs(value) < RELEASE or (value > 0) != (before > 0)):
                now = 0 if abs(value) <= PUSH else (1 if value > 0 else -1)
            if now == before:
                return []
            self._axes[(number, axis)] = now
            for name in (low, high):
                self._held.pop((number, f"stick-{name}"), None)
            if now == 0:
                return []
            name = high if now > 0 else low
            self._held[(number, f"stick-{name}")] = _Held(number, name)
            return [self._press(number, name)]
        if axis in TRIGGER_AXES:
            before = self._axes.get((number, axis), 0)
            now = 1 if value > PUSH else 0 if value < RELEASE else before
            self._axes[(number, axis)] = now
            if now and not before:
                return [self._press(number, TRIGGER_AXES[axis])]
        return []

    def _press(self, number: int, name: str, repeat: bool = False) -> PadPress:
        press = PadPress(number, name, repeat)
        self.last_press = press
        return press

    @property
    def holding(self) -> bool:
        """A direction is held down (it repeats: the frames go on)."""
        return bool(self._held)

    def update(self, dt: float) -> list[PadPress]:
        """Time passes: a direction held down repeats."""
        out: list[PadPress] = []
        for held in self._held.values():
            held.next_repeat -= dt
            if held.next_repeat <= 0:
                held.next_repeat += REPEAT_EVERY_S
                if held.next_repeat <= 0:  # a long frame: one repeat, not a burst
                    held.next_repeat = REPEAT_EVERY_S
                out.append(self._press(held.pad, held.button, True))
        return out

    # Seats: the new-game screen hands the table which pad plays which seat ---------------
    def hand_over(self, match: object, seat_pads: dict[int, int]) -> None:
        """``match`` is about to start with these seats played by these pads."""
        self._handed = (match, dict(seat_pads))

    def take_over(self, match: object) -> dict[int, int]:
        """The seats' pads handed over for ``match`` (none for any other match)."""
        handed = self._handed
        if handed is None or handed[0] is not match:
            return {}
        self._handed = None
        return dict(handed[1])
