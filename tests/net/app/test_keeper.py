"""A network match kept in Past matches as it goes (game/net/app/keeper.py): the server
killed mid-match, the host's app leaving mid-match, a seat coming back, the
statistics of a finished network match, and records from a hostile server."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest

from game.archive import past_matches
from game.engine import Match, Rules, load_record, match_to_record
from game.engine.match import PlayerInfo
from game.net.app.client import Seated
from game.net.app.hosting import HostedServer
from game.net.app.keeper import MatchKeeper, tag_of
from game.net.app.mirror import Mirror
from game.net.app.netplay import NetPlay
from game.net.app.session import Session
from game.profile.stats import MOST, Statistics, load_stats, save_stats, stats_path

ROOT = Path(__file__).resolve().parents[3]


def pump(plays: list[NetPlay], until: Callable[[], bool], rng: random.Random, timeout: float = 60.0, act: bool = True) -> None:
    """Frames (every 5 ms) until ``until()``; each seat plays a random legal move on its turn."""
    end = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < end, [(p.mirror.link, p.mirror.round_index, len(p.mirror.finished)) for p in plays]
        for play in plays:
            play.update()
            mirror = play.mirror
            if act and mirror.my_turn and mirror.legal:
                assert mirror.play(rng.choice(mirror.legal)) is None
        time.sleep(0.005)


def mid_round(play: NetPlay, rounds: int) -> Callable[[], bool]:
    """At least ``rounds`` rounds played out, and moves made in the next one."""
    mirror = play.mirror

    def check() -> bool:
        assert mirror.over is None, "the match ended before the point the test needs"
        return len(mirror.finished) >= rounds and mirror.round_index >= rounds and len(mirror.history) >= 2

    return check


def replayed(path: Path) -> dict[str, Any]:
    """``python -m game replay PATH``'s answer (exit 0)."""
    done = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_the_server_killed_mid_match_leaves_a_record_of_the_rounds_played_out(server: Any) -> None:
    """A real server process (python -m game serve) is killed with -9 in the middle
    of a round: the player's Past matches already hold every round played out (kept
    after each round), loadable, replaying to the totals the table had; when the
    session gives up, the table is said to be gone and the record is still the one."""
    session = Session.create(server.url, "matador", 2, "Ann", seats=["open", "easy"], options={"target_score": 200}, reconnect_for=1.5)
    play = NetPlay(Mirror(session), session)
    session.start()
    rng = random.Random(5)
    try:
        pump([play], lambda: play.mirror.lobby is not None and play.mirror.lobby.full, rng)
        assert play.mirror.start()
        pump([play], mid_round(play, 2), rng, timeout=120)
        assert play.kept is not None and play.kept.name.endswith(f"-{tag_of(play.mirror.code or '', 0)}.json")
        assert play.mirror.view_data is not None
        rounds, totals = len(play.mirror.finished), list(play.mirror.view_data["totals"])  # the totals the table shows
        server.kill()
        # kept before anyone knew: a crash of this app now would lose nothing
        listed = past_matches.list_matches()
        assert len(listed) == 1 and listed[0].path == play.kept and listed[0].abandoned
        match, message = past_matches.load(play.kept)
        assert message is None and match is not None
        assert len(match.rounds) == rounds and match.totals == totals and not match.over
        assert [p.name for p in match.players] == ["Ann", "@easy"] and match.players[1].kind == "computer"
        assert "seed" not in json.loads(play.kept.read_text())  # not revealed: the match did not end
        pump([play], lambda: play.table_gone, rng, timeout=30, act=False)
        assert play.mirror.status() == ("gone", None)
        assert play.mirror.status_text() == "The table stopped answering: the host may have left."
        assert [m.path for m in past_matches.list_matches()] == [play.kept]
        answer = replayed(play.kept)
        assert answer["totals"] == totals and len(answer["rounds"]) == rounds
        assert answer["match"] == {"over": False, "winner": None}
    finally:
        play.close(2.0)


def hosted_ready(folder: Path) -> HostedServer:
    hosted = HostedServer(False, 0, folder)
    hosted.start()
    end = time.monotonic() + 60
    while hosted.state != "ready":
        assert time.monotonic() < end and hosted.state != "failed", hosted.error
        time.sleep(0.01)
    return hosted


