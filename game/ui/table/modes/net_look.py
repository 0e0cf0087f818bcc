"""What a network table shows (``NetLook``, the look of ``NetMode``,
net_mode.py): the toolbar's Moves and Scores, the reactions (Nice!, Oops, Well
played) and Leave, each as wide as its words; the host's button that gives
the seat of a friend away to a computer, and the host's *Close to watchers* (then
*Let people watch*) while the match is played; the link's state in the hand's label
and on the plaques; every hand at a round's end, as the server revealed it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game.i18n import N_, _
from game.net.shared.protocol import REACTIONS
from game.ui.drawing import access
from game.ui.table.modes.look import PlayLook
from game.ui.table.felt.regions import TOOL_MIN_W, TOOL_W, table_scale
from game.ui.table.panels.toolbar import tool_names
from game.engine.seal import COMMITMENT
from game.words.seat_words import CLOSE_WATCH, OPEN_WATCH, watchers_words
from game.ui.table.table_words import (
    LET_IN, REFUSE, away_words, claim_words, deal_text, hand_line, header_line, lead_words, reaction_text, watching_line,
)
from game.words.seat_words import hold_words

if TYPE_CHECKING:
    from game.ui.shell.gamepad import PadPress
    from game.ui.table.modes.net_source import NetSource
    from game.ui.table.felt.regions import TableRegions
    from game.ui.table.protocols import Table

HINT_BUTTONS = frozenset({"ls"})  # a controller's hint (its moves and scores work as at any table)
# TRANSLATORS: the creator of a table on a server presses Leave mid-match; a second press leaves.
HOLD_ON_LEAVE = N_("Press Leave again to leave: your seat is held 5 minutes (Back to table takes it back), then the others may give it to a computer.")
# TRANSLATORS: a button at a network table whose host has been away for 5 minutes: ends the match for everyone (kept as stopped in Past matches).
STOP = N_("End the match")
LEAVE_AGAIN_S = 4.0  # the host's Leave mid-match closes the table for everyone: a second press within this confirms


class NetLook(PlayLook):
    """What one seat at a network table shows (see the module's doc)."""

    def __init__(self, net: NetSource):
        self.net = net
        self.leave_armed = 0.0  # seconds left to press Leave again (the host, mid-match)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.asked_watchable: bool | None = None  # the host asked to open (True) or close the table to watchers: not yet told


    def tool_names(self, table: Table) -> list[str]:
        """The tools shown at a table of several people (``Tool.shared``: the moves,
        the scores; no undo, redo or hint, no menu: Leave is the mode's)."""
        return tool_names(False, shared=True)

    def tool_slots(self, table: Table) -> int:
        """Room in the toolbar's row for the tools, then the reactions and Leave, each as wide as its words."""
        k = table_scale(table.size) * access.text_factor(table.size)
        slot = max(int(TOOL_W * k), TOOL_MIN_W) + 4
        return len(self.tool_names(table)) + -(-(sum(self._widths(table, k).values()) + 4 * len(self.reactions())) // slot)

    def reactions(self) -> tuple[str, ...]:
        """The reactions this screen may send: none while it only watches."""
        return () if self.net.mirror.watching else REACTIONS

    def _widths(self, table: Table, k: float, style: str = "#tool") -> dict[str, int]:
        """Each reaction's and Leave's width in ``style`` (``#tool_s``: the small
        letters): its words in the table's lettering and in the button's own (the
        theme's, grown with the text size), the widest winning, and room round them."""
        small = style == "#tool_s"
        font = table.text.font(max(12, round(13 * k)) if small else max(14, round(15 * k)), True)
        gui = getattr(table, "gui", None)  # (None before the table's widgets are made)
        drawn = gui.get_theme().get_font([style]) if gui is not None else None
        words = {name: reaction_text(name) for name in self.reactions()} | {"leave": _("Leave")}

        def wide(text: str) -> int:
            return max(font.size(text)[0], int(drawn.size(text)[0]) if drawn is not None else 0)

        if small:
            return {name: wide(text) + round(16 * k) for name, text in words.items()}
        return {name: max(int(TOOL_W * k), TOOL_MIN_W, wide(text) + round(24 * k)) for name, text in words.items()}

    def fitted(self, table: Table, regions: TableRegions) -> tuple[str, dict[str, int], list[str]]:
        """The reactions and Leave as they fit beside the tools in the toolbar's row
        (where the window is narrow the tools' slots close up, but these keep their
        words): (their style, their widths, those shown, left to right). In their own
        letters if they fit, else in the small ones, else the reactions from the
        last are left out (Leave always stays)."""
        tools = len(self.tool_names(table))
        left = regions.tool_buttons[tools - 1].right + 4 if 0 < tools <= len(regions.tool_buttons) else regions.toolbar.left
        room = regions.toolbar.right - left
        names = [*self.reactions(), "leave"]
        for style in ("#tool", "#tool_s"):
            widths = self._widths(table, regions.scale, style)
            if sum(widths[n] for n in names) + 4 * (len(names) - 1) <= room:
                return style, widths, names
        while len(names) > 1 and sum(widths[n] for n in names) + 4 * (len(names) - 1) > room:
            names.remove(names[-2])  # (the last reaction before Leave)
        return "#tool_s", widths, names

    def build(self, table: Table, gui: pygame_gui.UIManager, regions: TableRegions) -> None:
        k = regions.scale
        style, widths, shown = self.fitted(table, regions)
        self.buttons = {}
        x = regions.toolbar.right
        for name in reversed(shown):  # right to left, as wide as their words
            x -= widths[name]
            rect = pygame.Rect(x, regions.toolbar.top, widths[name], regions.toolbar.height)
            self.buttons[name] = pygame_gui.elements.UIButton(rect, _("Leave") if name == "leave" else reaction_text(name), gui, object_id=style)
            x -= 4
        style = "#tool"
        # the host's buttons, at the felt's foot: the seat to move given to a computer, a claim answered
        font = table.text.font(max(14, round(15 * k)), True)
        drawn = gui.get_theme().get_font([style])  # (the button's own letters: the widest measure wins)
        x, y = regions.felt.left + 12, regions.felt.bottom - regions.toolbar.height - 8
        for name, text in (("give", _("Give the seat to a computer")), ("let", _(LET_IN)), ("refuse", _(REFUSE))):
            width = max(round(120 * k), max(font.size(text)[0], int(drawn.size(text)[0])) + round(28 * k))
            self.buttons[name] = pygame_gui.elements.UIButton(pygame.Rect(x, y, width, regions.toolbar.height), text, gui, object_id=style)
            self.buttons[name].hide()  # type: ignore[no-untyped-call]
            x += width + 8
        # those at a table whose host has been away past the hold: the match ended (in the claim's place: never shown with it)
        text = _(STOP)
        width = max(round(120 * k), max(font.size(text)[0], int(drawn.size(text)[0])) + round(28 * k))
        self.buttons["stop"] = pygame_gui.elements.UIButton(pygame.Rect(self.buttons["let"].rect.left, y, width, regions.toolbar.height), text, gui, object_id=style)
        self.buttons["stop"].hide()  # type: ignore[no-untyped-call]
        # the host's: the table closed to watchers, or opened again (game/net/server/watchers.py), at the felt's foot on the right
        for name, text in (("close_watch", _(CLOSE_WATCH)), ("open_watch", _(OPEN_WATCH))):
            width = max(round(120 * k), max(font.size(text)[0], int(drawn.size(text)[0])) + round(28 * k))
            self.buttons[name] = pygame_gui.elements.UIButton(pygame.Rect(regions.felt.right - 12 - width, y, width, regions.toolbar.height), text, gui, object_id=style)
            self.buttons[name].hide()  # type: ignore[no-untyped-call]
        self._show_host()

    def claim(self) -> tuple[int, str] | None:
        """(The host, the match under way) the first person asking for a free seat: (seat, name)."""
        mirror = self.net.mirror
        lobby = mirror.lobby
        if not mirror.hosting or lobby is None or lobby.state != "playing" or mirror.link != "open" or not lobby.claims:
            return None
        return lobby.claims[0]

    def _show_host(self) -> None:
        mirror = self.net.mirror
        seat = mirror.to_move
        claim = self.claim()
        lobby = mirror.lobby
        if lobby is not None and self.asked_watchable == lobby.watchable:
            self.asked_watchable = None  # (the server told the table it is so now)
        watch = lobby is not None and lobby.state == "playing" and mirror.code is not None and self.asked_watchable is None and mirror.may_set_watchable()
        shown = {
            "give": seat is not None and mirror.may_give_seat(seat) and (claim is None or claim[0] != seat),
            "stop": claim is None and mirror.may_stop(),
            "let": claim is not None,
            "refuse": claim is not None,
            "close_watch": watch and lobby is not None and lobby.watchable,
            "open_watch": watch and lobby is not None and not lobby.watchable,
        }
        for name, may in shown.items():
            button = self.buttons.get(name)
            if button is not None and may != button.visible:
                button.show() if may else button.hide()  # type: ignore[no-untyped-call]

    def held(self, seat: int) -> float | None:
        """Seconds before the host may give ``seat`` (its player away) to a computer
        (0: now); None while its player is there."""
        mirror = self.net.mirror
        lobby = mirror.lobby
        if lobby is None or not 0 <= seat < len(lobby.seats) or lobby.seats[seat].kind != "remote" or mirror.connected(seat):
            return None
        return mirror.give_countdown(seat)

    def press(self, table: Table, name: str) -> None:
        table.sound("button")
        if name == "leave":
            if self.net.leave_closes_table() and self.leave_armed <= 0:
                self.leave_armed = LEAVE_AGAIN_S  # one press could end every friend's match: ask once
                table.motion.say(_("Press Leave again to close the table for everyone (the match so far is kept)."), LEAVE_AGAIN_S, warning=True)
                return
            if self.net.leave_holds_seat() and self.leave_armed <= 0:
                self.leave_armed = LEAVE_AGAIN_S  # the creator leaving a server table: what becomes of the seat, first
                table.motion.say(_(HOLD_ON_LEAVE), LEAVE_AGAIN_S, warning=True)
                return
            table.leave()
        elif name in REACTIONS:
            self.net.mirror.react(name)
        elif name == "stop":
            self.net.mirror.stop()
        elif name in ("close_watch", "open_watch") and self.net.mirror.set_watchable(name == "open_watch"):
            self.asked_watchable = name == "open_watch"  # (hidden until the server says it is done)
            self._show_host()
        elif name == "give" and self.net.mirror.to_move is not None:
            self.net.mirror.give_seat(self.net.mirror.to_move)
        elif name in ("let", "refuse") and (claim := self.claim()) is not None and self.net.mirror.answer_claim(claim[0], name == "let"):
            for answered in ("let", "refuse"):
                self.buttons[answered].hide()  # type: ignore[no-untyped-call]

    def key(self, table: Table) -> tuple[object, ...]:
        mirror = self.net.mirror
        seats = range(table.model.match.rules.players)
        held = tuple(None if (left := self.held(s)) is None else int(left + 0.999) for s in seats)  # the holds, to the second
        claims = mirror.lobby.claims if mirror.lobby is not None else ()
        watchers = mirror.lobby.watchers if mirror.lobby is not None else 0
        return (self.net.frozen is not None, mirror.link, mirror.sent, watchers, tuple(mirror.connected(s) for s in seats), tuple(mirror.shown_reactions()), held, claims, tuple(table.model.names))

    def revealed(self, table: Table, seat: int) -> tuple[int, ...] | None:
        """At a round's end every hand shows, as the server revealed it."""
        if self.net.frozen is None or seat == self.net.mirror.seat:
            return None
        return tuple(self.net.frozen.hand(seat))

    def header_text(self, table: Table) -> str:
        over = self.net.frozen is not None or (self.net.mirror.view is not None and self.net.mirror.view.phase == "over")
        line = header_line(table.model.match.rules, self.net.unseen() + self.net.mirror.completed + (0 if over else 1))
        lobby = self.net.mirror.lobby
        return f"{line}  ·  {watchers_words(lobby.watchers)}" if lobby is not None and lobby.watchers > 0 else line

    def deal_text(self, table: Table) -> str:
        """The server's commitment to this round's deal, by its fingerprint."""
        mirror = self.net.mirror
        told = mirror.commitments.get(mirror.round_index, "")
        return deal_text(told if COMMITMENT.fullmatch(told) else None)

    def hand_text(self, table: Table) -> str:
        """The table's words, but the link's state (why it was given up), a seat to
        move that lost its connection, this seat's move on its way and the
        match's end as the mirror says them."""
        kind, _seat = self.net.mirror.status()
        viewer = table.model.viewer
        if self.net.mirror.watching and viewer is not None and kind not in ("link", "gone"):  # no hand here: the foot seat's count
            model = table.model
            seat = model.state.current_player
            status = _("the round is over") if seat is None else _("{name} to move").format(name=model.names[seat])
            if self.net.mirror.over is not None:
                status = self.net.mirror.status_text()
            return watching_line(model.names[viewer], model.totals()[viewer], model.state.hand_count(viewer), status)
        if kind == "yours" and self.net.mirror.sent and self.net.frozen is None and table.model.viewer is not None:
            # the move is sent (nothing is lit until the server answers): not "draw" or "drag" again
            return hand_line(table.model.names[table.model.viewer], table.model.totals()[table.model.viewer], _("your move is on its way"))
        if viewer is not None and self.net.frozen is None and (claim := self.claim()) is not None:
            return hand_line(table.model.names[viewer], table.model.totals()[viewer], claim_words(claim[1], claim[0], table.model.names))
        if kind == "away" and _seat is not None and viewer is not None and (self.net.mirror.hosting or self.net.mirror.host_away()) and (left := self.held(_seat)) is not None:
            return hand_line(table.model.names[viewer], table.model.totals()[viewer], away_words(table.model.names[_seat], left))
        if kind in ("link", "away", "over", "gone") and table.model.viewer is not None:
            words = self.net.gone_words() if self.net.given_up() else self.net.mirror.status_text()
            return hand_line(table.model.names[table.model.viewer], table.model.totals()[table.model.viewer], words)
        return super().hand_text(table)

    def lead_text(self, table: Table) -> str:
        """The lead's words on the empty table, from the view (another seat's
        forced lead tile included: the server announces it). A finished round
        played again here: the table's own (none)."""
        view = self.net.mirror.view
        if self.net.frozen is not None:
            return super().lead_text(table)
        if view is None or view.phase != "lead" or view.current_player is None or not 0 <= view.current_player < len(table.model.names):
            return ""
        kind, tile = view.lead
        return lead_words(kind, tile, table.model.names[view.current_player])

    def seat_status(self, table: Table, seat: int, status: str) -> str:
        mirror = self.net.mirror
        if self.net.frozen is None and mirror.table_gone:  # nobody is waited for at a closed table
            lobby = mirror.lobby
            if mirror.host_left and lobby is not None and seat == lobby.host:
                return _("left the table")
            if not mirror.connected(seat):
                return _("away")
        claims = dict(mirror.lobby.claims) if mirror.lobby is not None else {}
        if self.net.frozen is None and seat in claims:
            return _("{claimant} asks for this seat").format(claimant=claims[seat])
        if self.net.frozen is None and not mirror.connected(seat):
            left = self.held(seat)
            if left is not None and left > 0:
                # TRANSLATORS: a seat's plaque at a network table: its player is away; the time (like 4:05) the seat is held for them.
                return _("away, seat held {time}").format(time=hold_words(left))
            return _("lost connection, waiting…") if mirror.to_move == seat else _("away")
        shown = dict(mirror.shown_reactions())
        if seat in shown and mirror.to_move != seat:
            return reaction_text(shown[seat])
        if mirror.link != "open" and status == _("thinking…"):
            return _("to move")  # this screen's link is down: whether it thinks is not known here
        return status

    def handle_pad(self, table: Table, press: PadPress) -> bool:
        return press.button in HINT_BUTTONS  # no hint here; the moves and the scores as at any table


    def update(self, table: Table, dt: float) -> None:
        self.leave_armed = max(0.0, self.leave_armed - dt)
        for name, button in list(self.buttons.items()):
            if button.check_pressed():
                self.press(table, name)
        self._show_host()
