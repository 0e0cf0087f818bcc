"""*Play with friends*: Host a table, Join a table, On a server, Back; and, for a seat kept from an
earlier run at a friend's table (game/net/app/kept_seats.py: the seat's token), *Back
to table K7QX-2M*, which takes it back where it was. The host's own seat at a
table this app hosted and did not close (the app was killed) is offered the same
way: it hosts the table again (resumed from its journal) and sits back down. A seat
the host gave to a computer meanwhile is said so, and *Ask the host to let you back*
asks for it (the host lets the player in, or not). Up/Down (or Tab) and Enter
work as well as the mouse; Esc goes back."""

from __future__ import annotations

import pygame

from game.i18n import _
from game.ui.drawing.menu import MenuScene, blit_centred, button_column, panel, scale_for, shadowed, style, wrap
from game.net.app.kept_seats import KeptSeat
from game.net.app.netplay import NetPlay
from game.ui.scenes.friends.friends_model import GONE
from game.words.link_words import failure_line
from game.ui.scenes.friends.friends_words import ASK_BACK, BACK, HOST, INTRO, JOIN, SERVER, TITLE, asked_words, back_to_words
from game.ui.drawing.text import DIM, RED
from game.ui.drawing.surface_cache import trimmed


ASK_AGAIN = ("claim_refused", "claim_unanswered", "host_away", "claim_pending")  # asking for a seat back may be tried again


def kept_at_friends() -> list[KeptSeat]:
    """The seats kept at network tables, newest first: at friends' tables, and the
    host's own at a table this app hosted and did not close."""
    from game.net.app import kept_seats

    try:
        seats, _message = kept_seats.load()
    except Exception:  # never stop the menu for this file
        return []
    return seats


