"""Painting the New game form: what stays put (the title, the panels, the rule
sets' words), what follows the setup (labels, greyed values, the seats, the
status line), and each frame the list, the hint and the focus ring. These
functions make pictures; they never change the setup or the widgets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.i18n import _
from game.engine import RULE_SETS, Rules
from game.ui.drawing.menu import focus_ring, panel, shadowed, wrap_lines
from game.ui.scenes.new_game.form_geometry import FormLayout
from game.ui.scenes.new_game.setup import CHOICE_ROWS, MAX_SEATS, Setup
from game.ui.scenes.new_game.form_words import OPTION_LABELS, TAKE_HINT, players_text, value_text
from game.ui.shell.seat_inputs import input_label, short_label
from game.ui.drawing.access import text_factor
from game.ui.drawing.surface_cache import trimmed
from game.ui.drawing.text import DIM, GOLD, IVORY, RED, TextCache, least_size
from game.words.names import worded
from game.words.rule_sets import summary, title

if TYPE_CHECKING:
    from game.ui.drawing.scroll import ScrollColumn

# the list's looks: the chosen rule set warm and edged in gold, the others dark
ROW_BG = (27, 38, 31)
ROW_EDGE = (86, 96, 79)
ROW_HOVER = (52, 72, 58)
CHOSEN_BG = (140, 90, 28)
CHOSEN_TEXT = (255, 248, 230)
FAINT = (120, 132, 118)  # what the rule set fixes: greyed
FAINT_EDGE = (62, 74, 64)
STATUS_SIZE = 20  # the bottom bar's text at a layout scale of 1 (shrunk to the least size where it must)

DrawnText = tuple[str, pygame.Rect, pygame.Rect]  # words, where they are, the area they belong in (game.ui.drawing.layout_check)


@dataclass
class FormArt:
    """What is drawn once per window size."""

    picture: pygame.Surface | None  # the title, the panels and their headings (cut to what is drawn: ``trimmed``);
    # None once laid on the screen's own backdrop (``laid_on``)
    picture_at: tuple[int, int]  # where the picture lies in the form
    fixed_text: list[DrawnText]  # the words of it, and of the chosen rule set's row
    list_art: dict[tuple[str, bool], pygame.Surface]  # (rule id, chosen) -> the row's words
    hints: dict[str, pygame.Surface | None]  # "keys" and "pad"
    take_hints: tuple[pygame.Surface, ...]  # "Press A to take", and shorter


def content_size(layout: FormLayout) -> tuple[int, int]:
    """The size of the form's pictures: the window's, or taller when the form scrolls."""
    return layout.size[0], max(layout.size[1], layout.content_h)


def form_art(text: TextCache, layout: FormLayout) -> FormArt:
    picture = pygame.Surface(content_size(layout), pygame.SRCALPHA)
    if layout.title is not None:
        size, width, top = layout.title
        title = shadowed(text, _(layout.heading), size, GOLD, width)
        picture.blit(title, ((layout.size[0] - title.get_width()) // 2, top))
    fixed_text: list[DrawnText] = []
    pad = layout.pad
    for box, words in layout.panels:
        picture.blit(panel(box.size, radius=layout.panel_radius), box.topleft)
        head = text.render(words, layout.head_size, GOLD, True)
        picture.blit(head, (box.left + pad, box.top + pad - 2))
        fixed_text.append((words, pygame.Rect((box.left + pad, box.top + pad - 2), head.get_size()), box))
    hints = {mode: text.render(words, layout.hint_size, DIM) if words is not None else None for mode, words in layout.hints.items()}
    take_hints = tuple(text.render(_(words), layout.take_size, DIM, True) for words in TAKE_HINT)
    drawn, at = trimmed(picture)
    return FormArt(drawn, at, fixed_text, list_art(text, layout, fixed_text), hints, take_hints)


def laid_on(backdrop: pygame.Surface, art: FormArt) -> pygame.Surface:
    """The felt with the form's fixed picture on it, one picture of the window for a
    form that does not scroll (the art's own is let go: 18 MB at 3395x2119, where New
    game and Host held the felt and the see-through panels apart, the highest frames
    of the half-hour soak). Drawn the same, pixel for pixel: that picture is the first
    thing drawn on the felt."""
    laid = backdrop.copy()
    if art.picture is not None:
        laid.blit(art.picture, art.picture_at)
        art.picture = None
    return laid


def list_art(text: TextCache, layout: FormLayout, fixed_text: list[DrawnText]) -> dict[tuple[str, bool], pygame.Surface]:
    """Each rule set's row words, chosen and not: the title, the summary, how many play
    (when the window is wide enough to keep the summary legible as well). The chosen
    rows' words go into ``fixed_text``."""
    rows = layout.list_rows
    width, inside = next(iter(rows.values())).size  # every row's
    least = least_size(text_factor(layout.size))  # (never smaller: the summary is cut short first)
    title_size = max(least, min(round(inside * 0.85), round(26 * layout.scale)))
    range_size = max(least, title_size - 3)
    mark_w = inside
    title_w = max(text.font(title_size, True).size(title(rule_id))[0] for rule_id in RULE_SETS) + inside
    range_w = max(text.font(range_size).size(players_text(i))[0] for i in RULE_SETS) + inside

    def widest(size: int) -> int:
        return max(text.font(size).size(summary(rule_id))[0] for rule_id in RULE_SETS)

    summary_size = title_size - 1
    room = width - mark_w - title_w - range_w
    while summary_size > least and widest(summary_size) > room:
        summary_size -= 1
    show_range = summary_size >= 15 or widest(summary_size) <= room
    if not show_range:  # the summary matters more than the player count
        room += range_w
        summary_size = title_size - 1
        while summary_size > least and widest(summary_size) > room:
            summary_size -= 1
    out: dict[tuple[str, bool], pygame.Surface] = {}
    for rule_id in RULE_SETS:
        row = rows[rule_id]
        for chosen in (False, True):
            art = pygame.Surface(row.size, pygame.SRCALPHA)
            parts = [
                (title(rule_id), text.fit(title(rule_id), title_w - inside // 2, title_size, CHOSEN_TEXT if chosen else GOLD, True), mark_w),
                (summary(rule_id), text.fit(summary(rule_id), room, summary_size, IVORY if chosen else DIM, least=least), mark_w + title_w),
            ]
            if show_range:
                span = text.render(players_text(rule_id), range_size, IVORY if chosen else DIM)
                parts.append((players_text(rule_id), span, row.width - span.get_width() - inside // 3))
            for words, image, x in parts:
                y = (row.height - image.get_height()) // 2
                art.blit(image, (x, y))
                if chosen:
                    fixed_text.append((words, pygame.Rect(row.left + x, row.top + y, image.get_width(), image.get_height()), row))
            out[(rule_id, chosen)] = art
    return out


@dataclass
class SetupWords:
    """What follows the setup: ``picture`` over the form (its places), the status line
    in the bottom bar (which never scrolls), and where each of their words is."""

    picture: pygame.Surface  # (cut to what is drawn: ``trimmed``)
    picture_at: tuple[int, int]  # where it lies in the form
    drawn: list[DrawnText]  # the form's (in its places: scrolled with it)
    status: pygame.Surface
    status_at: tuple[int, int]
    status_drawn: DrawnText


def setup_words(text: TextCache, layout: FormLayout, art: FormArt, setup: Setup, rules: Rules, status: str, problem: bool) -> SetupWords:
    """What follows the setup, over the fixed picture: the choices' labels (greyed
    where the rule set fixes them, with its value), the seat numbers, each person's
    input, each computer's name, the seats left empty and the status line."""
    words = pygame.Surface(content_size(layout), pygame.SRCALPHA)
    drawn = list(art.fixed_text)
    open_rows = setup.changeable()
    label_size = layout.label_size
    least = least_size(text_factor(layout.size))
    for key in CHOICE_ROWS:
        row, selector = layout.choice_rows[key], layout.selectors[key]
        live = open_rows[key]
        label = text.fit(_(OPTION_LABELS[key]), selector.rect.left - row.left - 6, label_size, IVORY if live else FAINT, True)
        pos = (row.left, row.centery - label.get_height() // 2 + 1)
        words.blit(label, pos)
        drawn.append((_(OPTION_LABELS[key]), pygame.Rect(pos, label.get_size()), row))
        if not live:  # greyed: the rule set's own value, in a faint box where the arrows would be
            box = selector.rect
            value_words = value_text(key, setup.value(key), rules)
            pygame.draw.rect(words, FAINT_EDGE, box, 1, border_radius=6)
            value = text.fit(value_words, box.width - 16, selector.value_size, FAINT, True)
            pos = (box.centerx - value.get_width() // 2, box.centery - value.get_height() // 2 + 1)
            words.blit(value, pos)
            drawn.append((value_words, pygame.Rect(pos, value.get_size()), box))
    if not all(open_rows.values()):  # what greyed means, on the choices' heading
        note_size = max(least, label_size - 2)
        note_words = _("Greyed: set by {rule_set}").format(rule_set=title(setup.rule_id))
        if text.font(note_size).size(note_words)[0] <= layout.greyed_note.width:
            note = text.render(note_words, note_size, FAINT)
            pos = (layout.greyed_note.right - note.get_width(), layout.greyed_note.centery - note.get_height() // 2)
            words.blit(note, pos)
            drawn.append((note_words, pygame.Rect(pos, note.get_size()), layout.greyed_note))
    seatable = RULE_SETS[setup.rule_id].max_players
    for i in range(MAX_SEATS):
        row, name_rect = layout.seat_rows[i], layout.name_rects[i]
        used = i < setup.players
        if i < seatable:  # beyond what the rule set seats, only the space
            number = text.render(str(i + 1), label_size, GOLD if used else FAINT, True)
            pos = (row.left + 2, row.centery - number.get_height() // 2 + 1)
            words.blit(number, pos)
            drawn.append((str(i + 1), pygame.Rect(pos, number.get_size()), row))
        if used and setup.named(i):
            drawn.append(draw_input(words, text, layout, i, setup.inputs.owner(i)))
        elif used:
            name, words_of = setup.seat_name(i), setup.seat_note(i)
            if text.font(12).size(words_of)[0] <= name_rect.width - 8:  # else left out: the seat's kind beside it says it
                note = text.fit(words_of, name_rect.width - 8, max(least, label_size - 2), DIM, least=least)
                pos = (name_rect.left + 8, name_rect.centery - note.get_height() // 2 + 1)
                words.blit(note, pos)
                drawn.append((worded(name), pygame.Rect(pos, note.get_size()), name_rect))
        elif i < seatable:  # a seat this rule set could fill; beyond, the space is kept
            left = layout.selectors[f"kind{i}"].rect.left
            slot = pygame.Rect(left, row.top, row.right - left, row.height)
            pygame.draw.rect(words, FAINT_EDGE, slot, 1, border_radius=6)
            empty = text.fit(_("Empty"), slot.width - 16, max(least, label_size - 2), FAINT, least=least)
            pos = (slot.left + 10, slot.centery - empty.get_height() // 2 + 1)
            words.blit(empty, pos)
            drawn.append((_("Empty"), pygame.Rect(pos, empty.get_size()), slot))
    line = status_line(text, status, layout.status, max(least, round(STATUS_SIZE * layout.scale)), least, RED if problem else IVORY)
    pos = (layout.status.centerx - line.get_width() // 2, layout.status.centery - line.get_height() // 2)
    picture, at = trimmed(words)
    return SetupWords(picture, at, drawn, line, pos, (status, pygame.Rect(pos, line.get_size()), layout.status))


def status_fits(text: TextCache, status: str, rect: pygame.Rect, least: int, lines: int = 1) -> bool:
    """Whether ``status_line`` shows ``status`` whole in ``rect`` on one line (``lines`` 2: or on two)."""
    font = text.font(least, True)
    if font.size(status)[0] <= rect.width:
        return True
    if lines < 2:
        return False
    wrapped = wrap_lines(status, rect.width, lambda words: font.size(words)[0])
    return len(wrapped) == 2 and all(font.size(line)[0] <= rect.width for line in wrapped) and 2 * font.get_linesize() <= rect.height


def status_line(text: TextCache, status: str, rect: pygame.Rect, size: int, least: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """The status between Back and Start: on one line, else (a narrow window, a long
    language) on two at the least size, whole, when the bar is tall enough."""
    font = text.font(least, True)
    if font.size(status)[0] > rect.width:
        lines = wrap_lines(status, rect.width, lambda words: font.size(words)[0])
        if len(lines) == 2 and all(font.size(line)[0] <= rect.width for line in lines) and 2 * font.get_linesize() <= rect.height:
            rendered = [text.render(line, least, colour, True) for line in lines]
            out = pygame.Surface((max(r.get_width() for r in rendered), 2 * font.get_linesize()), pygame.SRCALPHA)
            for i, picture in enumerate(rendered):
                out.blit(picture, ((out.get_width() - picture.get_width()) // 2, i * font.get_linesize()))
            return out
    return text.fit(status, rect.width, size, colour, True, least)


def draw_input(words: pygame.Surface, text: TextCache, layout: FormLayout, index: int, pad: int | None) -> DrawnText:
    """What plays person seat ``index`` (controller ``pad``, or None: the keyboard
    and mouse), in the box at its row's end: an icon and a word."""
    rect = layout.input_rects[index]
    colour = GOLD if pad is not None else IVORY
    pygame.draw.rect(words, (*colour, 150) if pad is not None else FAINT_EDGE, rect, 1, border_radius=6)
    icon_h = max(10, min(rect.height - 8, round(rect.height * 0.62)))
    icon = pygame.Rect(rect.left + 7, rect.centery - icon_h // 2, round(icon_h * 1.55), icon_h)
    draw_input_icon(words, icon, pad is not None, colour)
    room = rect.right - icon.right - 12
    least = least_size(text_factor(layout.size))
    size = max(least, layout.label_size - 2)
    # the whole name, else the short one, else (a controller) just its number
    choices = [input_label(pad), short_label(pad)] + ([str(pad)] if pad is not None else [])
    label_words = next((t for t in choices if text.font(least, True).size(t)[0] <= room), choices[-1])
    if pad is None and text.font(least, True).size(label_words)[0] > room:  # the keyboard's picture alone
        return "", icon, rect
    label = text.fit(label_words, room, size, colour, True, least)
    pos = (icon.right + 6, rect.centery - label.get_height() // 2 + 1)
    words.blit(label, pos)
    return label_words, pygame.Rect(pos, label.get_size()), rect


def draw_input_icon(surface: pygame.Surface, rect: pygame.Rect, pad: bool, colour: tuple[int, int, int]) -> None:
    """A small picture of what plays a seat in ``rect``: a game controller, or a
    keyboard with a mouse beside it (solid shapes with the keys cut out, which
    read better than outlines this small)."""
    w, h = rect.size
    icon = pygame.Surface((w, h), pygame.SRCALPHA)
    hole = (0, 0, 0, 0)
    if pad:  # a body with two grips; a cross on the left and two buttons on the right cut out
        body = pygame.Rect(0, h // 8, w, h * 5 // 8)
        pygame.draw.rect(icon, colour, body, border_radius=body.height // 2)
        grip = max(3, h * 3 // 10)
        for cx in (w // 5, w - w // 5):
            pygame.draw.circle(icon, colour, (cx, h - grip - 1), grip)
        cx, cy, arm, thick = w * 3 // 10, body.centery, max(2, h // 6), max(2, h // 9)
        pygame.draw.rect(icon, hole, (cx - arm, cy - thick // 2, 2 * arm + 1, thick))
        pygame.draw.rect(icon, hole, (cx - thick // 2, cy - arm, thick, 2 * arm + 1))
        dot = max(1, h // 10)
        pygame.draw.circle(icon, hole, (w - w * 3 // 10 + dot + 1, cy - dot), dot)
        pygame.draw.circle(icon, hole, (w - w * 3 // 10 - dot - 1, cy + dot), dot)
    else:  # a keyboard (rows of keys cut out) and a mouse
        board = pygame.Rect(0, h // 5, w * 7 // 10, h * 3 // 5)
        pygame.draw.rect(icon, colour, board, border_radius=max(1, h // 8))
        key = max(2, board.height // 5)
        for row in range(2):
            y = board.top + key * (1 + 2 * row) - key // 2 + 1
            for x in range(board.left + key, board.right - key, 2 * key):
                pygame.draw.rect(icon, hole, (x, y, key, key))
        mouse = pygame.Rect(board.right + max(2, w // 14), h // 6, w - board.right - max(2, w // 14), h * 2 // 3)
        pygame.draw.ellipse(icon, colour, mouse)
        pygame.draw.line(icon, hole, (mouse.centerx, mouse.top), (mouse.centerx, mouse.top + mouse.height * 2 // 5), max(1, h // 12))
    surface.blit(icon, rect.topleft)


def draw_form(
    surface: pygame.Surface,
    layout: FormLayout,
    art: FormArt,
    words: SetupWords | None,
    setup: Setup,
    hover: str | None,
    pad_mode: bool,
    focus: str | None,
    offset: int = 0,
) -> None:
    """One frame of the form (under its widgets): the fixed picture, the list with
    the chosen rule set and the one under the pointer, the setup's words, the hint
    for the keyboard or a controller, and the focus ring round line ``focus``; the
    form ``offset`` higher, inside its view, when it scrolls."""
    clip = surface.get_clip()
    if layout.content_h:
        surface.set_clip(layout.view)
    # what of the form lies in its places (and scrolls with it)
    if art.picture is not None:  # (else it lies on the backdrop: ``laid_on``)
        surface.blit(art.picture, (art.picture_at[0], art.picture_at[1] - offset))
    for rule_id, place in layout.list_rows.items():
        row = place.move(0, -offset)
        chosen = rule_id == setup.rule_id
        radius = max(4, row.height // 5)
        if chosen:
            pygame.draw.rect(surface, CHOSEN_BG, row, border_radius=radius)
            pygame.draw.rect(surface, GOLD, row, 2, border_radius=radius)
        else:
            pygame.draw.rect(surface, ROW_HOVER if rule_id == hover else ROW_BG, row, border_radius=radius)
            pygame.draw.rect(surface, ROW_EDGE, row, 1, border_radius=radius)
        # a round mark, filled for the chosen rule set
        centre = (row.left + row.height // 2, row.centery)
        dot = max(4, row.height // 5)
        if chosen:
            pygame.draw.circle(surface, CHOSEN_TEXT, centre, dot)
        else:
            pygame.draw.circle(surface, FAINT, centre, dot, 2)
        surface.blit(art.list_art[(rule_id, chosen)], row.topleft)
    if words is not None:
        surface.blit(words.picture, (words.picture_at[0], words.picture_at[1] - offset))
    if pad_mode and focus is not None and focus.startswith("kind") and art.take_hints:
        index = int(focus[4:])
        if index < setup.players and not setup.named(index):  # "press A to take" where a person's input would show
            cell = layout.input_rects[index].move(0, -offset)
            take = next((t for t in art.take_hints if t.get_width() <= cell.width), art.take_hints[-1])
            surface.blit(take, (cell.right - take.get_width(), cell.centery - take.get_height() // 2 + 1))
    rect = layout.lines.get(focus) if focus is not None else None
    if rect is not None:
        focus_ring(surface, rect.move(0, -offset))
    surface.set_clip(clip)
    if words is not None:
        surface.blit(words.status, words.status_at)
    hint = art.hints.get("pad" if pad_mode else "keys")
    if hint is not None:
        surface.blit(hint, (layout.hint_pos[0] - hint.get_width() // 2, layout.hint_pos[1]))


def shown_words(words: SetupWords | None, column: ScrollColumn | None) -> list[DrawnText]:
    """Where the form's words are on screen (game.ui.drawing.layout_check): scrolled (``column``),
    those that show whole at its scroll; the status line, which never scrolls."""
    if words is None:
        return []
    if column is None:
        return [*words.drawn, words.status_drawn]
    shown = [(t, column.to_screen(r), column.to_screen(a).clip(column.view)) for t, r, a in words.drawn if column.shows(r)]
    return [*shown, words.status_drawn]
