"""Two people at the host's screen and a friend on another app, at the real table
(``TableScene`` in ``CouchNetMode``, game/ui/table/modes/net_couch_mode.py), driven by
synthetic events: Ann hosts Matador for three with Cy beside her at her screen
and Bo joining from a second app (websockets on 127.0.0.1). Every seat of
Ann's app is a connection of its own; the table hands the screen between Ann
and Cy with couch play's cover. Every frame Ann's app draws is inspected as an
attacker at her screen would: no tile face but those on the table and, on
their own turn, the hand of the person who lifted the last cover; and every
message each of Ann's seats received names no tile of another hand.
"""

from __future__ import annotations

import json
import time
from typing import Any, Callable, Iterator

import pygame
import pytest

from game.engine.tiles import halves
from game.net.app.mirror import Mirror
from game.ui.shell import flow
from game.ui.shell.app import App
from game.ui.table import CouchNetMode, HandoffScene, NetMode, RoundEndScene, TableScene, slot_of, targets_for
from tests.net.server.test_play import check_wire
from tests.ui.conftest import shared_art
from tests.ui.scenes.friends.test_friends import Frames, net_threads, open_join, type_into
from tests.ui.table.modes.test_net_table import Pair

SIZE = (1280, 800)


@pytest.fixture
def apps(make_app: Callable[..., App]) -> Iterator[tuple[App, App]]:
    ann = make_app(SIZE)
    ann.routes.open_title()
    bo = App(SIZE, surface=pygame.Surface(SIZE))
    bo.services["art"] = shared_art()
    flow.install(bo)
    bo.routes.open_title()
    yield ann, bo
    bo.close()
    ann.close()
    assert net_threads() == []


class FaceSpy:
    """Stands in for the tile art while a table is drawn: notes every face drawn."""

    def __init__(self, art: Any, faces: list[tuple[int, int]]):
        self._art = art
        self._faces = faces

    def __getattr__(self, name: str) -> Any:
        return getattr(self._art, name)

    def face(self, a: int, b: int, length: int, vertical: bool = False) -> Any:
        self._faces.append((min(a, b), max(a, b)))
        return self._art.face(a, b, length, vertical)


def faces_of(tiles: Any) -> set[tuple[int, int]]:
    out = set()
    for tile in tiles:
        a, b = halves(tile)
        out.add((min(a, b), max(a, b)))
    return out


def host_with_a_person_here(frames: Frames) -> Any:
    """Title -> Play with friends -> Host a table: three players, seat 2 a person
    here called Cy, seat 3 a friend -> Open the table: the lobby."""
    app = frames.app
    frames.click(app.top.buttons["friends"])
    frames.click(app.top.buttons["host"])
    form = app.top
    assert type(form).__name__ == "HostScene"
    frames.click(form.buttons["players:1"])
    assert form.players == 3 and [s["kind"] for s in form.seats[:3]] == ["human", "friend", "friend"]
    frames.click(form.buttons["kind1:-1"])  # a friend -> a person at this screen
    assert form.seats[1]["kind"] == "here" and form.buttons["kind1:0"].text == "Person here"
    assert form.entries[1].visible and form.seats[1]["name"] == "Player 2"
    type_into(frames, form.entries[1], "Cy")
    frames.step()
    assert form.seats[1]["name"] == "Cy" and form.problem is None, form.problem
    assert "1 person here" in form.status_words(form.rules)
    frames.click(form.buttons["start"])
    lobby = app.top
    assert type(lobby).__name__ == "LobbyScene"
    frames.until(lambda: lobby.play is not None and lobby.play.phase == "lobby", 60, "the table, Cy seated")
    return lobby


def record_wire(mirror: Mirror, into: list[str]) -> None:
    """Every message the seat's connection hands its mirror, kept as a line."""
    session = mirror.source
    assert session is not None
    poll = session.poll

    def recorded() -> list[dict[str, Any]]:
        messages = poll()
        into.extend(json.dumps(m) for m in messages)
        return messages

    session.poll = recorded  # type: ignore[method-assign]


def until_first_round_over(lines: list[str]) -> list[str]:
    end = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "round_over")
    return lines[: end + 1]


