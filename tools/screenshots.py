"""Render every picture in docs/screenshots/ again (headless, reproducible).

    python tools/screenshots.py [OUT_DIR] [NAME ...]

Each picture is drawn by the game's real scenes on SDL's dummy video driver:
the menus as they open, and the table from seeded games played by seeded
random moves up to a position worth showing (then, for some, a tile held over
the table by synthetic mouse events). The same code gives the same pictures.
User files (settings, statistics, the saved match) go to a throw-away folder,
so the pictures never depend on, or touch, the files of whoever runs this.

NAME picks some pictures only (``leyden-cross-across-1280x800``); ``--list``
lists them.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a clone: this clone's game, not an installed one
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("MATADOR_LOOPBACK_ONLY", "1")  # Join's finder and Host stay on loopback
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("MATADOR_NO_CRASH_DIALOG", "1")

import pygame  # noqa: E402

from game.engine import Action, Match, PlayerInfo, RoundState, Rules, is_double  # noqa: E402
from game.ui.shell import flow  # noqa: E402
from game.ui.shell.app import App  # noqa: E402
from game.ui.scenes.match_over import MatchOverScene  # noqa: E402
from game.ui.scenes.new_game import NewGameScene  # noqa: E402
from game.ui.scenes.rules_screen import RulesScene  # noqa: E402
from game.profile.settings import Settings  # noqa: E402
from game.ui.table import LessonMode, Position, TableScene, slot_of, targets_for  # noqa: E402
from game.play.thinker import Thinker  # noqa: E402

Size = tuple[int, int]
Wanted = Callable[[Match], bool]

ANN = PlayerInfo("Ann")


def computer(name: str, level: str = "medium") -> PlayerInfo:
    return PlayerInfo(name, "computer", level)


# --------------------------------------------------------------------------- positions
def is_matador(state: Position | RoundState, tile: int) -> bool:
    return state.rules.is_matador(tile)


def lays(state: Position | RoundState) -> list[Action]:
    return [a for a in state.legal_moves() if a.kind == "lay"]


def find(rules: Rules, players: list[PlayerInfo], wanted: Wanted, tries: int = 4000) -> Match:
    """A match whose current position is ``wanted``, reached by seeded random play."""
    for seed in range(tries):
        match = Match(rules, players, seed)
        match.next_round()
        rng = random.Random(seed)
        while not match.round.over:
            if wanted(match):
                return match
            match.push(rng.choice(match.round.legal_moves()))
    raise SystemExit(f"no position found for {rules.base}")


def first_round_ending(rules: Rules, players: list[PlayerInfo], wanted: Wanted, tries: int = 4000) -> tuple[Match, Action]:
    """A match one move before its first round ends as ``wanted`` (asked of the
    ended match), and that move: the table then plays it and shows the summary."""
    for seed in range(tries):
        match = Match(rules, players, seed)
        state = match.next_round()
        rng = random.Random(seed)
        moves: list[Action] = []
        while not state.over:
            moves.append(rng.choice(state.legal_moves()))
            match.push(moves[-1])
        if state.outcome is None or state.outcome.end == "redeal" or not wanted(match):
            continue
        again = Match(rules, players, seed)
        again.next_round()
        for move in moves[:-1]:
            again.push(move)
        return again, moves[-1]
    raise SystemExit(f"no round ending found for {rules.base}")


def whole_match(rules: Rules, players: list[PlayerInfo], wanted: Wanted, tries: int = 400) -> Match:
    """A match played to its end by seeded random moves, as ``wanted``."""
    for seed in range(tries):
        match = Match(rules, players, seed)
        rng = random.Random(seed)
        while not match.over:
            state = match.next_round()
            while not state.over:
                match.push(rng.choice(state.legal_moves()))
        if wanted(match):
            return match
    raise SystemExit(f"no finished match found for {rules.base}")


# --------------------------------------------------------------------------- taking pictures
class Camera:
    """One app at a time, on the dummy driver, with the game's routes."""

    def __init__(self, out: Path):
        self.out = out

    def app(self, size: Size) -> App:
        app = App(size)
        flow.install(app)
        return app

    def save(self, app: App, name: str) -> None:
        app.draw(app.surface)
        path = self.out / f"{name}.png"
        pygame.image.save(app.surface, str(path))
        app.close()
        print(path)

    def table(self, app: App, match: Match) -> TableScene:
        scene = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="slow")
        app.push(scene)
        for _ in range(3):
            app.step([], 0.05)
        return scene


