"""Couch play: with several people at one screen, every person's turn begins
behind the "Pass to NAME" cover (game/ui/table/handoff.py, put up by
``TableControls.hand_over`` and, the moment a table opens or its position
jumps, ``TableScene.begin_turn``); with one person there is none.

The real app is driven by synthetic events: the table opened as New game's
Start, Continue, Next round and Play again open it. Every frame the app draws
is watched as a stranger at the screen would watch it: which scene is shown,
and, whenever the table is drawn, every tile face it paints and what its
snapshot says of the hands. Before a cover is lifted no tile of any hand
shows; after it, the hand of the seat to move does, and no other.

The rule sets come from the engine's registry (``RULE_SETS``), and for each
one a seed is searched for every seat to lead.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterator

import pygame
import pytest

from game.engine import RULE_SETS, Match, PlayerInfo, Rules
from game.engine.tiles import halves
from game.profile.saves import save_match
from game.profile.settings import Settings
from game.ui.shell.app import App
from game.ui.scenes.match_over import MatchOverScene
from game.ui.table import HandoffScene, RoundEndScene, TableScene
from game.play.thinker import Thinker

SIZE = (1280, 800)
GUARD = 0.3  # past the cover's guard against stray input (handoff.GUARD_S)


def faces(tiles: Any) -> set[tuple[int, int]]:
    return {tuple(sorted(halves(t))) for t in tiles}  # type: ignore[misc]


def couch(players: int, computers: tuple[int, ...] = ()) -> list[PlayerInfo]:
    """People at one screen (seats in ``computers`` played by the computer)."""
    return [PlayerInfo(f"Cpu {i + 1}", "computer", "random") if i in computers else PlayerInfo(f"Person {i + 1}") for i in range(players)]


def seats_for(base: str) -> int:
    """Three players where the rule set allows them (two for a two-player one)."""
    info = RULE_SETS[base]
    return max(info.min_players, min(3, info.max_players))


def leaders(base: str, players: int, tries: int = 400) -> tuple[dict[int, int], int | None]:
    """A seed per seat that leads the first round of ``base`` (searched), and a
    seed whose first deal nobody may lead (a redeal), if one was met."""
    rules = Rules.from_base(base, players)
    found: dict[int, int] = {}
    redeal: int | None = None
    for seed in range(tries):
        state = Match(rules, couch(players), seed).round
        if state.over and redeal is None:
            redeal = seed
        elif state.current_player is not None:
            found.setdefault(state.current_player, seed)
        if len(found) == players and (redeal is not None or seed > 60):
            break
    return found, redeal


@dataclass
class Frame:
    top: str
    table_drawn: bool = False
    faces: set[tuple[int, int]] = field(default_factory=set)


class Screen:
    """What the app shows, frame by frame, and what it must not: a tile of a hand
    face up unless it is the hand of the person who lifted the last cover, on
    that person's turn (the round over, every hand is shown by the summary)."""

    def __init__(self, app: App):
        self.app = app
        self.frames: list[Frame] = []
        self.problems: list[str] = []
        self.holder: int | None = None  # the seat whose person lifted the last cover
        self.hooked: set[int] = set()
        self.hands: Callable[[int], Any] | None = None  # each seat's tiles (default: the table's position's)
        original = app.draw

        def draw(surface: pygame.Surface) -> None:
            top = app.top
            if isinstance(top, HandoffScene):
                self.holder = None  # the screen is being handed over
            table = self.table
            if table is not None and id(table) not in self.hooked:
                self.hook(table)
            self.frames.append(Frame(type(top).__name__))
            original(surface)

        app.draw = draw  # type: ignore[method-assign]

    @property
    def table(self) -> TableScene | None:
        return next((s for s in self.app.scenes if isinstance(s, TableScene)), None)

    def hook(self, table: TableScene) -> None:
        """Note every face ``table`` paints and check it as it is painted."""
        self.hooked.add(id(table))
        renderer = table.renderer
        assert renderer is not None
        original = table.draw
        screen = self

        class Spy:
            def __init__(self, art: Any, into: set[tuple[int, int]]):
                self._art, self._into = art, into

            def __getattr__(self, name: str) -> Any:
                return getattr(self._art, name)

            def face(self, a: int, b: int, *args: Any, **kwargs: Any) -> Any:
                self._into.add((min(a, b), max(a, b)))
                return self._art.face(a, b, *args, **kwargs)

        def draw(surface: pygame.Surface) -> None:
            frame = screen.frames[-1] if screen.frames else Frame("?")
            frame.table_drawn = True
            art = renderer.art
            renderer.art = Spy(art, frame.faces)  # type: ignore[assignment]
            try:
                original(surface)
            finally:
                renderer.art = art
            screen.check(table, frame)

        table.draw = draw  # type: ignore[method-assign]

    def check(self, table: TableScene, frame: Frame) -> None:
        state = table.model.state
        if state.over or len(table.model.people) < 2:
            return  # every hand is shown at a round's end; one person sees their own
        seat, holder = state.current_player, self.holder
        shown = holder if holder is not None and seat == holder else None
        private: set[tuple[int, int]] = set()
        hands = self.hands or state.hand
        for other in range(table.model.match.rules.players):
            if other != shown:
                private |= faces(hands(other))
        snap = table.snapshot
        where = f"frame {len(self.frames)} ({frame.top}), {seat} to move, cover lifted by {holder}"
        if frame.faces & private:
            owners = {other: sorted(frame.faces & faces(hands(other))) for other in range(table.model.match.rules.players)}
            self.problems.append(f"{where}: hidden tiles drawn face up, by seat {owners}")
        if snap.hand_face_up and shown is None:
            self.problems.append(f"{where}: the hand is face up")
        if any(p.faces is not None for p in snap.plaques.values()):
            self.problems.append(f"{where}: a plaque shows its tiles")

    def since(self, mark: int) -> list[Frame]:
        return self.frames[mark:]


