"""What a player's intent at the table becomes: a move offered to the referee
(through ``table.play``), a draw, pass or refusal when the rules allow it,
or the reason why not; a tile dropped where it cannot go glides back. The
engine, through the referee, is the judge; these only say it in words.
Functions of the table scene (the lesson narrows them through its methods).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine import Action
from game.engine.tiles import halves, tile_name
from game.i18n import _
from game.ui.table.animation import Glide, centre_of
from game.ui.table.input import InputContext, Intent, plain
from game.ui.table.who_plays import plays_by_pad
from game.ui.table.words import wait_text

if TYPE_CHECKING:
    from game.ui.table.scene import TableScene


def follow(table: TableScene, intent: Intent) -> None:
    """Do what the player asked: always through the engine."""
    if intent.kind == "play" and intent.action is not None:
        table.play(intent.action, intent.pos)
    elif intent.kind == "draw":
        table.request(Action.draw())
    elif intent.kind == "pass":  # pass, or refuse to lead: whichever the rules allow now
        kinds = {a.kind for a in table.model.legal} if table.can_act() else set()
        table.request(Action.refuse() if "refuse" in kinds and "pass" not in kinds else Action.pass_())
    elif intent.kind == "refuse":
        table.request(Action.refuse())
    elif intent.kind == "refused" and intent.tile is not None:
        table.refuse_drop(intent.tile, intent.pos, intent.text)
    elif intent.kind == "message":
        table.motion.say(intent.text, 2.5)


def request(table: TableScene, action: Action) -> None:
    """Draw, pass or refuse, when the engine allows it; else say why not."""
    if not table.can_act():
        seat = table.model.state.current_player
        if seat is not None:
            table.motion.say(wait_text(table.model.names[seat]), 2.5)
        return
    reason = table.model.state.explain(action)
    if reason is not None:
        table.motion.say(plain(reason), 3.5, warning=True)
        table.sound("refused")
        return
    table.play(action, None)


def refuse_drop(table: TableScene, tile: int, pos: tuple[int, int] | None, reason: str) -> None:
    """A tile let go where it cannot go: it glides back, and the reason shows."""
    rect = table.hand_rect(tile)
    if rect is not None and pos is not None:
        a, b = halves(tile)
        table.motion.add(Glide(pos, centre_of(rect), 0.25, (a, b, True, rect.height), rect.height, True, tile, blocks=False))
    table.motion.say(reason or _("{tile} cannot go there").format(tile=tile_name(tile)), 4.0, warning=True)
    table.sound("refused")


def input_context(table: TableScene) -> InputContext:
    """What the input needs to know about the table now: the hand shown, whether
    the person may move, the legal moves, the layout, where the boneyard is."""
    seat = table.model.state.current_player
    return InputContext(
        hand=table.hand if table.mode.look.hand_face_up(table) else [],
        can_act=table.can_act(),
        to_move=table.model.names[seat] if seat is not None else _("nobody"),
        legal=table.model.legal,
        layout=table.layout,
        boneyard=table.regions.boneyard,
        hand_area=table.regions.hand,
        explain=table.model.state.explain,
        pad=plays_by_pad(table, seat),
    )