def test_a_person_at_the_host_s_screen_and_a_friend_play_a_round_each_hand_private(apps: tuple[App, App]) -> None:
    ann, bo = apps
    pair = Pair(ann, bo)
    lobby = host_with_a_person_here(Frames(ann))
    play = lobby.play
    assert set(play.mirrors) == {0, 1} and play.mirrors[1] is not play.mirror
    assert play.mirrors[1].source is not play.session  # a connection (and token) of its own
    rows = dict((number, words) for number, words, _taken in lobby.lines()[3])
    assert rows["2"] == "Cy (at this screen)" and rows["3"] == "open: waiting for a friend"
    wires: dict[int, list[str]] = {0: [], 1: []}
    for seat, mirror in play.mirrors.items():
        record_wire(mirror, wires[seat])
    # Bo joins from his app by address and code; Ann starts
    join = open_join(Frames(bo))
    for key, text in (("address", f"127.0.0.1:{play.hosted.port}"), ("code", play.mirror.code), ("name", "Bo")):
        type_into(Frames(bo), join.entries[key], text)
    pair.click(bo, pygame.Rect(join.buttons["join"].rect).center)
    pair.until(lambda: lobby.buttons["start"].is_enabled, 60, "Bo in Ann's lobby")
    pair.click(ann, pygame.Rect(lobby.buttons["start"].rect).center)
    pair.until(lambda: all(isinstance(a.top, (TableScene, HandoffScene)) for a in (ann, bo)), 60, "both tables")
    table = next(s for s in ann.scenes if isinstance(s, TableScene))
    b_table = bo.top
    assert isinstance(table.mode, CouchNetMode) and isinstance(b_table, TableScene) and type(b_table.mode) is NetMode
    assert table.model.people == [0, 1] and b_table.model.people == [2] and table.model.viewer is None
    assert not {"undo", "redo", "hint"} & set(table.mode.look.tool_names(table)) and table.aids.takebacks is None and not table.mode.moves.aids_on(table)  # no undo, no hint
    mirrors = play.mirrors

    # Every frame of Ann's app, as an attacker at her screen sees it.
    holder: list[int | None] = [None]  # the person who lifted the last cover
    problems: list[str] = []
    seen = {"frames": 0, "faces": 0}
    original = ann.draw

    def draw(surface: Any) -> None:
        renderer = table.renderer
        assert renderer is not None
        faces: list[tuple[int, int]] = []
        art = renderer.art
        renderer.art = FaceSpy(art, faces)  # type: ignore[assignment]
        try:
            original(surface)
        finally:
            renderer.art = art
        top = ann.top
        if isinstance(top, HandoffScene):
            if faces:
                problems.append(f"faces {faces} drawn under the cover for {top.name}")
            return
        if top is not table or table.mode.source.frozen is not None or any(m.view is None for m in mirrors.values()):
            return  # the round's end: every hand is revealed to all
        if any(m.round_index != table.mode.source.mirror.round_index for m in mirrors.values()):
            return  # one connection already heard the round's end (and the next deal), the seat shown not yet
        if any(m.view.phase == "over" for m in mirrors.values()):
            return  # the round's last move heard, its reveal (every hand, to all) on its way
        seen["frames"] += 1
        public: set[tuple[int, int]] = set()
        for m in mirrors.values():
            public |= faces_of(p.tile for p in m.view.placements)
        secret = {seat: faces_of(m.view.hand) - public for seat, m in mirrors.items()}
        drawn = set(faces) - public
        seen["faces"] += bool(drawn)
        who = holder[0]
        for seat, tiles in secret.items():
            shown = drawn & tiles
            if not shown:
                continue
            if seat != who:
                problems.append(f"{table.model.names[seat]}'s tiles {sorted(shown)} drawn while {who} holds the screen")
            elif mirrors[seat].to_move != seat:
                problems.append(f"{table.model.names[seat]}'s tiles {sorted(shown)} drawn while {mirrors[seat].to_move} is to play")
        if drawn - set().union(*secret.values()):
            problems.append(f"faces {sorted(drawn)} drawn that no hand here holds and the table does not show")
        for seat, plaque in table.snapshot.plaques.items():
            if plaque.faces is not None:
                problems.append(f"seat {seat}'s plaque shows faces during the round")

    ann.draw = draw  # type: ignore[method-assign]

    covers: list[str] = []
    handed_between: set[tuple[int, int]] = set()
    moves = 0
    end = time.monotonic() + 240
    while not (table.mode.source.frozen is not None and b_table.mode.source.frozen is not None):
        assert time.monotonic() < end, "the round did not end in time"
        assert not problems, problems[:3]
        top = ann.top
        if isinstance(top, HandoffScene):
            seat = table.model.names.index(top.name)
            covers.append(top.name)
            assert mirrors[seat].my_turn  # the cover names the person whose turn it is
            for _ in range(6):
                pair.step()
            assert ann.top is top and table.model.viewer != seat  # it stays up until that person lifts it
            if holder[0] is not None and holder[0] != seat:
                handed_between.add((holder[0], seat))
            holder[0] = seat
            pair.click(ann, (640, 400))
            assert ann.top is table and table.model.viewer == seat
            continue
        mover, app = None, None
        if top is table and table.can_act() and not table.mode.source.mirror.sent:
            mover, app = table, ann
            assert table.model.viewer == holder[0] and table.mode.source.mirror.seat == table.model.viewer
            assert table.mode.look.hand_face_up(table) and sorted(t for t, _r in table.board.hand) == sorted(mirrors[table.model.viewer].view.hand)
        elif bo.top is b_table and b_table.can_act() and not b_table.mode.source.mirror.sent:
            mover, app = b_table, bo
        if mover is None:
            pair.step()
            continue
        history = len(mover.mode.source.mirror.history)
        kinds = {a.kind for a in mover.model.legal}
        lays = [a for a in mover.model.legal if a.kind == "lay"]
        if lays and lays[0].tile is not None:
            slot = slot_of(targets_for(lays[0].tile, mover.model.legal)[0].variant(0), mover.board.layout)
            rect = mover.board.hand_rect(lays[0].tile)
            assert slot is not None and rect is not None
            pair.drag(app, rect.center, slot.rect.center)
        elif "draw" in kinds:
            pair.click(app, mover.board.regions.boneyard.center)
        else:
            button = mover.toolbar.turn["pass" if "pass" in kinds else "refuse"]
            assert button.visible
            pair.click(app, pygame.Rect(button.rect).center)
        pair.until(lambda: len(mover.mode.source.mirror.history) > history or mover.mode.source.frozen is not None, 60, "the server took the move")
        moves += 1
    assert not problems, problems[:3]
    assert moves >= 4 and covers[0] in (table.model.names[0], "Cy")
    assert handed_between, f"the screen was never handed between Ann and Cy: covers {covers}"
    assert seen["frames"] > 50 and seen["faces"] > 10  # the inspection looked at hands face up
    # the round's end on both apps: the same outcome
    # (each summary's buttons are made on its first frame: wait for Ann's too)
    pair.until(lambda: isinstance(ann.top, RoundEndScene) and isinstance(bo.top, RoundEndScene) and "next" in ann.top.buttons, 60, "both summaries")
    assert table.mode.source.frozen.outcome == b_table.mode.source.frozen.outcome and table.model.match.totals == b_table.model.match.totals
    # Next round on Ann's app: the new deal is handed over afresh (no hand shows before a cover)
    pair.click(ann, pygame.Rect(ann.top.buttons["next"].rect).center)
    pair.until(lambda: table.mode.source.frozen is None, 60, "the next round")
    assert table.model.viewer is None and not table.mode.look.hand_face_up(table)
    # every byte each seat of Ann's app was sent names no tile it may not know (each
    # connection is its own socket: one may hear the round's end a few frames later)
    pair.until(lambda: all(any('"round_over"' in line for line in lines) for lines in wires.values()), 60, "every seat heard the round's end")
    for seat, lines in wires.items():
        assert check_wire(seat, until_first_round_over(lines), table.model.match.rules) > 5
    ann.draw = original  # type: ignore[method-assign]


