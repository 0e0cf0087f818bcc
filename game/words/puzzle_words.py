"""The puzzles' progress in the player's language (``game.archive.puzzles``): the
title's button and the puzzle's card say it alike. No pygame, and nothing of
the engine: the title says it before its first frame."""

from __future__ import annotations

from game.i18n import _, ngettext


def tally_words(solved: int, to_do: int) -> str:
    """"3 solved, 5 to do"."""
    # TRANSLATORS: the puzzles' progress, on the puzzle's card and the title's button: "3 solved, 5 to do".
    return _("{solved}, {to_do}").format(
        solved=ngettext("{count} solved", "{count} solved", solved).format(count=solved),
        to_do=ngettext("{count} to do", "{count} to do", to_do).format(count=to_do),
    )


def puzzles_button(solved: int, to_do: int) -> str:
    """The title's button: "Puzzles: 3 solved, 5 to do"."""
    # TRANSLATORS: the title's button to the puzzles made of the player's own mistakes.
    return _("Puzzles: {tally}").format(tally=tally_words(solved, to_do))


__all__ = ["puzzles_button", "tally_words"]
