"""An action as ``push`` plays it: what a game record may leave out, filled in."""

from __future__ import annotations

from game.engine.actions import ARMS, Action
from game.engine.layout import CROSS
from game.engine.position import Position
from game.engine.tiles import HALVES, HIGH


def normalize(position: Position, action: Action) -> Action:
    """``action`` with ``touch`` and ``joins`` filled in where the position says
    what they must be (a record may leave them out)."""
    if action.kind == "draw" and action.count != 1:
        return action
    if action.kind != "lay" or action.tile is None:
        return action
    tile = action.tile
    a, b = HALVES[tile]
    if action.arm is None:
        return Action("lay", tile, None, HIGH[tile] if action.touch is None else action.touch)
    if action.across:
        return Action("lay", tile, action.arm, None, True)
    touch, joins = action.touch, action.joins
    if action.arm not in ARMS:
        return action
    arm = ARMS.index(action.arm)
    if position.ends[arm] == CROSS:
        pair = position.cross[arm]
        assert pair is not None
        if position.rules.is_matador(tile):
            if joins is None:
                joins = max(pair)
            if touch is None and a == b:
                touch = a
        else:
            target = position.rules.target
            if touch is None:
                options = [(h, j) for j in pair for h in (a, b) if h + j == target]
                if joins is not None:
                    options = [o for o in options if o[1] == joins]
                if len({o[0] for o in options}) == 1:
                    touch = options[0][0]
            if joins is None and touch is not None:
                options_j = [j for j in pair if touch + j == target]
                if len(set(options_j)) == 1:
                    joins = options_j[0]
    elif touch is None:
        if a == b:
            touch = a
        elif not position.rules.is_matador(tile):
            need = position.rules.target - position.ends[arm]
            if need in (a, b):
                touch = need
    return Action("lay", tile, action.arm, touch, False, joins)
