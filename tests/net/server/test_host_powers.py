"""The host's powers over seats, through a real server: removing a seat's taker in
the lobby, letting a person take a free seat back (approved or refused), a
returning player whose seat went to a computer told so, and the 5-minute hold's
countdown in the lobby; and players' names: one written form, never blank,
never a look-alike of another seat's or of a computer level's."""

from __future__ import annotations

import asyncio
import logging
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from game.net.server.adminlog import AdminLog
from game.net.app.client import Client, ServerRefused
from game.net.server.host_powers import give_seat
from game.net.server.name_rules import check_name, clean_name, skeleton
from game.net.shared.protocol import ProtocolError
from game.net.server.store import Store
from game.net.server.table import RETURN_S, Table


async def until(client: Client, kind: str, timeout: float = 5.0, where: Any = None) -> dict[str, Any]:
    """The next message of ``kind`` (refusals included, unlike ``expect``) for which
    ``where(message)`` holds, if given."""
    while True:
        message = await client.receive(timeout)
        if message["type"] == kind and (where is None or where(message)):
            return message


def test_the_host_removes_a_seat_s_taker_in_the_lobby(server: Any) -> None:
    async def go() -> None:
        async with Client.connect(server.url) as ann, Client.connect(server.url) as mal, Client.connect(server.url) as bob:
            table = (await ann.create("matador", 2, "Ann")).table
            squatter = await mal.join(table, "Mal")
            with pytest.raises(ServerRefused, match="only the host"):
                await mal.send({"type": "remove", "seat": 0})
                await mal.expect("nothing")
            await ann.send({"type": "remove", "seat": squatter.seat})
            closed = await until(mal, "closed")
            assert closed["code"] == "removed" and "removed you" in closed["reason"]
            with pytest.raises(ConnectionClosed):
                while True:
                    await mal.receive(5)
            await until(ann, "table", where=lambda m: m["seats"][squatter.seat]["kind"] == "open")
            assert (await bob.join(table, "Bob", squatter.seat)).seat == squatter.seat  # the friend takes it
            async with Client.connect(server.url) as again:  # the removed token seats nobody
                with pytest.raises(ServerRefused, match="there is no table"):
                    await again.rejoin(squatter)
            await ann.start()
            with pytest.raises(ServerRefused, match="before the match starts"):
                await ann.send({"type": "remove", "seat": squatter.seat})
                await ann.expect("nothing")

    asyncio.run(go())


def test_the_host_lets_a_person_without_the_token_take_a_free_seat_back(server: Any) -> None:
    async def go() -> None:
        async with Client.connect(server.url) as ann:
            table = (await ann.create("matador", 2, "Ann")).table
            async with Client.connect(server.url) as bob:
                lost = await bob.join(table, "Bob")
                await ann.start()
                await until(bob, "round")
            # Bob's machine is gone with his token; he asks from another one.
            lobby = await until(ann, "table", where=lambda m: m["seats"][1].get("connected") is False)
            assert 0 < lobby["seats"][1]["give_in"] <= RETURN_S
            async with Client.connect(server.url) as bob2, Client.connect(server.url) as eve:
                await eve.send({"type": "claim", "table": table, "seat": 0, "name": "Eve"})
                assert (await until(eve, "refused"))["code"] == "not_free"  # the host's seat is taken
                await eve.send({"type": "claim", "table": table, "seat": 1, "name": "Eve"})
                assert (await until(eve, "waiting"))["seat"] == 1
                asked = await until(ann, "claim")
                assert asked == {"type": "claim", "seat": 1, "name": "Eve"}
                await bob2.send({"type": "claim", "table": table, "seat": 1, "name": "Bob"})
                assert (await until(bob2, "refused"))["code"] == "claim_pending"
                await ann.send({"type": "answer_claim", "seat": 1, "approve": False})
                refused = await until(eve, "refused")
                assert refused["code"] == "claim_refused"
                await bob2.send({"type": "claim", "table": table, "seat": 1, "name": "Bob"})
                await until(bob2, "waiting")
                await until(ann, "table", where=lambda m: m.get("claims") == [{"seat": 1, "name": "Bob"}])
                await ann.send({"type": "answer_claim", "seat": 1, "approve": True})
                joined = await until(bob2, "joined")
                assert joined["seat"] == 1 and len(joined["token"]) == 32
                view = (await until(bob2, "round"))["view"]
                assert view["seat"] == 1 and view["hand"]
            async with Client.connect(server.url) as old:  # the lost token seats nobody now
                with pytest.raises(ServerRefused, match="there is no table"):
                    await old.rejoin(lost)

    asyncio.run(go())