def test_the_host_leaving_mid_match_tells_friends_at_once_and_every_seat_keeps_the_match(tmp_path: Path) -> None:
    """The app hosting the table (its server on a thread) leaves in the middle of a
    round: the friend is told within seconds that the host left (not after 5
    minutes), and both the friend and the host keep the rounds played out, each in
    a file of their own seat. A friend who came back mid-match (a newer connection
    taking the seat) is sent the rounds before it and keeps them too."""
    hosted = hosted_ready(tmp_path / "hosted")
    host_session = Session.create(hosted.url, "matador", 2, "Hal", seats=["open", "open"], options={"target_score": 200})
    host = NetPlay(Mirror(host_session), host_session, hosted)
    host_session.start()
    rng = random.Random(7)
    friend: NetPlay | None = None
    again: NetPlay | None = None
    try:
        pump([host], lambda: host.mirror.code is not None, rng)
        friend = NetPlay.join(hosted.url, host.mirror.code or "", "Ann", keep=False)
        # (both told the table is full: under load the friend hears it before the host does)
        pump([host, friend], lambda: friend is not None and all(p.mirror.lobby is not None and p.mirror.lobby.full for p in (host, friend)), rng)
        assert host.mirror.start()
        pump([host, friend], mid_round(friend, 1), rng, timeout=120)
        # the friend's seat taken over by a newer connection (another window, the app restarted)
        assert friend.session is not None and friend.session.seated is not None
        seated = friend.session.seated
        again = NetPlay.rejoin(Seated(seated.url, seated.table, seated.seat, seated.token))
        pump([host, friend, again], lambda: again is not None and again.mirror.view is not None and friend.mirror.link == "failed", rng)
        assert friend.mirror.taken_over and not friend.table_gone  # the table goes on, in the newer window
        assert again.mirror.finished == {r: friend.mirror.finished[r] for r in again.mirror.finished}
        assert len(again.mirror.finished) == len(friend.mirror.finished) >= 1
        friend.close()
        pump([host, again], mid_round(again, 1), rng, timeout=30)
        known = again.mirror.known_record()
        assert known is not None
        rounds = len(known["rounds"])
        totals = list(load_record(known).totals)
        host.close()  # Leave: the hosted server says goodbye to every seat
        pump([again], lambda: again is not None and again.table_gone, rng, timeout=60, act=False)
        # told by the host's goodbye (not a dropped connection given up on later)
        assert again.mirror.host_left and again.mirror.status_text() == "The host left: the table is closed."
        assert again.mirror.link == "failed" and "host left" in again.mirror.link_reason
        kept = {m.path.name.rsplit("-", 2)[-1]: m for m in past_matches.list_matches()}
        assert set(kept) == {"s0.json", "s1.json"}  # the host's seat and the friend's, one file each
        for entry in kept.values():
            match, message = past_matches.load(entry.path)
            assert message is None and match is not None and entry.abandoned
            assert len(match.rounds) == rounds and match.totals == totals
            assert [p.name for p in match.players] == ["Hal", "Ann"]
        assert again.kept == kept["s1.json"].path
    finally:
        for play in (again, friend, host):
            if play is not None:
                play.close(2.0)
        hosted.stop(60.0)


# Statistics -------------------------------------------------------------------------
def finished_match(seed: int, names: tuple[str, str] = ("Ann", "Bo")) -> Match:
    """A whole two-seat Leyden match of random legal moves."""
    rules = Rules.from_base("leyden", 2, {"target_score": 50})
    match = Match(rules, [PlayerInfo(names[0], "human", None), PlayerInfo(names[1], "human", None)], seed)
    rng = random.Random(seed)
    while not match.over:
        if match.needs_next_round:
            match.next_round()
            continue
        match.push(rng.choice(match.round.legal_moves()))
    return match


