"""The rules engine: tiles, rule sets, layouts, legal moves, scoring, records.

No pygame here (a test checks). See docs/engine-api.md for the public API.
"""

from game.engine.actions import ARMS, Action
from game.engine.errors import IllegalMoveError, RuleError
from game.engine.layout import OpenEnd, Placement, Spinner
from game.engine.match import COMPUTER, HUMAN, LEVELS, Match, PlayerInfo, deal
from game.engine.record import RecordError, action_from_json, dump_record, load_record, load_record_text, match_to_record
from game.engine.rules import OPTION_IDS, RULE_SETS, Rules, RuleSetInfo
from game.engine.state import Opening, RoundOutcome, RoundState, SeatView
from game.engine.tiles import Tile, halves, is_double, parse_tile, pips, tile_name, tile_of

__all__ = [
    "ARMS",
    "Action",
    "COMPUTER",
    "HUMAN",
    "IllegalMoveError",
    "LEVELS",
    "Match",
    "OPTION_IDS",
    "OpenEnd",
    "Opening",
    "Placement",
    "PlayerInfo",
    "RULE_SETS",
    "RecordError",
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
    "tile_name",
    "tile_of",
]
