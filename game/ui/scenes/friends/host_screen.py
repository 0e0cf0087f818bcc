"""*Host a table*: the New game form (game/ui/scenes/new_game/) for a table played
over the network. Each seat is yours (exactly one), another person's at this
screen (a name, as in New game: the hands pass between you), a friend's (left
open for a friend to join) or a computer's; a button beside the status line says whether
the table is visible on the local network (the server then listens on every
address and announces the table; otherwise only this machine can reach it).

*Open the table* remembers the setup, starts the server on a thread of this app
(game/net/app/netplay.py) and opens the lobby in place of this form.

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
from game.net.app.netplay import NetPlay
from game.ui.drawing.menu import style
from game.ui.scenes.friends.friends_model import HostSetup, player_name, remember, remembered
from game.ui.scenes.friends.friends_words import FRIEND, HERE, HOST_TITLE, LAN_OFF, LAN_ON, LISTED_OFF, LISTED_ON, OPEN_TABLE, SERVER_HOST_TITLE, YOU
from game.ui.scenes.new_game.form_geometry import FormLayout
from game.ui.scenes.new_game.new_game_screen import NewGameScene
from game.ui.scenes.new_game.setup import Setup
from game.ui.scenes.new_game.form_words import kind_words
from game.engine import Rules
from game.i18n import ngettext
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
            remember(self.app, host_setup=self.state.saved(), visible=self.visible, name=fields["name"])
            play = NetPlay.host(fields, visible=self.visible, here=here, pads=pads)
        self.app.routes.open_lobby(play)
