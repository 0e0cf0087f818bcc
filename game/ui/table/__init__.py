"""The table: one match in play, and everything only the table uses.

One module per concern:

- ``scene``: ``TableScene``, which turns input into actions offered to the
  referee and keeps the picture in step with the game;
- ``seats``: the table's seats and referee (game/seat.py, game/referee.py),
  the autosave as a listener;
- ``intents``: an input's intent becomes a move offered, or the reason why not;
- ``who_plays``: which input (keys and mouse, controllers) plays which seat,
  the hand-off between people;
- ``show``: what an action looks like as it lands;
- ``rounds``: the summary, a redeal, the next round, a new match;
- ``toolbar``: the toolbar and the turn's buttons, as one part;
- ``aids`` and ``undo``: undo and redo by turns, the hint, the moves panel;
- ``spots``, ``walk``, ``geometry``: where the tiles on the felt go
  (the layout as data; the walk at one unit size; choosing the unit);
- ``regions``: the window cut into felt, hand, seats and boneyard;
- ``moves``: a hand tile's places and variants, from the legal moves;
- ``input``: mouse and keys turned into intents;
- ``animation``: glides, the layout's shift, messages that fade;
- ``draw``, ``panel``, ``labels``: painting it all (reads, never changes);
- ``log``: the round's moves in words (the moves log listens to the referee);
- ``words``: the sentences the table shows;
- ``handoff``: the "Pass to NAME" cover of couch games;
- ``pad_missing``: the notice while a seat's game controller is unplugged;
- ``round_end``: the round's summary over the table;
- ``mode``, ``position``: what a table is for (``Mode``: live play) and the
  ``Position`` it gives (a round, or one seat's view); ``mode_review`` and
  ``review_card``: the review of a round; ``mode_lesson``: the lessons;
  ``mode_puzzle``, ``puzzle_source``, ``puzzle_card``: a puzzle made of the
  player's own mistake; ``mode_net``: a network table (the seat's view, from the server);
  ``mode_net_couch``: the same with several people at the host's screen;
- ``snapshot``: the table as it is to be drawn, once per change;
- ``parts``, ``panels`` (``panel_moves``, ``panel_knowledge``): the parts the
  table is drawn as, the side panels among them.

Code outside the package imports only the names below.
"""

from game.ui.table.animation import Glide, Shift
from game.ui.table.geometry import CROSS, LINE, TableLayout, compute_layout
from game.ui.table.draw import dashed_place
from game.ui.table.handoff import HandoffScene
from game.ui.table.input import nothing_chosen, plain
from game.ui.table.knowledge import known_absent, table_knowledge
from game.ui.table.log import LogLine, round_log
from game.ui.table.moves import slot_of, targets_for
from game.ui.table.pad_missing import PadMissingScene
from game.ui.table.regions import compute_regions, table_scale
from game.ui.table.review_graph import luck_words
from game.ui.table.round_end import RoundEndScene, hand_strip
from game.ui.table.look import PlayLook
from game.ui.table.mode import PLAYED, REFUSED, SENT, LiveMode, LiveMoves, LiveSource, Watching
from game.ui.table.model import TableModel
from game.ui.table.protocols import Look, Mode, Moves, Source, Table
from game.ui.table.api import TableAPI
from game.ui.table.panel import Panel, card_surface
from game.ui.table.panel_knowledge import KnowledgeContent, KnowledgePanel
from game.ui.table.panel_moves import MovesContent, MovesPanel
from game.ui.table.panels import PANELS, register_panel
from game.ui.table.protocols import PanelPart
from game.ui.table.regions import PanelSpec
from game.ui.table.parts import HandPart, MessagePart
from game.ui.table.plaques import PlaquesPart
from game.ui.table.position import Position, ViewPosition
from game.ui.table.lesson_source import LessonSource, ScriptSeat
from game.ui.table.mode_lesson import LessonMode, lesson_table
from game.ui.table.mode_review import ReviewMode, review_table
from game.ui.table.review_source import ReviewSource
from game.ui.table.mode_puzzle import PuzzleMode, puzzle_table
from game.ui.table.mode_net import NetMode, net_table
from game.ui.table.mode_net_couch import CouchNetMode, couch_net_table
from game.ui.table.scene import TableScene
from game.ui.table.undo import TakeBacks, turn_starts
from game.ui.table.score_sheet import ScoreSheetScene, score_rows, sheet_picture
from game.ui.table.words import (
    handoff_prompt,
    handoff_title,
    lead_text,
    lead_words,
    outcome_title,
    passed_text,
    refused_text,
    turn_text,
    wait_text,
)

__all__ = [
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
