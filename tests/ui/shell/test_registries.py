"""A computer level and a rule-set variant are each one registry entry (and a
rule set's words): registered by a test, they appear everywhere the game lists
levels and rule sets, with nothing else changed (docs/architecture.md, *A
computer level*, *A rule set*). The fixtures register and take them out again,
so no test sees another's."""

from __future__ import annotations

import asyncio
import json
import random
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

import pytest

from game import i18n
from game.ai import levels
from game.commands.cli import parse
from game.engine import (
    RULE_SETS,
    Action,
    Match,
    PlayerInfo,
    RuleError,
    Rules,
    RuleSetInfo,
    SeatView,
    load_record,
    match_to_record,
    pips,
    preset_options,
    register_rule_set,
    registered_rule_set,
)
from game.net.app.mirror import Mirror
from game.net.shared.protocol import read_refusal, refusal_json
from game.net.server.store import Store
from game.net.server.table import Table
from game.archive.past_matches import Seat, title_of
from game.play.referee import Referee
from game.play.seat import ComputerSeat
from game.profile.settings import Settings
from game.play.thinker import choose_action
from game.ui.shell.launch import make_match
from game.ui.scenes.friends import HostScene
from game.ui.scenes.friends.friends_model import HostSetup
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.new_game.setup import Setup
from game.ui.scenes.past_matches_screen import seat_words
from game.ui.scenes.rules_screen import RulesScene
from game.ui.shell.seat_choices import parse_seats
from game.play.thinker import Thinker
from game.words.refusals import refusal_text
from game.words.rule_sets import RuleSetWords, registered_words

HEAVY = "heaviest"
EIGHT = "matador-eight"


class HeaviestPlayer:
    """Always lays its heaviest tile (the first legal action when it lays none)."""

    level = HEAVY

    def choose(self, view: SeatView, rng: random.Random, budget_s: float) -> Action:
        moves = view.legal_moves()
        lays = [m for m in moves if m.kind == "lay" and m.tile is not None]
        return max(lays, key=lambda m: (pips(m.tile), str(m))) if lays else moves[0]  # type: ignore[arg-type]


@pytest.fixture
def heaviest() -> Iterator[levels.Level]:
    level = levels.Level(HEAVY, HeaviestPlayer, 0.0, "Heaviest", "heaviest", "Always lays its heaviest tile.", 35)
    with levels.registered(level):
        yield level
    assert levels.get(HEAVY) is None and HEAVY not in levels.ids()  # gone again


@pytest.fixture
def eight() -> Iterator[RuleSetInfo]:
    """Matador for two with eight tiles each: a preset, and the words naming it
    (its rules text is Matador's page)."""
    info = RuleSetInfo(EIGHT, "matador", 15, 2, 2, preset_options(hand_size=8))
    words = RuleSetWords("Matador with eight tiles", "Matador for two, eight tiles each.", "matador")
    with registered_rule_set(info), registered_words(EIGHT, words):
        yield info
    assert EIGHT not in RULE_SETS


def test_a_level_comes_from_its_entry_alone(heaviest: levels.Level) -> None:
    ids = levels.ids()
    assert ids.count(HEAVY) == 1 and ids == tuple(level.id for level in sorted(levels.levels(), key=lambda l: (l.order, l.id)))
    assert ids.index(HEAVY) == sum(1 for level in levels.levels() if (level.order, level.id) < (heaviest.order, HEAVY))  # in its order's place
    assert HEAVY in levels.offered() and levels.offered() == tuple(i for i in ids if levels.resolve(i).offered)
    assert levels.make_player(HEAVY).level == HEAVY and levels.budget_s(HEAVY) == 0.0
    with pytest.raises(ValueError, match="already registered"):
        levels.register(heaviest)
    assert levels.ids().count(HEAVY) == 1


def test_a_registered_level_is_a_seat_kind_of_the_command_line(heaviest: levels.Level, capsys: pytest.CaptureFixture[str]) -> None:
    args = parse(["play", "--seats", "Ann=human,heaviest", "--seed", "4"])
    seats = parse_seats(args.seats)
    assert [(s.name, s.kind) for s in seats] == [("Ann", "human"), ("@heaviest", HEAVY)]
    match = make_match("matador", seats, args.seed, None)
    assert match.players[1] == PlayerInfo("@heaviest", "computer", HEAVY)
    with pytest.raises(SystemExit):
        parse(["play", "--help"])
    assert ", ".join(("human", *levels.ids())) in " ".join(capsys.readouterr().out.split()) and HEAVY in levels.ids()