class FriendsScene(MenuScene):
    """The choice between hosting and joining a table."""

    def __init__(self) -> None:
        super().__init__()
        self.picture: pygame.Surface | None = None
        self.picture_at = (0, 0)  # where ``picture``, cut to what is drawn, lies in the window
        self.drawn_text: list[tuple[str, pygame.Rect, pygame.Rect]] = []
        self.kept: list[KeptSeat] = []
        self.play: NetPlay | None = None  # a kept seat being taken back
        self.taking: KeptSeat | None = None  # which one
        self.problem = ""
        self.given: KeptSeat | None = None  # a seat the host gave to a computer: its player may ask for it back

    def attach(self, app: object) -> None:
        self.kept = kept_at_friends()[:2]
        super().attach(app)  # type: ignore[arg-type]

    def build_widgets(self) -> None:
        assert self.gui is not None
        w, h = self.size
        s = scale_for(self.size)
        width = min(w - 40, int(720 * s))
        pad = int(26 * s)
        bw, bh, gap = min(width - 2 * pad, int(440 * s)), int(52 * s), int(12 * s)
        head = shadowed(self.text, _(TITLE), int(60 * s), width=w - 40)
        said = self.problem or (self.trying() if self.play is not None else _(INTRO))  # a kept seat being taken back
        intro = wrap(self.text, said, width - 2 * pad, max(15, int(21 * s)), RED if self.problem else DIM)
        labels: list[tuple[str, str, str | None]] = [
            (f"kept{i}", back_to_words(kept.seated.table), style("title_primary", self.size)) for i, kept in enumerate(self.kept)
        ]
        if self.given is not None and self.play is None:
            labels.append(("claim", _(ASK_BACK), style("title_primary", self.size)))
        labels += [
            ("host", _(HOST), style("title_primary", self.size)),
            ("join", _(JOIN), style("title_primary", self.size)),
            ("server", _(SERVER), style("title_primary", self.size)),
            ("back", _(BACK), style("title_button", self.size)),
        ]
        body_h = pad + head.get_height() + sum(line.get_height() for line in intro) + int(24 * s) + len(labels) * (bh + gap) - gap + pad
        box = pygame.Rect((w - width) // 2, max(8, (h - body_h) // 2), width, min(body_h, h - 16))
        picture = pygame.Surface(self.size, pygame.SRCALPHA)
        picture.blit(panel(box.size, 18), box.topleft)
        y = box.top + pad // 2
        self.drawn_text = []
        rect = blit_centred(picture, head, w // 2, y)
        self.drawn_text.append((_(TITLE), rect, box))
        y += head.get_height()
        for line in intro:
            rect = blit_centred(picture, line, w // 2, y)
            self.drawn_text.append((said, rect, box))
            y += line.get_height()
        y += int(24 * s)
        self.picture, self.picture_at = trimmed(picture)  # (the see-through rest of the window: 33 MB at 3840x2160)
        self.buttons = button_column(self.gui, labels, w // 2, y, bw, bh, gap)

    def build_gui(self) -> None:
        super().build_gui()
        if self.focus.index is None:
            first = "claim" if "claim" in self.buttons else "kept0" if self.kept else "host"
            self.focus.reset(self.focus.order, self.buttons, first)  # a seat kept waits first

    def on_button(self, name: str) -> None:
        if self.app is None:
            return
        if name == "host":
            self.app.routes.open_host()
        elif name == "join":
            self.app.routes.open_join()
        elif name == "server":
            self.app.routes.open_server()
        elif name == "back":
            self.on_escape()
        elif name.startswith("kept"):
            self.take_back(int(name[4:]))
        elif name == "claim" and self.play is None and self.given is not None:
            seated = self.given.seated
            self.play = NetPlay.claim(seated.url, seated.table, seated.seat, self.given.name or _("Player"))
            self.problem = ""
            self.rebuild()

    def take_back(self, index: int) -> None:
        """*Back to table CODE*: take the ``index``-th seat kept back (the newest first)."""
        if self.play is not None or not 0 <= index < len(self.kept):
            return
        kept = self.kept[index]
        self.play = NetPlay.host_again(kept) if kept.hosted is not None else NetPlay.rejoin(kept.seated)
        self.taking = kept
        self.problem = ""
        self.given = None
        self.rebuild()  # says it is connecting meanwhile

    def trying(self) -> str:
        """While a kept seat is taken back: connecting, or (no answer yet) trying again."""
        if self.play is not None and self.play.mirror.link == "lost":
            return _("Connection lost: trying again…")
        if self.play is not None and self.play.asking and self.given is not None:
            return asked_words(self.given.seated.seat)
        return _("Connecting…")

    def next_change(self) -> float | None:
        """Every frame while a seat is being taken back (its connection followed); still otherwise."""
        return 0.0 if self.play is not None else self.widgets_change()

    def update(self, dt: float) -> None:
        super().update(dt)
        play = self.play
        if play is None or self.app is None:
            return
        said = self.trying()
        play.update()
        if play.phase not in ("failed", "lobby", "playing", "over") and self.trying() != said:
            self.rebuild()  # the words follow the link
        if play.phase == "failed":
            from game.net.app import kept_seats

            self.problem = failure_line(play.failure, why=play.failure_code)
            gone = ("token", "there is no table", "host left")  # (a server that gives no code)
            forget = play.failure_code in GONE or any(word in play.failure.lower() for word in gone)
            play.close(keep_table=not forget)  # a hosted table not taken back for a passing reason stays offered
            self.play = None
            taking, self.taking = self.taking, None
            if forget and taking is not None:  # that seat is gone for good
                kept_seats.forget(taking.seated.url, taking.seated.table)
                self.kept = kept_at_friends()[:2]
            if play.failure_code == "seat_given" and taking is not None and taking.hosted is None:
                self.given = taking  # its player may ask the host to let them back
            elif taking is None and play.failure_code not in ASK_AGAIN:
                self.given = None  # (asked: the answer is said; a refusal may be asked again)
            self.rebuild()
        elif play.phase in ("lobby", "playing", "over"):
            self.play = self.taking = self.given = None
            self.rebuild()  # nothing connects here any more: its words are the menu's again, under the lobby and after it
            self.app.routes.open_lobby(play, replace=False)

    def close(self) -> None:
        if self.play is not None:
            self.play.close(keep_table=True)  # Back while it connects: the seat (or the hosted table) is still offered
            self.play = None
        super().close()

    def on_escape(self) -> None:
        if self.app is not None:
            self.app.pop()

    def draw_content(self, surface: pygame.Surface) -> None:
        if self.picture is not None:
            surface.blit(self.picture, self.picture_at)
