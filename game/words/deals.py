"""A deal's check in the player's words (the review's "Check this deal"): what
``game.engine.verify`` found for one round, as ``python -m game verify`` says
it on the command line (in English there, game/commands/verify_report.py)."""

from __future__ import annotations

from typing import Callable

from game.engine.seal import fingerprint
from game.engine.verify import (
    CUT_SHORT,
    ILLEGAL,
    IN_PROGRESS,
    MATCH_WAS_OVER,
    NO_COMMITMENT,
    NOT_CHECKED,
    NOT_FROM_MATCH_SEED,
    NOT_REVEALED,
    OK,
    SEED_MISMATCH,
    WRONG_BONEYARD,
    WRONG_HAND,
    RoundCheck,
)
from game.i18n import N_, _, ngettext
from game.words.refusals import refusal_text
from game.words.names import worded


NOT_FITTING = N_("it does not fit the committed deal")
# The verifier's own refusals (the engine's are said by refusal_text).
OWN_REFUSALS = {
    MATCH_WAS_OVER: N_("the match was already over before this round"),
    CUT_SHORT: N_("the round stops before its end, yet another round follows"),
}


def why_words(check: RoundCheck, say: Callable[[str], str] = _) -> str:
    """Why an action cannot be right on the committed deal; ``say`` translates
    the verifier's own sentences (``str``: in English, as the command line has
    them)."""
    refusal = check.refusal
    if refusal is None:
        return say(NOT_FITTING)
    own = OWN_REFUSALS.get(refusal.code)
    return say(own) if own is not None else refusal_text(refusal)


# The verdicts said in a fixed sentence (the deal does not hold, or was not checked).
FIXED_WORDS = {
    IN_PROGRESS: N_("Not checked yet: the round is not over, so its seed and salt are still secret."),
    NO_COMMITMENT: N_("Nothing to check: this round was dealt without a commitment (an older record, or a deal set by hand)."),
    NOT_REVEALED: N_("Not checked: the record does not reveal this round's seed and salt."),
    NOT_CHECKED: N_("Not checked: an earlier round of this match failed its check."),
    SEED_MISMATCH: N_("Changed after play: the revealed seed and salt do not give the commitment made before the first action."),
    NOT_FROM_MATCH_SEED: N_("Changed after play: this round's seed and salt do not follow from the match's seed."),
}


def check_words(check: RoundCheck, names: list[str]) -> tuple[bool, str]:
    """(whether the deal holds, what the check found in a sentence or two);
    ``names``: the seats' names."""
    status = check.status

    def name(seat: int | None) -> str:
        return worded(names[seat]) if seat is not None and 0 <= seat < len(names) else _("player {number}").format(number=(seat or 0) + 1)

    if status == OK:
        drawn = ngettext("{count} tile drawn", "{count} tiles drawn", check.drawn).format(count=check.drawn)
        actions = ngettext("{count} action", "{count} actions", check.actions).format(count=check.actions)
        return True, _(
            "OK: this deal is the one committed to before the first action, and every tile drawn came next from its boneyard ({actions}, {drawn})."
        ).format(actions=actions, drawn=drawn)
    fixed = FIXED_WORDS.get(status)
    if fixed is not None:
        return False, _(fixed)
    if status == WRONG_HAND:
        if check.found:
            detail = _("{name}'s hand holds {tile}, which the committed deal did not give").format(name=name(check.seat), tile=check.found)
        elif check.expected:
            detail = _("{name}'s hand lacks {tile}, which the committed deal gave").format(name=name(check.seat), tile=check.expected)
        else:
            detail = _("{name}'s hand is not the one the committed deal gave").format(name=name(check.seat))
        return False, _("Changed after play: {detail}.").format(detail=detail)
    if status == WRONG_BONEYARD:
        place = (check.place or 0) + 1
        if check.found and check.expected:
            detail = _("the boneyard's tile {place} is {found}, but the committed deal has {expected} there").format(place=place, found=check.found, expected=check.expected)
        else:
            detail = _("the boneyard does not hold the committed deal's tiles in their order (tile {place})").format(place=place)
        return False, _("Changed after play: {detail}.").format(detail=detail)
    if status == ILLEGAL and check.action is None:
        return False, _("Changed after play: {reason}.").format(reason=why_words(check))
    if status == ILLEGAL:
        return False, _("Changed after play: {name}'s action {number} cannot be played on the committed deal: {reason}.").format(
            name=name(check.seat), number=(check.action or 0) + 1, reason=why_words(check)
        )
    return False, status


def deal_words(commitment: str) -> str:
    """"Deal 3f9a c2d1": the commitment's fingerprint."""
    return _("Deal {fingerprint}").format(fingerprint=fingerprint(commitment))


__all__ = ["check_words", "deal_words", "why_words"]