def settle(app: App, frames: int = 30) -> None:
    for _ in range(frames):
        app.step([], 0.05)


def hold(app: App, scene: TableScene, tile: int, to: tuple[int, int], turns: int = 0) -> None:
    """Pick ``tile`` up from the hand and move it to ``to`` (right-clicking ``turns`` times there)."""
    rect = scene.board.hand_rect(tile)
    assert rect is not None, "the tile is not in the hand shown"
    start = rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=start)], 0.016)
    for i in range(1, 7):
        pos = (start[0] + (to[0] - start[0]) * i // 6, start[1] + (to[1] - start[1]) * i // 6)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))], 0.016)
    for _ in range(turns):
        app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=to), pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=to)], 0.016)


def beside(scene: TableScene, tile: int, arm: str, joins: int | None = None, variant: int = 0) -> tuple[int, int]:
    """A point near (not on) the place ``tile`` may take on ``arm``: the tile held
    there shows lying as it would, and its ghost stays visible."""
    target = next(t for t in targets_for(tile, scene.model.legal) if t.arm == arm and t.joins == joins)
    slot = slot_of(target.variant(variant), scene.board.layout)
    assert slot is not None
    unit = scene.board.layout.unit
    centre = scene.board.regions.layout_area.center
    dx = 1 if slot.rect.centerx >= centre[0] else -1  # away from the middle of the table
    dy = 1 if slot.rect.centery >= centre[1] else -1
    if slot.vertical:  # off its long side, so the ghost and its label still show
        return slot.rect.centerx + dx * unit * 4 // 5, slot.rect.centery
    return slot.rect.centerx, slot.rect.centery + dy * unit * 4 // 5


# --------------------------------------------------------------------------- the pictures
def title(cam: Camera) -> None:
    app = cam.app((1280, 800))
    app.routes.open_title()
    settle(app, 4)
    cam.save(app, "title")


def new_game(cam: Camera) -> None:
    app = cam.app((1280, 800))
    app.push(NewGameScene())
    settle(app, 4)
    cam.save(app, "new_game")


def at_my_level(size: Size, name: str, code: str = "en") -> Callable[[Camera], None]:
    """New game with the computer's seat "At my level": the person's rating (a file in
    the pictures' own home) is just above the strongest level's on Matador's ladder."""

    def shoot(cam: Camera) -> None:
        from game import i18n
        from game.ai import levels
        from game.rating.at_my_level import rungs
        from game.rating.glicko2 import Rating
        from game.rating.player_rating import Ratings, Standing, family_of, save_ratings
        from game.words.names import YOU

        base = "matador"
        _level, ladder = rungs(base)[-1]
        save_ratings(Ratings({YOU: {family_of(base): Standing(Rating(ladder - 16.4, 84.0), matches=14, rounds=52)}}))
        i18n.set_language(code)
        try:
            app = cam.app(size)
            form = NewGameScene()
            app.push(form)
            settle(app, 2)
            while form.seats[1]["kind"] != levels.AT_MY_LEVEL:
                form.step("kind1", 1)
            settle(app, 4)
            cam.save(app, name)
        finally:
            i18n.set_language("en")

    return shoot


def friends(what: str) -> Callable[[Camera], None]:
    """Play with friends: the host's setup, or Join a table (nothing is looked for on
    the network: the list says so)."""

    def shoot(cam: Camera) -> None:
        from game.ui.scenes.friends import HostScene, JoinScene

        app = cam.app((1280, 800))
        app.services["lan_browser"] = False
        app.push(HostScene() if what == "host" else JoinScene())
        settle(app, 4)
        cam.save(app, f"friends-{what}")

    return shoot


def rules(cam: Camera) -> None:
    app = cam.app((1280, 800))
    app.push(RulesScene("leyden"))
    settle(app, 4)
    cam.save(app, "rules")


def match_over(cam: Camera) -> None:
    """Matador for three: the final scores over the last round's table, reached
    as a player reaches them (the round's summary, then "Final scores")."""
    players = [ANN, computer("Bo"), computer("Cy", "hard")]
    match = whole_match(Rules.from_base("matador", 3), players, lambda m: len(m.completed_rounds) >= 4 and m.winner != 0)
    app = cam.app((1280, 800))
    routes = app.routes
    assert isinstance(routes, flow.Flow)
    scene = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", on_leave=routes.leave_table)
    app.push(scene)
    settle(app, 4)  # the round's summary comes up
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], 0.05)
    settle(app, 6)
    assert isinstance(app.top, MatchOverScene), app.top
    cam.save(app, "match_over")


