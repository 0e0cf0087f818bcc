"""The rules engine: tiles, rule sets, layouts, legal moves, scoring, records.

No pygame here (a test checks). See docs/engine-api.md for the public API.
"""

from game.engine.actions import ARMS, Action
from game.engine.errors import IllegalMoveError, Refusal, RuleError
from game.engine.layout import OpenEnd, Placement, Spinner
from game.engine.match import COMPUTER, HUMAN, Match, PlayerInfo, deal
from game.engine.presets import preset_options
from game.engine.record import RecordError, action_from_json, dump_record, load_record, load_record_text, match_to_record
from game.engine.rules import (
    FAMILIES,
    OPTION_IDS,
    RULE_SETS,
    Rules,
    RuleSetInfo,
    register_rule_set,
    registered_rule_set,
    unregister_rule_set,
)
from game.engine.state import Opening, RoundOutcome, RoundState, SeatView
from game.engine.view import NO_SEAT
from game.engine.tiles import Tile, halves, is_double, parse_tile, pips, tile_name, tile_of

__all__ = [
    "ARMS",
    "Action",
    "COMPUTER",
    "FAMILIES",
    "HUMAN",
    "IllegalMoveError",
    "Match",
    "NO_SEAT",
    "OPTION_IDS",
    "OpenEnd",
    "Opening",
    "Placement",
    "PlayerInfo",
    "RULE_SETS",
    "RecordError",
    "Refusal",
    "RoundOutcome",
    "RoundState",
    "RuleError",
    "RuleSetInfo",
    "Rules",
    "SeatView",
    "Spinner",
    "Tile",
    "deal",
    "dump_record",
    "halves",
    "is_double",
    "load_record",
    "load_record_text",
    "match_to_record",
    "action_from_json",
    "parse_tile",
    "pips",
    "preset_options",
    "register_rule_set",
    "registered_rule_set",
    "tile_name",
    "tile_of",
    "unregister_rule_set",
]
