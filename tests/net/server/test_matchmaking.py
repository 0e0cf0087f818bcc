"""*Play now* (game/net/server/matchmaking.py): the queues read from the rule sets'
registry; the queue's pairing with a clock turned by hand (closest rating first,
the window widening with the wait, no rematch while others wait); and through a
real server on 127.0.0.1: two Leyden clients asking at once seated at one table
that starts by itself, leaving at once, the computer offer taken, and hostile
``play_now`` messages refused."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any, AsyncIterator, Callable
from contextlib import asynccontextmanager

import pytest

from game.engine import RULE_SETS, RuleSetInfo
from game.engine.rules import registered_rule_set
from game.net.app.client import Client, ServerRefused
from game.net.server import matchmaking
from game.net.server.conn import Conn
from game.net.server.endpoint import Server
from game.net.server.matchmaking import Queue, queues, window
from game.net.server.serve import listening
from game.net.server.store import Store
from game.net.shared.protocol import ProtocolError
from game.rating.glicko2 import Rating


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def pairs_of(queue: Queue) -> list[set[str]]:
    return [{t.person for t in made.tickets} for made in queue.pairs()]


# The queues ---------------------------------------------------------------------------
def test_the_queues_are_every_rule_set_seating_two_and_four_seat_matador() -> None:
    found = queues()
    assert found[-1] == ("matador", 4)
    assert [r for r, p in found if p == 2] == [i.id for i in RULE_SETS.values() if i.min_players <= 2 <= i.max_players]
    assert ("leyden", 2) in found and ("family", 4) not in found
    solo = RuleSetInfo("test-duo", "leyden", 99, 2, 2, dict(RULE_SETS["leyden"].defaults))
    with registered_rule_set(solo):
        assert ("test-duo", 2) in queues()  # a rule set registered is offered at once
    assert ("test-duo", 2) not in queues()


def test_a_queue_there_is_not_and_a_second_ticket_are_refused() -> None:
    queue = Queue(Clock())
    for rules, players in (("leyden", 4), ("family", 3), ("nope", 2)):
        with pytest.raises(ProtocolError) as err:
            queue.join(object(), "ann", rules, players, 1500)
        assert err.value.code == "bad_rules"
    queue.join("a", "ann", "leyden", 2, 1500)
    with pytest.raises(ProtocolError) as err:
        queue.join("b", "ann", "matador", 2, 1500)  # the same person, on another connection
    assert err.value.code == "queued"


# Pairing ---------------------------------------------------------------------------------
def test_the_closest_rating_is_paired_first() -> None:
    clock = Clock()
    queue = Queue(clock)
    queue.join("a", "ann", "leyden", 2, 1500)
    clock.now += 1
    queue.join("f", "far", "leyden", 2, 1580)
    queue.join("n", "near", "leyden", 2, 1520)
    assert pairs_of(queue) == [{"ann", "near"}]
    assert [t.person for t in queue.tickets.values()] == ["far"]


def test_the_window_widens_as_the_wait_goes_on() -> None:
    clock = Clock()
    queue = Queue(clock)
    queue.join("a", "ann", "matador", 2, 1500)
    queue.join("b", "bob", "matador", 2, 1900)  # 400 points apart
    assert pairs_of(queue) == []
    needed = (400 - matchmaking.WINDOW_START) / matchmaking.WIDEN_PER_S
    clock.now += needed - 0.5
    assert window(needed - 0.5) < 400 and pairs_of(queue) == []
    clock.now += 1
    assert pairs_of(queue) == [{"ann", "bob"}]
    queue.join("c", "cy", "leyden", 2, 1500)
    queue.join("d", "di", "matador", 2, 1500)  # another queue: never paired across
    assert pairs_of(queue) == []


def test_nobody_meets_the_same_person_twice_in_a_row_while_others_wait() -> None:
    clock = Clock()
    queue = Queue(clock)
    queue.join("a", "ann", "leyden", 2, 1500)
    queue.join("b", "bob", "leyden", 2, 1500)
    assert pairs_of(queue) == [{"ann", "bob"}]
    queue.join("a2", "ann", "leyden", 2, 1500)
    queue.join("c", "cy", "leyden", 2, 1700)  # waits, out of the window
    clock.now += 0.1
    queue.join("b2", "bob", "leyden", 2, 1500)  # the closest, but Ann's last opponent
    assert pairs_of(queue) == []
    clock.now += 10  # Cy comes within the windows
    assert pairs_of(queue) == [{"ann", "cy"}]
    queue.join("a3", "ann", "leyden", 2, 1500)
    assert pairs_of(queue) == [{"ann", "bob"}]  # nobody else waits: the rematch is made


def test_four_who_met_and_a_fifth_are_seated_with_the_fewest_meetings_again() -> None:
    """Four who played together and a fifth: every table of four meets someone again,
    so the one with the fewest such meetings is made (they waited for ever). While a
    table without any can be made, from everyone waiting, it is waited for."""
    clock = Clock()
    queue = Queue(clock)
    for person in ("a", "b", "c", "d"):
        queue.join(person, person, "matador", 4, 1500)
    assert pairs_of(queue) == [{"a", "b", "c", "d"}]
    for person in ("a", "b", "c", "d", "e"):
        queue.join(person + "2", person, "matador", 4, 1500)
    made = pairs_of(queue)
    assert len(made) == 1 and "e" in made[0] and len(queue) == 1  # three meet again: no table of four does less
    left = next(t.person for t in queue.tickets.values())
    for person in ("f", "g", "h"):
        queue.join(person, person, "matador", 4, 1500)
    assert pairs_of(queue) == [{left, "f", "g", "h"}]  # the one left waiting, with three new

    fresh = Queue(clock)  # a table without a meeting again is possible, out of the window yet: waited for
    for person in ("a", "b", "c", "d"):
        fresh.join(person, person, "matador", 4, 1500)
    assert pairs_of(fresh) == [{"a", "b", "c", "d"}]
    for person, rating in (("a", 1500), ("b", 1500), ("c", 1500), ("d", 1500), ("x", 1900), ("y", 1900), ("z", 1900)):
        fresh.join(person + "2", person, "matador", 4, rating)
    assert pairs_of(fresh) == []
    clock.now += 60  # the windows reach across
    assert len(pairs_of(fresh)[0] & {"x", "y", "z"}) == 3


def test_a_table_without_meetings_again_is_found_where_taking_the_closest_first_misses_it() -> None:
    """Three tables played before, and seven waiting of three ratings: taking the
    closest rating first finds no table of four who have not met, though one exists.
    It is searched for, and made once the windows reach across (it waited for ever)."""
    clock = Clock()
    queue = Queue(clock)
    for table in (["h", "b", "d", "e"], ["f", "d", "g", "c"], ["f", "c", "a", "e"]):
        for person in table:
            queue.join(person, person, "matador", 4, 1500)
        assert len(queue.pairs()) == 1
    for person, rating in {"b": 1000, "c": 1000, "a": 2000, "g": 1500, "e": 1500, "i": 2000, "d": 2000}.items():
        queue.join(person + "2", person, "matador", 4, rating)
    assert pairs_of(queue) == []  # far apart yet: no table of meetings again is made instead
    clock.now += 60
    assert pairs_of(queue) == [{"a", "b", "g", "i"}]  # the only four of them who have not met


def test_among_a_few_waiting_every_table_is_tried_before_one_meets_again() -> None:
    """Eight waiting, and only one table of four among them without a meeting again,
    which trying greedily from each person does not find: it is waited for (the
    fewest meetings again are not made at once) and made once the windows reach it."""
    clock = Clock()
    queue = Queue(clock)
    met = {"i": "dfh", "e": "chi", "c": "abh", "h": "abc", "f": "dhi", "d": "bhj", "b": "ach", "j": "bdh", "a": "bch"}
    queue.last_met = {person: frozenset(others) for person, others in met.items()}
    for person in "dbiejfah":
        queue.join(person, person, "matador", 4, 1900 if person == "a" else 1500)
    assert pairs_of(queue) == []  # the one fresh table has Ann, out of everyone's window yet
    clock.now += 60
    assert pairs_of(queue) == [{"e", "j", "f", "a"}, {"b", "d", "h", "i"}]  # (the four left: nobody else waits)


def test_a_table_of_four_takes_the_four_closest() -> None:
    queue = Queue(Clock())
    for key, rating in (("a", 1500), ("b", 1560), ("c", 1450), ("far", 2500), ("d", 1510)):
        queue.join(key, key, "matador", 4, rating)
    assert pairs_of(queue) == [{"a", "b", "c", "d"}]


# Through a server -------------------------------------------------------------------------
class RatedServer(Server):
    """A server whose ratings a test says (by the name a client waits under)."""

    drawn: dict[str, float] = {}

    def rating_for(self, conn: Conn, rules: str) -> Rating | None:
        ticket_name = getattr(conn, "test_name", None)
        return Rating(self.drawn[ticket_name]) if ticket_name in self.drawn else None

    def _play_now(self, conn: Conn, msg: dict[str, Any]) -> None:
        conn.test_name = msg.get("name")  # type: ignore[attr-defined]
        super()._play_now(conn, msg)


@asynccontextmanager
async def a_server(tmp_path: Path, make: Callable[[Store], Server] = Server) -> AsyncIterator[tuple[Server, str]]:
    server = make(Store(tmp_path / "tables.sqlite3"))
    try:
        async with listening(server, "127.0.0.1", 0) as port:
            yield server, f"ws://127.0.0.1:{port}/"
    finally:
        server.close()


async def until(client: Client, kind: str, timeout: float = 10.0) -> dict[str, Any]:
    while True:
        message = await client.receive(timeout)
        if message["type"] == kind:
            return message


def test_two_clients_asking_for_leyden_at_once_sit_at_one_table_that_starts(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            told: list[dict[str, Any]] = []
            real_event = server.event

            def event(kind: str, **fields: Any) -> None:  # what the server logs, kept
                told.append({"kind": kind, **fields})
                real_event(kind, **fields)

            server.event = event  # type: ignore[method-assign]
            async with Client.connect(url) as ann, Client.connect(url) as bob:
                queued = await asyncio.gather(ann.play_now("leyden", "Ann"), bob.play_now("leyden", "Bob"))
                assert all(q["rules"] == "leyden" and q["offer_after"] == matchmaking.OFFER_S and q["level"] for q in queued)
                seated = await asyncio.gather(ann.paired(timeout=10), bob.paired(timeout=10))
                assert seated[0].table == seated[1].table and {s.seat for s in seated} == {0, 1}
                assert seated[0].token and seated[1].token  # an ordinary seat: its token takes it back
                paired = [e for e in told if e["kind"] == "paired"]  # the queue's own measure, ticket to table
                assert len(paired) == 1 and paired[0]["table"] == seated[0].table and max(paired[0]["waited"]) <= 2.0
                rounds = await asyncio.gather(until(ann, "round"), until(bob, "round"))  # it started by itself
                assert {r["view"]["seat"] for r in rounds} == {0, 1}
                table = server.tables[seated[0].table]
                assert table.state == "playing" and table.rules.base == "leyden"
                assert sorted(s.name or "" for s in table.row.seats) == ["Ann", "Bob"]
                assert len(server.queue) == 0
                async with Client.connect(url) as wanda:  # a stranger finds the match in the list, to watch
                    await wanda.send({"type": "list"})
                    listed = (await wanda.expect("tables"))
                    assert [t["table"] for t in listed.get("playing", [])] == [table.code] and listed["tables"] == []

    asyncio.run(go())


def test_two_people_of_one_name_are_told_apart_at_their_table(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with Client.connect(url) as one, Client.connect(url) as two:
                await one.play_now("matador", "Ann")
                await two.play_now("matador", "Ann")
                seated = await asyncio.gather(one.paired(), two.paired())
                assert sorted(s.name or "" for s in server.tables[seated[0].table].row.seats) == ["Ann", "Ann 2"]

    asyncio.run(go())


def test_the_server_pairs_the_closest_rating_and_leaving_is_immediate(tmp_path: Path) -> None:
    RatedServer.drawn = {"Ann": 1500, "Far": 1650, "Near": 1530, "Gone": 1500}

    async def go() -> None:
        async with a_server(tmp_path, RatedServer) as (server, url):
            async with Client.connect(url) as gone:
                assert (await gone.play_now("leyden", "Gone"))["rating"] == 1500
                await gone.send({"type": "leave_queue"})
                await gone.expect("left_queue")
                assert len(server.queue) == 0  # left before the next message is read
                with pytest.raises(ServerRefused) as left:
                    await gone.send({"type": "leave_queue"})
                    await gone.expect("nothing")
                assert left.value.code == "not_queued"
                async with Client.connect(url) as ann, Client.connect(url) as far, Client.connect(url) as near:
                    await ann.play_now("leyden", "Ann")  # nobody waits now: Gone left
                    await far.play_now("leyden", "Far")  # 150 apart: not at once
                    await near.play_now("leyden", "Near")  # 30 apart
                    seated = await asyncio.gather(ann.paired(), near.paired())
                    assert seated[0].table == seated[1].table
                    assert [t.name for t in server.queue.tickets.values()] == ["Far"]
                    async with Client.connect(url) as dropped:
                        await dropped.play_now("matador", "Drop")
                        assert len(server.queue.waiting("matador", 2)) == 1
                    for _ in range(100):  # the connection's end takes its ticket out
                        if not server.queue.waiting("matador", 2):
                            break
                        await asyncio.sleep(0.02)
                    assert server.queue.waiting("matador", 2) == []

    asyncio.run(go())


def test_after_the_wait_a_computer_of_one_s_level_is_taken(tmp_path: Path) -> None:
    from tests.net.server.test_watch import listed_playing

    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with Client.connect(url) as ann:
                queued = await ann.play_now("matador", "Ann", players=4)
                await ann.send({"type": "play_computer"})
                seated = await ann.paired()
                await until(ann, "round")
                table = server.tables[seated.table]
                assert table.state == "playing" and table.rules.players == 4
                assert [s.kind for s in table.row.seats] == ["remote", "computer", "computer", "computer"]
                assert {s.level for s in table.row.seats[1:]} == {queued["level"]}
                assert len(server.queue) == 0
                lobbies, playing = await listed_playing(url)  # in the list, to be watched, as a match between people
                assert lobbies == [] and [t["table"] for t in playing] == [table.code]

    asyncio.run(go())


def test_after_a_match_against_the_computers_one_met_nobody_last(tmp_path: Path) -> None:
    from tests.net.server.test_identities import person

    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with person(url) as ann, person(url) as bob:
                assert ann.identity is not None and bob.identity is not None
                await ann.play_now("leyden", "Ann")
                await bob.play_now("leyden", "Bob")
                await asyncio.gather(ann.paired(), bob.paired())
                assert server.queue.last_met[ann.identity["id"]] == {bob.identity["id"]}
            async with person(url, ann.identity["secret"]) as again:
                await again.play_now("leyden", "Ann")
                await again.send({"type": "play_computer"})
                await again.paired()
                assert ann.identity["id"] not in server.queue.last_met  # her last table: the computers'
                assert server.queue.last_met[bob.identity["id"]] == {ann.identity["id"]}  # (his is still hers)

    asyncio.run(go())


def test_hostile_play_now_messages_are_refused_and_the_server_goes_on(tmp_path: Path) -> None:
    async def refused(client: Client, message: dict[str, Any]) -> str:
        await client.send(message)
        answer = await until(client, "refused")
        return str(answer["code"])

    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with Client.connect(url) as eve, Client.connect(url, source="127.0.0.2") as ann:  # (another address: Eve's flood is hers)
                for message, code in (
                    ({"type": "play_now", "rules": "chess", "name": "Eve"}, "bad_rules"),
                    ({"type": "play_now", "rules": "leyden", "players": 4, "name": "Eve"}, "bad_rules"),
                    ({"type": "play_now", "rules": "family", "players": 3, "name": "Eve"}, "bad_rules"),
                    ({"type": "play_now", "rules": ["leyden"], "name": "Eve"}, "bad_rules"),
                    ({"type": "play_now", "rules": "leyden", "players": True, "name": "Eve"}, "bad_rules"),
                    ({"type": "play_now", "rules": "leyden", "name": ""}, "name_empty"),
                    ({"type": "play_now", "rules": "leyden", "name": "Easy"}, "name_level"),
                    ({"type": "play_computer"}, "not_queued"),
                ):
                    assert await refused(eve, message) == code, message
                assert len(server.queue) == 0
                await eve.play_now("all-sevens", "Eve")
                assert await refused(eve, {"type": "play_now", "rules": "leyden", "name": "Eve"}) == "queued"
                assert await refused(eve, {"type": "create", "rules": "matador", "players": 2, "name": "Eve"}) == "queued"
                for _ in range(60):  # a flood: each refused, none a server error
                    await eve.send({"type": "play_now", "rules": "all-sevens", "name": "Eve"})
                codes = set()
                for _ in range(60):
                    codes.add((await until(eve, "refused"))["code"])
                assert codes <= {"queued", "slow_down"} and "server_error" not in codes
                assert len(server.queue) == 1
                await ann.create("matador", 2, "Ann")
                assert await refused(ann, {"type": "play_now", "rules": "leyden", "name": "Ann"}) == "seated"
                assert len(server.queue) == 1

    asyncio.run(go())


def test_identities_are_who_is_queued_and_who_is_not_met_twice_in_a_row(tmp_path: Path) -> None:
    from tests.net.server.test_identities import person

    RatedServer.drawn = {"Ann": 1500, "Bob": 1500, "Cy": 1700}

    async def go() -> None:
        async with a_server(tmp_path, RatedServer) as (server, url):
            async with person(url) as ann, person(url) as bob:
                assert ann.identity is not None and bob.identity is not None
                await ann.play_now("leyden", "Ann")
                async with person(url, ann.identity["secret"]) as ann_again:  # Ann on another connection
                    await ann_again.send({"type": "play_now", "rules": "matador", "name": "Ann"})
                    assert (await until(ann_again, "refused"))["code"] == "queued"
                await bob.play_now("leyden", "Bob")
                first = await asyncio.gather(ann.paired(), bob.paired())
                assert first[0].table == first[1].table
            async with person(url, ann.identity["secret"]) as ann, person(url, bob.identity["secret"]) as bob, person(url) as cy:
                await ann.send({"type": "play_now", "rules": "leyden"})  # her name on this server, when none is said
                assert (await until(ann, "queued"))["rating"] == 1500
                await cy.play_now("leyden", "Cy")  # 200 apart: a few seconds of waiting
                await bob.play_now("leyden", "Bob")  # the closest, but Ann's last opponent, while Cy waits
                second = await asyncio.gather(ann.paired(timeout=30), cy.paired(timeout=30))
                assert second[0].table == second[1].table
                assert [t.name for t in server.queue.tickets.values()] == ["Bob"]
                names = sorted(s.name or "" for s in server.tables[second[0].table].row.seats)
                assert names == ["Ann", "Cy"]

    asyncio.run(go())


def test_the_server_s_own_rating_places_a_person_and_chooses_the_computer_offered(tmp_path: Path) -> None:
    from game.net.server.server_ratings import Held
    from game.rating import at_my_level
    from tests.net.server.test_identities import person

    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with person(url) as strong, person(url) as new:
                assert strong.identity is not None and new.identity is not None
                held = Held(strong.identity["id"], "leyden", Rating(1910.0, 60.0), 25)
                assert server.ratings.book.settle("TESTXX", [held], [0])
                queued = await strong.play_now("leyden", "Ann")
                assert queued["rating"] == 1910 and queued["family"] == "leyden"
                assert queued["level"] == at_my_level.choose("leyden", Rating(1910.0, 60.0)).level
                fresh = await new.play_now("leyden-senst", "Bob")  # nothing rated yet: the default
                assert fresh["rating"] == matchmaking.DEFAULT_RATING
                assert fresh["level"] == at_my_level.choose("leyden-senst", None).level

    asyncio.run(go())


def test_two_people_at_two_processes_of_a_cluster_meet_at_one_table(redis_server: Any, tmp_path: Path) -> None:
    """``serve --redis``: one queue for the cluster (game/net/server/cluster/cluster_queue.py);
    the table, made unlisted, is listed being played once started, at every process,
    and watched from another process than its referee's."""
    from game.bench.cluster_bench import Cluster
    from tests.net.server.conftest import fresh_db

    from tests.net.server.test_watch import listed_playing

    with Cluster(tmp_path, 2, redis_server, fresh_db(redis_server)) as cluster:

        async def go() -> None:
            async with Client.connect(cluster.procs[0].url) as ann, Client.connect(cluster.procs[1].url) as bob:
                await ann.play_now("leyden", "Ann")
                await bob.play_now("leyden", "Bob")
                seated = await asyncio.gather(ann.paired(timeout=20), bob.paired(timeout=20))
                assert seated[0].table == seated[1].table and {s.seat for s in seated} == {0, 1}
                rounds = await asyncio.gather(until(ann, "round", 20), until(bob, "round", 20))  # started by itself
                assert {r["view"]["seat"] for r in rounds} == {0, 1}
                code = seated[0].table
                for proc in cluster.procs:  # listed being played at every process (never as a lobby)
                    lobbies, playing = await listed_playing(proc.url)
                    assert code not in [t["table"] for t in lobbies]
                    assert [(t["table"], t["state"], sorted(t["names"])) for t in playing] == [(code, "playing", ["Ann", "Bob"])]
                async with Client.connect(cluster.procs[1].url) as watcher:
                    assert (await watcher.watch(code))["table"] == code  # taken from the list
                    view = (await until(watcher, "round", 20))["view"]
                    assert view["hand"] == [] and view["legal"] == []
                async with Client.connect(cluster.procs[1].url) as cy, Client.connect(cluster.procs[0].url) as di:
                    await cy.play_now("matador", "Cy")
                    await cy.send({"type": "leave_queue"})
                    await cy.expect("left_queue")
                    assert (await di.play_now("matador", "Di"))["waiting"] == 1
                    await asyncio.sleep(1.5)  # (ticks of both processes: Di waits alone)
                    await di.send({"type": "list"})
                    assert (await di.expect("tables", "joined"))["type"] == "tables"

        asyncio.run(go())


