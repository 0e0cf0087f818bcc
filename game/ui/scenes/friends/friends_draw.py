"""Painting the *Play with friends* screens: what stays put (titles, panels,
labels) drawn once per window size, and the lines that follow the network (the
status, the lobby's seats). These functions make pictures; they change nothing."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.drawing.menu import balanced_lines, blit_centred, panel, shadowed, wrap
from game.ui.scenes.friends.friends_geometry import LABELS, SERVER_LABELS, Frame, JoinLayout, LobbyLayout, ServerLayout
from game.ui.scenes.friends.friends_words import ADDRESS_HINT, CODE_HINT, FOUND_HEAD, NAME_HINT, SERVER_HEAD, TABLES_HEAD, TYPED_HEAD
from game.ui.drawing.access import text_factor
from game.ui.drawing.text import DIM, GOLD, IVORY, RED, TextCache, least_size

DrawnText = tuple[str, pygame.Rect, pygame.Rect]  # words, where they are, the area they belong in (game.ui.drawing.layout_check)
FAINT = (120, 132, 118)


def least_of(fr: Frame) -> int:
    """The least size of the screen's words (it grows with the text size)."""
    return least_size(text_factor(fr.size))


def title_picture(text: TextCache, fr: Frame, words: str) -> pygame.Surface:
    return shadowed(text, words, fr.title_size, GOLD, fr.size[0] - 40)


