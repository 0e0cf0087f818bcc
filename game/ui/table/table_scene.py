"""The table scene: a lean scene over the table's model.

The table is in three parts:

- the model (``model``, model.py): the match, the position its mode's source
  gives, who sees it, the legal moves, the referee that plays every move; no
  pygame;
- the input (``controls``, controls.py): events and a controller's presses
  into intents, an intent into a move offered through ``play``, who plays
  which seat;
- the scene (this module): the board (where things are on the screen,
  board.py), the parts and the side panels drawn from one frozen snapshot per
  change (snapshot.py, parts.py, panels.py), the toolbar's widgets, the
  frame.

The scene never changes the game itself: every move goes through its mode's
``moves.submit`` (the referee, or a server) and the referee tells the seats
and the listeners. Its ``Mode`` (mode.py: live play, review_mode.py,
lesson_mode.py, net_mode.py) is three roles: where positions come from
(``source``), what a move does (``moves``), what shows (``look``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from game.engine import Action, Match
from game.play.referee import Listener
from game.play.thinker import Thinker
from game.ui.drawing.menu import tile_art
from game.ui.shell.scene import GuiScene
from game.ui.shell.seat_inputs import SeatInputs
from game.ui.table.aids import TableAids
from game.ui.table.felt.animation import FADE_S, Motion
from game.ui.table.felt.board import Board
from game.ui.table.controls import TableControls
from game.ui.table.felt.painting import TableRenderer
from game.ui.table.modes.mode import PLAYED, LiveMode
from game.ui.table.table_model import TableModel
from game.ui.table.options import TableOptions
from game.ui.table.panels.panels import PANELS
from game.ui.table.parts import table_parts
from game.ui.table.felt.picture import Picture
from game.ui.table.protocols import Mode, PanelPart, Part, Table
from game.ui.table.felt.regions import TableRegions, compute_regions
from game.ui.table.table_seats import saving
from game.ui.table.felt.show import shift_of
from game.ui.table.felt.snapshot import Live, TableSnapshot
from game.ui.table.panels.toolbar import Toolbar
from game.ui.drawing.text import TextCache

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress
    from game.ui.shell.stage import Stage


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
        on_leave: Callable[[Table], None] | None = None,
        on_action: Callable[[Match], None] | None = None,
        on_pause: Callable[[Table], None] | None = None,
        listeners: tuple[Listener, ...] = (),
        mode: Mode | None = None,
    ):
        super().__init__()
        self.mode: Mode = mode or LiveMode()
        # What the referee tells besides the seats: the autosave (``on_action``), and
        # whatever the caller listens with (statistics and past matches); the moves log.
        told: list[Listener] = list(listeners)
        if on_action is not None:
            told.insert(0, saving(on_action))
        self.model = TableModel(match, self.mode.source, thinker or Thinker("process"), told)
        self.options = TableOptions.of(animation_speed, computer_speed, hints, show_knowledge)
        self.on_leave = on_leave
        self.on_pause = on_pause  # Esc with nothing in hand (the menu work opens its pause menu here)
        self.controls = TableControls(self)
        self.motion = Motion()
        self.text = TextCache()
        self.renderer: TableRenderer | None = None
        self.board = Board(match.rules.players, self.model.viewer or 0)
        self.toolbar = Toolbar()
        self.frames = 0  # frames run (a computer thinks from the second: the first is drawn first)
        self.opening = True  # not shown yet: a cover due at once goes up before the first frame
        self.aids = TableAids(self)  # undo and redo (one person against computers only), the hint, the scores
        self.panel_parts: list[PanelPart] = [*(make() for make in PANELS), *self.mode.look.cards()]
        self.parts: list[Part] = []  # made with the renderer (``attach``)
        self.picture = Picture(self)  # its snapshot, made again only when something shown changed
        self.mode.attach(self)

    # Setup -------------------------------------------------------------------
    def attach(self, app: Stage) -> None:
        super().attach(app)
        assert self.app is not None
        art = tile_art(self)
        self.renderer = TableRenderer(art, self.text)
        for panel in self.panel_parts:
            panel.attach(art, self.text)
        self.parts = [*table_parts(self.renderer), *self.mode.look.parts(self)]
        self.controls.seats = SeatInputs(self.app.pads.take_over(self.model.match))
        self.mode.source.start(self)  # a new match, or a saved one between rounds (a remote table: the server deals)
        self.sync(force=True)

    def build_gui(self) -> None:
        assert self.gui is not None
        regions = self.regions_for(self.model.viewer or 0)
        self.toolbar.build(self.gui, regions, self.mode.look.tool_names(self))
        self.mode.look.build(self, self.gui, regions)
        self.board.forget()

    def close(self) -> None:
        self.mode.source.close(self)
        self.model.referee.cancel()
        super().close()

    def enter(self) -> None:
        self.controls.handoff_open = False
        self.sync()
        if self.opening:  # just opened (a new match, a saved one): its first turn may be covered at once
            self.opening = False
            self.begin_turn()

    def rest(self) -> None:
        """Covered by a screen that never draws it: the renderer's pictures go (the
        background, 33 MB at 3840x2160); drawn again, it makes them again."""
        if self.renderer is not None:
            self.renderer.let_go_sized()

    def on_resize(self, size: tuple[int, int]) -> None:
        if self.renderer is not None and size != self.size:
            self.renderer.let_go_sized()  # the pictures of the size before
        super().on_resize(size)
        self.controls.input.reset()
        self.motion.finish()
        self.sync(force=True)

    # The side panels ------------------------------------------------------------------
    def open_panels(self) -> list[PanelPart]:
        """The side panels open now, top to bottom (each as it says, unless the mode hides or keeps it)."""
        shown = self.mode.look.panel_shown
        return [panel for panel in self.panel_parts if shown(self, panel.name, panel.is_open(self))]

    def panels_here(self) -> list[PanelPart]:
        """The side panels this table may show (the mode hides none of them): their keys work."""
        shown = self.mode.look.panel_shown
        return [panel for panel in self.panel_parts if shown(self, panel.name, True)]

    def panel(self, name: str) -> PanelPart | None:
        """The side panel called ``name`` (None: this table has none)."""
        return next((panel for panel in self.panel_parts if panel.name == name), None)

    def regions_for(self, shown: int) -> TableRegions:
        """The window cut into regions, seat ``shown`` at the bottom, the open panels in their column."""
        specs = [panel.spec(self) for panel in self.open_panels()]
        return compute_regions(self.size, self.model.match.rules.players, shown, self.mode.look.tool_slots(self), specs)

    # What the table allows ------------------------------------------------------
    def can_act(self) -> bool:
        """Whether the person at the screen may move now."""
        return self.model.may_act() and self.mode.moves.may_act(self) and not self.motion.blocking and not self.controls.handoff_open

    # Keeping the picture in step with the game --------------------------------
    def sync(self, force: bool = False) -> None:
        """Arrange the board again after the game or the window changed."""
        model = self.model
        state = model.state
        opened = tuple(panel.name for panel in self.open_panels())
        round_index = model.round_index
        version = (round_index, len(state.history), state.phase, self.size, model.viewer, self.controls.handoff_open, opened)
        board = self.board
        if version == board.version and not force:
            return
        shown = model.viewer if model.viewer is not None else (model.people[0] if model.people else 0)
        before = board.arrange(version, state, self.regions_for(shown), shown, model.viewer, (round_index, self.size, bool(opened)), force)
        if before is not None:
            shift = shift_of(before, board.layout, self.options.glide_s)
            if shift is not None:
                self.motion.shift = shift
        model.refresh()
        held = self.controls.input.active_tile
        if held is not None and held not in (tile for tile, _rect in board.hand):
            self.controls.input.reset()
        self._update_buttons()

    def _update_buttons(self) -> None:
        aids = self.aids
        usable = {"undo": aids.can_undo(), "redo": aids.can_redo(), "hint": self.can_act(), "menu": self.on_pause is not None}
        kinds = {a.kind for a in self.model.legal} if self.can_act() else set()
        self.toolbar.refresh(kinds, usable, {panel.name for panel in self.open_panels()})

    def jumped(self, *, forget_last: bool = False, new_layout: bool = False) -> None:
        """The position jumped rather than moved (a new round, an undo, a review's
        cursor): nothing stays held or gliding, and the table is drawn again at
        once. ``forget_last``: no tile glows as the last laid; ``new_layout``: the
        tiles may take any size again (another round, another match)."""
        self.controls.input.reset()
        self.motion.finish()
        self.board.forget(last=forget_last, units=new_layout)
        self.sync(force=True)
        self.begin_turn()

    def begin_turn(self) -> None:
        """A person's turn at a screen shared by several people begins behind the
        cover at once when the table opens or its position jumps (a new deal, an
        undo): no frame shows the table first. Elsewhere the next frame's
        ``update`` hands the turn over as it always does."""
        model = self.model
        state = model.state
        seat = state.current_player
        if self.app is None or self.app.top is not self or len(model.people) < 2 or self.controls.handoff_open:
            return
        if state.over or seat is None or not model.is_person(seat) or self.motion.blocking:
            return
        self.mode.source.turn(self, seat, 0.0)

    # The picture: one snapshot per change ----------------------------------------
    @property
    def snapshot(self) -> TableSnapshot:
        """The table as it is to be drawn (made again only when its key changes)."""
        return self.picture.current()

    def live(self) -> Live:
        """What moves every frame: the motion and the input."""
        return Live(self.motion, self.controls.input, frozenset(self.motion.hidden()))

    # Input ---------------------------------------------------------------------
    def handle_pad(self, press: PadPress) -> None:
        """A controller's press: the mode's, or as at any table (see ``controls``)."""
        if not self.mode.look.handle_pad(self, press):
            self.controls.handle_pad(press)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The mode's keys first; then (the turn's input permitting) the widgets,
        the parts, the side panels, the aids' keys, the hand and the felt."""
        if self.mode.look.handle_event(self, event):
            return True
        if self.controls.gate(event):
            return True  # the seat to move plays with a controller
        if super().handle_event(event):
            return True
        if any(part.handle_event(event, self) for part in self.parts):
            return True
        regions = self.board.regions
        if any(panel.handle_event(event, self, regions.panels.get(panel.name)) for panel in self.panels_here()):
            return True
        if self.aids.aid_event(event, self.mode.moves.aids_on(self)):
            return True
        return self.controls.handle_event(event)

    # Playing -------------------------------------------------------------------
    def play(self, action: Action, origin: tuple[int, int] | None) -> bool:
        """Submit ``action`` of the seat to move (the mode's moves: the referee, or a
        server); animate it if it was played here."""
        model = self.model
        seat = model.state.current_player
        if seat is None:
            return False
        before = set(model.state.hand(seat))
        if self.mode.moves.submit(self, seat, action) != PLAYED:
            return False  # refused (the reason was said), or sent to be judged elsewhere
        self.played(seat, action, before, origin)
        return True

    def played(self, seat: int, action: Action, before: set[int], origin: tuple[int, int] | None) -> None:
        """The referee let ``seat``'s ``action`` through: the picture follows."""
        self.controls.input.reset()
        self.model.played(seat, action)
        self.sync()
        self.mode.look.show(self, seat, action, before, origin)
        self.hide_turned_hand()
        self.mode.moves.played(self, seat, action)

    def hide_turned_hand(self) -> None:
        """With several people here, the hand at the bottom turned face down (its
        turn is over): a tile of it still gliding in face up (one just drawn) is
        not shown any more, as the next person may already be looking."""
        model = self.model
        viewer = model.viewer
        if viewer is not None and len(model.people) > 1 and not self.mode.look.hand_face_up(self):
            self.motion.drop_glides(set(model.state.hand(viewer)))

    def sound(self, name: str) -> None:
        audio = self.app.services.get("audio") if self.app is not None else None
        play = getattr(audio, "play", None)
        if play is not None:
            play(name)

    def next_round(self) -> None:
        """Deal the next round (the engine decides who leads; a remote table's server does)."""
        self.mode.source.next_round(self)

    def new_match(self) -> None:
        """The same seats and rules again, from a new shuffle."""
        self.mode.source.new_match(self)

    def leave(self) -> None:
        """The player leaves the table (after the match, or from a menu)."""
        if self.on_leave is not None:
            self.on_leave(self)
        elif self.app is not None:
            self.app.quit()

    # Every frame -----------------------------------------------------------------
    def next_change(self) -> float | None:
        """Every frame while something on the table moves (a glide, the table's
        shift, a message fading), a hint is awaited or its source's pace says so
        (a computer thinking, a server followed); still while it waits for a
        person at this screen, but for a message's time and the widgets."""
        motion = self.motion
        if self.frames < 3 or motion.glides or motion.shift is not None or self.aids.hint_awaited:
            return 0.0  # (the second frame starts the computers' worker)
        source = self.mode.source.next_change(self)
        if source is not None and source <= 0.0:
            return 0.0
        changes = [c for c in (source, self.widgets_change()) if c is not None]
        if motion.message is not None:
            changes.append(max(0.0, motion.message.seconds - motion.message.age - FADE_S))
        return min(changes) if changes else None

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app is not None and self.app.top is self and self.controls.check_pads():
            return
        self.frames += 1
        if self.frames == 2 and self.app is not None:
            # after the first frame is on screen: start the computer players'
            # worker, and make the summary's widget manager before it is needed
            self.model.thinker.warm_up()
            self.app.spare_gui_managers(1)
        turn, tools = self.toolbar.pressed()
        for name in turn:
            self.sound("button")
            self.controls.request(Action.pass_() if name == "pass" else Action.refuse())
        for name in tools:
            self.sound("button")
            if not any(panel.use_tool(name, self) for panel in self.panels_here()):
                self.aids.use_tool(name)
        self.aids.poll_hint()
        self.motion.update(dt)
        self.sync()
        for part in self.parts:
            part.update(dt, self)
        source = self.mode.source
        state = self.model.state
        if state.over:
            source.after_round(self, dt)  # the round's summary, a redeal
        else:
            seat = state.current_player
            if seat is not None and not self.motion.blocking:
                source.turn(self, seat, dt)  # the seat to move, once the table stands still
            self._update_buttons()
        if self.app is not None and self.app.top is self:
            source.update(self, dt)
            self.mode.look.update(self, dt)

    def apply_settings(self, settings: object) -> None:
        """Follow changed settings (animation and computer speed, hints, what the table knows)."""
        if self.options.follow(settings):
            self.motion.finish()
        self.board.forget()

    # Drawing -----------------------------------------------------------------------
    def drawn_text(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        """The words the parts draw that must keep inside an area (game.ui.drawing.layout_check)."""
        snap = self.snapshot
        return [said for part in self.parts if hasattr(part, "drawn_text") for said in part.drawn_text(snap)]

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table, then its widgets. Changes nothing: not the game, not the scene."""
        snap, live = self.snapshot, self.live()
        for part in self.parts:
            part.draw(surface, snap, live)
        self.draw_gui(surface)