@pytest.fixture
def screen(make_app: Callable[..., App]) -> Iterator[Screen]:
    app = make_app(SIZE)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    app.routes.open_title()
    yield Screen(app)


def key(k: int = pygame.K_x) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="x", scancode=0)


def covered_turn(screen: Screen) -> int:
    """The cover is up for the seat to move, alone on the screen: wait past its
    guard, lift it as its person would (a key), and check that person's hand is
    the one shown now, face up. The seat."""
    app, table = screen.app, screen.table
    cover = app.top
    assert isinstance(cover, HandoffScene) and table is not None, type(cover).__name__
    seat = table.model.names.index(cover.name)
    assert seat == table.model.state.current_player
    mark = len(screen.frames)
    app.step([], GUARD)
    assert all(not f.table_drawn for f in screen.since(mark)), "the table is drawn under its cover"
    screen.holder = seat
    app.step([key()], 0.016)
    assert app.top is table and table.model.viewer == seat and table.can_act()
    snap = table.snapshot
    assert snap.hand_face_up and sorted(t for t, _r in snap.hand) == sorted(table.model.state.hand(seat))
    assert faces(table.model.state.hand(seat)) <= screen.frames[-1].faces  # drawn face up, every one
    assert not screen.problems, screen.problems[:3]
    return seat


def opened_covered(screen: Screen, mark: int) -> None:
    """Since ``mark`` (the table just opened or dealt again) no frame drew the
    table: the first turn's cover was up before the first frame."""
    assert isinstance(screen.app.top, HandoffScene)
    assert all(not f.table_drawn for f in screen.since(mark)), [(f.top, f.table_drawn) for f in screen.since(mark)]


def play_until(screen: Screen, done: Callable[[], bool], steps: int = 3000) -> int:
    """Play every person's turn (lifting each cover) and let the computers play,
    until ``done()``: the covers lifted."""
    app, covers = screen.app, 0
    for _ in range(steps):
        if done():
            return covers
        table, top = screen.table, app.top
        assert table is not None
        if isinstance(top, HandoffScene):
            covered_turn(screen)
            covers += 1
        elif top is table and table.can_act():
            table.play(table.model.legal[0], None)  # as a click on a tile would offer it, through the referee
            app.step([], 0.016)
        else:
            app.step([], 0.05)
        assert not screen.problems, screen.problems[:3]
    raise AssertionError("the play did not get there")


def test_the_first_turn_of_every_rule_set_is_covered_whichever_seat_leads(screen: Screen) -> None:
    """Every rule set of the registry, every seat leading in turn: the table opens
    (as New game's Start opens it) behind the leader's cover, not one frame of it
    drawn first; lifted, it shows the leader's hand; the next person's turn is
    covered again."""
    app = screen.app
    tried = 0
    for base in RULE_SETS:
        players = seats_for(base)
        found, _redeal = leaders(base, players)
        assert set(found) == set(range(players)), (base, found)  # every seat leads once
        for seat, seed in sorted(found.items()):
            match = Match(Rules.from_base(base, players), couch(players), seed)
            mark = len(screen.frames)
            table = app.routes.start_match(match)
            assert isinstance(app.top, HandoffScene) and app.top.name == table.model.names[seat], (base, seat)
            app.step([], 0.016)
            opened_covered(screen, mark)
            assert covered_turn(screen) == seat
            table.play(table.model.legal[0], None)  # the lead: the next person's turn is covered again
            for _ in range(40):
                if isinstance(app.top, HandoffScene) or table.model.state.over:
                    break
                app.step([], 0.05)
            if not table.model.state.over:
                assert covered_turn(screen) != seat
            tried += 1
    assert tried >= len(RULE_SETS) * 2


