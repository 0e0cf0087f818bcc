"""The lobby of a network table: its code (and, for the host, the address to give
friends), who has joined which seat, which are still open; the host's Start,
enabled once every seat is taken and nobody is away (the friends away are named
meanwhile); Leave. A creator back at its table on a server (*Back to table*) has
the host's lobby again: the server says which seat hosts. A player who is away shows the 5-minute
hold's countdown (then the host may give the seat to a computer). The host has a
button or two on a seat's row: *Remove* (frees a seat someone took, and keeps
who took it out of the table), and *New code* over the rows (the lobby gets a new
code that the old one no longer opens), *Let in* and
*Refuse* (a person without the seat's token asks for it), *Give to a computer*
(its player away for 5 minutes). It follows the table once a frame
(game/net/app/netplay.py) and never waits; once the table starts, the table scene
replaces it (and takes the table over). Leaving closes the connection and, for
the host, stops the server on this machine (a table on a dedicated server stays
there: the host's seat is kept to come back to).
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.ai import levels
from game.i18n import _
from game.net.app.netplay import NetPlay
from game.ui.drawing.menu import MenuScene, style
from game.ui.scenes.friends.friends_draw import DrawnText, blit_status, lobby_picture, status_picture, title_picture
from game.ui.scenes.friends.friends_geometry import LOBBY_SEATS, LobbyLayout, frame, lobby_layout
from game.ui.scenes.friends.friends_model import address_in
from game.words.link_words import failure_line
from game.words.seat_words import CLOSE_WATCH, OPEN_WATCH, watchers_words
from game.ui.drawing.surface_cache import trimmed
from game.ui.scenes.friends.friends_words import (
    CODE_NOTE,
    GIVE,
    GUEST_NOTE,
    LEAVE,
    LET_IN,
    LISTED_NOTE,
    NEW_CODE,
    REFUSE,
    REMOVE,
    LOOPBACK_NOTE,
    OPENING,
    READY,
    START,
    STARTING,
    WAITING_FRIENDS,
    WAITING_HOST,
    away_words,
    give_words,
    guest_words,
    lobby_title,
    opening_failed,
    port_problem,
    seat_state,
)

ACTIONS = {"let": LET_IN, "refuse": REFUSE, "give": GIVE, "remove": REMOVE, "new_code": NEW_CODE, "close_watch": CLOSE_WATCH, "open_watch": OPEN_WATCH}  # a seat's buttons, for the host
TABLE_ROW = -1  # the "seat" of the host's buttons for the whole table (New code), over the seats' rows
SAID_S = 5.0  # a refusal (of Start, of a removal...) shows this long in the status line
HALTED = "The server cannot store the moves now: play waits until it can."


class LobbyScene(MenuScene):
    """Who is at the table before it starts."""

    def __init__(self, play: NetPlay):
        super().__init__()
        self.play: NetPlay | None = play
        self.layout: LobbyLayout | None = None
        self.arranged: tuple[object, ...] = ()  # what the layout was made for (the title, the size, the seats)
        self.picture: pygame.Surface | None = None
        self.picture_at = (0, 0)  # where ``picture``, cut to what is drawn, lies in the window
        self.status_art: pygame.Surface | None = None
        self.drawn_text: list[DrawnText] = []
        self.shown: tuple[object, ...] | None = None
        self.started = False  # Start was pressed
        self.last_play = play  # kept for tests and the report once handed over
        self.actions: dict[int, tuple[str, ...]] = {}  # the seats' buttons shown: seat -> actions
        self.said = ""  # a refusal the server just gave (the status line says it a while)
        self.said_for = 0.0

    # What it shows --------------------------------------------------------------
    def lines(self) -> tuple[str, str, str, list[tuple[str, str, bool]], str, bool]:
        """(title, what to give friends, a note, the seats' rows, the status, a problem)."""
        play = self.play or self.last_play
        mirror = play.mirror
        lobby = mirror.lobby
        code = mirror.code or (lobby.table if lobby is not None else None)
        if play.hosts and not play.seated:
            code = None  # the people at this screen take their seats before friends are given the code
        heading = lobby_title(code) if code else _(OPENING)
        give, note = "", ""
        if play.hosts and code:
            give = give_words(play.addresses(), code)
            if play.hosted is None:  # on a dedicated server
                note = _(LISTED_NOTE) if play.listed else _(CODE_NOTE)
            else:
                note = "" if play.hosted.visible else _(LOOPBACK_NOTE)
        elif not play.hosts and code and lobby is not None and play.session is not None:
            host = next((s.name for s in lobby.seats if s.seat == lobby.host and s.seat != mirror.seat), None)
            give, note = guest_words(host, address_in(play.session.url), code), _(GUEST_NOTE)
        if lobby is not None and lobby.watchers > 0:  # how many watch, for everyone at the table
            note = f"{note}  {watchers_words(lobby.watchers)}".strip()
        rows: list[tuple[str, str, bool]] = []
        if lobby is not None:
            claims = dict(lobby.claims)
            for s in lobby.seats:
                name = s.name
                if s.kind == "computer":
                    level = levels.get(s.level)
                    name = _(level.name) if level is not None else s.name
                here = s.seat in play.here and s.kind == "remote"
                connected = s.kind != "remote" or s.connected
                held = None if connected else mirror.give_countdown(s.seat)
                words = seat_state(s.kind, name, s.seat == mirror.seat, s.seat == lobby.host, connected, s.level, here, held, claims.get(s.seat))
                rows.append((str(s.seat + 1), words, s.taken))
        problem = bool(play.failure) or bool(self.said)
        if play.failure:
            if play.hosting and mirror.code is None and play.failure_code == "port_taken" and play.hosted is not None:
                status = port_problem("taken_lobby", play.hosted.wanted_port)  # (taken between the form's look and the server's start)
            elif play.hosting and mirror.code is None and not play.failure_code:
                status = opening_failed(play.failure)  # the server on this machine could not start
            else:
                address = address_in(play.session.url) if play.session is not None else ""
                status = failure_line(play.failure, address, mirror.code or "", why=play.failure_code, params=play.failure_params)
        elif self.said:
            status = self.said
        elif mirror.link in ("lost", "connecting") and mirror.code is not None:
            status = mirror.status_text()
        elif mirror.halted is not None:
            problem = True
            status = _(HALTED)
        elif lobby is None:
            status = _(OPENING)
        elif self.started or lobby.state != "lobby":
            status = _(STARTING)
        elif play.hosts:
            away = [lobby.names[seat] for seat in lobby.away if seat not in play.here]
            if not lobby.full:
                status = _(WAITING_FRIENDS)
            elif away:
                status = away_words(away)  # Start waits for them
            else:
                status = _(READY)
        else:
            status = _(WAITING_HOST)
        return heading, give, note, rows, status, problem

    def can_start(self) -> bool:
        play = self.play
        if play is None or not play.hosts or self.started or play.failure:
            return False
        lobby = play.mirror.lobby
        return lobby is not None and lobby.state == "lobby" and lobby.full and not lobby.away and play.mirror.link == "open"

    def row_actions(self) -> dict[int, tuple[str, ...]]:
        """The host's buttons on each seat's row: let a person asking for the seat in
        (or not), give the seat of a player away for 5 minutes to a computer, remove
        the one who took it. None on the host's own seat and the seats at this screen;
        over the rows (``TABLE_ROW``), *New code*."""
        play = self.play
        if play is None or play.failure or self.started:
            return {}
        mirror = play.mirror
        lobby = mirror.lobby
        if lobby is None or not mirror.hosting or lobby.state != "lobby" or mirror.link != "open":
            return {}
        claims = dict(lobby.claims)
        watch = "close_watch" if lobby.watchable else "open_watch"  # watchers let in or not (game/net/server/watchers.py)
        found: dict[int, tuple[str, ...]] = {TABLE_ROW: (watch, "new_code")} if mirror.code is not None else {}
        for s in lobby.seats:
            if s.seat == mirror.seat or s.seat in play.here:
                continue
            if s.seat in claims:
                found[s.seat] = ("let", "refuse")
            elif s.kind == "remote":
                found[s.seat] = ("give", "remove") if mirror.may_give_seat(s.seat) else ("remove",)
        return found

    # Widgets ----------------------------------------------------------------------
    def build_widgets(self) -> None:
        assert self.gui is not None
        play = self.play or self.last_play
        fr = frame(self.size, self.start_need())
        self.buttons["leave"] = pygame_gui.elements.UIButton(fr.back, _(LEAVE), self.gui, object_id=style("title_button", self.size))
        if play.hosts:
            self.buttons["start"] = pygame_gui.elements.UIButton(fr.action, _(START), self.gui, object_id=style("title_primary", self.size))
        self.shown = None
        self.actions = {}
        self.refresh()

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            self.focus.reset(self.focus.order, self.buttons, "start" if "start" in self.buttons else "leave")

    def refresh(self) -> None:
        """Draw again what changed (the seats, the status, the host's buttons on them)."""
        play = self.play or self.last_play
        if play.hosts and "start" not in self.buttons and self.gui is not None:
            self.layout = None  # (the frame leaves room for Start)
            self.rebuild()  # the server said this seat hosts the table (a creator back at it): its Start
            return
        heading, give, note, rows, status, problem = self.lines()
        actions = self.row_actions()
        arranged = (heading, self.size, len(rows))
        moved = self.layout is None or arranged != self.arranged
        if moved:  # the rows as many as the table's seats
            self.layout, self.arranged = self.new_layout(heading, len(rows)), arranged
        if moved or actions != self.actions:  # the host's buttons go on the rows where they are now
            self.place_actions(actions)
        key = (heading, give, note, tuple(rows), status, problem, self.size, tuple(sorted(actions.items())))
        start = self.buttons.get("start")
        if start is not None:
            if self.can_start() and not start.is_enabled:
                start.enable()  # type: ignore[no-untyped-call]
                self.focus.show(self.buttons)  # lit only while it can be pressed
            elif not self.can_start() and start.is_enabled:
                start.disable()  # type: ignore[no-untyped-call]
                self.focus.show(self.buttons)
        if key == self.shown:
            return
        self.shown = key
        assert self.layout is not None
        reserved = {
            seat: self._row(seat).right - min(self.buttons[f"{a}:{seat}"].rect.left for a in acts) + 6
            for seat, acts in actions.items()
            if all(f"{a}:{seat}" in self.buttons for a in acts)
        }
        give_reserved = reserved.pop(TABLE_ROW, 0)
        picture, self.drawn_text = lobby_picture(self.text, self.layout, heading, give, note, rows, reserved, give_reserved)
        self.picture, self.picture_at = trimmed(picture)  # (the see-through rest of the window: 33 MB at 3840x2160)
        self.status_art = status_picture(self.text, self.layout.frame, status, problem)

    def _row(self, seat: int) -> pygame.Rect:
        """Where the host's buttons for ``seat`` go: its row (``TABLE_ROW``: the top of
        the words to give friends, as tall as a seat's row)."""
        assert self.layout is not None
        if seat == TABLE_ROW:
            give, height = self.layout.give, self.layout.seat_rows[0].height
            return pygame.Rect(give.left, give.top, give.width, height)
        return self.layout.seat_rows[seat]

    def new_layout(self, heading: str, seats: int) -> LobbyLayout:
        """Where everything goes, under the title ``heading``, with a row for each of ``seats``
        (eight, the most a rule set seats, until the table is heard)."""
        head_h = title_picture(self.text, frame(self.size), heading).get_height()
        return lobby_layout(self.size, self.text, head_h, self.start_need(), seats or LOBBY_SEATS)

    def start_need(self) -> int:
        """How wide *Start the match* must be for its words (the host's lobby)."""
        play = self.play or self.last_play
        if self.gui is None or not play.hosts:
            return 0
        return int(self.gui.get_theme().get_font([style("title_primary", self.size)]).size(_(START))[0]) + 28

    def place_actions(self, actions: dict[int, tuple[str, ...]]) -> None:
        """The host's buttons on the seats' rows, right-aligned, as wide as their words."""
        if self.gui is None:
            return
        for name in [n for n in self.buttons if ":" in n]:
            self.buttons.pop(name).kill()  # type: ignore[no-untyped-call,unused-ignore]
        self.actions = actions
        if self.layout is None:
            lines = self.lines()
            self.layout, self.arranged = self.new_layout(lines[0], len(lines[3])), (lines[0], self.size, len(lines[3]))
        look = style("title_small", self.size)
        font = self.gui.get_theme().get_font([look])
        for seat, acts in sorted(actions.items()):
            if seat >= len(self.layout.seat_rows):
                continue
            row = self._row(seat)
            right = row.right - 3
            for act in reversed(acts):
                width = font.size(_(ACTIONS[act]))[0] + 20
                rect = pygame.Rect(right - width, row.top, width, row.height)
                self.buttons[f"{act}:{seat}"] = pygame_gui.elements.UIButton(rect, _(ACTIONS[act]), self.gui, object_id=look)
                right = rect.left - 4
        rows = [f"{act}:{seat}" for seat, acts in sorted(actions.items()) for act in acts if f"{act}:{seat}" in self.buttons]
        self.focus.reset([*rows, *(n for n in ("leave", "start") if n in self.buttons)], self.buttons, self.focus.name)

    # Every frame ------------------------------------------------------------------
    def next_change(self) -> float | None:
        """Still in the lobby, waiting for friends (the connection's messages wake
        the loop: game/waking.py), but for the countdowns: a seat held for a friend
        away (its seconds), the line of a refusal; every frame while the table opens
        or starts."""
        play = self.play
        if play is None or play.phase != "lobby" or self.started:
            return 0.0
        changes = [self.said_for] if self.said_for > 0 else []
        lobby = play.mirror.lobby
        for s in lobby.seats if lobby is not None else ():
            held = play.mirror.give_countdown(s.seat)
            if held is not None and held > 0:
                changes.append(held % 1.0 + 0.01)  # the next second shown
        widgets = self.widgets_change()
        if widgets is not None:
            changes.append(widgets)
        return min(changes) if changes else None

    def update(self, dt: float) -> None:
        super().update(dt)
        play = self.play
        if play is None or self.app is None:
            return
        news = play.update()
        self.said_for = max(0.0, self.said_for - dt)
        if self.said_for <= 0.0:
            self.said = ""
        for item in news:
            if item.kind == "refused" and item.text:
                said = failure_line(item.text, why=item.code) if item.code else item.text
                self.said, self.said_for = said[:1].upper() + said[1:], SAID_S
                self.actions = {}  # the buttons pressed come back
        if play.phase in ("playing", "over") and play.viewing:
            self.play = None  # the table holds it now
            self.app.routes.open_net_table(play)
            return
        self.refresh()

    def on_button(self, name: str) -> None:
        if name == "leave":
            self.on_escape()
        elif name == "start" and self.can_start() and self.play is not None:
            self.started = self.play.mirror.start()
            self.refresh()
        elif ":" in name and self.play is not None:
            act, seat = name.split(":")
            self.act(act, int(seat))

    def act(self, act: str, seat: int) -> None:
        """The host's button on a seat's row (once: its row's buttons go until the table answers)."""
        assert self.play is not None
        mirror = self.play.mirror
        done = False
        if act in ("let", "refuse"):
            done = mirror.answer_claim(seat, act == "let")
        elif act == "remove":
            done = mirror.remove(seat)
        elif act == "give":
            done = mirror.give_seat(seat)
        elif act == "new_code":
            done = mirror.new_code()
        elif act in ("close_watch", "open_watch"):
            done = mirror.set_watchable(act == "open_watch")
        if done:
            for other in self.actions.get(seat, ()):
                button = self.buttons.get(f"{other}:{seat}")
                if button is not None:
                    button.disable()  # type: ignore[no-untyped-call]

    def on_escape(self) -> None:
        if self.app is not None:
            self.app.routes.leave_network(self)

    def close(self) -> None:
        if self.play is not None:
            self.play.close()
            self.play = None
        super().close()

    # Drawing ------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.picture_at)
        if self.status_art is not None and self.layout is not None:
            blit_status(surface, self.layout.frame, self.status_art)
