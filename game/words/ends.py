"""The table's arms and ends in words: "the north arm", "the 6", "needs 4"."""

from __future__ import annotations

from game.i18n import NP_, _, pgettext

# TRANSLATORS: a direction of the table, as it names an arm of the cross ("the north arm").
DIRECTIONS = {
    "W": NP_("direction", "west"),
    "E": NP_("direction", "east"),
    "N": NP_("direction", "north"),
    "S": NP_("direction", "south"),
}


def end_name(arm: str, shown: tuple[int, ...], layout: str) -> str:
    """An end as a player names it: in a plain line by what it shows ("the 6",
    "the blank"), elsewhere by its arm ("the north arm", "the east spinner's
    south arm"). ``shown``: what the end shows (two values after a crosswise matador).
    It is said after a preposition ("6-1 on the 6"): its translation takes that form."""
    if layout == "line" and len(shown) == 1:
        # TRANSLATORS: an end of the line, after a preposition: "6-1 on the blank".
        return _("the blank") if shown[0] == 0 else _("the {value}").format(value=shown[0])
    if len(arm) == 2:
        # TRANSLATORS: an arm of a second spinner, after a preposition: "4-3 across the east spinner's south arm".
        return _("the {spinner} spinner's {arm} arm").format(
            spinner=pgettext("direction", DIRECTIONS[arm[0]]), arm=pgettext("direction", DIRECTIONS[arm[1]])
        )
    if arm not in DIRECTIONS:
        return arm
    # TRANSLATORS: an arm of the cross, after a preposition: "4-3 across the north arm".
    return _("the {arm} arm").format(arm=pgettext("direction", DIRECTIONS[arm]))


def needs_text(values: tuple[int, ...], target: int, matadors: bool, wild_doubles: bool = False) -> str:
    """What an end showing ``values`` asks for, as the table labels it: "needs 4", "matador only"..."""
    wanted = sorted({target - v for v in values if 0 < target - v < target})
    if not wanted:
        if matadors:
            return _("matador only")
        return _("doubles only") if wild_doubles else _("closed")
    if len(wanted) == 1:
        text = _("needs {value}, or a double") if wild_doubles else _("needs {value}")
        return text.format(value=wanted[0])
    text = _("needs {first} or {second}, or a double") if wild_doubles else _("needs {first} or {second}")
    return text.format(first=wanted[0], second=" / ".join(str(w) for w in wanted[1:]))