def test_new_game_s_start_with_three_people_opens_on_the_cover_and_every_turn_after(screen: Screen, ui: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """As the report had it: New game, Matador, three seats all Person, one round,
    at 1280x800, Start clicked, the third seat holding the highest double: the
    first frame is the cover, and so is the start of every person's turn to the
    end of the round."""
    from types import SimpleNamespace

    from game.engine import match as engine_match
    from game.ui.scenes.new_game import NewGameScene

    seed = leaders("matador", 3)[0][2]
    monkeypatch.setattr(engine_match.random, "SystemRandom", lambda: SimpleNamespace(randrange=lambda n: seed))  # Start's shuffle: this seed

    app = screen.app
    app.routes.open_new_game()
    app.step([], 0.016)
    form = app.top
    assert isinstance(form, NewGameScene) and form.rule_id == "matador"
    ui.click(app, form.buttons["players:1"].rect.center)
    for seat in (1, 2):
        for _ in range(6):
            if form.seats[seat]["kind"] == "human":
                break
            ui.click(app, form.buttons[f"kind{seat}:-1"].rect.center)
    for _ in range(8):
        if form.rules is not None and form.rules.target_score is None:
            break
        ui.click(app, form.buttons["target_score:-1"].rect.center)
    assert [p.kind for p in form.state.players_info()] == ["human"] * 3 and form.rules is not None and form.rules.target_score is None
    mark = len(screen.frames)
    ui.click(app, form.buttons["start"].rect.center)
    table = screen.table
    assert table is not None and len(table.model.people) == 3 and table.model.state.current_player == 2
    app.step([], 0.016)
    opened_covered(screen, mark)
    covers = play_until(screen, lambda: table.model.state.over)
    assert covers >= 3 and not screen.problems


def test_each_new_deal_opens_on_the_cover_after_the_summary(screen: Screen) -> None:
    """Every rule set: the first round played out at the couch (each turn covered),
    its summary's Next round (Enter; Play again after the match's last round)
    deals again, and the new deal's first turn is behind the cover at once; a
    deal nobody may lead (where the rule set has one) is dealt again behind
    the cover too."""
    from tests.ui.conftest import advance

    app = screen.app
    for base in RULE_SETS:
        players = seats_for(base)
        found, redeal = leaders(base, players)
        match = Match(Rules.from_base(base, players), couch(players), found[0])
        match.next_round()
        advance(match, 60, found[0])  # near the round's end (its last tile not laid)
        table = app.routes.start_match(match)
        app.step([], 0.016)
        play_until(screen, lambda: isinstance(app.top, RoundEndScene))
        assert isinstance(app.top, RoundEndScene), base
        mark = len(screen.frames)
        app.step([key(pygame.K_RETURN)], 0.016)  # Next round; after the match's last, Final scores
        if isinstance(app.top, MatchOverScene):
            app.step([], 0.016)
            mark = len(screen.frames)
            app.step([key(pygame.K_RETURN)], 0.016)  # Play again
        assert not table.model.state.over and table.model.state.history == [], base
        opened_covered(screen, mark)  # the new deal was never drawn before its cover
        covered_turn(screen)
        if redeal is not None:
            match = Match(Rules.from_base(base, players), couch(players), redeal)
            table = app.routes.start_match(match)
            assert table.model.state.over and app.top is table  # nobody may lead: the tiles are dealt again
            for _ in range(80):
                app.step([], 0.05)
                if not table.model.state.over:
                    break
            # dealt again, and covered in that same frame: the new hands were never drawn
            assert not table.model.state.over and isinstance(app.top, HandoffScene) and not screen.frames[-1].table_drawn
            covered_turn(screen)


def test_a_saved_couch_match_continues_behind_the_cover_even_after_a_lesson(screen: Screen, ui: Any) -> None:
    """A couch match saved mid-round; on the title, a lesson (one person: no
    cover) and back; then Continue clicked: the table opens behind the cover of
    the seat to move, not one frame of it drawn first. A match saved between
    rounds deals its next round behind the cover too."""
    from game.ui.scenes.title import TitleScene
    from tests.ui.conftest import advance

    app = screen.app
    match = Match(Rules.from_base("matador", 3), couch(3), 11)
    match.next_round()
    advance(match, 4, 11)
    save_match(match)
    app.routes.open_title()
    title = app.top
    assert isinstance(title, TitleScene)
    app.step([], 0.016)
    ui.click(app, title.buttons["learn"].rect.center)
    app.routes.start_lesson(0)
    lesson = app.top
    assert isinstance(lesson, TableScene) and len(lesson.model.people) == 1
    for _ in range(4):
        app.step([], 0.05)
    assert not any(isinstance(s, HandoffScene) for s in app.scenes)  # one person: no cover
    app.routes.leave_lesson(lesson)  # the lesson hands back to its list,
    app.step([key(pygame.K_ESCAPE)], 0.016)  # which Esc closes: the title again
    assert app.top is title
    app.step([], 0.016)
    mark = len(screen.frames)
    ui.click(app, title.buttons["continue"].rect.center)
    table = screen.table
    assert table is not None and len(table.model.state.history) == len(match.round.history)
    app.step([], 0.016)
    opened_covered(screen, mark)
    assert covered_turn(screen) == match.round.current_player

    between = Match(Rules.from_base("family", 3), couch(3), 5)
    between.next_round()
    advance(between, 200, 5)
    play = between.round
    while not play.over:
        between.push(play.legal_moves()[0])
    assert not between.over
    save_match(between)
    app.routes.open_title()
    title = app.top
    assert isinstance(title, TitleScene)
    app.step([], 0.016)
    mark = len(screen.frames)
    ui.click(app, title.buttons["continue"].rect.center)
    table = screen.table
    assert table is not None and table.model.round_index == 1
    app.step([], 0.016)
    opened_covered(screen, mark)
    covered_turn(screen)


def test_nothing_is_taken_back_at_the_couch(screen: Screen) -> None:
    """Undo is for one person against computers: at the couch neither the pause
    menu nor Ctrl+Z takes a turn back, so no hand comes back face up uncovered."""
    from game.ui.scenes.pause import PauseScene

    app = screen.app
    table = app.routes.start_match(Match(Rules.from_base("matador", 2), couch(2), 3))
    covered_turn(screen)
    table.play(table.model.legal[0], None)
    play_until(screen, lambda: len(table.model.state.history) >= 2)
    assert isinstance(app.top, HandoffScene) or app.top is table
    if isinstance(app.top, HandoffScene):
        covered_turn(screen)
    moves = len(table.model.state.history)
    assert table.aids.takebacks is None and not table.aids.can_undo()
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)], 0.016)
    assert len(table.model.state.history) == moves
    app.step([key(pygame.K_ESCAPE)], 0.016)
    assert isinstance(app.top, PauseScene) and "undo" not in app.top.buttons
    assert not screen.problems


