"""*Play now* on a server (from *On a server*): choose a rule set, and the server
pairs you with someone waiting whose rating on that server is close to yours
(game/net/server/matchmaking.py; the rule sets offered are its queues, read from
the rule sets' registry). While it looks, the screen says for how long, and
Cancel leaves the queue at once (the connection closes). After the server's
``offer_after`` (30 s) it offers a computer at your level instead (the level
nearest your rating there): *Yes* seats you at a table with that computer,
*Keep looking* goes on waiting. Once seated, the table has started: its lobby
opens in this screen's place and goes on to the table.

Up/Down (or Tab) and Enter work as well as the mouse; Esc cancels, or goes back.
"""

from __future__ import annotations

import time
from typing import Any, Callable

import pygame
from pygame_gui.elements import UIButton

from game.i18n import _
from game.net.app.netplay import NetPlay
from game.net.server.matchmaking import OFFER_S, queues
from game.ui.drawing.menu import ScrolledMenu, blit_centred, button_column, panel, scale_for, shadowed, style, wrap
from game.ui.drawing.scroll import ScrollColumn
from game.ui.drawing.surface_cache import trimmed
from game.ui.drawing.text import DIM, IVORY, RED
from game.ui.scenes.friends.friends_words import BACK
from game.ui.scenes.friends.play_now_words import (
    CANCEL,
    CHOOSE,
    KEEP_LOOKING,
    PLAY_NOW,
    SETTING_UP,
    YES,
    elapsed_words,
    looking_words,
    offer_words,
    queue_words,
)
from game.words.link_words import failure_line

MakePlay = Callable[[str, str, int, str], NetPlay]


