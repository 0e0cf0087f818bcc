"""A hand tile's places on the table, from the engine's legal moves.

A *target* is one place a tile can go (an end, or one value of a crosswise
end); it may hold several *variants* there (a matador: which half touches, in
line or across). The ghost at a target shows the variant chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.engine import Action
from game.engine.tiles import halves, is_double
from game.i18n import _
from game.ui.table.felt.tile_places import Slot, TableLayout, shape_of

TargetKey = tuple[str | None, int | None]  # (arm or None for the lead, joined value)


@dataclass(frozen=True)
class Target:
    arm: str | None
    joins: int | None
    actions: tuple[Action, ...]

    @property
    def key(self) -> TargetKey:
        return (self.arm, self.joins)

    def variant(self, index: int) -> Action:
        return self.actions[index % len(self.actions)]


def targets_for(tile: int, legal: list[Action]) -> list[Target]:
    """The places ``tile`` may go now, each with its variants, in the engine's order."""
    groups: dict[TargetKey, list[Action]] = {}
    for action in legal:
        if action.kind == "lay" and action.tile == tile:
            groups.setdefault((action.arm, action.joins), []).append(action)
    lead = groups.get((None, None))
    if lead and not is_double(tile):  # either half of a lead may face W: offer both
        high, low = halves(tile)
        touches = {a.touch for a in lead}
        for half in (high, low):
            if half not in touches:
                lead.append(Action.lay(tile, None, half))
    return [Target(arm, joins, tuple(actions)) for (arm, joins), actions in groups.items()]


def shape_of_action(action: Action, layout: TableLayout) -> str:
    """How ``action``'s tile would lie: across its arm (a matador laid across; a
    double that becomes a spinner where spinners lie across) or in line."""
    assert action.tile is not None
    return shape_of(is_double(action.tile), action.across, layout.doubles_across, action.arm in layout.spins)


def slot_of(action: Action, layout: TableLayout) -> Slot | None:
    """Where ``action`` would put its tile: where its ghost is drawn and where it drops."""
    return layout.slot(action.arm, shape_of_action(action, layout), action.joins)


def ghost_faces(action: Action, slot: Slot) -> tuple[int, int]:
    """The (first, second) halves of the tile ``action`` lays, as it would lie at ``slot``."""
    assert action.tile is not None
    a, b = halves(action.tile)
    if a == b:
        return a, b
    if action.across:
        return a, b  # the engine's crosswise placement: inner a, outer b
    touch = action.touch if action.touch is not None else a
    other = b if touch == a else a
    return slot.faces(touch, other)


def describe(action: Action) -> str:
    """A short phrase for a variant, shown while choosing: "6 touches", "across"."""
    if action.kind != "lay" or action.tile is None:
        return action.kind
    if action.across:
        return _("across the line")
    if action.arm is None:
        return _("{half} to the left").format(half=action.touch) if action.touch is not None else _("lead")
    if action.touch is not None and action.joins is not None:
        # TRANSLATORS: which half of a tile touches which value of a crosswise matador's end ("6 touches the 1").
        return _("{half} touches the {value}").format(half=action.touch, value=action.joins)
    if action.touch is not None:
        return _("{half} touches").format(half=action.touch)
    return _("the {value}").format(value=action.joins) if action.joins is not None else ""