def round_end(size: Size = (1024, 700)) -> Callable[[Camera], None]:
    """A blocked Matador round for three, Ann left with a long hand (two rows in the
    summary); the table behind it as it stood at the last move."""

    def shoot(cam: Camera) -> None:
        def wanted(match: Match) -> bool:
            state = match.round
            return state.outcome is not None and state.outcome.end == "blocked" and len(state.hand(0)) >= 12

        players = [ANN, computer("Bo"), computer("Cy")]
        match, last = first_round_ending(Rules.from_base("matador", 3), players, wanted)
        app = cam.app(size)
        scene = cam.table(app, match)
        scene.play(last, None)
        settle(app, 20)  # the last tile lands, then the summary shows
        cam.save(app, f"round-end-{size[0]}x{size[1]}")

    return shoot


def family_eight(cam: Camera) -> None:
    """Family Matador for eight with the double-nine set at 800x600: a long line turning corners."""
    players = [ANN, computer("Bo"), computer("Cy"), computer("Di"), computer("Easy", "easy"), computer("Medium"), computer("Random", "random"), computer("Hard", "hard")]

    def wanted(match: Match) -> bool:
        state = match.round
        return state.current_player == 0 and len(state.placements) >= 22 and bool(lays(state))

    match = find(Rules.from_base("family", 8), players, wanted)
    app = cam.app((800, 600))
    scene = cam.table(app, match)
    tile = next(a.tile for a in lays(scene.model.state) if a.tile is not None)
    target = targets_for(tile, scene.model.legal)[0]
    assert target.arm is not None
    hold(app, scene, tile, beside(scene, tile, target.arm))
    cam.save(app, "family-8-players-800x600")


def crosswise_choice(rules: Rules, size: Size, name: str) -> Callable[[Camera], None]:
    """Ann holds a matador over a crosswise end: it may join either of its halves."""

    def wanted(match: Match) -> bool:
        state = match.round
        if state.current_player != 0:
            return False
        for action in lays(state):
            if action.joins is not None and action.tile is not None and is_matador(state, action.tile) and not is_double(action.tile):
                return True
        return False

    def shoot(cam: Camera) -> None:
        match = find(rules, [ANN, computer("Hard", "hard")], wanted)
        app = cam.app(size)
        scene = cam.table(app, match)
        action = next(a for a in lays(scene.model.state) if a.joins is not None and a.tile is not None and is_matador(scene.model.state, a.tile) and not is_double(a.tile))
        assert action.tile is not None and action.arm is not None
        hold(app, scene, action.tile, beside(scene, action.tile, action.arm, action.joins))
        cam.save(app, name)

    return shoot


def leyden_across(size: Size, name: str) -> Callable[[Camera], None]:
    """A Leyden cross with a matador across an arm; Ann holds another, turned across."""

    def wanted(match: Match) -> bool:
        state = match.round
        return (
            state.current_player == 0
            and len(state.placements) >= 9
            and any(p.across for p in state.placements)
            and any(p.double and p.arm is not None for p in state.placements)
            and any(a.across for a in lays(state))
        )

    def shoot(cam: Camera) -> None:
        match = find(Rules.from_base("leyden", 2), [ANN, computer("Hard", "hard")], wanted)
        app = cam.app(size)
        scene = cam.table(app, match)
        action = next(a for a in lays(scene.model.state) if a.across)
        assert action.tile is not None and action.arm is not None
        target = next(t for t in targets_for(action.tile, scene.model.legal) if t.arm == action.arm and t.joins == action.joins)
        turns = target.actions.index(action)
        hold(app, scene, action.tile, beside(scene, action.tile, action.arm, action.joins, turns), turns)
        cam.save(app, name)

    return shoot


