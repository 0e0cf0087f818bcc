"""A network table, minimal: the table scene of a match played over the network,
driven by what the server sends (the seat's view and the public actions, through
``game.net.mirror.Mirror``), not by a local ``Match``.

It reuses the table's geometry (``compute_regions``, ``compute_layout`` of the
seat's ``SeatView``, ``targets_for`` and ``slot_of``) and the tile art, and draws
the rest itself, plainly: the tiles on the felt, the seat's hand, a plaque per
other seat (its name, its tiles, "thinking…" or "lost connection, waiting…", its
latest reaction), the boneyard's count, a status line, and buttons for Draw,
Pass, Refuse, the three reactions and Leave. The full table (animations, the
moves log, the round's summary, controllers) becomes a mode of
``game.ui.table`` (see docs/network.md, *Not done yet*).

Input: click a hand tile (or Left/Right and Enter): with one place to go it is
played, else its places show as ghosts and a click on one plays it; Esc puts it
back. D draws, P passes. Undo and hints are off, as at any table of several people.
"""

from __future__ import annotations

import logging
from typing import Any, Callable

import pygame
import pygame_gui

from game.engine import Action, Match, RULE_SETS
from game.engine.tiles import halves
from game.i18n import _, ngettext
from game.net.mirror import REACTIONS
from game.net.netplay import NetPlay
from game.ui.menu import panel, style, tile_art
from game.ui.scenes.friends.words import KEPT_SO_FAR, failure_line
from game.ui.scene import GuiScene
from game.ui.table import TableLayout, compute_layout, compute_regions, slot_of, targets_for
from game.ui.text import DIM, GOLD, IVORY, RED, TextCache
from game.ui.tile_art import TileArt

log = logging.getLogger(__name__)

SUMMARY_S = 6.0  # a round's end shows this long over the next round


def reaction_text(kind: str) -> str:
    words = {"nice": _("Nice!"), "oops": _("Oops"), "well-played": _("Well played")}
    return words.get(kind, kind)


def turn_button_text(kind: str) -> str:
    return {"draw": _("Draw"), "pass": _("Pass"), "refuse": _("Refuse")}[kind]


