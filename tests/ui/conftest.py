"""Headless UI tests: a real App on SDL's dummy driver, driven by synthetic events."""

from __future__ import annotations

import os
from typing import Iterator

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("MATADOR_NO_CRASH_DIALOG", "1")

import pygame  # noqa: E402

from game.engine import Match, PlayerInfo, Rules  # noqa: E402
from game.ui.shell import flow  # noqa: E402
from game.ui.shell.app import App  # noqa: E402
from game.play.thinker import Thinker  # noqa: E402
from game.ui.table import TableScene  # noqa: E402
from game.ui.drawing.tile_art import TileArt  # noqa: E402

_ART: TileArt | None = None


def shared_art() -> TileArt:
    """One TileArt for the whole session: its cache makes later tests fast."""
    global _ART
    if _ART is None:
        _ART = TileArt()
    return _ART


@pytest.fixture
def make_app() -> Iterator[object]:
    apps: list[App] = []

    def make(size: tuple[int, int] = (800, 600)) -> App:
        app = App(size)
        app.services["art"] = shared_art()
        flow.install(app)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.close()


def new_table(app: App, base: str, seats: list[PlayerInfo], seed: int = 1, **kwargs: object) -> TableScene:
    rules = Rules.from_base(base, len(seats))
    match = Match(rules, seats, seed)
    scene = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast", **kwargs)  # type: ignore[arg-type]
    app.push(scene)
    return scene


def settle(app: App, steps: int = 40, dt: float = 0.05) -> None:
    """Let animations and computer turns run (no input)."""
    for _ in range(steps):
        app.step([], dt)


def mouse_down(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=button, pos=pos)


def mouse_up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONUP, button=button, pos=pos)


def mouse_move(pos: tuple[int, int], start: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - start[0], pos[1] - start[1]), buttons=(1, 0, 0))


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], turns: int = 0) -> None:
    """Press on ``start``, move in a few steps to ``end`` (right-clicking ``turns`` times there), let go."""
    app.step([mouse_down(start)], 0.016)
    for i in range(1, 4):
        x = start[0] + (end[0] - start[0]) * i // 3
        y = start[1] + (end[1] - start[1]) * i // 3
        app.step([mouse_move((x, y), start)], 0.016)
    for _ in range(turns):
        app.step([mouse_down(end, 3), mouse_up(end, 3)], 0.016)
    app.step([mouse_up(end)], 0.016)


def click(app: App, pos: tuple[int, int]) -> None:
    app.step([mouse_down(pos), mouse_up(pos)], 0.016)


def advance(match: Match, moves: int, seed: int) -> None:
    """Lay tiles for everybody (a random legal lay, else draw or pass) without ending the round."""
    import random

    rng = random.Random(seed)
    for _ in range(moves):
        state = match.rounds[-1]
        legal = state.legal_moves()
        lays = [a for a in legal if a.kind == "lay"]
        if state.over or not legal or (lays and len(state.hand(state.current_player)) == 1):
            return
        match.push(rng.choice(lays) if lays else legal[0])


def laid_table(app: App, base: str, players: int, moves: int, seed: int) -> TableScene:
    """Ann and computers at a table where everybody has laid tiles by seeded random moves."""
    seats = [PlayerInfo("Ann")] + [PlayerInfo(f"Bot {i}", "computer", "easy") for i in range(1, players)]
    match = Match(Rules.from_base(base, players), seats, seed)
    match.next_round()
    advance(match, moves, seed)
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="slow")
    app.push(table)
    app.step([], 0.016)
    return table


def filled_statistics() -> None:
    """Statistics for three names (a computer among them) in four rule sets, with
    long figures, saved where the Statistics screen reads them."""
    from game.profile.stats import Statistics, save_stats

    stats = Statistics()
    for name in ("Ann", "Bob", "Computer (hard)"):
        for rule_set in ("matador", "family", "leyden-senst", "wild-doubles"):
            rec = stats.record(name, rule_set)
            rec.matches_played, rec.matches_won, rec.rounds_played, rec.rounds_won, rec.best_round = 120, 64, 999, 512, 118
            rec.assisted_matches_played, rec.assisted_matches_won = 3, 1
    stats.computers.add("Computer (hard)")  # its table says "computer player" beside the name
    save_stats(stats)


def wheel_to(app: App, element: object, steps: int = 60) -> tuple[int, int]:
    """Scroll the top scene's scrolling column with the mouse wheel (down, then up)
    until ``element`` (a widget in it) shows whole; its centre, to click."""
    scene = app.top
    columns = getattr(scene, "scroll_columns", lambda: [])()
    for direction in (-1, 1):
        for _ in range(steps):
            rect = pygame.Rect(element.get_abs_rect())  # type: ignore[attr-defined]
            if all(c.view.contains(rect) for c in columns if c.content is not None and _inside(element, c.content)):
                return int(rect.centerx), int(rect.centery)
            app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=direction, flipped=False, precise_x=0.0, precise_y=float(direction))], 0.016)
    raise AssertionError(f"{element} cannot be scrolled into view")


def _inside(element: object, container: object) -> bool:
    node = getattr(element, "ui_container", None)
    for _ in range(50):
        if node is None:
            return False
        if node is container:
            return True
        parent = getattr(node, "ui_container", None)
        node = None if parent is node else parent
    return False


def rules_page_problems(app: App, scene: object) -> list[str]:
    """The layout problems of every page of the Rules screen ``scene``, each shown in turn."""
    from game.ui.drawing.layout_check import layout_problems

    problems = []
    for i in range(len(scene.tabs)):  # type: ignore[attr-defined]
        scene.show_page(i)  # type: ignore[attr-defined]
        app.step([], 0.016)
        problems += [f"page {i}: {p}" for p in layout_problems(scene)]
    return problems


class UiHelpers:
    """The helpers above, handed to tests as the ``ui`` fixture (test files cannot
    import conftest under ``--import-mode=importlib``)."""

    new_table = staticmethod(new_table)
    settle = staticmethod(settle)
    mouse_down = staticmethod(mouse_down)
    mouse_up = staticmethod(mouse_up)
    mouse_move = staticmethod(mouse_move)
    key = staticmethod(key)
    advance = staticmethod(advance)
    laid_table = staticmethod(laid_table)
    drag = staticmethod(drag)
    click = staticmethod(click)
    shared_art = staticmethod(shared_art)
    filled_statistics = staticmethod(filled_statistics)
    rules_page_problems = staticmethod(rules_page_problems)
    wheel_to = staticmethod(wheel_to)


@pytest.fixture
def ui() -> UiHelpers:
    return UiHelpers()


@pytest.fixture(autouse=True)
def _access_defaults() -> Iterator[None]:
    """Each test starts (and leaves) with the accessibility settings at their defaults."""
    from game.ui.drawing import access

    access.reset()
    yield
    access.reset()
