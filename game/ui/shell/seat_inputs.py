"""Which input plays each person's seat: the keyboard and mouse, or a controller.

A UI matter only: the engine and the game record know seats by name and kind,
never by what is held in the hand. A seat not given to a controller is played
with the keyboard and mouse, and by any controller that plays no seat (so one
person with only a controller, on a handheld, needs no setup); a seat given to
a controller is played by that controller alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from game.i18n import N_, _
from game.ui.shell.gamepad import pad_label

KEYS_LABEL = N_("Keyboard & mouse")
KEYS_SHORT = N_("Keys")


def input_label(pad: int | None) -> str:
    """"Keyboard & mouse" or "Controller 2"."""
    return _(KEYS_LABEL) if pad is None else pad_label(pad)


def short_label(pad: int | None) -> str:
    """The same in few letters, for a narrow window: "Keys", "Pad 2"."""
    return _(KEYS_SHORT) if pad is None else _("Pad {number}").format(number=pad)


@dataclass
class SeatInputs:
    """Seat -> controller number; a seat that is not here uses the keyboard and mouse."""

    pads: dict[int, int] = field(default_factory=dict)

    def owner(self, seat: int) -> int | None:
        """The controller that plays ``seat`` (None: the keyboard and mouse)."""
        return self.pads.get(seat)

    def seat_of(self, pad: int) -> int | None:
        return next((seat for seat, number in self.pads.items() if number == pad), None)

    def free(self, pad: int) -> bool:
        """A controller no seat has taken: it works like the keyboard."""
        return self.seat_of(pad) is None

    def accepts(self, seat: int, source: int | None) -> bool:
        """Whether input from ``source`` (a controller's number, None for the
        keyboard and mouse) may play ``seat``."""
        owner = self.owner(seat)
        if owner is None:
            return source is None or self.free(source)
        return source == owner

    def give(self, seat: int, source: int | None) -> None:
        """``seat`` is played by ``source`` from now on (a controller leaves any other seat)."""
        if source is None:
            self.pads.pop(seat, None)
            return
        for other in [s for s, number in self.pads.items() if number == source]:
            del self.pads[other]
        self.pads[seat] = source
