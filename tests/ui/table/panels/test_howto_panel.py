"""docs/architecture.md, "A panel", made in a test: a side panel that is one
class and one entry in the table's list of panels ("tiles left of each
number": for each number, how many tiles showing it the person at the screen
has not seen yet), opened with its own key at a live table, a network table
(a seat's view from an in-process server) and a review, and hidden by a mode
that hides panels (a lesson). Nothing else of the table is told of it."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, Callable, Hashable, Iterator

import pygame
import pytest
from pygame import Rect

from game.engine import Match, PlayerInfo, Rules
from game.engine.tiles import halves
from game.learning.lessons import load_lessons
from game.ui.shell.app import App
from game.ui.table import Panel, TableScene, card_surface, lesson_table, register_panel, review_table
from game.ui.drawing.text import IVORY
from game.play.thinker import Thinker
from tests.ui.conftest import key
from tests.ui.table.modes.test_net_table_panels import Served, open_table

YOU = PlayerInfo("You", "human", None)
BO = PlayerInfo("Bo", "computer", "easy")
EDGE = (120, 96, 52)  # the panels' card edge (panel.py)


class TilesLeft(Panel):
    """For each number, the tiles showing it that the person at the screen has
    not seen (the others' hands and the boneyard); N opens and closes it."""

    name = "tiles-left"

    def __init__(self) -> None:
        super().__init__()
        self.shown = False

    def is_open(self, table: Any) -> bool:
        return self.shown

    def key(self) -> Hashable:
        return self.shown

    def content(self, table: Any, rect: Rect) -> Hashable:
        model = table.model
        counts: tuple[int, ...] = ()
        if model.viewer is not None:
            view = model.view(model.viewer)
            unseen = view.unseen()
            counts = tuple(sum(1 for tile in unseen if number in halves(tile)) for number in range(view.rules.top + 1))
        return (rect.size, table.board.regions.scale, counts)

    def handle_event(self, event: pygame.event.Event, table: Any, rect: Rect | None) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_n:
            self.shown = not self.shown
            table.jumped()
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: Rect, content: Hashable) -> None:
        assert self.text is not None and isinstance(content, tuple)
        size, scale, counts = content
        out = card_surface(size)
        y = round(10 * scale)
        for number, count in enumerate(counts):
            line = self.text.render(f"{number}: {count}", max(14, round(16 * scale)), IVORY)
            out.blit(line, (round(10 * scale), y))
            y += line.get_height()
        surface.blit(out, rect.topleft)


@pytest.fixture
def tiles_left() -> Iterator[None]:
    unregister = register_panel(TilesLeft)  # the one entry
    yield
    unregister()


def opened(app: App, table: TableScene) -> tuple[int, ...]:
    """Press N: the panel is open, stacked in the column, drawn; what it says."""
    assert "tiles-left" not in table.board.regions.panels
    app.step([key(pygame.K_n)], 0.016)
    app.step([], 0.016)
    rect = table.board.regions.panels.get("tiles-left")
    assert rect is not None and table.board.regions.column is not None and table.board.regions.column.contains(rect)
    assert all(not rect.colliderect(other) for name, other in table.board.regions.panels.items() if name != "tiles-left")
    content = table.snapshot.content_of("tiles-left")
    assert isinstance(content, tuple)
    app.draw(app.surface)
    assert app.surface.get_at((rect.centerx, rect.top))[:3] == EDGE  # its own card, drawn where the regions put it
    counts: tuple[int, ...] = content[2]
    return counts


def unseen_counts(view: Any) -> tuple[int, ...]:
    return tuple(sum(1 for tile in view.unseen() if number in halves(tile)) for number in range(view.rules.top + 1))


def test_a_panel_opens_at_a_live_table(make_app: Callable[..., App], tiles_left: None) -> None:
    app = make_app((1280, 800))
    match = Match(Rules.from_base("matador", 2), [YOU, BO], 5)
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast")
    app.push(table)
    app.step([key(pygame.K_l)], 0.016)  # the moves too: it stacks below them, as registered
    counts = opened(app, table)
    assert counts == unseen_counts(match.view(0)) and sum(counts) > 0
    assert list(table.board.regions.panels) == ["moves", "tiles-left"]
    app.step([key(pygame.K_n)], 0.016)
    assert list(table.board.regions.panels) == ["moves"]


def test_a_panel_opens_at_a_network_table(make_app: Callable[..., App], tmp_path: Path, tiles_left: None) -> None:
    served = Served(tmp_path, seed=11)
    try:
        app = make_app((1280, 800))
        table = open_table(app, served.ann)
        counts = opened(app, table)
        # what Ann's seat may know, from the server's own match: her view's unseen tiles
        assert counts == unseen_counts(served.table.match.view(0))
    finally:
        served.close()


def test_a_panel_opens_at_a_review_and_a_lesson_hides_it(make_app: Callable[..., App], tiles_left: None) -> None:
    from game.ai.coach import Budget

    match = Match(Rules.from_base("matador", 2, {"target_score": None}), [YOU, PlayerInfo("Cpu", "computer", "random")], 2)
    rng = random.Random(2)
    state = match.next_round()
    while not state.over:
        match.push(rng.choice(state.legal_moves()))
    app = make_app((1280, 800))
    quick = Budget(deals=60, forced_deals=30, screen=20, keep=2, step=20)
    review = review_table(match, 0, 0, thinker=Thinker("thread"), analysis_mode="inline", analysis_budget=quick)
    app.push(review)
    app.step([key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_RIGHT)], 0.016)
    counts = opened(app, review)
    assert counts == unseen_counts(review.model.state.view(0))  # as the round stood at the cursor
    assert counts != unseen_counts(match.rounds[0].view(0))
    assert list(review.board.regions.panels) == ["moves", "tiles-left", "card"]  # the table's panels, then the review's card
    app.pop()

    lesson = lesson_table(load_lessons()[0], 1, thinker=Thinker("thread"), animation_speed="fast", on_leave=lambda s: app.pop())
    app.push(lesson)
    app.step([key(pygame.K_n)], 0.016)
    assert list(lesson.board.regions.panels) == ["lesson"]  # a lesson shows its card alone
