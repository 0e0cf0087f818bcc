"""Turning mouse and keys into what the player wants: pick up, turn, lay, draw, pass.

Nothing here changes the game: ``TableInput.handle`` returns an ``Intent``
(an ``Action`` to play, or a refusal with its reason) and the scene passes the
action to ``match.push``, where the engine checks it.

- Drag a hand tile: it lifts and follows the pointer; let it go on (or near) a
  lit place to lay it; anywhere else it goes back, with the reason.
- Or click a tile, then click a lit place. A tile already lifted for the player
  (a lesson's step, a hint) is taken by that click, as it was shown, not put down.
- Keys: Left/Right pick a tile, Up/Down/Tab pick a place, R turns (a matador's
  choices), Enter lays, D draws, P passes (or refuses to lead), Esc puts the
  tile down.
- While a tile is held, right-click, the wheel or R cycles its choices.

Keys and a game controller's buttons name the same ``COMMANDS`` (the scene maps
a controller's presses onto them), so there is one input model for both.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

import pygame
from pygame import Rect

from game.engine import Action, Refusal
from game.engine.tiles import tile_name
from game.i18n import _, pgettext
from game.ui.table.felt.tile_places import LINE, TableLayout
from game.ui.table.moves import Target, slot_of, targets_for
from game.ui.table.table_words import wait_text
from game.words.ends import DIRECTIONS
from game.words.refusals import refusal_text

DRAG_START_PX = 6
COMMANDS = ("left", "right", "up", "down", "turn", "lay", "draw", "pass", "put down")
KEY_COMMANDS = {
    pygame.K_LEFT: "left",
    pygame.K_RIGHT: "right",
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_TAB: "down",
    pygame.K_r: "turn",
    pygame.K_RETURN: "lay",
    pygame.K_KP_ENTER: "lay",
    pygame.K_d: "draw",
    pygame.K_p: "pass",
    pygame.K_ESCAPE: "put down",
}


@dataclass(frozen=True)
class Intent:
    """What the player asked for. ``kind``: play, draw, pass, refuse, refused
    (a tile let go where it cannot go: ``text`` says why), back (a tile put back
    in the hand), message, select, turn."""

    kind: str
    action: Action | None = None
    tile: int | None = None
    pos: tuple[int, int] | None = None
    text: str = ""


@dataclass
class InputContext:
    """What the input needs to know about the table this frame."""

    hand: list[tuple[int, Rect]]
    can_act: bool
    to_move: str  # the name of the seat to move, for "wait for ..."
    legal: list[Action]
    layout: TableLayout
    boneyard: Rect
    hand_area: Rect
    explain: Callable[[Action], Refusal | None]
    pad: bool = False  # the seat to move plays with a controller: its buttons are named
    hinted: Action | None = None  # the hint shown for this position, if any (Enter follows a draw, a pass)


@dataclass
class Drag:
    tile: int
    start: tuple[int, int]
    pos: tuple[int, int]
    lifted: bool = False


@dataclass
class TableInput:
    selected: int | None = None
    drag: Drag | None = None
    variant: int = 0
    target_index: int = 0
    pointer: tuple[int, int] = (0, 0)
    hover: bool = True  # the pointer picks the place it rests on (until a place is pointed out, or keys or a controller choose)
    pointed: bool = False  # the tile selected was pointed out (a lesson, a hint): a click on it takes it, keeping its place
    _targets_cache: dict[tuple[int, int], list[Target]] = field(default_factory=dict)

    # What is held -----------------------------------------------------------
    @property
    def active_tile(self) -> int | None:
        """The tile whose places light up: the one dragged, else the one selected."""
        if self.drag is not None and self.drag.lifted:
            return self.drag.tile
        return self.selected

    def pick(self, tile: int, target_index: int, variant: int) -> None:
        """Point out a tile and one of its places (a hint, a lesson): the place
        stays chosen until the pointer moves."""
        self.drag = None
        self.selected = tile
        self.target_index = target_index
        self.variant = variant
        self.hover = False
        self.pointed = True

    def reset(self) -> None:
        self.pointed = False
        self.selected = None
        self.drag = None
        self.variant = 0
        self.target_index = 0

    def targets(self, ctx: InputContext) -> list[Target]:
        tile = self.active_tile
        if tile is None or not ctx.can_act:
            return []
        return targets_for(tile, ctx.legal)

    def chosen_target(self, ctx: InputContext) -> Target | None:
        """The place that would be used now: under the dragged tile, or picked by keys/hover."""
        targets = self.targets(ctx)
        if not targets:
            return None
        if self.drag is not None and self.drag.lifted:
            return self.target_at(self.drag.pos, targets, ctx.layout)
        hovered = self.target_at(self.pointer, targets, ctx.layout, reach=0.2) if self.hover else None
        if hovered is not None:
            return hovered
        return targets[self.target_index % len(targets)]

    @staticmethod
    def target_at(pos: tuple[int, int], targets: list[Target], layout: TableLayout, reach: float = 1.2) -> Target | None:
        """The nearest target whose slot (grown by ``reach`` units) holds ``pos``."""
        best: tuple[int, Target] | None = None
        grow = round(layout.unit * reach * 2)
        for target in targets:
            for action in target.actions:
                slot = slot_of(action, layout)
                if slot is None:
                    continue
                area = slot.rect.inflate(grow * (3 if target.arm is None else 1), grow * (3 if target.arm is None else 1))
                if area.collidepoint(pos):
                    dx, dy = pos[0] - slot.rect.centerx, pos[1] - slot.rect.centery
                    distance = dx * dx + dy * dy
                    if best is None or distance < best[0]:
                        best = (distance, target)
        return best[1] if best is not None else None

    # Events -----------------------------------------------------------------
    def handle(self, event: pygame.event.Event, ctx: InputContext) -> Intent | None:
        if event.type == pygame.MOUSEMOTION:
            return self._motion(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button == 1:
                return self._press(event.pos, ctx)
            if event.button == 3 and self.active_tile is not None:
                self.variant += 1
                return Intent("turn")
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos, ctx)
        if event.type == pygame.MOUSEWHEEL and self.active_tile is not None:
            self.variant += 1 if event.y > 0 else -1
            return Intent("turn")
        if event.type == pygame.KEYDOWN:
            return self._key(event.key, ctx)
        return None

    def _motion(self, pos: tuple[int, int]) -> Intent | None:
        self.pointer = pos
        self.hover = True
        drag = self.drag
        if drag is None:
            return None
        drag.pos = pos
        if not drag.lifted and abs(pos[0] - drag.start[0]) + abs(pos[1] - drag.start[1]) > DRAG_START_PX:
            drag.lifted = True
            if self.selected != drag.tile:  # the tile already chosen keeps its turn:
                self.variant = 0  # dropped on its lit place, it lies as that place shows
            self.selected = None
            self.pointed = False
        return None

    def _hand_tile_at(self, pos: tuple[int, int], ctx: InputContext) -> int | None:
        for tile, rect in reversed(ctx.hand):  # the topmost of overlapping tiles
            if rect.collidepoint(pos):
                return tile
        return None

    def _press(self, pos: tuple[int, int], ctx: InputContext) -> Intent | None:
        self.pointer = pos
        tile = self._hand_tile_at(pos, ctx)
        if tile is not None:
            if not ctx.can_act:
                return Intent("message", text=wait_text(ctx.to_move))
            self.drag = Drag(tile, pos, pos)
            return Intent("hold", tile=tile)
        if self.selected is not None and ctx.can_act:
            targets = self.targets(ctx)
            target = self.target_at(pos, targets, ctx.layout)
            if target is not None:
                tile = self.selected
                action = target.variant(self.variant)
                self.reset()
                return Intent("play", action, tile, pos)
        if ctx.boneyard.collidepoint(pos):
            return Intent("draw")
        if self.selected is not None:
            tile = self.selected
            self.reset()
            if ctx.layout.area.collidepoint(pos):
                return Intent("refused", tile=tile, pos=pos, text=self.reason(tile, pos, ctx))
            return Intent("select")
        return None

    def _release(self, pos: tuple[int, int], ctx: InputContext) -> Intent | None:
        drag = self.drag
        if drag is None:
            return None
        self.drag = None
        if not drag.lifted:  # a click: select the tile, or put it down again
            if self.selected == drag.tile and self.pointed:
                self.pointed = False  # the tile pointed out is taken as it was shown: the next click on its place lays it
            elif self.selected == drag.tile:
                self.reset()
            else:
                self.selected = drag.tile
                self.variant = 0
                self.target_index = 0
                self.pointed = False
            return Intent("select", tile=drag.tile)
        targets = targets_for(drag.tile, ctx.legal) if ctx.can_act else []
        target = self.target_at(pos, targets, ctx.layout)
        variant = self.variant
        self.reset()
        if target is not None:
            return Intent("play", target.variant(variant), drag.tile, pos)
        if ctx.hand_area.collidepoint(pos):
            return Intent("back", tile=drag.tile, pos=pos)
        return Intent("refused", tile=drag.tile, pos=pos, text=self.reason(drag.tile, pos, ctx))

    def _key(self, key: int, ctx: InputContext) -> Intent | None:
        command = KEY_COMMANDS.get(key)
        return self.command(command, ctx) if command is not None else None

    def command(self, name: str, ctx: InputContext) -> Intent | None:
        """One of ``COMMANDS``, from a key or a controller's button."""
        if name == "put down":
            if self.active_tile is None:
                return None
            self.reset()
            return Intent("select")
        if not ctx.can_act:
            if name in ("draw", "pass", "lay"):
                return Intent("message", text=wait_text(ctx.to_move))
            return None
        tiles = [tile for tile, _ in ctx.hand]
        if name in ("left", "right") and tiles:
            return self._step_along(tiles, 1 if name == "right" else -1, ctx)
        if name in ("up", "down") and self.selected is not None:
            if self.hover:  # start from the place the pointer showed
                shown = self.chosen_target(ctx)
                targets = self.targets(ctx)
                if shown is not None and shown in targets:
                    self.target_index = targets.index(shown)
                self.hover = False
            self.target_index += -1 if name == "up" else 1
            return Intent("select", tile=self.selected)
        if name == "turn" and self.active_tile is not None:
            self.variant += 1
            return Intent("turn")
        if name == "lay" and self.selected is not None:
            tile = self.selected
            target = self.chosen_target(ctx)
            if target is None:
                return Intent("refused", tile=tile, text=self.reason(tile, None, ctx))
            action = target.variant(self.variant)
            self.reset()
            return Intent("play", action, tile)
        if name == "lay":
            return self._lay_unchosen(ctx)
        if name == "draw":
            return Intent("draw")
        if name == "pass":
            return Intent("pass")
        return None

    def _lay_unchosen(self, ctx: InputContext) -> Intent:
        """Enter (or A) with no tile chosen: the hint's draw, pass or refusal is
        followed; the one tile that fits is laid (one place, one way) or chosen,
        its places lit; else what to do is said."""
        hinted = ctx.hinted
        if hinted is not None and hinted.kind in ("draw", "pass", "refuse") and hinted in ctx.legal:
            return Intent(hinted.kind)
        fits = sorted({a.tile for a in ctx.legal if a.kind == "lay" and a.tile is not None})
        if len(fits) == 1:
            tile = fits[0]
            targets = targets_for(tile, ctx.legal)
            if len(targets) == 1 and len(targets[0].actions) == 1:
                self.reset()
                return Intent("play", targets[0].actions[0], tile)
            self.selected, self.variant, self.target_index, self.hover, self.pointed = tile, 0, 0, False, False
            return Intent("message", tile=tile, text=_("{tile} is the one tile that fits: Enter lays it where the light is").format(tile=tile_name(tile)))
        return Intent("message", text=nothing_chosen(ctx))

    def _step_along(self, tiles: list[int], step: int, ctx: InputContext) -> Intent:
        """Left/Right: the next tile along that can be laid (greyed tiles are
        stepped over); with none to lay, the next tile, and the reason."""
        laid = {a.tile for a in ctx.legal if a.kind == "lay"}
        start = tiles.index(self.selected) if self.selected in tiles else (-1 if step > 0 else len(tiles))
        order = [tiles[(start + step * i) % len(tiles)] for i in range(1, len(tiles) + 1)]
        playable = [t for t in order if t in laid]
        self.selected = playable[0] if playable else order[0]
        self.pointed = False
        self.variant = 0
        self.target_index = 0
        self.hover = False
        if not playable:
            return Intent("message", tile=self.selected, text=nothing_chosen(ctx))
        return Intent("select", tile=self.selected)

    # Why not ----------------------------------------------------------------
    def reason(self, tile: int, pos: tuple[int, int] | None, ctx: InputContext) -> str:
        """Why ``tile`` cannot go where it was let go (the engine's words)."""
        name = tile_name(tile)
        if not ctx.can_act:
            return wait_text(ctx.to_move)
        layout = ctx.layout
        near: tuple[int, str | None, int | None] | None = None
        if pos is not None:
            reach = 4 * layout.unit
            for (arm, shape, joins), slot in layout.slots.items():
                if shape != LINE:
                    continue
                dx, dy = pos[0] - slot.rect.centerx, pos[1] - slot.rect.centery
                distance = dx * dx + dy * dy
                if distance <= reach * reach and (near is None or distance < near[0]):
                    near = (distance, arm, joins)
        if near is not None:
            why = ctx.explain(Action.lay(tile, near[1], joins=near[2]))
            if why is not None:
                return plain(why)
        if targets_for(tile, ctx.legal):
            return _("{tile} can go on a lit place: drop it there").format(tile=name)
        arms = [key for key in layout.slots if key[1] == LINE]
        for arm, _shape, joins in arms:
            why = ctx.explain(Action.lay(tile, arm, joins=joins))
            if why is not None:
                return plain(why)
        why = ctx.explain(Action.lay(tile))
        return plain(why) if why else _("{tile} cannot be laid now").format(tile=name)


