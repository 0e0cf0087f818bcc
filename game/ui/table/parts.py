"""The table as parts, each with its rectangle, its events, its update and its
draw (Arcade's sections are the model; the toolbar, ``toolbar.py``, is the
part made of widgets). A part draws from the table's frozen snapshot and the
live motion and input; it changes neither the game nor the snapshot.

The table draws its parts in order (``TABLE_PARTS``, then its mode's own):

- the felt (``FeltPart``): the background, the header, the tiles, the ends;
- the side panels (``PanesPart``: each open panel part of ``panels.PANELS``);
- the plaques of the other seats;
- the boneyard (``BoneyardPart``) and the hand (``HandPart``);
- what moves (glides, the tile held) and the message (``MessagePart``);
- the panels that are cards, over it all (``CardsPart``: the review's, the lesson's).

A click, a drag or a key on the hand, the boneyard or the felt is one
gesture across them (a tile dragged from the hand to the felt), so the
table's ``TableInput`` reads those; the parts' own events are those that stay
in their rectangle (the wheel over a panel, a click on the review's graph).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.engine.tiles import halves
from game.i18n import _
from game.ui.drawing import cues
from game.ui.table.felt.painting import Drawn, TableRenderer, turn_frame, veil_surface
from game.ui.table.felt.labels import banner
from game.ui.table.felt.plaques import PlaquesPart
from game.ui.drawing.text import DIM, GOLD, IVORY, RED

if TYPE_CHECKING:
    from game.ui.table.protocols import Part
    from game.ui.table.felt.snapshot import Live, TableSnapshot


class FeltPart(Drawn):
    """The felt: background, header, the tiles on the table, the open ends."""

    def rect(self, snap: TableSnapshot) -> Rect | None:
        return snap.regions.felt

    def draw(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        self.renderer.felt(surface, snap, live)


class PanesPart(Drawn):
    """The open side panels, each its own part (``panels``), top to bottom:
    those under the plaques and messages (the cards over them: ``CardsPart``)."""

    over = False

    def rect(self, snap: TableSnapshot) -> Rect | None:
        return snap.regions.column

    def draw(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        for pane in snap.panes:
            if pane.part.over == self.over:
                pane.part.draw(surface, pane.rect, pane.content)


class CardsPart(PanesPart):
    """The side panels drawn over everything (the review's and the lesson's cards)."""

    over = True


class MovingPart(Drawn):
    """The tiles gliding, then the tile held (over the hand and the felt)."""

    def draw(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        self.renderer.moving(surface, snap, live)


class BoneyardPart(Drawn):
    """The boneyard (or the tiles set aside): its pile, the reserve kept, its count;
    it glows when a draw is the move (the input reads the click on it)."""

    def rect(self, snap: TableSnapshot) -> Rect | None:
        return snap.regions.boneyard

    def caption(self, snap: TableSnapshot) -> tuple[pygame.Surface, Rect]:
        """"Boneyard: 7" and where it goes: at the top of the boneyard's place."""
        rect = snap.regions.boneyard
        picture = self.renderer.text.fit(snap.boneyard_caption, rect.width, round(19 * snap.regions.scale), IVORY, True)
        return picture, Rect((rect.left + 2, rect.top + 4), picture.get_size())

    def pile_top(self, snap: TableSnapshot) -> int:
        """Where the pile's highest tile starts: clear of the caption above it."""
        return self.caption(snap)[1].bottom + max(3, round(4 * snap.regions.scale))

    def drawn_text(self, snap: TableSnapshot) -> list[tuple[str, Rect, Rect]]:
        """The caption (game.ui.drawing.layout_check): inside the place, above the pile."""
        rect = snap.regions.boneyard
        above = Rect(rect.left, rect.top, rect.width, self.pile_top(snap) - 2 - rect.top)
        return [(snap.boneyard_caption, self.caption(snap)[1], above)]

    def draw(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        art, text = self.renderer.art, self.renderer.text
        rect = snap.regions.boneyard
        count = snap.boneyard_count
        reserve = snap.reserve_count
        can_draw = snap.can_draw
        k = snap.regions.scale
        length = max(24, min(round(48 * k), rect.height - round(44 * k)))
        length -= length % 2
        back = art.back(length, False)
        pile = count - reserve
        caption, spot = self.caption(snap)
        x, y = rect.left + 4, self.pile_top(snap) + 3 * (min(max(pile, 1), 5) - 1)  # (each tile 3 px above the one below)
        if can_draw:
            margin = art.highlight_margin(length)
            glow = art.highlight(length, False)
            surface.blit(glow, (x - margin, y - margin))
        for i in range(min(pile, 5)):
            surface.blit(back, (x + i * 2, y - i * 3))
        if reserve:
            small = art.back(max(16, length * 2 // 3 - (length * 2 // 3) % 2), True)
            rx = rect.right - small.get_width() * 2 - 8
            for i in range(min(reserve, 2)):
                surface.blit(small, (rx + i * (small.get_width() + 3), y + 2))
            kept = text.render(_("{count} kept").format(count=reserve), max(14, round(15 * k)), DIM)
            why = text.render(_("never drawn"), max(13, round(14 * k)), DIM)
            ky = min(y + small.get_height() + 6, rect.bottom - kept.get_height() - why.get_height())
            surface.blit(kept, (rx, ky))
            surface.blit(why, (min(rx, rect.right - why.get_width()), ky + kept.get_height()))
        surface.blit(caption, spot)
        if can_draw:
            hint = text.render(_("click to draw"), round(15 * k), GOLD)
            surface.blit(hint, (x, min(rect.bottom - hint.get_height(), y + length // 2 + 8)))


class HandPart(Drawn):
    """The bottom hand: its label, its tiles (face up, or backs while hidden), the
    playable ones marked and the others veiled; the strip lights on your turn."""

    def rect(self, snap: TableSnapshot) -> Rect | None:
        return snap.regions.hand

    def draw(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        renderer = self.renderer
        art = renderer.art
        regions = snap.regions
        my_turn = snap.can_act
        if my_turn:  # the hand's strip lights up like a seat's plaque does
            surface.blit(renderer._cached(("my turn", regions.hand.size), lambda: turn_frame(regions.hand.size)), regions.hand.topleft)
        size = round(20 * regions.scale)
        least = max(15, round(16 * regions.scale))  # never smaller than this (a small window): words left out instead
        words = snap.hand_label
        if renderer.text.font(least, True).size(words)[0] > regions.hand_label.width and ": " in words:
            words = words[: words.rindex(": ")]  # "You · 3 pts · your turn": what to do next is left out
        label = renderer.text.fit(words, regions.hand_label.width, size, GOLD if my_turn else IVORY, True, least)
        surface.blit(label, (regions.hand_label.left, regions.hand_label.centery - label.get_height() // 2))
        drag = live.input.drag
        held = drag.tile if drag is not None and drag.lifted else None
        selected = live.input.selected
        playable = snap.playable
        for tile, rect in snap.hand:
            if tile == held or tile in live.hidden:
                continue
            length = rect.height
            vertical = True
            rect = rect.move(0, -10) if tile == selected else rect
            if snap.hand_face_up:
                a, b = halves(tile)
                image = art.face(a, b, length, vertical)
                if tile == selected:
                    margin = art.highlight_margin(length)
                    surface.blit(art.highlight(length, vertical), (rect.left - margin, rect.top - margin))
                surface.blit(image, rect.topleft)
                if playable and tile in playable and tile != selected:  # the one picked up is lifted and glows
                    cues.playable(surface, rect)
                if playable is not None and tile not in playable:
                    veil = renderer._cached(("veil", rect.size), lambda: veil_surface(rect.size))
                    surface.blit(veil, rect.topleft)
            else:
                surface.blit(art.back(length, vertical), rect.topleft)


class MessagePart(Drawn):
    """The message of the moment (a refusal, a hint, whose turn), fading, above the hand."""

    def draw(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        message = live.motion.message
        if message is None:
            return
        renderer = self.renderer
        colour = RED if message.warning else IVORY
        k = snap.regions.scale
        felt = snap.regions.felt
        width = min(felt.width * 85 // 100, round(900 * k))  # clear of the felt's edges
        box = renderer._cached(
            ("message", message.text, message.warning, width, k),
            lambda: banner(renderer.text, message.text, width, round(22 * k), colour, (10, 16, 12, 225)),
        )
        box.set_alpha(message.alpha)
        x, y = snap.regions.message_anchor
        top = min(y - box.get_height() // 2, felt.bottom - box.get_height() - 8)  # two lines grow upwards
        surface.blit(box, (x - box.get_width() // 2, top))
        box.set_alpha(None)


TABLE_PARTS = (FeltPart, PanesPart, PlaquesPart, BoneyardPart, HandPart, MovingPart, MessagePart, CardsPart)


def table_parts(renderer: TableRenderer) -> list[Part]:
    """The table's own parts, in the order they are drawn."""
    return [make(renderer) for make in TABLE_PARTS]
