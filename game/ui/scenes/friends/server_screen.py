"""*On a server*: a dedicated server (``python -m game serve``), its address
remembered in the settings. Its **open tables** (created "open to anyone on this
server") are listed, asked again every few seconds while the screen shows
(game/net/app/open_tables.py: off the frame loop): those in their lobby, where a
click on one joins it (the first free seat, under the name typed), then those being
played, where a click watches it. Each row ends in **Watch** (unless its host closed
the table to watchers), which opens the watching table as *Join a table*'s Watch
does (a lobby's once its match deals). **Create a table** opens the usual setup
(*Host a table*'s form) to create a table there instead of on this machine; its
lobby gives the code to hand friends, who join it from *Join a table* with the
server's address, or from this list if it is open to anyone. **Play now** pairs
the player with someone waiting there whose rating is close to theirs
(game/ui/scenes/friends/play_now_screen.py). **Leaderboard** shows the server's
best players by family, and your rating and place there
(game/ui/scenes/friends/leaderboard_screen.py).

*Your name on this server* is the name the server keeps for who the app is there
(game/net/app/identity_keys.py, docs/network.md "Who you are on a server"): once the
server says it, the field shows it (unless a name was typed meanwhile); a name typed
there is taken on the server when its tables are listed again (Enter, the list
button) or a table is joined or created, and a name another identity holds there
is refused in words.

Keys: Tab, Up and Down walk the fields, the list button, Play now, Leaderboard and the tables' rows
and Watch buttons (the list scrolls to the one in focus); Enter on the address lists its tables, on a
table's row joins it (watches a table being played), on Watch watches it; Esc goes back (and gives
up a connection under way).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame
import pygame_gui

from game.i18n import _
from game.net.app.netplay import NetPlay
from game.net.app.open_tables import OpenTable, TableLister
from game.ui.drawing.menu import MenuScene, focus_ring, style
from game.ui.scenes.friends.friends_draw import DrawnText, blit_status, note, server_picture, title_picture
from game.ui.scenes.friends.friends_fields import Connecting, StepOffered, TypedFields
from game.ui.scenes.friends.friends_geometry import SERVER_FIELDS, Frame, ServerLayout, frame, server_layout
from game.ui.scenes.friends.play_now_words import PLAY_NOW
from game.ui.scenes.friends.leaderboard_words import LEADERBOARD
from game.ui.scenes.friends.friends_model import (
    CertificateStep,
    Problem,
    address_of,
    certificate_step,
    check_name,
    is_secure,
    parse_address,
    player_name,
    remember,
    remembered,
    take_step,
    url_of,
    typed_limit,
)
from game.ui.scenes.friends.open_rows import ROWS_PER_FRAME, list_words, row_button, watch_button, watch_width
from game.words.link_words import failure_line
from game.ui.scenes.friends.friends_words import (
    BACK,
    CREATE,
    FORGET_BUTTON,
    LIST_TABLES,
    NO_SERVER,
    SERVER,
    SERVER_HINT,
    TRUST_BUTTON,
    connecting_words,
    watch_waits_words,
)
from game.ui.drawing.scroll import ScrollColumn
from game.ui.drawing.text import DIM
from game.ui.drawing.surface_cache import trimmed


def remembered_server(settings: Any) -> str:
    """The server's address given last (the settings' network entry)."""
    return str(remembered(settings, "server", "", lambda v: isinstance(v, str) and len(v) <= 300))


class ServerScene(StepOffered, Connecting, TypedFields, MenuScene):
    """A dedicated server: its open tables, and a table created there."""

    step_button, plain_words = "ask", LIST_TABLES

    def __init__(self, make_lister: Callable[[str], TableLister] | None = None, address: str = "") -> None:
        """``make_lister``: what asks a server for its tables (tests, tools: a stand-in);
        ``address``: the server's, in place of the one remembered."""
        super().__init__()
        self.make_lister = make_lister or TableLister
        self.address = address
        self.layout: ServerLayout | None = None
        self.picture: pygame.Surface | None = None
        self.picture_at = (0, 0)  # where ``picture``, cut to what is drawn, lies in the window
        self.drawn: list[DrawnText] = []
        self.entries: dict[str, pygame_gui.elements.UITextEntryLine] = {}
        self.values = {"address": "", "name": ""}
        self.focus_key: str | None = None
        self.lister: TableLister | None = None
        self.listed_at = ""  # the address the list is of (as typed, checked)
        self.shown: tuple[object, ...] = ()  # what the rows show
        self.tables: list[OpenTable] = []
        self.column = ScrollColumn(lambda v: round(v * (self.layout.frame.scale if self.layout is not None else 1.0)))
        self.list_note: tuple[pygame.Surface, pygame.Rect] | None = None
        self.note_drawn: list[DrawnText] = []
        self.status_words = ""
        self.problem: str | None = None
        self.status_art: pygame.Surface | None = None
        self.play: NetPlay | None = None
        self.joining: OpenTable | None = None
        self.built = 0  # the open tables' rows made so far
        self.watch_w = 0  # how wide the rows' Watch buttons are
        self.step: CertificateStep | None = None  # a wss:// certificate to trust (or forget): what the list button does first
        self.name_given = ""  # the name the field was given (the settings', then the server's for you): typed over if it differs

    # Setup -------------------------------------------------------------------------
    def attach(self, app: Any) -> None:
        settings = app.services.get("settings")
        self.values["name"] = self.name_given = player_name(settings)
        self.values["address"] = self.address or remembered_server(settings)
        super().attach(app)
        if self.values["address"].strip():
            self.list_tables(quiet=True)

    def build_widgets(self) -> None:
        assert self.gui is not None
        self.read_fields()
        head_h = title_picture(self.text, frame(self.size), _(SERVER)).get_height()
        small = style("title_small", self.size)
        theme = self.gui.get_theme()
        ask_need = max(theme.get_font([small]).size(_(words))[0] for words in (LIST_TABLES, TRUST_BUTTON, FORGET_BUTTON, PLAY_NOW, LEADERBOARD)) + 28
        create_need = theme.get_font([style("title_primary", self.size)]).size(_(CREATE))[0] + 28
        layout = server_layout(self.size, self.text, head_h, ask_need, create_need)
        self.layout = layout
        picture, self.drawn = server_picture(self.text, layout, _(SERVER))
        self.picture, self.picture_at = trimmed(picture)  # (the see-through rest of the window: 33 MB at 3840x2160)
        self.entries = {}
        for key in SERVER_FIELDS:
            entry = pygame_gui.elements.UITextEntryLine(
                layout.entries[key], self.gui, object_id=layout.entry_style, initial_text=self.values[key],
                placeholder_text=_(SERVER_HINT) if key == "address" else None,
            )
            entry.set_text_length_limit(typed_limit(key))
            self.entries[key] = entry
        self.buttons["ask"] = pygame_gui.elements.UIButton(layout.ask, self.step_words(), self.gui, object_id=small)
        self.buttons["play_now"] = pygame_gui.elements.UIButton(layout.play_now, _(PLAY_NOW), self.gui, object_id=small)
        self.buttons["leaderboard"] = pygame_gui.elements.UIButton(layout.leaderboard, _(LEADERBOARD), self.gui, object_id=small)
        fr = layout.frame
        self.buttons["back"] = pygame_gui.elements.UIButton(fr.back, _(BACK), self.gui, object_id=style("title_button", self.size))
        self.buttons["create"] = pygame_gui.elements.UIButton(fr.action, _(CREATE), self.gui, object_id=style("title_primary", self.size))
        self.shown = ()
        self.follow_tables(force=True)
        self.show_status()

    def build_gui(self) -> None:
        super().build_gui()
        self.focus.reset([], self.buttons)  # the form's own focus (focus_key) works the keys
        self.set_focus(self.focus_key or ("address" if not self.values["address"].strip() else "name" if not self.values["name"].strip() else None))

    @property
    def drawn_text(self) -> list[DrawnText]:
        """What the screen draws itself, where it shows (game.ui.drawing.layout_check)."""
        return self.drawn + self.note_drawn

    def scroll_columns(self) -> list[ScrollColumn]:
        return [self.column] if self.column.content is not None else []

    # The server's tables ---------------------------------------------------------------
    def server_url(self) -> tuple[str, str] | None:
        """The address typed, checked: (url, address as shown); None (and the
        bottom line says why) if it cannot be used."""
        self.read_fields()
        try:
            host, port = parse_address(self.values["address"])
        except Problem as problem:
            self.say(problem.line if self.values["address"].strip() else _(NO_SERVER), True)
            self.set_focus("address")
            return None
        return url_of(host, port, is_secure(self.values["address"])), address_of(host, port)

    # A wss:// server's certificate (the list button offers its step: StepOffered) -------
    def list_tables(self, quiet: bool = False) -> None:
        """Ask the server at the address typed for its open tables (again); the
        certificate's step first when the list button offers one."""
        found = self.server_url()
        if found is None:
            if quiet:
                self.say("", False)
            return
        url, address = found
        step = self.step
        self.offer_step(None)
        if step is not None and step.url == url and not quiet:
            said = take_step(step, address)
            if said is not None:
                self.say(said, step.kind == "trust")
                return
        if self.lister is not None and self.lister.url == url:
            if not quiet and self.rename_here():
                return
            self.lister.ask()
            return
        self.stop_listing()
        self.lister = self.make_lister(url)
        self.lister.start()
        self.listed_at = address
        if self.app is not None:
            remember(self.app, server=self.values["address"].strip())
        self.say("", False)
        self.follow_tables(force=True)

    def rename_here(self) -> bool:
        """The name typed taken on the server, if it differs from the server's for you."""
        lister = self.lister
        who = getattr(lister, "who", None)
        if lister is None or not isinstance(who, dict) or not hasattr(lister, "rename"):
            return False
        self.read_fields()
        typed = " ".join(self.values["name"].split())
        if not typed or typed == who.get("name"):
            return False
        name = self.checked_name()
        if name is None:
            return True
        lister.rename(name)
        return True

    def follow_who(self) -> None:
        """The server's name for you in the field (once heard, unless typed over);
        a name it refused, said."""
        lister = self.lister
        who = getattr(lister, "who", None)
        heard = who.get("name") if isinstance(who, dict) else None
        if isinstance(heard, str) and heard and heard != self.name_given:
            self.read_fields()
            if self.values["name"] == self.name_given:
                self.set_field("name", heard)
            self.name_given = heard
        refused = getattr(lister, "name_refused", None)
        if lister is not None and refused is not None:
            lister.name_refused = None
            reason, code, params = refused
            self.say(failure_line(reason, self.listed_at, "", self.values["name"], code, params), True)
            self.set_focus("name")

    def say(self, words: str, problem: bool) -> None:
        """The bottom line; one status at a time, the newest: a problem of the form
        said after a list that failed stops that list (its place no longer says the
        old failure; listing again asks again)."""
        if problem and self.lister is not None and self.lister.state == "failed":
            self.stop_listing()
            self.follow_tables(force=True)
        super().say(words, problem)

    def stop_listing(self) -> None:
        if self.lister is not None:
            self.lister.close()
            self.lister = None

    def follow_tables(self, force: bool = False) -> None:
        """The rows follow the server's list (rebuilt only when it changed)."""
        if self.gui is None or self.layout is None:
            return
        lister = self.lister
        tables = list(lister.tables) if lister is not None else []
        state = (lister.state, lister.code) if lister is not None else ("none", "")
        key = (tuple(tables), state, self.listed_at)
        if key == self.shown and not force:
            return
        self.shown = key
        self.tables = tables
        if lister is not None and lister.state == "failed":
            self.offer_step(certificate_step(lister.code, lister.params, lister.url))
        layout = self.layout
        for name in [n for n in self.buttons if n.startswith(("table", "watch"))]:
            self.buttons.pop(name)
        if self.column.outer is not None:
            self.column.outer.kill()  # type: ignore[no-untyped-call,unused-ignore]
        self.column.set_view(layout.view, len(tables) * layout.row_h)
        content = self.column.make_containers(self.gui) if tables else None
        self.column.content = content
        self.built = 0  # the rows are made a few a frame (``build_rows``): a long list never holds a frame
        self.build_rows()
        if self.focus_key is not None and self.focus_key.startswith(("table", "watch")) and (
            int(self.focus_key[5:]) >= len(tables) or (self.focus_key.startswith("watch") and not tables[int(self.focus_key[5:])].watchable)
        ):
            self.focus_key = None
        self.list_note, self.note_drawn = None, []
        if not tables:
            words = list_words(self.lister, self.listed_at)
            picture, self.note_drawn = note(self.text, layout.view, words, max(14, layout.frame.label_size - 3), DIM)
            self.list_note = (picture, layout.view)

    def build_rows(self) -> None:
        """Make the next few rows' buttons (the top ones first)."""
        layout, content = self.layout, self.column.content
        if self.gui is None or layout is None or content is None or self.built >= len(self.tables):
            return
        width = layout.view.width - self.column.bar_room
        watch_w = self.watch_w = watch_width(self.gui, self.size)  # each row ends in its Watch button
        for i in range(self.built, min(len(self.tables), self.built + ROWS_PER_FRAME)):
            self.buttons[f"table{i}"] = row_button(self.gui, content, self.tables[i], pygame.Rect(0, i * layout.row_h, width - watch_w - 6, layout.control_h), self.size)
            if self.tables[i].watchable:  # (its host may have closed it to watchers)
                self.buttons[f"watch{i}"] = watch_button(self.gui, content, self.watch_rect(i))
            self.built = i + 1

    def row_rect(self, key: str) -> pygame.Rect | None:
        """Where the row's button ``key`` (``tableN``, ``watchN``) lies in the list's content."""
        layout = self.layout
        if layout is None or not key.startswith(("table", "watch")):
            return None
        i = int(key[5:])
        if key.startswith("watch"):
            return self.watch_rect(i)
        return pygame.Rect(0, i * layout.row_h, layout.view.width - self.column.bar_room - self.watch_w - 6, layout.control_h)

    def watch_rect(self, i: int) -> pygame.Rect:
        assert self.layout is not None
        width = self.layout.view.width - self.column.bar_room
        return pygame.Rect(width - self.watch_w, i * self.layout.row_h, self.watch_w, self.layout.control_h)

    # Joining one, creating one -----------------------------------------------------------
    def checked_name(self) -> str | None:
        self.read_fields()
        try:
            return check_name(self.values["name"])
        except Problem as problem:
            self.say(problem.line, True)
            self.set_focus("name")
            return None

    def join(self, index: int) -> None:
        """Sit at open table ``index`` (its first free seat); a table being played is watched."""
        if self.play is not None or self.app is None or self.lister is None or index >= len(self.tables):
            return
        if not self.tables[index].joinable:
            self.watch(index)
            return
        name = self.checked_name()
        if name is None:
            return
        table = self.tables[index]
        remember(self.app, name=name)
        self.joining = table
        self.play = NetPlay.join(self.lister.url, table.code, name)
        self.say(connecting_words(self.listed_at), False)

    def watch(self, index: int) -> None:
        """Watch open table ``index`` without a seat (its match shows once it deals)."""
        if self.play is not None or self.app is None or self.lister is None or index >= len(self.tables):
            return
        table = self.tables[index]
        self.joining = table
        self.play = NetPlay.watch(self.lister.url, table.code)
        self.say(connecting_words(self.listed_at), False)

    def create(self) -> None:
        """The usual setup, to create a table on this server."""
        found = self.server_url()
        name = self.checked_name() if found is not None else None
        if found is None or name is None or self.app is None:
            return
        remember(self.app, server=self.values["address"].strip(), name=name)
        self.app.routes.open_host(server=found[0])

    def play_now(self) -> None:
        """*Play now* on this server, under the name typed."""
        found = self.server_url()
        name = self.checked_name() if found is not None else None
        if found is None or name is None or self.app is None:
            return
        remember(self.app, server=self.values["address"].strip(), name=name)
        self.app.routes.open_play_now(found[0], name, found[1])

    def leaderboard(self) -> None:
        """This server's *Leaderboard* (game/ui/scenes/friends/leaderboard_screen.py)."""
        found = self.server_url()
        if found is None or self.app is None:
            return
        self.read_fields()
        self.app.routes.open_leaderboard(found[0], " ".join(self.values["name"].split()), found[1])

    def follow_play(self) -> None:
        play = self.play
        if play is None or self.app is None:
            return
        play.update()
        if play.phase == "failed":
            code = self.joining.code if self.joining is not None else ""
            line = failure_line(play.failure, self.listed_at, code, self.values["name"], play.failure_code, play.failure_params)
            self.offer_step(certificate_step(play.failure_code, play.failure_params, self.lister.url) if self.lister is not None else None)
            play.close()
            self.play = None
            self.say(line, True)
            if self.lister is not None:
                self.lister.ask()  # (the table may be full or gone now)
        elif play.mirror.watching:  # the watching table, once there is a round to show
            if play.mirror.view is not None:
                self.play = None  # the table holds it now
                self.app.routes.open_net_table(play)
            elif play.mirror.lobby is not None:
                self.say(watch_waits_words(play.mirror.lobby.table), False)
        elif play.phase in ("lobby", "playing", "over"):
            self.play = None  # the lobby holds it now
            self.app.routes.open_lobby(play, replace=False)  # Leave comes back to this list

    def status_frame(self) -> Frame | None:
        return self.layout.frame if self.layout is not None else None

    # Events ---------------------------------------------------------------------------
    def walk_order(self) -> list[str]:
        rows = [key for i in range(self.built) for key in (f"table{i}", f"watch{i}") if key in self.buttons]
        return ["address", "ask", "name", "play_now", "leaderboard", *rows]

    def set_focus(self, key: str | None) -> None:
        super().set_focus(key)
        rect = self.row_rect(key) if key is not None else None
        if rect is not None and self.column.content is not None:
            self.column.reveal(rect)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and self.keyboard(event):
            return True
        typing = event.type == pygame.KEYDOWN and self.typing_in() is not None
        if self.column.content is not None and not typing and self.column.handle_event(event):
            return True
        return super().handle_event(event)

    def keyboard(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            at = self.focus_key or ""
            if at.startswith("table"):
                self.join(int(at[5:]))
            elif at.startswith("watch"):
                self.watch(int(at[5:]))
            elif at == "play_now":
                self.play_now()
            elif at == "leaderboard":
                self.leaderboard()
            else:
                self.list_tables()
            return True
        if self.walk_keys(event, self.walk_order()):
            return True
        if key == pygame.K_ESCAPE:
            self.on_escape()
            return True
        return False

    def on_button(self, name: str) -> None:
        if name == "back":
            self.on_escape()
        elif name == "ask":
            self.set_focus("ask")
            self.list_tables()
        elif name == "create":
            self.create()
        elif name == "play_now":
            self.set_focus("play_now")
            self.play_now()
        elif name == "leaderboard":
            self.set_focus("leaderboard")
            self.leaderboard()
        elif name.startswith("table"):
            self.join(int(name[5:]))
        elif name.startswith("watch"):
            self.watch(int(name[5:]))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.follow_typing()
        self.follow_step()
        self.follow_tables()
        self.follow_who()
        self.build_rows()
        self.follow_play()

    def enter(self) -> None:
        super().enter()
        if self.lister is None and self.listed_at and self.app is not None:
            self.list_tables(quiet=True)  # back from the lobby: the list again

    def exit(self) -> None:
        super().exit()
        self.stop_listing()  # (a lobby or the setup on top: nothing is asked meanwhile)

    def close(self) -> None:
        if self.play is not None:
            self.play.close()
            self.play = None
        self.stop_listing()
        super().close()

    # Drawing -------------------------------------------------------------------------
    def draw_content(self, surface: pygame.Surface) -> None:
        layout = self.layout
        if layout is None:
            return
        if self.picture is not None:
            surface.blit(self.picture, self.picture_at)
        if self.list_note is not None:
            surface.blit(self.list_note[0], self.list_note[1].topleft)
        if self.status_art is not None:
            blit_status(surface, layout.frame, self.status_art)
        if self.app is not None and self.app.last_input != "mouse" and self.focus_key is not None:
            rect = layout.lines.get(self.focus_key)
            row = self.row_rect(self.focus_key) if rect is None and self.column.content is not None else None
            if row is not None:
                rect = self.column.to_screen(row)
            if rect is not None:
                focus_ring(surface, rect)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.column.content is not None:
            self.column.draw(surface)
