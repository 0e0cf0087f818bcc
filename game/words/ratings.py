"""The words of the player's rating (``game.rating.player_rating``): "1502 ± 84",
"provisional", "Rating 1480 -> 1502", and why a match moved nothing."""

from __future__ import annotations

from game.i18n import _
from game.rating.glicko2 import Rating
from game.rating.player_rating import PROVISIONAL_RD, Change


def rating_words(rating: Rating) -> str:
    """"1502 ± 84", with "provisional" while the deviation is large."""
    shown = _("{rating} ± {deviation}").format(rating=round(rating.r), deviation=round(rating.rd))
    if rating.rd >= PROVISIONAL_RD:
        # TRANSLATORS: a rating whose deviation is still large: "1502 ± 84 (provisional)".
        return _("{rating} (provisional)").format(rating=shown)
    return shown


def change_words(change: Change) -> str:
    """"Rating 1480 -> 1502" (and "provisional" while it is)."""
    # TRANSLATORS: a person's rating before and after a match, "Rating 1480 -> 1502".
    words = _("Rating {before} -> {after}").format(before=round(change.before.r), after=round(change.after.r))
    if change.provisional:
        words = _("{rating} (provisional)").format(rating=words)
    return words


def not_rated_words() -> str:
    return _("not rated: hints or undo used")


__all__ = ["change_words", "not_rated_words", "rating_words"]