def test_a_returning_player_whose_seat_went_to_a_computer_is_told_so(tmp_path: Path) -> None:
    async def go() -> None:
        store = Store(tmp_path / "tables.sqlite3")
        row = Table.new_row("ABCD-EF", {"rules": "matador", "players": 2}, 21)
        store.create(row)
        table = Table(row, store, ThreadPoolExecutor(1))
        sent: list[list[dict[str, Any]]] = [[], []]
        tokens = []
        for seat, name in enumerate(("Ann", "Bob")):
            tokens.append(table.take_seat(seat, name)[1])
            table.connect(seat, sent[seat].append)
        table.start(0)
        table.disconnect(1, sent[1].append)
        give_in = table.lobby()["seats"][1]["give_in"]
        assert RETURN_S - 5 < give_in <= RETURN_S
        table.net[1].away_since = time.monotonic() - RETURN_S - 1
        assert table.lobby()["seats"][1]["give_in"] == 0
        admin, logged = AdminLog(), []
        table.on_event = lambda kind, **fields: (admin.event(kind, logging.INFO, **fields), logged.append(kind))  # as a server's
        give_seat(table, 0, {"seat": 1, "level": "easy"})
        assert logged[0] == "given" and admin.counts["given"] == 1  # (its fields once made the log's call fail)
        with pytest.raises(ProtocolError, match="gave your seat to a computer") as refused:
            table.check_token(1, tokens[1])
        assert refused.value.code == "seat_given"
        with pytest.raises(ProtocolError, match="there is no table"):
            table.check_token(1, "f" * 32)
        store.close()

    asyncio.run(go())


# Names ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, code",
    [
        ("\u3164", "name_blank"),  # Hangul filler
        ("\u2800\u2800", "name_blank"),  # Braille blanks
        ("\uffa0", "name_blank"),  # halfwidth Hangul filler
        ("\u034f", "name_blank"),  # a combining grapheme joiner alone
        ("\u0301\u0301", "name_blank"),  # marks alone
        ("Ann\u202eX", "name_control"),  # a direction override
        ("Ann\x07", "name_control"),
        ("x" * 25, "name_long"),
        ("   ", "name_empty"),
    ],
)
def test_names_that_show_nothing_or_hide_something_are_refused(name: str, code: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        clean_name(name)
    assert refused.value.code == code


def test_a_name_is_kept_in_one_written_form() -> None:
    assert clean_name("  Ａｎｎ \t Lee ") == "Ann Lee"  # NFKC, one space
    assert clean_name("An\u034fn\u200b") == "Ann"  # invisible characters dropped
    assert clean_name("Zoë") == "Zoë" and clean_name("Zoe\u0308") == "Zoë"
    assert clean_name("👩\u200d👩\u200d👧") == "👩\u200d👩\u200d👧"  # a joiner that makes one emoji stays


@pytest.mark.parametrize(
    "other",
    ["ann", "ANN", "\u0410nn", "Ann\ufe0f", "An\u034fn", "\u0391nn", "\uff21nn", "\u0410\u03bd\u03bd".replace("\u03bd", "n")],
)
def test_a_name_that_looks_like_another_seat_s_is_refused(other: str) -> None:
    clean = clean_name(other)
    with pytest.raises(ProtocolError) as refused:
        check_name(clean, ["Ann", None])
    assert refused.value.code in ("name_lookalike", "name_taken")


def test_look_alikes_across_scripts_and_digits_share_a_skeleton_and_others_do_not() -> None:
    assert skeleton("Bob") == skeleton("B0b") == skeleton("Воb")  # a digit zero, a Cyrillic O
    assert skeleton("Paul") == skeleton("Ρaul") == skeleton("PauI") == skeleton("Pau1")  # Greek Rho, I and 1 for l
    assert skeleton("Emma") == skeleton("Ernrna")  # rn for m
    assert skeleton("Ann") != skeleton("Anne") and skeleton("Zoë") != skeleton("Zoe")
    assert skeleton("Юля") != skeleton("Ann")  # letters the table does not map keep their own skeleton
    check_name("Anne", ["Ann"])  # a different name passes


@pytest.mark.parametrize("name", ["Easy", "HARD", "medium", "Rand0m", "Leicht", "Difícil", "Moeilijk"])
def test_a_person_may_not_take_a_computer_level_s_name(name: str) -> None:
    with pytest.raises(ProtocolError) as refused:
        check_name(clean_name(name), [])
    assert refused.value.code == "name_level"


def test_the_server_refuses_a_look_alike_of_a_seated_player(server: Any) -> None:
    async def go() -> None:
        async with Client.connect(server.url) as ann, Client.connect(server.url) as fake:
            table = (await ann.create("matador", 3, "Ann")).table
            for name in ("\u0410nn", "An\u034fn", "Ann\ufe0f", "\u3164", "Easy"):
                await fake.send({"type": "join", "table": table, "name": name})
                refused = await until(fake, "refused")
                assert refused["code"] in ("name_lookalike", "name_taken", "name_blank", "name_level"), refused
            assert (await fake.join(table, "Ａｎｎｅ")).seat == 1
            await until(ann, "table", where=lambda m: m["seats"][1]["name"] == "Anne")

    asyncio.run(go())



def test_a_server_lists_the_tables_open_to_anyone_in_their_lobby(server: Any) -> None:
    async def go() -> None:
        async with Client.connect(server.url) as ann, Client.connect(server.url) as cy, Client.connect(server.url) as bo:
            listed = (await ann.create("all-sevens", 3, "Ann", seats=["open", "open", "easy"], listed=True)).table
            await cy.create("matador", 2, "Cy")  # by code only: not listed
            (entry,) = await bo.open_tables()
            assert entry == {"table": listed, "rules": {"base": "all-sevens", "players": 3, "options": {}}, "host": "Ann", "open": [1], "state": "lobby", "watchers": 0}
            await bo.join(listed, "Bo")
            async with Client.connect(server.url) as eve:
                assert await eve.open_tables() == []  # full now, and then started: listed no more

    asyncio.run(go())


def test_a_store_of_an_earlier_version_gains_the_listed_column(tmp_path: Path) -> None:
    import sqlite3

    path = tmp_path / "tables.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(
        "CREATE TABLE tables (code TEXT PRIMARY KEY, base TEXT NOT NULL, players INTEGER NOT NULL, options TEXT NOT NULL,"
        " seed TEXT NOT NULL, host INTEGER NOT NULL, state TEXT NOT NULL, created REAL NOT NULL, updated REAL NOT NULL);"
        "INSERT INTO tables VALUES ('ABCD-EF', 'matador', 2, '{}', '7', 0, 'lobby', 0, 0);"
    )
    old.commit()
    old.close()
    store = Store(path)
    (row,) = store.live_tables()
    assert row.code == "ABCD-EF" and row.listed is False
    store.close()


