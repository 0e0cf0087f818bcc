"""Who plays which seat at the table, and with which input.

Each person's seat is played with the keyboard and mouse or with a controller
(``table.seat_inputs``, handed over by the new-game screen): only the input of
the seat to move plays a turn; the others may still open the menu, the moves
and the score sheet. A controller's buttons become the same commands as the
keys (``TableInput.command``). A seat's controller unplugged stops the game
under a notice (``PadMissingScene``) until it is back or the seat has another
input. Functions of the table scene; they change only its input state and
its messages, and play a turn only through the table (and so the referee).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.ui.gamepad import pad_label
from game.ui.seat_inputs import input_label
from game.ui.table.handoff import HandoffScene
from game.ui.table.input import KEY_COMMANDS
from game.ui.table.pad_missing import PadMissingScene
from game.ui.table.words import played_with_text, wait_text
from game.ui.words import shown_name

if TYPE_CHECKING:
    from game.ui.gamepad import PadPress
    from game.ui.table.scene import TableScene

OPEN_TOOLS = ("moves", "scores", "menu")  # any input may use these, whoever's turn it is
PAD_COMMANDS = {"left": "left", "right": "right", "up": "up", "down": "down", "a": "lay", "x": "turn", "y": "draw", "b": "pass"}
TURN_KEYS = frozenset({*KEY_COMMANDS, pygame.K_h}) - {pygame.K_ESCAPE}  # keys that play the turn


def handle_pad(table: TableScene, press: PadPress) -> None:
    """A controller's press: the menu, the moves and the scores for any
    controller; the turn's commands only for the controller that may play it."""
    button = press.button
    if button == "start":
        if not press.repeat and table.on_pause is not None:
            table.input.reset()
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
    if not pad_may_play(table, press.pad):
        if not press.repeat and button in ("a", "b", "x", "y", "ls"):
            say_who_plays(table)
        return
    table.pad_driven = True
    if button == "ls":
        table.aids.ask_hint()
        return
    assert command is not None
    intent = table.input.command(command, table.input_context())
    if intent is not None:
        table.follow(intent)


def give_seat(table: TableScene, seat: int, source: int | None) -> None:
    """``seat`` is played by controller ``source`` (None: the keyboard and mouse) from now on."""
    table.seat_inputs.give(seat, source)
    table.input.reset()
    # TRANSLATORS: a seat, then what plays it now ("Ann: Controller 2", "Ann: keyboard and mouse").
    table.motion.say(_("{name}: {input}").format(name=shown_name(table.model.names[seat]), input=input_label(source)), 2.5)


def person_to_move(table: TableScene) -> int | None:
    """The person's seat to move now (None: a computer's turn, or the round is over)."""
    seat = table.model.state.current_player
    return seat if seat is not None and table.model.is_person(seat) else None


def keys_may_play(table: TableScene) -> bool:
    """Whether the keyboard and mouse may play the turn now."""
    seat = person_to_move(table)
    return seat is None or table.seat_inputs.accepts(seat, None)


def pad_may_play(table: TableScene, pad: int) -> bool:
    """Whether controller ``pad`` may play the turn now (it plays the seat to move,
    or it plays no seat and the seat to move uses the keyboard)."""
    seat = person_to_move(table)
    return seat is None or table.seat_inputs.accepts(seat, pad)


def plays_by_pad(table: TableScene, seat: int | None) -> bool:
    """Whether ``seat`` is being played with a controller (its own, or a free one)."""
    return seat is not None and (table.seat_inputs.owner(seat) is not None or table.pad_driven)


def plays_turn(table: TableScene, event: pygame.event.Event) -> bool:
    """Whether a keyboard or mouse ``event`` would play the turn (rather than open
    the menu, the moves or the scores, which any input may)."""
    if event.type == pygame.KEYDOWN:
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        return event.key in TURN_KEYS or (ctrl and event.key in (pygame.K_z, pygame.K_y))
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        if table.regions.panel is not None and table.regions.panel.collidepoint(event.pos):
            return False
        return not any(table.toolbar.tools[name].rect.collidepoint(event.pos) for name in OPEN_TOOLS if name in table.toolbar.tools)
    if event.type == pygame.MOUSEWHEEL:
        return not (table.regions.panel is not None and table.regions.panel.collidepoint(table.input.pointer))
    return False


def say_who_plays(table: TableScene) -> None:
    seat = person_to_move(table)
    if seat is None:
        current = table.model.state.current_player
        if current is not None:
            table.motion.say(wait_text(table.model.names[current]), 2.5)
        return
    table.motion.say(played_with_text(table.model.names[seat], input_label(table.seat_inputs.owner(seat))), 2.5)


def missing_pad(table: TableScene) -> tuple[int, int] | None:
    """(seat, controller) of the first seat whose controller is unplugged."""
    if table.app is None:
        return None
    for seat, pad in sorted(table.seat_inputs.pads.items()):
        if not table.app.pads.connected(pad):
            return seat, pad
    return None


def check_pads(table: TableScene) -> bool:
    """A seat's controller is unplugged: the game stops under a notice (True)."""
    missing = missing_pad(table)
    if missing is None or table.app is None or isinstance(table.app.top, PadMissingScene):
        return False
    table.input.reset()
    table.app.push(PadMissingScene(table, *missing))
    return True


def keep_pad_focus(table: TableScene) -> None:
    """A seat played with a controller always has a tile in focus on its turn
    (a playable one first), so the player sees where the D-pad starts."""
    seat = person_to_move(table)
    if seat is None or not plays_by_pad(table, seat) or not table.can_act() or table.input.drag is not None:
        return
    tiles = [tile for tile, _ in table.hand]
    if not tiles or table.input.selected in tiles:
        return
    playable = {a.tile for a in table.model.legal if a.kind == "lay"}
    table.input.selected = next((t for t in tiles if t in playable), tiles[0])
    table.input.variant = 0
    table.input.target_index = 0
    table.input.hover = False


def pad_name(table: TableScene, seat: int) -> str | None:
    owner = table.seat_inputs.owner(seat)
    return pad_label(owner) if owner is not None else None


def hand_over(table: TableScene, seat: int) -> None:
    """A person's turn with several people at the screen: the screen is handed to
    them first (their hand stays hidden until they take it)."""
    if len(table.model.people) > 1 and seat != table.model.viewer and table.app is not None:
        table.handoff_open = True
        table.input.reset()
        table.pad_driven = False
        table.app.push(
            HandoffScene(
                table.model.names[seat],
                lambda: hand_to(table, seat),
                accepts=lambda source: table.seat_inputs.accepts(seat, source),
                pad=lambda: pad_name(table, seat),
                watch=lambda: check_pads(table),
                menu=(lambda: open_menu(table)) if table.on_pause is not None else None,
            )
        )


def open_menu(table: TableScene) -> None:
    if table.on_pause is not None:
        table.on_pause(table)


def hand_to(table: TableScene, seat: int) -> None:
    table.model.show_to(seat)
    table.handoff_open = False
    table.sync(force=True)
