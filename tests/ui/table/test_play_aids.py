"""Play aids through real scenes and synthetic events: undo and redo, the hint,
the moves panel, the score sheet and what the table knows."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pygame

from game.ai.coach import choose
from game.engine import Action, Match, PlayerInfo, Rules, load_record, match_to_record, parse_tile
from game.profile.saves import load_match
from game.ui.shell.autosave import Autosaver
from game.ui.table import ScoreSheetScene, TableScene, known_absent, round_log, score_rows, slot_of, table_knowledge, targets_for

ROOT = Path(__file__).resolve().parents[3]
YOU = PlayerInfo("You", "human", None)
BO = PlayerInfo("Bo", "computer", "easy")


def ctrl_key(k: int, shift: bool = False) -> pygame.event.Event:
    mod = pygame.KMOD_CTRL | (pygame.KMOD_SHIFT if shift else 0)
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def your_move(app: Any, ui: Any, table: TableScene, rng: random.Random) -> None:
    """One legal move by the mouse: a tile dragged to a lit place, the boneyard, or a button."""
    lays = [a for a in table.model.legal if a.kind == "lay"]
    kinds = {a.kind for a in table.model.legal}
    count = len(table.model.state.history)
    if lays:
        action = rng.choice(lays)
        assert action.tile is not None
        target = next(t for t in targets_for(action.tile, table.model.legal) if action in t.actions)
        slot = slot_of(target.variant(0), table.board.layout)
        rect = table.board.hand_rect(action.tile)
        assert slot is not None and rect is not None
        ui.drag(app, rect.center, slot.rect.center)
    elif "draw" in kinds:
        ui.click(app, table.board.regions.boneyard.center)
    else:
        app.step([], 0.016)
        ui.click(app, table.toolbar.turn["pass" if "pass" in kinds else "refuse"].rect.center)
    assert len(table.model.state.history) > count


def until_your_turn(app: Any, ui: Any, table: TableScene, limit: int = 400) -> None:
    for _ in range(limit):
        if table.can_act() or table.model.state.over:
            return
        ui.settle(app, 1, 0.05)
    raise AssertionError("the computer never finished its turn")


def replayed(record: dict[str, Any], actions: int) -> Any:
    """The record's last round cut to its first ``actions`` actions, replayed."""
    cut = json.loads(json.dumps(record))
    cut["rounds"][-1]["actions"] = cut["rounds"][-1]["actions"][:actions]
    return load_record(cut).round


