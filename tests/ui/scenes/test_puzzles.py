"""Your own mistakes as puzzles, through the real scenes: a scripted blunder,
reviewed by the real coach, is a puzzle the title counts and opens; the puzzle
shows that seat's view alone (the other hand as backs, the boneyard as a
count); the move played in the match does not solve it, the better move,
dragged as at the table, does; the progress is kept and the title's counts
follow; Next puzzle never shows the same puzzle twice in a row."""

from __future__ import annotations

import json
import random
from typing import Any

import pygame
import pytest

from game.engine import Action
from game.archive.puzzles import counts, load_progress, progress_path
from game.profile.settings import Settings
from game.ui.drawing.layout_check import layout_problems
from game.ui.scenes.title import TitleScene
from game.ui.table import PuzzleMode, TableScene, slot_of, targets_for
from game.play.thinker import Thinker
from tests.ui.puzzle_files import keep_puzzles


def titled_app(make_app: Any, size: tuple[int, int] = (1280, 800), seed: int = 1) -> Any:
    app = make_app(size)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast"), puzzle_rng=random.Random(seed))
    app.routes.open_title()
    app.step([], 0.016)
    return app


def open_from_title(app: Any, ui: Any) -> TableScene:
    title = app.top
    assert isinstance(title, TitleScene)
    ui.click(app, title.buttons["puzzles"].rect.center)
    table = app.top
    assert isinstance(table, TableScene) and isinstance(table.mode, PuzzleMode)
    ui.settle(app, 3, 0.016)
    return table


def play_by_drag(app: Any, ui: Any, table: TableScene, action: Action) -> None:
    """``action`` as a person makes it at the table: its tile dragged to its place (turned as needed)."""
    assert action.kind == "lay" and action.tile is not None
    target = next(t for t in targets_for(action.tile, table.model.legal) if action in t.actions)
    slot = slot_of(action, table.board.layout)
    rect = table.board.hand_rect(action.tile)
    assert slot is not None and rect is not None
    ui.drag(app, rect.center, slot.rect.center, turns=target.actions.index(action))
    ui.settle(app, 2, 0.016)


def card_words(table: TableScene) -> str:
    mode = table.mode
    assert isinstance(mode, PuzzleMode)
    return " ".join(words for words, _colour, _bold in mode.look.card.lines(table.model.names))


def test_a_blunder_is_a_puzzle_opened_from_the_title_and_solved_by_dragging(make_app: Any, ui: Any) -> None:
    [record] = keep_puzzles()
    app = titled_app(make_app)
    title = app.top
    assert title.buttons["puzzles"].text == "Puzzles: 0 solved, 1 to do"
    table = open_from_title(app, ui)
    source = table.mode.source
    puzzle = source.puzzle
    assert puzzle.record == record and puzzle.decision.mark == "blunder" and puzzle.seat == 0
    played, best = puzzle.played, puzzle.best
    assert played != best and played.kind == best.kind == "lay"
    words = card_words(table)
    assert "In the match Ann played" in words and "blunder" in words and "Play it as at the table" in words
    assert not table.can_act() or table.model.legal  # the person's turn, the legal moves lit

    # the move played in the match, dragged: judged, said, not played
    history = list(table.model.state.history)
    play_by_drag(app, ui, table, played)
    assert [a for a, _j in source.tries] == [played] and source.solved is None
    assert table.model.state.history == history  # nothing was played
    assert "is the move played in the match" in card_words(table)
    assert table.motion.message is not None and "Not better" in table.motion.message.text
    progress, _ = load_progress()
    assert progress.tries == {puzzle.id: 1} and progress.solved == {} and progress.last == puzzle.id
    assert table.mode.look.buttons["answer"].visible and not table.mode.look.buttons["next"].visible

    # the better move: solved; the card explains; the progress is written
    play_by_drag(app, ui, table, best)
    assert source.solved is not None and source.answered and not table.can_act()
    words = card_words(table)
    assert "Solved!" in words and "coach's best move" in words and "(played in the match)" in words and "(your answer)" in words
    saved = json.loads(progress_path().read_text("utf-8"))
    assert list(saved["solved"]) == [puzzle.id] and saved["tries"] == {puzzle.id: 2}
    assert table.mode.look.pointed_out(table) == [best]  # its place glows
    look = table.mode.look
    assert look.buttons["next"].visible and look.buttons["again"].visible and look.buttons["back"].visible
    assert not look.buttons["answer"].visible

    # Try again: the same position, nothing tried; then Back (the toolbar's): the title counts it solved
    ui.click(app, look.buttons["again"].rect.center)
    assert not source.answered and source.tries == [] and table.can_act()
    ui.click(app, look.buttons["back"].rect.center)
    assert app.top is title
    assert title.buttons["puzzles"].text == "Puzzles: 1 solved, 0 to do"
    assert counts() == (1, 0)


