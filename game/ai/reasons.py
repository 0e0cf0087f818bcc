"""Why the better action was better: a short sentence true of the position.

The coach (``coach.py``) measures how much winning chance an action gave up;
this module says in words what the better action does that the one played
did not. Every phrase is a fact read from the seat's view (its own hand, the
table, and what the public history proves about the other hands), never from
the hidden hands:

* it goes out (a domino);
* it keeps a matador (or a wild double) that the action played spent;
* it leaves only blank ends, which only a matador can open;
* it leaves an end the next player is known to have nothing plain for (a
  pass or a forced draw proved it), or for which no tile is left unseen;
* fewer of the tiles the seat cannot see would answer the ends it leaves;
* it sheds more pips;
* it keeps an end open that the seat can follow on with a plain tile.

When none of these tells the two apart, the sentence still names a fact that
does (the ends it leaves showing; the tile it keeps in hand; the tiles left in
hand against those after a draw), and says how often each won in the coach's
playouts, which is the real reason; the figures alone only when no fact tells
the two actions apart at all.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from game.ai.heuristic import scratch_state, special_mask
from game.ai.knowledge import read_knowledge
from game.engine import Action, SeatView
from game.engine.tiles import HALVES, PIPS, tile_name
from game.i18n import N_, _, ngettext
from game.words.ends import end_name

MAX_FACTS = 2  # phrases joined into one reason


@dataclass(frozen=True)
class Facts:
    """What one action does, from the seat's point of view."""

    action: Action
    shed: int  # pips laid
    special: bool  # the tile laid is a matador or a wild double
    wins: bool  # it was the seat's last tile
    ends: tuple[tuple[int, ...], ...]  # the values each open end shows afterwards
    hand: int  # the seat's hand afterwards (a draw: as before, the new tile unknown)
    answers: int  # unseen tiles the next seat may hold that fit an end afterwards


