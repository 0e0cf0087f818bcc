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
    """``choice_line`` for a narrow window: "At my level: Hard (1590 ≈ 1606)"."""
    level = level_name(choice.level)
    if choice.rating is None or choice.level_rating is None:
        # TRANSLATORS: the short line for a seat "At my level" when the person has no rating yet (a narrow window).
        return _("At my level: {level} (no rating yet)").format(level=level)
    rating, ladder = round(choice.rating.r), round(choice.level_rating)
    if choice.provisional:
        # TRANSLATORS: the short line for a seat "At my level" (a narrow window): the person's provisional rating ≈ the level's.
        return _("At my level: {level} (provisional {rating} ≈ {ladder})").format(level=level, rating=rating, ladder=ladder)
    # TRANSLATORS: the short line for a seat "At my level" (a narrow window): the person's rating ≈ the level's.
    return _("At my level: {level} ({rating} ≈ {ladder})").format(level=level, rating=rating, ladder=ladder)


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


__all__ = ["AT_MY_LEVEL", "choice_line", "level_name", "passed_line", "short_choice_line"]
