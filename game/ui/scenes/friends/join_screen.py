"""*Join a table*: the tables heard on the local network, listed by themselves (a
click joins one that says its code), and any other by its address and code typed
in; the name to be known by (the last one given, from the settings) and the seat
(the first free one, or a chosen one).

Joining runs off the frame loop (game/net/app/netplay.py): the bottom line says
"Connecting to ..." and the screen goes on being drawn; a mistyped field, a wrong
code, no server at that address or another version of Matador is told there in
one line. Once seated, the lobby replaces this screen.

A person whose seat it was, without the seat's saved token (another machine, a
reinstall), chooses that seat and *Ask the host for it*: the host lets them in
(or not) from the lobby or the table, and they sit down with a new token.

Keys: Tab, Up and Down walk the fields, Left/Right change the seat, Enter joins,
Esc goes back (and gives up a connection under way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.i18n import _
from game.net.app.netplay import NetPlay, loopback_only
from game.ui.drawing.menu import MenuScene, focus_ring, style
from game.ui.scenes.friends.friends_fields import Connecting, StepOffered, TypedFields
from game.ui.scenes.friends.friends_geometry import FIELDS, FOUND_ROWS, Frame, JoinLayout, frame, join_layout
from game.ui.scenes.friends.friends_model import (
    GONE,
    CertificateStep,
    Finder,
    JoinRequest,
    Problem,
    certificate_step,
    join_request,
    player_name,
    remember,
    remembered,
    take_step,
    typed_limit,
)
from game.words.link_words import failure_line
from game.ui.scenes.friends.friends_words import (
    ASK_SEAT,
    BACK,
    CHOOSE_SEAT,
    FIRST_FREE,
    FORGET_BUTTON,
    JOIN,
    JOIN_BUTTON,
    LOOKING,
    NONE_FOUND,
    NOT_LOOKING,
    TRUST_BUTTON,
    WATCH,
    asked_words,
    asking_words,
    connecting_words,
    listing_words,
    seat_words,
    watch_waits_words,
)
from game.ui.scenes.friends.friends_draw import DrawnText, blit_status, join_picture, note, title_picture
from game.ui.drawing.text import DIM
from game.ui.drawing.surface_cache import trimmed

if TYPE_CHECKING:
    from game.net.app.kept_seats import KeptSeat

SEATS: tuple[int | None, ...] = (None, 0, 1, 2, 3, 4, 5, 6, 7)
WALK = (*FIELDS, "seat", "ask")


class JoinScene(StepOffered, Connecting, TypedFields, MenuScene):
    """The join form, and the connection it starts."""

    step_button, plain_words = "join", JOIN_BUTTON

    def __init__(self, finder: Finder | None = None) -> None:
        super().__init__()
        self.finder = finder
        self.layout: JoinLayout | None = None
        self.picture: pygame.Surface | None = None
        self.picture_at = (0, 0)  # where ``picture``, cut to what is drawn, lies in the window
        self.drawn_text: list[DrawnText] = []
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.values = {"address": "", "code": "", "name": ""}
        self.seat_at = 0  # SEATS[seat_at]: the seat asked for
        self.focus_key: str | None = None
        self.problem: str | None = None
        self.status_words = ""
        self.play: NetPlay | None = None
        self.request: JoinRequest | None = None
        self.asked = False  # a claim: the host has been asked (the bottom line says so)
        self.taking: KeptSeat | None = None  # the seat kept at the table joined, being taken back
        self.shown: tuple[Any, ...] = ()  # the listings the list's buttons show
        self.listings: list[Any] = []
        self.list_note: pygame.Surface | None = None
        self.status_art: pygame.Surface | None = None
        self.step: CertificateStep | None = None  # a wss:// certificate to trust (or forget): what Join does first
        self.claiming = False  # the last try asked the host for a seat (the step then asks again)

    # Setup -------------------------------------------------------------------------
    def attach(self, app: Any) -> None:
        settings = app.services.get("settings")
        self.values["name"] = player_name(settings)
        self.values["address"] = str(remembered(settings, "address", "", lambda v: isinstance(v, str) and len(v) <= 300))
        if self.finder is None:
            made = app.services.get("lan_browser")
            # a browser given by the app (tests, tools) is used as it is; the real one listens
            # on the network, which MATADOR_LOOPBACK_ONLY (the tests) turns off
            self.finder = Finder(enabled=callable(made) or (not loopback_only() and made is not False), make=made if callable(made) else None)
        self.finder.start()
        super().attach(app)

    def build_widgets(self) -> None:
        assert self.gui is not None
        self.read_fields()
        head_h = title_picture(self.text, frame(self.size), _(JOIN)).get_height()
        font = self.gui.get_theme().get_font([style("title_primary", self.size)])
        need = max(int(font.size(_(words))[0]) for words in (JOIN_BUTTON, TRUST_BUTTON, FORGET_BUTTON)) + 28
        layout = join_layout(self.size, self.text, head_h, need)
        self.layout = layout
        picture, self.drawn_text = join_picture(self.text, layout, _(JOIN))
        self.picture, self.picture_at = trimmed(picture)  # (the see-through rest of the window: 33 MB at 3840x2160)
        self.entries = {}
        for key in FIELDS:
            entry = pygame_gui.elements.UITextEntryLine(layout.entries[key], self.gui, object_id=layout.entry_style, initial_text=self.values[key])
            entry.set_text_length_limit(typed_limit(key))
            self.entries[key] = entry
        seat = layout.seat
        self.buttons["seat:-1"] = pygame_gui.elements.UIButton(seat.minus, "<", self.gui, object_id=seat.arrow_style)
        self.buttons["seat:0"] = pygame_gui.elements.UIButton(seat.value, self.seat_text(), self.gui, object_id=seat.value_style)
        self.buttons["seat:1"] = pygame_gui.elements.UIButton(seat.plus, ">", self.gui, object_id=seat.arrow_style)
        room = layout.hints["seat"]
        look = style("title_small", self.size)
        width = min(room.width, self.gui.get_theme().get_font([look]).size(_(ASK_SEAT))[0] + 24)
        ask = pygame.Rect(room.left, room.top, width, room.height)
        layout.lines["ask"] = ask
        self.buttons["ask"] = pygame_gui.elements.UIButton(ask, _(ASK_SEAT), self.gui, object_id=look)
        watch_w = self.gui.get_theme().get_font([look]).size(_(WATCH))[0] + 24  # watch the table by its code, where the row has room
        if ask.right + 8 + watch_w <= room.right:
            layout.lines["watch"] = watch = pygame.Rect(ask.right + 8, room.top, watch_w, room.height)
            self.buttons["watch"] = pygame_gui.elements.UIButton(watch, _(WATCH), self.gui, object_id=look)
        fr = layout.frame
        self.buttons["back"] = pygame_gui.elements.UIButton(fr.back, _(BACK), self.gui, object_id=style("title_button", self.size))
        self.buttons["join"] = pygame_gui.elements.UIButton(fr.action, self.step_words(), self.gui, object_id=style("title_primary", self.size))
        self.shown = ()
        self.follow_listings(force=True)
        self.show_status()

    def build_gui(self) -> None:
        super().build_gui()
        self.focus.reset([], self.buttons)  # the form's own focus (focus_key) works the keys
        if self.focus_key is None:
            first = next((k for k in FIELDS if not self.values[k].strip()), "code")
            self.set_focus(first)
        else:
            self.set_focus(self.focus_key)

    def seat_text(self) -> str:
        seat = SEATS[self.seat_at]
        return _(FIRST_FREE) if seat is None else seat_words(seat)

    # The tables heard ------------------------------------------------------------
    def follow_listings(self, force: bool = False) -> None:
        """Rebuild the list's buttons when what is heard changed (cheap otherwise)."""
        if self.gui is None or self.layout is None or self.finder is None:
            return
        listings = self.finder.listings()[:FOUND_ROWS]
        state = self.finder.state()
        key = (tuple(listings), state)
        if key == self.shown and not force:
            return
        self.shown = key
        self.listings = listings
        for i in range(FOUND_ROWS):
            old = self.buttons.pop(f"found{i}", None)
            if old is not None:
                old.kill()  # type: ignore[no-untyped-call,unused-ignore]
        for i, listing in enumerate(listings):
            words = listing_words(listing.name, f"{listing.address}:{listing.port}", listing.compatible)
            button = pygame_gui.elements.UIButton(self.layout.found_rows[i], words, self.gui, object_id=self.layout.seat.value_style)
            if not listing.compatible:
                button.disable()  # type: ignore[no-untyped-call]
            self.buttons[f"found{i}"] = button
        self.list_note = None
        if not listings:
            words = {"looking": _(LOOKING), "listening": _(NONE_FOUND)}.get(state, _(NOT_LOOKING))
            rows = self.layout.found_rows
            area = pygame.Rect(rows[0].left, rows[0].top, rows[0].width, rows[-1].bottom - rows[0].top)
            self.list_note, found = note(self.text, area, words, max(14, self.layout.frame.label_size - 3), DIM)
            self.drawn_text = [d for d in self.drawn_text if d[2] != area] + found

    # The form ------------------------------------------------------------------------
    def walk_order(self) -> list[str]:
        return list(WALK) + [f"found{i}" for i in range(len(self.listings))]

    def step_seat(self, delta: int) -> None:
        self.seat_at = (self.seat_at + delta) % len(SEATS)
        button = self.buttons.get("seat:0")
        if button is not None:
            button.set_text(self.seat_text())

    # A wss:// server's certificate (the join button offers its step: StepOffered) -------
    def certificate_first(self, request: JoinRequest) -> bool:
        """The certificate's step, taken when the person presses the button that
        offers it (at the same address); whether joining stops there."""
        step = self.step
        self.offer_step(None)
        if step is None or step.url != request.url:
            return False
        said = take_step(step, request.address)
        if said is None:
            return False  # trusted: join now
        self.say(said, step.kind == "trust")
        return True

    # Joining ------------------------------------------------------------------------
    def join(self) -> None:
        """Check the form; if it can be used, connect (off the frame loop)."""
        if self.play is not None or self.app is None:
            return
        if self.step is not None and self.claiming:  # the certificate's step, then the host asked again
            self.claim()
            return
        self.claiming = False
        self.read_fields()
        try:
            request = join_request(self.values["address"], self.values["code"], self.values["name"], SEATS[self.seat_at])
        except Problem as problem:
            self.say(problem.line, True)
            self.set_focus(problem.field)
            return
        if self.certificate_first(request):
            return
        self.set_field("code", request.code)
        self.request = request
        remember(self.app, name=request.name, address=self.values["address"].strip())
        self.play = self.seat_kept(request.url, request.code, request.name) or NetPlay.join(request.url, request.code, request.name, request.seat)
        self.say(connecting_words(request.address), False)

    def claim(self) -> None:
        """Ask the host for the seat chosen (it was this person's: the host lets them in)."""
        if self.play is not None or self.app is None:
            return
        self.read_fields()
        seat = SEATS[self.seat_at]
        try:
            request = join_request(self.values["address"], self.values["code"], self.values["name"], seat)
        except Problem as problem:
            self.say(problem.line, True)
            self.set_focus(problem.field)
            return
        if seat is None:
            self.say(_(CHOOSE_SEAT), True)
            self.set_focus("seat")
            return
        if self.certificate_first(request):
            return
        self.set_field("code", request.code)
        self.request = request
        self.claiming = True
        remember(self.app, name=request.name, address=self.values["address"].strip())
        self.play = NetPlay.claim(request.url, request.code, seat, request.name)
        self.asked = False
        self.say(asking_words(request.code, seat), False)

    def seat_kept(self, url: str, code: str, name: str) -> NetPlay | None:
        """A seat this app kept at this table: its host's app restarted and hosts it
        on another port, or the friend who sat there types its code and name again.
        Taken back with its token at the address given (and kept there, once
        taken), so the answer is about that seat (given to a computer, say), not a
        stranger's. Under another name at the same address, a newcomer joins."""
        from game.net.app import kept_seats
        from game.net.app.client import Seated

        try:
            kept = kept_seats.at_table(code)
        except Exception:  # never stop joining for this file
            return None
        if kept is None or (kept.seated.url == url and kept.name.casefold() != name.casefold()):
            return None
        self.taking = kept
        return NetPlay.rejoin(Seated(url, kept.seated.table, kept.seated.seat, kept.seated.token), name=kept.name)

    def forget_taken(self, code: str) -> None:
        """A kept seat that will not come back (given to a computer, the table gone):
        forgotten, so that the next try is a newcomer's; a seat given to a computer
        is chosen on the form, for *Ask the host for it*."""
        taking, self.taking = self.taking, None
        if taking is None or code not in GONE:
            return
        from game.net.app import kept_seats

        try:
            kept_seats.forget(taking.seated.url, taking.seated.table)
        except Exception:  # never stop the form for this file
            pass
        if code == "seat_given" and taking.seated.seat in SEATS:
            self.seat_at = SEATS.index(taking.seated.seat)
            self.step_seat(0)

    def pick_listing(self, index: int) -> None:
        """A table heard on the network: its address (and its code, if it says it)."""
        if index >= len(self.listings):
            return
        listing = self.listings[index]
        self.set_field("address", f"[{listing.address}]:{listing.port}" if ":" in listing.address else f"{listing.address}:{listing.port}")
        if listing.table:
            self.set_field("code", listing.table)
            self.join()
        else:
            self.set_focus("code")

    def status_frame(self) -> Frame | None:
        return self.layout.frame if self.layout is not None else None

    def watch(self) -> None:
        """Watch the table of the code typed, without a seat (no name needed)."""
        if self.play is not None or self.app is None:
            return
        self.read_fields()
        try:
            request = join_request(self.values["address"], self.values["code"], "-", None)  # (a watcher needs no name)
        except Problem as problem:
            self.say(problem.line, True)
            self.set_focus(problem.field)
            return
        if self.certificate_first(request):
            return
        self.set_field("code", request.code)
        self.request = request
        remember(self.app, address=self.values["address"].strip())
        self.play = NetPlay.watch(request.url, request.code)
        self.say(connecting_words(request.address), False)

    def follow_play(self) -> None:
        play = self.play
        if play is None or self.app is None:
            return
        play.update()
        phase = play.phase
        if play.mirror.watching and phase != "failed":  # the watching table, once there is a round to show
            if play.mirror.view is not None:
                self.play = None
                self.app.routes.open_net_table(play)
            elif play.mirror.lobby is not None:
                self.say(watch_waits_words(play.mirror.lobby.table), False)
            return
        if play.asking and not self.asked and self.request is not None and self.request.seat is not None:
            self.asked = True
            self.say(asked_words(self.request.seat), False)
        if phase == "failed":
            request = self.request
            line = failure_line(
                play.failure, request.address if request else "", request.code if request else "", request.name if request else "", play.failure_code,
                play.failure_params,
            )
            play.close()
            self.play = None
            self.offer_step(certificate_step(play.failure_code, play.failure_params, request.url) if request is not None else None)
            self.forget_taken(play.failure_code)
            self.say(line, True)
        elif phase in ("lobby", "playing", "over"):
            self.play, self.taking = None, None  # the lobby holds it now
            self.app.routes.open_lobby(play)

    # Events ---------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.keyboard(event):
            return True
        return super().handle_event(event)

    def keyboard(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus_key is not None and self.focus_key.startswith("found"):
                self.pick_listing(int(self.focus_key[5:]))
            elif self.focus_key == "ask":
                self.claim()
            else:
                self.join()
            return True
        if self.walk_keys(event, self.walk_order()):
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and self.focus_key == "seat":
            self.step_seat(-1 if key == pygame.K_LEFT else 1)
            return True
        if key == pygame.K_ESCAPE:
            self.on_escape()
            return True
        return False

    def on_button(self, name: str) -> None:
        if name == "back":
            self.on_escape()
        elif name == "join":
            self.join()
        elif name == "ask":
            self.set_focus("ask")
            self.claim()
        elif name == "watch":
            self.watch()
        elif name.startswith("seat:"):
            self.set_focus("seat")
            self.step_seat(int(name[5:]) or 1)
        elif name.startswith("found"):
            self.pick_listing(int(name[5:]))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.follow_typing()
        self.follow_step()
        self.follow_listings()
        self.follow_play()

    def close(self) -> None:
        if self.play is not None:
            self.play.close()
            self.play = None
        if self.finder is not None:
            self.finder.close()
        super().close()

    # Drawing -------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        layout = self.layout
        if layout is None:
            return
        if self.picture is not None:
            surface.blit(self.picture, self.picture_at)
        if self.list_note is not None:
            surface.blit(self.list_note, layout.found_rows[0].topleft)
        if self.status_art is not None:
            blit_status(surface, layout.frame, self.status_art)
        if self.app is not None and self.app.last_input != "mouse" and self.focus_key is not None:
            rect = layout.lines.get(self.focus_key)
            if rect is not None:
                focus_ring(surface, rect)