def test_a_registered_level_plays_its_seat_in_the_worker_and_headless(heaviest: levels.Level) -> None:
    match = Match(Rules.from_base("matador", 2), [PlayerInfo("A", "computer", HEAVY), PlayerInfo("B", "computer", "easy")], 5)
    referee = Referee(match, [ComputerSeat(0, HEAVY, 1), ComputerSeat(1, "easy", 2)])
    while not match.rounds or not match.rounds[0].over:
        referee.start_round()
        referee.poll()
    assert sum(1 for seat, action in match.rounds[0].history if seat == 0 and action.kind == "lay") >= 2
    played_as_heaviest(match.rules, match.players, match.seed, match.rounds[0].history, 0)
    view = Match(match.rules, match.players, 6).view(0)  # the worker's entry point, as a table's thread calls it
    if view.legal_moves():
        assert choose_action(HEAVY, view, 1, 0.0) == HeaviestPlayer().choose(view, random.Random(1), 0)


def played_as_heaviest(rules: Rules, players: list[PlayerInfo], seed: int, history: list[tuple[int, Action]], seat: int) -> None:
    """Every action of ``seat`` in the first round's ``history`` is the one the heaviest player chooses."""
    match = Match(rules, players, seed)
    match.next_round()
    for who, action in history:
        if who == seat:
            assert action == HeaviestPlayer().choose(match.view(seat), random.Random(0), 0)
        match.push(action)


def test_new_game_and_host_offer_a_registered_level(make_app: Any, heaviest: levels.Level) -> None:
    setup = Setup()
    assert setup.kinds == ("human", *levels.offered(), levels.AT_MY_LEVEL) and HEAVY in setup.kinds
    setup.load({}, lambda pad: False)
    assert setup.seats[1]["kind"] == "medium"
    while setup.seats[1]["kind"] != HEAVY:  # stepped on from the default level, it comes in its turn
        setup.step_kind(1, 1)
    assert setup.seats[1]["kind"] == HEAVY and setup.seat_name(1) == "@heaviest" and setup.seat_note(1).startswith("Heaviest")
    assert setup.check()[1] is None and setup.players_info()[1] == PlayerInfo("@heaviest", "computer", HEAVY)
    host = HostSetup()
    assert host.kinds == ("human", "here", "friend", *levels.offered(), levels.AT_MY_LEVEL) and HEAVY in host.kinds
    host.host_name = "Ann"
    host.load({"rules": "matador", "players": 2, "seats": [{"kind": "human", "name": ""}, {"kind": HEAVY, "name": ""}]}, lambda pad: False)
    assert host.create_fields()["seats"] == ["open", HEAVY]

    app = make_app((1280, 800))
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    for form in (NewGameScene(), HostScene()):
        app.push(form)
        app.step([], 0.016)
        assert "Heaviest" in form.kind_words.values()
        for _ in range(len(form.state.kinds)):
            if form.seats[1]["kind"] == HEAVY:
                break
            form.state.step_kind(1, 1)
        form.changed()
        app.step([], 0.016)
        assert any(text == "Heaviest" for text, _rect, _area in form.drawn_text), form.drawn_text
        app.pop()


def test_a_server_table_seats_a_registered_level(tmp_path: Path, heaviest: levels.Level) -> None:
    row = Table.new_row("ABCD-EF", {"rules": "matador", "players": 2, "seats": ["open", HEAVY], "seat": 0}, 4242)
    assert (row.seats[1].kind, row.seats[1].level, row.seats[1].name) == ("computer", HEAVY, "Heaviest")
    store = Store(tmp_path / "tables.sqlite3")
    store.create(row)
    sent: list[dict[str, Any]] = []

    async def play() -> list[tuple[int, Action]]:
        with ThreadPoolExecutor(1) as pool:
            table = Table(row, store, pool)
            table.take_seat(0, "Ann")
            table.connect(0, sent.append)
            table.start(0)
            for _ in range(200):
                assert table.match is not None and table.referee is not None
                if table.match.rounds and table.match.rounds[0].over:
                    break
                if table.referee.to_move == 0:
                    table.play(0, {"type": "play", "action": sent[-1]["view"]["legal"][0]})
                else:
                    await asyncio.sleep(0.01)
            assert table.match is not None
            return list(table.match.rounds[0].history)

    history = asyncio.run(play())
    assert any(seat == 1 and action.kind == "lay" for seat, action in history)
    players = [PlayerInfo("Ann"), PlayerInfo("Heaviest", "computer", HEAVY)]
    played_as_heaviest(Rules.from_base(row.base, row.players), players, row.seed, history, 1)


def test_past_matches_name_a_registered_level(heaviest: levels.Level) -> None:
    assert seat_words(Seat("Cpu", "computer", HEAVY)) == "Cpu (heaviest)"
    assert seat_words(Seat("Cpu", "computer", "hard")) == "Cpu (hard)"


def test_a_level_this_version_lacks_plays_as_the_default_one() -> None:
    """A record of a newer version's level loads, and its seat is played by the default level."""
    match = Match(Rules.from_base("matador", 2), [PlayerInfo("You"), PlayerInfo("Ace", "computer", "grandmaster")], 3)
    again = load_record(match_to_record(match))
    assert again.players[1].level == "grandmaster"
    assert levels.resolve("grandmaster").id == levels.DEFAULT and levels.budget_s("grandmaster") == levels.budget_s(levels.DEFAULT)
    assert seat_words(Seat("Ace", "computer", "grandmaster")) == "Ace (grandmaster)"


