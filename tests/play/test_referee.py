"""The referee between seats and the match: whole matches of every rule set,
refusals that change nothing, seats that see only their own view, listeners,
and undo for one person against computers only."""

from __future__ import annotations

import time

import pytest

from game.engine import RULE_SETS, Action, Match, PlayerInfo, Refusal, Rules, SeatView, load_record, match_to_record
from game.engine.view import UNKNOWN
from game.play.referee import ACTION, OVER, ROUND, UNDO, Event, Referee, play_out
from game.play.seat import ComputerSeat, PersonSeat, RemoteSeat, Seat, WorkerSeat, computer_seats
from game.play.thinker import Thinker
from game.words.refusals import refusal_text


def computers(base: str, players: int, seed: int, level: str = "random") -> Match:
    rules = Rules.from_base(base, players)
    return Match(rules, [PlayerInfo(f"C{i}", "computer", level) for i in range(players)], seed)


class Watching:
    """A seat that plays like ``inner`` and checks everything it is handed."""

    def __init__(self, inner: Seat, match: Match):
        self.inner = inner
        self.index = inner.index
        self.kind = inner.kind
        self.match = match
        self.views: list[SeatView] = []

    def check(self, view: object) -> None:
        assert type(view) is SeatView  # never the round itself
        assert view.seat == self.index
        inner = view._state
        assert all(hand == 0 for seat, hand in enumerate(inner.hands) if seat != self.index)
        assert set(inner.boneyard) <= {UNKNOWN}
        assert view.hand == self.match.round.hand(self.index)
        self.views.append(view)

    def turn(self, view: SeatView) -> None:
        self.check(view)
        assert view.current_player == self.index
        self.inner.turn(view)

    def answer(self) -> Action | None:
        return self.inner.answer()

    def cancel(self) -> None:
        self.inner.cancel()

    def heard(self, seat: int, action: Action, view: SeatView) -> None:
        self.check(view)
        assert view.history[-1] == (seat, action)
        self.inner.heard(seat, action, view)


@pytest.mark.parametrize("base", sorted(RULE_SETS))
def test_computer_seats_play_whole_matches_of_every_rule_set(base: str) -> None:
    info = RULE_SETS[base]
    for players in sorted({info.min_players, min(4, info.max_players)}):
        match = computers(base, players, seed=players * 31)
        events: list[Event] = []
        seats = [Watching(seat, match) for seat in computer_seats(match.players, seed=5)]
        referee = Referee(match, seats, [events.append])
        play_out(referee)
        assert match.over and match.winner is not None
        actions = sum(len(r.history) for r in match.rounds)
        assert [e.kind for e in events].count(ACTION) == actions
        assert [e.kind for e in events].count(ROUND) == len(match.rounds)
        assert [e.kind for e in events].count(OVER) == 1 and events[-1].kind == OVER
        assert all(seat.views for seat in seats)  # each was told turns and heard actions
        again = load_record(match_to_record(match))  # what the referee let through is legal
        assert again.totals == match.totals and again.winner == match.winner


def test_the_same_seeds_play_the_same_match() -> None:
    def one() -> dict[str, object]:
        match = computers("matador", 3, seed=9, level="easy")
        play_out(Referee(match, computer_seats(match.players, seed=2)))
        return match_to_record(match)

    assert one() == one()


def person_against_computer(seed: int = 3) -> tuple[Referee, PersonSeat]:
    rules = Rules.from_base("matador", 2)
    match = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Easy", "computer", "easy")], seed)
    seats = computer_seats(match.players, seed=1)
    person = seats[0]
    assert isinstance(person, PersonSeat)
    referee = Referee(match, seats)
    referee.start_round()
    while referee.to_move != 0:  # the computer may lead
        referee.poll()
    return referee, person


