"""Each rule set's words: its title, its one-line summary, and its page of rules.

The engine's registry (``game.engine.RULE_SETS``) says which rule sets there
are and in what order; this one says them. A variant registers its words here
as it registers its rules there: ``register_words(id, RuleSetWords(...))``,
whose ``page`` is the id of its page on the Rules screen
(``game.ui.scenes.rules_text``): its own, or that of the rule set it varies.
"""

from __future__ import annotations

from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterator

from game.i18n import N_, _


@dataclass(frozen=True)
class RuleSetWords:
    """A rule set's words, marked with ``N_`` (translated where they are shown)."""

    title: str
    summary: str
    page: str


WORDS: dict[str, RuleSetWords] = {
    "matador": RuleSetWords(
        N_("Matador"), N_("The classic: ends add up to seven, matadors are wild, draw until you can play."), "matador"
    ),
    "all-sevens": RuleSetWords(
        N_("All Sevens"), N_("No matadors and no drawing: one tile a turn, a blank end is closed for good."), "all-sevens"
    ),
    "family": RuleSetWords(
        N_("Family Matador"),
        N_("Up to 8 players (double-nine from 5): lay or draw, two tiles stay in the boneyard."),
        "family",
    ),
    "leyden": RuleSetWords(
        N_("Leyden"), N_("Two players, a spinner cross, matadors laid across; the first to 100 loses."), "leyden"
    ),
    "leyden-senst": RuleSetWords(
        N_("Leyden (Senst)"), N_("Leyden with a complete cross of five first; the winner scores both hands."), "leyden-senst"
    ),
    "wild-doubles": RuleSetWords(
        N_("Wild Doubles"), N_("No matadors, but every double is wild and leaves the end as it was."), "wild-doubles"
    ),
}


def register_words(rule_id: str, words: RuleSetWords) -> None:
    """Add the words of rule set ``rule_id`` (``ValueError`` if it has some already)."""
    if rule_id in WORDS:
        raise ValueError(f"rule set {rule_id!r} has its words already")
    WORDS[rule_id] = words


def unregister_words(rule_id: str) -> None:
    WORDS.pop(rule_id, None)


@contextmanager
def registered_words(rule_id: str, words: RuleSetWords) -> Iterator[RuleSetWords]:
    """``words`` registered for the ``with`` block only."""
    register_words(rule_id, words)
    try:
        yield words
    finally:
        unregister_words(rule_id)


def title(rule_id: str) -> str:
    """The rule set's title in the player's language; a rule set without words
    (a record of a version that had one more) is named by its id."""
    words = WORDS.get(rule_id)
    return _(words.title) if words is not None else rule_id


def english_title(rule_id: str) -> str:
    """The title as files keep it (untranslated)."""
    words = WORDS.get(rule_id)
    return words.title if words is not None else rule_id


def summary(rule_id: str) -> str:
    """The rule set's one line in the player's language ("" without words)."""
    words = WORDS.get(rule_id)
    return _(words.summary) if words is not None else ""


def page_of(rule_id: str) -> str:
    """The id of the rule set's page on the Rules screen (its own id without words)."""
    words = WORDS.get(rule_id)
    return words.page if words is not None else rule_id


FAMILY_WORDS = {  # each family of ``game.engine.rules.FAMILIES``: the games rated together
    "matador": N_("Matador-like"),
    "leyden": N_("Leyden-like"),
}


def family_title(family: str) -> str:
    """A family of rule sets in the player's language ("Matador-like")."""
    words = FAMILY_WORDS.get(family)
    return _(words) if words is not None else family