def test_the_host_s_setup_with_people_here_opens_their_seats_and_names_them() -> None:
    from game.ui.scenes.friends.friends_model import HostSetup

    setup = HostSetup()
    setup.host_name = "Ann"
    saved = {"rules": "matador", "players": 4, "seats": [{"kind": "friend", "name": ""}, {"kind": "human", "name": ""}, {"kind": "here", "name": "Cy"}, {"kind": "hard", "name": ""}]}
    setup.load(saved, lambda pad: False)
    setup.name_person(1)
    assert [setup.named(i) for i in range(4)] == [False, True, True, False]
    assert setup.lines().count("name2") == 1 and "input2" in setup.lines() and "input1" in setup.lines()  # a person here may have a controller
    assert "input0" not in setup.lines() and "input3" not in setup.lines()  # a friend's and a computer's seat: none
    assert setup.check()[1] is None
    fields = setup.create_fields()
    assert fields["seats"] == ["open", "open", "open", "hard"] and fields["seat"] == 1 and fields["name"] == "Ann"
    assert setup.here_seats() == [(2, "Cy")]
    # a person here needs a name of their own, and You stays exactly one seat
    setup.seats[2]["name"] = "ann"
    assert "called" in (setup.check()[1] or "")
    setup.seats[2]["name"] = ""
    assert setup.check()[1] == "Seat 3 needs a name"
    setup.seats[2] = {"kind": "friend", "name": ""}
    setup.step_kind(2, -1)  # a friend's seat becomes a person's here, with a name to change
    assert setup.seats[2] == {"kind": "here", "name": "Player 3"} and setup.check()[1] is None
    setup.seats[2]["kind"] = "human"
    assert setup.check()[1] == "Choose You for exactly one seat: yours"
    # kept in the settings and read back
    setup.seats[2] = {"kind": "here", "name": "Cy"}
    again = HostSetup()
    again.load(setup.saved(), lambda pad: False)
    assert again.here_seats() == [(2, "Cy")]