def leyden_opening(size: Size, name: str) -> Callable[[Camera], None]:
    """Leyden just after the lead: the spinner in line, the two places on its long
    sides lit for the tile Ann holds (the sides come first)."""

    def wanted(match: Match) -> bool:
        state = match.round
        return state.current_player == 0 and len(state.placements) == 1 and len({a.arm for a in lays(state)}) == 2

    def shoot(cam: Camera) -> None:
        match = find(Rules.from_base("leyden", 2), [ANN, computer("Hard", "hard")], wanted)
        app = cam.app(size)
        scene = cam.table(app, match)
        action = next(a for a in lays(scene.model.state) if a.arm == "N")
        assert action.tile is not None
        felt = scene.board.regions.layout_area
        hold(app, scene, action.tile, (felt.left + felt.width // 5, felt.bottom - felt.height // 4))
        cam.save(app, name)

    return shoot


def line_drag(cam: Camera) -> None:
    """Matador for two: a long line turning at the edges; Ann holds a tile over its end."""

    def wanted(match: Match) -> bool:
        state = match.round
        return state.current_player == 0 and len(state.placements) >= 16 and bool(lays(state))

    match = find(Rules.from_base("matador", 2), [ANN, computer("Medium")], wanted)
    app = cam.app((1280, 800))
    scene = cam.table(app, match)
    action = next(a for a in lays(scene.model.state) if a.tile is not None and not is_matador(scene.model.state, a.tile)) if any(
        a.tile is not None and not is_matador(scene.model.state, a.tile) for a in lays(scene.model.state)
    ) else lays(scene.model.state)[0]
    assert action.tile is not None and action.arm is not None
    hold(app, scene, action.tile, beside(scene, action.tile, action.arm, action.joins))
    cam.save(app, "line-drag-1280x800")


# --------------------------------------------------------------------------- play aids and lessons
YOU = PlayerInfo("You")


def aid_table(cam: Camera, size: Size, players: int = 2, **table: object) -> tuple[App, TableScene]:
    """You against computers, a few turns into a seeded Matador round, your turn."""

    def wanted(match: Match) -> bool:
        state = match.round
        mine = sum(1 for seat, _ in state.history if seat == 0)
        drew = any(a.kind == "draw" for seat, a in state.history if seat != 0)
        return state.current_player == 0 and mine >= 3 and drew and state.history[-1][0] != 0 and len(lays(state)) >= 2

    from game.i18n import _

    others = [computer(_("Hard"), "hard"), computer(_("Easy"), "easy"), computer(_("Medium"))][: players - 1]  # named in the language shown
    match = find(Rules.from_base("matador", players), [YOU, *others], wanted)
    app = cam.app(size)
    scene = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="slow", **table)  # type: ignore[arg-type]
    app.push(scene)
    settle(app, 3)
    return app, scene


def moves_panel(size: Size, name: str) -> Callable[[Camera], None]:
    """The moves panel open (L), with what the table knows above it (the setting on)."""

    def shoot(cam: Camera) -> None:
        app, scene = aid_table(cam, size, 3, show_knowledge=True)
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)], 0.016)
        settle(app, 3)
        cam.save(app, name)

    return shoot


def hint(size: Size, name: str) -> Callable[[Camera], None]:
    """A hint: the tile lifted, its place lit, and the reason in words."""

    def shoot(cam: Camera) -> None:
        app, scene = aid_table(cam, size)
        scene.aids.hint_budget_s = 60.0  # ends by its playout count: the same picture every time
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)], 0.016)
        deadline = time.monotonic() + 120
        while scene.aids.hinted_action() is None and time.monotonic() < deadline:
            app.step([], 0.01)
            time.sleep(0.01)
        app.step([], 0.3)  # the message in full, "Thinking..." gone
        cam.save(app, name)

    return shoot


def score_sheet(size: Size, name: str) -> Callable[[Camera], None]:
    """The score sheet (S) of a three-player match five rounds in."""

    def shoot(cam: Camera) -> None:
        rules = Rules.from_base("matador", 3, {"target_score": 150})
        players = [YOU, computer("Hard", "hard"), computer("Easy", "easy")]

        def wanted(match: Match) -> bool:
            return not match.over and len(match.completed_rounds) == 5

        rng = random.Random(3)
        for seed in range(400):
            match = Match(rules, players, seed)
            while not match.over and len(match.completed_rounds) < 5:
                state = match.next_round()
                while not state.over:
                    match.push(rng.choice(state.legal_moves()))
            if wanted(match):
                break
        app = cam.app(size)
        scene = cam.table(app, match)
        while app.top is not scene:
            app.pop()
        scene.aids.open_scores()
        settle(app, 2)
        cam.save(app, name)

    return shoot