class Explainer:
    """Facts about the actions of one view, and sentences comparing two of them."""

    def __init__(self, view: SeatView, names: Sequence[str] | None = None):
        self.view = view
        players = view.players
        self.names = list(names) if names is not None else [f"Player {s + 1}" for s in range(players)]
        self.next_seat = (view.seat + 1) % players
        self.special = special_mask(view)
        self.rules = view.rules
        unseen = view.unseen_mask()
        knowledge = read_knowledge(view)
        lacks = knowledge[self.next_seat].surely_lacks if self.next_seat in knowledge else 0
        self.unseen = unseen
        self.possible = unseen & ~lacks  # tiles the next seat may hold
        self._state = scratch_state(view)  # the hidden tiles on it are arbitrary and never read

    # Facts ----------------------------------------------------------------
    def facts(self, action: Action) -> Facts:
        view = self.view
        seat = view.seat
        state = self._state
        if action.kind != "lay" or action.tile is None:
            ends = tuple(e.values for e in view.open_ends())
            return Facts(action, 0, False, False, ends, view.hand_mask, self._answers(ends))
        tile = action.tile
        state.push_unchecked(action)
        try:
            ends = tuple(e.values for e in state.open_ends())
            hand = state.hands[seat]
        finally:
            state.pop()
        special = bool(self.special >> tile & 1)
        return Facts(action, PIPS[tile], special, hand == 0, ends, hand, self._answers(ends))

    def _answers(self, ends: tuple[tuple[int, ...], ...]) -> int:
        fits = self.rules.fits
        mask = 0
        for values in ends:
            for v in values:
                mask |= fits[v]
        return (self.possible & mask).bit_count()

    def _plain_for(self, value: int) -> int:
        """Tiles that join an end showing ``value`` by the rule of seven alone."""
        need = self.rules.target - value
        if not 0 < need <= self.rules.top:
            return 0
        mask = 0
        for t in self.rules.all_tiles:
            if need in HALVES[t] and not self.special >> t & 1:
                mask |= 1 << t
        return mask

    def _shut_needs(self, facts: Facts) -> dict[int, str]:
        """Numbers the ends ask for that the next seat cannot have (plainly), and why."""
        found: dict[int, str] = {}
        name = self.names[self.next_seat]
        for values in facts.ends:
            for v in values:
                plain = self._plain_for(v)
                need = self.rules.target - v
                if not plain or need in found:
                    continue
                if not self.unseen & plain:
                    found[need] = _("no {need} is left for {name}").format(need=need, name=name)
                elif not self.possible & plain:
                    found[need] = _("{name} is known to have no {need}").format(name=name, need=need)
        return found

    def _followable(self, facts: Facts) -> dict[int, int]:
        """End value -> a plain tile of the seat's hand that fits it afterwards."""
        found: dict[int, int] = {}
        hand = facts.hand & ~self.special
        for values in facts.ends:
            for v in values:
                mine = hand & self.rules.fits[v]
                if mine and v not in found:
                    found[v] = (mine & -mine).bit_length() - 1
        return found

    # Words ------------------------------------------------------------------
    def words(self, action: Action) -> str:
        """The action in a few words: ``6-1 on the 1``, ``4-3 across the north arm``, ``drawing``, ``leading 5-5``."""
        if action.kind == "draw":
            return _("drawing") if action.count == 1 else _("drawing {count}").format(count=action.count)
        if action.kind == "pass":
            return _("passing")
        if action.kind == "refuse":
            return _("refusing to lead")
        assert action.tile is not None
        name = tile_name(action.tile)
        if action.arm is None:
            return _("leading {tile}").format(tile=name)
        shown = next((end.values for end in self.view.open_ends() if end.arm == action.arm), ())
        where = end_name(action.arm, shown, self.view.rules.layout)
        if action.across:
            return _("{tile} across {end}").format(tile=name, end=where)
        a, b = HALVES[action.tile]
        if a != b and self.special >> action.tile & 1 and action.touch is not None:
            return _("{tile} on {end} ({half} touching)").format(tile=name, end=where, half=action.touch)
        return _("{tile} on {end}").format(tile=name, end=where)

    def reason(self, played: Action, best: Action, chance_played: float, chance_best: float) -> str:
        """Why ``best`` beat ``played``: up to two facts, else the playouts' figures."""
        mine, other = self.facts(played), self.facts(best)
        phrases = self._phrases(mine, other)[:MAX_FACTS]
        subject = self.words(best)
        if phrases:
            # TRANSLATORS: a move, then why it was better ("6-1 on the 1 keeps your matador 5-2 for later").
            text = _("{move} {reasons}").format(move=subject, reasons=_join(phrases))
        else:
            shown = self._shown(other, mine) or self._kept(mine, other)
            figures = {
                "move": subject,
                "shown": shown,
                "best": f"{100 * chance_best:.0f}",
                "played": f"{100 * chance_played:.0f}",
                "other": self.words(played),
            }
            if shown:
                text = _(
                    "{move} {shown} and works out better over the rest of the round: "
                    "a {best}% chance of winning, against {played}% for {other}"
                ).format(**figures)
            else:
                text = _(
                    "{move} works out better over the rest of the round: "
                    "a {best}% chance of winning, against {played}% for {other}"
                ).format(**figures)
        return text[0].upper() + text[1:]

    def _shown(self, other: Facts, mine: Facts) -> str:
        """What ends ``other`` leaves showing that ``mine`` does not: "leaves a 3
        showing instead of a 4"."""
        if other.action.kind != "lay" or mine.action.kind != "lay":
            return ""
        left = sorted(v for values in other.ends for v in values)
        right = sorted(v for values in mine.ends for v in values)
        only_other = _minus(left, right)
        only_mine = _minus(right, left)
        if not only_other:
            if only_mine:  # the same numbers, but the action played leaves more of some (a matador across, say)
                # TRANSLATORS: why a move was better: the other move leaves these numbers on more ends ("leaves fewer ends showing a blank than 5-2 across the west arm").
                return _("leaves fewer ends showing {values} than {other}").format(
                    values=_values(only_mine), other=self.words(mine.action)
                )
            return ""
        if only_mine:
            return _("leaves {values} showing instead of {others}").format(values=_values(only_other), others=_values(only_mine))
        return _("leaves {values} showing").format(values=_values(only_other))

    def _kept(self, mine: Facts, other: Facts) -> str:
        """What ``other`` keeps that ``mine`` does not, when nothing else tells
        them apart: the tile ``mine`` lays, still in hand ("keeps 6-1 in your
        hand"); or after ``mine`` draws, fewer tiles in hand ("leaves you 3
        tiles in hand instead of 5")."""
        tile = mine.action.tile
        if mine.action.kind == "lay" and tile is not None and other.hand >> tile & 1:
            # TRANSLATORS: why a move was better: it does not spend this tile ("keeps 6-1 in your hand").
            return _("keeps {tile} in your hand").format(tile=tile_name(tile))
        if mine.action.kind == "draw" and other.action.kind == "lay":
            count = other.hand.bit_count()
            drawn = mine.hand.bit_count() + mine.action.count
            # TRANSLATORS: why a lay was better than drawing: the tiles left in hand ("leaves you 3 tiles in hand instead of 5").
            return ngettext(
                "leaves you {count} tile in hand instead of {other}",
                "leaves you {count} tiles in hand instead of {other}",
                count,
            ).format(count=count, other=drawn)
        return ""

    def _phrases(self, mine: Facts, other: Facts) -> list[str]:
        phrases: list[str] = []
        if other.wins and not mine.wins:
            return [_("goes out and wins the round")]
        if mine.special and not other.special and mine.action.tile is not None:
            kept = _("keeps your matador {tile} for later") if self.rules.matadors else _("keeps your wild double {tile} for later")
            phrases.append(kept.format(tile=tile_name(mine.action.tile)))
        if self.rules.matadors and _all_blank(other) and not _all_blank(mine):
            held = (other.hand & self.rules.matador_mask).bit_count()
            if held:
                phrases.append(
                    ngettext(
                        "leaves only blank ends, which only a matador can open (you hold {count})",
                        "leaves only blank ends, which only a matador can open (you hold {count})",
                        held,
                    ).format(count=held)
                )
            else:
                phrases.append(_("leaves only blank ends, which only a matador can open"))
        shut_mine, shut_other = self._shut_needs(mine), self._shut_needs(other)
        new_shut = [need for need in shut_other if need not in shut_mine]
        if new_shut:
            need = new_shut[0]
            value = self.rules.target - need
            phrases.append(_("leaves an end showing {value}, and {why}").format(value=value, why=shut_other[need]))
        elif other.answers + 2 <= mine.answers and other.ends:
            name = self.names[self.next_seat]
            phrases.append(_("leaves ends {name} can answer with fewer tiles").format(name=name))
        if other.shed > mine.shed:
            if mine.action.kind == "lay":
                phrases.append(
                    ngettext(
                        "sheds {count} pip, against {other} for {move}", "sheds {count} pips, against {other} for {move}", other.shed
                    ).format(count=other.shed, other=mine.shed, move=self.words(mine.action))
                )
            else:
                phrases.append(
                    ngettext("sheds {count} pip instead of {move}", "sheds {count} pips instead of {move}", other.shed).format(
                        count=other.shed, move=self.words(mine.action)
                    )
                )
        follow_mine, follow_other = self._followable(mine), self._followable(other)
        if follow_other and not follow_mine:
            value, tile = next(iter(follow_other.items()))
            phrases.append(_("keeps an end showing {value} open for your {tile}").format(value=value, tile=tile_name(tile)))
        return phrases


