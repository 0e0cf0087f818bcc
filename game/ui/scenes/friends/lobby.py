"""The lobby of a network table: its code (and, for the host, the address to give
friends), who has joined which seat, which are still open; the host's Start,
enabled once every seat is taken; Leave. It follows the table once a frame
(game/net/netplay.py) and never waits; once the table starts, the table scene
replaces it (and takes the table over). Leaving closes the connection and, for
the host, stops the server on this machine.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game.ai import levels
from game.i18n import _
from game.net.netplay import NetPlay
from game.ui.menu import MenuScene, style
from game.ui.scenes.friends.draw import DrawnText, lobby_picture, status_picture, title_picture
from game.ui.scenes.friends.geometry import LobbyLayout, frame, lobby_layout
from game.ui.scenes.friends.model import address_in
from game.ui.scenes.friends.words import (
    GUEST_NOTE,
    LEAVE,
    LOOPBACK_NOTE,
    OPENING,
    READY,
    START,
    STARTING,
    WAITING_FRIENDS,
    WAITING_HOST,
    failure_line,
    give_words,
    guest_words,
    lobby_title,
    opening_failed,
    seat_state,
)


class LobbyScene(MenuScene):
    """Who is at the table before it starts."""

    def __init__(self, play: NetPlay):
        super().__init__()
        self.play: NetPlay | None = play
        self.layout: LobbyLayout | None = None
        self.picture: pygame.Surface | None = None
        self.status_art: pygame.Surface | None = None
        self.drawn_text: list[DrawnText] = []
        self.shown: tuple[object, ...] | None = None
        self.started = False  # Start was pressed
        self.last_play = play  # kept for tests and the report once handed over

    # What it shows --------------------------------------------------------------
    def lines(self) -> tuple[str, str, str, list[tuple[str, str, bool]], str, bool]:
        """(title, what to give friends, a note, the seats' rows, the status, a problem)."""
        play = self.play or self.last_play
        mirror = play.mirror
        lobby = mirror.lobby
        code = mirror.code or (lobby.table if lobby is not None else None)
        if play.hosting and not play.seated:
            code = None  # the people at this screen take their seats before friends are given the code
        heading = lobby_title(code) if code else _(OPENING)
        give, note = "", ""
        if play.hosting and code:
            give = give_words(play.addresses(), code)
            note = "" if play.hosted is not None and play.hosted.visible else _(LOOPBACK_NOTE)
        elif not play.hosting and code and lobby is not None and play.session is not None:
            host = next((s.name for s in lobby.seats if s.seat == lobby.host and s.seat != mirror.seat), None)
            give, note = guest_words(host, address_in(play.session.url), code), _(GUEST_NOTE)
        rows: list[tuple[str, str, bool]] = []
        if lobby is not None:
            for s in lobby.seats:
                name = s.name
                if s.kind == "computer":
                    level = levels.get(s.level)
                    name = _(level.name) if level is not None else s.name
                here = s.seat in play.here and s.kind == "remote"
                words = seat_state(s.kind, name, s.seat == mirror.seat, s.seat == lobby.host, s.kind != "remote" or s.connected, s.level, here)
                rows.append((str(s.seat + 1), words, s.taken))
        problem = bool(play.failure)
        if play.failure:
            status = opening_failed(play.failure) if play.hosting and mirror.code is None else failure_line(play.failure)
        elif mirror.link in ("lost", "connecting") and mirror.code is not None:
            status = mirror.status_text()
        elif lobby is None:
            status = _(OPENING)
        elif self.started or lobby.state != "lobby":
            status = _(STARTING)
        elif play.hosting:
            status = _(READY) if lobby.full else _(WAITING_FRIENDS)
        else:
            status = _(WAITING_HOST)
        return heading, give, note, rows, status, problem

    def can_start(self) -> bool:
        play = self.play
        if play is None or not play.hosting or self.started or play.failure:
            return False
        lobby = play.mirror.lobby
        return lobby is not None and lobby.state == "lobby" and lobby.full and play.mirror.link == "open"

    # Widgets ----------------------------------------------------------------------
    def build_widgets(self) -> None:
        assert self.gui is not None
        fr = frame(self.size)
        self.buttons["leave"] = pygame_gui.elements.UIButton(fr.back, _(LEAVE), self.gui, object_id=style("title_button", self.size))
        play = self.play or self.last_play
        if play.hosting:
            self.buttons["start"] = pygame_gui.elements.UIButton(fr.action, _(START), self.gui, object_id=style("title_primary", self.size))
        self.shown = None
        self.refresh()

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            self.focus.reset(self.focus.order, self.buttons, "start" if "start" in self.buttons else "leave")

    def refresh(self) -> None:
        """Draw again what changed (the seats, the status); the widgets stay."""
        heading, give, note, rows, status, problem = self.lines()
        key = (heading, give, note, tuple(rows), status, problem, self.size)
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
        head_h = title_picture(self.text, frame(self.size), heading).get_height()
        self.layout = lobby_layout(self.size, self.text, head_h)
        self.picture, self.drawn_text = lobby_picture(self.text, self.layout, heading, give, note, rows)
        self.status_art = status_picture(self.text, self.layout.frame, status, problem)

    # Every frame ------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        play = self.play
        if play is None or self.app is None:
            return
        play.update()
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
            surface.blit(self.picture, (0, 0))
        if self.status_art is not None and self.layout is not None:
            box = self.layout.frame.status
            surface.blit(self.status_art, (box.centerx - self.status_art.get_width() // 2, box.centery - self.status_art.get_height() // 2))