def lesson(size: Size, name: str, index: int, step: int) -> Callable[[Camera], None]:
    """A lesson's step: the card says what to do, the tile is lifted and its place glows."""

    def shoot(cam: Camera) -> None:
        app = cam.app(size)
        app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
        app.routes.open_title()
        app.routes.open_lessons()
        app.routes.start_lesson(index)
        scene = app.top
        assert isinstance(scene, TableScene) and isinstance(scene.mode, LessonMode)
        lesson = scene.mode.source
        settle(app, 5)
        while lesson.step_index < step:
            current = lesson.step
            assert current is not None
            if lesson.waits_for_next():  # a card to read, or the computer's move to let go
                lesson.next_step()
            elif current.seat == lesson.lesson.learner:
                expected = lesson.expected()
                assert expected is not None
                scene.play(expected, None)
            settle(app, 40)
        settle(app, 30)
        cam.save(app, name)

    return shoot


def reviewed_match(seed: int = 28) -> Match:
    """You, playing at random, against a medium player: one round with mistakes in it."""
    from game.ai import make_player

    from game.i18n import _

    match = Match(Rules.from_base("matador", 2, {"target_score": None}), [YOU, computer(_("Hard"), "hard")], seed)
    rng = random.Random(3)
    medium = make_player("medium")
    state = match.next_round()
    while not state.over:
        seat = state.current_player
        assert seat is not None
        match.push(rng.choice(state.legal_moves()) if seat == 0 else medium.choose(match.view(seat), rng, 0.1))
    return match


def past_matches(cam: Camera) -> None:
    """The past matches list, a few kept matches in it."""
    from game.archive.past_matches import keep
    from game.ui.scenes.past_matches_screen import PastMatchesScene

    for i, (base, players) in enumerate((("matador", 2), ("leyden", 2), ("all-sevens", 3), ("family", 4))):
        others = [computer("Hard", "hard"), computer("Easy", "easy"), computer("Medium")][: players - 1]
        match = whole_match(Rules.from_base(base, players, {"target_score": 50} if base != "leyden" else {}), [YOU, *others], lambda m: True)
        keep(match, abandoned=False, now=datetime(2026, 11, 20 + i, 20, 15 + i))
    unfinished = Match(Rules.from_base("leyden-senst", 2), [YOU, computer("Hard", "hard")], 8)
    state = unfinished.next_round()
    for _ in range(5):
        unfinished.push(state.legal_moves()[0])
    keep(unfinished, abandoned=True, now=datetime(2026, 11, 24, 21, 40))
    app = cam.app((1280, 800))
    app.push(PastMatchesScene())
    settle(app, 3)
    cam.save(app, "past-matches")


def review(cam: Camera, name: str = "review-mistake-1280x800") -> None:
    """The review of a round at a mistake: the better move glows, the coach says why."""
    from game.ui.table import ReviewMode, review_table

    match = reviewed_match()
    app = cam.app((1280, 800))
    scene = review_table(match, 0, 0, thinker=Thinker("thread"), analysis_mode="process")
    assert isinstance(scene.mode, ReviewMode)
    review = scene.mode.source
    app.push(scene)
    deadline = time.monotonic() + 300
    while not review.analysis().done and time.monotonic() < deadline:
        app.step([], 0.05)
        time.sleep(0.05)
    marked = [d for d in review.analysis().summary().decisions if d.mark in ("mistake", "blunder")]
    if marked:
        review.move_to(marked[0].action)
    settle(app, 3)
    cam.save(app, name)


def in_language(code: str, what: str) -> Callable[[Camera], None]:
    """The title, the rules (Leyden's page), Settings, the table (the moves panel and
    what the table knows open, as in moves-panel) or a review at its first mistake
    (as in review-mistake) in language ``code``, at 1280x800."""

    def shoot(cam: Camera) -> None:
        from game import i18n
        from game.ui.scenes.settings_screen import SettingsScene

        i18n.set_language(code)  # before any worker starts: the coach's workers speak it too
        try:
            if what == "table":
                app, _scene = aid_table(cam, (1280, 800), 3, show_knowledge=True)
                app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l", scancode=0)], 0.016)
                settle(app, 3)
                cam.save(app, f"{what}-{code}")
                return
            if what == "review":
                review(cam, f"{what}-{code}")
                return
            app = cam.app((1280, 800))
            app.services["settings"] = Settings(language=code)
            if what == "title":
                app.routes.open_title()
            elif what == "rules":
                app.push(RulesScene("leyden"))
            else:
                app.push(SettingsScene())
            settle(app, 4)
            cam.save(app, f"{what}-{code}")
        finally:
            i18n.set_language("en")

    return shoot