def test_one_person_with_computers_never_sees_a_cover(screen: Screen) -> None:
    """One person at the screen (the others computers): no cover, whoever leads,
    and that person's hand is face up from the start."""
    app = screen.app
    for base in RULE_SETS:
        players = seats_for(base)
        computers = tuple(range(1, players))
        rules = Rules.from_base(base, players)
        seed = next(s for s in range(400) if Match(rules, couch(players, computers), s).round.current_player == 0)
        table = app.routes.start_match(Match(rules, couch(players, computers), seed))
        app.step([], 0.016)
        assert app.top is table and table.model.viewer == 0 and table.snapshot.hand_face_up
        for _ in range(30):
            app.step([], 0.05)
            assert not isinstance(app.top, HandoffScene)
            if table.can_act():
                table.play(table.model.legal[0], None)


def test_two_people_and_a_computer_that_leads(screen: Screen) -> None:
    """A computer leads at a couch table: its lead shows, then the first person's
    turn begins behind the cover, and so does the next person's."""
    app = screen.app
    rules = Rules.from_base("matador", 3)
    players = couch(3, computers=(0,))
    seed = next(s for s in range(400) if Match(rules, players, s).round.current_player == 0)
    table = app.routes.start_match(Match(rules, players, seed))
    assert app.top is table  # the computer's turn: nothing to cover
    seen = set()
    for _ in range(400):
        if len(seen) >= 2 or table.model.state.over:
            break
        if isinstance(app.top, HandoffScene):
            seen.add(covered_turn(screen))
            table.play(table.model.legal[0], None)
        app.step([], 0.05)
        assert not screen.problems, screen.problems[:3]
    assert seen == {1, 2}