def test_the_puzzle_shows_the_seats_view_and_nothing_hidden(make_app: Any, ui: Any) -> None:
    from game.engine import load_record
    from game.archive.past_matches import load
    from game.ui.table import PlaquesPart

    [record] = keep_puzzles()
    app = titled_app(make_app)
    table = open_from_title(app, ui)
    puzzle = table.mode.source.puzzle
    view = table.mode.source.seat_view
    match, _ = load(record)
    assert match is not None
    truth = load_record(json.loads(record.read_text("utf-8")))
    # the table holds no round at all: a stand-in match, never dealt, and the seat's view
    assert table.model.match.rounds == [] and table.model.record is None
    assert sorted(t for t, _r in table.board.hand) == sorted(view.hand) and table.model.viewer == puzzle.seat
    other = 1 - puzzle.seat
    snap = table.snapshot
    assert snap.plaques[other].faces is None  # backs
    assert table.model.state.hand(other) == [] and table.model.state.hand_count(other) == view.hand_counts[other]
    assert table.model.state.boneyard_count == view.boneyard_count
    # the plaque drawn is the one of backs, not the one of the hidden tiles
    part = next(p for p in table.parts if isinstance(p, PlaquesPart))
    place = snap.regions.seats[other]
    drawn = part.plaque(snap, other, place.rect.size, place.side)
    info = snap.plaques[other].info
    backs = part.make_plaque(info, place.rect.size, snap.regions.scale, None)
    hidden = position_hand(truth, puzzle.round, puzzle.action, other)
    faces = part.make_plaque(info, place.rect.size, snap.regions.scale, tuple(hidden))
    assert hidden and pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(backs, "RGBA")
    assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(faces, "RGBA")
    # the hint is off (it would be the answer), and so are undo and the score sheet's rounds
    app.step([ui.key(pygame.K_h)], 0.016)
    assert table.aids.hinted is None and table.aids._hint_future is None and table.aids.helped == set()
    assert "hint" not in table.toolbar.tools and "undo" not in table.toolbar.tools


def position_hand(match: Any, round_index: int, action_index: int, seat: int) -> list[int]:
    """``seat``'s tiles just before action ``action_index`` of round ``round_index``, the
    round played again from its recorded deal (the truth the table must not show)."""
    from game.engine import Match, match_to_record, parse_tile

    top = match.rules.top
    again = Match(match.rules, match.players, match.seed)
    for r in range(round_index + 1):
        deal = match_to_record(match)["rounds"][r]["deal"]
        again.next_round([[parse_tile(t, top) for t in hand] for hand in deal["hands"]], [parse_tile(t, top) for t in deal["boneyard"]])
        history = match.rounds[r].history
        for _seat, action in history if r < round_index else history[:action_index]:
            again.push(action)
    return sorted(again.round.hand(seat))


