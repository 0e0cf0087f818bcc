"""The table's input (``Controls``, ``table.controls``): events and a
controller's presses into intents (``input.TableInput``), an intent into a
move offered through the table (``table.play``: the mode's ``submit``, the
referee), a draw, pass or refusal when the rules allow it, or the reason why
not; and who plays which seat with which input.

Each person's seat is played with the keyboard and mouse or with a controller
(``seats``, handed over by the new-game screen): only the input of the seat to
move plays a turn; the others may still open the menu, the moves and the
score sheet. A controller's buttons become the same commands as the keys
(``TableInput.command``). A seat's controller unplugged stops the game under a
notice (``PadMissingScene``) until it is back or the seat has another input.
With several people at the screen, the screen is handed over under a cover
(``hand_over``). The engine, through the referee, is the judge: this only
says it in words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine import Action
from game.engine.tiles import halves, tile_name
from game.i18n import _
from game.ui.shell.gamepad import pad_label
from game.ui.shell.seat_inputs import SeatInputs, input_label
from game.ui.table.felt.animation import Glide, centre_of
from game.ui.table.handoff import HandoffScene
from game.ui.table.input import KEY_COMMANDS, InputContext, Intent, TableInput, plain
from game.ui.table.moves import targets_for
from game.ui.table.pad_missing import PadMissingScene
from game.ui.table.panels.toolbar import anyone_tools
from game.ui.table.table_words import placement_words, played_with_text, wait_text
from game.words.seat_words import shown_name

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress
    from game.ui.table.protocols import Table

PAD_COMMANDS = {"left": "left", "right": "right", "up": "up", "down": "down", "a": "lay", "x": "turn", "y": "draw", "b": "pass"}
TURN_KEYS = frozenset({*KEY_COMMANDS, pygame.K_h}) - {pygame.K_ESCAPE}  # keys that play the turn


class TableControls:
    """The input of one table: the pointer and the tile held, who plays which seat."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.input = TableInput()  # the tile held or chosen, the pointer
        self.seats = SeatInputs()  # which controller plays which person's seat
        self.pad_driven = False  # the last hand to play used a controller: keep a tile in focus
        self.handoff_open = False  # the hand-off cover is up: no hand shows

    # Events -------------------------------------------------------------------------------
    def gate(self, event: pygame.event.Event) -> bool:
        """True if ``event`` would play the turn of a seat played with a controller
        (it is stopped, and who plays is said); else the table goes on with it."""
        if not self.keys_may_play() and self.plays_turn(event):
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.say_who_plays()
            return True
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.pad_driven = False
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        """A key or the mouse on the hand, the felt or the boneyard: the intent is
        followed; Esc with nothing in hand opens the menu."""
        table = self.table
        intent = self.input.handle(event, self.input_context())
        if intent is None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and table.on_pause is not None:
                table.on_pause(table)
                return True
            return False
        self.follow(intent)
        return True

    def handle_pad(self, press: PadPress) -> None:
        """A controller's press: the menu, the moves and the scores for any
        controller; the turn's commands only for the controller that may play it."""
        table = self.table
        button = press.button
        if button == "start":
            if not press.repeat and table.on_pause is not None:
                self.input.reset()
                table.on_pause(table)
            return
        if any(panel.handle_pad(press, table) for panel in table.panels_here()):
            return  # the moves panel's Back and shoulders
        if button in ("lt", "rt"):
            table.aids.open_scores()
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
            table.aids.ask_hint()
            return
        assert command is not None
        intent = self.input.command(command, self.input_context())
        if intent is not None:
            self.follow(intent)

    # Intents into moves -------------------------------------------------------------------
    def follow(self, intent: Intent) -> None:
        """Do what the player asked (the mode's moves first): always through the referee."""
        table = self.table
        if table.mode.moves.follow(table, intent):
            return
        if intent.kind == "play" and intent.action is not None:
            table.play(intent.action, intent.pos)
        elif intent.kind == "draw":
            self.request(Action.draw())
        elif intent.kind == "pass":  # pass, or refuse to lead: whichever the rules allow now
            kinds = {a.kind for a in table.model.legal} if table.can_act() else set()
            self.request(Action.refuse() if "refuse" in kinds and "pass" not in kinds else Action.pass_())
        elif intent.kind == "refuse":
            self.request(Action.refuse())
        elif intent.kind == "refused" and intent.tile is not None:
            self.refuse_drop(intent.tile, intent.pos, intent.text)
        elif intent.kind == "message":
            table.motion.say(intent.text, 2.5)
        elif intent.kind == "turn":
            self.say_placement()

    def say_placement(self) -> None:
        """A tile turned: how it will lie now, in words (never the picture alone)."""
        ctx = self.input_context()
        target = self.input.chosen_target(ctx)
        if target is None:
            targets = self.input.targets(ctx)
            target = targets[0] if targets else None
        if target is not None:
            self.table.motion.say(placement_words(target.variant(self.input.variant), len(target.actions)), 3.0)

    def request(self, action: Action) -> None:
        """Draw, pass or refuse, when the engine allows it; else say why not."""
        table = self.table
        if table.mode.moves.request(table, action):
            return
        model = table.model
        if not table.can_act():
            seat = model.state.current_player
            if seat is not None:
                table.motion.say(wait_text(model.names[seat]), 2.5)
            return
        refusal = model.state.explain(action)
        if refusal is not None:
            table.motion.say(plain(refusal), 3.5, warning=True)
            table.sound("refused")
            return
        table.play(action, None)

    def refuse_drop(self, tile: int, pos: tuple[int, int] | None, reason: str) -> None:
        """A tile let go where it cannot go: it glides back, and the reason shows."""
        table = self.table
        rect = table.board.hand_rect(tile)
        if rect is not None and pos is not None:
            a, b = halves(tile)
            table.motion.add(Glide(pos, centre_of(rect), 0.25, (a, b, True, rect.height), rect.height, True, tile, blocks=False))
        table.motion.say(reason or _("{tile} cannot go there").format(tile=tile_name(tile)), 4.0, warning=True)
        table.sound("refused")
        table.mode.moves.refused_drop(table)

    def point_at(self, action: Action) -> None:
        """Show where ``action`` goes: its tile lifts from the hand, its place glows
        (turned as ``action`` lays it). Nothing is played."""
        self.input.reset()
        if action.kind != "lay" or action.tile is None:
            return
        for index, target in enumerate(targets_for(action.tile, self.table.model.legal)):
            if action in target.actions:
                self.input.pick(action.tile, index, target.actions.index(action))

    def input_context(self) -> InputContext:
        """What the input needs to know about the table now: the hand shown, whether
        the person may move, the legal moves, the layout, where the boneyard is."""
        table = self.table
        board = table.board
        model = table.model
        seat = model.state.current_player
        return InputContext(
            hand=board.hand if table.mode.look.hand_face_up(table) else [],
            can_act=table.can_act(),
            to_move=model.names[seat] if seat is not None else _("nobody"),
            legal=model.legal,
            layout=board.layout,
            boneyard=board.regions.boneyard,
            hand_area=board.regions.hand,
            explain=model.state.explain,
            pad=self.plays_by_pad(seat),
            hinted=table.aids.hinted_action(),
        )

    # Who plays which seat -----------------------------------------------------------------
    def give_seat(self, seat: int, source: int | None) -> None:
        """``seat`` is played by controller ``source`` (None: the keyboard and mouse) from now on."""
        self.seats.give(seat, source)
        self.input.reset()
        # TRANSLATORS: a seat, then what plays it now ("Ann: Controller 2", "Ann: keyboard and mouse").
        self.table.motion.say(_("{name}: {input}").format(name=shown_name(self.table.model.names[seat]), input=input_label(source)), 2.5)

    def person_to_move(self) -> int | None:
        """The person's seat to move now (None: a computer's turn, or the round is over)."""
        model = self.table.model
        seat = model.state.current_player
        return seat if seat is not None and model.is_person(seat) else None

    def keys_may_play(self) -> bool:
        """Whether the keyboard and mouse may play the turn now."""
        seat = self.person_to_move()
        return seat is None or self.seats.accepts(seat, None)

    def pad_may_play(self, pad: int) -> bool:
        """Whether controller ``pad`` may play the turn now (it plays the seat to move,
        or it plays no seat and the seat to move uses the keyboard)."""
        seat = self.person_to_move()
        return seat is None or self.seats.accepts(seat, pad)

    def plays_by_pad(self, seat: int | None) -> bool:
        """Whether ``seat`` is being played with a controller (its own, or a free one)."""
        return seat is not None and (self.seats.owner(seat) is not None or self.pad_driven)

    def plays_turn(self, event: pygame.event.Event) -> bool:
        """Whether a keyboard or mouse ``event`` would play the turn (rather than open
        the menu, the moves or the scores, which any input may)."""
        table = self.table
        panel = table.board.regions.panel
        if event.type == pygame.KEYDOWN:
            ctrl = bool(event.mod & pygame.KMOD_CTRL)
            return event.key in TURN_KEYS or (ctrl and event.key in (pygame.K_z, pygame.K_y))
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if panel is not None and panel.collidepoint(event.pos):
                return False
            tools = table.toolbar.tools
            return not any(tools[name].rect.collidepoint(event.pos) for name in anyone_tools() if name in tools)
        if event.type == pygame.MOUSEWHEEL:
            return not (panel is not None and panel.collidepoint(self.input.pointer))
        return False

    def say_who_plays(self) -> None:
        table = self.table
        seat = self.person_to_move()
        if seat is None:
            current = table.model.state.current_player
            if current is not None:
                table.motion.say(wait_text(table.model.names[current]), 2.5)
            return
        table.motion.say(played_with_text(table.model.names[seat], input_label(self.seats.owner(seat))), 2.5)

    def missing_pad(self) -> tuple[int, int] | None:
        """(seat, controller) of the first seat whose controller is unplugged."""
        app = self.table.app
        if app is None:
            return None
        for seat, pad in sorted(self.seats.pads.items()):
            if not app.pads.connected(pad):
                return seat, pad
        return None

    def check_pads(self) -> bool:
        """A seat's controller is unplugged: the game stops under a notice (True)."""
        table = self.table
        missing = self.missing_pad()
        if missing is None or table.app is None or isinstance(table.app.top, PadMissingScene):
            return False
        self.input.reset()
        table.app.push(PadMissingScene(table, *missing))
        return True

    def keep_pad_focus(self) -> None:
        """A seat played with a controller always has a tile in focus on its turn
        (a playable one first), so the player sees where the D-pad starts."""
        table = self.table
        seat = self.person_to_move()
        if seat is None or not self.plays_by_pad(seat) or not table.can_act() or self.input.drag is not None:
            return
        tiles = [tile for tile, _rect in table.board.hand]
        if not tiles or self.input.selected in tiles:
            return
        playable = {a.tile for a in table.model.legal if a.kind == "lay"}
        self.input.selected = next((t for t in tiles if t in playable), tiles[0])
        self.input.variant = 0
        self.input.target_index = 0
        self.input.hover = False

    def pad_name(self, seat: int) -> str | None:
        owner = self.seats.owner(seat)
        return pad_label(owner) if owner is not None else None

    def hand_over(self, seat: int) -> None:
        """A person's turn with several people at the screen: the screen is handed to
        them first (their hand stays hidden until they take it)."""
        table = self.table
        if len(table.model.people) > 1 and seat != table.model.viewer and table.app is not None:
            self.handoff_open = True
            self.input.reset()
            self.pad_driven = False
            table.app.push(
                HandoffScene(
                    table.model.names[seat],
                    lambda: self.hand_to(seat),
                    accepts=lambda source: self.seats.accepts(seat, source),
                    pad=lambda: self.pad_name(seat),
                    watch=self.check_pads,
                    menu=self.open_menu if table.on_pause is not None else None,
                )
            )

    def open_menu(self) -> None:
        table = self.table
        if table.on_pause is not None:
            table.on_pause(table)

    def hand_to(self, seat: int) -> None:
        """The cover is lifted: ``seat`` is at the screen."""
        self.table.model.show_to(seat)
        self.handoff_open = False
        self.table.sync(force=True)
