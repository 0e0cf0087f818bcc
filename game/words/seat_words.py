"""Sentences about seats and matches that read right for every name, "You" included.

A seat is usually named ("Ann", "Hard 2"), but the one person playing against
computers is "You" by default, and "You leads" or "You's turn" reads wrong.
Every sentence that names a seat is built here or with ``says`` and
``whose``, so that it reads "Ann leads" and "You lead", "Ann's turn" and "Your
turn".

The match keeps default names as codes (``game.words.names``: ``@you``,
``@player:2``, ``@hard``). The sentences take names as ``said_name`` gives
them: the one person as "You" (told apart by ``is_you``, worded by each
sentence), every other default name worded in the language of the moment.
Where a name stands alone, ``shown_name`` words it, "You" included.
"""

from __future__ import annotations

from typing import Iterable

from game.engine import Match
from game.i18n import N_, _, ngettext
from game.words.names import YOU, worded

# Verbs whose third person is not the base form plus "s".
_IRREGULAR = {"be": "is", "have": "has", "do": "does", "go": "goes"}


def is_you(name: str) -> bool:
    """Whether ``name`` is the second person (its code ``@you``, or "You" in any case)."""
    return name == YOU or name.strip().lower() == "you"


def said_name(name: str) -> str:
    """A name kept by the match as the sentences take it: "You" for the one person
    (``is_you``), any other default name worded, a typed name as it is."""
    return "You" if name == YOU else worded(name)


def said_names(names: Iterable[str]) -> list[str]:
    return [said_name(name) for name in names]


def third_person(verb: str) -> str:
    """"lead" -> "leads", "pass" -> "passes", "carry" -> "carries", "have" -> "has"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith(("s", "sh", "ch", "x", "z", "o")):
        return verb + "es"
    if len(verb) > 1 and verb.endswith("y") and verb[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def says(name: str, verb: str, rest: str = "", mid: bool = False) -> str:
    """``name`` doing ``verb`` (given in its base form), then ``rest``:
    ``says("Ann", "lead", "with 1-1")`` -> "Ann leads with 1-1", for "You" "You lead with 1-1".

    Only the first word of ``verb`` is conjugated ("draw for" -> "draws for").
    ``mid``: the sentence began before, so "You" is written "you".
    """
    head, _, tail = verb.partition(" ")
    if is_you(name):
        word = {"be": "are"}.get(head, head)
        name = "you" if mid else "You"
    else:
        word = third_person(head)
        name = worded(name)
    words = " ".join(part for part in (word, tail) if part)
    return f"{name} {words}" + (f" {rest}" if rest else "")


def whose(name: str, capital: bool = False) -> str:
    """The possessive: "Ann's", or "your" ("Your" with ``capital``)."""
    if is_you(name):
        return "Your" if capital else "your"
    return f"{worded(name)}'s"


def shown_name(name: str) -> str:
    """A seat's name where it stands alone (a plaque, a column of scores): "You" in
    the player's language, any other name as it is."""
    return _("You") if is_you(name) else worded(name)


def object_name(name: str) -> str:
    """``name`` as an object: "to Ann", "to you"."""
    return "you" if is_you(name) else worded(name)


def match_title(match: Match, exclaim: bool = False) -> str:
    """"Ann wins the match", "You win the match", "The match is drawn"; "" while it goes on."""
    if not match.over:
        return ""
    if match.winner == "draw":
        return _("The match is drawn")
    if isinstance(match.winner, int):
        name = said_name(match.players[match.winner].name)
        if is_you(name):
            return _("You win the match!") if exclaim else _("You win the match")
        return (_("{name} wins the match!") if exclaim else _("{name} wins the match")).format(name=name)
    return _("The match is over")


def goal_note(match: Match) -> str:
    rules = match.rules
    if rules.target_score is None:
        return _("One round only.")
    if rules.match_end == "first-to-target-loses":
        return _("Points are bad: the first to reach {target} loses.").format(target=rules.target_score)
    if rules.match_end == "lowest-when-target-reached":
        return _("When someone reaches {target}, the lowest total wins.").format(target=rules.target_score)
    return _("The first to reach {target} wins.").format(target=rules.target_score)


def hold_words(seconds: float) -> str:
    """A network seat's 5-minute hold, its time left as a clock reads (4:05)."""
    whole = max(0, int(seconds + 0.999))
    return f"{whole // 60}:{whole % 60:02d}"


# TRANSLATORS: the host's button in the lobby and at the table: nobody may watch the table any more (those watching are dropped).
CLOSE_WATCH = N_("Close to watchers")
# TRANSLATORS: the host's button in the lobby and at the table of a table closed to watchers: people may watch it again.
OPEN_WATCH = N_("Let people watch")


def watchers_words(count: int) -> str:
    """How many watch a network table without a seat (shown to the players and the watchers)."""
    # TRANSLATORS: at a network table and in its lobby: how many people watch it without playing.
    return ngettext("{count} watching", "{count} watching", count).format(count=count)
