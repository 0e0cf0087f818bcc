"""Movement on the table: tiles gliding (to the table, back to the hand, from the
boneyard) and short messages that fade. Advanced in ``update``, read in ``draw``.

With Reduce motion on (``game.ui.drawing.access``) nothing glides and nothing eases to a
new size: a tile is at once where it goes, the table at once in its new layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pygame import Rect

from game.ui.drawing import access

FADE_S = 0.4  # a message fades out over its last moments


def ease(t: float) -> float:
    """Smooth start and stop (cubic ease in-out) for ``t`` in 0..1."""
    t = max(0.0, min(1.0, t))
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


@dataclass
class Glide:
    """A tile moving from ``start`` to ``end`` (centres) over ``duration`` seconds.

    ``face`` is (first, second, vertical, length) for a face-up tile, or None
    for a face-down one. ``hides`` is the tile kept out of its resting place
    (table or hand) until the glide ends; ``blocks`` holds the game back.
    """

    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    face: tuple[int, int, bool, int] | None
    length: int
    vertical: bool
    hides: int | None = None
    blocks: bool = True
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def centre(self) -> tuple[int, int]:
        k = ease(self.elapsed / self.duration) if self.duration > 0 else 1.0
        x = self.start[0] + (self.end[0] - self.start[0]) * k
        y = self.start[1] + (self.end[1] - self.start[1]) * k
        return round(x), round(y)


@dataclass
class Message:
    text: str
    seconds: float
    warning: bool = False
    age: float = 0.0

    @property
    def alpha(self) -> int:
        left = self.seconds - self.age
        return 255 if left > FADE_S else max(0, int(255 * left / FADE_S))


@dataclass
class Shift:
    """The tiles on the table moving to a new layout (the line turned a corner,
    or everything shrank to make room): each glides from its old centre, and
    when the unit changed, its size eases from the old unit to the new one."""

    old: dict[int, tuple[float, float]]
    duration: float
    elapsed: float = 0.0
    old_unit: int = 0  # the unit the tiles had (0: the size did not change)
    new_unit: int = 0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    @property
    def progress(self) -> float:
        return ease(self.elapsed / self.duration) if self.duration > 0 else 1.0

    @property
    def resizing(self) -> bool:
        return 0 < self.old_unit != self.new_unit > 0 and not self.done

    def place(self, tile: int, rect: Rect) -> Rect:
        """Where ``tile``, at home in ``rect``, is drawn now (and how large)."""
        start = self.old.get(tile)
        if start is None or self.duration <= 0:
            return rect
        k = self.progress
        moved = rect.copy()
        if self.resizing:
            unit = self.old_unit + (self.new_unit - self.old_unit) * k
            scale = unit / self.new_unit
            moved.size = (max(2, round(rect.width * scale)), max(2, round(rect.height * scale)))
        moved.center = (
            round(start[0] + (rect.centerx - start[0]) * k),
            round(start[1] + (rect.centery - start[1]) * k),
        )
        return moved


@dataclass
class Motion:
    """Every glide, the table's shift to a new layout, and the current message."""

    glides: list[Glide] = field(default_factory=list)
    message: Message | None = None
    _shift: Shift | None = None

    @property
    def shift(self) -> Shift | None:
        return self._shift

    @shift.setter
    def shift(self, shift: Shift | None) -> None:
        self._shift = None if access.CURRENT.reduce_motion else shift  # reduced: the new layout at once

    def add(self, glide: Glide) -> None:
        if access.CURRENT.reduce_motion:
            return  # the tile is where it goes at once
        self.glides.append(glide)

    def say(self, text: str, seconds: float = 3.0, warning: bool = False) -> None:
        self.message = Message(text, seconds, warning)

    @property
    def blocking(self) -> bool:
        return any(g.blocks for g in self.glides)

    def hidden(self) -> set[int]:
        return {g.hides for g in self.glides if g.hides is not None}

    def update(self, dt: float) -> None:
        for glide in self.glides:
            glide.elapsed += dt
        self.glides = [g for g in self.glides if not g.done]
        if self._shift is not None:
            self._shift.elapsed += dt
            if self._shift.done:
                self._shift = None
        if self.message is not None:
            self.message.age += dt
            if self.message.age >= self.message.seconds:
                self.message = None

    def drop_glides(self, tiles: set[int]) -> None:
        """No glide shows any of ``tiles`` face up any more (a hand turned face down)."""
        self.glides = [g for g in self.glides if g.face is None or g.hides not in tiles]

    def finish(self) -> None:
        """Skip to the end of every glide (a resize, a new round)."""
        self.glides.clear()
        self._shift = None


def centre_of(rect: Rect) -> tuple[float, float]:
    return float(rect.centerx), float(rect.centery)
