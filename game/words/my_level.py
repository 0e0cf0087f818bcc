"""The words of "At my level" (``game.rating.at_my_level``): which level it chose
and why, in one line, and the line after a match whose rating passed a level."""

from __future__ import annotations

from game.ai import levels
from game.i18n import N_, _
from game.rating.at_my_level import Choice, Passed
from game.words.rule_sets import family_title

AT_MY_LEVEL = N_("At my level")  # the seat kind, in New game's and Host's list of who plays a seat


def level_name(level_id: str) -> str:
    """A level's name in the player's language ("Hard")."""
    return _(levels.resolve(level_id).name)


def choice_line(choice: Choice) -> str:
    """"At my level: Hard (your Matador-like rating 1590 is nearest Hard's 1606)"."""
    level = level_name(choice.level)
    family = family_title(choice.family)
    if choice.rating is None:
        # TRANSLATORS: New game's line for a seat "At my level" when the person has no rating yet: "Medium" is the default level.
        return _("At my level: {level} (no {family} rating yet: the default level)").format(level=level, family=family)
    if choice.level_rating is None:
        # TRANSLATORS: New game's line for a seat "At my level" in a rule set whose levels the ladder has not rated.
        return _("At my level: {level} (no level is rated in this rule set: the default level)").format(level=level)
    rating, ladder = round(choice.rating.r), round(choice.level_rating)
    if choice.provisional:
        # TRANSLATORS: "At my level: Hard (your provisional Matador-like rating 1590 is nearest Hard's 1606)".
        return _("At my level: {level} (your provisional {family} rating {rating} is nearest {level}'s {ladder})").format(
            level=level, family=family, rating=rating, ladder=ladder
        )
    # TRANSLATORS: "At my level: Hard (your Matador-like rating 1590 is nearest Hard's 1606)".
    return _("At my level: {level} (your {family} rating {rating} is nearest {level}'s {ladder})").format(
        level=level, family=family, rating=rating, ladder=ladder
    )


def short_choice_line(choice: Choice) -> str:
    """``choice_line`` for a narrow bar: "At my level: Hard (you 1590, Hard 1606)"."""
    level = level_name(choice.level)
    if choice.rating is None or choice.level_rating is None:
        # TRANSLATORS: the short line for a seat "At my level" when the person has no rating yet (a narrow window).
        return _("At my level: {level} (no rating yet)").format(level=level)
    rating, ladder = round(choice.rating.r), round(choice.level_rating)
    if choice.provisional:
        # TRANSLATORS: the short line for a seat "At my level" (a narrow window): the person's provisional rating, then the level's.
        return _("At my level: {level} (you {rating} provisional, {level} {ladder})").format(level=level, rating=rating, ladder=ladder)
    # TRANSLATORS: the short line for a seat "At my level" (a narrow window): the person's rating, then the level's.
    return _("At my level: {level} (you {rating}, {level} {ladder})").format(level=level, rating=rating, ladder=ladder)


def tight_choice_line(choice: Choice) -> str:
    """The shortest, for the tightest bar (the seat's row says "At my level"): "Hard: you 1590, it 1606"."""
    level = level_name(choice.level)
    if choice.rating is None or choice.level_rating is None:
        # TRANSLATORS: the shortest line for a seat "At my level" when the person has no rating yet.
        return _("{level}: no rating yet").format(level=level)
    rating, ladder = round(choice.rating.r), round(choice.level_rating)
    if choice.provisional:
        # TRANSLATORS: the shortest line for a seat "At my level": "Hard: you 1590 (provisional), it 1606" (it: the level).
        return _("{level}: you {rating} (provisional), it {ladder}").format(level=level, rating=rating, ladder=ladder)
    # TRANSLATORS: the shortest line for a seat "At my level": "Hard: you 1590, it 1606" (it: the level).
    return _("{level}: you {rating}, it {ladder}").format(level=level, rating=rating, ladder=ladder)


def choice_lines(choice: Choice) -> tuple[str, str, str]:
    """The line, longest first: ``choice_line``, ``short_choice_line``, ``tight_choice_line``."""
    return choice_line(choice), short_choice_line(choice), tight_choice_line(choice)


def passed_line(passed: Passed) -> str:
    """"Your rating 1512 is now above Medium's 1500: try Hard." (or that it was the strongest)."""
    rating, level, ladder = round(passed.rating), level_name(passed.level), round(passed.level_rating)
    if passed.next_level is None:
        # TRANSLATORS: after a match: the person's rating rose past the strongest computer level's.
        return _("Your rating {rating} is now above {level}'s {ladder}, the strongest level.").format(rating=rating, level=level, ladder=ladder)
    # TRANSLATORS: after a match: "Your rating 1512 is now above Medium's 1500: try Hard."
    return _("Your rating {rating} is now above {level}'s {ladder}: try {next}.").format(
        rating=rating, level=level, ladder=ladder, next=level_name(passed.next_level)
    )


__all__ = ["AT_MY_LEVEL", "choice_line", "choice_lines", "level_name", "passed_line", "short_choice_line", "tight_choice_line"]
