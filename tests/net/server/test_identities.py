"""Who a connection is on a server (game/net/server/identities.py), tried as an
attacker would: forged, garbage and oversized secrets; a name that belongs to
another identity; a seat's token from another identity; an older client beside
ones with identities; identities kept across a restart of the server, in SQLite,
in the hosted app's file and in Redis."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, AsyncIterator

import pytest
from websockets.asyncio.client import connect

from game.net.app.client import Client, ServerRefused
from game.net.server.identities import FILE_NAME, FileBook, Identities, MemoryBook, secret_hash, well_formed
from game.net.server.journal import JournalStore
from game.net.server.store import SeatRow, Store, TableRow
from game.net.shared.protocol import ProtocolError


@asynccontextmanager
async def person(url: str, secret: Any = None, say_identity: bool = True, protocol: int = 2) -> AsyncIterator[Client]:
    """A client whose ``hello`` carries ``secret`` as its identity (or no identity at all)."""
    async with connect(url, open_timeout=5, proxy=None) as ws:
        client = Client(ws, url)
        hello: dict[str, Any] = {"type": "hello", "protocol": protocol}
        if say_identity:
            hello["identity"] = secret
        await client.send(hello)
        reply = await client.receive(5)
        if reply["type"] != "hello":
            raise ServerRefused.of(reply)
        client.identity = reply.get("identity")
        yield client


def run(coro: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coro, 60))


# The identities themselves -------------------------------------------------------------
def books(tmp_path: Path) -> list[Identities]:
    return [Identities(MemoryBook()), Identities(Store(tmp_path / "t.sqlite3").identity_book()), Identities(JournalStore(tmp_path / "j").identity_book())]


def test_a_secret_gives_its_identity_and_nothing_else_does(tmp_path: Path) -> None:
    for ids in books(tmp_path):
        ann, secret = ids.identify(None)
        assert secret is not None and well_formed(secret)
        assert ids.identify(secret) == (ann, None)
        assert ann not in secret and secret_hash(secret) != ann
        forged = "0" * 64
        for attempt in (forged, secret.upper(), secret[:-1], secret + "0", "x" * 10_000, "", ann, " " + secret):
            other, fresh = ids.identify(attempt)
            assert other != ann and fresh is not None and fresh != secret
        assert len({ids.identify(None)[0] for _ in range(20)}) == 20


def test_a_name_is_one_identity_s_on_the_server(tmp_path: Path) -> None:
    for ids in books(tmp_path):
        ann, _ = ids.identify(None)
        mal, _ = ids.identify(None)
        ids.set_name(ann, "Ann")
        assert ids.name_of(ann) == "Ann"
        for taken in ("Ann", "ANN", "аnn", " Ann "):  # itself, its case, a Cyrillic а, blanks
            with pytest.raises(ProtocolError) as refused:
                ids.set_name(mal, taken)
            assert refused.value.code == "name_owned"
        with pytest.raises(ProtocolError) as refused:
            ids.check(None, "Ann")  # an older client (no identity) may not be Ann either
        assert refused.value.code == "name_owned"
        assert ids.name_of(mal) is None
        for broken, code in (("Easy", "name_level"), ("@me", "name_code"), ("", "name_empty"), ("x" * 25, "name_long")):
            with pytest.raises(ProtocolError) as refused:
                ids.set_name(mal, broken)
            assert refused.value.code == code
        ids.set_name(ann, "Annie")  # changed: the old name is free at once
        ids.set_name(mal, "Ann")
        assert (ids.name_of(ann), ids.name_of(mal)) == ("Annie", "Ann")
        ids.set_name(ann, "Annie")  # its own name again: no refusal


def test_identities_survive_a_restart_of_the_server(tmp_path: Path) -> None:
    store = Store(tmp_path / "t.sqlite3")
    ann, secret = Identities.of(store).identify(None)
    Identities.of(store).set_name(ann, "Ann")
    store.close()
    again = Identities.of(Store(tmp_path / "t.sqlite3"))
    assert again.identify(secret) == (ann, None) and again.name_of(ann) == "Ann"
    raw = (tmp_path / "t.sqlite3").read_bytes() + b"".join(p.read_bytes() for p in tmp_path.glob("t.sqlite3-wal"))
    assert secret.encode() not in raw  # the server keeps only its hash

    hosted = JournalStore(tmp_path / "j")
    bob, bob_secret = Identities.of(hosted).identify(None)
    Identities.of(hosted).set_name(bob, "Bob")
    assert bob_secret not in (tmp_path / "j" / FILE_NAME).read_text()
    again = Identities.of(JournalStore(tmp_path / "j"))
    assert again.identify(bob_secret) == (bob, None) and again.name_of(bob) == "Bob"


def test_a_broken_file_of_the_hosted_app_s_identities_is_kept_aside(tmp_path: Path) -> None:
    folder = tmp_path / "j"
    folder.mkdir()
    (folder / FILE_NAME).write_text('{"format": "matador-identities/1", "identities": [{"id": "nope"}]}')
    book = FileBook(folder / FILE_NAME)
    assert not book.secrets
    kept = list(folder.glob(f"{FILE_NAME}.broken-*"))
    assert len(kept) == 1 and "nope" in kept[0].read_text()


def test_seats_keep_their_identity_in_every_store_and_old_rows_are_migrated(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    db = sqlite3.connect(path)  # a store of an earlier version: no identity column
    db.executescript(
        "CREATE TABLE seats (code TEXT NOT NULL, seat INTEGER NOT NULL, name TEXT, kind TEXT NOT NULL, level TEXT, token_hash TEXT, PRIMARY KEY (code, seat));"
        "CREATE TABLE tables (code TEXT PRIMARY KEY, base TEXT NOT NULL, players INTEGER NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,"
        " host INTEGER NOT NULL, state TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL);"
        "INSERT INTO tables VALUES ('ABCD-EF', 'matador', 2, '{}', '7', 0, 'lobby', 0, 0);"
        "INSERT INTO seats VALUES ('ABCD-EF', 0, 'Ann', 'remote', NULL, 'h'), ('ABCD-EF', 1, NULL, 'open', NULL, NULL);"
    )
    db.commit()
    db.close()
    store = Store(path)
    [row] = store.live_tables()
    assert [s.identity for s in row.seats] == [None, None]
    store.set_seat("ABCD-EF", 1, SeatRow("Bob", "remote", None, "t", "0123456789abcdef"))
    assert Store(path).live_tables()[0].seats[1].identity == "0123456789abcdef"

    journal = JournalStore(tmp_path / "j")
    journal.create(TableRow("WXYZ-23", "matador", 2, {}, 7, 0, "lobby", [SeatRow("Ann", "remote", None, "h", "00000000000000aa"), SeatRow(None, "open")]))
    assert [s.identity for s in JournalStore(tmp_path / "j").live_tables()[0].seats] == ["00000000000000aa", None]


# Through a real server -----------------------------------------------------------------
def test_hello_gives_an_identity_and_the_same_one_again(server: Any) -> None:
    async def go() -> None:
        async with person(server.url) as ann:
            told = ann.identity
            assert told is not None and well_formed(told["secret"]) and told["name"] is None
            await ann.create("matador", 2, "Ann")
        async with person(server.url, told["secret"]) as again:
            assert again.identity is not None and "secret" not in again.identity  # no secret: it is known
            assert {k: again.identity[k] for k in ("id", "name")} == {"id": told["id"], "name": "Ann"}
        for garbage in ("0" * 64, 12, {"a": 1}, ["x"], "z" * 60_000, None):
            async with person(server.url, garbage) as stranger:
                assert stranger.identity is not None and stranger.identity["id"] != told["id"] and "secret" in stranger.identity
        async with person(server.url, say_identity=False) as old:  # an older client: no identity, served as before
            assert old.identity is None
        async with person(server.url, told["secret"], protocol=1) as first_version:
            assert first_version.identity is not None and first_version.identity["id"] == told["id"]

    run(go())


def test_nobody_takes_a_name_or_a_seat_of_another_identity(server: Any) -> None:
    async def go() -> None:
        async with person(server.url) as ann, person(server.url) as mal, person(server.url, say_identity=False) as old:
            table = (await ann.create("matador", 4, "Ann")).table
            for impostor in (mal, old):
                with pytest.raises(ServerRefused) as refused:
                    await impostor.join(table, "ANN")
                assert refused.value.code in ("name_owned", "name_taken")
            async with person(server.url) as elsewhere:  # not at Ann's table: the name is still Ann's on this server
                with pytest.raises(ServerRefused) as refused:
                    await elsewhere.create("matador", 2, "Ann")
                assert refused.value.code == "name_owned"
                await elsewhere.send({"type": "name", "name": "Ann"})
                with pytest.raises(ServerRefused) as refused:
                    await elsewhere.expect("name")
                assert refused.value.code == "name_owned"
            bob_seat = await mal.join(table, "Bob")
            await ann.send({"type": "leave"})
            await asyncio.sleep(0.1)
            async with person(server.url) as impostor:  # Ann's seat asked for by her name, from another identity
                with pytest.raises(ServerRefused) as refused:
                    await impostor.claim(table, 0, "Ann", timeout=5)
                assert refused.value.code == "name_owned"
        assert bob_seat.seat == 1

    run(go())


def test_an_identity_changes_its_name_and_keeps_it_across_a_restart(server: Any) -> None:
    async def go() -> str:
        async with person(server.url) as ann:
            await ann.send({"type": "name", "name": "Ann"})
            assert (await ann.expect("name"))["name"] == "Ann"
            await ann.send({"type": "name", "name": "Annie"})
            assert (await ann.expect("name"))["name"] == "Annie"
            assert ann.identity is not None
            return str(ann.identity["secret"])

    secret = run(go())
    server.stop()
    server.start()

    async def after() -> None:
        async with person(server.url, secret) as ann:
            assert ann.identity is not None and ann.identity["name"] == "Annie"
        async with person(server.url) as bob:
            await bob.send({"type": "name", "name": "Ann"})  # Ann is free again
            assert (await bob.expect("name"))["name"] == "Ann"

    run(after())


def test_the_seat_of_an_older_client_is_kept_as_before(server: Any) -> None:
    async def go() -> None:
        async with person(server.url, say_identity=False) as old, person(server.url) as bob:
            seated = await old.create("matador", 2, "Old")
            await bob.join(seated.table, "Bob")
        async with person(server.url, say_identity=False) as old:
            assert (await old.rejoin(seated)).seat == seated.seat

    run(go())


def test_a_redis_cluster_s_processes_share_identities(redis_server: Any) -> None:
    pytest.importorskip("redis")
    from game.net.server.cluster.redis_store import RedisStore

    from tests.net.server.conftest import fresh_db

    url = redis_server.url(fresh_db(redis_server))
    one, two = Identities.of(RedisStore(url)), Identities.of(RedisStore(url))
    ann, secret = one.identify(None)
    assert two.identify(secret) == (ann, None)
    one.set_name(ann, "Ann")
    assert two.name_of(ann) == "Ann"
    mal, _ = two.identify(None)
    with pytest.raises(ProtocolError) as refused:
        two.set_name(mal, "ann")
    assert refused.value.code == "name_owned"
    one.set_name(ann, "Annie")
    two.set_name(mal, "Ann")
    assert one.name_of(mal) == "Ann"


def test_hello_identity_is_refused_nothing_when_the_secret_is_huge(server: Any) -> None:
    """A secret far over the message limit closes the connection as any big message does."""

    async def go() -> None:
        async with connect(server.url, open_timeout=5, proxy=None) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 2, "identity": "a" * (70 * 1024)}))
            with pytest.raises(Exception):
                await asyncio.wait_for(ws.recv(), 5)

    run(go())


# Remove keeps them out; a new code --------------------------------------------------------
def test_a_removed_friend_who_joins_again_gets_no_seat(server: Any) -> None:
    """Before: the friend joined again 0.5 s after each Remove and took the seat back."""

    async def go() -> tuple[str, str]:
        async with person(server.url) as ann:
            table = (await ann.create("matador", 4, "Ann")).table
            async with person(server.url) as mal:
                assert mal.identity is not None
                secret = mal.identity["secret"]
                seated = await mal.join(table, "Mal")
            taken = 0
            for _ in range(3):
                await ann.send({"type": "remove", "seat": seated.seat})
                await asyncio.sleep(0.5)
                for seat in (1, 2, 3):
                    async with person(server.url, secret) as again:
                        try:
                            await again.join(table, "Mal", seat)
                            taken += 1
                        except ServerRefused as refused:
                            assert refused.code == "barred"
            assert taken == 0
            async with person(server.url) as bob:  # anyone else still may
                assert (await bob.join(table, "Bob")).seat == 1
            return table, secret

    table, secret = run(go())
    server.stop()
    server.start()

    async def after() -> None:
        async with person(server.url, secret) as again:  # the bar is kept with the table
            with pytest.raises(ServerRefused) as refused:
                await again.join(table, "Mal")
            assert refused.value.code == "barred"
            with pytest.raises(ServerRefused) as refused:
                await again.claim(table, 1, "Mallory", timeout=5)
            assert refused.value.code in ("barred", "no_table", "host_away")

    run(after())


def test_after_a_new_code_the_old_code_opens_no_table(server: Any) -> None:
    async def go() -> tuple[str, Any]:
        async with person(server.url) as ann, person(server.url) as bob:
            old = (await ann.create("matador", 3, "Ann")).table
            bob_seat = await bob.join(old, "Bob")
            with pytest.raises(ServerRefused) as refused:  # only the host gives a new code
                await bob.send({"type": "new_code"})
                await bob.expect("new_code")
            assert refused.value.code == "host_only"
            await ann.send({"type": "new_code"})
            told = await ann.expect("new_code")
            new = told["table"]
            assert told["was"] == old and new != old
            assert (await bob.expect("new_code"))["table"] == new and bob.seated is not None and bob.seated.table == new
            assert ann.seated is not None and ann.seated.table == new
            async with person(server.url) as stranger:
                with pytest.raises(ServerRefused) as refused:
                    await stranger.join(old, "Carl")
                assert refused.value.code == "no_table"
            async with person(server.url) as carl:
                assert (await carl.join(new, "Carl")).table == new
        async with person(server.url) as back:  # a seat's token still finds the table under its old code
            assert bob_seat.table == old
            assert (await back.rejoin(bob_seat)).table == new
        return new, ann.seated

    new, ann_seat = run(go())
    server.stop()
    server.start()

    async def after() -> None:
        async with person(server.url) as ann:  # the new code is stored
            assert (await ann.rejoin(ann_seat)).table == new

    run(after())


# A cluster on Redis ---------------------------------------------------------------------
@pytest.fixture
def cluster(redis_server: Any, tmp_path: Path) -> Any:
    from game.bench.cluster_bench import Cluster

    from tests.net.server.conftest import fresh_db

    with Cluster(tmp_path, 3, redis_server, fresh_db(redis_server)) as running:
        yield running


def test_a_cluster_knows_identities_bars_and_new_codes_at_every_process(cluster: Any) -> None:
    one, two, three = (p.url for p in cluster.procs)

    async def go() -> None:
        async with person(one) as ann, person(two) as mal:
            assert ann.identity is not None and mal.identity is not None
            table = (await ann.create("matador", 3, "Ann")).table
            async with person(three, ann.identity["secret"]) as again:  # known at another process
                assert again.identity is not None and again.identity["id"] == ann.identity["id"] and again.identity["name"] == "Ann"
                with pytest.raises(ServerRefused) as refused:
                    await mal.create("matador", 2, "ANN")
                assert refused.value.code == "name_owned"
            seated = await mal.join(table, "Mal")  # relayed to the referee's process
            await ann.send({"type": "remove", "seat": seated.seat})
            await asyncio.sleep(0.5)
            for url in (two, three, one):
                async with person(url, mal.identity["secret"]) as back:
                    with pytest.raises(ServerRefused) as refused:
                        await back.join(table, "Mal")
                    assert refused.value.code == "barred"
            await ann.send({"type": "new_code"})
            new = (await ann.expect("new_code"))["table"]
            for url in (two, three, one):
                async with person(url) as stranger:
                    with pytest.raises(ServerRefused) as refused:
                        await stranger.join(table, "Zed")
                    assert refused.value.code == "no_table"
            async with person(three) as carl:
                assert (await carl.join(new, "Carl")).table == new
            await ann.send({"type": "react", "reaction": "nice"})  # its referee still holds it under its new code
            assert (await ann.expect("reaction"))["seat"] == 0

    asyncio.run(asyncio.wait_for(go(), 90))


def test_a_name_message_of_garbage_is_refused_in_words(server: Any) -> None:
    async def go() -> None:
        async with person(server.url) as ann, person(server.url, say_identity=False) as old:
            for garbage, code in ((None, "name_empty"), (7, "name_empty"), ("x" * 5000, "name_long"), ("a\u202eb", "name_control"), ("Hard", "name_level")):
                await ann.send({"type": "name", "name": garbage})
                with pytest.raises(ServerRefused) as refused:
                    await ann.expect("name")
                assert refused.value.code == code
            await old.send({"type": "name", "name": "Old"})  # an older client has no identity to name
            with pytest.raises(ServerRefused) as refused:
                await old.expect("name")
            assert refused.value.code == "no_identity"
            await ann.send({"type": "name", "name": "Ann"})
            assert (await ann.expect("name"))["name"] == "Ann"

    run(go())


def test_every_store_keeps_a_new_code_and_the_barred_identities(tmp_path: Path) -> None:
    for store in (Store(tmp_path / "t.sqlite3"), JournalStore(tmp_path / "j")):
        store.create(TableRow("ABCD-EF", "matador", 2, {}, 7, 0, "lobby", [SeatRow("Ann", "remote", None, "h", "00000000000000aa"), SeatRow(None, "open")]))
        store.set_barred("ABCD-EF", ["00000000000000bb"])
        store.rename("ABCD-EF", "GHJK-MN")
        store.set_seat("GHJK-MN", 1, SeatRow("Bob", "remote", None, "t", "00000000000000cc"))
        assert not store.code_taken("ABCD-EF") and store.code_taken("GHJK-MN")
        store.close()
        again = Store(tmp_path / "t.sqlite3") if isinstance(store, Store) else JournalStore(tmp_path / "j")
        [row] = again.live_tables()
        assert (row.code, row.barred, [s.identity for s in row.seats]) == ("GHJK-MN", ["00000000000000bb"], ["00000000000000aa", "00000000000000cc"])
