"""A victim table's pace while other clients attack the server:
``python -m game bench net --attacks``.

One server process (``python -m game serve``, its default limits) on 127.0.0.1.
The victim, from 127.0.0.2, plays a two-seat table against an easy computer:
``rtt`` is from sending its move to the server's answer (its own move told back),
``pace`` from sending its move to its next turn (the computer's move included).
Each attack runs for a while, from addresses of its own (127.0.0.10 and up, as
other machines) and in a process of its own at the lowest priority (as if on
another machine: its clients' own work is not the server's), while the victim
plays on; the figures of each are compared with the quiet ones (the goal: the
p99 within 2x).

Attacks: ``think`` (tables of hard computers, as many as each of 3 addresses
may hold, their host seat played at once), ``sync`` (20 seated connections asking
for their whole view 18 times a second), ``no_read`` (30 seats at busy tables that
stop reading), ``tables`` (8 connections creating tables as fast as they can),
``guess`` (24 connections trying codes as fast as they can), ``flood`` (10
connections sending messages as fast as they can), ``target`` (huge match targets,
which are refused).

No pygame here.
"""

from __future__ import annotations

import asyncio
import json
import random
import subprocess
import sys
import time
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, Coroutine

from websockets.asyncio.client import connect

from game.bench.ai_bench import percentile
from game.net.app.client import Client, ServerRefused, random_choice

VICTIM = "127.0.0.2"  # (each phase's victim has an address of its own: 127.0.0.2 to .9)
PHASE_S = 12.0


@dataclass
class Victim:
    rtt_ms: list[float] = field(default_factory=list)
    pace_ms: list[float] = field(default_factory=list)
    errors: int = 0
    kinds: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str) -> None:
        self.errors += 1
        self.kinds[kind] = self.kinds.get(kind, 0) + 1


def figures(victim: Victim) -> dict[str, Any]:
    return {
        "moves": len(victim.rtt_ms),
        "rtt_p50_ms": round(percentile(victim.rtt_ms, 0.5), 1),
        "rtt_p99_ms": round(percentile(victim.rtt_ms, 0.99), 1),
        "pace_p50_ms": round(percentile(victim.pace_ms, 0.5), 1),
        "pace_p99_ms": round(percentile(victim.pace_ms, 0.99), 1),
        "errors": victim.errors,
        **({"error_kinds": victim.kinds} if victim.kinds else {}),
    }


async def play_victim(url: str, victim: Victim, stop: asyncio.Event, address: str = VICTIM) -> None:
    """The victim's tables, one after another, until ``stop``."""
    rng = random.Random(7)
    while not stop.is_set():
        try:
            async with Client.connect(url, source=address, timeout=30) as me:
                await me.create("matador", 2, "Vic", seats=["open", "easy"], options={"target_score": 200})
                await me.start()
                sent_at: float | None = None
                acted: tuple[int, int] | None = None  # the position last acted in (a round's view and its turn both say it)
                while not stop.is_set() and me.followed.over is None:
                    view = me.followed.view
                    if me.my_turn() and view is not None and (view["round"], view["moves"]) != acted:
                        acted = (view["round"], view["moves"])
                        await asyncio.sleep(rng.uniform(0.02, 0.08))
                        sent_at = time.perf_counter()
                        await me.play(random_choice(view, rng))
                    message = await me.receive(30)
                    now = time.perf_counter()
                    if sent_at is not None and message["type"] in ("played", "turn") and message.get("action", {}).get("player") == 0:
                        victim.rtt_ms.append(1000 * (now - sent_at))
                    if sent_at is not None and message["type"] == "turn":
                        victim.pace_ms.append(1000 * (now - sent_at))
                        sent_at = None
                    if message["type"] == "refused":
                        victim.error(f"refused {message.get('code')}: {str(message.get('reason'))[:50]}")
                        sent_at = None
        except Exception as err:  # refused, timed out, a closed connection: counted, and a new table
            if not stop.is_set():
                victim.error(f"{type(err).__name__}: {str(err)[:60]}")
                await asyncio.sleep(0.5)


