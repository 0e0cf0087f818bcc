"""Past matches and the review, through real scenes: a finished match is kept,
listed and opened; the review steps with keys, buttons and the slider, shows the
coach's marks and the better move; the round summary offers the review."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from game.ai.coach import Budget
from game.engine import Match, PlayerInfo, Rules
from game.archive.past_matches import keep, list_matches
from game.profile.saves import save_match
from game.profile.settings import Settings
from game.ui.scenes.past_matches_screen import PastMatchesScene
from game.ui.scenes.title import TitleScene
from game.ui.table import ReviewMode, TableScene, review_table, RoundEndScene
from game.play.thinker import Thinker

QUICK = Budget(deals=120, forced_deals=60, screen=40, keep=2, step=40, check_deals=120, strong_deals=0)
YOU = PlayerInfo("You", "human", None)
HARD = PlayerInfo("Hard", "computer", "hard")


def played_match(seed: int = 5, rounds: int = 1) -> Match:
    """You (playing at random) against a medium-minded computer, ``rounds`` rounds."""
    from game.ai import make_player

    match = Match(Rules.from_base("matador", 2, {"target_score": None if rounds == 1 else 500}), [YOU, HARD], seed)
    rng = random.Random(seed)
    medium = make_player("medium")
    for _ in range(rounds):
        state = match.next_round()
        while not state.over:
            seat = state.current_player
            assert seat is not None
            move = rng.choice(state.legal_moves()) if seat == 0 else medium.choose(match.view(seat), rng, 0.05)
            match.push(move)
    return match


def quick_app(make_app: Any, size: tuple[int, int] = (1280, 800)) -> Any:
    app = make_app(size)
    app.services.update(
        thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"), review_mode="inline", review_budget=QUICK
    )
    app.routes.open_title()
    app.step([], 0.016)
    return app


def open_quick_review(app: Any, match: Match, round_index: int = 0, seat: int = 0) -> TableScene:
    review = review_table(match, round_index, seat, thinker=Thinker("thread"), on_leave=lambda s: app.pop(), analysis_mode="inline", analysis_budget=QUICK)
    app.push(review)
    return review


def finish_analysis(app: Any, review: TableScene) -> None:
    for _ in range(400):
        if review.mode.source.analysis().done:
            return
        app.step([], 0.016)  # inline: each frame judges one decision
    raise AssertionError("the review never finished")


def test_a_finished_match_is_kept_listed_and_opened(make_app: Any, ui: Any) -> None:
    match = played_match()
    assert keep(match, abandoned=False) is not None
    app = quick_app(make_app)
    title = app.top
    assert isinstance(title, TitleScene)
    ui.click(app, title.buttons["past"].rect.center)
    listing = app.top
    assert isinstance(listing, PastMatchesScene)
    assert len(listing.matches) == 1 and listing.matches[0].seats[0].name == "@you"  # (a default name read as its code)
    assert listing.review_button is not None
    ui.click(app, listing.review_button.rect.center)
    review = app.top
    assert isinstance(review.mode, ReviewMode)
    assert review.model.match.round.history == match.round.history  # the same match, from its record
    app.step([], 0.016)
    assert (0, 0) in review.mode.source.analyses  # the coach started on your round
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    assert app.top is listing


@pytest.mark.parametrize("seat", [0, 1])
def test_a_network_match_is_reviewed_at_the_seat_played_here(make_app: Any, ui: Any, seat: int) -> None:
    """Two friends' network match, kept on Bo's machine for his seat (the keeper's
    file name ends -net-CODE-sSEAT): Past matches opens its review at that seat,
    not at the first person's; a match played here still opens at a person's seat."""
    bo = PlayerInfo("Bo", "human", None)
    match = Match(Rules.from_base("matador", 2, {"target_score": None}), [PlayerInfo("Ann", "human", None), bo], 5)
    rng = random.Random(2)
    state = match.next_round()
    while not state.over:
        match.push(rng.choice(state.legal_moves()))
    path = keep(match, abandoned=False, tag=f"net-K7QX2M-s{seat}")
    assert path is not None and list_matches()[0].played_seat == seat
    app = quick_app(make_app)
    app.routes.open_past_matches()
    listing = app.top
    assert isinstance(listing, PastMatchesScene) and listing.review_button is not None
    ui.click(app, listing.review_button.rect.center)
    review = app.top
    assert isinstance(review, TableScene) and isinstance(review.mode, ReviewMode)
    assert review.mode.source.seat == seat and review.model.viewer == seat


def test_an_abandoned_match_is_kept_when_a_new_one_starts(make_app: Any, ui: Any) -> None:
    unfinished = Match(Rules.from_base("leyden", 2), [YOU, HARD], 3)
    state = unfinished.next_round()
    unfinished.push(state.legal_moves()[0])
    save_match(unfinished)
    app = quick_app(make_app)
    app.routes.start_match(Match(Rules.from_base("matador", 2), [YOU, HARD], 4))
    kept = list_matches()
    assert len(kept) == 1 and kept[0].abandoned and kept[0].rules == "leyden"


def test_the_review_steps_and_marks_the_coachs_verdicts(make_app: Any, ui: Any) -> None:
    match = played_match(seed=5)
    app = quick_app(make_app)
    review = open_quick_review(app, match)
    finish_analysis(app, review)
    summary = review.mode.source.analysis().summary()
    assert len(summary.decisions) == sum(1 for seat, _ in match.round.history if seat == 0)
    marked = ("inaccuracy", "mistake", "blunder")
    assert any(d.mark in marked for d in summary.decisions)  # random play errs somewhere
    for decision in summary.decisions:  # the card and the ghost at each of your actions
        review.mode.source.move_to(decision.action)
        app.step([], 0.016)
        assert review.mode.source.verdict() == decision
        names_one = decision.mark in ("good",) + marked
        if decision.mark in marked:
            line = next(line for line in review.mode.source.marked_log() if line.index == decision.action)
            assert line.text.endswith(f"({decision.mark})")
        if names_one and decision.best.kind == "lay":
            assert review.mode.look.pointed_out(review) == [decision.best]
        else:
            assert review.mode.look.pointed_out(review) == []
        assert review.mode.look.can_draw(review) == (names_one and decision.best.kind == "draw")  # the boneyard glows
        content = next(pane.content for pane in review.snapshot.panes if pane.part.name == "moves")
        assert content is not None and content.lines is not None
        if decision.action == 0:  # your lead: nothing is on the board yet
            assert not content.lines and not content.lit
            continue
        assert content.lines and all(line.index < decision.action for line in content.lines)
        assert content.lit == frozenset({content.lines[-1].index})  # the last move on the board is lit
        assert content.lines[-1].index == decision.action - 1
    # the overview: the biggest mistakes first, a click on one jumps to it
    overview = review.mode.look.card.overview
    assert overview is not None and overview.graph is not None
    biggest = summary.biggest(3)
    assert [a for _, a in overview.entries] == [d.action for d in biggest]
    if biggest:
        panel = review.board.regions.panel
        rect = overview.entries[0][0]
        top = panel.bottom - review.board.regions.panels["card"].height
        review.mode.source.move_to(0)
        ui.click(app, (panel.left + rect.centerx, top + rect.centery))
        assert review.mode.source.cursor == biggest[0].action
    other = next(a for a, (seat, _) in enumerate(match.round.history) if seat == 1)
    review.mode.source.move_to(other)
    assert all("thinking" not in review.mode.look.seat_info(review, seat)[4] for seat in range(2))
    assert review.mode.look.card.verdict_lines(1, None)[0][0].startswith("(Hard is not the seat under review")
    # stepping: keys, buttons and the slider
    review.mode.source.move_to(0)
    app.step([ui.key(pygame.K_RIGHT)], 0.016)
    assert review.mode.source.cursor == 1
    app.step([ui.key(pygame.K_END)], 0.016)
    assert review.mode.source.cursor == review.mode.source.length and review.model.state.over
    app.step([ui.key(pygame.K_HOME)], 0.016)
    assert review.mode.source.cursor == 0 and not review.model.state.history
    ui.click(app, review.mode.look.tools["next"].rect.center)
    ui.click(app, review.mode.look.tools["next"].rect.center)
    assert review.mode.source.cursor == 2
    assert review.model.state.key() == match.round.before(2).key()
    slider = review.mode.look.slider
    assert slider is not None
    slider.set_current_value(5)
    slider.has_moved_recently = True
    app.step([], 0.016)
    assert review.mode.source.cursor == 5
    assert all(review.mode.look.revealed(review, seat) == tuple(review.model.state.hand(seat)) for seat in range(2))  # every hand face up
    app.step([ui.key(pygame.K_TAB)], 0.016)  # the other seat under review
    assert review.mode.source.seat == 1 and (1, 0) in review.mode.source.analyses


def test_the_round_summary_offers_the_review(make_app: Any, ui: Any) -> None:
    app = quick_app(make_app, (1024, 700))
    match = Match(Rules.from_base("matador", 2, {"target_score": None}), [YOU, PlayerInfo("Bo", "computer", "random")], 2)
    table = app.routes.start_match(match)
    rng = random.Random(1)
    for _ in range(600):
        if isinstance(app.top, RoundEndScene):
            break
        if table.can_act():
            table.play(rng.choice(table.model.legal), None)
        app.step([], 0.05)
    summary = app.top
    assert isinstance(summary, RoundEndScene)
    ui.click(app, summary.buttons["review"].rect.center)
    review = app.top
    assert isinstance(review.mode, ReviewMode) and review.mode.source.round == match.round_index and review.mode.source.seat == 0
    assert review.model.match is not table.model.match  # a copy: the live table is never touched
    ui.click(app, review.mode.look.tools["close"].rect.center)
    assert app.top is summary
    for analysis in review.mode.source.analyses.values():
        assert analysis.cancelled or analysis.done


def test_controller_steps_the_review_and_the_past_matches(make_app: Any, ui: Any) -> None:
    from game.ui.shell.gamepad import PadPress

    keep(played_match(), abandoned=False)
    app = quick_app(make_app)
    app.routes.open_past_matches()
    listing = app.top
    assert isinstance(listing, PastMatchesScene)
    listing.handle_pad(PadPress(1, "a"))  # A: Review
    review = app.top
    assert isinstance(review.mode, ReviewMode)
    review.handle_pad(PadPress(1, "right"))
    review.handle_pad(PadPress(1, "right", repeat=True))
    assert review.mode.source.cursor == 2
    review.handle_pad(PadPress(1, "rt"))
    assert review.mode.source.cursor == review.mode.source.length
    review.handle_pad(PadPress(1, "left"))
    assert review.mode.source.cursor == review.mode.source.length - 1
    review.handle_pad(PadPress(1, "y"))
    assert review.mode.source.seat == 1
    review.handle_pad(PadPress(1, "b"))
    assert app.top is listing
    listing.handle_pad(PadPress(1, "b"))
    assert isinstance(app.top, TitleScene)