def draw_on_second_turn(base: str, players: int) -> int | None:
    """A seed whose second turn (after the lead the table's first legal move
    makes) draws, as the table's test plays it (draw while no tile may be laid,
    then the first lay), and ends with a drawn tile still in the hand."""
    rules = Rules.from_base(base, players)
    for seed in range(300):
        match = Match(rules, couch(players), seed)
        state = match.round
        if state.current_player is None:
            continue
        match.push(state.legal_moves()[0])
        seat = state.current_player
        if state.over or seat is None or {a.kind for a in state.legal_moves()} != {"draw"}:
            continue
        before = set(state.hand(seat))
        while state.current_player == seat and not any(a.kind == "lay" for a in state.legal_moves()):
            match.push(state.legal_moves()[0])
        if state.current_player == seat:
            match.push(next(a for a in state.legal_moves() if a.kind == "lay"))
        if set(state.hand(seat)) - before:
            return seed
    return None


def test_tiles_drawn_just_before_the_turn_ends_are_not_left_gliding_face_up(screen: Screen) -> None:
    """Every rule set that draws: a person draws and at once lays (or passes) while
    the drawn tiles are still flying into the hand face up; the turn is over,
    the hand face down, and not one frame shows those tiles to the next person
    (nor before the next cover)."""
    app = screen.app
    tried = 0
    for base in RULE_SETS:
        players = seats_for(base)
        seed = draw_on_second_turn(base, players)
        if seed is None:
            continue  # this rule set never draws
        table = app.routes.start_match(Match(Rules.from_base(base, players), couch(players), seed))
        covered_turn(screen)
        table.play(table.model.legal[0], None)  # the lead
        for _ in range(40):
            if isinstance(app.top, HandoffScene):
                break
            app.step([], 0.05)
        drawer = covered_turn(screen)
        model = table.model
        drawn = 0
        while model.state.current_player == drawer and not any(a.kind == "lay" for a in model.legal):
            table.controls.request(model.legal[0])  # a draw (or a pass)
            drawn += 1
        if model.state.current_player == drawer:
            table.play(next(a for a in model.legal if a.kind == "lay"), None)  # in the same frame: the draws still glide
        assert drawn >= 1 and model.state.current_player != drawer
        for _ in range(30):
            app.step([], 0.016)
            assert not screen.problems, (base, screen.problems[:2])
            if isinstance(app.top, HandoffScene):
                break
        tried += 1
    assert tried >= 2


def test_a_network_couch_table_opens_on_the_cover_whichever_seat_leads(make_app: Callable[..., App], tmp_path: Any) -> None:
    """Two people at the host's screen and a friend elsewhere (the server's table in
    this process, opened through the app's route as the lobby opens it): whichever
    seat leads, a person's first turn here begins behind the cover, no hand drawn
    face up before it is lifted; lifted, it shows that person's own hand; the
    next person's turn here is covered again."""
    from concurrent.futures import ThreadPoolExecutor

    from tests.ui.table.modes.test_net_couch import in_process_couch_table

    app = make_app(SIZE)
    app.routes.open_title()
    screen = Screen(app)
    found, _redeal = leaders("matador", 3)
    assert set(found) == {0, 1, 2}
    with ThreadPoolExecutor(1) as pool:
        for leader, seed in sorted(found.items()):
            folder = tmp_path / f"seed{seed}"
            folder.mkdir()
            play, bo_m, store = in_process_couch_table(pool, folder, seed)
            assert bo_m.view is not None and set(play.mirrors) == {0, 1}
            mirrors = dict(play.mirrors)
            def hands(seat: int) -> set[int]:
                """Each seat's tiles by its own view (the friend's may not have heard yet of its tile laid here)."""
                laid = {a.tile for _s, a in screen.table.model.state.history if a.kind == "lay"} if screen.table is not None else set()
                return set(mirrors[seat].view.hand if seat in mirrors else bo_m.view.hand) - laid

            screen.hands = hands
            app.routes.open_net_table(play)
            table = screen.table
            assert table is not None and table.model.state.current_player == leader
            covered: list[int] = []
            for _ in range(300):
                if len(covered) == 2:
                    break
                bo_m.update()
                if bo_m.my_turn and not bo_m.sent:
                    bo_m.play(bo_m.legal[0])
                if isinstance(app.top, HandoffScene):
                    covered.append(covered_turn(screen))
                    if len(covered) == 1 and leader != 2:
                        assert covered[0] == leader  # the leader's own turn, first
                    table.play(table.model.legal[0], None)
                app.step([], 0.05)
                assert not screen.problems, screen.problems[:2]
            assert set(covered) == {0, 1}, (leader, covered)
            app.routes.open_title()
            store.close()
