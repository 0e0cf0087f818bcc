"""``python -m game bench net [--tables N] [--connect HOST:PORT] [--quick] [--json]``.

Plays N tables (default 200) at once through real WebSocket clients, against a
server this command starts on 127.0.0.1 (``python -m game serve --port 0`` with
a throw-away data folder) or against a running one (``--connect``). The tables
cycle through every rule set at 2 to 4 players; every seat is a random player
that answers after a seeded think of 0.2 to 1.0 s, so the load is like real
play and the server is what is measured. A table whose match ends starts a new
one. All clients run in this one process (one asyncio loop).

Latency is from sending an action to the moment every seat at the table has
received a message showing it, measured after a warm-up; ``server_rss_mb`` is
the server's peak resident memory (when it runs on this machine). Figures are
printed, never asserted; on a shared machine they are pessimistic (the load
average is printed with them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from contextlib import AsyncExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.bench.ai_bench import percentile
from game.bench.net_bench.procs import cpu_s, rss_mb, start_server
from game.net.app.client import Client, ServerRefused, random_choice

GOAL_TABLES = 200
GOAL_P99_MS = 50.0
GOAL_RSS_MB = 300.0
TABLES = (("matador", 4), ("all-sevens", 3), ("leyden", 2), ("family", 4), ("wild-doubles", 2), ("leyden-senst", 2), ("matador", 2))
THINK_S = (0.2, 1.0)
ROOT = Path(__file__).resolve().parents[3]


@dataclass
class Figures:
    window: tuple[float, float]
    latencies_ms: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)
    matches: int = 0

    def error(self, kind: str) -> None:
        self.errors += 1
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1

    def measuring(self, at: float) -> bool:
        return self.window[0] <= at <= self.window[1]


class Pending:
    """The actions of one table on their way to every seat."""

    def __init__(self, players: int, figures: Figures):
        self.players = players
        self.figures = figures
        self.sent: dict[tuple[int, int], tuple[float, set[int]]] = {}

    def send(self, key: tuple[int, int]) -> None:
        self.sent[key] = (time.perf_counter(), set())

    def seen(self, seat: int, view: dict[str, Any]) -> None:
        key = (view["round"], view["moves"])
        entry = self.sent.get(key)
        if entry is None:
            return
        entry[1].add(seat)
        if len(entry[1]) == self.players:
            del self.sent[key]
            now = time.perf_counter()
            if self.figures.measuring(now):
                self.figures.latencies_ms.append(1000 * (now - entry[0]))
                self.figures.actions += 1


async def play_seat(client: Client, seat: int, pending: Pending, rng: random.Random, figures: Figures, end: float) -> None:
    acted: tuple[int, int] | None = None
    while client.followed.over is None and time.perf_counter() < end:
        message = await client.receive(30)
        if message["type"] == "refused":
            figures.error("refused: " + str(message.get("reason"))[:60])
        if "view" in message:
            pending.seen(seat, message["view"])
        view = client.followed.view
        if client.my_turn() and view is not None and (view["round"], len(view["history"])) != acted:
            acted = (view["round"], len(view["history"]))
            await asyncio.sleep(rng.uniform(*THINK_S))
            pending.send((view["round"], len(view["history"]) + 1))
            await client.play(random_choice(view, rng))


def table_address(index: int) -> str:
    """Each table's clients come from an address of their own (127.0.0.0/8), as
    players of another household would: the server's per-address limits apply to each."""
    return f"127.0.{1 + index // 250}.{2 + index % 250}"


async def one_match(url: str, index: int, n: int, figures: Figures, end: float) -> None:
    base, players = TABLES[index % len(TABLES)]
    rng = random.Random(index * 7919 + n)
    pending = Pending(players, figures)
    source = table_address(index) if url.startswith("ws://127.0.0.1:") else None
    async with AsyncExitStack() as stack:
        clients = [await stack.enter_async_context(Client.connect(url, timeout=30, source=source)) for _ in range(players)]
        table = (await clients[0].create(base, players, "Host")).table
        for seat in range(1, players):
            await clients[seat].join(table, f"P{seat}", seat)
        await clients[0].start()
        await asyncio.gather(
            *(play_seat(c, seat, pending, random.Random(rng.random()), figures, end) for seat, c in enumerate(clients))
        )
        if clients[0].followed.over is not None:
            figures.matches += 1


