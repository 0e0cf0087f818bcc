"""The seat's side of a network table (game/net/app/mirror.py): the ``SeatView`` rebuilt
from what the server sends is the seat's own view, and mirrors follow whole
matches of every rule set at a server table (in this process, without sockets),
playing the legal moves they compute themselves."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from game.engine import RULE_SETS, Match, PlayerInfo, Rules, SeatView, tile_name
from game.engine.match import opening_after
from game.net.app.mirror import Mirror, seat_view
from game.net.shared.protocol import ProtocolError, view_json
from game.net.server.store import Store
from game.net.server.table import Table


def differences(true: SeatView, got: SeatView) -> list[str]:
    """What differs between two views of the same seat (by what the seat may read)."""
    found = [
        name
        for name in ("hand", "hand_counts", "totals", "current_player", "phase", "boneyard_count", "drawable", "reserve_count",
                     "placements", "spinner", "history", "lacks", "drawn_since")
        if getattr(true, name) != getattr(got, name)
    ]
    if true.open_ends() != got.open_ends():
        found.append("open_ends")
    if true.legal_moves() != got.legal_moves():
        found.append("legal")
    a, b = true._state, got._state  # what the engine keeps of the position, as far as the seat may know it
    found += [f for f in ("passes", "drew", "refusals", "leader", "ends", "cross", "arm_len", "spinner_at") if getattr(a, f) != getattr(b, f)]
    if a.phase == "lead":
        found += [f for f in ("lead_kind", "lead_seat", "lead_tile") if getattr(a, f) != getattr(b, f)]
    return found


GAMES = [(base, players) for base, info in RULE_SETS.items() for players in sorted({info.min_players, min(info.max_players, 4), min(info.max_players, 6)})]


@pytest.mark.parametrize("base,players", GAMES)
def test_the_view_rebuilt_from_the_wire_is_the_seat_s_own_view(base: str, players: int) -> None:
    """At every position of whole random matches, for every seat: the view the
    server writes, read back, is the engine's view of that seat; the legal moves
    it computes are the seat's, another seat's forced lead tile (announced)
    included. Unknowable to the seat (so not compared): what a Leyden (Senst)
    holder's highest double says of the others."""
    rules = Rules.from_base(base, players)
    views = 0
    for seed in range(4):
        match = Match(rules, [PlayerInfo(f"P{i}", "human", None) for i in range(players)], seed)
        rng = random.Random(seed)
        while not match.over:
            if match.needs_next_round:
                match.next_round()
            played = match.completed_rounds
            rule = opening_after(rules, played[-1] if played else None).rule
            for seat in range(players):
                true = match.view(seat)
                data = view_json(true, match.round_index)
                kind, tile = true.lead
                forced = true.phase == "lead" and kind == "forced" and tile is not None
                assert data.get("lead") == (tile_name(tile) if forced and tile is not None else None)  # said only when public
                found = differences(true, seat_view(rules, data, rule))
                if rule == "highest-holder-any-double-not-blank":
                    found = [f for f in found if f != "lacks"]
                assert found == [], (seed, match.round_index, len(true.history), seat)
                views += 1
            if not match.round.over:
                match.push(rng.choice(match.round.legal_moves()))
    assert views > 100


def test_a_view_whose_table_does_not_follow_from_its_history_is_refused() -> None:
    rules = Rules.from_base("matador", 2)
    match = Match(rules, [PlayerInfo("A", "human", None), PlayerInfo("B", "human", None)], 3)
    match.next_round()
    for _ in range(3):
        match.push(match.round.legal_moves()[0])
    data = view_json(match.view(0), 0)
    assert seat_view(rules, data).placements == match.view(0).placements
    for broken in ({**data, "table": data["table"][:-1]}, {**data, "history": data["history"][:-1]}, {**data, "hand": ["9-9"]}, {**data, "seat": 7}):
        with pytest.raises(ProtocolError):
            seat_view(rules, broken)


def test_a_forced_lead_the_server_names_is_read_and_a_lead_that_is_no_tile_refused() -> None:
    """The announced lead tile of another seat is taken from the wire; one that is
    not a tile of the set (a hostile server) is refused like any unreadable view."""
    rules = Rules.from_base("matador", 2)
    for seed in range(50):
        match = Match(rules, [PlayerInfo("A", "human", None), PlayerInfo("B", "human", None)], seed)
        match.next_round()
        kind, tile = match.round.lead_kind, match.round.lead_tile
        if kind == "forced" and tile is not None:
            break
    else:
        raise AssertionError("no forced lead in 50 deals")
    other = 1 - match.round.current_player if match.round.current_player is not None else 0
    data = view_json(match.view(other), 0)
    assert data["lead"] == tile_name(tile) and seat_view(rules, data).lead == ("forced", tile)
    assert seat_view(rules, {k: v for k, v in data.items() if k != "lead"}).lead == ("forced", None)  # an older server's view
    for bad in ("9-9", "x", 5, {"tile": "6-6"}, None):
        told = {**data, "lead": bad}
        if bad is None:
            assert seat_view(rules, told).lead == ("forced", None)
            continue
        with pytest.raises(ProtocolError):
            seat_view(rules, told)