def at_text_size(scale: int, shoot: Callable[[Camera], None]) -> Callable[[Camera], None]:
    """``shoot`` with the Settings' text and table size at ``scale`` percent."""

    def shoot_larger(cam: Camera) -> None:
        from game.ui.drawing import access

        access.apply(Settings(text_scale=scale))
        try:
            shoot(cam)
        finally:
            access.reset()

    return shoot_larger


LANGUAGE_PICTURES = {
    f"{what}-{code}": in_language(code, what)
    for code in ("nl", "de", "es", "pt_BR")
    for what in ("title", "rules", "settings", "table", "review")
}


PICTURES: dict[str, Callable[[Camera], None]] = {
    "title": title,
    "new_game": new_game,
    "new-game-at-my-level-1280x800": at_my_level((1280, 800), "new-game-at-my-level-1280x800"),
    "new-game-at-my-level-640x480": at_my_level((640, 480), "new-game-at-my-level-640x480"),
    "new-game-at-my-level-de-800x600": at_my_level((800, 600), "new-game-at-my-level-de-800x600", "de"),
    "friends-host": friends("host"),
    "friends-join": friends("join"),
    "rules": rules,
    "match_over": match_over,
    "round-end-1024x700": round_end((1024, 700)),
    "round-end-800x600": round_end((800, 600)),
    "family-8-players-800x600": family_eight,
    "senst-crosswise-choice-800x600": crosswise_choice(Rules.from_base("leyden-senst", 2), (800, 600), "senst-crosswise-choice-800x600"),
    "leyden-opening-1280x800": leyden_opening((1280, 800), "leyden-opening-1280x800"),
    "leyden-cross-across-1280x800": leyden_across((1280, 800), "leyden-cross-across-1280x800"),
    "leyden-cross-across-800x600": leyden_across((800, 600), "leyden-cross-across-800x600"),
    "line-drag-1280x800": line_drag,
    "moves-panel-1280x800": moves_panel((1280, 800), "moves-panel-1280x800"),
    "moves-panel-800x600": moves_panel((800, 600), "moves-panel-800x600"),
    "hint-1280x800": hint((1280, 800), "hint-1280x800"),
    "hint-800x600": hint((800, 600), "hint-800x600"),
    "score-sheet-1280x800": score_sheet((1280, 800), "score-sheet-1280x800"),
    "score-sheet-800x600": score_sheet((800, 600), "score-sheet-800x600"),
    "lesson-1-1280x800": lesson((1280, 800), "lesson-1-1280x800", 0, 4),
    "lesson-2-800x600": lesson((800, 600), "lesson-2-800x600", 1, 7),
    "leyden-cross-across-1280x800-150": at_text_size(150, leyden_across((1280, 800), "leyden-cross-across-1280x800-150")),
    "moves-panel-1280x800-150": at_text_size(150, moves_panel((1280, 800), "moves-panel-1280x800-150")),
    "past-matches": past_matches,
    "review-mistake-1280x800": review,
    **LANGUAGE_PICTURES,
}


def main(argv: list[str]) -> None:
    import argparse

    parser = argparse.ArgumentParser(
        prog="python tools/screenshots.py",
        description="Draw the pictures of docs/screenshots/ again (headless, reproducible).",
    )
    parser.add_argument("names", nargs="*", metavar="[OUT_DIR] NAME", help="where to write (default docs/screenshots/), then which pictures (default: all)")
    parser.add_argument("--list", action="store_true", help="list the pictures' names and stop")
    options = parser.parse_args(argv)
    if options.list:
        print("\n".join(PICTURES))
        return
    args = list(options.names)
    out = ROOT / "docs" / "screenshots"
    if args and args[0] not in PICTURES:
        out = Path(args.pop(0))
    unknown = [a for a in args if a not in PICTURES]
    if unknown:
        parser.error(f"unknown picture {', '.join(unknown)} (--list lists them)")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="matador-shots-") as home:
        os.environ["MATADOR_HOME"] = home  # no real settings, statistics or saved match
        cam = Camera(out)
        for name in args or list(PICTURES):
            PICTURES[name](cam)


if __name__ == "__main__":
    main(sys.argv[1:])