def in_process_couch_table(pool: Any, tmp_path: Any, seed: int, pads: dict[int, int] | None = None) -> tuple[Any, Mirror, Any]:
    """A started three-player Matador table of the server's ``Table`` in this
    process (no sockets, as tests/net/app/test_mirror.py does): Ann hosts with Cy at
    her screen (seat 1), Bo a friend. Ann's app's play (every seat here seated and
    viewing), Bo's mirror, and the store to close."""
    from game.net.app.netplay import NetPlay
    from game.net.server.store import Store
    from game.net.server.table import Table
    from tests.net.app.test_mirror import sit

    row = Table.new_row("K7QX-2M", {"rules": "matador", "players": 3, "seats": ["open"] * 3, "seat": 0}, seed)
    store = Store(tmp_path / "t.sqlite3")
    store.create(row)
    server = Table(row, store, pool)
    server.take_seat(0, "Ann")
    ann_m, _ = sit(server, 0, "Ann", host=True)
    cy_m, _ = sit(server, 1, "Cy")
    bo_m, _ = sit(server, 2, "Bo")
    for m in (ann_m, cy_m, bo_m):
        m.update()
    assert ann_m.start()
    play = NetPlay(ann_m, record=False, here=[(1, "Cy")], pads=pads)
    play.here = {1: cy_m}
    play.update()
    bo_m.update()
    return play, bo_m, store


def test_a_hand_turned_face_down_stops_gliding_and_the_next_person_sees_only_their_own(make_app: Callable[..., App], tmp_path: Any) -> None:
    """Without sockets (the server's ``Table`` in this process, as tests/net/app/test_mirror.py
    does): a tile of Ann's hand still gliding face up when her turn ends (one just
    drawn, say) is not shown once her hand is face down, nor after the screen is
    handed to Cy; Cy then sees her own hand and Ann's as backs."""
    from concurrent.futures import ThreadPoolExecutor

    from game.ui.table import couch_net_table
    from game.ui.table import Glide

    with ThreadPoolExecutor(1) as pool:
        play, bo_m, store = in_process_couch_table(pool, tmp_path, 4321)
        assert play.seated and play.viewing and set(play.mirrors) == {0, 1}
        app = make_app((800, 600))
        table = couch_net_table(play)
        app.push(table)
        checked = 0
        for _ in range(400):
            app.step([], 0.05)
            bo_m.update()
            if bo_m.my_turn:
                bo_m.play(bo_m.legal[0])
            top = app.top
            if isinstance(top, HandoffScene):
                seat = table.model.names.index(top.name)
                app.step([], 0.3)
                app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x", scancode=0)], 0.016)
                assert app.top is table and table.model.viewer == seat
                mine = play.mirrors[seat].view
                assert sorted(t for t, _r in table.board.hand) == sorted(mine.hand) and table.mode.look.hand_face_up(table)
                assert all(p.faces is None for p in table.snapshot.plaques.values())
                continue
            if top is table and table.can_act() and not table.mode.source.mirror.sent and table.model.viewer == 0 and checked < 3:
                hand = list(table.mode.source.mirror.view.hand)
                legal = table.model.legal
                tile = next((t for t in hand if not any(a.tile == t for a in legal)), None)
                if tile is None:
                    table.play(legal[0], None)
                    continue
                a, b = halves(tile)
                table.motion.add(Glide((10.0, 10.0), (400.0, 500.0), 30.0, (a, b, True, 40), 40, True, tile, blocks=False))
                table.play(next(a for a in legal if a.tile != tile) if any(a.tile != tile for a in legal) else legal[0], None)
                for _ in range(3):
                    app.step([], 0.05)
                    if table.mode.source.mirror.to_move != 0:
                        break
                if table.mode.source.mirror.to_move != 0 or isinstance(app.top, HandoffScene):
                    assert not any(g.face is not None and g.hides == tile for g in table.motion.glides)
                    checked += 1
                continue
            if top is table and table.can_act() and not table.mode.source.mirror.sent:
                table.play(table.model.legal[0], None)
            if table.mode.source.frozen is not None:
                break
        assert checked >= 1
        store.close()