class Wire:
    """One seat's connection to an in-process ``Table``: what the table sends it
    is polled, what it sends is handled as the server would."""

    def __init__(self, table: Table, seat: int):
        self.table, self.seat = table, seat
        self.inbox: list[dict[str, Any]] = []
        self.sent: list[dict[str, Any]] = []

    def poll(self) -> list[dict[str, Any]]:
        found = list(self.inbox)
        self.inbox.clear()  # the same list: the table appends to it
        return found

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)
        kind = message["type"]
        try:
            if kind == "play":
                self.table.play(self.seat, message)
            elif kind == "start":
                self.table.start(self.seat)
            elif kind == "react":
                self.table.react(self.seat, message)
            elif kind == "sync":
                self.table.sync(self.seat)
        except ProtocolError as err:
            self.inbox.append({"type": "refused", "about": kind, "reason": str(err)})


def sit(table: Table, seat: int, name: str, host: bool = False) -> tuple[Mirror, Wire]:
    wire = Wire(table, seat)
    mirror = Mirror(wire, clock=lambda: 0.0)
    if not host:
        seat, _token = table.take_seat(seat, name)
    wire.inbox.append({"type": "link", "state": "open", "reason": ""})
    wire.inbox.append({"type": "joined", "table": table.code, "seat": seat, "host": host})
    table.connect(seat, wire.inbox.append)
    return mirror, wire


@pytest.mark.parametrize("base,players", [("matador", 3), ("leyden", 2), ("leyden-senst", 2), ("family", 5), ("wild-doubles", 2), ("all-sevens", 4)])
def test_mirrors_play_a_whole_match_at_a_server_table(base: str, players: int, tmp_path: Path) -> None:
    """Every seat a mirror: the host starts once the lobby is full; each plays a
    random move among those it computes (always the server's list); reactions
    reach everyone; the match ends with its record, the same for all."""
    with ThreadPoolExecutor(1) as pool:
        row = Table.new_row("K7QX-2M", {"rules": base, "players": players, "seats": ["open"] * players, "seat": 0}, 1234)
        store = Store(tmp_path / "t.sqlite3")
        store.create(row)
        table = Table(row, store, pool)
        table.take_seat(0, "Host")
        seated = [sit(table, 0, "Host", host=True)]
        mirror, _wire = seated[0]
        mirror.update()
        assert mirror.hosting and mirror.lobby is not None and mirror.lobby.open_seats == list(range(1, players))
        assert not mirror.start()  # seats are still open
        for seat in range(1, players):
            seated.append(sit(table, seat, f"Friend {seat}"))
        for m, _ in seated:
            m.update()
        assert mirror.lobby.full and mirror.status()[0] == "lobby" and not seated[1][0].hosting
        assert seated[1][0].start() is False and mirror.start()
        rng = random.Random(5)
        turns = reacted = 0
        for _ in range(5000):
            for m, _ in seated:
                m.update()
            movers = [m for m, _ in seated if m.my_turn]
            if not movers:
                break
            assert len(movers) == 1
            m = movers[0]
            assert m.legal == m.server_legal and m.legal
            assert m.status() == ("yours", m.seat)
            other = seated[(m.seat + 1) % players][0]
            assert other.status() == ("thinking", m.seat) and other.status_text() == f"{m.names[m.seat]} is thinking…"
            assert m.play(rng.choice(m.legal)) is None
            assert not m.my_turn and m.sent and m.play(m.legal[0] if m.legal else rng.choice(m.server_legal)) is not None  # one move at a time
            turns += 1
            if turns % 5 == 0 and other.react("nice"):
                reacted += 1
        assert all(m.over is not None for m, _ in seated), turns
        records = [m.record() for m, _ in seated]
        assert all(r is not None and r.over for r in records)
        assert len({tuple(r.totals) for r in records if r is not None}) == 1
        assert all(m.status() == ("over", None) for m, _ in seated)
        assert reacted and all(m.reactions for m, _ in seated)
        assert all(m.round_end is not None and len(m.round_end.hands) == players for m, _ in seated)
        store.close()


