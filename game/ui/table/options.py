"""What the settings say of a table (``TableOptions``, ``table.options``): how
fast a tile glides and a computer plays, whether the tiles that fit are
marked (hints), whether the panel of what the table knows shows."""

from __future__ import annotations

from dataclasses import dataclass

from game.profile.settings import SPEED_FACTOR

GLIDE_S = 0.45  # a computer's tile from its seat to the table, at normal speed
THINK_S = 0.55  # the least time a computer's turn takes, at normal speed


@dataclass
class TableOptions:
    glide_s: float  # a computer's tile glides this long
    think_s: float  # a computer's turn takes this long at least
    hints: bool  # the tiles that fit are marked, the others veiled
    show_knowledge: bool  # the panel of what each seat is known to lack

    @classmethod
    def of(cls, animation_speed: str = "normal", computer_speed: str = "normal", hints: bool = True, show_knowledge: bool = False) -> TableOptions:
        return cls(GLIDE_S / SPEED_FACTOR.get(animation_speed, 1.0), THINK_S / SPEED_FACTOR.get(computer_speed, 1.0), hints, show_knowledge)

    def follow(self, settings: object) -> bool:
        """Take the settings as they are now; True if what the table knows was turned on or off."""
        self.glide_s = GLIDE_S / SPEED_FACTOR.get(str(getattr(settings, "animation_speed", "normal")), 1.0)
        self.think_s = THINK_S / SPEED_FACTOR.get(str(getattr(settings, "computer_speed", "normal")), 1.0)
        self.hints = bool(getattr(settings, "hints", self.hints))
        knowledge = bool(getattr(settings, "show_knowledge", self.show_knowledge))
        changed = knowledge != self.show_knowledge
        self.show_knowledge = knowledge
        return changed
