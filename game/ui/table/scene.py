"""The table: the layout on the felt, the hand, the seats around, the boneyard.

The scene never changes the game itself: every move becomes an ``Action``
offered to the referee (game/referee.py), which checks it with the engine,
pushes it and tells the seats and the listeners (the autosave, statistics and
past matches, the moves log). Each seat is a ``Seat`` (game/seat.py): the
table asks it what it is, never guesses from a missing controller. Computer
seats think in a worker; their tiles then glide from their seat to the table
at a pace a person can follow.

Each person's seat is played with the keyboard and mouse or with a controller
(``seat_inputs``, handed over by the new-game screen): only the input of the
seat to move plays a turn; the others may still open the menu, the moves and
the score sheet. A controller's buttons become the same commands as the keys
(``TableInput.command``). A seat's controller unplugged stops the game under a
notice (``PadMissingScene``) until it is back or the seat has another input.
"""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import TYPE_CHECKING, Callable

import pygame
import pygame_gui

from game.engine import Action, Match, OpenEnd, RoundState
from game.referee import ACTION, ROUND, UNDO, Event, Listener, Referee
from game.seat import COMPUTER, PERSON, PersonSeat, Seat, WorkerSeat
from game.engine.tiles import halves, tile_name
from game.settings import SPEED_FACTOR
from game.ui.gamepad import pad_label
from game.ui.scene import GuiScene
from game.ui.seat_inputs import SeatInputs, input_label
from game.ui.table.aids import PlayAids
from game.ui.table.animation import Glide, Motion, Shift, centre_of
from game.ui.table.draw import TableRenderer
from game.ui.table.geometry import TableLayout, compute_layout, with_last_tile
from game.ui.table.handoff import HandoffScene
from game.ui.table.input import KEY_COMMANDS, InputContext, Intent, TableInput, plain
from game.ui.table.knowledge import SeatKnowledge
from game.ui.table.log import MovesLog, news_for, news_words
from game.ui.table.pad_missing import PadMissingScene
from game.ui.table.panel import SidePanel
from game.ui.table.regions import TableRegions, compute_regions, hand_tile_rects
from game.ui.table.round_end import RoundEndScene
from game.ui.table.undo import TakeBacks
from game.ui.table.words import header_text, lead_text, passed_text, played_with_text, refused_text, turn_text, wait_text
from game.ui.text import TextCache
from game.thinker import Thinker
from game.ui.tile_art import TileArt

if TYPE_CHECKING:
    from game.ai.hint import Hint
    from game.ui.gamepad import PadPress

log = logging.getLogger(__name__)

GLIDE_S = 0.45  # a computer's tile from its seat to the table, at normal speed
SHIFT_SHARE = 0.8  # the table making room for a tile takes this share of a glide
THINK_S = 0.55  # the least time a computer's turn takes, at normal speed
HINT_BUDGET_S = 0.8  # the hard player's thinking for a hint: the answer comes within a second
TOOLS = {"undo": "Undo", "redo": "Redo", "hint": "Hint", "moves": "Moves", "scores": "Scores", "menu": "Menu"}
OPEN_TOOLS = ("moves", "scores", "menu")  # any input may use these, whoever's turn it is
PAD_COMMANDS = {"left": "left", "right": "right", "up": "up", "down": "down", "a": "lay", "x": "turn", "y": "draw", "b": "pass"}
TURN_KEYS = frozenset({*KEY_COMMANDS, pygame.K_h}) - {pygame.K_ESCAPE}  # keys that play the turn


