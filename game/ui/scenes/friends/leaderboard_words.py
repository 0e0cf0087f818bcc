"""What the *Leaderboard* of a server says (game/ui/scenes/friends/leaderboard_screen.py):
its columns, a provisional rating's mark and its legend, your own rating on the
server beside the one this machine keeps, and what it says while it asks."""

from __future__ import annotations

from game.i18n import N_, _
from game.net.app.leaderboard import Standing
from game.rating.glicko2 import Rating
from game.rating.player_rating import PROVISIONAL_RD
from game.words.ratings import rating_words

# TRANSLATORS: a server's best players by rating, in one family of rule sets.
LEADERBOARD = N_("Leaderboard")
ASKING = N_("Asking the server…")
NOBODY = N_("Nobody is rated in this family on this server yet.")
# TRANSLATORS: the leaderboard's columns: a player's place (1 is the best), name, rating and rated matches.
PLACE = N_("Place")
NAME = N_("Name")
RATING = N_("Rating")
MATCHES = N_("Matches")


def board_rating_words(standing: Standing) -> str:
    """A rating in the leaderboard's column: "1523", and "1523?" while it is provisional."""
    if standing.provisional:
        # TRANSLATORS: a provisional rating on the leaderboard: the legend explains the mark.
        return _("{rating}?").format(rating=round(standing.rating))
    return str(round(standing.rating))


def legend_words() -> str:
    return _("? after a rating: provisional, its deviation still {limit} or more (too few matches to be sure).").format(limit=round(PROVISIONAL_RD))


def you_words(place: int | None, count: int, here: Standing | None, local: Rating | None) -> str:
    """Your rating on this server (and place) beside the one this machine keeps."""
    if here is None or place is None:
        on_server = _("On this server: not rated yet")
    else:
        shown = rating_words(Rating(here.rating, here.rd))
        # TRANSLATORS: "On this server: 1523 ± 80, place 4 of 12" (your place on its leaderboard).
        on_server = _("On this server: {rating}, place {place} of {count}").format(rating=shown, place=place, count=count)
    on_machine = _("on this machine: {rating}").format(rating=rating_words(local)) if local is not None else _("on this machine: not rated yet")
    # TRANSLATORS: your rating on the server, then the one this computer keeps: "On this server: 1523 ± 80, place 4 of 12  ·  on this machine: 1480 ± 60".
    return _("{server}  ·  {machine}").format(server=on_server, machine=on_machine)


__all__ = ["ASKING", "LEADERBOARD", "MATCHES", "NAME", "NOBODY", "PLACE", "RATING", "board_rating_words", "legend_words", "you_words"]
