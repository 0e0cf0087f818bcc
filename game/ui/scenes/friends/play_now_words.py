"""What *Play now* says (game/ui/scenes/friends/play_now_screen.py): the rule sets
to choose from, the wait with its clock, and the offer of a computer of the
player's level after the wait."""

from __future__ import annotations

from game.i18n import N_, _, ngettext
from game.words.my_level import level_name
from game.words.rule_sets import title

# TRANSLATORS: On a server: be paired at once with a person of your strength waiting on that server.
PLAY_NOW = N_("Play now")
CHOOSE = N_("Choose a rule set: the server pairs you with someone waiting whose rating is close to yours.")
CANCEL = N_("Cancel")
# TRANSLATORS: Play now, after 30 s without an opponent: take the computer offered.
YES = N_("Yes")
# TRANSLATORS: Play now, after 30 s without an opponent: decline the computer and go on waiting for a person.
KEEP_LOOKING = N_("Keep looking")
SETTING_UP = N_("Setting up your table…")


def queue_words(rules: str, players: int) -> str:
    """A queue's button: the rule set's title, and its players when more than two."""
    if players == 2:
        return title(rules)
    return ngettext("{rules}, {count} player", "{rules}, {count} players", players).format(rules=title(rules), count=players)


def looking_words(rules: str, players: int) -> str:
    return _("Looking for someone of your strength to play {rules}…").format(rules=queue_words(rules, players))


def elapsed_words(seconds: float) -> str:
    """The wait so far, as a clock ("Waiting 1:05")."""
    whole = max(0, int(seconds))
    return _("Waiting {clock}").format(clock=f"{whole // 60}:{whole % 60:02d}")


def offer_words(level: str) -> str:
    """After the wait: a computer of the player's level, instead."""
    return _("Nobody is free yet. Play a computer at your level ({level}) instead?").format(level=level_name(level))
