"""The rule sets of RULES.md, registered in the order every list shows them.

A variant is one more ``register_rule_set(RuleSetInfo(...))`` (its ``defaults``
from ``preset_options``), plus its title, summary and rules text on the UI's
side (``game.words.rule_sets``).
"""

from __future__ import annotations

from typing import Any, Mapping

from game.engine.rules import RuleSetInfo, register_rule_set

COMMON: Mapping[str, Any] = {
    "tile_set": "double-six",
    "hand_size": 5,
    "matadors": True,
    "crosswise": False,
    "wild_doubles": False,
    "layout": "line",
    "drawing": "until-playable",
    "reserve": 0,
    "lead": "highest-double-draw",
    "next_lead": "winner-any-tile",
    "scoring": "opponents-pips-less-own",
    "target_score": 100,
    "match_end": "first-to-target-wins",
}


def preset_options(**changes: Any) -> dict[str, Any]:
    """Every option but ``players``: Matador's, with ``changes`` (a rule set's ``defaults``)."""
    unknown = set(changes) - set(COMMON)
    if unknown:
        raise ValueError(f"unknown options {', '.join(sorted(unknown))}")
    return {**COMMON, **changes}


def _seven_or_five(players: int) -> Mapping[str, Any]:
    return {"hand_size": 7 if players == 2 else 5}


for _info in (
    RuleSetInfo(
        "matador",
        "matador",
        10,
        2,
        4,
        preset_options(),
        _seven_or_five,
        lambda players: {
            "hand_size": [h for h in (5, 6, 7, 8) if h * players <= 28],
            "drawing": ["until-playable", "one-then-pass"],
            "target_score": [50, 100, 150, 200, None],
        },
    ),
    RuleSetInfo(
        "all-sevens",
        "matador",
        20,
        2,
        4,
        preset_options(hand_size=7, matadors=False, drawing="none", lead="highest-double-redeal", scoring="opponents-pips"),
        choices=lambda players: {
            "hand_size": [7, 8] if players == 2 else [5, 6, 7],
            "matadors": [False, True],
            "layout": ["line", "first-double-spinner"],
            "lead": ["highest-double-redeal", "six-six-redeal", "highest-double-else-highest-tile"],
            "target_score": [100, 50, 101, 150, 200],
        },
    ),
    RuleSetInfo(
        "family",
        "matador",
        30,
        2,
        8,
        preset_options(drawing="lay-or-draw", reserve=2, next_lead="as-first", target_score=50),
        lambda players: {"tile_set": "double-six" if players <= 4 else "double-nine", "hand_size": 7 if players == 2 else 5},
        lambda players: {"target_score": [50, 100]},
    ),
    RuleSetInfo(
        "leyden",
        "leyden",
        40,
        2,
        2,
        preset_options(
            hand_size=6,
            crosswise=True,
            layout="cross-sides-first",
            drawing="free",
            reserve=2,
            lead="lowest-double-not-blank",
            next_lead="loser-double-not-blank",
            scoring="own-pips",
            match_end="first-to-target-loses",
        ),
    ),
    RuleSetInfo(
        "leyden-senst",
        "leyden",
        50,
        2,
        2,
        preset_options(
            hand_size=6,
            crosswise=True,
            layout="cross-complete",
            drawing="free",
            reserve=2,
            lead="highest-holder-any-double-not-blank",
            next_lead="winner-double-not-blank",
            scoring="both-hands",
        ),
    ),
    RuleSetInfo(
        "wild-doubles",
        "matador",
        60,
        2,
        4,
        preset_options(
            matadors=False,
            wild_doubles=True,
            lead="highest-double-else-highest-tile",
            next_lead="as-first",
            scoring="own-pips",
            match_end="lowest-when-target-reached",
        ),
        lambda players: {"hand_size": 7 if players <= 3 else 5},
        lambda players: {"target_score": [100, 200]},
    ),
):
    register_rule_set(_info)
del _info