def test_show_the_answer_and_next_puzzle_never_the_same_twice_in_a_row(make_app: Any, ui: Any) -> None:
    keep_puzzles(3)
    app = titled_app(make_app, seed=7)
    title = app.top
    assert title.buttons["puzzles"].text == "Puzzles: 0 solved, 3 to do"
    table = open_from_title(app, ui)
    seen = [table.mode.source.puzzle.id]
    for _ in range(5):
        look = table.mode.look
        ui.click(app, look.buttons["answer"].rect.center)
        assert table.mode.source.given_up and "The coach's best move" in card_words(table)
        assert table.mode.source.solved is None
        app.step([ui.key(pygame.K_RETURN)], 0.016)  # Next puzzle
        table = app.top
        assert isinstance(table, TableScene) and isinstance(table.mode, PuzzleMode)
        ui.settle(app, 2, 0.016)
        seen.append(table.mode.source.puzzle.id)
        assert seen[-1] != seen[-2]
        assert load_progress()[0].last == seen[-1]
    assert len(set(seen)) == 3
    assert app.scenes[0] is title and len(app.scenes) == 2  # each puzzle in the last one's place
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    assert app.top is title and title.buttons["puzzles"].text == "Puzzles: 0 solved, 3 to do"


def test_the_title_has_no_puzzles_button_without_puzzles(make_app: Any) -> None:
    app = titled_app(make_app)
    assert "puzzles" not in app.top.buttons and counts() == (0, 0)


def test_the_title_counts_the_puzzles_of_a_review_made_while_it_shows(make_app: Any, ui: Any) -> None:
    app = titled_app(make_app)
    title = app.top
    assert "puzzles" not in title.buttons
    keep_puzzles(2)  # as the background review keeps one
    ui.settle(app, 50, 0.05)
    assert title.buttons["puzzles"].text == "Puzzles: 0 solved, 2 to do"


@pytest.mark.parametrize("size", [(640, 480), (1280, 800)], ids=["640x480", "1280x800"])
@pytest.mark.parametrize("scale", [100, 150])
def test_the_puzzle_and_the_title_lay_out_cleanly(make_app: Any, ui: Any, size: tuple[int, int], scale: int) -> None:
    from game.ui.drawing import access

    access.CURRENT.text_scale = scale
    keep_puzzles()
    app = titled_app(make_app, size)
    assert layout_problems(app.top) == []
    table = open_from_title(app, ui)
    assert layout_problems(table) == []
    play_by_drag(app, ui, table, table.mode.source.puzzle.best)
    assert table.mode.source.solved is not None
    app.draw(app.surface)
    assert layout_problems(table) == []


def test_a_long_explanation_scrolls_on_a_small_card(make_app: Any, ui: Any) -> None:
    keep_puzzles()
    app = titled_app(make_app, (640, 480))
    table = open_from_title(app, ui)
    table.mode.look.press(table, "answer")
    app.draw(app.surface)
    card = table.mode.look.card
    assert card.overflow > 0 and card.scroll == 0  # more than the card holds at 640x480
    before = pygame.image.tobytes(app.surface, "RGB")
    app.step([ui.key(pygame.K_PAGEDOWN)], 0.016)
    app.draw(app.surface)
    assert card.scroll > 0 and pygame.image.tobytes(app.surface, "RGB") != before
    for _ in range(20):
        app.step([ui.key(pygame.K_PAGEDOWN)], 0.016)
        app.draw(app.surface)
    assert card.scroll == card.overflow
    app.step([ui.key(pygame.K_PAGEUP)], 0.016)
    app.draw(app.surface)
    assert card.scroll < card.overflow


def play_by_keys(app: Any, ui: Any, table: TableScene, action: Action) -> None:
    """``action`` by the keys alone: Right to its tile, Down to its place, R to turn it, Enter."""
    inp = table.controls.input
    for _ in range(12):
        if inp.selected == action.tile:
            break
        app.step([ui.key(pygame.K_RIGHT)], 0.016)
    assert inp.selected == action.tile
    for _ in range(12):
        target = inp.chosen_target(table.controls.input_context())
        if target is not None and action in target.actions:
            break
        app.step([ui.key(pygame.K_DOWN)], 0.016)
    for _ in range(4):
        target = inp.chosen_target(table.controls.input_context())
        assert target is not None
        if target.variant(inp.variant) == action:
            break
        app.step([ui.key(pygame.K_r)], 0.016)
    app.step([ui.key(pygame.K_RETURN)], 0.016)
    ui.settle(app, 2, 0.016)