async def run_table(url: str, index: int, figures: Figures, start_at: float, end: float) -> None:
    await asyncio.sleep(max(0.0, start_at - time.perf_counter()))
    n = 0
    while time.perf_counter() < end:
        try:
            await one_match(url, index, n, figures, end)
        except (ServerRefused, TimeoutError, OSError) as err:
            figures.error(type(err).__name__ + (f": {err}"[:60] if isinstance(err, ServerRefused) else ""))
            await asyncio.sleep(1.0)
        except Exception as err:  # a closed connection, a bad message: counted, and the table starts again
            figures.error(type(err).__name__)
            await asyncio.sleep(1.0)
        n += 1


async def measure(
    url: str, tables: int, warm_s: float, measure_s: float, server_pid: int | None
) -> tuple[Figures, float | None, dict[str, float]]:
    ramp_s = min(5.0, max(1.0, tables / 100))
    begin = time.perf_counter()
    window = (begin + ramp_s + warm_s, begin + ramp_s + warm_s + measure_s)
    figures = Figures(window)
    tasks = [
        asyncio.create_task(run_table(url, i, figures, begin + ramp_s * i / max(1, tables), window[1])) for i in range(tables)
    ]
    peak: float | None = None
    cpu: dict[str, float] = {}
    while time.perf_counter() < window[1]:
        await asyncio.sleep(0.5)
        if not cpu and time.perf_counter() >= window[0]:
            cpu["clients"] = time.process_time()
            cpu["server"] = (cpu_s(server_pid) or 0.0) if server_pid is not None else 0.0
        if server_pid is not None:
            now = rss_mb(server_pid)
            if now is not None:
                peak = max(peak or 0.0, now)
    used = {"clients_cpu_pct": round(100 * (time.process_time() - cpu.get("clients", 0.0)) / measure_s, 1)}
    if server_pid is not None:
        used["server_cpu_pct"] = round(100 * ((cpu_s(server_pid) or 0.0) - cpu.get("server", 0.0)) / measure_s, 1)
    await asyncio.wait(tasks, timeout=40)
    for task in tasks:
        task.cancel()
    return figures, peak, used


def main(args: argparse.Namespace) -> int:
    from game.net.server.serve import open_files_to_the_hard_limit

    open_files_to_the_hard_limit()
    if getattr(args, "kills", None) or getattr(args, "attacks", False) or getattr(args, "idle", None):
        from game.bench.net_bench.modes import run_mode

        return run_mode(args)
    tables = args.tables or GOAL_TABLES
    warm_s, measure_s = (3.0, 15.0) if args.quick else (5.0, 45.0)
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    proc = None
    with tempfile.TemporaryDirectory(prefix="matador-bench-net-") as home:
        if args.connect:
            url = f"ws://{args.connect}/"
        else:
            proc, url = start_server(Path(home), tables)
        try:
            figures, peak, used = asyncio.run(measure(url, tables, warm_s, measure_s, proc.pid if proc else None))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(10)
        server_errors = 0
        if proc is not None:
            text = (Path(home) / "server.log").read_text()
            server_errors = text.count("Traceback") + text.count(" ERROR ")
    result: dict[str, Any] = {
        "tables": tables,
        "actions": figures.actions,
        "errors": figures.errors + server_errors,
        "actions_per_s": round(figures.actions / measure_s, 1),
        "p50_ms": round(percentile(figures.latencies_ms, 0.5), 2),
        "p99_ms": round(percentile(figures.latencies_ms, 0.99), 2),
        "max_ms": round(max(figures.latencies_ms, default=0.0), 2),
        "server_rss_mb": round(peak, 1) if peak is not None else None,
        "matches_finished": figures.matches,
        **used,
        "measured_s": measure_s,
        "load_average": [round(load_before, 2) if load_before is not None else None, round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None],
    }
    if figures.error_kinds:
        result["error_kinds"] = figures.error_kinds
    result["goals_met"] = (
        tables >= GOAL_TABLES
        and result["errors"] == 0
        and result["p99_ms"] <= GOAL_P99_MS
        and (peak is None or peak <= GOAL_RSS_MB)
    )
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"net: {tables} tables through {url if args.connect else 'its own server on 127.0.0.1'}, measured {measure_s:g} s")
    print(f"{result['actions']} actions ({result['actions_per_s']}/s), {result['errors']} errors")
    print(f"latency to every seat: p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms")
    print(f"server RSS: {result['server_rss_mb']} MB; load average before/after: {result['load_average']}")
    print(f"goals (200 tables, 0 errors, p99 <= {GOAL_P99_MS:g} ms, RSS <= {GOAL_RSS_MB:g} MB): {'met' if result['goals_met'] else 'NOT met'}")
    return 0
