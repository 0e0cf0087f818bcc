"""The computer levels: one registry, in the order the lists show them.

A ``Level`` is its id (what records, the command line and the network write),
its player (a ``"module:Class"`` imported when first asked for, so reading the
registry imports no player; or a factory, as a test's), the seconds it may
think per decision, its name and one-line description (marked with ``N_``:
the screens translate them), its place in every list, whether New game
and Host offer it (``random`` is for the command line, tournaments and tests),
the keyword arguments its player's class is made with (``options``: the
blends' shares of medium's moves and of its contrary, ``game.ai.mixed``) and whether it sees every
hand (``sees_all``: ``omniscient``, the ladder's ceiling, which no seat may be:
``ids``, ``levels`` and ``offered`` leave it out, ``seers`` lists it).

Everything else that lists levels reads them here: the command line's seat
kinds, New game's and Host's cycles of seat kinds, the seats' default names,
Past matches' labels, the network's allowed kinds, the worker's think budgets
(``game.play.thinker``) and ``make_player``. A new level is its module plus one
``register(Level(...))`` below.
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Iterator

from game.i18n import N_

if TYPE_CHECKING:
    from game.ai.player import Player

DEFAULT = "medium"  # the level of a computer seat that names none, or one this version lacks
AT_MY_LEVEL = "at-my-level"  # New game's and Host's seat kind that becomes, at the start, the level nearest the
# person's rating (game.rating.at_my_level): never a level's id, never in a record


@dataclass(frozen=True)
class Level:
    """One computer level (see the module's doc)."""

    id: str
    player: str | Callable[[], Player]  # "game.ai.easy:EasyPlayer", or a factory
    budget_s: float  # seconds of thinking per decision at a table
    name: str  # "Easy": a seat's name and New game's word for it
    label: str  # "easy": after a player's name in Past matches ("Ann (easy)")
    description: str  # one line on how it plays
    order: int
    offered: bool = True  # New game and Host offer it
    options: tuple[tuple[str, float], ...] = ()  # keyword arguments of the player's class: ("share", 0.6)
    sees_all: bool = False  # the ladder's ceiling: sees every hand, so no seat may be it (see ``seers``)

    def make(self) -> Player:
        """A new player of this level."""
        if callable(self.player):
            made: Player = self.player()
        else:
            module, _, cls = self.player.partition(":")
            made = getattr(importlib.import_module(module), cls)(**dict(self.options))
        if made.level != self.id:  # another level's player, with a budget of its own: it is this level's
            made.level = self.id
        return made


_LEVELS: dict[str, Level] = {}


def register(level: Level) -> None:
    """Add ``level`` (``ValueError`` if its id is taken)."""
    if level.id in _LEVELS or level.id in ("human", AT_MY_LEVEL):
        raise ValueError(f"a computer level {level.id!r} is already registered")
    _LEVELS[level.id] = level


def unregister(level_id: str) -> None:
    """Take a level out again (a test's, or a plug-in's)."""
    _LEVELS.pop(level_id, None)


@contextmanager
def registered(level: Level) -> Iterator[Level]:
    """``level`` registered for the ``with`` block only."""
    register(level)
    try:
        yield level
    finally:
        unregister(level.id)


def levels() -> tuple[Level, ...]:
    """Every level a seat may be (none that sees every hand), in order."""
    return tuple(level for level in _every() if not level.sees_all)


def seers() -> tuple[Level, ...]:
    """The players that see every hand (``sees_all``), in order: only the ladder
    and the tournament's games play them (``game.ai.omniscient``), never a seat."""
    return tuple(level for level in _every() if level.sees_all)


def _every() -> tuple[Level, ...]:
    return tuple(sorted(_LEVELS.values(), key=lambda level: (level.order, level.id)))


def ids() -> tuple[str, ...]:
    """Every level's id, in order: the computer kinds a seat may be."""
    return tuple(level.id for level in levels())


def offered() -> tuple[str, ...]:
    """The levels New game and Host offer, in order."""
    return tuple(level.id for level in levels() if level.offered)


def get(level_id: str | None) -> Level | None:
    """The level ``level_id`` names (one that sees every hand too: the tournament's), or None."""
    return _LEVELS.get(level_id) if level_id is not None else None


def resolve(level_id: str | None) -> Level:
    """The level ``level_id`` names; the default one for none, for one this
    version lacks (a record of a newer version's level plays on) or for one
    that sees every hand (no seat may be it)."""
    found = _LEVELS.get(level_id or DEFAULT)
    return found if found is not None and not found.sees_all else _LEVELS[DEFAULT]


def make_player(level_id: str) -> Player:
    """A player of ``level_id``; ``ValueError`` naming the known levels otherwise."""
    level = _LEVELS.get(level_id)
    if level is None:
        raise ValueError(f"unknown computer level {level_id!r} (known: {', '.join(ids())})")
    return level.make()


def budget_s(level_id: str) -> float:
    """Seconds of thinking per decision for ``level_id`` (the default level's for an unknown one)."""
    return resolve(level_id).budget_s


for _level in (
    Level(
        "beginner",
        "game.ai.mixed:MixedPlayer",
        0.2,  # medium's moves with 3+ players take tens of ms: a server thinks them in a worker, not on its event loop
        N_("Beginner"),
        N_("beginner"),
        N_("Lets a first-timer win: plays the very move a sound player would avoid."),
        5,
        options=(("worst", 1.0), ("declines", 0.3)),  # below random play, meant so (game.ai.mixed)
    ),
    Level(
        "novice",
        "game.ai.mixed:MixedPlayer",
        0.2,
        N_("Novice"),
        N_("novice"),
        N_("Plays almost at random: one move in twenty is a sound one."),
        7,
        options=(("share", 0.05),),
    ),
    Level(
        "easy",
        "game.ai.mixed:MixedPlayer",
        0.2,
        N_("Easy"),
        N_("easy"),
        N_("Plays soundly two moves in three, the others at random."),
        10,
        options=(("share", 0.67),),
    ),
    Level(
        "medium",
        "game.ai.medium:MediumPlayer",
        0.35,
        N_("Medium"),
        N_("medium"),
        N_("Sound play: sheds heavy tiles, keeps its matadors, blocks what you lack."),
        20,
    ),
    Level(
        "hard",
        "game.ai.hard:HardPlayer",
        1.0,
        N_("Hard"),
        N_("hard"),
        N_("Looks ahead: tries each move on many possible deals of the hidden tiles."),
        30,
        options=(("iterations", 400),),  # a third of expert's search's: halfway from medium to expert on the ladder
    ),
    Level(
        "expert",
        "game.ai.expert:ExpertPlayer",
        1.8,
        N_("Expert"),
        N_("expert"),
        N_("Looks further ahead on more deals, and plays the end of a round perfectly once it knows your tiles."),
        35,
    ),
    Level(
        "random",
        "game.ai.random_player:RandomPlayer",
        0.0,
        N_("Random"),
        N_("random"),
        N_("Any legal move, at random."),
        40,
        offered=False,
    ),
    Level(
        "omniscient",
        "game.ai.omniscient:OmniscientPlayer",
        1.8,
        N_("Omniscient"),
        N_("omniscient"),
        N_("Sees every hand: the ladder's ceiling, never a seat's level."),
        50,
        offered=False,
        sees_all=True,
    ),
):
    register(_level)
del _level