class NetTableScene(GuiScene):
    """One seat at a network table."""

    def __init__(self, play: NetPlay, animation_speed: str = "normal", on_over: Callable[[Match], None] | None = None):
        super().__init__()
        self.play = play
        self.mirror = play.mirror
        self.on_over = on_over
        self.kept = False  # the finished match is among the past matches
        self.text = TextCache()
        self.art: TileArt | None = None
        self.regions: Any = None  # game.ui.table's regions of the window
        self.layout: TableLayout | None = None
        self.hand: list[tuple[int, pygame.Rect]] = []
        self.chosen: int | None = None  # the hand tile picked up
        self.focus = 0  # the hand tile under the keyboard's focus
        self.message = ""  # one line: a refusal, a reaction, what went wrong
        self.message_left = 0.0
        self.summary: list[str] = []  # the last round's end, shown a while
        self.summary_left = 0.0
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self._shown: tuple[object, ...] | None = None
        self.frames = 0
        self.header_right = 0  # the header's words end before the reactions' buttons

    # Setup -------------------------------------------------------------------------
    def attach(self, app: object) -> None:
        super().attach(app)  # type: ignore[arg-type]
        assert self.app is not None
        art = tile_art(self)
        self.art = art
        self.sync(force=True)

    def build_gui(self) -> None:
        assert self.gui is not None
        regions = self.regions = self.compute_regions()
        k = regions.scale
        bh = regions.toolbar.height
        self.buttons = {}
        x = regions.felt.right - 8
        for name in ("leave", *reversed(REACTIONS)):  # a row at the felt's top right
            words = _("Leave") if name == "leave" else reaction_text(name)
            width = max(round(72 * k), self.text.font(max(12, round(16 * k)), True).size(words)[0] + round(30 * k))
            x -= width
            self.buttons[name] = pygame_gui.elements.UIButton(pygame.Rect(x, regions.toolbar.top, width, bh), words, self.gui, object_id="#tool")
            x -= 4
        self.header_right = x - 8
        for name, rect in (("pass", regions.buttons["pass"]), ("refuse", regions.buttons["refuse"])):
            self.buttons[name] = pygame_gui.elements.UIButton(rect, turn_button_text(name), self.gui, object_id=style("title_button", self.size))
        box = regions.boneyard
        draw_h = regions.buttons["pass"].height
        self.buttons["draw"] = pygame_gui.elements.UIButton(
            pygame.Rect(box.left, box.bottom - draw_h, box.width, draw_h), turn_button_text("draw"), self.gui, object_id=style("title_button", self.size)
        )
        self.buttons["give"] = pygame_gui.elements.UIButton(
            pygame.Rect(regions.felt.left + 12, regions.felt.bottom - bh - 8, round(260 * k), bh),
            _("Give the seat to a computer"),
            self.gui,
            object_id="#tool",
        )
        self._shown = None
        self.refresh_buttons()

    def compute_regions(self) -> Any:
        rules = self.mirror.rules
        players = rules.players if rules is not None else 2
        return compute_regions(self.size, players, self.mirror.seat or 0, tools=4)  # the row of reactions and Leave

    def on_resize(self, size: tuple[int, int]) -> None:
        super().on_resize(size)
        self.sync(force=True)

    # Keeping up with the table ------------------------------------------------------
    def sync(self, force: bool = False) -> None:
        view = self.mirror.view
        version = (self.mirror.round_index, len(view.history) if view else -1, view.phase if view else None, self.size)
        if version == self._shown and not force:
            return
        self._shown = version
        self.regions = self.compute_regions()
        if view is None:
            self.layout, self.hand = None, []
            return
        self.layout = compute_layout(view, self.regions.layout_area)
        tiles = view.hand
        self.hand = list(zip(tiles, hand_rects(self.regions.hand_tiles, len(tiles), self.regions.scale)))
        if self.chosen not in tiles:
            self.chosen = None
        self.focus = min(self.focus, max(0, len(tiles) - 1))
        self.refresh_buttons()

    def refresh_buttons(self) -> None:
        legal = self.mirror.legal
        kinds = {a.kind for a in legal}
        for name in ("draw", "pass", "refuse"):
            button = self.buttons.get(name)
            if button is None:
                continue
            if name in kinds and not button.visible:
                button.show()  # type: ignore[no-untyped-call]
            elif name not in kinds and button.visible:
                button.hide()  # type: ignore[no-untyped-call]
        give = self.buttons.get("give")
        if give is not None:
            seat = self.mirror.to_move
            may = seat is not None and self.mirror.may_give_seat(seat)
            if may and not give.visible:
                give.show()  # type: ignore[no-untyped-call]
            elif not may and give.visible:
                give.hide()  # type: ignore[no-untyped-call]

    def update(self, dt: float) -> None:
        super().update(dt)
        self.frames += 1
        for news in self.play.update():
            if news.kind == "refused":
                self.say(news.text, 4.0)
            elif news.kind == "reaction" and news.seat is not None and news.seat != self.mirror.seat:
                self.say(_("{name}: {reaction}").format(name=self.name(news.seat), reaction=reaction_text(news.text)), 3.0)
            elif news.kind == "round_over":
                self.summary = self.round_words()
                self.summary_left = SUMMARY_S
            elif news.kind == "match_over":
                self.keep_match()
        for name, button in list(self.buttons.items()):
            if button.check_pressed():
                self.on_button(name)
        self.message_left = max(0.0, self.message_left - dt)
        self.summary_left = max(0.0, self.summary_left - dt)
        self.sync()
        self.refresh_buttons()

    def keep_match(self) -> None:
        """The match is over: its record joins the past matches here (once)."""
        if self.kept:
            return
        self.kept = True
        match = self.mirror.record()
        if match is not None and self.on_over is not None:
            try:
                self.on_over(match)
            except Exception as err:  # never stop the game for a record
                log.warning("the network match could not be kept: %s", err)
        try:
            from game.net import kept_seats

            if self.play.session is not None and self.play.session.seated is not None:
                kept_seats.forget(self.play.session.seated.url, self.play.session.seated.table)
        except Exception as err:
            log.warning("the kept seat could not be forgotten: %s", err)

    # Acting --------------------------------------------------------------------------
    def act(self, action: Action) -> None:
        reason = self.mirror.play(action)
        if reason is not None:
            self.say(reason, 4.0)
        self.chosen = None

    def pick(self, tile: int) -> None:
        """A hand tile picked up: played at once if it has one place, else its places show."""
        legal = self.mirror.legal
        if not legal:
            self.say(self.mirror.status_text() or _("it is not your turn"), 2.5)
            return
        targets = targets_for(tile, legal)
        if not targets:
            view = self.mirror.view
            reason = view.explain(Action.lay(tile, "W")) if view is not None and view.phase == "play" else None
            self.say(reason or _("{tile} cannot be played now").format(tile="{}-{}".format(*halves(tile))), 3.0)
            return
        if len(targets) == 1:
            self.act(targets[0].actions[0])
            return
        self.chosen = tile

    def places(self) -> list[tuple[Action, pygame.Rect]]:
        """Where the picked-up tile may go: (the action, its slot on the felt)."""
        if self.chosen is None or self.layout is None:
            return []
        found = []
        for target in targets_for(self.chosen, self.mirror.legal):
            action = target.actions[0]
            slot = slot_of(action, self.layout)
            if slot is not None:
                found.append((action, slot.rect))
        return found

    def on_button(self, name: str) -> None:
        if name == "leave":
            if self.app is not None:
                self.app.routes.leave_network(self)
        elif name in ("draw", "pass", "refuse"):
            self.act({"draw": Action.draw(), "pass": Action.pass_(), "refuse": Action.refuse()}[name])
        elif name in REACTIONS:
            self.mirror.react(name)
        elif name == "give":
            seat = self.mirror.to_move
            if seat is not None:
                self.mirror.give_seat(seat)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if super().handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for action, rect in self.places():
                if rect.collidepoint(event.pos):
                    self.act(action)
                    return True
            for tile, rect in self.hand:
                if rect.collidepoint(event.pos):
                    self.pick(tile)
                    return True
            self.chosen = None
            return False
        if event.type != pygame.KEYDOWN:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.hand:
            self.focus = (self.focus + (1 if event.key == pygame.K_RIGHT else -1)) % len(self.hand)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.hand:
            if self.chosen is not None and self.places():
                self.act(self.places()[0][0])
            else:
                self.pick(self.hand[self.focus][0])
            return True
        if event.key == pygame.K_d:
            self.on_button("draw")
            return True
        if event.key == pygame.K_p:
            self.on_button("pass")
            return True
        if event.key == pygame.K_ESCAPE:
            self.chosen = None
            return True
        return False

    def say(self, words: str, seconds: float) -> None:
        self.message, self.message_left = words, seconds

    def close(self) -> None:
        self.play.close()
        super().close()

    # Words -------------------------------------------------------------------------
    def name(self, seat: int) -> str:
        names = self.mirror.names
        return names[seat] if 0 <= seat < len(names) else "?"

    def header_text(self) -> str:
        rules = self.mirror.rules
        if rules is None:
            return ""
        view = self.mirror.view
        totals = view.totals if view is not None else ()
        scores = "  ".join(f"{self.name(s)} {t}" for s, t in enumerate(totals))
        return _("{rule_set}  ·  round {round}  ·  {scores}").format(
            rule_set=_(RULE_SETS[rules.base].title), round=self.mirror.round_index + 1, scores=scores
        )

    def round_words(self) -> list[str]:
        end = self.mirror.round_end
        if end is None:
            return []
        if end.end == "redeal":
            return [_("Nobody could lead: the tiles are dealt again")]
        lines = []
        if end.winner is not None:
            lines.append(_("Round {number}: {name} wins").format(number=end.round + 1, name=self.name(end.winner)))
        else:
            lines.append(_("Round {number}: blocked, nobody wins").format(number=end.round + 1))
        lines.append("  ·  ".join(f"{self.name(s)} +{p}" for s, p in enumerate(end.scores)))
        return lines

    def over_words(self) -> list[str]:
        over = self.mirror.over
        if over is None:
            return []
        winner = over.get("winner")
        head = _("{name} wins the match").format(name=self.name(winner)) if isinstance(winner, int) else _("The match is drawn")
        totals = "  ·  ".join(f"{self.name(s)} {t}" for s, t in enumerate(over.get("totals", [])))
        return [head, totals, _("The match is kept in Past matches.")]

    def seat_status(self, seat: int) -> str:
        mirror = self.mirror
        view = mirror.view
        if not mirror.connected(seat):
            return _("lost connection, waiting…") if mirror.to_move == seat else _("away")
        if mirror.to_move == seat:
            return _("thinking…")
        count = view.hand_counts[seat] if view is not None else 0
        return ngettext("{count} tile", "{count} tiles", count).format(count=count)

    # Drawing -----------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        """Paint the table (changes nothing)."""
        regions, art = self.regions, self.art
        if regions is None or art is None:
            surface.fill((14, 24, 18))
            return
        surface.blit(art.table(self.size), (0, 0))
        shade = pygame.Surface(regions.hand.size, pygame.SRCALPHA)
        shade.fill((12, 22, 16, 205))
        surface.blit(shade, regions.hand.topleft)
        k = regions.scale
        size = max(14, round(18 * k))
        header = regions.header
        width = max(40, min(header.width, self.header_right - header.left)) if self.header_right else header.width
        line = self.text.fit(self.header_text(), width, size, IVORY)
        surface.blit(line, (header.left, header.centery - line.get_height() // 2))
        self.draw_felt(surface, art)
        self.draw_plaques(surface, size)
        self.draw_hand(surface, art, size)
        self.draw_lines(surface, size)
        self.draw_gui(surface)

    def draw_felt(self, surface: pygame.Surface, art: TileArt) -> None:
        layout = self.layout
        if layout is None:
            return
        length = 2 * layout.unit
        view = self.mirror.view
        last = view.placements[-1].tile if view is not None and view.placements else None
        for spot in layout.tiles:
            if spot.tile == last:
                margin = art.highlight_margin(length)
                surface.blit(art.highlight(length, spot.vertical), (spot.rect.left - margin, spot.rect.top - margin))
            surface.blit(art.face(spot.first, spot.second, length, spot.vertical), spot.rect.topleft)
        for action, rect in self.places():
            pygame.draw.rect(surface, GOLD, rect.inflate(4, 4), 2, border_radius=4)
        if self.regions is not None and view is not None:
            box = self.regions.boneyard
            words = ngettext("{count} in the boneyard", "{count} in the boneyard", view.boneyard_count).format(count=view.boneyard_count)
            surface.blit(self.text.fit(words, box.width, max(13, round(16 * self.regions.scale)), DIM), box.topleft)

    def draw_plaques(self, surface: pygame.Surface, size: int) -> None:
        regions = self.regions
        assert regions is not None
        shown = dict(self.mirror.shown_reactions())
        for seat, place in regions.seats.items():
            rect = place.rect
            to_move = self.mirror.to_move == seat
            surface.blit(panel(rect.size, 10, (44, 58, 36, 230) if to_move else (16, 28, 20, 215)), rect.topleft)
            y = rect.top + 8
            for words, colour, bold in ((self.name(seat), GOLD, True), (self.seat_status(seat), IVORY if self.mirror.connected(seat) else RED, False)):
                line = self.text.fit(words, rect.width - 16, size, colour, bold)
                surface.blit(line, (rect.left + 8, y))
                y += line.get_height()
            if seat in shown:
                bubble = self.text.fit(reaction_text(shown[seat]), rect.width - 16, size, (30, 26, 20), True)
                back = pygame.Rect(rect.left + 4, y + 4, bubble.get_width() + 12, bubble.get_height() + 6)
                pygame.draw.rect(surface, (243, 234, 210), back, border_radius=8)
                surface.blit(bubble, (back.left + 6, back.top + 3))

    def draw_hand(self, surface: pygame.Surface, art: TileArt, size: int) -> None:
        regions = self.regions
        assert regions is not None
        mine = self.mirror.seat
        if mine is None:
            return
        status = self.mirror.status_text()
        words = f"{self.name(mine)}  ·  {status}" if status else self.name(mine)
        surface.blit(self.text.fit(words, regions.hand_label.width, size, GOLD, True), regions.hand_label.topleft)
        keys = self.app is not None and self.app.last_input == "keys"
        for i, (tile, rect) in enumerate(self.hand):
            a, b = halves(tile)
            lifted = rect.move(0, -rect.height // 6) if tile == self.chosen else rect
            surface.blit(art.face(a, b, rect.height, True), lifted.topleft)
            if keys and i == self.focus:
                pygame.draw.rect(surface, GOLD, lifted.inflate(6, 6), 2, border_radius=6)

    def draw_lines(self, surface: pygame.Surface, size: int) -> None:
        regions = self.regions
        assert regions is not None
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if self.mirror.over is not None:
            lines = [(line, GOLD if i == 0 else IVORY) for i, line in enumerate(self.over_words())]
        elif self.summary_left > 0 and self.summary:
            lines = [(line, GOLD if i == 0 else IVORY) for i, line in enumerate(self.summary)]
        if self.message_left > 0 and self.message:
            lines.append((self.message, IVORY))
        if self.mirror.link == "failed":
            lines.append((failure_line(self.mirror.link_reason), RED))
            if self.play.table_gone and self.play.kept is not None:
                lines.append((_(KEPT_SO_FAR), IVORY))
        elif self.mirror.link != "open":
            lines.append((self.mirror.status_text(), RED))
        if not lines:
            return
        pictures = [self.text.fit(words, regions.felt.width - 60, size + 2, colour, True) for words, colour in lines]
        height = sum(p.get_height() for p in pictures) + 16
        width = max(p.get_width() for p in pictures) + 32
        box = pygame.Rect(0, 0, width, height)
        box.midbottom = (regions.layout_area.centerx, regions.felt.bottom - 12)
        surface.blit(panel(box.size, 10, (16, 30, 22, 235)), box.topleft)
        y = box.top + 8
        for picture in pictures:
            surface.blit(picture, (box.centerx - picture.get_width() // 2, y))
            y += picture.get_height()


def hand_rects(area: pygame.Rect, count: int, scale: float) -> list[pygame.Rect]:
    """Standing tiles for a hand of ``count``, centred in ``area``."""
    if count <= 0:
        return []
    length = min(int(104 * scale), area.height)
    gap = 6
    while length > 24 and count * (length // 2 + gap) - gap > area.width:
        length -= 2
        gap = max(2, length // 14)
    length -= length % 2
    w = length // 2
    span = count * w + (count - 1) * gap
    step = (area.width - w) / max(1, count - 1) if span > area.width else w + gap
    x0 = area.left if span > area.width else area.left + (area.width - span) / 2
    y = area.top + (area.height - length) // 2
    return [pygame.Rect(round(x0 + i * step), y, w, length) for i in range(count)]
