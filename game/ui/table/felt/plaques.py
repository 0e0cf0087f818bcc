"""The other seats' plaques round the felt (a part of the table, parts.py):
each seat's name, points and status, and its tiles (backs, or face up when
shown: a review, a round's end at a network table). A plaque is painted once
per content, then blitted each frame."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame import Rect

from game.engine.tiles import halves
from game.i18n import ngettext
from game.ui.drawing import cues
from game.ui.table.felt.painting import Drawn
from game.ui.table.table_words import tiles_text
from game.ui.drawing.text import DIM, GOLD, IVORY, pill
from game.words.seat_words import shown_name

if TYPE_CHECKING:
    from game.ui.table.felt.snapshot import Live, TableSnapshot

PLAQUE = (16, 28, 20, 215)
PLAQUE_TO_MOVE = (44, 58, 36, 230)


class PlaquesPart(Drawn):
    """The other seats' plaques round the felt."""

    def draw(self, surface: pygame.Surface, snap: TableSnapshot, live: Live) -> None:
        for seat, place in snap.regions.seats.items():
            surface.blit(self.plaque(snap, seat, place.rect.size, place.side), place.rect.topleft)

    def plaque(self, snap: TableSnapshot, seat: int, size: tuple[int, int], side: str) -> pygame.Surface:
        plaque = snap.plaques[seat]
        info, faces = plaque.info, plaque.faces
        k = snap.regions.scale
        key = ("plaque", seat, size, side, info, k, faces)
        return self.renderer._cached(key, lambda: self.make_plaque(info, size, k, faces))

    def make_plaque(
        self, info: tuple[str, int, int, bool, str], size: tuple[int, int], k: float = 1.0, faces: tuple[int, ...] | None = None
    ) -> pygame.Surface:
        """A seat's plaque: name, points, status, and its tiles (backs, or ``faces`` when shown)."""
        name, count, total, to_move, status = info
        w, h = size
        plate = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(plate, PLAQUE_TO_MOVE if to_move else PLAQUE, plate.get_rect(), border_radius=10)
        border = GOLD if to_move else (90, 104, 84)
        pygame.draw.rect(plate, border, plate.get_rect(), 3 if to_move else 1, border_radius=10)
        points = self.renderer.text.render(ngettext("{points} pt", "{points} pts", total).format(points=total), round(17 * k), IVORY if to_move else DIM)
        mark = cues.to_move_width(round(14 * k)) if to_move else 0  # a triangle before the name: not colour alone
        title = self.renderer.text.fit(shown_name(name), w - points.get_width() - 28 - mark, round(21 * k), GOLD if to_move else IVORY, True)
        if to_move:
            cues.to_move(plate, 10, round(4 * k) + title.get_height() // 2, round(14 * k))
        plate.blit(title, (10 + mark, round(4 * k)))
        plate.blit(points, (w - points.get_width() - 10, round(4 * k) + title.get_height() - points.get_height()))
        status_top = round(4 * k) + title.get_height()
        status_h = self.renderer.text.font(round(16 * k), to_move).get_height()
        top = max(round(50 * k), status_top + status_h + 2)
        room = Rect(10, top, w - 20, h - top - 8)
        counted = 0
        if count and room.height < 16:  # no room for its tiles (a small window): their count, in words
            tiles = self.renderer.text.render(tiles_text(count), round(16 * k), IVORY, True)
            counted = tiles.get_width() + 8
            plate.blit(tiles, (w - 10 - tiles.get_width(), status_top))
            if status == tiles_text(count):
                status = ""  # (the status with nothing else to say is the count: said once)
        status_line = self.renderer.text.fit(status, w - 20 - counted, round(16 * k), GOLD if to_move else DIM, to_move)
        plate.blit(status_line, (10, status_top))
        if room.height >= 16 and count:
            self.backs(plate, room, count, round(44 * k), faces)
        return plate

    def backs(self, plate: pygame.Surface, room: Rect, count: int, longest: int = 44, faces: tuple[int, ...] | None = None) -> None:
        """``count`` standing tiles in ``room``: backs, or the tiles ``faces`` face up."""
        length = max(16, min(longest, room.height))
        length -= length % 2
        rows = 1
        per_row = max(1, (room.width + 2) // (length // 2 + 2))
        while count > per_row * rows and (rows + 1) * (length + 3) <= room.height:
            rows += 1
        while count > per_row * rows and length > 16:
            length -= 2
            per_row = max(1, (room.width + 2) // (length // 2 + 2))
            rows = max(1, min((room.height + 3) // (length + 3), -(-count // per_row)))
        shown = min(count, per_row * rows)
        back = self.renderer.art.back(length, True)
        for i in range(shown):
            r, c = divmod(i, per_row)
            image = back if faces is None or i >= len(faces) else self.renderer.art.face(*halves(faces[i]), length, True)
            plate.blit(image, (room.left + c * (length // 2 + 2), room.top + r * (length + 3)))
        if shown < count:
            more = pill(self.renderer.text.render(f"+{count - shown}", 16, IVORY, True))
            plate.blit(more, (room.right - more.get_width(), room.bottom - more.get_height()))