def source(n: int) -> str:
    return f"127.0.0.{10 + n % 200}"


async def _seated_player(url: str, src: str, seats: list[str], stop: asyncio.Event, play: bool = True) -> None:
    async with Client.connect(url, source=src, timeout=30) as me:
        await me.create("matador", len(seats), "Mal", seats=seats, options={"target_score": 200})
        await me.start()
        rng = random.Random(src)
        while not stop.is_set() and me.followed.over is None:
            view = me.followed.view
            if play and me.my_turn() and view is not None:
                await me.play(random_choice(view, rng))
            try:
                await me.receive(0.5)
            except TimeoutError:
                pass


async def attack_think(url: str, stop: asyncio.Event) -> None:
    """Tables of hard computers: as many as each of 3 addresses may hold."""
    await _gather_until(stop, [partial(_seated_player, url, source(n // 4), ["open", "hard", "hard", "hard"], stop) for n in range(12)])


async def attack_sync(url: str, stop: asyncio.Event) -> None:
    async def one(n: int) -> None:
        async with Client.connect(url, source=source(n // 2), timeout=30) as me:
            await me.create("matador", 2, "Syn", seats=["open", "random"], options={"target_score": 200})
            await me.start()
            while not stop.is_set():
                await me.send({"type": "sync"})
                await asyncio.sleep(1 / 18)
                try:
                    while True:
                        await me.receive(0.001)
                except TimeoutError:
                    pass

    await _gather_until(stop, [partial(one, n) for n in range(20)])


async def attack_no_read(url: str, stop: asyncio.Event) -> None:
    """Seats that ask for their whole view and react as fast as they may, and never read."""

    async def one(n: int) -> None:
        ws = await connect(url, local_addr=(source(n // 3), 0), max_queue=1, compression=None, open_timeout=30)
        await ws.send(json.dumps({"type": "hello", "protocol": 2}))
        await ws.send(json.dumps({"type": "create", "rules": "matador", "players": 2, "name": "Nor", "seats": ["open", "random"], "options": {"target_score": 200}}))
        await ws.send(json.dumps({"type": "start"}))
        while not stop.is_set():
            await ws.send(json.dumps({"type": "sync"}))
            for _ in range(15):
                await ws.send(json.dumps({"type": "react", "reaction": "nice"}))
                await asyncio.sleep(1 / 16)
        ws.transport.abort()

    await _gather_until(stop, [partial(one, n) for n in range(30)])


async def attack_tables(url: str, stop: asyncio.Event) -> None:
    async def one(n: int) -> None:
        ws = await connect(url, local_addr=(source(n), 0), compression=None, open_timeout=30)
        await ws.send(json.dumps({"type": "hello", "protocol": 2}))
        await ws.recv()
        while not stop.is_set():  # one seat a connection: a new connection for each table
            other = await connect(url, local_addr=(source(n), 0), compression=None, open_timeout=30)
            await other.send(json.dumps({"type": "hello", "protocol": 2}))
            await other.send(json.dumps({"type": "create", "rules": "matador", "players": 2, "name": f"T{n}"}))
            await other.recv()
            await other.recv()
            await asyncio.sleep(0.01)
        await ws.close()

    await _gather_until(stop, [partial(one, n) for n in range(8)])


async def attack_guess(url: str, stop: asyncio.Event) -> None:
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

    async def one(n: int) -> None:
        rng = random.Random(n)
        ws = await connect(url, local_addr=(source(0), 0), compression=None, open_timeout=30)
        await ws.send(json.dumps({"type": "hello", "protocol": 2}))
        await ws.recv()
        while not stop.is_set():
            code = "".join(rng.choice(alphabet) for _ in range(6))
            await ws.send(json.dumps({"type": "join", "table": code, "name": "Eve"}))
            await ws.recv()

    await _gather_until(stop, [partial(one, n) for n in range(24)])


async def attack_flood(url: str, stop: asyncio.Event) -> None:
    async def one(n: int) -> None:
        while not stop.is_set():
            ws = await connect(url, local_addr=(source(n), 0), compression=None, open_timeout=30)
            await ws.send(json.dumps({"type": "hello", "protocol": 2}))
            try:
                for _ in range(1000):
                    await ws.send('{"type": "react", "reaction": "nice"}')
                await ws.close()
            except Exception:
                pass

    await _gather_until(stop, [partial(one, n) for n in range(10)])


async def attack_target(url: str, stop: asyncio.Event) -> None:
    async def one(n: int) -> None:
        async with Client.connect(url, source=source(n), timeout=30) as me:
            while not stop.is_set():
                try:
                    await me.create("matador", 2, "Big", options={"target_score": 10**18})
                except ServerRefused:
                    await asyncio.sleep(0.05)

    await _gather_until(stop, [partial(one, n) for n in range(4)])


async def _gather_until(stop: asyncio.Event, makers: list[Callable[[], Coroutine[Any, Any, None]]]) -> None:
    async def guarded(make: Callable[[], Coroutine[Any, Any, None]]) -> None:
        while not stop.is_set():
            try:
                await make()
            except Exception:
                await asyncio.sleep(0.2)

    tasks = [asyncio.create_task(guarded(m)) for m in makers]
    await stop.wait()
    await asyncio.sleep(0.2)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


ATTACKS: dict[str, Callable[[str, asyncio.Event], Coroutine[Any, Any, None]]] = {
    "think": attack_think,
    "sync": attack_sync,
    "no_read": attack_no_read,
    "tables": attack_tables,
    "guess": attack_guess,
    "flood": attack_flood,
    "target": attack_target,
}


async def campaign(url: str, phase_s: float, sample: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The quiet figures, then each attack's: {"quiet": {...}, "think": {...}, ...}.
    Each attack runs in a process of its own (its clients' work does not slow the
    victim's client), the victim from an address of its own in each phase."""
    results: dict[str, Any] = {}
    for index, name in enumerate(("quiet", *ATTACKS)):
        victim, stop = Victim(), asyncio.Event()
        attacker = None
        if name in ATTACKS:
            # niced: the attacker is another machine; its clients' own work should not
            # be what slows the victim here (on the same two cores)
            attacker = subprocess.Popen(["nice", "-n", "19", sys.executable, "-m", "game.bench.net_bench.attacks", name, url, str(phase_s + 5)])
            await asyncio.sleep(2.0)  # the attack under way first
        before = sample()
        player = asyncio.create_task(play_victim(url, victim, stop, f"127.0.0.{2 + index}"))
        await asyncio.sleep(phase_s)
        stop.set()
        after = sample()
        await asyncio.gather(player, return_exceptions=True)
        if attacker is not None:
            attacker.terminate()
            await asyncio.to_thread(attacker.wait, 20)
        results[name] = {**figures(victim), **_between(before, after, phase_s)}
        await asyncio.sleep(2.0)  # the server settles before the next
    quiet = results["quiet"]
    for name in ATTACKS:
        for key in ("rtt_p99_ms", "pace_p99_ms"):
            base = quiet[key] or 1.0
            results[name][key.replace("_ms", "_x")] = round(results[name][key] / base, 2)
    return results


def _between(before: dict[str, Any], after: dict[str, Any], seconds: float) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if before.get("cpu_s") is not None and after.get("cpu_s") is not None:
        out["server_cpu_pct"] = round(100 * (after["cpu_s"] - before["cpu_s"]) / seconds, 1)
    if after.get("rss_mb") is not None:
        out["server_rss_mb"] = after["rss_mb"]
    return out


async def _attack_for(name: str, url: str, seconds: float) -> None:
    stop = asyncio.Event()
    task = asyncio.create_task(ATTACKS[name](url, stop))
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.gather(task, return_exceptions=True)


def main(argv: list[str]) -> int:
    """``python -m game.bench.net_bench.attacks ATTACK URL SECONDS``: one attack, in a process of its own."""
    from game.net.server.serve import open_files_to_the_hard_limit

    open_files_to_the_hard_limit()
    name, url, seconds = argv
    asyncio.run(_attack_for(name, url, float(seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
