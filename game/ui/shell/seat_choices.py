"""Who plays each seat, as the command line and the setup screen name them:
a person at the screen (``human``) or a computer player of some level (one of
``game.ai.levels``)."""

from __future__ import annotations

from dataclasses import dataclass

from game.ai import levels
from game.engine import PlayerInfo
from game.i18n import _
from game.words import names


def seat_kinds() -> tuple[str, ...]:
    """What a seat may be: ``human``, then every computer level in order."""
    return ("human", *levels.ids())


class SeatError(ValueError):
    """A ``--seats`` value that cannot be used, with the reason."""


@dataclass(frozen=True)
class SeatSpec:
    """One seat as the command line or the setup screen names it."""

    name: str
    kind: str  # one of seat_kinds()

    @property
    def is_human(self) -> bool:
        return self.kind == "human"

    def player_info(self) -> PlayerInfo:
        if self.is_human:
            return PlayerInfo(self.name, "human", None)
        return PlayerInfo(self.name, "computer", self.kind)


def default_name(kind: str, nth: int, of_kind: int) -> str:
    """A seat's name when none is given, as a code (game.words.names): ``@you`` for
    the one person, ``@player:N`` for one of several (``nth``: the seat's number),
    ``@hard``, ``@easy:2`` (``nth``: among that level's seats); worded only where
    it is shown, in the language of the moment."""
    if kind == "human":
        return names.YOU if of_kind == 1 else names.player_code(nth)
    return names.level_code(kind, nth)


def parse_seats(text: str) -> list[SeatSpec]:
    """``"Ann=human,hard"`` -> seats; ``SeatError`` with a one-line reason."""
    items = [item.strip() for item in text.split(",")]
    if not text.strip() or any(not item for item in items):
        raise SeatError(_("--seats {value}: give comma-separated seats, e.g. Ann=human,hard").format(value=repr(text)))
    parsed: list[tuple[str | None, str]] = []
    for item in items:
        name: str | None = None
        kind = item
        if "=" in item:
            name, kind = (part.strip() for part in item.split("=", 1))
            if not name:
                raise SeatError(_("--seats: {item} has an empty name before '='").format(item=repr(item)))
            if names.typed_refused(name):
                raise SeatError(_("--seats: the name {name} begins with @, which only the game's own names do").format(name=repr(name)))
            if len(name) > 24:
                raise SeatError(_("--seats: the name {name} is longer than 24 characters").format(name=repr(name)))
        kind = kind.lower()
        if kind not in seat_kinds():
            raise SeatError(_("--seats: unknown seat kind {kind} (use {kinds})").format(kind=repr(kind), kinds=", ".join(seat_kinds())))
        parsed.append((name, kind))
    seats: list[SeatSpec] = []
    for index, (name, kind) in enumerate(parsed):
        nth = sum(1 for _name, k in parsed[: index + 1] if k == kind)
        of_kind = sum(1 for _name, k in parsed if k == kind)
        nth = index + 1 if kind == "human" else nth  # people among several are their seats' ("Player 3"), as in New game
        seats.append(SeatSpec(name or default_name(kind, nth, of_kind), kind))
    taken = [s.name for s in seats]
    if len(set(taken)) != len(taken):
        raise SeatError(_("--seats: two seats have the same name"))
    return seats
