"""Seats' default names: kept as codes, worded when shown.

A name a person typed is kept as typed. A name the game gave is kept, in every
file (statistics, past matches, saves, game records, reviews, puzzles,
ratings, the remembered setup), as a *code*: a string that begins with ``@``,
which no typed name may (New game, ``--seats`` and the network refuse one):

- ``@you``: the one person playing at this screen ("You", "Du", "Jij"...);
- ``@player:N``: a person's seat among several, seat ``N`` from 1 ("Player 2");
- ``@LEVEL`` and ``@LEVEL:N``: a computer player of that level (an id of
  ``game.ai.levels``), the ``N``-th of that level from 2 ("Hard", "Hard 2").

``worded`` says a code in the language of the moment; any other name comes
back as it is. ``coded`` is the migration of files written before the codes:
a default name in words, in any language Matador speaks ("You", "Du",
"Player 2", "Spieler 2", "Hard", "Schwer 2"...), becomes its code; the set of
words comes from the translations themselves (``game.i18n.in_every_language``).
No pygame here.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING, Iterable

from game.ai import levels
from game.i18n import N_, _, in_every_language

if TYPE_CHECKING:
    from game.engine import PlayerInfo

MARK = "@"  # every code begins with it; a typed name may not
YOU = "@you"
PLAYER = N_("Player {number}")
_YOU_WORD = N_("You")
_CODE = re.compile(r"@(?:(you)|player:([1-9][0-9]{0,2})|([a-z][a-z0-9-]{0,31})(?::([2-9]|[1-9][0-9]{1,2}))?)")


def player_code(number: int) -> str:
    """Seat ``number`` (from 1)'s default name among several people."""
    return f"@player:{number}"


def level_code(level_id: str, nth: int = 1) -> str:
    """The ``nth`` computer of ``level_id``'s default name (no number for the first)."""
    return f"@{level_id}" if nth <= 1 else f"@{level_id}:{nth}"


def is_code(name: str) -> bool:
    """Whether ``name`` is a default name's code (not a typed name)."""
    return _CODE.fullmatch(name) is not None


def is_person_default(name: str) -> bool:
    """Whether ``name`` is a person's default name (``@you`` or ``@player:N``)."""
    found = _CODE.fullmatch(name)
    return found is not None and (found.group(1) is not None or found.group(2) is not None)


def typed_refused(name: str) -> bool:
    """Whether a typed name is refused: it would read as a code."""
    return name.strip().startswith(MARK)


def worded(name: str) -> str:
    """``name`` as the screen shows it, in the language of the moment: a code in
    words ("@you" -> "Du", "@hard:2" -> "Schwer 2"), any other name as it is."""
    found = _CODE.fullmatch(name)
    if found is None:
        return name
    you, player, level_id, nth = found.groups()
    if you:
        return _(_YOU_WORD)
    if player:
        return _(PLAYER).format(number=int(player))
    level = levels.get(level_id)
    base = _(level.name) if level is not None else level_id.capitalize()
    return f"{base} {nth}" if nth else base


def worded_all(names: Iterable[str]) -> list[str]:
    return [worded(name) for name in names]


# -- the migration of today's words ----------------------------------------------


class _Words:
    """The default names in words, in every language, read from the catalogs once
    (again if the levels' registry changed)."""

    def __init__(self) -> None:
        self.key: tuple[str, ...] | None = None
        self.you: set[str] = set()
        self.players: list[re.Pattern[str]] = []
        self.levels: list[tuple[re.Pattern[str], str]] = []

    def fresh(self) -> _Words:
        key = levels.ids()
        if key != self.key:
            self.you = {word.casefold() for word in in_every_language(_YOU_WORD)}
            self.players = [_pattern(template, "{number}") for template in in_every_language(PLAYER)]
            self.levels = []
            for level in levels.levels():
                for word in in_every_language(level.name) | {level.id}:
                    self.levels.append((re.compile(re.escape(word) + r"(?: ([0-9]{1,3}))?", re.IGNORECASE), level.id))
            self.key = key
        return self


def _pattern(template: str, field: str) -> re.Pattern[str]:
    head, _sep, tail = template.partition(field)
    return re.compile(re.escape(head) + r"([0-9]{1,3})" + re.escape(tail), re.IGNORECASE)


_WORDS = _Words()


def coded(name: str, kind: str) -> str:
    """The name a file written before the codes holds, as it is kept now: a default
    name in words (any language) becomes its code, a typed name stays. ``kind``:
    ``human`` or ``computer`` (a person's seat is never taken for a level's)."""
    if is_code(name) or not name:
        return name
    words = _WORDS.fresh()
    text = " ".join(name.split())
    if kind == "human":
        if text.casefold() in words.you:
            return YOU
        for pattern in words.players:
            found = pattern.fullmatch(text)
            if found is not None and int(found.group(1)) >= 1:
                return player_code(int(found.group(1)))
        return name
    for pattern, level_id in words.levels:
        found = pattern.fullmatch(text)
        if found is not None:
            nth = int(found.group(1)) if found.group(1) else 1
            return level_code(level_id, nth) if nth >= 1 else name
    return name


def coded_player(player: PlayerInfo) -> PlayerInfo:
    """``player`` with its name as kept now (``coded``)."""
    name = coded(player.name, player.kind)
    return player if name == player.name else replace(player, name=name)