def test_a_cluster_s_table_whose_host_left_as_it_was_made_puts_the_others_back(redis_server: Any) -> None:
    """The pairing told to a process whose person is gone: the others' tickets wait on in Redis."""
    import json

    from game.net.server.cluster.cluster_process import ClusterServer
    from game.net.server.cluster.redis_store import RedisStore
    from tests.net.server.conftest import fresh_db

    store = RedisStore(redis_server.url(fresh_db(redis_server)), "here")
    server = ClusterServer(store)
    bob = json.dumps({"person": "bob", "rules": "leyden", "players": 2, "rating": 1500, "since": 1.0, "name": "Bob", "level": "easy", "process": "there"})
    pair = {"o": "pair", "rules": "leyden", "players": 2, "level": "easy", "tickets": [["here-gone", "here", "Ann", "{}"], ["there-b", "there", "Bob", bob]]}
    server._heard_queue(json.dumps(pair).encode())
    assert store.r.hgetall(store.key("queue")) == {b"there-b": bob.encode()}
    assert server.tables == {}
    server._heard_queue(b"[1, 2]")  # (what is not a message of the queue is left alone)
    server._heard_queue(b"not json")
    server._heard_queue(b'{"o": "pair", "tickets": [["x"]]}')  # (malformed: logged, never raised into the channels)


def test_a_table_the_server_cannot_make_refuses_its_creator_and_the_others_wait_on(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path, lambda store: Server(store, max_tables=0)) as (server, url):
            async with Client.connect(url) as ann, Client.connect(url) as bob:
                await ann.play_now("leyden", "Ann")
                await bob.play_now("leyden", "Bob")
                refused = await until(ann, "refused")
                assert refused["about"] == "play_now" and refused["code"] == "busy"
                assert [t.name for t in server.queue.tickets.values()] == ["Bob"]

    asyncio.run(go())