class PlayNowScene(ScrolledMenu):
    """Choose a rule set, wait for a person of your strength (or take a computer)."""

    def __init__(self, url: str, name: str, address: str = "", make_play: MakePlay | None = None, clock: Callable[[], float] = time.monotonic) -> None:
        """``url``: the server's; ``name``: the player's, as typed on *On a server*;
        ``address``: the server's as shown; ``make_play``: what asks the server
        (tests: a stand-in); ``clock``: the wait's (tests turn it)."""
        super().__init__()
        self.url, self.name, self.address = url, name, address or url
        self.make_play = make_play or NetPlay.play_now
        self.clock = clock
        self.play: NetPlay | None = None
        self.chosen: tuple[str, int] | None = None
        self.since = 0.0
        self.declined = False  # Keep looking: the offer is not made again
        self.taken = False  # Yes: the computer's table is being set up
        self.problem = ""
        self.shown_second = -1
        self.picture: pygame.Surface | None = None
        self.picture_at = (0, 0)
        self.clock_art: pygame.Surface | None = None
        self.clock_words = ""
        self.clock_rect = pygame.Rect(0, 0, 0, 0)
        self.clock_box = pygame.Rect(0, 0, 0, 0)
        self.drawn: list[tuple[str, pygame.Rect, pygame.Rect]] = []
        self.column = ScrollColumn()  # the rule sets, when more than the window holds

    # What it shows -------------------------------------------------------------------
    @property
    def state(self) -> str:
        """choose, waiting, offer or starting."""
        if self.play is None:
            return "choose"
        if self.taken:
            return "starting"
        if not self.declined and self.waited() >= self.offer_after():
            return "offer"
        return "waiting"

    def waited(self) -> float:
        return self.clock() - self.since if self.play is not None else 0.0

    def offer_after(self) -> float:
        queued = self.play.mirror.queued if self.play is not None else None
        return float(queued["offer_after"]) if queued is not None else OFFER_S

    def level(self) -> str:
        queued = self.play.mirror.queued if self.play is not None else None
        return str(queued["level"]) if queued is not None and queued.get("level") else ""

    @property
    def drawn_text(self) -> list[tuple[str, pygame.Rect, pygame.Rect]]:
        """What the screen draws itself (game.ui.drawing.layout_check)."""
        clock = [(self.clock_words, self.clock_rect, self.clock_box)] if self.clock_art is not None else []
        return self.drawn + clock

    def said(self) -> tuple[str, tuple[int, int, int]]:
        state = self.state
        if self.problem:
            return self.problem, RED
        if state == "choose":
            return _(CHOOSE), DIM
        if state == "offer":
            return offer_words(self.level()), IVORY
        if state == "starting":
            return _(SETTING_UP), DIM
        assert self.chosen is not None
        return looking_words(*self.chosen), DIM

    def labels(self) -> list[tuple[str, str, str | None]]:
        primary, plain = style("title_primary", self.size), style("title_button", self.size)
        state = self.state
        if state == "choose":
            return [*((f"queue{i}", queue_words(r, p), primary) for i, (r, p) in enumerate(queues())), ("back", _(BACK), plain)]
        if state == "offer" and self.level():
            return [("yes", _(YES), primary), ("keep", _(KEEP_LOOKING), primary)]
        return [("cancel", _(CANCEL), plain)]

    def build_widgets(self) -> None:
        assert self.gui is not None
        w, h = self.size
        s = scale_for(self.size)
        width = min(w - 40, int(720 * s))
        pad = int(26 * s)
        labels = self.labels()
        head = shadowed(self.text, _(PLAY_NOW), int(60 * s), width=w - 40)
        words, colour = self.said()
        intro = wrap(self.text, words, width - 2 * pad, max(15, int(21 * s)), colour)
        clock_h = self.text.font(max(15, int(21 * s))).get_linesize() if self.state in ("waiting", "offer", "starting") else 0
        fixed = pad + head.get_height() + sum(line.get_height() for line in intro) + clock_h + int(24 * s) + pad
        room = max(len(labels) * 30, h - 16 - fixed)
        theme = self.gui.get_theme()
        sizes = [theme.get_font([object_id or "button", "button"]).size(text) for _name, text, object_id in labels]
        need = max(height for _w, height in sizes) + 14  # the words' line, the border, the shadow and some air
        widest = max(width for width, _h in sizes) + 28
        wide = width - 2 * pad
        bw = max(min(wide, int(440 * s)), min(wide, widest))
        gap = max(4, min(int(12 * s), room // (len(labels) * 6)))
        bh = max(26, min(int(52 * s), (room - gap * (len(labels) - 1)) // len(labels)))
        layout = "column"
        if bh < need and len(labels) >= 4:  # many rule sets, a short window: two columns if their words fit, else a scroll
            rows = -(-(len(labels) - 1) // 2) + 1
            two_bh = min(int(52 * s), (room - gap * (rows - 1)) // rows)
            if two_bh >= need and (wide - gap) // 2 >= widest:
                layout, bw, bh = "grid", wide, two_bh
            else:
                layout, bh = "scroll", max(need, min(int(52 * s), bh))
        rows = len(labels) if layout != "grid" else -(-(len(labels) - 1) // 2) + 1
        body_h = min(fixed + rows * (bh + gap) - gap, h - 16)
        box = pygame.Rect((w - width) // 2, max(8, (h - body_h) // 2), width, body_h)
        picture = pygame.Surface(self.size, pygame.SRCALPHA)
        picture.blit(panel(box.size, 18), box.topleft)
        y = box.top + pad // 2
        self.drawn = [(_(PLAY_NOW), blit_centred(picture, head, w // 2, y), box)]
        y += head.get_height()
        for line in intro:
            self.drawn.append((words, blit_centred(picture, line, w // 2, y), box))
            y += line.get_height()
        self.clock_box = pygame.Rect(box.left + pad, y, box.width - 2 * pad, clock_h)
        self.clock_art = None
        self.shown_second = -1
        y += clock_h + int(24 * s)
        self.picture, self.picture_at = trimmed(picture)
        self.column.set_view(pygame.Rect(0, 0, 0, 0), 0, keep=False)
        if layout == "grid":
            self.buttons = self.button_grid(labels, w // 2, y, bw, bh, gap)
        elif layout == "scroll":
            bw = min(bw, wide - self.column.bar_room)
            view = pygame.Rect(0, y - gap // 2, bw + 2 * gap + self.column.bar_room, box.bottom - pad // 2 - y + gap // 2)
            view.centerx = w // 2 + self.column.bar_room // 2
            self.column.set_view(view, len(labels) * (bh + gap) + gap)
            content = self.column.make_containers(self.gui)
            self.buttons = button_column(self.gui, labels, w // 2 - view.x, gap // 2, bw, bh, gap, content)
        else:
            self.buttons = button_column(self.gui, labels, w // 2, y, bw, bh, gap)
        self.follow_clock()

    def button_grid(self, labels: list[tuple[str, str, str | None]], centre_x: int, top: int, width: int, height: int, gap: int) -> dict[str, UIButton]:
        """The rule sets two by two, and the last label (Back) centred below them; the
        buttons keep the labels' order (the keys' focus follows it)."""
        assert self.gui is not None
        cell = (width - gap) // 2
        left = centre_x - width // 2
        out: dict[str, UIButton] = {}
        *grid, last = labels
        for i, (name, words, object_id) in enumerate(grid):
            row, col = divmod(i, 2)
            rect = pygame.Rect(left + col * (cell + gap), top + row * (height + gap), cell, height)
            out[name] = UIButton(rect, words, self.gui, object_id=object_id)
        name, words, object_id = last
        rect = pygame.Rect(centre_x - cell // 2, top + -(-len(grid) // 2) * (height + gap), cell, height)
        out[name] = UIButton(rect, words, self.gui, object_id=object_id)
        return out

    # Scrolling (many rule sets in a short window) ------------------------------------------
    def follow_clock(self) -> None:
        """The wait's clock, drawn again when its second changes."""
        if self.clock_box.height == 0:
            self.clock_art = None
            return
        second = int(self.waited())
        if second == self.shown_second and self.clock_art is not None:
            return
        self.shown_second = second
        s = scale_for(self.size)
        self.clock_words = elapsed_words(self.waited())
        art = self.text.fit(self.clock_words, self.clock_box.width, max(15, int(21 * s)), IVORY)
        self.clock_art = art
        self.clock_rect = pygame.Rect(self.clock_box.centerx - art.get_width() // 2, self.clock_box.top, art.get_width(), art.get_height())

    # Doing -------------------------------------------------------------------------------
    def on_button(self, name: str) -> None:
        if self.app is None:
            return
        if name.startswith("queue") and self.play is None:
            self.look_for(*queues()[int(name[5:])])
        elif name == "back":
            self.app.pop()
        elif name == "cancel":
            self.cancel()
        elif name == "yes" and self.play is not None and not self.taken:
            self.taken = True
            self.play.play_computer()
            self.rebuild()
        elif name == "keep":
            self.declined = True
            self.rebuild()

    def look_for(self, rules: str, players: int) -> None:
        self.chosen = (rules, players)
        self.play = self.make_play(self.url, rules, players, self.name)
        self.since = self.clock()
        self.declined = self.taken = False
        self.problem = ""
        self.rebuild()

    def cancel(self) -> None:
        """Leave the queue at once (the connection closes: the server drops the ticket)."""
        if self.play is not None:
            self.play.close()
            self.play = None
        self.rebuild()

    def on_escape(self) -> None:
        if self.play is not None:
            self.cancel()
        elif self.app is not None:
            self.app.pop()

    def next_change(self) -> float | None:
        """The clock's next second while waiting (a message wakes the loop at once); still otherwise."""
        if self.play is None:
            return self.widgets_change()
        return max(0.0, 1.0 - self.waited() % 1.0)

    def update(self, dt: float) -> None:
        super().update(dt)
        play = self.play
        if play is None or self.app is None:
            return
        was = self.state
        play.update()
        if play.phase == "failed":
            self.problem = failure_line(play.failure, self.address, "", self.name, play.failure_code, play.failure_params)
            play.close()
            self.play = None
            self.rebuild()
            return
        if play.phase in ("lobby", "playing", "over"):
            self.play = None  # the lobby holds it now
            self.app.routes.open_lobby(play, replace=True)
            return
        if self.state != was or (self.state == "offer" and "yes" not in self.buttons and self.level()):
            self.rebuild()
        self.follow_clock()

    def close(self) -> None:
        if self.play is not None:
            self.play.close()
            self.play = None
        super().close()

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.picture_at)
        if self.clock_art is not None:
            surface.blit(self.clock_art, self.clock_rect.topleft)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.scroll_columns():
            self.column.draw(surface)