def test_illegal_and_out_of_turn_actions_are_refused_with_a_reason_and_change_nothing() -> None:
    referee, person = person_against_computer()
    match = referee.match
    before = match_to_record(match)
    told: list[Event] = []
    referee.listen(told.append)
    legal = match.round.legal_moves()
    illegal = next(
        Action.lay(t, arm, half)
        for t in match.rules.all_tiles
        for arm in ("W", "E")
        for half in range(7)
        if Action.lay(t, arm, half) not in legal
    )
    verdicts = [
        referee.offer(0, illegal),
        referee.offer(1, legal[0]),  # the computer's seat, out of turn
        referee.offer(7, legal[0]),  # no such seat
    ]
    person.choose(illegal)  # through the seat: the same check
    verdicts.append(referee.poll())  # type: ignore[arg-type]
    assert all(v is not None and not v.accepted and v.refusal for v in verdicts)
    assert verdicts[1].refusal == Refusal("not-their-turn", {"name": match.players[0].name})
    assert refusal_text(verdicts[1].refusal) == f"it is not your turn (it is {match.players[0].name}'s)"
    assert verdicts[2].refusal is not None and refusal_text(verdicts[2].refusal) == "there is no seat 7"
    assert match_to_record(match) == before and told == []
    assert person.to_move  # still asked to move
    verdict = referee.offer(0, legal[0])
    assert verdict.accepted and match.round.history[-1] == (0, legal[0])
    assert [e.kind for e in told] == [ACTION]


def test_a_failing_listener_does_not_stop_the_game() -> None:
    match = computers("family", 2, seed=4)
    seen: list[str] = []

    def broken(event: Event) -> None:
        raise OSError("disk full")

    play_out(Referee(match, computer_seats(match.players, 1), [broken, lambda e: seen.append(e.kind)]))
    assert match.over and seen[-1] == OVER


def test_undo_only_for_one_person_against_computers() -> None:
    referee, person = person_against_computer()
    assert referee.undo_allowed
    move = referee.match.round.legal_moves()[0]
    assert referee.offer(0, move).accepted
    while referee.to_move == 1:
        referee.poll()
    length = len(referee.match.round.history)
    undone = referee.take_back(2)
    assert len(undone) == 2 and len(referee.match.round.history) == length - 2
    assert referee.match.assisted
    rules = Rules.from_base("matador", 2)
    two = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Bob")], 1)
    assert not Referee(two, [PersonSeat(0), PersonSeat(1)]).undo_allowed
    remote = Match(rules, [PlayerInfo("Ann"), PlayerInfo("Bob")], 1)
    assert not Referee(remote, [PersonSeat(0), RemoteSeat(1)]).undo_allowed
    with pytest.raises(ValueError, match="undo"):
        Referee(remote, [PersonSeat(0), RemoteSeat(1)]).take_back(1)


def test_undo_is_heard_by_listeners() -> None:
    referee, _ = person_against_computer(seed=8)
    told: list[str] = []
    referee.listen(lambda e: told.append(e.kind))
    referee.offer(0, referee.match.round.legal_moves()[0])
    referee.take_back(1)
    assert told == [ACTION, UNDO]


def test_worker_seats_think_off_the_calling_thread() -> None:
    thinker = Thinker("thread")
    try:
        match = computers("leyden", 2, seed=6, level="easy")
        seats: list[Seat] = [WorkerSeat(i, "easy", thinker, seed=i) for i in range(2)]
        referee = Referee(match, seats)
        deadline = time.monotonic() + 60
        while not match.over:
            assert time.monotonic() < deadline
            if not referee.start_round() and referee.poll() is None:
                time.sleep(0.001)  # a frame: the caller never waits for a decision
        assert match.winner is not None
    finally:
        thinker.shutdown()


def test_seats_must_be_given_in_order() -> None:
    match = computers("matador", 2, seed=1)
    with pytest.raises(ValueError):
        Referee(match, [ComputerSeat(1, "random"), ComputerSeat(0, "random")])
    with pytest.raises(ValueError):
        Referee(match, [ComputerSeat(0, "random")])