def nothing_chosen(ctx: InputContext) -> str:
    """What Enter (or A) with no tile chosen, or Left/Right with no tile to lay, should know."""
    kinds = {a.kind for a in ctx.legal}
    if "lay" in kinds:
        if ctx.pad:
            return _("Choose a tile first: left and right on the D-pad pick one that fits")
        return _("Choose a tile first: Left/Right pick one that fits, or drag it to a lit place")
    # TRANSLATORS: {key} is a key or a controller's button (D, P, Y, B).
    draw, other = ("Y", "B") if ctx.pad else ("D", "P")
    if "draw" in kinds:
        return _("No tile of yours fits: draw from the boneyard ({key})").format(key=draw)
    if "pass" in kinds:
        return _("No tile of yours fits: pass ({key})").format(key=other)
    if "refuse" in kinds:
        return _("No double to lead: refuse to lead ({key})").format(key=other)
    return _("No tile can be laid now")


_ARM = re.compile(r" (?:join|go on|on) (?:[NSEW]{1,2})(?=[:\s,])")
_ARM_LETTER = re.compile(r"(?<![\w-])([NSEW])(?![\w-])")


def plain(reason: Refusal | str) -> str:
    """The engine's refusal in words without arm letters, for the table: "cannot join E: ..." -> "cannot go there: ...";
    in another language the letter becomes the arm's name ("kann nicht an den Ostarm")."""
    text, found = _ARM.subn(" go there", refusal_text(reason) if isinstance(reason, Refusal) else reason)
    if not found:
        text = _ARM_LETTER.sub(lambda m: _("the {arm} arm").format(arm=pgettext("direction", DIRECTIONS[m.group(1)])), text)
        # TRANSLATORS: the words a refusal needs joined once an arm's name follows its preposition, as
        # "from=to" pairs separated by "|" ("em o=no" in Portuguese); "-" when the language needs none.
        for pair in _("-").split("|"):
            old, sep, new = pair.partition("=")
            if sep and old:
                text = text.replace(f" {old} ", f" {new} ")
    return text[:1].upper() + text[1:]