def _all_blank(facts: Facts) -> bool:
    return bool(facts.ends) and all(v == 0 for values in facts.ends for v in values)


def _minus(values: list[int], others: list[int]) -> list[int]:
    """``values`` less one of each of ``others`` (multisets)."""
    rest = list(values)
    for v in others:
        if v in rest:
            rest.remove(v)
    return rest


def _join(phrases: list[str]) -> str:
    """"A", "A, and B" (two at most: ``MAX_FACTS``)."""
    if len(phrases) == 1:
        return phrases[0]
    # TRANSLATORS: two reasons a move was better, joined.
    return _("{first}, and {second}").format(first=phrases[0], second=phrases[1])


def _values(values: list[int]) -> str:
    """"a 3", "two 6s and a blank"."""
    counts = {v: values.count(v) for v in sorted(set(values), reverse=True)}
    words = []
    for v, n in counts.items():
        if v == 0:
            words.append(ngettext("a blank", "{count} blanks", n).format(count=_count(n)))
        elif n == 1:
            # TRANSLATORS: one end showing a number ("a 3", "an 8").
            words.append((_("an {value}") if v == 8 else _("a {value}")).format(value=v))
        else:
            # TRANSLATORS: several ends showing the same number ("two 6s").
            words.append(ngettext("{count} {value}", "{count} {value}s", n).format(count=_count(n), value=v))
    if len(words) == 1:
        return words[0]
    return _("{values} and {last}").format(values=", ".join(words[:-1]), last=words[-1])


def _count(n: int) -> str:
    """A small count in words ("two"), in the player's language."""
    word = NUMBERS.get(n)
    return _(word) if word is not None else str(n)


NUMBERS = {2: N_("two"), 3: N_("three"), 4: N_("four")}


def reason(
    view: SeatView,
    played: Action,
    best: Action,
    chance_played: float,
    chance_best: float,
    names: Sequence[str] | None = None,
) -> str:
    """Why ``best`` was better than ``played`` for ``view.seat``, in one sentence."""
    return Explainer(view, names).reason(played, best, chance_played, chance_best)


__all__ = ["Explainer", "Facts", "reason"]
