"""Painting the felt: the background, the header, the tiles on the table, the open
ends and their labels, the glides and the tile held (the seats' plaques are
plaques.py's). Reads
the table's snapshot and its live motion and input, never the scene (see
``snapshot``); the hand, the boneyard, the messages and the side panels are
parts of their own (``parts``, ``panels``).

Everything that costs is cached: the background per window size, each seat's
plaque per content, text lines, and the tile faces (``TileArt`` caches those).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Hashable

import pygame
from pygame import Rect

from game.engine.tiles import halves
from game.ui.table.table_words import header_words

from game.ui.drawing import cues
from game.ui.table.felt.labels import banner, inside_label, label_spot
from game.ui.table.moves import ghost_faces, slot_of
from game.ui.table.felt.regions import TableRegions
from game.ui.drawing.surface_cache import SurfaceCache
from game.ui.drawing.text import GOLD, INK, TextCache, pill
from game.words.seat_words import shown_name
from game.ui.shell.window import drawing_surface

if TYPE_CHECKING:
    from game.ui.table.felt.tile_places import Slot, TableLayout, TileSpot
    from game.ui.table.protocols import Table
    from game.ui.table.felt.snapshot import Live, TableSnapshot
    from game.ui.drawing.tile_art import TileArt

STRIP = (12, 22, 16, 205)
HEADER = (206, 216, 198)  # the header line: quieter than the names, clear on the felt
LABEL_BACK = (15, 30, 20, 200)
Labels = list[tuple[pygame.Surface, tuple[int, int]]]


CACHE_BYTES = 20 * 1024 * 1024  # a full-screen background at 2560x1440, and the small pieces


class TableRenderer:
    def __init__(self, art: TileArt, text: TextCache):
        self.art = art
        self.text = text
        self._cache = SurfaceCache(CACHE_BYTES, 96)  # within a budget, whatever sizes the window takes
        # the background of the window's size, alone: at 3840x2160 (33 MB) it was over the
        # cache's budget, dropped by the next picture put in, and made again every frame
        self._background: tuple[Hashable, pygame.Surface] | None = None
        self._marks: tuple[tuple[object, ...], tuple[list[tuple[int, pygame.Surface, tuple[int, int]]], Labels]] | None = None

    def _cached(self, key: Hashable, make: object) -> pygame.Surface:
        return self._cache.cached(key, make)  # type: ignore[arg-type]

    # The felt, under the panels and the parts ------------------------------------
    def felt(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        surface.blit(self.background(snap.regions), (0, 0))
        self.header(surface, snap)
        self.table_tiles(surface, snap, live)
        self.news_marks(surface, snap, live)
        self.ends(surface, snap, live)

    def moving(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        """Over everything but the messages: the glides, then the tile held."""
        self.glides(surface, live)
        self.dragged(surface, snap, live)

    def background(self, regions: TableRegions) -> pygame.Surface:
        size, felt, hand = regions.size, regions.felt, regions.hand

        def make() -> pygame.Surface:
            back = self.art.table(size).copy()  # (the plain felt goes once this is made: the art keeps none)
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill(STRIP)
            shade.fill((0, 0, 0, 0), felt)
            back.blit(shade, (0, 0))
            pygame.draw.rect(back, (120, 96, 52), felt.inflate(4, 4), 2, border_radius=6)
            pygame.draw.line(back, (120, 96, 52), (0, hand.top), (size[0], hand.top), 2)
            return back.convert() if drawing_surface() is not None else back

        key = (size, tuple(felt), tuple(hand))
        if self._background is None or self._background[0] != key:
            self._background = None  # (the old one goes before the new one is made)
            self._background = (key, make())
        return self._background[1]

    def let_go_sized(self) -> None:
        """The window changed size: forget the pictures made for the sizes before."""
        self._cache.clear()
        self._background = None

    def header(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        k = snap.regions.scale
        header = snap.regions.header
        size = max(15, round(20 * k))
        text, deal = snap.header, snap.deal
        font = self.text.font(size)

        def make() -> pygame.Surface:
            words = header_words(text, deal, snap.deal_first, header.width, lambda s: font.size(s)[0])
            return self.text.fit(words, header.width, size, HEADER)

        line = self._cached(("header", text, deal, snap.deal_first, header.width, size), make)
        surface.blit(line, (header.left, header.centery - line.get_height() // 2))

    # The table -----------------------------------------------------------------
    def table_tiles(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        hidden = live.hidden
        layout = snap.layout
        length = 2 * layout.unit
        margin = self.art.highlight_margin(length)
        offset = max(1, layout.unit // 8)
        shift = live.motion.shift
        shown = [
            (spot, spot.rect if shift is None else shift.place(spot.tile, spot.rect))
            for spot in layout.tiles
            if spot.tile not in hidden
        ]
        if shift is not None and shift.resizing:  # easing to a new size: scaled copies
            self.resized_tiles(surface, snap, shown, max(shift.old_unit, layout.unit))
            return
        for spot, rect in shown:
            shadow = self.art.shadow(length, spot.vertical)
            surface.blit(shadow, (rect.left - margin + offset, rect.top - margin + offset))
        for spot, rect in shown:
            if spot.tile == snap.last_tile:
                glow = self.art.highlight(length, spot.vertical)
                surface.blit(glow, (rect.left - margin, rect.top - margin))
            surface.blit(self.art.face(spot.first, spot.second, length, spot.vertical), rect.topleft)

    def news_marks(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        """Each other seat's latest tile, laid since the person at the screen last
        moved, keeps a small tag with the seat's name (beside it: never on pips)."""
        hidden = live.hidden
        if not snap.news or live.motion.shift is not None:
            return
        tags, _ = self.marks(snap, self.lit_arms(snap, live))
        for tile, tag, pos in tags:
            spot = snap.layout.spot(tile)
            if spot is None or tile in hidden:
                continue
            pygame.draw.rect(surface, GOLD, spot.rect.inflate(4, 4), 2, border_radius=4)
            surface.blit(tag, pos)

    def marks(self, snap: TableSnapshot, lit_arms: set[str | None] | set[str]) -> tuple[list[tuple[int, pygame.Surface, tuple[int, int]]], Labels]:
        """The name tags (tile, picture, where) and the ends' labels, placed together
        so that none covers a tile, a place or another (worked out once a position)."""
        layout = snap.layout
        key = (
            id(layout), len(layout.tiles), layout.unit, tuple(layout.area), snap.news,
            frozenset(a for a in lit_arms if a is not None), tuple(snap.end_labels.values()), snap.regions.scale,
        )
        if self._marks is not None and self._marks[0] == key:
            return self._marks[1]
        felt, top = snap.regions.felt, snap.regions.layout_area.top  # tags and labels: below the header line,
        right = snap.regions.panel.left - 4 if snap.regions.panel is not None else felt.right  # left of the side panel
        room = Rect(felt.left, top, right - felt.left, felt.bottom - top)
        tiles = [t.rect for t in layout.tiles]
        places = list(layout.labels.values())
        tags: list[tuple[int, pygame.Surface, tuple[int, int]]] = []
        size = max(14, round(15 * snap.regions.scale))
        for seat, action in snap.news_actions:
            spot = layout.spot(action.tile) if action.kind == "lay" and action.tile is not None else None
            if spot is None:
                continue
            name = shown_name(snap.names[seat])  # "Du" in German, as the plaque says
            tag = self._cached(("news", name, size), lambda: pill(self.text.render(name, size, INK, True), (*GOLD, 235), 5))
            blocked = tiles + places + [Rect(pos, t.get_size()) for _, t, pos in tags]
            tags.append((spot.tile, tag, label_spot(spot.rect.inflate(4, 4), tag.get_size(), True, blocked, room)))
        labels = self.place_labels(snap, lit_arms, [Rect(pos, t.get_size()) for _, t, pos in tags], room)
        self._marks = (key, (tags, labels))
        return tags, labels

    @staticmethod
    def lit_arms(snap: TableSnapshot, live: Live) -> set[str | None]:
        return {t.arm for t in live.input.targets(snap.context)} | {a.arm for a in snap.pointed_out}

    def resized_tiles(self, surface: pygame.Surface, snap: TableSnapshot, shown: list[tuple[TileSpot, Rect]], unit: int) -> None:
        """The table's tiles while they ease to a new size: each drawn from its
        larger face, scaled to the size it has now (a few small scalings a frame)."""
        length = 2 * unit
        for spot, rect in shown:
            now = max(rect.width, rect.height)
            margin = self.art.highlight_margin(now)
            offset = max(1, now // 16)
            shadow = pygame.transform.smoothscale(self.art.shadow(length, spot.vertical), rect.inflate(2 * margin, 2 * margin).size)
            surface.blit(shadow, (rect.left - margin + offset, rect.top - margin + offset))
        for spot, rect in shown:
            if spot.tile == snap.last_tile:
                margin = self.art.highlight_margin(max(rect.width, rect.height))
                glow = pygame.transform.smoothscale(self.art.highlight(length, spot.vertical), rect.inflate(2 * margin, 2 * margin).size)
                surface.blit(glow, (rect.left - margin, rect.top - margin))
            face = self.art.face(spot.first, spot.second, length, spot.vertical)
            surface.blit(pygame.transform.smoothscale(face, rect.size), rect.topleft)

    def ends(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        """Open ends: an outline and what each needs; the ghosts of the tile held."""
        layout = snap.layout
        length = 2 * layout.unit
        ctx = snap.context
        targets = live.input.targets(ctx)
        chosen = live.input.chosen_target(ctx) if targets else None
        lit_arms = {t.arm for t in targets} | {a.arm for a in snap.pointed_out}
        still = live.motion.shift is None  # tiles easing to new places: their ends show once they stand
        for arm in layout.labels:
            if arm in lit_arms or not still:
                continue
            slot = dashed_place(layout, arm)
            if slot is not None and not targets:
                surface.blit(self.art.ghost(None, None, length, slot.vertical), slot.rect.topleft)
                cues.open_end(surface, slot.rect)
        margin = self.art.highlight_margin(length)
        for target in targets:
            action = target.variant(live.input.variant)
            slot = slot_of(action, layout)
            if slot is None:
                continue
            first, second = ghost_faces(action, slot)
            if chosen is not None and target.key == chosen.key:
                glow = self.art.highlight(length, slot.vertical)
                surface.blit(glow, (slot.rect.left - margin, slot.rect.top - margin))
            surface.blit(self.art.ghost(first, second, length, slot.vertical), slot.rect.topleft)
            cues.lit_place(surface, slot.rect, chosen is not None and target.key == chosen.key)
        for action in snap.pointed_out:  # a move shown, not held (the review's better move)
            slot = slot_of(action, layout)
            if slot is None:
                continue
            first, second = ghost_faces(action, slot)
            surface.blit(self.art.highlight(length, slot.vertical), (slot.rect.left - margin, slot.rect.top - margin))
            surface.blit(self.art.ghost(first, second, length, slot.vertical), slot.rect.topleft)
            cues.coach_mark(surface, slot.rect)
        for label, pos in self.end_labels(snap, lit_arms) if still else ():
            surface.blit(label, pos)
        if snap.phase == "lead" and not targets:
            self.lead_place(surface, snap)
            self.lead_hint(surface, snap)

    def end_labels(self, snap: TableSnapshot, lit_arms: set[str | None] | set[str]) -> Labels:
        """Each open end's "needs N" label and where it goes (``lit_arms``: ends lit
        for the tile held), placed with the name tags (``marks``)."""
        return self.marks(snap, lit_arms)[1]

    def place_labels(self, snap: TableSnapshot, lit_arms: set[str | None] | set[str], tags: list[Rect], room: Rect) -> Labels:
        """Inside its dashed place when the label fits there; else beside it, clear of
        the tiles, the other places, the name tags and the labels placed before it."""
        layout = snap.layout
        blocked = [t.rect for t in layout.tiles] + tags
        out: Labels = []
        size = self.label_size(layout.unit, snap.regions.scale)
        for end in snap.open_ends:
            rect = layout.labels.get(end.arm)
            if rect is None:
                continue
            placed = [Rect(pos, image.get_size()) for image, pos in out]
            place = dashed_place(layout, end.arm)
            if end.arm not in lit_arms and place is not None:
                least = self.label_least(snap.regions.scale)  # never smaller than beside it: the text size's
                inside = inside_label(self.text, snap.end_labels[end.arm], place.rect, size, GOLD, LABEL_BACK, least)
                if inside is not None:
                    pos = (place.rect.centerx - inside.get_width() // 2, place.rect.centery - inside.get_height() // 2)
                    if Rect(pos, inside.get_size()).collidelist(tags + placed) < 0:
                        out.append((inside, pos))
                        continue
            text = snap.end_labels[end.arm]
            label = self._cached(("label", text, size), lambda: pill(self.text.render(text, size, GOLD, True)))
            others = [r for arm, r in layout.labels.items() if arm != end.arm]
            out.append((label, label_spot(rect, label.get_size(), True, blocked + others + placed, room)))
        return out

    @staticmethod
    def label_least(scale: float = 1.0) -> int:
        """The least size of an open end's label: 15 at 100%, growing with the text size."""
        return max(15, round(15 * scale))

    @staticmethod
    def label_size(unit: int, scale: float = 1.0) -> int:
        """An open end's label's size: smaller as the cross grows (its tiles do), never under ``label_least``."""
        return max(TableRenderer.label_least(scale), min(round(22 * scale), unit * 2 // 3))

    def lead_place(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        """The person to lead onto the empty table: the middle glows, as any place a
        tile may go does (the status line says to drag a tile to a lit place)."""
        slot = snap.layout.slot(None, "line")
        if slot is None or not snap.can_act or not any(a.kind == "lay" for a in snap.legal):
            return
        length = 2 * snap.layout.unit
        margin = self.art.highlight_margin(length)
        surface.blit(self.art.highlight(length, slot.vertical), (slot.rect.left - margin, slot.rect.top - margin))
        surface.blit(self.art.ghost(None, None, length, slot.vertical), slot.rect.topleft)
        cues.lit_place(surface, slot.rect, False)  # lit by its outline too, not by colour alone

    def lead_hint(self, surface: pygame.Surface, snap: TableSnapshot) -> None:
        text = snap.lead
        if not text:
            return
        size = round(20 * snap.regions.scale)
        felt = snap.regions.layout_area
        if self.text.font(size, True).size(text)[0] > felt.width - 24:  # a long sentence (a long language): on two lines or three
            label = self._cached(("lead", text, size, felt.width), lambda: banner(self.text, text, felt.width - 24, size, GOLD, (15, 30, 20, 200)))
        else:
            label = self._cached(("lead", text, size), lambda: pill(self.text.render(text, size, GOLD, True), pad=round(6 * snap.regions.scale)))
        y = felt.centery - label.get_height() // 2
        slot = snap.layout.slot(None, "line")
        if slot is not None and snap.can_act:  # below the lit middle, not over it
            y = slot.rect.bottom + self.art.highlight_margin(2 * snap.layout.unit) + 6
        surface.blit(label, (felt.centerx - label.get_width() // 2, y))

    # What moves ---------------------------------------------------------------
    def glides(self, surface: pygame.Surface, live: Live) -> None:
        for glide in live.motion.glides:
            cx, cy = glide.centre()
            if glide.face is not None:
                first, second, vertical, length = glide.face
                image = self.art.face(first, second, length, vertical)
            else:
                image = self.art.back(glide.length, glide.vertical)
            surface.blit(image, (cx - image.get_width() // 2, cy - image.get_height() // 2))

    def dragged(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        drag = live.input.drag
        if drag is None or not drag.lifted:
            return
        length = max(2 * snap.layout.unit, 40)
        length -= length % 2
        a, b = halves(drag.tile)
        vertical = True
        target = live.input.chosen_target(snap.context)
        if target is not None:  # show it as it would lie there
            action = target.variant(live.input.variant)
            slot = slot_of(action, snap.layout)
            if slot is not None:
                a, b = ghost_faces(action, slot)
                vertical = slot.vertical
                length = 2 * snap.layout.unit
        image = self.art.face(a, b, length, vertical)
        shadow = self.art.shadow(length, vertical)
        margin = self.art.highlight_margin(length)
        x, y = drag.pos[0] - image.get_width() // 2, drag.pos[1] - image.get_height() // 2
        surface.blit(shadow, (x - margin + 6, y - margin + 8))
        surface.blit(image, (x, y))

class Drawn:
    """A part that only draws: no events, nothing to update."""

    def __init__(self, renderer: TableRenderer):
        self.renderer = renderer

    def rect(self, snap: TableSnapshot) -> Rect | None:
        return None

    def handle_event(self, event: pygame.event.Event, table: Table) -> bool:
        return False

    def update(self, dt: float, table: Table) -> None:
        pass

    def draw(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        raise NotImplementedError



def dashed_place(layout: TableLayout, arm: str) -> Slot | None:
    """The empty place drawn dashed at an open end (its in-line slot)."""
    return layout.slot(arm, "line", None) or next((s for (a, shape, _), s in layout.slots.items() if a == arm and shape == "line"), None)


def turn_frame(size: tuple[int, int]) -> pygame.Surface:
    """A gold frame and a faint warm wash over the hand's strip: your turn."""
    frame = pygame.Surface(size, pygame.SRCALPHA)
    rect = frame.get_rect().inflate(-6, -6)
    pygame.draw.rect(frame, (*GOLD, 22), rect, border_radius=10)
    pygame.draw.rect(frame, (*GOLD, 220), rect, 2, border_radius=10)
    return frame


def veil_surface(size: tuple[int, int]) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (*INK, 80), veil.get_rect(), border_radius=max(2, size[0] // 8))
    return veil

