"""The table: the layout on the felt, the hand, the seats around, the boneyard.

The scene never changes the game itself: every move becomes an ``Action``
offered to the referee (game/referee.py), which checks it with the engine,
pushes it and tells the seats (game/seat.py) and the listeners. The table is
given a ``Mode`` (``mode``: live play, a review, a lesson) that says where its
positions come from and which parts and tools show. The picture is one frozen
``TableSnapshot`` (``snapshot``) made once per change, drawn by the parts
(``parts``, ``panels``) with the live motion and input. Who plays which seat
with which input is ``who_plays``; what an action looks like is ``show``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.engine import Action, Match, OpenEnd, RoundState, SeatView
from game.referee import Listener, Referee
from game.seat import PERSON, Seat
from game.settings import SPEED_FACTOR
from game.thinker import Thinker
from game.ui.scene import GuiScene
from game.ui.seat_inputs import SeatInputs
from game.ui.table.aids import Aids
from game.ui.table.animation import Motion
from game.ui.table.draw import TableRenderer
from game.ui.table.geometry import TableLayout, compute_layout, held_still
from game.ui.table.input import InputContext, Intent, TableInput, plain
from game.ui.table.intents import follow, input_context, refuse_drop, request
from game.ui.table.log import MovesLog, news_for
from game.ui.table.mode import Mode
from game.ui.table.position import Position
from game.ui.table.panel import SidePanel
from game.ui.table.panels import PanelPart
from game.ui.table.parts import Part, table_parts
from game.ui.table.regions import TableRegions, compute_regions, hand_tile_rects
from game.ui.table.seats import saving
from game.ui.table.show import shift_from, show_action
from game.ui.table.snapshot import Live, TableSnapshot, snapshot_key, take
from game.ui.table.texts import hand_words, seat_words
from game.ui.table.toolbar import Toolbar
from game.ui.table.undo import TakeBacks
from game.ui.table.who_plays import check_pads, give_seat, handle_pad, keys_may_play, plays_turn, say_who_plays
from game.ui.table.words import header_text, lead_text
from game.ui.text import TextCache
from game.ui.menu import tile_art

if TYPE_CHECKING:
    from game.ui.gamepad import PadPress


GLIDE_S = 0.45  # a computer's tile from its seat to the table, at normal speed
THINK_S = 0.55  # the least time a computer's turn takes, at normal speed


class TableScene(GuiScene):
    """One match at the table, in a ``mode`` (live play unless told otherwise)."""

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
        mode: Mode | None = None,
    ):
        super().__init__()
        self.mode = mode or Mode()
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
        self.version: tuple[object, ...] | None = None
        self.unit_cap: dict[tuple[int, tuple[int, int], bool], int] = {}  # the unit of the last move: tiles never grow back
        self.think_clock = 0.0
        self.round_wait = 0.0  # how long a redeal's notice has shown
        self.round_shown = -1  # the last round whose summary showed
        self.toolbar = Toolbar()
        self.handoff_open = False  # the hand-off cover is up: no hand shows
        self.frames = 0  # frames run (a computer thinks from the second: the first is drawn first)
        # Play aids: undo (one person against computers only), the hint, the moves panel.
        self.aids = Aids(self, TakeBacks(people[0]) if self.mode.takes_back(self) else None)
        self.news: dict[int, int] = {}  # other seats' moves the person at the screen has not answered yet
        self.panel_parts: list[PanelPart] = [make() for make in self.mode.panels()]
        self.parts: list[Part] = []  # made with the renderer (``attach``)
        self._snapshot: tuple[tuple[object, ...], TableSnapshot] | None = None
        self.seat_inputs = SeatInputs()  # which controller plays which person's seat
        self.pad_driven = False  # the last hand to play used a controller: keep a tile in focus
        self.mode.bind(self)

    # Seats and the referee ------------------------------------------------------
    def make_referee(self, match: Match) -> Referee:
        """The referee of ``match`` (the mode's), telling the moves log and the listeners."""
        return self.mode.make_referee(self, match, [self.moves_log.heard, *self.listeners])

    def computer_seed(self, view: SeatView) -> int:
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

    # Setup -------------------------------------------------------------------
    def attach(self, app: object) -> None:
        super().attach(app)  # type: ignore[arg-type]
        assert self.app is not None
        art = tile_art(self)
        self.renderer = TableRenderer(art, self.text)
        painter = SidePanel(art, self.text)
        for panel in self.panel_parts:
            panel.attach(painter)
        self.parts = [*table_parts(self.renderer), *self.mode.parts(self)]
        self.seat_inputs = SeatInputs(self.app.pads.take_over(self.match))
        self.mode.start(self)  # a new match, or a saved one between rounds (a remote table: the server deals)
        self.sync(force=True)

    def build_gui(self) -> None:
        assert self.gui is not None
        regions = self.compute_regions()
        self.toolbar.build(self.gui, regions, self.tool_names())
        self.mode.build(self, self.gui, regions)
        self.version = None

    def tool_names(self) -> list[str]:
        """The toolbar's buttons (the mode's: undo and redo only for one person against computers)."""
        return self.mode.tool_names(self)

    def open_panels(self) -> list[PanelPart]:
        """The side panels open now, top to bottom."""
        return [panel for panel in self.panel_parts if panel.is_open(self)]

    def compute_regions(self, viewer: int | None = None) -> TableRegions:
        shown = viewer if viewer is not None else (self.viewer or 0)
        specs = [panel.spec(self) for panel in self.open_panels()]
        return compute_regions(self.size, self.match.rules.players, shown, self.mode.tool_slots(self), specs)

    def close(self) -> None:
        self.mode.close(self)
        self.referee.cancel()
        super().close()

    def enter(self) -> None:
        self.handoff_open = False
        self.sync()

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self.input.reset()
        self.motion.finish()
        self.sync(force=True)

    # What the scene shows (read by the renderer) ------------------------------
    @property
    def state(self) -> Position:
        """The position the table shows (the mode's: the round in play, a review's cursor)."""
        return self.mode.position(self)

    @property
    def record(self) -> RoundState | None:
        """The whole round behind ``state``, when the mode has it (None: a seat's view only)."""
        return self.mode.record(self)

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.match.players]

    @property
    def hand_face_up(self) -> bool:
        shown = self.mode.hand_face_up(self)
        if shown is not None:
            return shown
        if self.viewer is None or self.handoff_open:
            return False
        if len(self.people) <= 1:
            return True
        return self.state.current_player == self.viewer or self.state.over

    def pointed_out(self) -> list[Action]:
        """Moves the table shows as glowing ghosts without a tile in hand (the review's better move)."""
        return self.mode.pointed_out(self)

    def totals(self) -> list[int]:
        """The match totals the plaques and the hand's label show."""
        return self.mode.totals(self)

    def revealed(self, seat: int) -> tuple[int, ...] | None:
        """The tiles of ``seat``'s plaque shown face up (a review); None while they are hidden."""
        return self.mode.revealed(self, seat)

    def can_act(self) -> bool:
        """Whether the person at the screen may move now."""
        state = self.state
        seat = state.current_player
        return (
            seat is not None
            and self.mode.may_act(self)
            and seat == self.viewer
            and self.is_person(seat)
            and not self.motion.blocking
            and not self.handoff_open
        )

    def can_draw(self) -> bool:
        """Whether the boneyard glows."""
        glows = self.mode.can_draw(self)
        return glows if glows is not None else self.can_act() and any(a.kind == "draw" for a in self.legal)

    def playable_tiles(self) -> set[int] | None:
        """Tiles with a legal place now (None when it is not this hand's turn or hints are off)."""
        if not self.hints or not self.can_act():
            return None
        return {a.tile for a in self.legal if a.kind == "lay" and a.tile is not None}

    def header_text(self) -> str:
        text = self.mode.header_text(self)
        return header_text(self.match) if text is None else text

    def lead_text(self) -> str:
        text = self.mode.lead_text(self)
        if text is None:
            record = self.record
            text = lead_text(record, self.names) if record is not None else ""
        return text

    def hand_text(self) -> str:
        text = self.mode.hand_text(self)
        return hand_words(self) if text is None else text

    def seat_info(self, seat: int) -> tuple[str, int, int, bool, str]:
        """(name, tiles held, match total, to move, status line) for a seat's plaque."""
        return seat_words(self, seat)

    def input_context(self) -> InputContext:
        """What the input needs of the table now (see ``intents``)."""
        return input_context(self)

    def hand_rect(self, tile: int) -> pygame.Rect | None:
        """Where a tile of the bottom hand is drawn (tests aim here)."""
        return next((rect for t, rect in self.hand if t == tile), None)

    # Keeping the picture in step with the game --------------------------------
    def sync(self, force: bool = False) -> None:
        """Recompute the layout, regions and hand after the game or the window changed."""
        state = self.state
        opened = tuple(panel.name for panel in self.open_panels())
        panel = bool(opened)
        round_index = self.mode.round_index(self)
        version = (round_index, len(state.history), state.phase, self.size, self.viewer, self.handoff_open, opened)
        if version == self.version and not force:
            return
        self.version = version
        shown = self.viewer if self.viewer is not None else (self.people[0] if self.people else 0)
        self.regions = self.compute_regions(shown)
        key = (round_index, self.size, panel)
        before = self.layout
        last = state.placements[-1] if state.placements else None
        settled = None
        if state.over and not force and key in self.unit_cap and last is not None:
            settled = held_still(before, state.placements)  # the round's end: the table holds still
        self.layout = settled or compute_layout(state, self.regions.layout_area, self.unit_cap.get(key))
        if not force and key in self.unit_cap:
            shift_from(self, before)
        self.unit_cap = {key: self.layout.unit}
        tiles = state.hand(shown)
        self.hand = list(zip(tiles, hand_tile_rects(self.regions.hand_tiles, len(tiles), scale=self.regions.scale)))
        self.open_ends = state.open_ends()
        seat = state.current_player
        self.legal = state.legal_moves() if seat is not None and self.is_person(seat) else []
        if self.input.active_tile is not None and self.input.active_tile not in tiles:
            self.input.reset()
        self.news = news_for(state, self.viewer) if self.viewer is not None else {}
        self._update_buttons()

    def _update_buttons(self) -> None:
        aids = self.aids
        usable = {"undo": aids.can_undo(), "redo": aids.can_redo(), "hint": self.can_act(), "menu": self.on_pause is not None}
        self.toolbar.refresh({a.kind for a in self.legal} if self.can_act() else set(), usable, aids.moves_open)

    # The picture: one snapshot per change ----------------------------------------
    @property
    def snapshot(self) -> TableSnapshot:
        """The table as it is to be drawn (made again only when its key changes)."""
        key = snapshot_key(self)
        if self._snapshot is None or self._snapshot[0] != key:
            self._snapshot = (key, take(self))
        return self._snapshot[1]

    def live(self) -> Live:
        """What moves every frame: the motion and the input."""
        return Live(self.motion, self.input, frozenset(self.motion.hidden()))

    # Input ---------------------------------------------------------------------
    def handle_pad(self, press: PadPress) -> None:
        """A controller's press: the mode's, or as at any table (see ``who_plays``)."""
        if not self.mode.handle_pad(self, press):
            handle_pad(self, press)

    def give_seat(self, seat: int, source: int | None) -> None:
        """``seat`` is played by controller ``source`` (None: the keyboard and mouse) from now on."""
        give_seat(self, seat, source)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.mode.handle_event(self, event):
            return True
        if not keys_may_play(self) and plays_turn(self, event):
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                say_who_plays(self)
            return True  # the seat to move plays with a controller
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.pad_driven = False
        if super().handle_event(event):
            return True
        if any(part.handle_event(event, self) for part in self.parts):
            return True
        regions = self.regions
        if any(panel.handle_event(event, self, regions.panels[panel.name]) for panel in self.open_panels() if panel.name in regions.panels):
            return True
        if self.aids.aid_event(event, self.mode.aids_on(self)):
            return True
        intent = self.input.handle(event, self.input_context())
        if intent is None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_pause is not None:
                self.on_pause(self)
                return True
            return False
        self.follow(intent)
        return True

    # Who plays which seat -----------------------------------------------------------
    def follow(self, intent: Intent) -> None:
        """Do what the player asked: always through the referee (see ``intents``)."""
        if not self.mode.follow(self, intent):
            follow(self, intent)

    def request(self, action: Action) -> None:
        """Draw, pass or refuse, when the rules allow it; else say why not."""
        if not self.mode.request(self, action):
            request(self, action)

    def refuse_drop(self, tile: int, pos: tuple[int, int] | None, reason: str) -> None:
        """A tile let go where it cannot go: it glides back, and the reason shows."""
        refuse_drop(self, tile, pos, reason)
        self.mode.refused_drop(self)

    # Playing -------------------------------------------------------------------
    def play(self, action: Action, origin: tuple[int, int] | None) -> bool:
        """Offer ``action`` of the seat to move to the referee; animate what it did."""
        seat = self.state.current_player
        if seat is None or not self.mode.vet(self, action):
            return False
        before = set(self.state.hand(seat))
        verdict = self.referee.offer(seat, action)
        if verdict.refusal is not None:
            self.motion.say(plain(verdict.refusal), 4.0, warning=True)
            self.sound("refused")
            return False
        self.played(seat, action, before, origin)
        return True

    def played(self, seat: int, action: Action, before: set[int], origin: tuple[int, int] | None) -> None:
        """The referee let ``seat``'s ``action`` through: the picture follows."""
        self.input.reset()
        takebacks = self.aids.takebacks
        if takebacks is not None and seat == takebacks.seat:
            takebacks.forget(self.match)  # a new move: what was undone is gone
        self.sync()
        show_action(self, seat, action, before, origin)
        self.mode.played(self, seat, action)

    def sound(self, name: str) -> None:
        audio = self.app.services.get("audio") if self.app is not None else None
        play = getattr(audio, "play", None)
        if play is not None:
            play(name)

    # Every frame -----------------------------------------------------------------
    def next_round(self) -> None:
        """Deal the next round (the engine decides who leads; a remote table's server does)."""
        self.mode.next_round(self)

    def new_match(self) -> None:
        """The same seats and rules again, from a new shuffle."""
        self.mode.new_match(self)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is not None and self.app.top is self and check_pads(self):
            return
        self.frames += 1
        if self.frames == 2 and self.app is not None:
            # after the first frame is on screen: start the computer players'
            # worker, and make the summary's widget manager before it is needed
            self.thinker.warm_up()
            self.app.spare_gui_managers(1)
        turn, tools = self.toolbar.pressed()
        for name in turn:
            self.sound("button")
            self.request(Action.pass_() if name == "pass" else Action.refuse())
        for name in tools:
            self.aids.use_tool(name)
        self.aids.poll_hint()
        self.motion.update(dt)
        self.sync()
        for part in self.parts:
            part.update(dt, self)
        self.turns(dt)
        if self.app is not None and self.app.top is self:
            self.mode.update(self, dt)

    def turns(self, dt: float) -> None:
        """The round's end, or the turn of the seat to move once the table stands still (the mode's)."""
        state = self.state
        if state.over:
            self.mode.after_round(self, dt)
            return
        seat = state.current_player
        if seat is not None and not self.motion.blocking:
            self.mode.turn(self, seat, dt)
        self._update_buttons()

    def apply_settings(self, settings: object) -> None:
        """Follow changed settings (animation and computer speed, hints)."""
        self.glide_s = GLIDE_S / SPEED_FACTOR.get(str(getattr(settings, "animation_speed", "normal")), 1.0)
        self.think_s = THINK_S / SPEED_FACTOR.get(str(getattr(settings, "computer_speed", "normal")), 1.0)
        self.hints = bool(getattr(settings, "hints", self.hints))
        knowledge = bool(getattr(settings, "show_knowledge", self.show_knowledge))
        if knowledge != self.show_knowledge:
            self.show_knowledge = knowledge
            self.motion.finish()
        self.version = None

    def leave(self) -> None:
        """The player leaves the table (after the match, or from a menu)."""
        if self.on_leave is not None:
            self.on_leave(self)
        elif self.app is not None:
            self.app.quit()

    # Drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table, then its widgets. Changes nothing: not the game, not the scene."""
        self.paint(surface)
        self.draw_gui(surface)

    def paint(self, surface: pygame.Surface) -> None:
        """Each part, in order, from the snapshot and the live motion and input."""
        snap, live = self.snapshot, self.live()
        for part in self.parts:
            part.draw(surface, snap, live)

