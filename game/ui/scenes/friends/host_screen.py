"""*Host a table*: the New game form (game/ui/scenes/new_game/) for a table played
over the network. Each seat is yours (exactly one), another person's at this
screen (a name, as in New game: the hands pass between you), a friend's (left
open for a friend to join) or a computer's; a button beside the status line says whether
the table is visible on the local network (the server then listens on every
address and announces the table; otherwise only this machine can reach it).

*Open the table* remembers the setup, starts the server on a thread of this app
(game/net/app/netplay.py) and opens the lobby in place of this form.

A table hosted here listens on the **Port** typed in the line below the
choices (47123 unless the host typed another, remembered with the setup): a
port that is not from 1024 to 65535 is said on the status line and keeps the
table closed, and one in use on this machine (another game, a server) is said
there when *Open the table* is pressed.

Given a dedicated server's address (*On a server*: *Create a table*), the same
form creates the table there: the button beside the status line then says
whether the table is open to anyone on that server (listed for them to join) or
joined only by its code, and *Open the table* creates it there and opens its
lobby (nothing listens on this machine).
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui

from game.i18n import _
from game.net.app.netplay import NetPlay, port_taken
from game.net.shared.protocol import DEFAULT_PORT
from game.ui.drawing.menu import style
from game.ui.scenes.friends.friends_model import HostSetup, chosen_port, player_name, remember, remembered
from game.ui.scenes.friends.friends_words import (
    FRIEND,
    HERE,
    HOST_TITLE,
    LAN_OFF,
    LAN_ON,
    LISTED_OFF,
    LISTED_ON,
    OPEN_TABLE,
    PORT,
    SERVER_HOST_TITLE,
    YOU,
    port_problem,
)
from game.ui.scenes.new_game.form_draw import DrawnText
from game.ui.scenes.new_game.form_geometry import FormLayout
from game.ui.scenes.new_game.new_game_screen import NewGameScene
from game.ui.scenes.new_game.setup import CHOICE_ROWS, Setup
from game.ui.scenes.new_game.form_words import kind_words
from game.engine import Rules
from game.i18n import ngettext
from game.ui.drawing.text import IVORY
from game.words.rule_sets import title


class HostScene(NewGameScene):
    """The host's setup form."""

    heading = HOST_TITLE

    @property
    def kind_words(self) -> dict[str, str]:
        return {**kind_words(), "human": YOU, "here": HERE, "friend": FRIEND}

    def __init__(self, server: str | None = None) -> None:
        """``server``: a dedicated server's ``ws://`` address to create the table on
        (None: this app hosts it)."""
        super().__init__()
        self.server = server
        if server is not None:
            self.heading = SERVER_HOST_TITLE
        self.visible = False  # on the local network (hosted here), or open to anyone (on a server)
        self.lan_rect: pygame.Rect | None = None
        self.host_state.port_line = server is None
        self.port_text = str(DEFAULT_PORT)  # what the port's field holds (hosted here)
        self.port_taken_at: int | None = None  # the port found in use when the table was to open
        self.port_entry: pygame_gui.elements.UITextEntryLine | None = None
        self.port_row: pygame.Rect | None = None  # the port's line: its label and field (the form's places)
        self.port_label: tuple[pygame.Surface, pygame.Rect] | None = None

    def make_setup(self) -> Setup:
        return HostSetup()

    @property
    def host_state(self) -> HostSetup:
        assert isinstance(self.state, HostSetup)
        return self.state

    def load_setup(self) -> None:
        settings = self.app.services.get("settings") if self.app is not None else None
        self.host_state.host_name = player_name(settings)
        saved = remembered(settings, "host_setup", {}, lambda v: isinstance(v, dict))
        self.state.load(saved, self.pad_connected)
        for i in range(self.state.players):  # the host's seat bears the name given at tables
            if self.state.seats[i]["kind"] == "human" and not self.state.seats[i]["name"].strip():
                self.state.seats[i]["name"] = self.host_state.host_name
        self.visible = bool(remembered(settings, "listed" if self.server else "visible", False, lambda v: isinstance(v, bool)))
        if self.server is None:
            self.port_text = str(remembered(settings, "host_port", DEFAULT_PORT, lambda v: isinstance(v, int) and chosen_port(str(v)) is not None))

    def check(self) -> None:
        """The setup's check, then (hosted here) the port's."""
        super().check()
        if self.problem is None and self.server is None:
            port = chosen_port(self.port_text)
            if port is None:
                self.problem = port_problem("invalid")
            elif port == self.port_taken_at:
                self.problem = port_problem("taken", port)

    def status_words(self, rules: Rules | None) -> str:
        if rules is None:
            return ""
        kinds = [self.state.seats[i]["kind"] for i in range(self.state.players)]
        friends, computers = kinds.count("friend"), sum(1 for k in kinds if k not in ("human", "here", "friend"))
        who = ngettext("{count} friend", "{count} friends", friends).format(count=friends)
        here = kinds.count("here")
        if here:
            # TRANSLATORS: the people playing at the host's screen besides the host ("you, 1 person here, 2 friends").
            people = ngettext("{count} person here", "{count} people here", here).format(count=here)
            who = _("{friends}, {computers}").format(friends=people, computers=who)
        if computers:
            who = _("{friends}, {computers}").format(
                friends=who, computers=ngettext("{count} computer", "{count} computers", computers).format(count=computers)
            )
        return _("{rule_set}: you and {who}").format(rule_set=title(self.state.rule_id), who=who)

    # The local network button, beside the status line --------------------------------
    def adjust_layout(self, layout: FormLayout) -> None:
        """The bottom bar: Back, the status line, the local network's button and
        *Open the table* (wider than New game's Start: its words are longer)."""
        back, start, status = layout.back, layout.start, layout.status
        whole = start.right - back.left
        gap = status.left - back.right
        start_w = max(start.width, round(whole * 0.27))
        lan_w = max(start.width, round(whole * 0.24))
        # a narrow window: the two buttons as wide as their words, Back giving up what it can spare
        toggle = self.toggle_words()
        wider = max(0, self.words_width((OPEN_TABLE,), "title_primary") - start_w)
        wider += max(0, self.words_width(toggle, "title_small") - lan_w)
        start_w += max(0, self.words_width((OPEN_TABLE,), "title_primary") - start_w)
        lan_w += max(0, self.words_width(toggle, "title_small") - lan_w)
        back_w = max(back.width - wider, min(back.width, self.words_width(("Back",), "title_button") + 24))
        layout.back = pygame.Rect(back.left, back.top, back_w, back.height)
        layout.start = pygame.Rect(start.right - start_w, start.top, start_w, start.height)
        self.lan_rect = pygame.Rect(layout.start.left - gap - lan_w, start.top, lan_w, start.height)
        status_left = layout.back.right + gap
        layout.status = pygame.Rect(status_left, status.top, self.lan_rect.left - gap - status_left, status.height)
        self.port_row = None
        if self.server is None:  # the port's line: the row below the last choice (the panel holds a row more)
            first, last = layout.choice_rows[CHOICE_ROWS[0]], layout.choice_rows[CHOICE_ROWS[-1]]
            step = layout.choice_rows[CHOICE_ROWS[1]].top - first.top
            row = last.move(0, step)
            box = layout.panels[1][0]
            if row.bottom <= box.bottom - layout.pad // 2:
                value = layout.selectors[CHOICE_ROWS[-1]].value
                self.port_row = row
                layout.lines["port"] = pygame.Rect(value.left, row.top, value.width, row.height)
        self.host_state.port_line = self.port_row is not None  # (walked by the keys only where it shows)

    def words_width(self, words: tuple[str, ...], name: str) -> int:
        """How wide a button of style ``name`` must be for the longest of ``words``
        (untranslated), its edge and shadow included: a narrow window's least."""
        assert self.gui is not None
        font = self.gui.get_theme().get_font([style(name, self.size)])
        return max(font.size(_(w))[0] for w in words) + 16

    def build_widgets(self) -> None:
        super().build_widgets()
        assert self.gui is not None
        self.buttons["start"].set_text(_(OPEN_TABLE))
        if self.lan_rect is not None:
            self.buttons["lan"] = pygame_gui.elements.UIButton(self.lan_rect, self.lan_words(), self.gui, object_id=style("title_small", self.size))
        self.port_entry = None
        self.port_label = None
        if self.port_row is not None and self.layout is not None:
            entry = pygame_gui.elements.UITextEntryLine(
                self.layout.lines["port"], self.gui, container=self.column.content, object_id=self.layout.entry_style, initial_text=self.port_text
            )
            entry.set_allowed_characters("numbers")
            entry.set_text_length_limit(5)
            self.port_entry = entry
            self.check()
            self.refresh()

    # The port's line ------------------------------------------------------------------
    def follow_port(self) -> None:
        """Once a frame: what is typed in the port's field (the status line follows), and
        the field clicked into is the focus."""
        entry = self.port_entry
        if entry is None:
            return
        if entry.is_focused:
            self.focus_key = "port"
        if entry.get_text() != self.port_text:
            self.port_text = entry.get_text()
            self.port_taken_at = None
            self.check()
            self.refresh()

    def update(self, dt: float) -> None:
        super().update(dt)
        self.follow_port()

    def set_focus(self, key: str | None) -> None:
        """The port's line takes the typing when focused; any other line leaves it."""
        super().set_focus(key)
        entry = self.port_entry
        if entry is None or self.gui is None:
            return
        if key == "port" and entry.visible:
            if not entry.is_focused:
                self.gui.set_focus_set(entry)
                entry.edit_position = len(entry.get_text())
        elif entry.is_focused:
            self.gui.set_focus_set(None)

    def keyboard(self, event: pygame.event.Event) -> bool:
        """Left and Right move the caret in the port's field (not a step of its line)."""
        if self.port_entry is not None and self.port_entry.is_focused and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return False
        return super().keyboard(event)

    def port_words(self) -> tuple[pygame.Surface, pygame.Rect] | None:
        """The port's label, and where it is (the form's places)."""
        if self.port_row is None or self.layout is None:
            return None
        if self.port_label is None:
            field = self.layout.lines["port"]
            label = self.text.fit(_(PORT), field.left - self.port_row.left - 6, self.layout.label_size, IVORY, True)
            self.port_label = (label, pygame.Rect((self.port_row.left, self.port_row.centery - label.get_height() // 2 + 1), label.get_size()))
        return self.port_label

    @property
    def drawn_text(self) -> list[DrawnText]:
        drawn = super().drawn_text
        words = self.port_words()
        if words is None or self.port_row is None:
            return drawn
        place = words[1]
        if self.column.content is None:
            return [*drawn, (_(PORT), place, self.port_row)]
        if not self.column.shows(place):
            return drawn
        return [*drawn, (_(PORT), self.column.to_screen(place), self.column.to_screen(self.port_row).clip(self.column.view))]

    def draw_content(self, surface: pygame.Surface) -> None:
        super().draw_content(surface)
        words = self.port_words()
        if words is None or self.layout is None:
            return
        label, place = words
        offset = self.column.offset if self.column.content is not None else 0
        clip = surface.get_clip()
        if self.layout.content_h:
            surface.set_clip(self.layout.view)
        surface.blit(label, place.move(0, -offset))
        surface.set_clip(clip)

    def let_go_pictures(self) -> None:
        super().let_go_pictures()
        self.port_label = None

    def toggle_words(self) -> tuple[str, str]:
        """The button's two words (untranslated): the local network's, or (on a
        server) whether anyone there may find the table."""
        return (LISTED_ON, LISTED_OFF) if self.server else (LAN_ON, LAN_OFF)

    def lan_words(self) -> str:
        on, off = self.toggle_words()
        return _(on) if self.visible else _(off)

    def on_button(self, name: str) -> None:
        if name == "lan":
            self.visible = not self.visible
            self.buttons["lan"].set_text(self.lan_words())
            if self.port_taken_at is not None:  # (in use on one address may be free on the other: try again)
                self.port_taken_at = None
                self.check()
                self.refresh()
            return
        super().on_button(name)

    # Opening the table --------------------------------------------------------------
    def start(self) -> None:
        self.read_names()
        self.check()
        if self.problem is not None or self.rules is None or self.app is None:
            return
        fields: dict[str, Any] = self.host_state.create_fields()
        here, pads = self.host_state.here_seats(), self.state.seat_pads()
        if self.server is not None:
            remember(self.app, host_setup=self.state.saved(), listed=self.visible, name=fields["name"])
            play = NetPlay.create_on(self.server, fields, listed=self.visible, here=here, pads=pads)
        else:
            port = chosen_port(self.port_text)
            assert port is not None  # (else ``check`` said so)
            if port_taken(self.visible, port):  # said here, the form kept (a bind tried: it never waits)
                self.port_taken_at = port
                self.check()
                self.refresh()
                return
            remember(self.app, host_setup=self.state.saved(), visible=self.visible, name=fields["name"], host_port=port)
            play = NetPlay.host(fields, visible=self.visible, port=port, here=here, pads=pads)
        self.app.routes.open_lobby(play)