def test_names_are_checked_without_the_unicode_database_too(tmp_path: Path) -> None:
    """As in the desktop app, which ships without ``unicodedata`` and hosts tables."""
    import subprocess
    import sys

    from tests.net.conftest import ROOT

    code = (
        "import importlib.abc, sys\n"
        "class Absent(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'unicodedata':\n"
        "            raise ModuleNotFoundError(name)\n"
        "sys.meta_path.insert(0, Absent())\n"
        "from game.net.server.name_rules import check_name, clean_name\n"
        "from game.net.shared.protocol import ProtocolError\n"
        "assert 'unicodedata' not in sys.modules\n"
        "assert clean_name('  \\uff21\\uff4e\\uff4e  ') == 'Ann'\n"
        "for name, code in (('\\u3164', 'name_blank'), ('\\u2800', 'name_blank'), ('\\u0301', 'name_blank'), ('A\\x07', 'name_control'), ('A\\u202eB', 'name_control')):\n"
        "    try:\n"
        "        clean_name(name)\n"
        "    except ProtocolError as err:\n"
        "        assert err.code == code, (name, err.code)\n"
        "    else:\n"
        "        raise AssertionError(name)\n"
        "for other in ('\\u0410nn', 'An\\u034fn', 'ANN', 'Ann\\ufe0f'):\n"
        "    try:\n"
        "        check_name(clean_name(other), ['Ann'])\n"
        "    except ProtocolError as err:\n"
        "        assert err.code in ('name_lookalike', 'name_taken'), err.code\n"
        "    else:\n"
        "        raise AssertionError(other)\n"
        "check_name('Anne', ['Ann'])\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_the_host_cannot_start_while_a_friend_is_away(server: Any) -> None:
    """Every seat taken but a friend's connection gone (the seat held): the server
    refuses Start with its code (worded by the app), and starts once the friend is back."""

    async def go() -> None:
        async with Client.connect(server.url) as ann:
            table = (await ann.create("matador", 2, "Ann")).table
            async with Client.connect(server.url) as bo:
                seated = await bo.join(table, "Bo")
            await until(ann, "table", where=lambda m: m["seats"][seated.seat].get("connected") is False)
            await ann.start()
            refused = await until(ann, "refused")
            assert refused["code"] == "seat_away" and "away" in refused["reason"]
            async with Client.connect(server.url) as back:
                await back.rejoin(seated)
                await until(ann, "table", where=lambda m: m["seats"][seated.seat].get("connected") is True)
                await ann.start()
                await until(ann, "table", where=lambda m: m["state"] == "playing")

    asyncio.run(go())
