"""The table: one match in play, and everything only the table uses.

The table is in three parts (docs/architecture.md, *The table*):

- the model (``model``, no pygame): the match, the position its mode's source
  gives (``position``), who sees it, the legal moves, the referee that plays
  every move; ``seats``: the table's seats and referee, the autosave as a
  listener; ``options``: what the settings say of a table;
- the controls (``controls``): events and a controller's presses into intents
  (``input``), an intent into a move offered through ``TableScene.play``, who
  plays which seat; ``handoff``: the cover between people; ``pad_missing``:
  an unplugged controller;
- the scene (``scene``: ``TableScene``) and its board (``board``, ``regions``,
  ``spots``, ``walk``, ``geometry``, ``centring``, ``moves``: where things are
  on the screen), drawn as parts (``parts``, ``plaques``, ``toolbar``, the side
  panels: ``panels``, ``panel``, ``panel_moves``, ``panel_knowledge``) from one
  frozen snapshot per change (``picture``, ``snapshot``), painted by ``draw``,
  ``labels``, ``animation``, ``show``.

Its mode (``protocols.Mode``) is three roles: where positions come from
(``source``), what a move does (``moves``), what shows (``look``): ``mode`` and
``look`` (live play), ``mode_review`` with ``review_source``, ``review_card``
and ``review_graph`` (the review of a round), ``mode_lesson`` with
``lesson_source`` and ``lesson_card`` (the lessons), ``mode_puzzle`` with
``puzzle_source`` and ``puzzle_card`` (a puzzle made of the player's own
mistake), ``mode_net`` with
``net_source`` and ``net_look`` (a network table) and ``mode_net_couch``
(several people at the host's screen). Besides: ``aids`` and ``undo`` (undo
and redo by turns, the hint), ``score_sheet``, ``round_end`` (the round's
summary), ``log`` (the round's moves in words), ``knowledge`` (what the table
knows), ``words`` (the table's sentences); ``protocols`` (the table as its
pieces see it) and ``api`` (as the screens around it see it: a leaf).

Code outside the package imports only the names below.
"""

from game.ui.table.felt.animation import Glide, Shift
from game.ui.table.felt.tile_places import CROSS, LINE, TableLayout, compute_layout
from game.ui.table.felt.painting import dashed_place
from game.ui.table.handoff import HandoffScene
from game.ui.table.input import nothing_chosen, plain
from game.ui.table.panels.hand_knowledge import known_absent, table_knowledge
from game.ui.table.log import LogLine, round_log
from game.ui.table.moves import slot_of, targets_for
from game.ui.table.pad_missing import PadMissingScene
from game.ui.table.felt.regions import compute_regions, table_scale
from game.ui.table.modes.review_graph import luck_words
from game.ui.table.round_summary import RoundEndScene, hand_strip
from game.ui.table.modes.look import PlayLook
from game.ui.table.modes.mode import PLAYED, REFUSED, SENT, LiveMode, LiveMoves, LiveSource, Watching
from game.ui.table.table_model import TableModel
from game.ui.table.protocols import Look, Mode, Moves, Source, Table
from game.ui.table.api import TableAPI
from game.ui.table.panels.panel import Panel, card_surface
from game.ui.table.panels.knowledge_panel import KnowledgeContent, KnowledgePanel
from game.ui.table.panels.moves_panel import MovesContent, MovesPanel
from game.ui.table.panels.panels import PANELS, register_panel
from game.ui.table.protocols import PanelPart
from game.ui.table.felt.regions import HEADER_LEAST_W, PanelSpec
from game.ui.table.panels.toolbar import TOOLS, Tool, anyone_tools, register_tool, tool_names
from game.ui.table.parts import HandPart, MessagePart
from game.ui.table.felt.plaques import PlaquesPart
from game.ui.table.position_reads import Position, ViewPosition
from game.ui.table.modes.lesson_source import LessonSource, ScriptSeat
from game.ui.table.modes.lesson_mode import LessonMode, lesson_table
from game.ui.table.modes.review_mode import ReviewMode, review_table
from game.ui.table.modes.review_source import ReviewSource
from game.ui.table.modes.puzzle_mode import PuzzleMode, puzzle_table
from game.ui.table.modes.net_mode import NetMode, net_table
from game.ui.table.modes.net_couch_mode import CouchNetMode, couch_net_table
from game.ui.table.table_scene import TableScene
from game.ui.table.undo import TakeBacks, turn_starts
from game.ui.table.panels.score_sheet import ScoreSheetScene, score_rows, sheet_picture
from game.ui.table.table_words import (
    handoff_prompt,
    handoff_title,
    header_words,
    lead_text,
    lead_words,
    outcome_title,
    passed_text,
    refused_text,
    tiles_text,
    turn_text,
    wait_text,
)

__all__ = [
    "header_words",
    "LogLine",
    "dashed_place",
    "nothing_chosen",
    "plain",
    "CROSS",
    "LINE",
    "HandoffScene",
    "HandPart",
    "LessonMode",
    "LessonSource",
    "ScriptSeat",
    "ReviewSource",
    "PuzzleMode",
    "puzzle_table",
    "Table",
    "TableAPI",
    "NetMode",
    "CouchNetMode",
    "MessagePart",
    "PlaquesPart",
    "Panel",
    "PanelPart",
    "PanelSpec",
    "PANELS",
    "register_panel",
    "HEADER_LEAST_W",
    "TOOLS",
    "Tool",
    "anyone_tools",
    "register_tool",
    "tool_names",
    "card_surface",
    "KnowledgeContent",
    "KnowledgePanel",
    "MovesContent",
    "MovesPanel",
    "Position",
    "Mode",
    "Look",
    "Moves",
    "Source",
    "LiveMode",
    "LiveMoves",
    "LiveSource",
    "PlayLook",
    "Watching",
    "PLAYED",
    "REFUSED",
    "SENT",
    "PadMissingScene",
    "ReviewMode",
    "RoundEndScene",
    "ScoreSheetScene",
    "Glide",
    "Shift",
    "TableLayout",
    "TableModel",
    "TableScene",
    "TakeBacks",
    "ViewPosition",
    "compute_layout",
    "compute_regions",
    "hand_strip",
    "lesson_table",
    "net_table",
    "couch_net_table",
    "review_table",
    "known_absent",
    "handoff_prompt",
    "handoff_title",
    "lead_text",
    "lead_words",
    "luck_words",
    "outcome_title",
    "passed_text",
    "refused_text",
    "round_log",
    "tiles_text",
    "turn_text",
    "wait_text",
    "score_rows",
    "sheet_picture",
    "slot_of",
    "table_knowledge",
    "table_scale",
    "targets_for",
    "turn_starts",
]
