"""What the table knows about the other hands, in numbers a newcomer can read.

A seat that passed, or had to draw, showed that it held nothing fitting the
open ends: the engine keeps those tiles in ``SeatView.lacks``. A number is
listed for a seat when every tile showing it that the viewer cannot see is
among them. Tiles drawn since are not bound by what was learnt before: the
panel says how many. All of this is public under the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import SeatView
from game.engine.tiles import DOUBLES_MASK, HAS
from game.i18n import _


@dataclass(frozen=True)
class SeatKnowledge:
    seat: int
    holds: int  # tiles in hand
    lacks_numbers: tuple[int, ...]  # numbers it is known not to hold
    lacks_special: bool  # known to hold no matador (or wild double)
    drawn_since: int  # tiles drawn since, which may show those numbers


def known_absent(view: SeatView, seat: int) -> SeatKnowledge:
    """What ``view`` shows that ``seat`` does not hold."""
    lacks = view.lacks[seat]
    unseen = view.unseen_mask()
    numbers = []
    for number in range(view.rules.top + 1):
        showing = HAS[number] & unseen
        if showing and showing & ~lacks == 0:
            numbers.append(number)
    special = (DOUBLES_MASK if view.rules.wild_doubles else view.rules.matador_mask) & unseen
    lacks_special = bool(view.rules.matadors or view.rules.wild_doubles) and bool(special) and special & ~lacks == 0
    return SeatKnowledge(seat, view.hand_counts[seat], tuple(numbers), lacks_special, view.drawn_since[seat])


def table_knowledge(view: SeatView) -> list[SeatKnowledge]:
    """Each other seat, in playing order after the viewer."""
    order = [(view.seat + k) % view.players for k in range(1, view.players)]
    return [known_absent(view, seat) for seat in order]


def knowledge_words(known: SeatKnowledge, special_word: str = "matador") -> str:
    """"no 3, 5 or 6 · no matador (2 drawn since)", or "nothing known yet"."""
    parts = []
    if known.lacks_numbers:
        numbers = [str(n) for n in known.lacks_numbers]
        # TRANSLATORS: numbers a seat is known not to hold: "no 3", "no 3, 5 or 6".
        listed = numbers[0] if len(numbers) == 1 else _("{numbers} or {last}").format(numbers=", ".join(numbers[:-1]), last=numbers[-1])
        parts.append(_("no {numbers}").format(numbers=listed))
    if known.lacks_special:
        parts.append(_("no matador") if special_word == "matador" else _("no wild double"))
    if not parts:
        return _("nothing known yet")
    text = " · ".join(parts)
    if known.drawn_since:
        # TRANSLATORS: after what a seat is known to lack: it drew tiles since, which may hold them.
        text = _("{known} (then drew {count})").format(known=text, count=known.drawn_since)
    return text

