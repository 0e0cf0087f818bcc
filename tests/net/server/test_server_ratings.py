"""The server's ratings (game/net/server/server_ratings.py) over a real server on
127.0.0.1: a match played to its end moves both identities' ratings, a match with
a computer rates the person against the level's ladder rating, a person who left
a match before its end loses it, no client message moves a rating, ``hello``
tells an identity its ratings, and the ``leaderboard`` (top 100, established
first, provisional marked, the asker's own place) refuses hostile asks in words."""

from __future__ import annotations

import asyncio
import time
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

import pytest
from websockets.asyncio.client import connect

from game.engine.rules import FAMILIES
from game.net.app.client import Client, ServerRefused, random_choice
from game.net.server.endpoint import Server
from game.net.server.serve import listening
from game.net.server.server_ratings import LEADERBOARD, Held, pair_scores
from game.net.server.store import Store
from game.net.server.table import RETURN_S
from game.rating.glicko2 import Game, Rating, update
from game.rating.player_rating import PROVISIONAL_RD, family_of, ladder_rating


@asynccontextmanager
async def a_server(tmp_path: Path) -> AsyncIterator[tuple[Server, str]]:
    server = Server(Store(tmp_path / "tables.sqlite3"))
    try:
        async with listening(server, "127.0.0.1", 0) as port:
            yield server, f"ws://127.0.0.1:{port}/"
    finally:
        server.close()


@asynccontextmanager
async def person(url: str, secret: str | None = None, protocol: int = 2) -> AsyncIterator[tuple[Client, dict[str, Any]]]:
    """A client with an identity (``secret``'s, or a fresh one): it and ``hello``'s ``identity``."""
    async with connect(url, open_timeout=5, proxy=None) as ws:
        client = Client(ws, url)
        await client.send({"type": "hello", "protocol": protocol, "identity": secret})
        reply = await client.receive(5)
        assert reply["type"] == "hello", reply
        told = reply.get("identity") or {}
        client.identity = told
        yield client, told


async def refused(client: Client, message: dict[str, Any]) -> ServerRefused:
    await client.send(message)
    with pytest.raises(ServerRefused) as caught:
        await client.expect("never")
    return caught.value


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 120))


async def play_out(*clients: Client) -> None:
    await asyncio.gather(*(c.play_match(random_choice, timeout=90) for c in clients))


async def seat_held(table: Any, seat: int) -> None:
    """Until the server has seen ``seat``'s connection close (the seat is held for its person)."""
    for _ in range(200):
        if table.net[seat].send is None:
            return
        await asyncio.sleep(0.02)


