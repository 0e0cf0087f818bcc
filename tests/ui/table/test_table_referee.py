"""The table asks the referee: every action at the table is pushed by the
referee alone, the table asks each seat what kind it is (a seat of a kind it
was not built with, a remote player, plays through the same route), and the
referee's listeners hear every action and undo."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from game.engine import Match, PlayerInfo
from game.play.referee import ACTION, UNDO, Event
from game.play.seat import REMOTE, RemoteSeat

YOU = PlayerInfo("You", "human", None)
BO = PlayerInfo("Bo", "computer", "random")


def test_only_the_referee_pushes_moves_at_the_table(make_app: Any, ui: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    pushers: list[str] = []
    push = Match.push

    def watched(self: Match, action: Any) -> None:
        pushers.append(sys._getframe(1).f_globals["__name__"])
        push(self, action)

    monkeypatch.setattr(Match, "push", watched)
    app = make_app((1024, 700))
    heard: list[Event] = []
    table = ui.new_table(app, "matador", [YOU, BO], seed=11, listeners=(heard.append,))
    rng = random.Random(5)
    for _ in range(400):
        app.step([], 0.05)
        if table.model.state.over:
            break
        if table.can_act():
            table.play(rng.choice(table.model.legal), None)  # what a drop or a key becomes
    assert len(table.model.state.history) >= 4
    assert pushers and set(pushers) == {"game.play.referee"}
    actions = [(e.seat, e.action) for e in heard if e.kind == ACTION]
    assert actions == list(table.model.state.history)  # each told once, in order


def test_the_table_plays_a_remote_seat_through_the_referee(make_app: Any, ui: Any) -> None:
    """A seat the table did not make (a player on another machine) is asked, not
    guessed: the table neither thinks for it nor lets the screen's input play it,
    and what it answers is played and shown like any other seat's move."""
    app = make_app((1024, 700))
    table = ui.new_table(app, "matador", [YOU, BO], seed=3)
    remote = RemoteSeat(1)
    table.model.referee.seats[1] = remote
    assert table.model.seats[1].kind == REMOTE and not table.model.is_person(1)
    for _ in range(200):
        if table.model.state.current_player == 1:
            break
        app.step([], 0.05)
        if table.can_act():
            table.play(table.model.legal[0], None)
    assert table.model.state.current_player == 1
    mine = len(table.model.state.history)
    ui.settle(app, 30)
    assert len(table.model.state.history) == mine  # nobody answers for it
    assert not table.can_act() and table.model.legal == []
    assert remote.view is not None and remote.view.seat == 1  # told its turn, with its own view only
    remote.choose(remote.view.legal_moves()[0])
    ui.settle(app, 30)
    assert len(table.model.state.history) > mine and table.model.state.history[mine][0] == 1


def test_an_undo_is_told_to_the_listeners(make_app: Any, ui: Any) -> None:
    app = make_app((1024, 700))
    heard: list[Event] = []
    table = ui.new_table(app, "matador", [YOU, BO], seed=5, listeners=(heard.append,))
    played = 0
    for _ in range(400):
        app.step([], 0.05)
        if table.can_act():
            if played == 2:
                break
            table.play(table.model.legal[0], None)
            played += 1
    assert table.aids.can_undo()
    before = len(table.model.state.history)
    table.aids.undo()
    assert [e.kind for e in heard][-1] == UNDO and len(table.model.state.history) < before
    assert table.model.match.assisted


def test_statistics_hear_a_round_end_from_the_referee_once(make_app: Any, ui: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """Statistics are a listener: the round is counted as its last action is played
    (before its summary shows, so leaving at once loses nothing), and only once."""
    from game.engine import Rules
    from game.profile.settings import Settings
    from game.profile.stats import Statistics
    from game.ui.shell import flow
    from game.ui.shell.autosave import Autosaver
    from game.ui.table import RoundEndScene
    from game.play.thinker import Thinker

    counted: list[int] = []
    add_round = Statistics.add_round
    monkeypatch.setattr(Statistics, "add_round", lambda self, match, *rest: (counted.append(match.round_index), add_round(self, match, *rest)))
    app = make_app((1024, 700))
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"), autosave=Autosaver())
    routes = flow.install(app)
    routes.load_user_files()
    rules = Rules.from_base("matador", 2, {"target_score": None})  # one round
    table = routes.start_match(Match(rules, [YOU, BO], 5))
    for _ in range(3000):
        if table.model.state.over:
            break
        app.step([], 0.05)
        if table.can_act():
            table.play(table.model.legal[0], None)
    assert table.model.state.over and not isinstance(app.top, RoundEndScene)
    assert counted == [0]
    for _ in range(200):
        app.step([], 0.05)
        if isinstance(app.top, RoundEndScene):
            break
    assert isinstance(app.top, RoundEndScene) and counted == [0]