def test_people_at_the_host_s_screen_each_play_with_their_own_controller(make_app: Callable[..., App], tmp_path: Any) -> None:
    """A controller per seat at the host's screen, as the New game's people may
    have, by synthetic SDL controller events: on *Host a table* A on a friend's
    seat from a controller makes it a person here played by that controller
    (remembered); at the table (the server's ``Table`` in this process, opened
    through the app's route as from the lobby) the cover is lifted only by the
    controller of the person to move, and a turn is played only by that
    controller (not the other one, nor the keyboard)."""
    from concurrent.futures import ThreadPoolExecutor

    from game.ui.scenes.friends import HostScene
    from game.ui.scenes.title import TitleScene
    from tests.ui.table.test_controller_play import ANN, BOB, Devices, plug, press, settle

    app = make_app((1024, 700))
    app.pads.opener = Devices()
    app.push(TitleScene())
    app.push(HostScene())
    app.step([], 0.016)
    ann_pad, cy_pad = plug(app, ANN), plug(app, BOB)
    form = app.top
    assert isinstance(form, HostScene)
    form.read_names()
    form.state.step_players(1)  # three players: You, a friend, a friend
    form.changed()
    assert [s["kind"] for s in form.seats[:3]] == ["human", "friend", "friend"]
    press(app, BOB, "down")  # the first press shows the focus; then walk to seat 2
    while form.focus_key != "kind1":
        press(app, BOB, "down")
    press(app, BOB, "a")
    assert form.seats[1]["kind"] == "here" and form.seats[1]["name"] == "Player 2"  # a person at this screen
    assert form.inputs.owner(1) == cy_pad
    press(app, ANN, "up")
    while form.focus_key != "kind0":
        press(app, ANN, "up")
    press(app, ANN, "a")
    assert form.state.seat_pads() == {0: ann_pad, 1: cy_pad} and form.seats[0]["kind"] == "human"
    assert form.state.here_seats() == [(1, "Player 2")]
    saved = form.state.saved()
    assert [s.get("input") for s in saved["seats"][:3]] == [ann_pad, cy_pad, None]
    app.pop()

    with ThreadPoolExecutor(1) as pool:
        play, bo_m, store = in_process_couch_table(pool, tmp_path, 97531, pads={0: ann_pad, 1: cy_pad})
        assert play.seated and play.viewing
        app.routes.open_net_table(play)
        table = next(s for s in app.scenes if isinstance(s, TableScene))  # under the first turn's cover, if it is up already
        assert isinstance(table.mode, CouchNetMode)
        assert table.controls.seats.pads == {0: ann_pad, 1: cy_pad}
        pad_of = {0: ANN, 1: BOB}
        covers = {0: 0, 1: 0}
        turns = {0: 0, 1: 0}
        enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
        for _ in range(600):
            if min(turns.values()) >= 3 or table.mode.source.frozen is not None:
                break
            app.step([], 0.05)
            bo_m.update()
            if bo_m.my_turn and not bo_m.sent:
                bo_m.play(bo_m.legal[0])
            top = app.top
            if isinstance(top, HandoffScene):
                seat = table.model.names.index(top.name)
                own, other = pad_of[seat], pad_of[1 - seat]
                assert top.prompt.startswith(f"Press A on Controller {app.pads.number_of(own)}")
                settle(app, 8)  # past the guard against stray presses
                press(app, other, "a")
                app.step([enter], 0.016)
                assert app.top is top  # neither the other controller nor the keyboard lifts it
                press(app, own, "a")
                assert app.top is table and table.model.viewer == seat
                covers[seat] += 1
                continue
            mirror = table.mode.source.mirror
            if top is not table or not table.can_act() or mirror.sent or table.model.viewer is None:
                continue
            seat = table.model.viewer
            assert mirror.seat == seat and mirror.my_turn
            own, other = pad_of[seat], pad_of[1 - seat]
            moves = len(mirror.history)
            press(app, other, "a", "y", "b")
            app.step([enter, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d", scancode=0)], 0.016)
            assert not mirror.sent and len(mirror.history) == moves  # not this seat's input: nothing sent
            kinds = {a.kind for a in table.model.legal}
            press(app, own, "a" if "lay" in kinds else "y" if "draw" in kinds else "b")
            assert mirror.sent or len(mirror.history) > moves  # its own controller plays the turn
            turns[seat] += 1
        assert min(turns.values()) >= 3 and min(covers.values()) >= 1, (turns, covers)
        store.close()
