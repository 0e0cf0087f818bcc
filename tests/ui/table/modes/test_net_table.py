"""Two players at a network table, each at the real table scene (``TableScene``
in its network mode, game/ui/table/modes/net_mode.py), in one test: Ann hosts from
her app (the server on a thread of it, real websockets on 127.0.0.1), Bo joins
from a second app by address and code; each plays by synthetic mouse events
(a tile dragged onto its place, a click on the boneyard, the Pass button)
until the round ends. Both tables show the same tiles on the felt; each shows
the other's tiles as backs (a count on a plaque) until the round's end
reveals them; a tile dropped where it cannot go is refused with the engine's
reason and nothing is sent; while one plays, the other's table says so.
"""

from __future__ import annotations

import re
import time
from typing import Any, Callable, Iterator

import pygame
import pytest

from game.engine import Action
from game.ui.shell import flow
from game.ui.shell.app import App
from game.ui.table import NetMode, tool_names, RoundEndScene, ScoreSheetScene, TableScene, plain, slot_of, targets_for
from tests.ui.conftest import key, mouse_down, mouse_move, mouse_up, shared_art
from tests.ui.scenes.friends.test_friends import Frames, host_a_table, net_threads, open_join, type_into

SIZE = (1280, 800)
DT = 0.05  # a frame's time for the game (the glides pass quickly); real time passes for the network


