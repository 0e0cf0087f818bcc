"""What the app follows of the host's powers and of the server's troubles (a
server ``Table`` in this process, mirrors fed what it sends): the 5-minute hold's
countdown, a claim for a free seat, a seat given to a computer or a player
removed said as such, a table halted by a write that failed; and every round's
end carries what a seat needs to play that round again on its own (how it
opened, the totals before it), as after a restart in the middle of a match."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from game.engine import action_from_json, parse_tile
from game.engine.state import Opening, RoundState
from game.net.app.mirror import Mirror
from game.net.shared.protocol import action_json
from game.net.server.store import Store
from game.net.server.table import RETURN_S, Table


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


class Source:
    def __init__(self) -> None:
        self.inbox: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []

    def poll(self) -> list[dict[str, Any]]:
        found, self.inbox = self.inbox, []
        return found

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def table_with(tmp_path: Path, seed: int = 3, **options: Any) -> Table:
    store = Store(tmp_path / "tables.sqlite3")
    row = Table.new_row("ABCD-EF", {"rules": "matador", "players": 2, "options": options}, seed)
    store.create(row)
    return Table(row, store, ThreadPoolExecutor(1))


def test_the_host_s_mirror_counts_down_the_hold_and_hears_a_claim(tmp_path: Path) -> None:
    table = table_with(tmp_path)
    clock, source = Clock(), Source()
    host = Mirror(source, clock=clock)
    table.take_seat(0, "Ann")
    table.take_seat(1, "Bob")
    source.inbox.append({"type": "joined", "table": table.code, "seat": 0, "host": True})
    table.connect(0, lambda m: source.inbox.append(m))
    bob: list[dict[str, Any]] = []
    table.connect(1, bob.append)
    host.update()
    assert host.give_countdown(1) is None
    table.disconnect(1, bob.append)
    host.update()
    left = host.give_countdown(1)
    assert left is not None and RETURN_S - 5 < left <= RETURN_S and not host.may_give_seat(1)
    clock.now += 120
    assert host.give_countdown(1) == left - 120
    clock.now += RETURN_S
    assert host.give_countdown(1) == 0 and host.may_give_seat(1)
    # Someone asks for the free seat: the host hears it and answers.
    source.inbox.append({"type": "claim", "seat": 1, "name": "Bob"})
    source.inbox.append({**table.lobby(), "claims": [{"seat": 1, "name": "Bob"}]})
    news = host.update()
    assert any(n.kind == "claim" and n.seat == 1 and n.text == "Bob" for n in news)
    assert host.lobby is not None and host.lobby.claims == ((1, "Bob"),)
    assert host.answer_claim(1, True) and source.sent[-1] == {"type": "answer_claim", "seat": 1, "approve": True}
    assert not host.answer_claim(0, True)  # nobody asks for seat 0
    assert host.remove(1) and source.sent[-1] == {"type": "remove", "seat": 1}


def test_a_seat_given_away_a_removal_and_a_halt_are_said_as_such() -> None:
    for closed, flag, words in (
        ({"type": "closed", "by": "host", "code": "seat_given", "reason": "the host gave your seat to a computer"}, "seat_given", "gave your seat to a computer"),
        ({"type": "closed", "by": "removed", "code": "removed", "reason": "the host removed you from this table"}, "removed", "removed you"),
    ):
        mirror = Mirror(Source(), clock=Clock())
        mirror.follow({"type": "joined", "table": "ABCD-EF", "seat": 1, "host": False})
        news = mirror.follow(closed)
        assert news[0].kind == flag and getattr(mirror, flag) and mirror.table_gone
        assert mirror.status()[0] == "gone" and words in mirror.status_text()
    mirror = Mirror(Source(), clock=Clock())
    mirror.follow({"type": "link", "state": "failed", "reason": "the host gave your seat to a computer", "code": "seat_given"})
    assert mirror.seat_given and "gave your seat" in mirror.status_text()
    mirror = Mirror(Source(), clock=Clock())
    mirror.follow({"type": "link", "state": "open", "reason": ""})
    mirror.follow({"type": "joined", "table": "ABCD-EF", "seat": 0, "host": False})
    news = mirror.follow({"type": "halted", "code": "store_failed", "why": "the disk is full", "reason": "the server cannot store this table's moves (the disk is full): play stops until it can"})
    assert news[0].kind == "halted" and mirror.status() == ("halted", None) and "cannot store" in mirror.status_text()


def test_every_round_s_end_is_enough_to_play_that_round_again_on_its_own(tmp_path: Path) -> None:
    """As a seat that came in mid-match (after a restart) must: from one
    ``round_over`` alone, its opening, deal and actions give its outcome, and its
    totals before plus its scores give the totals after."""
    table = table_with(tmp_path, seed=12, target_score=150)
    sent: list[list[dict[str, Any]]] = [[], []]
    for seat, name in enumerate(("Ann", "Bob")):
        table.take_seat(seat, name)
        table.connect(seat, sent[seat].append)
    table.start(0)
    rng = random.Random(4)
    while table.match is not None and not table.match.over:
        assert table.referee is not None and table.referee.to_move is not None
        mover = table.referee.to_move
        legal = table.match.view(mover).legal_moves()
        table.play(mover, {"action": action_json(mover, legal[rng.randrange(len(legal))])})
    ends = [m for m in sent[1] if m["type"] == "round_over"]
    assert len(ends) >= 3 and any(e["opening"]["seat"] is not None for e in ends)
    rules = table.rules
    for end in ends:
        hands = [[parse_tile(t, rules.top) for t in hand] for hand in end["deal"]["hands"]]
        boneyard = [parse_tile(t, rules.top) for t in end["deal"]["boneyard"]]
        state = RoundState(rules, hands, boneyard, Opening(end["opening"]["rule"], end["opening"]["seat"]))
        for entry in end["actions"]:
            state.push(action_from_json(entry, rules)[1])
        assert state.outcome is not None and state.outcome.end == end["end"] and state.outcome.winner == end["winner"]
        assert list(state.outcome.scores) == end["scores"] and list(state.outcome.pips) == end["pips"]
        assert [b + s for b, s in zip(end["before"], end["scores"])] == end["totals"]
    mirror = Mirror(Source(), clock=Clock())
    mirror.follow(table.lobby())
    got = mirror.follow(ends[-1])[0].end
    assert got is not None and got.opening == (ends[-1]["opening"]["rule"], ends[-1]["opening"]["seat"])
    assert list(got.before) == ends[-1]["before"]