def test_the_puzzle_is_played_by_click_then_click_and_by_the_keys(make_app: Any, ui: Any) -> None:
    keep_puzzles()
    app = titled_app(make_app)
    table = open_from_title(app, ui)
    source = table.mode.source
    played, best = source.puzzle.played, source.puzzle.best
    assert played.tile is not None
    # the move played: its tile clicked, then its place
    rect = table.board.hand_rect(played.tile)
    assert rect is not None
    ui.click(app, rect.center)
    for _ in range(4):
        target = table.controls.input.chosen_target(table.controls.input_context())
        slot = slot_of(played, table.board.layout)
        assert slot is not None
        found = next(t for t in targets_for(played.tile, table.model.legal) if played in t.actions)
        if table.controls.input.variant % len(found.actions) == found.actions.index(played):
            break
        app.step([ui.key(pygame.K_r)], 0.016)
    ui.click(app, slot.rect.center)
    ui.settle(app, 2, 0.016)
    assert [a for a, _j in source.tries] == [played] and source.solved is None
    # the better one, by the keys; then Esc goes back (nothing in hand)
    play_by_keys(app, ui, table, best)
    assert source.solved is not None and [a for a, _j in source.tries] == [played, best]
    assert load_progress()[0].solved.keys() == {source.puzzle.id}
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    assert isinstance(app.top, TitleScene)


def test_a_puzzle_whose_match_is_gone_says_so_on_the_title(make_app: Any, ui: Any) -> None:
    from game.archive.past_matches import forget

    [record] = keep_puzzles()
    app = titled_app(make_app)
    title = app.top
    assert "puzzles" in title.buttons
    forget(record)  # deleted (by another window, say) after the title counted it
    ui.click(app, title.buttons["puzzles"].rect.center)
    assert app.top is title and "puzzles" not in title.buttons
    assert any("There are no puzzles" in notice for notice in app.notices)


def test_the_aids_keys_and_a_controller_at_the_puzzle(make_app: Any, ui: Any) -> None:
    """No hint, undo or score sheet at a puzzle (the hint would be the answer), by
    key or controller; the moves panel opens; a controller's Y tries again and A
    goes to the next puzzle once it is answered, B goes back."""
    from game.ui.shell.gamepad import PadPress

    keep_puzzles(2)
    app = titled_app(make_app)
    table = open_from_title(app, ui)
    ctrl_z = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="", scancode=0)
    for event in (ui.key(pygame.K_h), ui.key(pygame.K_s), ctrl_z):
        app.step([event], 0.016)
        assert app.top is table
    table.handle_pad(PadPress(1, "ls"))
    app.step([], 0.016)
    assert app.top is table and table.aids.hinted is None and table.aids._hint_future is None
    app.step([ui.key(pygame.K_l)], 0.016)
    assert table.panel("moves").is_open(table)
    table.mode.look.press(table, "answer")
    first = table.mode.source.puzzle.id
    table.handle_pad(PadPress(1, "y"))
    assert not table.mode.source.answered
    table.mode.look.press(table, "answer")
    table.handle_pad(PadPress(1, "a"))
    app.step([], 0.016)
    nxt = app.top
    assert isinstance(nxt, TableScene) and nxt is not table and nxt.mode.source.puzzle.id != first
    nxt.handle_pad(PadPress(1, "start"))
    app.step([], 0.016)
    assert isinstance(app.top, TitleScene)


def test_a_move_better_than_the_one_played_but_not_enough_is_told_so(make_app: Any, ui: Any) -> None:
    keep_puzzles()
    app = titled_app(make_app)
    table = open_from_title(app, ui)
    source = table.mode.source
    decision = source.puzzle.decision
    best = max(o.chance for o in decision.assessment.options)
    middling = [
        o.action for o in decision.assessment.options
        if o.action.kind == "lay" and best - o.chance >= 0.05 and o.chance - decision.chance_played >= 0.05
    ]
    assert middling, "the scripted blunder has a move between the one played and the best"
    play_by_drag(app, ui, table, middling[0])
    assert source.solved is None and [a for a, _j in source.tries] == [middling[0]]
    assert "Better, but not enough" in card_words(table)
    assert table.motion.message is not None and "but not the best" in table.motion.message.text
