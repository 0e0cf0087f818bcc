"""Dates as the screens write them: the months' short names (translated with
``pgettext("short month", ...)``) and "25 Nov 2026" under a plot."""

from __future__ import annotations

from datetime import datetime

from game.i18n import NP_, _, pgettext

MONTHS = (  # the short names, translated with pgettext("short month", ...)
    NP_("short month", "Jan"),
    NP_("short month", "Feb"),
    NP_("short month", "Mar"),
    NP_("short month", "Apr"),
    NP_("short month", "May"),
    NP_("short month", "Jun"),
    NP_("short month", "Jul"),
    NP_("short month", "Aug"),
    NP_("short month", "Sep"),
    NP_("short month", "Oct"),
    NP_("short month", "Nov"),
    NP_("short month", "Dec"),
)


def short_date(when: str | datetime) -> str:
    """"25 Nov 2026"; "" if ``when`` cannot be read."""
    try:
        date = when if isinstance(when, datetime) else datetime.fromisoformat(when)
    except ValueError:
        return ""
    # TRANSLATORS: a date under a plot: "25 Nov 2026".
    return _("{day} {month} {year}").format(day=date.day, month=pgettext("short month", MONTHS[date.month - 1]), year=date.year)


__all__ = ["MONTHS", "short_date"]