def _form_picture(
    text: TextCache, fr: Frame, heading: str, boxes: tuple[tuple[pygame.Rect, str], ...], labels: dict[str, pygame.Rect], label_words: dict[str, str]
) -> tuple[pygame.Surface, list[DrawnText]]:
    """A form's picture: the title ``heading``, each of ``boxes`` (a panel, its heading
    in ``words``) and each field's label (``labels``' place, ``label_words``' words)."""
    picture = pygame.Surface(fr.size, pygame.SRCALPHA)
    drawn: list[DrawnText] = []
    blit_centred(picture, title_picture(text, fr, heading), fr.size[0] // 2, fr.title_top)
    for box, words in boxes:
        picture.blit(panel(box.size, fr.radius), box.topleft)
        if words:
            line = text.fit(words, box.width - 2 * fr.pad, fr.head_size, GOLD, True)
            pos = (box.left + fr.pad, box.top + fr.pad - 2)
            picture.blit(line, pos)
            drawn.append((words, pygame.Rect(pos, line.get_size()), box))
    for key, rect in labels.items():
        words = _(label_words[key])
        label = text.fit(words, rect.width - 8, fr.label_size, IVORY, True)
        pos = (rect.left, rect.centery - label.get_height() // 2)
        picture.blit(label, pos)
        drawn.append((words, pygame.Rect(pos, label.get_size()), rect))
    return picture, drawn


def _hint(picture: pygame.Surface, drawn: list[DrawnText], text: TextCache, fr: Frame, rect: pygame.Rect, words: str) -> None:
    """A field's hint in ``rect`` beside it (none where it has under 40 pixels)."""
    if rect.width < 40:
        return
    hint = text.fit(words, rect.width, max(least_of(fr), fr.label_size - 4), DIM, least=least_of(fr))
    pos = (rect.left, rect.centery - hint.get_height() // 2)
    picture.blit(hint, pos)
    drawn.append((words, pygame.Rect(pos, hint.get_size()), rect))


def join_picture(text: TextCache, layout: JoinLayout, heading: str) -> tuple[pygame.Surface, list[DrawnText]]:
    """The title, the two panels and their headings, the labels and the hints."""
    fr = layout.frame
    boxes = ((layout.found_box, _(FOUND_HEAD)), (layout.form_box, _(TYPED_HEAD)))
    picture, drawn = _form_picture(text, fr, heading, boxes, layout.labels, LABELS)
    for key, words in (("address", _(ADDRESS_HINT)), ("code", _(CODE_HINT))):
        _hint(picture, drawn, text, fr, layout.hints[key], words)
    return picture, drawn


def server_picture(text: TextCache, layout: ServerLayout, heading: str) -> tuple[pygame.Surface, list[DrawnText]]:
    """*On a server*: the title, the two panels and their headings, the labels, the name's hint."""
    fr = layout.frame
    boxes = ((layout.form_box, _(SERVER_HEAD)), (layout.tables_box, _(TABLES_HEAD)))
    picture, drawn = _form_picture(text, fr, heading, boxes, layout.labels, SERVER_LABELS)
    _hint(picture, drawn, text, fr, layout.hint, _(NAME_HINT))
    return picture, drawn


def note(text: TextCache, rect: pygame.Rect, words: str, size: int, colour: tuple[int, int, int] = DIM) -> tuple[pygame.Surface, list[DrawnText]]:
    """``words`` wrapped in ``rect`` (a surface of ``rect``'s size)."""
    picture = pygame.Surface(rect.size, pygame.SRCALPHA)
    drawn: list[DrawnText] = []
    y = 0
    for line in wrap(text, words, rect.width, size, colour):
        if y + line.get_height() > rect.height:
            break
        picture.blit(line, (0, y))
        drawn.append((words, pygame.Rect(rect.left, rect.top + y, line.get_width(), line.get_height()), rect))
        y += line.get_height()
    return picture, drawn


STATUS_LINES = 3  # the bottom bar's line, broken in two (or three) at its size when it is long


def status_lines(text: TextCache, fr: Frame, words: str) -> tuple[int, list[str]] | None:
    """How the bottom bar sets ``words``: (its size, its lines): one line, else two or
    three at its size, set as even as they go, where one does not hold it (a reason
    with what was typed, a narrow window), a point smaller if it must; None where
    not even the least size holds it so."""
    width = fr.status.width
    room = fr.status.height + 2 * max(0, fr.size[1] - fr.status.bottom)  # centred on the bar: as far above it as the margin below
    for size in range(fr.status_size, least_of(fr) - 1, -1):  # its size first, on one line or two; a point smaller only if it must
        font = text.font(size, True)
        if font.size(words)[0] <= width:
            return size, [words]
        lines = balanced_lines(words, width, lambda line: font.size(line)[0])
        if len(lines) <= STATUS_LINES and (len(lines) - 1) * line_step(size) + font.get_height() <= room and all(font.size(line)[0] <= width for line in lines):
            return size, lines
    return None


def line_step(size: int) -> int:
    """From one of the bottom bar's lines to the next (set close: the bar's height and the margin under it hold three)."""
    return max(size + 2, round(size * 1.2))


def status_picture(text: TextCache, fr: Frame, words: str, problem: bool) -> pygame.Surface:
    """The bottom bar's line (red when something went wrong), as ``status_lines`` sets
    it, else at its size and cut."""
    colour = RED if problem else IVORY
    found = status_lines(text, fr, words)
    if found is None:
        return text.fit(words, fr.status.width, fr.status_size, colour, True)
    size, lines = found
    if len(lines) == 1:
        return text.render(words, size, colour, True)
    arts = [text.render(line, size, colour, True) for line in lines]
    step = line_step(size)
    picture = pygame.Surface((max(a.get_width() for a in arts), (len(lines) - 1) * step + text.font(size, True).get_height()), pygame.SRCALPHA)
    for i, art in enumerate(arts):
        picture.blit(art, ((picture.get_width() - art.get_width()) // 2, i * step))
    return picture


def blit_status(surface: pygame.Surface, fr: Frame, art: pygame.Surface) -> None:
    """The bottom bar's line (``status_picture``) centred in its place."""
    box = fr.status
    surface.blit(art, (box.centerx - art.get_width() // 2, box.centery - art.get_height() // 2))


def lobby_picture(
    text: TextCache,
    layout: LobbyLayout,
    heading: str,
    give: str,
    note_words: str,
    rows: list[tuple[str, str, bool]],
    reserved: dict[int, int] | None = None,
    give_reserved: int = 0,
) -> tuple[pygame.Surface, list[DrawnText]]:
    """The lobby: its title (the table's code), what to give friends, a note, and
    each seat: (number, words, taken); ``reserved``: the width at a row's right
    that the host's buttons take (seat -> pixels); ``give_reserved``: the width at
    the right of the words to give friends that the host's *New code* takes."""
    fr = layout.frame
    picture = pygame.Surface(fr.size, pygame.SRCALPHA)
    drawn: list[DrawnText] = []
    head = title_picture(text, fr, heading)
    blit_centred(picture, head, fr.size[0] // 2, fr.title_top)
    picture.blit(panel(layout.box.size, fr.radius), layout.box.topleft)
    y = layout.give.top
    for words, colour, size in ((give, IVORY, fr.label_size), (note_words, DIM, max(least_of(fr), fr.label_size - 3))):
        if not words:
            continue
        room = pygame.Rect(layout.give.left, layout.give.top, layout.give.width - give_reserved, layout.give.height)
        for line in wrap(text, words, room.width, size, colour):
            if y + line.get_height() > layout.give.bottom:
                break
            picture.blit(line, (layout.give.left, y))
            drawn.append((words, pygame.Rect(layout.give.left, y, line.get_width(), line.get_height()), room))
            y += line.get_height()
    for index, (rect, (number, words, taken)) in enumerate(zip(layout.seat_rows, rows)):
        pygame.draw.rect(picture, (27, 38, 31) if taken else (20, 28, 23), rect, border_radius=max(4, rect.height // 5))
        pygame.draw.rect(picture, (86, 96, 79) if taken else (62, 74, 64), rect, 1, border_radius=max(4, rect.height // 5))
        label = text.render(number, layout.row_size, GOLD if taken else FAINT, True)
        picture.blit(label, (rect.left + 10, rect.centery - label.get_height() // 2))
        x = rect.left + 10 + text.font(layout.row_size, True).size("8  ")[0] + label.get_width()
        right = rect.right - (reserved or {}).get(index, 0)
        line = text.fit(words, right - x - 8, layout.row_size, IVORY if taken else FAINT, taken, least_of(fr))
        pos = (x, rect.centery - line.get_height() // 2)
        picture.blit(line, pos)
        drawn.append((words, pygame.Rect(pos, line.get_size()), pygame.Rect(rect.left, rect.top, right - rect.left, rect.height)))
    return picture, drawn
