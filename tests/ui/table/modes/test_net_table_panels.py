"""A network table as complete as a couch table: the moves panel and the score
sheet from what the seat may see, the match-over screen, why a connection was
given up, and the boneyard lit when a draw is the move.

Ann's seat is the real table scene in an app (``TableScene`` in its network
mode), driven by synthetic mouse and key events; her mirror follows a server
``Table`` in this process (no sockets: tests/net/app/test_mirror.py's ``Wire``);
Bo is a headless mirror that plays the first legal move it computes. The
server's own match is what every figure is checked against.
"""

from __future__ import annotations

import os
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable, Iterator

import pygame
import pytest

from game.engine import RULE_SETS, Action, Match, PlayerInfo, Rules
from game.engine.match import opening_after
from game.net.app.mirror import seat_view
from game.net.shared.protocol import view_json
from game.net.app.mirror import Mirror
from game.net.app.netplay import NetPlay
from game.net.server.store import Store
from game.net.server.table import Table
from game.ui.shell.app import App
from game.ui.scenes.match_over import MatchOverScene
from game.ui.scenes.past_matches_screen import PastMatchesScene
from game.ui.table import NetMode, tool_names, RoundEndScene, ScoreSheetScene, TableScene, lead_text, lead_words, round_log, score_rows, slot_of, targets_for
from tests.net.app.test_mirror import Wire, sit
from tests.ui.conftest import key, mouse_down, mouse_move, mouse_up

DT = 0.05
SHOTS = os.environ.get("MATADOR_SHOTS")  # a folder: the screenshots of the new screens are saved there


class Served:
    """A two-seat table on a server ``Table`` in this process: Ann (seat 0, the
    host) and Bo (seat 1), each a mirror on its own wire."""

    def __init__(self, tmp_path: Path, seed: int, target: int = 30):
        self.pool = ThreadPoolExecutor(1)
        row = Table.new_row("K7QX-2M", {"rules": "matador", "players": 2, "options": {"target_score": target}, "seat": 0}, seed)
        self.store = Store(tmp_path / "t.sqlite3")
        self.store.create(row)
        self.table = Table(row, self.store, self.pool)
        self.table.take_seat(0, "Ann")
        self.ann, self.ann_wire = sit(self.table, 0, "Ann", host=True)
        self.bo, self.bo_wire = sit(self.table, 1, "Bo")
        self.ann.update()
        self.bo.update()
        assert self.ann.start()
        self.ann.update()
        self.bo.update()

    def bo_plays(self) -> None:
        """Bo's headless seat: the first lay it may make, else its first legal move."""
        self.bo.update()
        if self.bo.my_turn:
            legal = self.bo.legal
            move = next((a for a in legal if a.kind == "lay"), legal[0])
            assert self.bo.play(move) is None

    def come_back(self, seat: int) -> tuple[Mirror, Wire]:
        """A new app of ``seat`` takes it back, and its earlier rounds' ends are
        never told it (a server that does not send them again: one of an earlier
        build, or ends missed while the link was down)."""
        mirror, wire = sit(self.table, seat, "", host=True)  # host=True: no new seat is taken, the seat connects again
        wire.inbox[:] = [m for m in wire.inbox if m.get("type") != "rounds"]
        mirror.update()
        assert mirror.ends == {}
        return mirror, wire

    def close(self) -> None:
        self.store.close()
        self.pool.shutdown()


class Held:
    """A seat's wire whose sent messages wait (a slow network) until released."""

    def __init__(self, wire: Wire):
        self.wire = wire
        self.held: list[dict[str, object]] = []

    def poll(self) -> list[dict[str, object]]:
        return self.wire.poll()

    def send(self, message: dict[str, object]) -> None:
        self.held.append(message)

    def release(self) -> None:
        for message in self.held:
            self.wire.send(message)  # type: ignore[arg-type]
        self.held.clear()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Callable[..., Served]]:
    made: list[Served] = []

    def make(seed: int, target: int = 30) -> Served:
        made.append(Served(tmp_path, seed, target))
        return made[-1]

    yield make
    for each in made:
        each.close()


def open_table(app: App, mirror: Mirror) -> TableScene:
    app.routes.open_title()
    app.routes.open_net_table(NetPlay(mirror))
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.mode, NetMode)
    return table