def test_undo_three_times_matches_the_record_replayed_then_redo_comes_back(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    table = ui.new_table(app, "matador", [YOU, BO], seed=5)
    rng = random.Random(1)
    starts: list[int] = []  # history length at the start of each of your turns
    until_your_turn(app, ui, table)
    while len(starts) < 5 and not table.model.state.over:
        history = table.model.state.history
        if not history or history[-1][0] != 0:  # a new turn (not a draw's follow-up)
            starts.append(len(history))
        your_move(app, ui, table, rng)
        until_your_turn(app, ui, table)
    assert len(starts) == 5 and not table.model.state.over, "the seeded deal lasts five turns of yours"
    record = match_to_record(table.model.match)
    latest = table.model.state.key()
    for back in (1, 2, 3):
        app.step([ctrl_key(pygame.K_z)], 0.016)
        position = starts[-back]
        assert len(table.model.state.history) == position
        assert table.model.state.key() == replayed(record, position).key()
        assert table.can_act()  # it is your turn again, the computer's reply taken back too
    assert table.model.match.assisted
    assert list(table.model.state.boneyard) == list(replayed(record, 0).boneyard)  # the deal never changes
    app.step([ctrl_key(pygame.K_y)], 0.016)
    assert len(table.model.state.history) == starts[-2]
    app.step([ctrl_key(pygame.K_z, shift=True)], 0.016)
    app.step([ctrl_key(pygame.K_y)], 0.016)
    assert table.model.state.key() == latest
    app.step([ctrl_key(pygame.K_y)], 0.016)  # nothing more to redo
    assert table.model.state.key() == latest


def test_a_new_move_after_undo_forgets_the_redo(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    table = ui.new_table(app, "matador", [YOU, BO], seed=5)
    rng = random.Random(2)
    for _ in range(2):
        until_your_turn(app, ui, table)
        your_move(app, ui, table, rng)
    until_your_turn(app, ui, table)
    ui.click(app, table.toolbar.tools["undo"].rect.center)
    assert table.aids.can_redo() and table.toolbar.tools["redo"].is_enabled
    your_move(app, ui, table, rng)
    assert not table.aids.can_redo()
    app.step([], 0.016)
    assert not table.toolbar.tools["redo"].is_enabled


def test_undo_cancels_a_computer_that_is_thinking(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    table = ui.new_table(app, "matador", [YOU, PlayerInfo("Hard", "computer", "hard")], seed=5)
    rng = random.Random(3)
    until_your_turn(app, ui, table, limit=2000)
    mine = len(table.model.state.history)
    your_move(app, ui, table, rng)
    for _ in range(30):  # the glide ends and the computer starts thinking
        app.step([], 0.02)
        if table.model.seats[1].thinking:  # type: ignore[attr-defined]
            break
    assert table.model.state.current_player == 1
    app.step([ctrl_key(pygame.K_z)], 0.016)
    assert len(table.model.state.history) == mine and table.can_act()
    assert not table.model.seats[1].thinking  # type: ignore[attr-defined]
    for _ in range(20):  # whatever the cancelled search would have said is never played
        app.step([], 0.05)
    assert len(table.model.state.history) == mine


def test_the_save_after_an_undo_resumes_there(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    saver = Autosaver()
    table = ui.new_table(app, "leyden", [YOU, BO], seed=3, on_action=saver)
    rng = random.Random(4)
    for _ in range(3):
        until_your_turn(app, ui, table)
        if table.model.state.over:
            break
        your_move(app, ui, table, rng)
    until_your_turn(app, ui, table)
    app.step([ctrl_key(pygame.K_z)], 0.016)
    app.step([ctrl_key(pygame.K_z)], 0.016)
    saver.flush()
    saver.close()
    saved, message = load_match()
    assert message is None and saved is not None
    assert saved.round.key() == table.model.state.key()
    assert saved.assisted


def test_no_undo_with_two_people(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    table = ui.new_table(app, "matador", [YOU, PlayerInfo("Bea", "human", None), BO], seed=2)
    assert "undo" not in table.toolbar.tools and "redo" not in table.toolbar.tools
    assert {"hint", "moves", "scores", "menu"} <= set(table.toolbar.tools)
    history = list(table.model.state.history)
    app.step([ctrl_key(pygame.K_z)], 0.016)
    assert table.model.state.history == history and not table.model.match.assisted


def test_the_hint_is_what_the_coach_chooses_from_the_same_view_and_seed(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    table = ui.new_table(app, "leyden", [YOU, BO], seed=6)
    table.aids.hint_budget_s = 60.0  # the search then ends by its deal count: the same every time
    checked = 0
    for _ in range(6):
        until_your_turn(app, ui, table)
        if table.model.state.over:
            break
        assert table.model.viewer is not None
        view = table.model.match.view(table.model.viewer)
        seed = table.aids.hint_seed()
        app.step([ui.key(pygame.K_h)], 0.016)
        deadline = time.monotonic() + 120
        while table.aids.hinted_action() is None and time.monotonic() < deadline:
            app.step([], 0.02)  # frames go on while the hint is thought of
            time.sleep(0.01)
        hint = table.aids.hinted_action()
        assert hint is not None and hint in table.model.legal
        assert hint == choose(view, random.Random(seed), 60.0)[0]  # the coach's search (game/ai/hint.py)
        if hint.kind == "lay":
            assert table.controls.input.selected == hint.tile  # the tile lifts ...
            target = table.controls.input.chosen_target(table.controls.input_context())
            assert target is not None and hint in target.actions  # ... and its place glows
        assert table.motion.message is not None and table.motion.message.text.startswith("Hint: ")
        checked += 1
        table.play(hint, None)
    assert checked >= 3 and table.model.match.assisted


def test_the_moves_of_a_scripted_round_in_words() -> None:
    match = Match(Rules.from_base("matador", 2), [PlayerInfo("Ann", "human", None), BO], 1)
    hands = [[parse_tile(t) for t in "6-6 5-1 4-2 3-0 2-2 1-0 6-3".split()], [parse_tile(t) for t in "5-5 4-4 6-1 3-3 2-0 5-0 4-0".split()]]
    rest = [t for t in range(28) if not any(t in h for h in hands)]  # 0-0, a matador, is drawn first
    match.next_round(hands, rest)
    state = match.round
    for action in (
        Action.lay(parse_tile("6-6")),
        Action.lay(parse_tile("6-1"), "E", 6),  # a matador: the right end now shows 1
        Action.lay(parse_tile("5-1"), "W", 1),
        Action.lay(parse_tile("2-0"), "W", 2),  # the left end shows 0: matador only
        Action.lay(parse_tile("6-3"), "E", 6),
        Action.lay(parse_tile("4-4"), "E", 4),
        Action.lay(parse_tile("3-0"), "E", 3),  # both ends blank: Bo has no matador
        Action.draw(),
        Action.lay(parse_tile("0-0"), "W", 0),
    ):
        match.push(action)
    lines = round_log(state, ["Ann", "Bo"])
    assert [line.text for line in lines] == [
        "Ann led 6-6",
        "Bo laid 6-1 on the 6",  # a matador on a 6
        "Ann laid 5-1 on the 6",
        "Bo laid 2-0 on the 5",
        "Ann laid 6-3 on the 1",
        "Bo laid 4-4 on the 3",
        "Ann laid 3-0 on the 4",
        "Bo drew a tile",
        "Bo laid 0-0 on the blank",
    ]
    assert lines[1].tiles == ((6, 1),) and lines[7].tiles == (None,)  # Ann sees Bo's draw from the back
    assert round_log(state, ["Ann", "Bo"], frozenset({1}))[7].tiles == ((0, 0),)  # Bo sees its face


def test_a_pass_says_what_was_missing() -> None:
    # All Sevens: no drawing; Bo holds only tiles that fit nothing after 6-6 and 6-1
    match = Match(Rules.from_base("all-sevens", 2), [PlayerInfo("Ann", "human", None), BO], 1)
    hands = [[parse_tile(t) for t in "6-6 5-2 4-2 3-0 2-2 1-0 6-3".split()], [parse_tile(t) for t in "5-5 4-4 3-3 2-0 5-0 4-0 3-2".split()]]
    rest = [t for t in range(28) if not any(t in h for h in hands)]
    match.next_round(hands, rest)
    state = match.round
    match.push(Action.lay(parse_tile("6-6")))
    assert [a.kind for a in state.legal_moves()] == ["pass"]  # the end shows 6: it needs a 1
    match.push(Action.pass_())
    lines = [line.text for line in round_log(state, ["Ann", "Bo"])]
    assert lines == ["Ann led 6-6", "Bo passed, with no 1"]
    view = match.view(0)
    known = known_absent(view, 1)
    assert known.lacks_numbers == (1,) and known.drawn_since == 0


def test_the_score_sheet_agrees_with_replay(tmp_path: Path) -> None:
    match = Match(Rules.from_base("matador", 3, {"target_score": 50}), [YOU, BO, PlayerInfo("Cy", "computer", "easy")], 11)
    rng = random.Random(11)
    while not match.over:
        if match.needs_next_round:
            match.next_round()
        state = match.round
        while not state.over:
            match.push(rng.choice(state.legal_moves()))
    path = tmp_path / "match.json"
    path.write_text(json.dumps(match_to_record(match)))
    out = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    replay = json.loads(out.stdout)
    rows = score_rows(match)
    assert len(rows) == len(replay["rounds"]) >= 2
    running = [0, 0, 0]
    for row, expect in zip(rows, replay["rounds"]):
        assert row.end == expect["end"] and row.winner == expect["winner"]
        assert list(row.pips) == expect["pips"]
        if row.end != "redeal":
            assert list(row.scores) == expect["scores"]
            running = [t + s for t, s in zip(running, expect["scores"])]
        assert list(row.totals) == running
    assert list(rows[-1].totals) == replay["totals"]


def test_the_knowledge_panel_is_the_views_lacks(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    four = [YOU, BO, PlayerInfo("Cy", "computer", "easy"), PlayerInfo("Di", "computer", "easy")]
    table = ui.new_table(app, "matador", four, seed=9, show_knowledge=True)
    rng = random.Random(9)
    seen_something = False
    for _ in range(30):
        until_your_turn(app, ui, table)
        if table.model.state.over:
            break
        content = table.snapshot.content_of("knowledge")
        assert content is not None and content.knowledge is not None
        view = table.model.match.view(0)
        assert list(content.knowledge) == table_knowledge(view)
        for known in content.knowledge:
            lacks = view.lacks[known.seat]
            unseen = view.unseen_mask()
            for number in range(7):
                showing = [t for t in range(28) if unseen >> t & 1 and number in _halves(t)]
                assert (number in known.lacks_numbers) == (bool(showing) and all(lacks >> t & 1 for t in showing))
            seen_something |= bool(known.lacks_numbers)
        your_move(app, ui, table, rng)
    assert seen_something  # somebody passed or drew, and the panel said what they lack


def _halves(tile: int) -> tuple[int, int]:
    from game.engine import halves

    return halves(tile)


def test_the_moves_panel_takes_room_from_the_felt_not_the_hand(make_app: Any, ui: Any) -> None:
    for size in ((800, 600), (1280, 800)):
        app = make_app(size)
        table = ui.new_table(app, "leyden", [YOU, BO], seed=7)
        until_your_turn(app, ui, table)
        felt_before = table.board.regions.layout_area.copy()
        hand_before = table.board.regions.hand.copy()
        app.step([ui.key(pygame.K_l)], 0.016)
        panel = table.board.regions.panel
        assert panel is not None and table.panel("moves").shown
        assert table.board.regions.layout_area.width < felt_before.width
        assert not panel.colliderect(table.board.regions.hand) and table.board.regions.hand == hand_before
        for slot in table.board.layout.slots.values():
            assert not slot.rect.colliderect(panel)  # the ghosts stay clear of it
        for spot in table.board.layout.tiles:
            assert not spot.rect.colliderect(panel)
        assert table.toolbar.tools["moves"].is_selected
        ui.click(app, table.toolbar.tools["moves"].rect.center)
        assert table.board.regions.panel is None and not table.panel("moves").shown


def test_the_moves_scroll_with_the_wheel_and_keys(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    table = ui.new_table(app, "matador", [YOU, BO], seed=5)
    rng = random.Random(6)
    for _ in range(4):
        until_your_turn(app, ui, table)
        if table.model.state.over:
            break
        your_move(app, ui, table, rng)
    until_your_turn(app, ui, table)
    app.step([ui.key(pygame.K_l)], 0.016)
    panel = table.board.regions.panel
    assert panel is not None and len(table.mode.source.log_lines(table)) >= 4
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=panel.center, rel=(0, 0), buttons=(0, 0, 0))], 0.016)
    app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)], 0.016)
    assert table.panel("moves").scroll == 2
    app.step([ui.key(pygame.K_END)], 0.016)
    assert table.panel("moves").scroll == 0
    app.step([ui.key(pygame.K_PAGEUP)], 0.016)
    assert table.panel("moves").scroll == 3


def test_the_score_sheet_opens_and_closes(make_app: Any, ui: Any) -> None:
    app = make_app((800, 600))
    table = ui.new_table(app, "matador", [YOU, BO], seed=5)
    until_your_turn(app, ui, table)
    app.step([ui.key(pygame.K_s)], 0.016)
    assert isinstance(app.top, ScoreSheetScene)
    app.step([ui.key(pygame.K_s)], 0.016)
    assert app.top is table
    ui.click(app, table.toolbar.tools["scores"].rect.center)
    assert isinstance(app.top, ScoreSheetScene)
    ui.click(app, (400, 300))
    assert app.top is table


def test_other_seats_moves_stay_marked_until_you_act(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    table = ui.new_table(app, "matador", [YOU, BO], seed=5)
    rng = random.Random(7)
    until_your_turn(app, ui, table)
    your_move(app, ui, table, rng)
    until_your_turn(app, ui, table)
    if table.model.state.over:
        return
    last = max(i for i, (seat, _) in enumerate(table.model.state.history) if seat == 1)
    assert table.board.news == {1: last}
    status = table.mode.look.seat_info(table, 1)[4]
    assert status.startswith(("laid", "drew", "passed"))
    your_move(app, ui, table, rng)
    assert 1 not in table.board.news or table.board.news[1] > last


def test_the_pause_menu_undoes_and_redoes(make_app: Any, ui: Any) -> None:
    from game.ui.scenes.pause import PauseScene

    app = make_app((800, 600))
    table = ui.new_table(app, "matador", [YOU, BO], seed=5, on_pause=lambda scene: app.push(PauseScene(scene)))
    rng = random.Random(8)
    for _ in range(2):
        until_your_turn(app, ui, table)
        your_move(app, ui, table, rng)
    until_your_turn(app, ui, table)
    latest = table.model.state.key()
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    pause = app.top
    assert isinstance(pause, PauseScene) and "redo" not in pause.buttons
    ui.click(app, pause.buttons["undo"].rect.center)
    assert app.top is table and table.model.state.key() != latest
    app.step([ui.key(pygame.K_ESCAPE)], 0.016)
    pause = app.top
    assert isinstance(pause, PauseScene)
    ui.click(app, pause.buttons["redo"].rect.center)
    assert app.top is table and table.model.state.key() == latest
