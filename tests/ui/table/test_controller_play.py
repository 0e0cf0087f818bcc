"""Couch play with game controllers, through real scenes: synthetic SDL controller
events (CONTROLLERDEVICEADDED / REMOVED, CONTROLLERBUTTONDOWN / UP,
CONTROLLERAXISMOTION) drive the menus, the new-game seats, whole rounds with two
controllers on two seats, the "Pass to" cover and a controller unplugged
mid-match. Input from a controller (or the keyboard) that does not play the
seat to move changes nothing."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.engine import RULE_SETS, Match, PlayerInfo, Rules
from game.profile.settings import Settings
from game.ui.shell.gamepad import PadDevice
from game.ui.scenes.new_game import NewGameScene
from game.ui.scenes.pause import PauseScene
from game.ui.scenes.rules_screen import RulesScene
from game.ui.scenes.settings_screen import SettingsScene
from game.ui.scenes.title import TitleScene
from game.ui.table import HandoffScene, PadMissingScene, RoundEndScene, ScoreSheetScene, TableScene, targets_for
from game.ui.drawing.text import GOLD
from game.play.thinker import Thinker

E = pygame.event.Event
BUTTONS = {
    "a": pygame.CONTROLLER_BUTTON_A,
    "b": pygame.CONTROLLER_BUTTON_B,
    "x": pygame.CONTROLLER_BUTTON_X,
    "y": pygame.CONTROLLER_BUTTON_Y,
    "start": pygame.CONTROLLER_BUTTON_START,
    "back": pygame.CONTROLLER_BUTTON_BACK,
    "lb": pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
    "rb": pygame.CONTROLLER_BUTTON_RIGHTSHOULDER,
    "ls": pygame.CONTROLLER_BUTTON_LEFTSTICK,
    "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
    "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
    "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
    "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
}
ANN, BOB, SPARE = 100, 101, 102  # SDL instance ids of three controllers
GUIDS = {ANN: "pad-ann", BOB: "pad-bob", SPARE: "pad-spare"}


class Devices:
    """Stands in for SDL opening a controller: device index -> instance id (no hardware)."""

    def __init__(self) -> None:
        self.plugged: dict[int, int] = {}

    def __call__(self, device_index: int) -> PadDevice | None:
        instance = self.plugged.get(device_index)
        return PadDevice(instance, f"Test pad {instance}", GUIDS.get(instance, "")) if instance is not None else None


def plug(app: Any, instance: int, index: int | None = None) -> int:
    """A controller plugged in: CONTROLLERDEVICEADDED; its number as the game shows it."""
    devices = app.pads.opener
    index = len(devices.plugged) + 10 if index is None else index
    devices.plugged[index] = instance
    app.step([E(pygame.CONTROLLERDEVICEADDED, device_index=index)], 0.016)
    number = app.pads.number_of(instance)
    assert number is not None
    return int(number)


def unplug(app: Any, instance: int) -> None:
    devices = app.pads.opener
    for index in [i for i, inst in devices.plugged.items() if inst == instance]:
        del devices.plugged[index]
    app.step([E(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance)], 0.016)


def press(app: Any, instance: int, *buttons: str) -> None:
    """Each button pressed and let go on controller ``instance``, a frame each."""
    for button in buttons:
        code = BUTTONS[button]
        app.step(
            [E(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=code), E(pygame.CONTROLLERBUTTONUP, instance_id=instance, button=code)],
            0.016,
        )


def stick(app: Any, instance: int, axis: int, share: float) -> None:
    app.step([E(pygame.CONTROLLERAXISMOTION, instance_id=instance, axis=axis, value=round(share * 32767))], 0.016)


def pad_app(make_app: Any, size: tuple[int, int] = (1024, 700)) -> Any:
    app = make_app(size)
    app.services.update(thinker=Thinker("thread"), settings=Settings(animation_speed="fast", computer_speed="fast"))
    app.pads.opener = Devices()
    return app


def settle(app: Any, steps: int = 12) -> None:
    for _ in range(steps):
        app.step([], 0.05)


def gold_ring(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """Gold pixels of a focus ring along the top edge just outside ``rect``."""
    y = rect.top - 3
    return sum(1 for x in range(rect.left, rect.right) if surface.get_at((x, y))[:3] == GOLD)


# The menus ---------------------------------------------------------------------------


def test_controller_works_the_title_rules_settings_and_new_game(make_app: Any) -> None:
    app = pad_app(make_app)
    app.push(TitleScene())
    app.step([], 0.016)
    plug(app, ANN)
    title = app.top
    assert isinstance(title, TitleScene)
    first = title.focus.name
    assert first is not None and title.buttons[first].is_selected  # the focus shows from the start
    press(app, ANN, "down")
    assert title.focus.name != first and title.buttons[str(title.focus.name)].is_selected
    stick(app, ANN, pygame.CONTROLLER_AXIS_LEFTY, -0.9)  # the stick moves it back up: one step
    stick(app, ANN, pygame.CONTROLLER_AXIS_LEFTY, -1.0)
    stick(app, ANN, pygame.CONTROLLER_AXIS_LEFTY, 0.0)
    assert title.focus.name == first

    # Rules: A opens it, left/right turn the tabs, the shoulder pages down, B goes back
    while title.focus.name != "rules":
        press(app, ANN, "down")
    press(app, ANN, "a")
    rules = app.top
    assert isinstance(rules, RulesScene)
    press(app, ANN, "left")
    assert rules.page.id == "controls"  # round the end to the last tab: the controls
    assert rules.tabs[rules.page_index].is_selected
    press(app, ANN, "rb")
    assert rules.scroll > 0
    press(app, ANN, "b")
    assert app.top is title

    # Settings: the focus ring shows at once, right turns the sound off, B goes back
    while title.focus.name != "settings":
        press(app, ANN, "down")
    press(app, ANN, "a")
    settings = app.top
    assert isinstance(settings, SettingsScene)
    assert settings.focus_row == "sound" and gold_ring(app.surface, settings.row_rects["sound"]) > settings.row_rects["sound"].width // 2
    press(app, ANN, "right")
    assert settings.settings.sound is False
    press(app, ANN, "down", "right", "right")
    assert round(settings.settings.volume * 100) == round(Settings().volume * 100) + 10
    press(app, ANN, "b")
    assert app.top is title

    # New game: the focus shows where a controller starts; B goes back
    while title.focus.name != "new":
        press(app, ANN, "down")
    press(app, ANN, "a")
    form = app.top
    assert isinstance(form, NewGameScene) and form.focus_key == f"rule:{form.rule_id}"
    press(app, ANN, "down", "a")
    assert form.rule_id == list(RULE_SETS)[1]  # the list's second
    press(app, ANN, "b")
    assert app.top is title


def test_controller_a_on_a_seat_takes_it_and_start_starts(make_app: Any) -> None:
    app = pad_app(make_app)
    app.push(TitleScene())
    app.push(NewGameScene())
    app.step([], 0.016)
    ann, bob = plug(app, ANN), plug(app, BOB)
    form = app.top
    assert isinstance(form, NewGameScene)
    assert form.seats[0]["kind"] == "human" and form.seats[1]["kind"] == "medium"
    assert form.inputs.owner(0) is None  # a person's seat starts on the keyboard and mouse

    press(app, BOB, "down")  # the first press shows the focus; then walk to seat 2
    while form.focus_key != "kind1":
        press(app, BOB, "down")
        assert form.focus_key is not None and not form.focus_key.startswith("name")  # a controller cannot type: names are passed by
    press(app, BOB, "a")
    assert form.seats[1]["kind"] == "human" and form.seats[1]["name"] == "@player:2"  # (the default name's code: game.words.names)
    assert form.inputs.owner(1) == bob
    assert any(text == "Controller 2" for text, _, _ in form.drawn_text)  # the seat says what plays it

    press(app, ANN, "up")
    while form.focus_key != "kind0":
        press(app, ANN, "up")
    press(app, ANN, "a")
    assert form.inputs.pads == {0: ann, 1: bob}
    press(app, BOB, "a")  # Bob takes seat 1: his controller leaves seat 2, which goes back to the keyboard
    assert form.inputs.pads == {0: bob}
    press(app, BOB, "a")  # and A again gives it back
    assert form.inputs.pads == {}
    press(app, ANN, "a")
    assert form.inputs.pads == {0: ann} and form.seats[1]["kind"] == "human"  # seat 2 stays a person's
    # the mouse: a click on a seat's input steps through the keyboard and the controllers
    for expected in (bob, None, bob):  # controller 1 plays seat 1: the clicks offer only the free one
        app.step([E(pygame.MOUSEBUTTONDOWN, button=1, pos=form.input_rects[1].center), E(pygame.MOUSEBUTTONUP, button=1, pos=form.input_rects[1].center)], 0.016)
        assert form.inputs.owner(1) == expected and form.inputs.owner(0) == ann

    press(app, ANN, "start")
    table = app.top
    assert isinstance(table, (TableScene, HandoffScene))
    table = next(s for s in app.scenes if isinstance(s, TableScene))
    assert table.controls.seats.pads == {0: ann, 1: bob}
    saved = app.services["settings"].last_setup
    assert [s.get("input") for s in saved["seats"][:2]] == [ann, bob]  # remembered for next time


def test_controller_unplugged_on_the_new_game_screen_gives_its_seat_back_to_the_keyboard(make_app: Any) -> None:
    app = pad_app(make_app)
    app.push(NewGameScene())
    app.step([], 0.016)
    plug(app, ANN)
    form = app.top
    press(app, ANN, "down")
    while form.focus_key != "kind1":
        press(app, ANN, "down")
    press(app, ANN, "a")
    assert form.inputs.pads == {1: 1}
    unplug(app, ANN)
    assert form.inputs.pads == {}
    assert not any(text.startswith("Controller") for text, _, _ in form.drawn_text)


# At the table --------------------------------------------------------------------------


def couch_table(app: Any, seed: int = 3, base: str = "matador") -> tuple[TableScene, dict[int, int]]:
    """Ann (controller ANN) and Bob (controller BOB) at one table; seat -> instance id."""
    ann, bob = plug(app, ANN), plug(app, BOB)
    match = Match(Rules.from_base(base, 2), [PlayerInfo("Ann"), PlayerInfo("Bob")], seed)
    app.pads.hand_over(match, {0: ann, 1: bob})
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast", on_pause=app.routes.pause)
    app.push(table)
    app.step([], 0.016)
    return table, {0: ANN, 1: BOB}


def snapshot(table: TableScene) -> tuple[object, ...]:
    i = table.controls.input
    return (len(table.model.state.history), table.model.match.round_index, i.selected, i.variant, i.target_index, i.drag, table.model.viewer)


def lift_cover(app: Any, table: TableScene, own: int, other: int) -> None:
    """The "Pass to" cover: the other controller and the keyboard cannot lift it; A on the own one does."""
    cover = app.top
    assert isinstance(cover, HandoffScene)
    seat = table.model.state.current_player
    assert seat is not None
    assert cover.prompt.startswith(f"Press A on Controller {app.pads.number_of(own)}")
    settle(app, 8)  # past the guard against stray presses
    press(app, other, "a")
    app.step([E(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)], 0.016)
    app.step([E(pygame.MOUSEBUTTONDOWN, button=1, pos=(50, 50)), E(pygame.MOUSEBUTTONUP, button=1, pos=(50, 50))], 0.016)
    assert app.top is cover
    press(app, own, "a")
    assert app.top is table and table.model.viewer == seat


def wrong_inputs_change_nothing(app: Any, table: TableScene, other: int) -> None:
    before = snapshot(table)
    press(app, other, "right", "down", "x", "a", "y", "b", "ls")
    app.step([E(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0) for k in (pygame.K_RIGHT, pygame.K_DOWN, pygame.K_r, pygame.K_RETURN, pygame.K_d, pygame.K_p)], 0.016)
    rect = table.board.hand[0][1] if table.board.hand else table.board.regions.boneyard
    app.step([E(pygame.MOUSEBUTTONDOWN, button=1, pos=rect.center), E(pygame.MOUSEBUTTONUP, button=1, pos=rect.center)], 0.016)
    app.step([E(pygame.MOUSEBUTTONDOWN, button=1, pos=table.board.regions.boneyard.center), E(pygame.MOUSEBUTTONUP, button=1, pos=table.board.regions.boneyard.center)], 0.016)
    assert snapshot(table) == before and app.top is table
    message = table.motion.message
    assert message is not None and "turn: Controller" in message.text  # and it says who plays


def play_turn_by_pad(app: Any, table: TableScene, own: int, rng: random.Random) -> str:
    """One legal move with the controller alone; the kind of move made."""
    count = len(table.model.state.history)
    lays = [a for a in table.model.legal if a.kind == "lay"]
    kinds = {a.kind for a in table.model.legal}
    if lays:
        assert table.controls.input.selected is not None  # a controller's turn always has a tile in focus
        playable = {a.tile for a in lays}
        assert table.controls.input.selected in playable  # a playable one first
        want = rng.choice(sorted(playable))
        for _ in range(len(table.board.hand)):
            if table.controls.input.selected == want:
                break
            press(app, own, "right")
        assert table.controls.input.selected == want
        targets = targets_for(want, table.model.legal)
        for _ in range(rng.randrange(len(targets))):
            press(app, own, rng.choice(["down", "up"]))
        target = table.controls.input.chosen_target(table.controls.input_context())
        assert target is not None
        turns = rng.randrange(3) if len(target.actions) > 1 else 0
        press(app, own, *(["x"] * turns))
        expected = target.variant(turns)
        press(app, own, "a")
        assert len(table.model.state.history) == count + 1
        assert table.model.state.history[-1][1] == expected
        kind = "lay"
    elif "draw" in kinds:
        press(app, own, "y")
        kind = "draw"
    else:
        press(app, own, "b")
        kind = "pass" if "pass" in kinds else "refuse"
    assert len(table.model.state.history) == count + 1
    assert table.model.state.history[-1][1].kind == kind
    settle(app, 6)
    return kind


def test_controller_whole_round_with_two_controllers_on_two_seats(make_app: Any) -> None:
    app = pad_app(make_app)
    table, pad_of = couch_table(app, seed=11)
    rng = random.Random(5)
    made: dict[int, list[str]] = {0: [], 1: []}
    for _ in range(200):
        if table.model.state.over:
            break
        seat = table.model.state.current_player
        assert seat is not None
        own, other = pad_of[seat], pad_of[1 - seat]
        if isinstance(app.top, HandoffScene):
            lift_cover(app, table, own, other)
        assert app.top is table
        wrong_inputs_change_nothing(app, table, other)
        made[seat].append(play_turn_by_pad(app, table, own, rng))
        settle(app, 4)
    assert table.model.state.over
    assert made[0].count("lay") > 0 and made[1].count("lay") > 0
    settle(app, 10)
    summary = app.top
    assert isinstance(summary, RoundEndScene)
    round_index = table.model.match.round_index
    press(app, pad_of[0], "a")  # A on the summary: the next round (or the match's end)
    assert app.top is not summary
    if not table.model.match.over:
        assert table.model.match.round_index == round_index + 1


def test_controller_turns_a_matador_and_passes_or_refuses_with_b(make_app: Any) -> None:
    app = pad_app(make_app)
    table, pad_of = couch_table(app, seed=1, base="leyden-senst")
    seat = table.model.state.current_player
    assert seat is not None
    lift_cover(app, table, pad_of[seat], pad_of[1 - seat])
    assert {a.kind for a in table.model.legal} == {"lay", "draw", "refuse"}  # this deal's lead may be refused
    press(app, pad_of[seat], "b")  # B refuses (there is no passing here)
    assert len(table.model.state.history) == 1 and table.model.state.history[-1][1].kind == "refuse"
    settle(app)
    # find a position where a tile has several ways to lie, and turn it with X
    rng = random.Random(1)
    for _ in range(120):
        if table.model.state.over:
            break
        seat = table.model.state.current_player
        assert seat is not None
        if isinstance(app.top, HandoffScene):
            lift_cover(app, table, pad_of[seat], pad_of[1 - seat])
        turnable = [a.tile for a in table.model.legal if a.kind == "lay" and any(len(t.actions) > 1 for t in targets_for(a.tile, table.model.legal))]
        if turnable:
            while table.controls.input.selected != turnable[0]:
                press(app, pad_of[seat], "right")
            target = table.controls.input.chosen_target(table.controls.input_context())
            assert target is not None
            if len(target.actions) < 2:
                press(app, pad_of[seat], "down")
                target = table.controls.input.chosen_target(table.controls.input_context())
            if target is not None and len(target.actions) > 1:
                press(app, pad_of[seat], "x")
                assert table.controls.input.variant == 1
                press(app, pad_of[seat], "a")
                assert table.model.state.history[-1][1] == target.variant(1)
                return
        play_turn_by_pad(app, table, pad_of[seat], rng)
    raise AssertionError("no tile with a choice of ways came up")


def test_controller_start_pauses_shoulders_scroll_the_moves_triggers_open_the_scores(make_app: Any) -> None:
    app = pad_app(make_app)
    table, pad_of = couch_table(app, seed=4)
    seat = table.model.state.current_player
    assert seat is not None
    lift_cover(app, table, pad_of[seat], pad_of[1 - seat])
    rng = random.Random(2)
    for _ in range(6):
        seat = table.model.state.current_player
        if seat is None:
            break
        if isinstance(app.top, HandoffScene):
            lift_cover(app, table, pad_of[seat], pad_of[1 - seat])
        play_turn_by_pad(app, table, pad_of[seat], rng)
    settle(app)
    other = pad_of[1 - (table.model.state.current_player or 0)]
    if isinstance(app.top, HandoffScene):
        lift_cover(app, table, pad_of[table.model.state.current_player or 0], other)
    press(app, other, "rb")  # any controller may look at the moves (it plays nothing)
    assert table.panel("moves").shown
    table.panel("moves").scroll = 0
    press(app, other, "lb")
    assert table.panel("moves").scroll > 0 or len(table.mode.source.log_lines(table)) <= 1
    press(app, other, "back")
    assert not table.panel("moves").shown
    stick(app, other, pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 1.0)  # a trigger is an axis
    stick(app, other, pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0.0)
    assert isinstance(app.top, ScoreSheetScene)
    press(app, other, "b")
    assert app.top is table
    press(app, other, "start")
    assert isinstance(app.top, PauseScene)
    press(app, other, "down", "start")  # Start closes it again, wherever its focus went
    assert app.top is table


def test_controller_unplugged_mid_match_pauses_until_it_returns(make_app: Any) -> None:
    app = pad_app(make_app)
    table, pad_of = couch_table(app, seed=6)
    seat = table.model.state.current_player
    assert seat is not None
    lift_cover(app, table, pad_of[seat], pad_of[1 - seat])
    count = len(table.model.state.history)
    bob_number = app.pads.number_of(BOB)
    unplug(app, BOB)
    notice = app.top
    assert isinstance(notice, PadMissingScene) and notice.seat == 1 and notice.pad == bob_number
    press(app, ANN, "right", "y", "x", "down")
    app.step([E(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0) for k in (pygame.K_d, pygame.K_p)], 0.016)
    settle(app, 40)  # the game stands still: nobody moves, whoever's turn it is
    assert app.top is notice and len(table.model.state.history) == count
    press(app, ANN, "a")  # Ann's controller plays Ann: it cannot take Bob's seat
    assert app.top is notice and table.controls.seats.owner(1) == bob_number and "plays Ann" in notice.note
    press(app, ANN, "b")  # B: the pause menu over the notice (to leave the match, say); Start closes it
    assert isinstance(app.top, PauseScene)
    press(app, ANN, "start")
    assert app.top is notice and len(table.model.state.history) == count
    plug(app, BOB, index=40)  # Bob's controller is back (under a new device index and the same GUID)
    assert app.pads.number_of(BOB) == bob_number
    app.step([], 0.016)
    assert app.top is table and table.controls.seats.owner(1) == bob_number
    # plugging a stranger in at any time changes nothing and breaks nothing
    spare = plug(app, SPARE)
    assert app.top is table and table.controls.seats.pads == {0: app.pads.number_of(ANN), 1: bob_number}
    assert spare not in table.controls.seats.pads.values()


def test_controller_unplugged_seat_can_go_to_another_controller_or_the_keyboard(make_app: Any) -> None:
    app = pad_app(make_app)
    table, pad_of = couch_table(app, seed=8)
    spare = plug(app, SPARE)
    seat = table.model.state.current_player
    assert seat is not None
    lift_cover(app, table, pad_of[seat], pad_of[1 - seat])
    unplug(app, pad_of[seat])
    assert isinstance(app.top, PadMissingScene)
    press(app, SPARE, "a")  # a controller that plays no seat takes it
    assert app.top is table and table.controls.seats.owner(seat) == spare
    rng = random.Random(3)
    wrong_inputs_change_nothing(app, table, pad_of[1 - seat])
    play_turn_by_pad(app, table, SPARE, rng)  # the spare controller plays the seat now
    settle(app)

    # the other seat's controller goes too: this time the keyboard takes the seat (Enter)
    gone = 1 - seat
    unplug(app, pad_of[gone])
    notice = app.top
    assert isinstance(notice, PadMissingScene) and notice.seat == gone
    assert notice.focus.name == "keys"
    app.step([E(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)], 0.016)
    assert table.controls.seats.owner(gone) is None and not isinstance(app.top, PadMissingScene)
    if isinstance(app.top, HandoffScene):  # the cover now lifts by the keyboard
        assert app.top.prompt.startswith("Click or press any key")
        settle(app, 8)
        press(app, SPARE, "a")  # the spare plays the other seat: it cannot lift this cover
        assert isinstance(app.top, HandoffScene)
        app.step([E(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode="", scancode=0)], 0.016)
    assert app.top is table and table.model.state.current_player == gone
    count = len(table.model.state.history)
    press(app, SPARE, "y", "b", "a")
    assert len(table.model.state.history) == count  # not the spare's turn


def test_controller_alone_plays_a_keyboard_seat_with_no_setup(make_app: Any) -> None:
    """One person against a computer with only a controller (a handheld): the seat
    was never given to it, yet it plays, and so does the keyboard."""
    app = pad_app(make_app, (1280, 800))
    plug(app, ANN)
    match = Match(Rules.from_base("matador", 2), [PlayerInfo("You"), PlayerInfo("Bo", "computer", "easy")], 5)
    table = TableScene(match, thinker=Thinker("thread"), animation_speed="fast", computer_speed="fast", on_pause=app.routes.pause)
    app.push(table)
    rng = random.Random(4)
    moves = 0
    for _ in range(400):
        if table.model.state.over or moves >= 4:
            break
        if table.model.state.current_player == 0 and table.can_act():
            if moves == 0:
                press(app, ANN, "left")  # the first press: the controller has the focus now
                assert "D-pad" in table.mode.look.hand_text(table)
            play_turn_by_pad(app, table, ANN, rng)
            moves += 1
        else:
            app.step([], 0.05)
    assert moves >= 2
    app.step([E(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)], 0.016)
    assert "drag a tile" in table.mode.look.hand_text(table) or not table.can_act()  # the keyboard has it again


CONTROLLER_EVENTS = 600


def test_controller_monkey_through_every_screen_never_crashes(make_app: Any) -> None:
    """Random controller events (plugged, unplugged, buttons, sticks, triggers) with a
    few keys, through the title, the menus, the new-game form and the table."""
    app = pad_app(make_app, (800, 600))
    devices: Devices = app.pads.opener
    rng = random.Random(16)
    app.routes.open_title()
    instances = [ANN, BOB, SPARE, 103]
    codes = list(BUTTONS.values())
    for n in range(CONTROLLER_EVENTS):
        roll = rng.random()
        instance = rng.choice(instances)
        if roll < 0.04:
            index = rng.randrange(6)
            devices.plugged[index] = instance
            event = E(pygame.CONTROLLERDEVICEADDED, device_index=index)
        elif roll < 0.07:
            event = E(pygame.CONTROLLERDEVICEREMOVED, instance_id=instance)
            for index in [i for i, inst in devices.plugged.items() if inst == instance]:
                del devices.plugged[index]
        elif roll < 0.65:
            event = E(rng.choice([pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP]), instance_id=instance, button=rng.choice(codes))
        elif roll < 0.9:
            axis = rng.randrange(6)
            event = E(pygame.CONTROLLERAXISMOTION, instance_id=instance, axis=axis, value=rng.randint(-32768, 32767))
        else:
            key = rng.choice([pygame.K_RETURN, pygame.K_ESCAPE, pygame.K_DOWN, pygame.K_RIGHT])
            event = E(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
        if not app.scenes:
            app.routes.open_title()
        app.running = True
        app.step([event] + [e for e in pygame.event.get() if e.type != pygame.QUIT], rng.choice([0.0, 0.016, 0.1, 0.5]))
    app.step([], 0.016)


def test_controller_walks_a_whole_lesson(make_app: Any) -> None:
    """Learn to play by controller: the title's button, the list, every step (A goes
    on from a card, the D-pad, X and A lay the tile the lesson points at, Y draws)."""
    from game.ui.scenes.lessons_screen import LessonsScene
    from game.ui.table import LessonMode, TableScene, lesson_table

    app = pad_app(make_app, (1280, 800))
    app.services["first_launch"] = False
    app.routes.open_title()
    app.step([], 0.016)
    plug(app, ANN)
    title = app.top
    assert isinstance(title, TitleScene)
    while title.focus.name != "learn":
        press(app, ANN, "down")
    press(app, ANN, "a")
    chooser = app.top
    assert isinstance(chooser, LessonsScene)
    while chooser.focus.name != "lesson:0":
        press(app, ANN, "down")
    press(app, ANN, "a")
    lesson = app.top
    assert isinstance(lesson.mode, LessonMode)
    for i, step in enumerate(lesson.mode.source.lesson.steps):
        for _ in range(400):
            if lesson.mode.source.step_index >= i and not lesson.motion.blocking:
                break
            app.step([], 0.05)
        assert lesson.mode.source.step_index == i
        if step.action is None:
            press(app, ANN, "a")  # a card to read: A goes on
            continue
        if step.seat != lesson.mode.source.lesson.learner:
            press(app, ANN, "a")  # the computer's card: A lets its move be played
            continue
        expected = lesson.mode.source.expected()
        assert expected is not None
        if expected.kind == "draw":
            press(app, ANN, "y")
        elif expected.kind == "pass":
            press(app, ANN, "b")
        else:
            assert lesson.controls.input.selected == expected.tile  # the lesson points at the tile and its place
            target = next(t for t in targets_for(expected.tile, lesson.model.legal) if expected in t.actions)
            turns = (target.actions.index(expected) - lesson.controls.input.variant) % len(target.actions)
            press(app, ANN, *(["x"] * turns))  # (the lesson already turned it the right way round)
            press(app, ANN, "a")
        assert lesson.mode.source.step_index == i + 1 and lesson.model.state.history[-1][1] == expected
    assert app.top is chooser  # Finish comes back to the lessons
    press(app, ANN, "a")
    lesson = app.top
    assert isinstance(lesson.mode, LessonMode)
    press(app, ANN, "start")  # Start leaves a lesson, as Esc does
    assert app.top is chooser
