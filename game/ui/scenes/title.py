"""The title screen: Continue, Back to table CODE, New game, Play with friends,
Learn to play, Past matches, Puzzles, Rules, Statistics, Settings, Quit.

Back to table CODE shows while this app keeps a seat at a network table
(game/net/app/kept_seats.py: read once the first frame is shown, and again when
the title comes back): it opens Play with friends taking that seat back.

On the first launch, Learn to play is offered (it leads, and the subtitle says so).

Continue shows only when a match is saved; Puzzles ("Puzzles: 3 solved, 5 to
do") only when the coach has found mistakes to try again in the reviews kept
with the past matches (``game.archive.puzzles.counts``: the review files alone, no
engine). The counts are read again when the title comes back and every few
seconds while it shows (a review made in the background may add some). Messages about files that could not
be read (``app.notices``) show in a panel at the bottom until
dismissed. Up/Down (or Tab) and Enter work as well as the mouse.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.archive.puzzles import counts as puzzle_counts
from game.profile.saves import has_save
from game.i18n import N_, _
from game.profile.settings import Settings, save_settings
from game.ui.drawing.access import text_choice, text_factor
from game.ui.drawing.menu import ScrolledMenu, blit_centred, button_column, fan_of_matadors, panel, scale_for, shadowed, style, tile_art, wrap
from game.ui.shell.stage import SIDE_SCENES
from game.ui.drawing.scroll import ScrollColumn
from game.ui.drawing.surface_cache import trimmed
from game.ui.drawing.text import DIM, GOLD, IVORY, least_size
from game.version import version
from game.words.puzzle_words import puzzles_button

if TYPE_CHECKING:
    from game.ui.shell.stage import Stage

SUBTITLE = N_("The domino game where the ends add up to seven")
OFFER = N_("New to Matador? Learn to play in two short lessons.")
RECOUNT_S = 2.0  # how often the puzzles are counted again while the title shows


def kept_table() -> str | None:
    """The table of the newest seat kept at a network table (game/net/app/kept_seats.py), if any."""
    from game.net.app import kept_seats

    try:
        seats, _message = kept_seats.load()
    except Exception:  # the title shows whatever the user files hold
        return None
    return seats[0].seated.table if seats else None


class TitleScene(ScrolledMenu):
    """The first screen."""

    def __init__(self) -> None:
        super().__init__()
        self.can_continue = False
        self.picture: pygame.Surface | None = None
        self.picture_at = (0, 0)  # where the picture (cut to what is drawn) lies
        self.version_label: pygame.Surface | None = None
        self.notice_rect = pygame.Rect(0, 0, 0, 0)
        self.version_rect = pygame.Rect(0, 0, 0, 0)
        self.drawn_text: list[tuple[str, pygame.Rect, pygame.Rect]] = []
        self.offer_lessons = False  # the first launch: Learn to play is offered
        self.covered = False  # another screen has been over it (the lessons, perhaps)
        self.column = ScrollColumn()  # the buttons, when they are more than the window's height holds
        self.puzzles = (0, 0)  # (solved, to do): the Puzzles button shows when there are any
        self.recount = 0.0  # seconds since the puzzles were counted
        self.kept_code: str | None = None  # the table of the newest seat kept at a network table (Back to table CODE)
        self.updates = 0  # frames stepped: each is updated, then drawn (so from the second on, one frame is shown)
        self.kept_read = False  # (read once the first frame is shown: the file's reading imports the network's modules)

    def attach(self, app: Stage) -> None:
        settings = app.services.get("settings")
        first_launch = app.services.get("first_launch") is True and not has_save()
        if isinstance(settings, Settings) and not settings.lessons_offered and first_launch:
            self.offer_lessons = True
            settings.lessons_offered = True  # offered once
            try:
                save_settings(settings)
            except OSError:
                pass  # offered again next time: no harm
        super().attach(app)

    # Layout ----------------------------------------------------------------------
    def build_widgets(self) -> None:
        assert self.gui is not None and self.app is not None
        self.can_continue = has_save()
        w, h = self.size
        s = scale_for(self.size)
        messages = self.app.notices
        labels: list[tuple[str, str, str | None]] = []
        if self.can_continue:
            labels.append(("continue", _("Continue"), style("title_primary", self.size)))
        if self.kept_code is not None:  # a seat kept at a network table waits for this player
            from game.ui.scenes.friends.friends_words import back_to_words

            labels.append(("back_table", back_to_words(self.kept_code), style("title_button" if self.can_continue else "title_primary", self.size)))
        plain = self.can_continue or self.offer_lessons or self.kept_code is not None  # one button leads: Continue, a table waiting, or the lessons offered
        labels.append(("new", _("New game"), style("title_button" if plain else "title_primary", self.size)))
        labels.append(("friends", _("Play with friends"), style("title_button", self.size)))
        labels.append(("learn", _("Learn to play"), style("title_primary" if self.offer_lessons else "title_button", self.size)))
        labels.append(("past", _("Past matches"), style("title_button", self.size)))
        self.puzzles = self.count_puzzles()
        if sum(self.puzzles):
            labels.append(("puzzles", puzzles_button(*self.puzzles), style("title_button", self.size)))
        labels += [
            ("rules", _("Rules"), style("title_button", self.size)),
            ("statistics", _("Statistics"), style("title_button", self.size)),
            ("settings", _("Settings"), style("title_button", self.size)),
            ("quit", _("Quit"), style("title_button", self.size)),
        ]
        # larger text (game.ui.drawing.access) grows the words and what holds them, not the spaces between
        f = text_choice(self.size)  # (s counts the window's pixels per point; f does not)
        base = s / f
        bw, bh, gap = int(300 * s), int(50 * base + 22 * base * (f - 1)), int(12 * base)
        theme = self.gui.get_theme()  # the column as wide as its longest words need (Puzzles' counts, a long language)
        widest = max(theme.get_font([object_id or "button", "button"]).size(text)[0] for _name, text, object_id in labels)
        bw = max(bw, min(widest + int(28 * base), w - 2 * gap - self.column.bar_room - 8))
        column_h = len(labels) * bh + (len(labels) - 1) * gap

        # the version, small and dim in the bottom right corner, kept clear of the rest
        label = self.text.render(f"v{version()}", max(least_size(text_factor(self.size)), int(15 * s)), DIM)
        margin = max(6, int(10 * s))
        self.version_rect = label.get_rect(bottomright=(w - margin, h - margin // 2))
        self.drawn_text = [("version", self.version_rect.copy(), pygame.Rect(0, 0, w, h))]
        foot = max(14, h - self.version_rect.top + 4)

        # the notices panel (above the version), then the title and the fan above the buttons
        notice_lines: list[pygame.Surface] = []
        self.notice_rect = pygame.Rect(0, 0, 0, 0)
        if messages:
            width = min(w - 40, int(940 * s))
            for message in messages[-3:]:
                notice_lines += wrap(self.text, message, width - 190, max(15, int(19 * s)), IVORY)
            height = sum(line.get_height() + 3 for line in notice_lines) + 28
            height = max(height, int(64 * s))
            self.notice_rect = pygame.Rect((w - width) // 2, h - height - foot, width, height)
        room_bottom = self.notice_rect.top - 12 if messages else h - int(24 * s)

        title = shadowed(self.text, "MATADOR", int(118 * base), GOLD, w - 40)  # a heading: it is large already
        subtitle = self.text.fit(_(OFFER if self.offer_lessons else SUBTITLE), w - 40, int(26 * s), GOLD if self.offer_lessons else DIM)
        fan_len = int(96 * s) & ~1
        fan = fan_of_matadors(tile_art(self), fan_len)
        head_h = title.get_height() + subtitle.get_height() + int(10 * s)
        # too many buttons for one column under the heading (Continue, Puzzles, larger text): two side by side, if they fit
        half = (len(labels) + 1) // 2
        two_h = half * bh + (half - 1) * gap
        fixed = int(12 * s) + title.get_height() + subtitle.get_height() + int(30 * s)
        two = fixed + column_h > room_bottom and fixed + two_h <= room_bottom and 2 * bw + 3 * gap <= w - 2 * gap
        if two:
            column_h = two_h
        free = room_bottom - column_h - head_h
        show_fan = free > fan.get_height() + int(70 * s)
        used = head_h + column_h + (fan.get_height() + int(24 * s) if show_fan else 0)
        top = max(int(12 * s), (room_bottom - used) // 2 - int(10 * s))

        picture = pygame.Surface(self.size, pygame.SRCALPHA)
        y = top
        blit_centred(picture, title, w // 2, y)
        y += title.get_height()
        blit_centred(picture, subtitle, w // 2, y)
        y += subtitle.get_height() + int(22 * s)
        if show_fan:
            blit_centred(picture, fan, w // 2, y)
            y += fan.get_height() + int(18 * s)
        else:
            y += int(8 * s)
        if messages:
            box = panel(self.notice_rect.size, 12, (40, 26, 18, 235))
            ny = 14
            for line in notice_lines:
                box.blit(line, (18, ny))
                ny += line.get_height() + 3
            picture.blit(box, self.notice_rect.topleft)
        # the shared felt, and over it the words cut to what is drawn (a third of the window
        # or less) and the version in its corner: the title drew them onto a copy of the felt,
        # a picture of the whole window of its own (33 MB at 3840x2160)
        self.picture, self.picture_at = trimmed(picture)
        self.version_label = label

        self.column.set_view(pygame.Rect(0, 0, 0, 0), 0, keep=False)
        if two:  # the game's buttons on the left, the rest (Rules, Statistics, Settings, Quit) on the right
            self.buttons = button_column(self.gui, labels[:half], w // 2 - gap - bw // 2, y, bw, bh, gap)
            self.buttons.update(button_column(self.gui, labels[half:], w // 2 + gap + bw // 2, y, bw, bh, gap))
        elif y + column_h > room_bottom:  # larger text, Continue shown, a low window: the buttons scroll (the focus kept in view)
            pad = gap
            view = pygame.Rect(w // 2 - bw // 2 - pad, y - pad // 2, bw + 2 * pad + self.column.bar_room, room_bottom - y + pad)
            view.centerx = w // 2 + self.column.bar_room // 2
            self.column.set_view(view, column_h + pad)
            content = self.column.make_containers(self.gui)
            self.buttons = button_column(self.gui, labels, w // 2 - view.x, pad // 2, bw, bh, gap, content)
        else:
            self.buttons = button_column(self.gui, labels, w // 2, y, bw, bh, gap)
        if messages:
            r = self.notice_rect
            dh = min(int(42 * s), r.height - 16)
            self.buttons["dismiss"] = pygame_gui.elements.UIButton(
                pygame.Rect(r.right - 150, r.centery - dh // 2, 134, dh), _("Dismiss"), self.gui, object_id=style("title_small", self.size)
            )

    def count_puzzles(self) -> tuple[int, int]:
        """(solved, to do) among the puzzles of the kept reviews."""
        self.recount = 0.0
        try:
            return puzzle_counts()
        except Exception:  # the title shows whatever the user files hold
            return (0, 0)

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            first = "learn" if self.offer_lessons else (self.focus.order[0] if self.focus.order else None)
            self.focus.reset(self.focus.order, self.buttons, first)
        self.reveal_focus()

    # Actions ----------------------------------------------------------------------
    def let_go_pictures(self) -> None:
        super().let_go_pictures()
        self.picture = self.version_label = None

    def enter(self) -> None:
        # back from another screen: a save may have appeared, a notice may be new, the lessons
        # offered may all be done (the offer goes: the title is the usual one again)
        self.revive()  # (laid out again if it let go of its pictures while covered)
        if self.app is not None and self.gui is not None:
            done = False
            if self.offer_lessons and self.covered:  # (not before the first frame: the lessons load slowly)
                from game.learning.lessons import all_done

                done = all_done()
            if done:
                self.offer_lessons = False
            if done or has_save() != self.can_continue or bool(self.app.notices) != bool(self.notice_rect.width) or self.count_puzzles() != self.puzzles or self.kept_changed():
                self.rebuild()

    def kept_changed(self) -> bool:
        """Read the seat kept at a network table again (after the first frame):
        whether *Back to table CODE* changed."""
        if self.app is None or self.updates < 2:  # (not before the first frame is shown)
            return False
        self.kept_read = True
        code = kept_table()
        changed, self.kept_code = code != self.kept_code, code
        return changed

    def next_change(self) -> float | None:
        """The puzzles are counted again every ``RECOUNT_S`` (a review made in the background);
        the next frame, until the seats kept at network tables are read."""
        if not self.kept_read:
            return 0.0
        widgets = self.widgets_change()
        recount = max(0.0, RECOUNT_S - self.recount)
        return recount if widgets is None else min(widgets, recount)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.updates += 1
        self.recount += dt
        if not self.kept_read and self.app is not None and self.app.top is self and self.kept_changed():
            self.focus.index = None  # (the frame after the first: a table waiting is the first choice)
            self.rebuild()  # a table waits for this player: Back to table CODE
        if self.recount >= RECOUNT_S and self.app is not None and self.app.top is self and self.count_puzzles() != self.puzzles:
            self.rebuild()  # a review made in the background found mistakes to try again

    def exit(self) -> None:
        super().exit()
        self.covered = True

    def on_button(self, name: str) -> None:
        app = self.app
        if app is None:
            return
        if name == "continue":
            if app.routes.continue_match() is None:
                self.rebuild()
        elif name == "new":
            app.routes.open_new_game_over_save()  # with a match saved, it asks first
        elif name == "friends":
            app.routes.open_friends()
        elif name == "back_table":
            app.routes.back_to_table()
        elif name == "learn":
            app.routes.open_lessons()
        elif name == "past":
            app.routes.open_past_matches()
        elif name == "puzzles":
            app.routes.open_puzzles()
            if app.top is self:  # none could be opened after all: the notice says why
                self.rebuild()
        elif name in SIDE_SCENES:
            if not app.routes.open_side(name):
                self.rebuild()
        elif name == "quit":
            app.quit()
        elif name == "dismiss":
            app.notices.clear()
            self.rebuild()

    def on_escape(self) -> None:
        if self.app is not None and self.app.notices:
            self.on_button("dismiss")

    # Drawing ------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.picture_at)
        if self.version_label is not None:
            surface.blit(self.version_label, self.version_rect)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.scroll_columns():
            self.column.draw(surface)