def click(app: App, pos: tuple[int, int]) -> None:
    app.step([mouse_down(pos)], DT)
    app.step([mouse_up(pos)], DT)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    app.step([mouse_down(start)], DT)
    for i in range(1, 4):
        app.step([mouse_move((start[0] + (end[0] - start[0]) * i // 3, start[1] + (end[1] - start[1]) * i // 3), start)], DT)
    app.step([mouse_up(end)], DT)


def ann_moves(app: App, table: TableScene) -> bool:
    """Ann's turn by the mouse, as a player would (True if she moved)."""
    if not (table.can_act() and app.top is table):
        return False
    lays = [a for a in table.model.legal if a.kind == "lay"]
    kinds = {a.kind for a in table.model.legal}
    if lays:
        tile = lays[0].tile
        assert tile is not None
        slot = slot_of(targets_for(tile, table.model.legal)[0].variant(0), table.board.layout)
        rect = table.board.hand_rect(tile)
        assert slot is not None and rect is not None
        drag(app, rect.center, slot.rect.center)
    elif "draw" in kinds:
        click(app, table.board.regions.boneyard.center)
    else:
        button = table.toolbar.turn["pass" if "pass" in kinds else "refuse"]
        click(app, pygame.Rect(button.rect).center)
    return True


def glow_checked(table: TableScene) -> bool:
    """When the hand's label tells Ann to draw and the table stands still, the
    boneyard glows (its snapshot, and its pixels: the glow lies under the pile)."""
    snap = table.snapshot
    if "draw from the boneyard" not in snap.hand_label or table.motion.blocking or table.mode.source.mirror.sent:
        return False
    assert snap.can_draw, "the label says draw, the boneyard is not lit"
    return True


def faces_sorted(lines: list) -> list:  # type: ignore[type-arg]
    return [(line.index, line.seat, line.text, sorted(line.tiles, key=lambda f: (f is None, f))) for line in lines]


def shot(app: App, name: str) -> None:
    if SHOTS:
        app.step([], DT)
        pygame.image.save(app.surface, os.path.join(SHOTS, f"{name}-{app.size[0]}x{app.size[1]}.png"))


@pytest.mark.parametrize("size", [(1280, 800), (800, 600)])
def test_moves_scores_and_the_match_s_end_at_a_network_table(make_app: Callable[..., App], served: Callable[..., Served], size: tuple[int, int]) -> None:
    s = served(seed=11)
    app = make_app(size)
    table = open_table(app, s.ann)
    shared = tool_names(False, shared=True)  # (the toolbar's tools shown at a table of several people)
    assert "moves" in shared and table.mode.look.tool_names(table) == shared and list(table.toolbar.tools) == shared
    reactions = [pygame.Rect(table.mode.look.buttons[n].rect) for n in ("nice", "oops", "well-played", "leave")]
    tools = [pygame.Rect(b.rect) for b in table.toolbar.tools.values()]
    assert not any(t.colliderect(r) for t in tools for r in reactions)  # the tools and the reactions share the row
    assert all(table.board.regions.felt.contains(r) for r in tools + reactions)
    # the Moves tool opens the moves panel; H (the hint) still reaches nothing
    click(app, pygame.Rect(table.toolbar.tools["moves"].rect).center)
    assert table.panel("moves").shown and "moves" in table.board.regions.panels
    app.step([key(pygame.K_h)], DT)
    assert table.aids.hinted is None and table.aids._hint_future is None and not table.model.match.assisted

    names = table.model.names
    glowed = drew = rounds = 0
    shown_moves = shown_sheet = False
    for _ in range(6000):
        if isinstance(app.top, MatchOverScene):
            break
        top = app.top
        if isinstance(top, RoundEndScene):
            rounds += 1
            # the score sheet from the round ends the mirror received: the server's rows, the server's totals
            server = s.table.match
            assert server is not None
            sheet = table.mode.source.sheet(table)
            assert list(sheet.rows) == score_rows(server)[: len(sheet.rows)] and sheet.unseen == 0
            button = top.buttons.get("next") or top.buttons["leave"]
            click(app, pygame.Rect(button.rect).center)
            continue
        s.bo_plays()
        app.step([], DT)
        server = s.table.match
        assert server is not None
        if table.mode.source.frozen is None and s.ann.view is not None and s.ann.round_index == server.round_index and len(s.ann.history) == len(server.round.history):
            # the moves panel tells the round as a local table would tell it to Ann (her draws face up, Bo's backs)
            told = table.mode.source.log_lines(table)
            assert faces_sorted(told) == faces_sorted(round_log(server.round, names, frozenset({0})))
            if told and not shown_moves and len(told) >= 6 and any(line.seat == 0 and line.tiles and line.tiles[0] is not None and len(line.tiles) and "drew" in line.text for line in told):
                shown_moves = True
                shot(app, "net-moves-panel")
        glowed += glow_checked(table)
        if table.can_act() and any(a.kind == "draw" for a in table.model.legal):
            drew += 1
        if rounds == 1 and not shown_sheet and table.mode.source.frozen is None and app.top is table:
            app.step([key(pygame.K_s)], DT)  # S opens the score sheet as at any table
            assert isinstance(app.top, ScoreSheetScene) and app.top.sheet is not None and len(app.top.sheet.rows) == 1
            shot(app, "net-score-sheet")
            app.step([key(pygame.K_s)], DT)
            assert app.top is table
            shown_sheet = True
        ann_moves(app, table)
    assert glowed and drew and shown_sheet and rounds >= 2
    # the match's end: the final scores and who won, with the buttons of a match played once
    over = app.top
    assert isinstance(over, MatchOverScene) and over.network
    assert set(over.buttons) == {"past", "review", "title"}
    server = s.table.match
    assert server is not None and server.over and over.match.totals == server.totals and over.match.winner == server.winner
    assert score_rows(over.match) == score_rows(server)
    # the rating of the person played here moved (Bo, at another machine, counts as a newcomer), and the screen says so
    from game.rating.player_rating import family_of, load_ratings

    me = names[s.ann.seat or 0]
    standing = load_ratings()[0].standing(me, family_of(server.rules.base))
    assert standing is not None and standing.matches == 1
    assert over.rating_lines == [f"{me}: Rating 1500 -> {round(standing.rating.r)} (provisional)"]
    shot(app, "net-match-over")
    click(app, pygame.Rect(over.buttons["past"].rect).center)
    assert isinstance(app.top, PastMatchesScene)
    app.step([key(pygame.K_ESCAPE)], DT)
    app.step([], DT)
    assert app.top is over
    click(app, pygame.Rect(over.buttons["title"].rect).center)
    assert type(app.top).__name__ == "TitleScene"


def test_a_seat_back_mid_match_shows_what_it_has(make_app: Callable[..., App], served: Callable[..., Served]) -> None:
    """Ann's app comes back in the second round (a restart: the first round was
    never told it): the score sheet says round 1 is not shown and keeps the
    server's totals; the moves panel tells the round in play, her own draws
    before she came back as backs; each round's end is said in words; at the
    match's end the match-over screen shows the whole match from its record."""
    s = served(seed=5, target=60)
    for _ in range(2000):  # round 1 played by the two headless seats
        s.ann.update()
        if s.ann.my_turn:
            legal = s.ann.legal
            s.ann.play(next((a for a in legal if a.kind == "lay"), legal[0]))
        s.bo_plays()
        server = s.table.match
        if server is not None and server.round_index >= 1 and len(server.round.history) >= 3:
            break
    server = s.table.match
    assert server is not None and server.round_index >= 1 and not server.over
    mirror, _wire = s.come_back(0)
    app = make_app((1280, 800))
    table = open_table(app, mirror)
    assert 0 not in table.mode.source.mirror.ends  # the rounds before were never told here: none can be played again
    sheet = table.mode.source.sheet(table)
    assert sheet.rows == () and sheet.unseen == server.round_index and sheet.totals == tuple(server.totals)
    assert f"round {server.round_index + 1} " in table.snapshot.header  # the round in play, not the rounds seen
    app.step([key(pygame.K_s)], DT)
    assert isinstance(app.top, ScoreSheetScene)
    shot(app, "net-score-sheet-came-back")
    app.step([key(pygame.K_ESCAPE)], DT)
    app.step([key(pygame.K_l)], DT)
    assert table.panel("moves").shown
    told = table.mode.source.log_lines(table)
    local = round_log(server.round, table.model.names, frozenset({0}))
    assert [(line.index, line.text) for line in told] == [(line.index, line.text) for line in local]
    draws = [line for line in told if "drew" in line.text]
    assert all(face is None for line in draws for face in line.tiles)  # Bo's, and Ann's before she came back: backs
    came_back_at = server.round_index
    said: set[str] = set()
    checked = False
    for _ in range(6000):
        if isinstance(app.top, MatchOverScene):
            break
        s.bo_plays()
        app.step([], DT)
        message = table.motion.message
        said.add(message.text if message is not None else "")
        if came_back_at in table.mode.source.mirror.ends and table.mode.source.mirror.over is None and not checked:
            checked = True
            sheet = table.mode.source.sheet(table)
            assert [row.number for row in sheet.rows] == [came_back_at + 1] and sheet.unseen == came_back_at
            assert sheet.rows[0] == score_rows(s.table.match)[came_back_at]
            assert sheet.totals == tuple(s.table.match.totals)
        ann_moves(app, table)
    over = app.top
    ends = [text for text in said if text.startswith(f"Round {came_back_at + 1}: ") or "wins the match" in text or "drawn" in text]
    assert checked and ends and isinstance(over, MatchOverScene) and set(over.buttons) == {"past", "review", "title"}
    assert score_rows(over.match) == score_rows(s.table.match)  # the whole match, from the server's record
    click(app, pygame.Rect(over.buttons["review"].rect).center)
    review = app.top
    assert isinstance(review, TableScene) and review.mode.name == "review"


def test_a_seat_back_mid_match_gets_its_earlier_rounds_and_keeps_them_when_the_host_leaves(
    make_app: Callable[..., App], served: Callable[..., Served]
) -> None:
    """Bo's app comes back in the second round of a server that sends the rounds
    played out (``rounds``): his score sheet holds every row the server's does,
    nothing unseen, and the header the round in play. Then the host leaves: the
    table says so, and that the match so far is kept in Past matches (a file
    that loads, with the rounds played out)."""
    from game.archive import past_matches
    from game.net.shared.protocol import HOST_LEFT

    s = served(seed=5, target=60)
    for _ in range(2000):  # round 1 played by the two headless seats
        s.ann.update()
        if s.ann.my_turn:
            legal = s.ann.legal
            s.ann.play(next((a for a in legal if a.kind == "lay"), legal[0]))
        s.bo_plays()
        server = s.table.match
        if server is not None and server.round_index >= 1 and len(server.round.history) >= 3:
            break
    server = s.table.match
    assert server is not None and server.round_index >= 1 and not server.over
    mirror, wire = sit(s.table, 1, "", host=True)  # the seat connects again (no new seat taken)
    mirror.update()
    app = make_app((1280, 800))
    table = open_table(app, mirror)
    app.step([], DT)
    sheet = table.mode.source.sheet(table)
    expected = tuple(score_rows(server))[: server.round_index]
    assert sheet.unseen == 0 and len(sheet.rows) == server.round_index and sheet.rows == expected
    assert sheet.totals == tuple(server.totals)
    assert f"round {server.round_index + 1} " in table.snapshot.header
    mirror.update()  # a round's end told twice (a round_over, and again among the rounds) counts once
    assert mirror.completed == server.round_index
    wire.inbox.append({"type": "closed", "by": "host", "reason": HOST_LEFT})
    wire.inbox.append({"type": "link", "state": "failed", "reason": HOST_LEFT})
    for _ in range(3):
        app.step([], DT)
    words = "The host left: the table is closed.  ·  The match so far is kept in Past matches."
    message = table.motion.message
    assert message is not None and message.text == words
    assert table.snapshot.hand_label.endswith(words)
    assert mirror.lobby is not None
    statuses = {seat: plaque.info[4] for seat, plaque in table.snapshot.plaques.items()}
    assert statuses[mirror.lobby.host] == "left the table", statuses  # not "lost connection, waiting…"
    assert not any(status in ("thinking…", "lost connection, waiting…") for status in statuses.values()), statuses
    kept = table.mode.source.play.kept
    assert kept is not None
    match, problem = past_matches.load(kept)
    assert match is not None and not problem and len(match.completed_rounds) >= 1


@pytest.mark.parametrize(
    "reason,words",
    [
        ("The table could not be reached again (timed out).", "The table stopped answering: the host may have left."),
        ("this token is not the token of that seat", "The table refused: this token is not the token of that seat"),
        ("your seat was taken over by a newer connection", "Your seat was taken over from another window or machine."),
    ],
)
def test_a_connection_given_up_says_why(make_app: Callable[..., App], served: Callable[..., Served], reason: str, words: str) -> None:
    s = served(seed=3)
    app = make_app((1280, 800))
    table = open_table(app, s.ann)
    app.step([], DT)
    assert s.ann.to_move == 1 and table.mode.look.seat_info(table, 1)[4] == "thinking…"
    s.ann_wire.inbox.append({"type": "link", "state": "failed", "reason": reason})
    app.step([], DT)
    message = table.motion.message
    assert message is not None and message.warning and message.text == words
    assert table.snapshot.hand_label.endswith(words)
    if s.ann.to_move == 1:
        assert table.mode.look.seat_info(table, 1)[4] == "to move"  # not "thinking…": nothing is known of Bo now
    if reason.startswith("The table could not"):
        shot(app, "net-gave-up")
    for _ in range(40):  # it stays until the player leaves
        app.step([], DT)
    assert table.motion.message is not None and table.motion.message.text == words
    click(app, pygame.Rect(table.mode.look.buttons["leave"].rect).center)
    assert type(app.top).__name__ == "TitleScene"


def test_the_boneyard_glows_once_the_other_s_tile_has_landed(make_app: Callable[..., App], served: Callable[..., Served]) -> None:
    """The screenshot's case: Bo lays, Ann has no tile that fits. While Bo's tile
    glides the table is busy (as at a local table, nothing is lit); once it has
    landed the label says draw and the boneyard glows, frame after frame, and a
    click on it draws."""
    s = served(seed=11)
    app = make_app((1280, 800))
    table = open_table(app, s.ann)
    seen = 0
    for _ in range(4000):
        if seen >= 2 or isinstance(app.top, RoundEndScene):
            break
        s.bo_plays()
        app.step([], DT)
        if not (table.can_act() and {a.kind for a in table.model.legal} == {"draw"}):
            ann_moves(app, table)
            continue
        for _ in range(3):  # it stays lit while Ann thinks
            app.step([], DT)
            assert glow_checked(table)
            assert table.snapshot.can_draw
        before = len(s.ann.history)
        held = Held(s.ann_wire)  # the server's answer takes a while: the move is on its way
        s.ann.source = held
        click(app, table.board.regions.boneyard.center)
        for _ in range(3):
            app.step([], DT)
            assert s.ann.sent and not table.snapshot.can_draw
            assert table.snapshot.hand_label.endswith("your move is on its way")  # not "draw" while nothing is lit
        s.ann.source = s.ann_wire
        held.release()
        for _ in range(20):
            app.step([], DT)
            if len(s.ann.history) > before:
                break
        assert len(s.ann.history) == before + 1 and s.ann.history[-1] == (0, Action.draw())
        seen += 1
    assert seen >= 1


@pytest.mark.parametrize("base", sorted(RULE_SETS))
def test_the_lead_s_words_from_a_seat_s_view(base: str) -> None:
    """On the empty table a network seat says what the lead asks for, as a local
    table would, to every seat: another seat's forced lead tile is announced
    (public by the rules), so it is named to all."""
    info = RULE_SETS[base]
    players = min(info.max_players, 3)
    rules = Rules.from_base(base, players)
    names = ["Ann", "Bo", "Cy"][:players]
    said = forced = 0
    for seed in range(12):
        match = Match(rules, [PlayerInfo(n, "human", None) for n in names], seed)
        rng = random.Random(seed)
        for _round in range(3):
            if match.over:
                break
            match.next_round()
            played = match.completed_rounds[:-1] if match.round.over else match.completed_rounds
            rule = opening_after(rules, played[-1] if played else None).rule
            while match.round.phase == "lead" and not match.round.over:
                local = lead_text(match.round, names)
                mover = match.round.current_player
                for seat in range(players):
                    view = seat_view(rules, view_json(match.view(seat), match.round_index), rule)
                    kind, tile = view.lead
                    assert mover is not None
                    words = lead_words(kind, tile, names[mover])
                    assert words == local and words, (base, seed, seat)
                    said += 1
                    forced += seat != mover and kind == "forced"
                match.push(rng.choice(match.round.legal_moves()))
            while not match.round.over:
                match.push(rng.choice(match.round.legal_moves()))
    assert said and (forced or base in ("leyden", "leyden-senst"))  # (Leyden: the highest double may be refused)


def test_the_lead_s_words_on_a_network_table(make_app: Callable[..., App], served: Callable[..., Served]) -> None:
    """The round's first turn at the network table: the table says the lead's words
    as the server's own round says them (to the seat that leads, or of the other's
    lead wherever the view knows it)."""
    s = served(seed=11)
    app = make_app((1280, 800))
    table = open_table(app, s.ann)
    app.step([], DT)
    server = s.table.match
    assert server is not None and server.round.phase == "lead"
    expected = lead_text(server.round, table.model.names)
    assert table.snapshot.lead == expected and expected