def test_hello_tells_a_newcomer_its_provisional_rating_in_every_family(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (_server, url):
            async with person(url) as (_ann, told):
                assert set(told["ratings"]) == set(FAMILIES)
                for shown in told["ratings"].values():
                    assert shown == {"rating": 1500.0, "rd": 350.0, "provisional": True, "matches": 0}
            async with connect(url, open_timeout=5, proxy=None) as ws:  # an older client: no identity, nothing of ratings
                old = Client(ws, url)
                await old.send({"type": "hello", "protocol": 2})
                assert "identity" not in await old.receive(5)

    run(go())


def test_a_match_played_to_its_end_moves_both_identities_ratings(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with person(url) as (ann, ann_told), person(url) as (bob, bob_told):
                seated = await ann.create("leyden", 2, "Ann", options={"target_score": 20})
                await bob.join(seated.table, "Bob")
                await ann.start()
                await play_out(ann, bob)
                assert ann.followed.over is not None and bob.followed.over is not None
            family = family_of("leyden")
            table = server.tables[seated.table]
            assert [s.identity for s in table.row.seats] == [ann_told["id"], bob_told["id"]]
            after = {who: server.ratings.rating_of(told["id"], family) for who, told in (("ann", ann_told), ("bob", bob_told))}
            assert after["ann"].matches == after["bob"].matches == 1
            assert after["ann"].rd < 350 and after["bob"].rd < 350
            assert table.match is not None
            wins = [state.outcome.winner for state in table.match.rounds if state.outcome is not None]
            ann_wins, bob_wins = wins.count(0), wins.count(1)  # each round a game between the two
            if ann_wins > bob_wins:
                assert after["ann"].rating > 1500 > after["bob"].rating
            elif bob_wins > ann_wins:
                assert after["bob"].rating > 1500 > after["ann"].rating
            else:
                assert after["ann"].rating == pytest.approx(1500) == after["bob"].rating
            other = FAMILIES[1] if family == FAMILIES[0] else FAMILIES[0]
            assert server.ratings.rating_of(ann_told["id"], other).matches == 0  # the other family is untouched
            async with person(url, ann_told["secret"]) as (_again, told):  # told again at the next hello
                assert told["id"] == ann_told["id"]
                assert told["ratings"][family]["matches"] == 1
                assert told["ratings"][family]["rating"] == round(after["ann"].rating, 1)
            table.settle()  # rated once: settling again moves nothing
            assert server.ratings.rating_of(ann_told["id"], family) == after["ann"]

    run(go())


def test_a_match_with_a_computer_rates_the_person_against_its_level(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with person(url) as (ann, ann_told):
                seated = await ann.create("matador", 2, "Ann", seats=["open", "random"], options={"target_score": 20})
                await ann.start()
                await play_out(ann)
            held = server.ratings.rating_of(ann_told["id"], family_of("matador"))
            assert held.matches == 1 and held.rd < 350
            assert server.ratings.count(family_of("matador")) == 1  # the computer has no rating here
            assert server.tables[seated.table].row.seats[1].kind == "computer"
            match = server.tables[seated.table].match
            assert match is not None
            level = ladder_rating("matador", "random")  # each round a game against the ladder's random player
            assert level is not None
            games = [Game(level[0], level[1], score) for score in pair_scores(match, 0, 1)]
            expected = update(Rating(), games)
            assert games and held.rating == pytest.approx(expected.r) and held.rd == pytest.approx(expected.rd)

    run(go())


def test_a_person_who_left_a_match_before_its_end_loses_it(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with person(url) as (ann, ann_told):
                seated = await ann.create("matador", 2, "Ann", options={"target_score": 200})
                async with person(url) as (bob, bob_told):
                    await bob.join(seated.table, "Bob")
                    await ann.start()
                    await bob.expect("round")
                table = server.tables[seated.table]
                await seat_held(table, 1)  # Bob's connection closed
                family = family_of("matador")
                assert server.ratings.rating_of(bob_told["id"], family).matches == 0  # away, held: not rated yet
                table.net[1].away_since = time.monotonic() - RETURN_S - 1  # the hold's 5 minutes are over
                await ann.send({"type": "give_seat", "seat": 1, "level": "easy"})
                await ann.expect("table")
                ann_after, bob_after = (server.ratings.rating_of(t["id"], family) for t in (ann_told, bob_told))
                assert bob_after.matches == 1 and bob_after.rating < 1500  # the leaver lost the round abandoned
                assert ann_after.matches == 1 and ann_after.rating > 1500
                assert table.row.seats[1].kind == "computer"
                await play_out(ann)  # the rest, against the computer now in Bob's seat, rates nothing
                assert server.ratings.rating_of(ann_told["id"], family) == ann_after

    run(go())


def test_a_match_its_host_left_and_the_others_stopped_is_lost_by_the_host(tmp_path: Path) -> None:
    """"End the match" (``stop``) after the hold, by those still at a table whose host
    is away: the host, who left before its end, loses it; the one who stayed wins it."""

    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with person(url) as (bob, bob_told):
                async with person(url) as (ann, ann_told):
                    seated = await ann.create("matador", 2, "Ann", options={"target_score": 200})
                    await bob.join(seated.table, "Bob")
                    await ann.start()
                    await ann.expect("round")
                table = server.tables[seated.table]
                await seat_held(table, 0)  # Ann's connection closed
                family = family_of("matador")
                table.net[0].away_since = time.monotonic() - RETURN_S - 1  # the hold's 5 minutes are over
                await bob.send({"type": "stop"})
                closed = await bob.expect("closed")
                assert closed["code"] == "stopped"
                ann_after, bob_after = (server.ratings.rating_of(t["id"], family) for t in (ann_told, bob_told))
                assert ann_after.matches == 1 and ann_after.rating < 1500  # the host left: lost
                assert bob_after.matches == 1 and bob_after.rating > 1500
                table.settle()  # rated once
                assert server.ratings.rating_of(bob_told["id"], family) == bob_after

    run(go())


def test_a_table_put_away_because_nobody_came_back_rates_each_leaver_against_who_stayed(tmp_path: Path) -> None:
    """Put away after an hour with nobody connected: a person who left a computer loses
    to it; two people who both left played nobody (neither stayed), so neither moves."""
    from game.net.server.housekeeping import IDLE_TABLE_S

    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with person(url) as (ann, ann_told):
                alone = await ann.create("matador", 2, "Ann", seats=["open", "random"], options={"target_score": 200})
                await ann.start()
                await ann.expect("round")
            async with person(url) as (cy, cy_told), person(url) as (di, di_told):
                pair = await cy.create("leyden", 2, "Cy", options={"target_score": 200})
                await di.join(pair.table, "Di")
                await cy.start()
                await cy.expect("round")
            tables = [server.tables[alone.table], server.tables[pair.table]]
            for _ in range(200):  # every connection closed: the seats are held
                if not any(t.present() for t in tables):
                    break
                await asyncio.sleep(0.02)
            for table in tables:
                table.touched = time.monotonic() - IDLE_TABLE_S - 1
            server.tidy()
            assert alone.table not in server.tables and pair.table not in server.tables  # put away
            ann_after = server.ratings.rating_of(ann_told["id"], family_of("matador"))
            assert ann_after.matches == 1 and ann_after.rating < 1500  # lost to the computer she left
            for told in (cy_told, di_told):
                assert server.ratings.rating_of(told["id"], family_of("leyden")).matches == 0

    run(go())


def test_no_client_message_reports_a_result_or_moves_a_rating(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            async with person(url) as (ann, told):
                await ann.create("leyden", 2, "Ann")
                for forged in (
                    {"type": "match_over", "winner": 0, "totals": [200, 0]},
                    {"type": "result", "winner": 0},
                    {"type": "rate", "family": "leyden", "rating": 3000},
                    {"type": "round_over", "winner": 0},
                ):
                    assert (await refused(ann, forged)).code == "unknown_type"
                for family in FAMILIES:
                    assert server.ratings.rating_of(told["id"], family).matches == 0
                assert all(server.ratings.count(f) == 0 for f in FAMILIES)

    run(go())


def seed(server: Server, family: str, count: int) -> list[Held]:
    """``count`` identities rated in ``family``: every other one provisional."""
    rows = []
    for i in range(count):
        rd = PROVISIONAL_RD + 10 if i % 2 == 0 else 60.0
        rows.append(Held(f"{i:016x}", family, Rating(1200 + 7 * ((i * 37) % 101), rd), 5, f"P{i}"))
    assert server.ratings.book.settle("SEEDED", rows, [0] * count)
    return rows


def test_the_leaderboard_lists_the_top_100_established_first_and_the_asker_s_place(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            family = FAMILIES[0]
            rows = seed(server, family, 150)
            async with person(url) as (ann, told):
                mine = Held(told["id"], family, Rating(1000, PROVISIONAL_RD + 10), 3, "Ann")  # provisional, below every other one
                assert server.ratings.book.settle("MINE", [mine], [0])
                server.identities.set_name(told["id"], "Ann")
                await ann.send({"type": "leaderboard", "family": family})
                board = await ann.expect("leaderboard")
            assert board["family"] == family and board["count"] == 151
            top = board["top"]
            assert len(top) == LEADERBOARD and [r["place"] for r in top] == list(range(1, LEADERBOARD + 1))
            ordered = sorted(rows + [mine], key=lambda h: (h.provisional, -h.rating.r, h.identity))
            assert [r["name"] for r in top] == [h.name for h in ordered[:LEADERBOARD]]
            flags = [r["provisional"] for r in top]
            assert flags == sorted(flags) and True in flags  # established ones first, provisional marked
            established = [r["rating"] for r in top if not r["provisional"]]
            assert established == sorted(established, reverse=True)
            assert all(set(r) >= {"place", "name", "rating", "rd", "provisional", "matches"} for r in top)
            assert not any(r.get("you") for r in top) and all("identity" not in r and "id" not in r for r in top)
            you = board["you"]
            assert you["place"] == 151 and you["rating"] == 1000.0  # not in the top: its place said apart
            assert you["provisional"] is True and you["matches"] == 3

    run(go())


def test_one_s_own_row_is_marked_and_an_unrated_asker_has_no_place(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (server, url):
            family = FAMILIES[-1]
            seed(server, family, 5)
            async with person(url) as (ann, told):
                await ann.send({"type": "leaderboard", "family": family})
                board = await ann.expect("leaderboard")
                assert board["you"] == {"place": None, "rating": 1500.0, "rd": 350.0, "provisional": True, "matches": 0}
                assert server.ratings.book.settle("MINE", [Held(told["id"], family, Rating(2900, 50), 9, "Ann")], [0])
                await ann.send({"type": "leaderboard", "family": family})
                board = await ann.expect("leaderboard")
                assert board["top"][0]["you"] is True and board["you"]["place"] == 1
                assert board["top"][0]["name"] == "Ann"  # the name it played under: it holds none here

    run(go())


@pytest.mark.parametrize("family", ["chess", "", "MATADOR", 7, None, True, ["matador"], {"family": "matador"}, "x" * 10_000])
def test_a_leaderboard_of_no_family_is_refused_in_words(tmp_path: Path, family: Any) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (_server, url):
            async with person(url) as (ann, _told):
                refusal = await refused(ann, {"type": "leaderboard", "family": family})
                assert refusal.code == "bad_family" and "family must be one of" in str(refusal)
                assert refusal.params["families"] == list(FAMILIES)
                await ann.send({"type": "leaderboard", "family": FAMILIES[0]})  # and the server goes on
                assert (await ann.expect("leaderboard"))["top"] == []

    run(go())


def test_garbage_and_an_older_protocol_s_leaderboard_are_refused(tmp_path: Path) -> None:
    async def go() -> None:
        async with a_server(tmp_path) as (_server, url):
            async with person(url) as (ann, _told):
                await ann.ws.send("{not json")
                with pytest.raises(ServerRefused) as caught:
                    await ann.expect("leaderboard")
                assert caught.value.code == "bad_message"
                assert (await refused(ann, {"type": "leaderboard"})).code == "bad_family"
            async with person(url, protocol=1) as (old, _told):
                assert (await refused(old, {"type": "leaderboard", "family": FAMILIES[0]})).code == "unknown_type"

    run(go())


def test_a_cluster_rates_a_match_once_and_every_process_tells_the_ratings(redis_server: Any, tmp_path: Path) -> None:
    """``serve --redis``: the ratings live in Redis (``RedisRatingBook``). A match created
    at one process and joined at the other, played to its end, moves both identities'
    ratings once; the other process tells them at ``hello`` and lists both on its
    leaderboard, and settling the table again moves nothing."""
    from game.bench.cluster_bench import Cluster
    from game.net.server.cluster.redis_store import RedisStore
    from game.net.server.server_ratings import ServerRatings
    from tests.net.server.conftest import fresh_db

    db = fresh_db(redis_server)
    with Cluster(tmp_path, 2, redis_server, db) as cluster:
        first, second = (proc.url for proc in cluster.procs)

        async def go() -> None:
            async with person(first) as (ann, ann_told), person(second) as (bob, bob_told):
                seated = await ann.create("leyden", 2, "Ann", options={"target_score": 20})
                await bob.join(seated.table, "Bob")
                await ann.start()
                await play_out(ann, bob)
            family = family_of("leyden")
            ratings = ServerRatings.of(RedisStore(redis_server.url(db), "test"))
            assert type(ratings.book).__name__ == "RedisRatingBook"
            after = {who: ratings.rating_of(told["id"], family) for who, told in (("Ann", ann_told), ("Bob", bob_told))}
            assert after["Ann"].matches == after["Bob"].matches == 1 and after["Ann"].rd < 350 and after["Bob"].rd < 350
            assert after["Ann"].rating != after["Bob"].rating or after["Ann"].rating == pytest.approx(1500)
            assert ratings.book.settled(seated.table)
            assert not ratings.book.settle(seated.table, [Held(ann_told["id"], family, Rating(2000, 50), 2, "Ann")], [0])  # once only
            async with person(second, ann_told["secret"]) as (again, told):  # the other process tells Ann's rating
                assert told["id"] == ann_told["id"] and told["ratings"][family]["matches"] == 1
                assert told["ratings"][family]["rating"] == round(after["Ann"].rating, 1)
                await again.send({"type": "leaderboard", "family": family})
                board = await again.expect("leaderboard")
            assert board["count"] == 2 and sorted(r["name"] for r in board["top"]) == ["Ann", "Bob"]
            assert [r for r in board["top"] if r.get("you")][0]["name"] == "Ann"

        run(go())