class Pair:
    """The two apps, stepped together (each frame a little real time, so the network threads run)."""

    def __init__(self, ann: App, bo: App):
        self.apps = (ann, bo)

    def step(self, app: App | None = None, events: list[pygame.event.Event] | None = None) -> None:
        for each in self.apps:
            each.step((events or []) if each is app else [], DT)
        time.sleep(0.004)

    def until(self, done: Callable[[], bool], timeout: float = 60.0, what: str = "") -> None:
        end = time.monotonic() + timeout
        while not done():
            assert time.monotonic() < end, f"not in {timeout} s: {what}"
            self.step()

    def click(self, app: App, pos: tuple[int, int]) -> None:
        self.step(app, [mouse_down(pos)])
        self.step(app, [mouse_up(pos)])

    def drag(self, app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
        self.step(app, [mouse_down(start)])
        for i in range(1, 4):
            at = (start[0] + (end[0] - start[0]) * i // 3, start[1] + (end[1] - start[1]) * i // 3)
            self.step(app, [mouse_move(at, start)])
        self.step(app, [mouse_up(end)])


@pytest.fixture
def apps(make_app: Callable[..., App]) -> Iterator[tuple[App, App]]:
    ann = make_app(SIZE)
    ann.routes.open_title()
    bo = App(SIZE, surface=pygame.Surface(SIZE))  # a second app, drawing off screen
    bo.services["art"] = shared_art()
    flow.install(bo)
    bo.routes.open_title()
    yield ann, bo
    bo.close()
    ann.close()
    assert net_threads() == []


def net_tables(ann: App, bo: App) -> tuple[TableScene, TableScene]:
    tables = []
    for app in (ann, bo):
        top = app.top
        assert isinstance(top, TableScene) and isinstance(top.mode, NetMode), type(top).__name__
        tables.append(top)
    return tables[0], tables[1]


def sit_down(pair: Pair, ann: App, bo: App) -> tuple[TableScene, TableScene]:
    """Ann hosts (you and a friend, Matador), Bo joins by address and code, Ann starts."""
    lobby = host_a_table(Frames(ann))
    hosted = lobby.play.hosted
    code = lobby.play.mirror.code
    join = open_join(Frames(bo))
    for key, text in (("address", f"127.0.0.1:{hosted.port}"), ("code", code), ("name", "Bo")):
        type_into(Frames(bo), join.entries[key], text)
    pair.click(bo, pygame.Rect(join.buttons["join"].rect).center)
    pair.until(lambda: lobby.buttons["start"].is_enabled, 60, "Bo in Ann's lobby")
    pair.click(ann, pygame.Rect(lobby.buttons["start"].rect).center)
    pair.until(lambda: all(isinstance(a.top, TableScene) for a in (ann, bo)), 60, "both tables")
    return net_tables(ann, bo)


def same_table(one: TableScene, other: TableScene) -> bool:
    a, b = one.mode.source.mirror, other.mode.source.mirror
    return a.view is not None and b.view is not None and a.round_index == b.round_index and len(a.history) == len(b.history)


def the_mover(tables: tuple[TableScene, TableScene]) -> TableScene | None:
    return next((t for t in tables if t.can_act() and not t.mode.source.mirror.sent and t.app is not None and t.app.top is t), None)


def engine_reasons(table: TableScene, tile: int) -> set[str]:
    """Every reason the engine gives for ``tile`` at any open end (and as a lead)."""
    state = table.model.state
    reasons = {state.explain(Action.lay(tile))}
    for arm, _shape, joins in table.board.layout.slots:
        reasons.add(state.explain(Action.lay(tile, arm, joins=joins)))
    return {plain(r) for r in reasons if r}


def test_two_apps_play_a_round_at_the_real_table_through_the_network(apps: tuple[App, App]) -> None:
    ann, bo = apps
    pair = Pair(ann, bo)
    tables = sit_down(pair, ann, bo)
    a_table, b_table = tables
    a_seat, b_seat = a_table.mode.source.mirror.seat, b_table.mode.source.mirror.seat
    assert {a_seat, b_seat} == {0, 1} and a_table.model.viewer == a_seat and b_table.model.viewer == b_seat
    assert a_table.model.people == [a_seat] and b_table.model.people == [b_seat]  # the other seat is remote, never a person here
    assert a_table.mode.look.tool_names(a_table) == tool_names(False, shared=True) and set(a_table.mode.look.buttons) >= {"nice", "oops", "well-played", "leave"}
    names = a_table.model.names
    assert names == b_table.model.names and "Bo" in names
    assert a_table.model.match.rounds == [] and b_table.model.match.rounds == []  # nothing dealt here: the server deals
    # the hint's key reaches nothing at a network table; the moves (L) and the scores (S) open as at any table
    pair.step(ann, [key(pygame.K_h)])
    assert ann.top is a_table and a_table.aids.hinted is None and a_table.aids._hint_future is None
    assert a_table.model.match.rounds == [] and not a_table.model.match.assisted
    pair.step(ann, [key(pygame.K_l)])
    assert a_table.panel("moves").shown
    pair.step(ann, [key(pygame.K_l)])
    assert not a_table.panel("moves").shown
    pair.step(ann, [key(pygame.K_s)])
    assert isinstance(ann.top, ScoreSheetScene) and ann.top.sheet is not None and ann.top.sheet.rows == ()
    pair.step(ann, [key(pygame.K_s)])
    assert ann.top is a_table

    refused_drop = False
    thinking_seen = False
    moves = 0
    end = time.monotonic() + 240
    while not all(t.mode.source.frozen is not None for t in tables):
        assert time.monotonic() < end, "the round did not end in time"
        mover = the_mover(tables)
        if mover is None:
            pair.step()
            continue
        app = mover.app
        other = b_table if mover is a_table else a_table
        # the other table says who is thinking, and shows the mover's tiles as backs
        pair.until(lambda: same_table(mover, other), 60, "both tables at the same move")
        seat = mover.model.viewer
        other_plaque = other.snapshot.plaques[seat]
        assert other_plaque.faces is None and other.model.state.hand(seat) == []
        assert other_plaque.info[1] == len(mover.model.state.hand(seat))  # the count of the backs
        if other_plaque.info[4] == "thinking…" and "is thinking" in other.snapshot.hand_label:
            thinking_seen = True
        # the same tiles on both felts, in the same places of the line
        assert [(p.tile, p.arm) for p in mover.model.state.placements] == [(p.tile, p.arm) for p in other.model.state.placements]
        assert sorted(s.tile for s in mover.board.layout.tiles) == sorted(s.tile for s in other.board.layout.tiles)
        history = len(mover.mode.source.mirror.history)
        hand = mover.model.state.hand(seat)
        lays = [a for a in mover.model.legal if a.kind == "lay"]
        misfit = next((t for t in hand if not targets_for(t, mover.model.legal)), None)
        if not refused_drop and misfit is not None and mover.board.layout.slots:
            # a tile dropped where it cannot go: the engine's reason, nothing sent
            rect = mover.board.hand_rect(misfit)
            spot = next(iter(mover.board.layout.slots.values())).rect
            assert rect is not None
            pair.drag(app, rect.center, spot.center)
            message = mover.motion.message
            assert message is not None and message.warning and message.text in engine_reasons(mover, misfit), message
            assert not mover.mode.source.mirror.sent
            for _ in range(5):
                pair.step()
            assert len(mover.mode.source.mirror.history) == history and misfit in mover.model.state.hand(seat)
            refused_drop = True
        kinds = {a.kind for a in mover.model.legal}
        if lays:
            tile = lays[0].tile
            assert tile is not None
            slot = slot_of(targets_for(tile, mover.model.legal)[0].variant(0), mover.board.layout)
            rect = mover.board.hand_rect(tile)
            assert slot is not None and rect is not None
            pair.drag(app, rect.center, slot.rect.center)
        elif "draw" in kinds:
            # no tile fits: once the table stands still the label says draw and the boneyard glows
            pair.until(lambda: not mover.motion.blocking, 60, "the table still")
            assert mover.snapshot.can_draw and "draw from the boneyard" in mover.snapshot.hand_label
            pair.click(app, mover.board.regions.boneyard.center)
        else:
            button = mover.toolbar.turn["pass" if "pass" in kinds else "refuse"]
            assert button.visible
            pair.click(app, pygame.Rect(button.rect).center)
        pair.until(lambda: len(mover.mode.source.mirror.history) > history or mover.mode.source.frozen is not None, 60, "the server took the move")
        moves += 1
    assert moves >= 4 and refused_drop and thinking_seen

    # the round's end: both tables hold still on it, every hand revealed, the same outcome
    pair.until(lambda: all(isinstance(a.top, RoundEndScene) for a in (ann, bo)), 60, "the round's summary on both")
    a_round, b_round = a_table.mode.source.frozen, b_table.mode.source.frozen
    assert a_round is not None and b_round is not None
    assert a_round.outcome == b_round.outcome and a_table.model.match.totals == b_table.model.match.totals
    assert a_table.mode.look.revealed(a_table, b_seat) == tuple(b_round.hand(b_seat)) and b_table.mode.look.revealed(b_table, a_seat) == tuple(a_round.hand(a_seat))
    assert [p.tile for p in a_round.placements] == [p.tile for p in b_round.placements]
    # Next round on both: the server's next deal shows
    for app in (ann, bo):
        summary = app.top
        assert isinstance(summary, RoundEndScene)
        pair.click(app, pygame.Rect(summary.buttons["next"].rect).center)
    pair.until(lambda: all(t.mode.source.frozen is None and t.mode.source.mirror.round_index == 1 for t in tables), 60, "the next round")
    assert "round 2" in a_table.snapshot.header and "round 2" in b_table.snapshot.header
    assert sorted(a_table.model.state.hand(a_seat)) == sorted(a_table.mode.source.mirror.view.hand)

    # a reaction goes round; Bo leaves: Ann's table says so and waits
    pair.click(ann, pygame.Rect(a_table.mode.look.buttons["nice"].rect).center)
    pair.until(lambda: b_table.motion.message is not None and "Nice!" in b_table.motion.message.text, 60, "the reaction")
    pair.click(bo, pygame.Rect(b_table.mode.look.buttons["leave"].rect).center)
    assert type(bo.top).__name__ == "TitleScene"
    pair.until(lambda: re.fullmatch(r"away, seat held [45]:\d\d", a_table.mode.look.seat_info(a_table, b_seat)[4]) is not None, 60, "Bo away on Ann's table, the hold counting down")
    for _ in range(2):  # the host's Leave mid-match asks to be pressed again
        pair.click(ann, pygame.Rect(a_table.mode.look.buttons["leave"].rect).center)
    assert type(ann.top).__name__ == "TitleScene"


def test_the_host_leaves_mid_turn_bo_is_told_and_no_seat_is_kept_for_a_closed_table(apps: tuple[App, App]) -> None:
    """Ann hosts, Bo joins, the match starts; Ann leaves at once (her Leave). Bo's
    table says the host left, Ann's plaque says she left the table (not that she
    lost her connection and is waited for), and Bo's *Play with friends* offers no
    *Back to table* for the closed table."""
    from game.net.app import kept_seats

    ann, bo = apps
    pair = Pair(ann, bo)
    a_table, b_table = sit_down(pair, ann, bo)
    session = b_table.mode.source.play.session
    assert session is not None and session.seated is not None
    url, code = session.seated.url, session.seated.table
    assert kept_seats.find(url, code) is not None  # Bo's seat is kept while the table goes on
    a_seat = a_table.mode.source.mirror.seat
    # one press of the host's Leave mid-match would end Bo's match too: it asks first
    pair.click(ann, pygame.Rect(a_table.mode.look.buttons["leave"].rect).center)
    assert ann.top is a_table and not b_table.mode.source.mirror.host_left
    said = a_table.motion.message
    assert said is not None and said.warning and said.text.startswith("Press Leave again to close the table for everyone")
    for _ in range(100):  # the question lapses: one press asks again
        pair.step()
    pair.click(ann, pygame.Rect(a_table.mode.look.buttons["leave"].rect).center)
    assert ann.top is a_table
    pair.click(ann, pygame.Rect(a_table.mode.look.buttons["leave"].rect).center)  # pressed again: closed
    assert type(ann.top).__name__ == "TitleScene"
    pair.until(lambda: b_table.mode.source.mirror.host_left, 60, "Bo told the host left")
    pair.step()
    assert "The host left: the table is closed." in b_table.snapshot.hand_label
    assert b_table.mode.look.seat_info(b_table, a_seat)[4] == "left the table"
    assert kept_seats.find(url, code) is None
    pair.click(bo, pygame.Rect(b_table.mode.look.buttons["leave"].rect).center)
    assert type(bo.top).__name__ == "TitleScene"
    pair.click(bo, pygame.Rect(bo.top.buttons["friends"].rect).center)
    friends = bo.top
    assert type(friends).__name__ == "FriendsScene"
    assert not any(name.startswith("kept") for name in friends.buttons)