def test_a_move_lost_with_the_connection_can_be_played_again_once_the_link_is_back(tmp_path: Path) -> None:
    """A move sent as the server died never reached it: once the link is open again
    (and the server's view says the turn is still this seat's) the seat plays
    again, where it would otherwise wait for ever for an answer that never comes."""
    with ThreadPoolExecutor(1) as pool:
        row = Table.new_row("LOST-MV", {"rules": "leyden", "players": 2, "seat": 0}, 7)
        store = Store(tmp_path / "t.sqlite3")
        store.create(row)
        table = Table(row, store, pool)
        table.take_seat(0, "Ann")
        seated = [sit(table, 0, "Ann", host=True), sit(table, 1, "Bo")]
        for m, _ in seated:
            m.update()
        seated[0][0].start()
        for m, _ in seated:
            m.update()
        mover, wire = next((m, w) for m, w in seated if m.my_turn)
        assert mover.seat is not None
        history = len(table.match.view(mover.seat).history) if table.match is not None else -1
        lost = Wire(table, mover.seat)
        lost.send = lost.sent.append  # type: ignore[method-assign]  # (the message goes nowhere)
        mover.source = lost
        assert mover.play(mover.legal[0]) is None and mover.sent and not mover.my_turn
        assert table.match is not None and len(table.match.view(mover.seat).history) == history  # never played
        wire.inbox.append({"type": "link", "state": "lost", "reason": "gone"})
        mover.update()
        assert mover.sent  # (still on its way as far as anyone knows)
        mover.source = wire
        wire.inbox.append({"type": "link", "state": "open", "reason": ""})
        table.sync(mover.seat)  # the server's view, as a seat that came back is sent it
        mover.update()
        assert not mover.sent and mover.my_turn
        assert mover.play(mover.legal[0]) is None
        assert len(table.match.view(mover.seat).history) == history + 1
        store.close()


def test_a_missed_message_asks_for_the_whole_view_once(tmp_path: Path) -> None:
    """A seat that missed a move finds out at the next one, asks for the whole view
    (once) and is back in step."""
    with ThreadPoolExecutor(1) as pool:
        row = Table.new_row("ABCD-EF", {"rules": "matador", "players": 3, "seat": 0}, 99)
        store = Store(tmp_path / "t.sqlite3")
        store.create(row)
        table = Table(row, store, pool)
        table.take_seat(0, "Ann")
        seated = [sit(table, 0, "Ann", host=True), sit(table, 1, "Bo"), sit(table, 2, "Cy")]
        for m, _ in seated:
            m.update()
        seated[0][0].start()
        for m, _ in seated:
            m.update()
        mover = next(m for m, _ in seated if m.my_turn)
        assert mover.seat is not None
        deaf, deaf_wire = seated[(mover.seat + 2) % 3]  # not the next to move: the game goes on without it
        mover.play(mover.legal[0])
        deaf_wire.inbox.clear()  # the move never reaches this seat
        deaf_wire.sent.clear()  # (what it sent before: the host's start)
        for _ in range(50):
            if deaf_wire.inbox:
                break
            for m, _ in seated:
                if m is not deaf:
                    m.update()
                    if m.my_turn:
                        m.play(m.legal[0])
        assert deaf_wire.inbox, "no later move reached the seat"
        deaf.update()
        assert [m["type"] for m in deaf_wire.sent] == ["sync"]
        deaf.update()
        assert table.match is not None and deaf.view is not None
        assert deaf.view.history == table.match.view(deaf.seat).history
        assert deaf.view.hand == table.match.view(deaf.seat).hand
        store.close()


class Garbled:
    """A source that sends what a hostile server might."""

    def __init__(self, messages: list[Any]):
        self.messages = messages
        self.sent: list[dict[str, Any]] = []

    def poll(self) -> list[Any]:
        found, self.messages = self.messages, []
        return found

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def test_messages_that_cannot_be_read_never_reach_the_frame_loop() -> None:
    junk: list[Any] = [
        {"type": "joined"}, {"type": "table", "rules": 3}, {"type": "table", "table": "X", "rules": {"base": "nope", "players": 2}},
        {"type": "round", "view": {"round": 0}}, {"type": "turn", "view": {}}, {"type": "played", "view": {"history": "x"}},
        {"type": "round_over", "round": "x"}, {"type": "reaction", "seat": "x", "reaction": "nice"}, {"type": "__init__"},
        {"type": 7}, {"no": "type"}, {"type": "played", "view": {"round": 0, "moves": 1}, "action": {"player": 9}},
    ]
    source = Garbled(junk)
    mirror = Mirror(source)
    assert [n for n in mirror.update() if n.kind not in ("joined", "lobby")] == []
    assert mirror.view is None and mirror.lobby is None
    assert all(m == {"type": "sync"} for m in source.sent) and len(source.sent) <= len(junk)