class Fed:
    """A mirror's source that the test feeds by hand (a server's messages)."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def poll(self) -> list[dict[str, Any]]:
        return []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def mirror_told_the_end(match: Match, seat: int, code: str = "K7QX-2M", record: dict[str, Any] | None = None) -> Mirror:
    mirror = Mirror(Fed())
    mirror.follow({"type": "joined", "table": code, "seat": seat, "host": seat == 0})
    mirror.follow({
        "type": "table", "table": code, "host": 0, "state": "over",
        "rules": {"base": match.rules.base, "players": 2, "options": match.rules.overrides()},
        "seats": [{"seat": i, "name": p.name, "kind": "remote", "connected": True} for i, p in enumerate(match.players)],
    })
    mirror.follow({"type": "match_over", "winner": match.winner, "totals": match.totals, "record": record or match_to_record(match)})
    return mirror


def test_a_finished_network_match_counts_once_for_this_seat_alone() -> None:
    match = finished_match(11)
    assert isinstance(match.winner, int)
    seat = 1
    mirror = mirror_told_the_end(match, seat)
    keeper = MatchKeeper()
    keeper.follow(mirror)
    keeper.follow(mirror)  # every frame after the end: nothing more
    stats, message = load_stats()
    assert message is None and set(stats.table) == {"Bo"}  # the other seat counts on its own machine
    rec = stats.table["Bo"]["leyden"]
    played = [s.outcome for s in match.rounds if s.outcome is not None and s.outcome.end != "redeal"]
    assert rec.matches_played == 1 and rec.matches_won == int(match.winner == seat)
    assert rec.rounds_played == len(played) and rec.rounds_won == sum(o.winner == seat for o in played)
    assert keeper.path is not None and past_matches.load(keeper.path)[0] is not None
    assert json.loads(keeper.path.read_text())["seed"] == match.seed
    # the same seat back after the end (the server tells it the end again), in a later run
    MatchKeeper().follow(mirror_told_the_end(match, seat))
    again, _ = load_stats()
    assert again.table["Bo"]["leyden"].matches_played == 1
    assert len(past_matches.list_matches()) == 1
    # another match counts again
    other = finished_match(12)
    MatchKeeper().follow(mirror_told_the_end(other, seat, code="ABCD-EF"))
    assert load_stats()[0].table["Bo"]["leyden"].matches_played == 2


def test_a_hostile_record_never_corrupts_the_statistics(caplog: pytest.LogCaptureFixture) -> None:
    match = finished_match(13)
    stats = Statistics()
    rec = stats.record("Bo", "leyden")
    rec.matches_played = rec.matches_won = MOST  # one more would be refused on reading
    rec.rounds_played = 10
    save_stats(stats)
    before = stats_path().read_bytes()
    MatchKeeper().follow(mirror_told_the_end(match, 1))
    assert stats_path().read_bytes() == before  # not counted: the file stays readable and as it was
    loaded, message = load_stats()
    assert message is None and loaded.table["Bo"]["leyden"].rounds_played == 10
    # a record that does not replay (an illegal move), one for other seats, one not over: nothing kept or counted
    record = match_to_record(finished_match(14))
    record["rounds"][0]["actions"][0] = {"player": 0, "lay": "6-6", "on": "Q"}
    for bad in (
        record,
        {**match_to_record(finished_match(15)), "players": [{"name": "A"}, {"name": "B"}, {"name": "C"}]},
        {"format": "matador-record/1", "rules": {"base": "leyden"}, "players": [{"name": "x" * 500}, {"name": "B"}], "rounds": []},
        "not a record",
    ):
        fresh = Statistics()
        save_stats(fresh)
        MatchKeeper().follow(mirror_told_the_end(match, 1, code="WXYZ-23", record=bad))  # type: ignore[arg-type]
        assert load_stats()[0].table == {}
    assert not [m for m in past_matches.list_matches() if "WXYZ23" in m.path.name]
    # in memory: a match that is not over, or a computer's seat, is not counted
    unfinished = Match(match.rules, list(match.players), 3)
    unfinished.next_round()
    assert not Statistics().add_whole_match(unfinished, 0)
    robot = finished_match(16, ("Ann", "Easy"))
    robot.players[1] = PlayerInfo("Easy", "computer", "easy")
    assert not Statistics().add_whole_match(robot, 1)


def test_people_at_the_host_s_screen_share_one_record_and_each_is_counted_as_at_one_screen(tmp_path: Path) -> None:
    """Ann hosts, Cy plays at Ann's screen, Bo is a friend elsewhere (the server's
    ``Table`` in this process, as tests/net/app/test_mirror.py does): at the match's
    end Ann's machine holds one record of the match among the Past matches (not
    one per person) and counts the match for Ann and Cy, as a match with both at
    one screen counts them; Bo counts on his own machine. Nothing is kept or
    counted twice: not on leaving, nor when a later run is told the end again."""
    from concurrent.futures import ThreadPoolExecutor

    from game.net.server.store import Store
    from game.net.server.table import Table
    from tests.net.app.test_mirror import sit

    with ThreadPoolExecutor(1) as pool:
        row = Table.new_row("K7QX-2M", {"rules": "matador", "players": 3, "options": {"target_score": 40}, "seats": ["open"] * 3, "seat": 0}, 2468)
        store = Store(tmp_path / "t.sqlite3")
        store.create(row)
        server = Table(row, store, pool)
        server.take_seat(0, "Ann")
        ann, _ = sit(server, 0, "Ann", host=True)
        cy, _ = sit(server, 1, "Cy")
        bo, _ = sit(server, 2, "Bo")
        play = NetPlay(ann, here=[(1, "Cy")])
        play.here = {1: cy}
        play.update()
        bo.update()
        assert ann.start()
        rng = random.Random(3)
        for _ in range(5000):
            play.update()
            bo.update()
            movers = [m for m in (ann, cy, bo) if m.my_turn and not m.sent]
            if ann.over is not None and cy.over is not None:
                break
            for m in movers:
                m.play(rng.choice(m.legal))
        play.update()
        assert ann.over is not None and cy.over is not None and play.kept is not None
        kept = past_matches.list_matches()
        assert [m.path for m in kept] == [play.kept] and play.kept.name.endswith(f"-{tag_of('K7QX-2M', 0)}.json")
        assert not kept[0].abandoned and [s.name for s in kept[0].seats] == ["Ann", "Cy", "Bo"]
        match, message = past_matches.load(play.kept)
        assert match is not None and match.over and message is None
        stats, message = load_stats()
        assert message is None and set(stats.table) == {"Ann", "Cy"}  # Bo counts on his own machine
        # what a match with Ann and Cy at one screen counts for them (game/ui/shell/flow.py, round_ended)
        local = Statistics()
        played = [s.outcome for s in match.rounds if s.outcome is not None and s.outcome.end != "redeal"]
        for outcome in played:
            local.add_round(match, outcome)
        local.add_match(match)
        for seat, name in ((0, "Ann"), (1, "Cy")):
            rec = stats.table[name]["matador"]
            assert rec == local.table[name]["matador"]
            assert rec.matches_played == 1 and rec.matches_won == int(match.winner == seat)
            assert rec.rounds_played == len(played) > 0 and rec.rounds_won == sum(o.winner == seat for o in played)
        before = stats_path().read_bytes()
        play.close()  # leaving after the end: nothing kept or counted again
        keeper = MatchKeeper()  # a later run of the host's seat told the end again (the people
        keeper.here = {1}  # here are not seated again by a later run: the table was this app's)
        keeper.follow(ann)
        assert stats_path().read_bytes() == before
        assert [m.path for m in past_matches.list_matches()] == [play.kept]
        store.close()


def test_a_whole_match_counts_each_person_here_once_and_no_computer() -> None:
    match = finished_match(17, ("Ann", "Cy"))
    stats = Statistics()
    assert stats.add_whole_match(match, {0, 1})
    assert set(stats.table) == {"Ann", "Cy"}
    assert stats.table["Ann"]["leyden"].matches_played == stats.table["Cy"]["leyden"].matches_played == 1
    robot = finished_match(18, ("Ann", "Easy"))
    robot.players[1] = PlayerInfo("Easy", "computer", "easy")
    assert stats.add_whole_match(robot, [0, 1]) and "Easy" not in stats.table  # the computer is left out
    assert stats.table["Ann"]["leyden"].matches_played == 2
    twins = finished_match(19, ("Ann", "Ann"))
    assert stats.add_whole_match(twins, {0, 1}) and stats.table["Ann"]["leyden"].matches_played == 3  # one name, once
    assert not stats.add_whole_match(match, {0, 5})  # a seat the match does not have: nothing
    # one count refused: none made, for any of the seats
    full = Statistics()
    full.record("Cy", "leyden").matches_played = full.record("Cy", "leyden").matches_won = MOST
    assert not full.add_whole_match(match, {0, 1})
    assert set(full.table) == {"Cy"} and full.table["Cy"]["leyden"].rounds_played == 0


# The server's side, without sockets ---------------------------------------------------
def test_every_round_reaches_every_seat_even_one_redealt_as_dealt_and_a_seat_back_hears_the_past(tmp_path: Path) -> None:
    """A round redealt as it is dealt (no action ends it) still tells its end, so
    the seats' records start at round 0; a seat that comes back is sent exactly
    the rounds played out (not the one being played), as they were told."""
    from concurrent.futures import ThreadPoolExecutor

    from game.net.shared.protocol import reveal_holds
    from game.net.server.store import Store
    from game.net.server.table import Table
    from tests.net.server.test_table import REDEALT_AT_ONCE

    store = Store(tmp_path / "tables.sqlite3")
    row = Table.new_row("ABCD-EF", {"rules": "leyden", "players": 2}, REDEALT_AT_ONCE)
    store.create(row)
    table = Table(row, store, ThreadPoolExecutor(1))
    sent: list[list[dict[str, Any]]] = [[], []]
    for seat, name in enumerate(("Ann", "Bob")):
        table.take_seat(seat, name)
        table.connect(seat, sent[seat].append)
    table.start(0)
    rng = random.Random(2)
    assert table.match is not None
    while len(table.match.rounds) < 3 and not table.match.over:  # round 0 redealt, round 1 played out, into round 2
        mover = table.referee.to_move if table.referee is not None else None
        assert mover is not None
        table.play(mover, {"type": "play", "action": rng.choice(sent[mover][-1]["view"]["legal"])})
    mirrors = []
    for seat in range(2):
        mirror = Mirror(Fed())
        mirror.follow({"type": "joined", "table": "ABCD-EF", "seat": seat, "host": seat == 0})
        for message in sent[seat]:
            mirror.follow(message)
        mirrors.append(mirror)
        ends = [m for m in sent[seat] if m["type"] == "round_over"]
        assert ends[0]["round"] == 0 and ends[0]["end"] == "redeal" and ends[0]["actions"] == []
        commitments = {m["view"]["round"]: m["commitment"] for m in sent[seat] if m["type"] == "round"}
        assert all(reveal_holds(table.match.rules, commitments[e["round"]], e) for e in ends)
        assert sorted(mirror.finished) == [0, 1]
        known = mirror.known_record()
        assert known is not None
        match = load_record(known)
        assert len(match.rounds) == 2 and match.totals == list(table.match.totals)
    back: list[dict[str, Any]] = []
    table.connect(1, back.append)  # seat 1 again, on a new connection
    [past] = [m for m in back if m["type"] == "rounds"]
    assert back.index(past) < next(i for i, m in enumerate(back) if m["type"] == "round")
    told = [m for m in sent[1] if m["type"] == "round_over"]
    assert past["rounds"] == told  # the rounds played out, as they were told, and not round 2
    fresh = Mirror(Fed())
    for message in [{"type": "joined", "table": "ABCD-EF", "seat": 1}, *back]:
        fresh.follow(message)
    assert fresh.known_record() == mirrors[1].known_record()
    # seat 1's link was down from round 1's end (it heard neither that end nor the
    # next deal) and came back without an app restart: the rounds told on coming
    # back fill the gap, so its score sheet has every row
    cut = next(i for i, m in enumerate(sent[1]) if m["type"] == "round_over" and m["round"] == 1)
    gap = Mirror(Fed())
    for message in [{"type": "joined", "table": "ABCD-EF", "seat": 1}, *sent[1][:cut]]:
        gap.follow(message)
    assert sorted(gap.ends) == [0]
    for message in back:
        gap.follow(message)
    assert sorted(gap.ends) == [0, 1] and gap.ends == mirrors[1].ends and gap.completed == mirrors[1].completed == 1
    assert gap.known_record() == mirrors[1].known_record()