def test_a_rule_set_variant_comes_from_its_entry_and_its_words(make_app: Any, eight: RuleSetInfo, capsys: pytest.CaptureFixture[str]) -> None:
    order = [info.id for info in sorted(RULE_SETS.values(), key=lambda info: (info.order, info.id))]
    assert list(RULE_SETS) == order and EIGHT in order and RULE_SETS[EIGHT].family == "matador"
    with pytest.raises(ValueError, match="already registered"):
        register_rule_set(eight)
    with pytest.raises(ValueError, match="family"):
        register_rule_set(replace(eight, id="matador-nine", family="fives"))
    with pytest.raises(RuleError):  # a preset that cannot be played is refused at once
        register_rule_set(replace(eight, id="matador-fifteen", defaults=preset_options(hand_size=15)))
    assert list(RULE_SETS).count(EIGHT) == 1 and "matador-nine" not in RULE_SETS and "matador-fifteen" not in RULE_SETS
    # the command line
    args = parse(["play", "--rules", EIGHT, "--seats", "human,hard", "--seed", "2"])
    match = make_match(args.rules, parse_seats(args.seats), args.seed, None)
    assert (match.rules.base, match.rules.hand_size, match.rules.players) == (EIGHT, 8, 2)
    assert parse(["tournament", "--rules", EIGHT, "--seats", "easy"]).rules == EIGHT
    with pytest.raises(SystemExit):
        parse(["play", "--help"])
    assert EIGHT in capsys.readouterr().out
    # a record written and read back
    played = Match(Rules.from_base(EIGHT, 2), [PlayerInfo("A", "computer", "easy"), PlayerInfo("B", "computer", "random")], 9)
    referee = Referee(played, [ComputerSeat(0, "easy", 1), ComputerSeat(1, "random", 2)])
    while not played.rounds or not played.rounds[0].over:
        referee.start_round()
        referee.poll()
    assert all(len(hand) == 8 for hand in match_to_record(played)["rounds"][0]["deal"]["hands"])
    again = load_record(json.loads(json.dumps(match_to_record(played))))
    assert again.rules == played.rules and again.totals == played.totals
    assert title_of(again) == "Matador with eight tiles"
    # New game's list, Host's, and picking it
    setup = Setup()
    setup.load({"rules": EIGHT}, lambda pad: False)
    assert setup.rule_id == EIGHT and setup.check()[0] == Rules.from_base(EIGHT, 2)
    app = make_app((1280, 800))
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    for form in (NewGameScene(), HostScene()):
        app.push(form)
        app.step([], 0.016)
        assert list(form.list_rows) == list(RULE_SETS)  # in its order's place
        shown = {text for text, _rect, _area in form.drawn_text}
        assert {"Matador with eight tiles", "Matador for two, eight tiles each."} <= shown
        app.pop()
    # the Rules screen: a tab of its own, after Matador's, with Matador's text
    scene = RulesScene(EIGHT)
    tabs = [page.id for page in scene.pages]
    assert tabs.count(EIGHT) == 1 and tabs.index(EIGHT) > tabs.index("matador")
    assert scene.page.tab == "Matador with eight tiles" and scene.page.blocks == scene.pages[tabs.index("matador")].blocks
    # a server table of it
    row = Table.new_row("ABCD-EF", {"rules": EIGHT, "players": 2, "seats": ["open", "easy"], "seat": 0}, 7)
    assert row.base == EIGHT


def test_a_refusal_crosses_the_network_as_a_code_and_is_said_in_the_player_s_language() -> None:
    match = Match(Rules.from_base("matador", 2), [PlayerInfo("A"), PlayerInfo("B")], 1)
    state = match.round
    seat = state.current_player
    assert seat is not None
    stranger = next(t for t in state.rules.all_tiles if t not in state.hand(seat))
    refusal = state.explain(Action.lay(stranger))
    assert refusal is not None and refusal.code == "not-in-hand"
    wire = json.loads(json.dumps(refusal_json(refusal)))
    assert read_refusal(wire) == refusal
    assert read_refusal({"code": "not-in-hand", "params": {"tile": ["6-6"]}}) is None  # a hostile server's: not read
    english = refusal_text(refusal)
    try:
        i18n.set_language("de")
        mirror = Mirror()
        mirror.follow({"type": "refused", "about": "play", "reason": english, "refusal": wire})
        assert mirror.refused == refusal_text(refusal) != english and mirror.refused.startswith(refusal.params["tile"])  # type: ignore[arg-type]
        mirror.follow({"type": "refused", "about": "play", "reason": english})  # an older server: its words
        assert mirror.refused == english
    finally:
        i18n.set_language("en")