class TableScene(PlayAids, GuiScene):
    """One match at the table."""

    def __init__(
        self,
        match: Match,
        *,
        thinker: Thinker | None = None,
        animation_speed: str = "normal",
        computer_speed: str = "normal",
        hints: bool = True,
        show_knowledge: bool = False,
        on_leave: Callable[[TableScene], None] | None = None,
        on_action: Callable[[Match], None] | None = None,
        on_pause: Callable[[TableScene], None] | None = None,
        listeners: tuple[Listener, ...] = (),
    ):
        super().__init__()
        self.match = match
        self.thinker = thinker or Thinker("process")
        # What the referee tells besides the seats: the autosave (``on_action``), and
        # whatever the caller listens with (statistics and past matches); the moves log.
        self.listeners: list[Listener] = list(listeners)
        if on_action is not None:
            self.listeners.insert(0, saving(on_action))
        self.moves_log = MovesLog()
        self.referee = self.make_referee(match)
        people = self.people
        self.viewer: int | None = people[0] if len(people) == 1 else (None if people else 0)
        self.glide_s = GLIDE_S / SPEED_FACTOR.get(animation_speed, 1.0)
        self.think_s = THINK_S / SPEED_FACTOR.get(computer_speed, 1.0)
        self.hints = hints
        self.show_knowledge = show_knowledge  # the panel of what each seat is known to lack
        self.on_leave = on_leave
        self.on_pause = on_pause  # Esc with nothing in hand (the menu work opens its pause menu here)
        self.input = TableInput()
        self.motion = Motion()
        self.text = TextCache()
        self.renderer: TableRenderer | None = None
        self.last_tile: int | None = None
        self.layout = TableLayout(0, pygame.Rect(0, 0, 0, 0), [], {})
        self.regions = compute_regions((800, 600), match.rules.players, self.viewer or 0)
        self.hand: list[tuple[int, pygame.Rect]] = []
        self.open_ends: list[OpenEnd] = []
        self.legal: list[Action] = []
        self._version: tuple[object, ...] | None = None
        self._unit_cap: dict[tuple[int, tuple[int, int], bool], int] = {}
        self._think_clock = 0.0
        self._round_wait = 0.0
        self._round_shown = -1
        self._buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._handoff_open = False
        self._updates = 0
        # Play aids: undo (one person against computers only), the hint, the side panel.
        self.takebacks = TakeBacks(people[0]) if self.referee.undo_allowed else None
        self.hint_budget_s = HINT_BUDGET_S
        self.helped: set[int] = set()  # the seats that took a move back or asked for a hint (statistics)
        self.hinted: tuple[tuple[int, int], Action, str] | None = None  # (position, action, reason)
        self._hint_future: Future[Hint] | None = None
        self._hint_at: tuple[int, int] | None = None
        self.moves_open = False
        self.log_scroll = 0
        self.news: dict[int, int] = {}  # other seats' moves the person at the screen has not answered yet
        self._known: tuple[tuple[int, int, int], tuple[SeatKnowledge, ...], int] | None = None
        self._tools: dict[str, pygame_gui.elements.UIButton] = {}
        self.side: SidePanel | None = None
        self.seat_inputs = SeatInputs()  # which controller plays which person's seat
        self.pad_driven = False  # the last hand to play used a controller: keep a tile in focus

    # Seats and the referee ------------------------------------------------------
    def make_referee(self, match: Match) -> Referee:
        """The referee of ``match``: a person's seat for each person at this screen, a
        computer thinking in the worker for each computer; it asks a seat to move
        only when the table says (``ask``), once the last tile has landed."""
        seats: list[Seat] = []
        for index, player in enumerate(match.players):
            if player.is_human:
                seats.append(PersonSeat(index))
            else:
                seats.append(WorkerSeat(index, player.level or "medium", self.thinker, seed_for=self.computer_seed))
        referee = Referee(match, seats, auto_ask=False)
        referee.listen(self.moves_log.heard)
        for listener in self.listeners:
            referee.listen(listener)
        return referee

    def computer_seed(self, view: object) -> int:
        """A computer's seed for one decision: the match's seed and the position."""
        return hash((self.match.seed, self.match.round_index, len(self.match.round.history))) & 0x7FFFFFFF

    def listen(self, listener: Listener) -> None:
        """``listener`` is told what the referee tells, for this match and any new one."""
        self.listeners.append(listener)
        self.referee.listen(listener)

    @property
    def seats(self) -> list[Seat]:
        return self.referee.seats

    @property
    def people(self) -> list[int]:
        """The seats played by people at this screen."""
        return [seat.index for seat in self.referee.seats if seat.kind == PERSON]

    def is_person(self, seat: int) -> bool:
        return self.referee.seats[seat].kind == PERSON

    def is_computer(self, seat: int) -> bool:
        return self.referee.seats[seat].kind == COMPUTER

    # Setup -------------------------------------------------------------------
    def attach(self, app: object) -> None:
        super().attach(app)  # type: ignore[arg-type]
        assert self.app is not None
        art = self.app.services.get("art")
        if not isinstance(art, TileArt):
            art = TileArt()
            self.app.services["art"] = art
        self.renderer = TableRenderer(art, self.text)
        self.side = SidePanel(art, self.text)
        self.seat_inputs = SeatInputs(self.app.pads.take_over(self.match))
        self.referee.start_round()  # a new match, or a saved one between rounds
        self.sync(force=True)

    def build_gui(self) -> None:
        assert self.gui is not None
        regions = self.compute_regions()
        self._buttons = {
            "pass": pygame_gui.elements.UIButton(regions.buttons["pass"], "Pass", self.gui, object_id="#primary"),
            "refuse": pygame_gui.elements.UIButton(regions.buttons["refuse"], "Refuse to lead", self.gui),
        }
        for button in self._buttons.values():
            button.hide()  # type: ignore[no-untyped-call]
        style = "#tool_l" if regions.scale >= 1.2 else "#tool"
        self._tools = {
            name: pygame_gui.elements.UIButton(rect, TOOLS[name], self.gui, object_id=style)
            for name, rect in zip(self.tool_names(), regions.tool_buttons)
        }
        self._version = None

    def tool_names(self) -> list[str]:
        """The toolbar's buttons: undo and redo only for one person against computers."""
        names = list(TOOLS)
        if self.takebacks is None:
            names = [n for n in names if n not in ("undo", "redo")]
        return names

    def compute_regions(self, viewer: int | None = None) -> TableRegions:
        shown = viewer if viewer is not None else (self.viewer or 0)
        panel = self.moves_open or self.show_knowledge
        return compute_regions(self.size, self.match.rules.players, shown, len(self.tool_names()), panel)

    def close(self) -> None:
        self.referee.cancel()
        super().close()

    def enter(self) -> None:
        self._handoff_open = False
        self.sync()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self.input.reset()
        self.motion.finish()
        self.sync(force=True)

    # What the scene shows (read by the renderer) ------------------------------
    @property
    def state(self) -> RoundState:
        return self.match.rounds[-1]

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.match.players]

    @property
    def hand_face_up(self) -> bool:
        if self.viewer is None or self._handoff_open:
            return False
        if len(self.people) <= 1:
            return True
        return self.state.current_player == self.viewer or self.state.over

    def pointed_out(self) -> list[Action]:
        """Moves the table shows as glowing ghosts without a tile in hand (none in play)."""
        return []

    def totals(self) -> list[int]:
        """The match totals the plaques and the hand's label show."""
        return self.match.totals

    def revealed(self, seat: int) -> tuple[int, ...] | None:
        """The tiles of ``seat``'s plaque shown face up (a review); None while they are hidden."""
        return None

    def can_act(self) -> bool:
        """Whether the person at the screen may move now."""
        state = self.state
        seat = state.current_player
        return (
            seat is not None
            and seat == self.viewer
            and self.is_person(seat)
            and not self.motion.blocking
            and not self._handoff_open
        )

    def can_draw(self) -> bool:
        return self.can_act() and any(a.kind == "draw" for a in self.legal)

    def playable_tiles(self) -> set[int] | None:
        """Tiles with a legal place now (None when it is not this hand's turn or hints are off)."""
        if not self.hints or not self.can_act():
            return None
        return {a.tile for a in self.legal if a.kind == "lay" and a.tile is not None}

    def tile_halves(self, tile: int) -> tuple[int, int]:
        return halves(tile)

    def header_text(self) -> str:
        return header_text(self.match)

    def lead_text(self) -> str:
        return lead_text(self.state, self.names)

    def hand_text(self) -> str:
        state = self.state
        if self.viewer is None:
            return "Waiting for the first player"
        name = self.names[self.viewer]
        total = self.totals()[self.viewer]
        head = f"{name}  ·  {total} pts  ·  "
        seat = state.current_player
        if seat is None:
            return head + "the round is over"
        if seat == self.viewer and self.is_person(seat):
            if not self.legal:
                return head + "your turn"
            kinds = {a.kind for a in self.legal}
            pad = self.plays_by_pad(seat)
            if "lay" in kinds:
                if pad:
                    return head + "your turn: the D-pad chooses a tile and a lit place, A lays it (X turns a matador)"
                return head + "your turn: drag a tile to a lit place (R turns a matador)"
            if "draw" in kinds:
                return head + ("your turn: no tile fits, Y draws from the boneyard" if pad else "your turn: no tile fits, draw from the boneyard")
            if "pass" in kinds:
                return head + ("your turn: no tile fits, B passes" if pad else "your turn: no tile fits, pass")
            return head + "your turn"
        return head + turn_text(self.names[seat], thinking=not self.is_person(seat))

    def seat_info(self, seat: int) -> tuple[str, int, int, bool, str]:
        """(name, tiles held, match total, to move, status line) for a seat's plaque."""
        state = self.state
        to_move = state.current_player == seat
        count = state.hand_count(seat)
        if to_move and not self.is_person(seat) and not self.motion.blocking:
            status = "thinking…"
        elif to_move:
            status = "to move"
        elif seat in self.news:  # what it did since the person at the screen last moved
            status = news_words(state.history[self.news[seat]][1])
        else:
            status = f"{count} tile{'s' if count != 1 else ''}"
        return self.names[seat], count, self.totals()[seat], to_move, status

    def input_context(self) -> InputContext:
        seat = self.state.current_player
        return InputContext(
            hand=self.hand if self.hand_face_up else [],
            can_act=self.can_act(),
            to_move=self.names[seat] if seat is not None else "nobody",
            legal=self.legal,
            layout=self.layout,
            boneyard=self.regions.boneyard,
            hand_area=self.regions.hand,
            explain=self.state.explain,
            pad=self.plays_by_pad(seat),
        )

    def hand_rect(self, tile: int) -> pygame.Rect | None:
        """Where a tile of the bottom hand is drawn (tests aim here)."""
        return next((rect for t, rect in self.hand if t == tile), None)

    # Keeping the picture in step with the game --------------------------------
    def sync(self, force: bool = False) -> None:
        """Recompute the layout, regions and hand after the game or the window changed."""
        state = self.state
        panel = self.moves_open or self.show_knowledge
        version = (self.match.round_index, len(state.history), state.phase, self.size, self.viewer, self._handoff_open, panel)
        if version == self._version and not force:
            return
        self._version = version
        shown = self.viewer if self.viewer is not None else (self.people[0] if self.people else 0)
        self.regions = self.compute_regions(shown)
        key = (self.match.round_index, self.size, panel)
        before = self.layout
        last = state.placements[-1] if state.placements else None
        settled = None
        if state.over and not force and key in self._unit_cap and last is not None and len(before.tiles) == len(state.placements) - 1:
            settled = with_last_tile(before, last)  # the round's last tile: the table holds still
        self.layout = settled or compute_layout(state, self.regions.layout_area, self._unit_cap.get(key))
        if not force and key in self._unit_cap:
            self._shift_from(before)
        self._unit_cap = {key: self.layout.unit}
        tiles = state.hand(shown)
        self.hand = list(zip(tiles, hand_tile_rects(self.regions.hand_tiles, len(tiles), scale=self.regions.scale)))
        self.open_ends = state.open_ends()
        seat = state.current_player
        self.legal = state.legal_moves() if seat is not None and self.is_person(seat) else []
        if self.input.active_tile is not None and self.input.active_tile not in tiles:
            self.input.reset()
        self.news = news_for(state, self.viewer) if self.viewer is not None else {}
        self._update_buttons()

    def _shift_from(self, before: TableLayout) -> None:
        """Let the tiles already on the table glide to where the new layout puts
        them, easing to their new size when the table shrank."""
        old = {spot.tile: centre_of(spot.rect) for spot in before.tiles}
        resized = 0 < before.unit != self.layout.unit
        moved = {
            spot.tile: old[spot.tile]
            for spot in self.layout.tiles
            if spot.tile in old and (resized or centre_of(spot.rect) != old[spot.tile])
        }
        if moved:
            units = (before.unit, self.layout.unit) if resized else (0, 0)
            self.motion.shift = Shift(moved, self.glide_s * SHIFT_SHARE, 0.0, *units)

    def _update_buttons(self) -> None:
        kinds = {a.kind for a in self.legal} if self.can_act() else set()
        for name, button in self._buttons.items():
            wanted = name in kinds
            if wanted and not button.visible:
                button.show()  # type: ignore[no-untyped-call]
            elif not wanted and button.visible:
                button.hide()  # type: ignore[no-untyped-call]
        usable = {
            "undo": self.can_undo(),
            "redo": self.can_redo(),
            "hint": self.can_act(),
            "moves": True,
            "scores": True,
            "menu": self.on_pause is not None,
        }
        for name, button in self._tools.items():
            if usable.get(name, True) != button.is_enabled:
                if usable.get(name, True):
                    button.enable()  # type: ignore[no-untyped-call]
                else:
                    button.disable()  # type: ignore[no-untyped-call]
        moves = self._tools.get("moves")
        if moves is not None and moves.is_selected != self.moves_open:
            if self.moves_open:
                moves.select()  # type: ignore[no-untyped-call]
            else:
                moves.unselect()  # type: ignore[no-untyped-call]

    # Input ---------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.keys_may_play() and self.plays_turn(event):
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.say_who_plays()
            return True  # the seat to move plays with a controller
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.pad_driven = False
        if super().handle_event(event):
            return True
        if self.aid_event(event):
            return True
        intent = self.input.handle(event, self.input_context())
        if intent is None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_pause is not None:
                self.on_pause(self)
                return True
            return False
        self.follow(intent)
        return True

    def handle_pad(self, press: PadPress) -> None:
        """A controller's press: the menu, the moves and the scores for any
        controller; the turn's commands only for the controller that may play it."""
        button = press.button
        if button == "start":
            if not press.repeat and self.on_pause is not None:
                self.input.reset()
                self.on_pause(self)
            return
        if button == "back":
            self.toggle_moves()
            return
        if button in ("lb", "rb"):
            if not self.moves_open:
                self.toggle_moves()
            self.scroll_log(3 if button == "lb" else -3)
            return
        if button in ("lt", "rt"):
            self.open_scores()
            return
        command = PAD_COMMANDS.get(button)
        if command is None and button != "ls":
            return
        if not self.pad_may_play(press.pad):
            if not press.repeat and button in ("a", "b", "x", "y", "ls"):
                self.say_who_plays()
            return
        self.pad_driven = True
        if button == "ls":
            self.ask_hint()
            return
        assert command is not None
        intent = self.input.command(command, self.input_context())
        if intent is not None:
            self.follow(intent)

    # Who plays which seat -----------------------------------------------------------
    def person_to_move(self) -> int | None:
        """The person's seat to move now (None: a computer's turn, or the round is over)."""
        seat = self.state.current_player
        return seat if seat is not None and self.is_person(seat) else None

    def keys_may_play(self) -> bool:
        """Whether the keyboard and mouse may play the turn now."""
        seat = self.person_to_move()
        return seat is None or self.seat_inputs.accepts(seat, None)

    def pad_may_play(self, pad: int) -> bool:
        """Whether controller ``pad`` may play the turn now (it plays the seat to move,
        or it plays no seat and the seat to move uses the keyboard)."""
        seat = self.person_to_move()
        return seat is None or self.seat_inputs.accepts(seat, pad)

    def plays_by_pad(self, seat: int | None) -> bool:
        """Whether ``seat`` is being played with a controller (its own, or a free one)."""
        return seat is not None and (self.seat_inputs.owner(seat) is not None or self.pad_driven)

    def plays_turn(self, event: pygame.event.Event) -> bool:
        """Whether a keyboard or mouse ``event`` would play the turn (rather than open
        the menu, the moves or the scores, which any input may)."""
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            return event.key in TURN_KEYS or (ctrl and event.key in (pygame.K_z, pygame.K_y))
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if self.regions.panel is not None and self.regions.panel.collidepoint(event.pos):
                return False
            return not any(self._tools[name].rect.collidepoint(event.pos) for name in OPEN_TOOLS if name in self._tools)
        if event.type == pygame.MOUSEWHEEL:
            return not (self.regions.panel is not None and self.regions.panel.collidepoint(self.input.pointer))
        return False

    def say_who_plays(self) -> None:
        seat = self.person_to_move()
        if seat is None:
            current = self.state.current_player
            if current is not None:
                self.motion.say(wait_text(self.names[current]), 2.5)
            return
        self.motion.say(played_with_text(self.names[seat], input_label(self.seat_inputs.owner(seat))), 2.5)

    def give_seat(self, seat: int, source: int | None) -> None:
        """``seat`` is played by controller ``source`` (None: the keyboard and mouse) from now on."""
        self.seat_inputs.give(seat, source)
        self.input.reset()
        self.motion.say(f"{self.names[seat]}: {input_label(source)}", 2.5)

    def missing_pad(self) -> tuple[int, int] | None:
        """(seat, controller) of the first seat whose controller is unplugged."""
        if self.app is None:
            return None
        for seat, pad in sorted(self.seat_inputs.pads.items()):
            if not self.app.pads.connected(pad):
                return seat, pad
        return None

    def check_pads(self) -> bool:
        """A seat's controller is unplugged: the game stops under a notice (True)."""
        missing = self.missing_pad()
        if missing is None or self.app is None or isinstance(self.app.top, PadMissingScene):
            return False
        self.input.reset()
        self.app.push(PadMissingScene(self, *missing))
        return True

    def keep_pad_focus(self) -> None:
        """A seat played with a controller always has a tile in focus on its turn
        (a playable one first), so the player sees where the D-pad starts."""
        seat = self.person_to_move()
        if seat is None or not self.plays_by_pad(seat) or not self.can_act() or self.input.drag is not None:
            return
        tiles = [tile for tile, _ in self.hand]
        if not tiles or self.input.selected in tiles:
            return
        playable = {a.tile for a in self.legal if a.kind == "lay"}
        self.input.selected = next((t for t in tiles if t in playable), tiles[0])
        self.input.variant = 0
        self.input.target_index = 0
        self.input.hover = False

    def follow(self, intent: Intent) -> None:
        """Do what the player asked: always through the engine."""
        if intent.kind == "play" and intent.action is not None:
            self.play(intent.action, intent.pos)
        elif intent.kind == "draw":
            self.request(Action.draw())
        elif intent.kind == "pass":  # pass, or refuse to lead: whichever the rules allow now
            kinds = {a.kind for a in self.legal} if self.can_act() else set()
            self.request(Action.refuse() if "refuse" in kinds and "pass" not in kinds else Action.pass_())
        elif intent.kind == "refuse":
            self.request(Action.refuse())
        elif intent.kind == "refused" and intent.tile is not None:
            self.refuse_drop(intent.tile, intent.pos, intent.text)
        elif intent.kind == "message":
            self.motion.say(intent.text, 2.5)

    def request(self, action: Action) -> None:
        """Draw, pass or refuse, when the engine allows it; else say why not."""
        if not self.can_act():
            seat = self.state.current_player
            if seat is not None:
                self.motion.say(wait_text(self.names[seat]), 2.5)
            return
        reason = self.state.explain(action)
        if reason is not None:
            self.motion.say(plain(reason), 3.5, warning=True)
            self.sound("refused")
            return
        self.play(action, None)

    def refuse_drop(self, tile: int, pos: tuple[int, int] | None, reason: str) -> None:
        """A tile let go where it cannot go: it glides back, and the reason shows."""
        rect = self.hand_rect(tile)
        if rect is not None and pos is not None:
            a, b = halves(tile)
            self.motion.add(Glide(pos, centre_of(rect), 0.25, (a, b, True, rect.height), rect.height, True, tile, blocks=False))
        self.motion.say(reason or f"{tile_name(tile)} cannot go there", 4.0, warning=True)
        self.sound("refused")

    # Playing -------------------------------------------------------------------
    def play(self, action: Action, origin: tuple[int, int] | None) -> bool:
        """Offer ``action`` of the seat to move to the referee; animate what it did."""
        seat = self.state.current_player
        if seat is None:
            return False
        before = set(self.state.hand(seat))
        verdict = self.referee.offer(seat, action)
        if verdict.reason is not None:
            self.motion.say(plain(verdict.reason), 4.0, warning=True)
            self.sound("refused")
            return False
        self.played(seat, action, before, origin)
        return True

    def played(self, seat: int, action: Action, before: set[int], origin: tuple[int, int] | None) -> None:
        """The referee let ``seat``'s ``action`` through: the picture follows."""
        self.input.reset()
        if self.takebacks is not None and seat == self.takebacks.seat:
            self.takebacks.forget(self.match)  # a new move: what was undone is gone
        self.sync()
        self.show_action(seat, action, before, origin)

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        place = self.regions.seats.get(seat)
        if place is not None:
            return centre_of(place.rect)
        return centre_of(self.regions.hand_tiles)

    def show_action(self, seat: int, action: Action, before: set[int], origin: tuple[int, int] | None) -> None:
        human = self.is_person(seat)
        if action.kind == "lay" and action.tile is not None:
            self.last_tile = action.tile
            spot = self.layout.spot(action.tile)
            if spot is not None:
                start = origin if origin is not None else self.seat_anchor(seat)
                duration = 0.14 if origin is not None else (self.glide_s if not human else 0.25)
                face = (spot.first, spot.second, spot.vertical, 2 * self.layout.unit)
                self.motion.add(Glide(start, centre_of(spot.rect), duration, face, 2 * self.layout.unit, spot.vertical, action.tile))
            self.sound("crosswise" if action.across else "lay")
        elif action.kind == "draw":
            drawn = set(self.state.hand(seat)) - before
            end = self.seat_anchor(seat)
            length = max(24, 2 * self.layout.unit)
            for tile in drawn:
                rect = self.hand_rect(tile) if seat == self.viewer and self.hand_face_up else None
                target = centre_of(rect) if rect is not None else end
                shown: tuple[int, int, bool, int] | None = None
                if rect is not None:
                    shown = (*halves(tile), True, rect.height)
                self.motion.add(
                    Glide(centre_of(self.regions.boneyard), target, self.glide_s * 0.8, shown, length, True, tile if rect else None, blocks=not human)
                )
            self.sound("draw")
        elif action.kind == "pass":
            self.motion.say(passed_text(self.names[seat]), 2.0)
            self.sound("pass")
        elif action.kind == "refuse":
            self.motion.say(refused_text(self.names[seat]), 2.5)
            self.sound("pass")

    def sound(self, name: str) -> None:
        audio = self.app.services.get("audio") if self.app is not None else None
        play = getattr(audio, "play", None)
        if play is not None:
            play(name)

    # Every frame -----------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is not None and self.app.top is self and self.check_pads():
            return
        self._updates += 1
        if self._updates == 2 and self.app is not None:
            # after the first frame is on screen: start the computer players'
            # worker, and make the summary's widget manager before it is needed
            self.thinker.warm_up()
            self.app.spare_gui_managers(1)
        for name, button in self._buttons.items():
            if button.check_pressed():
                self.sound("button")
                self.request(Action.pass_() if name == "pass" else Action.refuse())
        for name, button in self._tools.items():
            if button.check_pressed():
                self.use_tool(name)
        self._poll_hint()
        self.motion.update(dt)
        self.sync()
        state = self.state
        if state.over:
            self._after_round(dt)
            return
        seat = state.current_player
        if seat is None or self.motion.blocking:
            self._update_buttons()
            return
        if self.is_person(seat):
            self.referee.ask()  # the person's seat is told its turn (its view)
            self._human_turn(seat)
            self.keep_pad_focus()
        elif self._updates > 1:
            self._computer_turn(seat, dt)
        self._update_buttons()

    def _human_turn(self, seat: int) -> None:
        if len(self.people) > 1 and seat != self.viewer and self.app is not None:
            self._handoff_open = True
            self.input.reset()
            self.pad_driven = False
            self.app.push(
                HandoffScene(
                    self.names[seat],
                    lambda: self._hand_to(seat),
                    accepts=lambda source: self.seat_inputs.accepts(seat, source),
                    pad=lambda: self._pad_name(seat),
                    watch=self.check_pads,
                    menu=self._open_menu if self.on_pause is not None else None,
                )
            )

    def _open_menu(self) -> None:
        if self.on_pause is not None:
            self.on_pause(self)

    def _pad_name(self, seat: int) -> str | None:
        owner = self.seat_inputs.owner(seat)
        return pad_label(owner) if owner is not None else None

    def _hand_to(self, seat: int) -> None:
        self.viewer = seat
        self._handoff_open = False
        self.sync(force=True)

    def _computer_turn(self, seat: int, dt: float) -> None:
        """The seat to move decides by itself (a computer): it is told its turn once
        the table stands still, and its answer is taken once a person could follow."""
        if not self.referee.asked:
            self.referee.ask()
            self._think_clock = 0.0
        self._think_clock += dt
        if self._think_clock < self.think_s:
            return
        before = set(self.state.hand(seat))
        verdict = self.referee.poll()
        if verdict is not None and verdict.accepted:
            self.played(seat, verdict.action, before, None)

    def _after_round(self, dt: float) -> None:
        if self.motion.blocking or self.motion.shift is not None or self.app is None:
            return  # the summary freezes the table beneath it: only once it stands still
        state = self.state
        outcome = state.outcome
        if outcome is None:
            return
        if outcome.end == "redeal":
            if self._round_wait == 0.0:
                self.motion.say("Nobody could lead: the tiles are dealt again", 2.5)
            self._round_wait += dt
            if self._round_wait >= 1.5:
                self._round_wait = 0.0
                self.next_round()
            return
        if self._round_shown == self.match.round_index:
            return
        self._round_shown = self.match.round_index
        self.sound("match_won" if self.match.over else "round_won")
        self.app.push(RoundEndScene(self))

    def next_round(self) -> None:
        """Deal the next round (the engine decides who leads)."""
        if self.match.over or not self.state.over:
            return
        self.referee.start_round()
        self._new_deal()
        self.last_tile = None
        self.input.reset()
        self.motion.finish()
        self.log_scroll = 0
        self.sync(force=True)

    def new_match(self) -> None:
        """The same seats and rules again, from a new shuffle."""
        self.referee.cancel()
        self.match = Match(self.match.rules, self.match.players, None)
        self.referee = self.make_referee(self.match)
        self.referee.start_round()
        self._new_deal()
        self._round_shown = -1
        self._unit_cap = {}
        self.last_tile = None
        self.input.reset()
        self.motion.finish()
        self.sync(force=True)

    def _new_deal(self) -> None:
        """New hands: with several people at the screen, the next one is handed the
        screen afresh; hints and what could be redone belong to the old hands."""
        if len(self.people) > 1:
            self.viewer = None
        self._stop_thinking()
        if self.takebacks is not None:
            self.takebacks = TakeBacks(self.takebacks.seat)

    def apply_settings(self, settings: object) -> None:
        """Follow changed settings (animation and computer speed, hints)."""
        self.glide_s = GLIDE_S / SPEED_FACTOR.get(str(getattr(settings, "animation_speed", "normal")), 1.0)
        self.think_s = THINK_S / SPEED_FACTOR.get(str(getattr(settings, "computer_speed", "normal")), 1.0)
        self.hints = bool(getattr(settings, "hints", self.hints))
        knowledge = bool(getattr(settings, "show_knowledge", self.show_knowledge))
        if knowledge != self.show_knowledge:
            self.show_knowledge = knowledge
            self.motion.finish()
        self._version = None

    def leave(self) -> None:
        """The player leaves the table (after the match, or from a menu)."""
        if self.on_leave is not None:
            self.on_leave(self)
        elif self.app is not None:
            self.app.quit()

    # Drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table. Changes nothing: not the game, not the scene."""
        assert self.renderer is not None
        self.renderer.draw(surface, self)
        self.draw_gui(surface)


def saving(on_action: Callable[[Match], None]) -> Listener:
    """``on_action`` (the autosave) as a listener: after every action and undo, and
    as each round after the first is dealt (a match is saved from its first move)."""

    def listener(event: Event) -> None:
        if event.kind in (ACTION, UNDO) or (event.kind == ROUND and event.match.round_index > 0):
            on_action(event.match)

    return listener
