"""``python -m game bench queue [--clients N] [--quick] [--json]``: *Play now*'s waits.

N clients (default 500) arrive at random over N/20 seconds (half that with
``--quick``), each from an address of its own on 127.0.0.0/8, ask to play now
in a queue drawn at random (``matchmaking.queues()``: every rule set that seats
two, and four-seat Matador) and wait until they are seated, never taking the
computer offered after 30 s (they keep looking), for at most ``GIVE_UP_S``.
Each client's rating on the server is drawn from a normal law (1500, sd 250):
the server of this benchmark (in this process, on 127.0.0.1, a throw-away data
folder) takes it by the client's address, as a real server takes its own
ratings (game/net/server/matchmaking.py, ``rating_for``). A client seated
leaves at once (its table stays, as anyone's whose players went away).

Printed, never asserted: the waits from ``play_now`` sent to ``joined``
received (p50, p90, p99, max), the tables made (by queue), the rating gap at
those tables (p50, p90, max) and the clients never seated.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.bench.ai_bench import percentile
from game.bench.net_bench import table_address
from game.net.app.client import Client
from game.net.server import matchmaking
from game.net.server.conn import Conn
from game.net.server.endpoint import Server
from game.net.server.serve import listening
from game.net.server.store import Store
from game.rating.glicko2 import Rating

CLIENTS = 500
ARRIVALS_PER_S = 20.0
GIVE_UP_S = 90.0
RATING_MEAN, RATING_SD = 1500.0, 250.0


class BenchServer(Server):
    """A server whose ratings are the benchmark's, by the client's address."""

    def __init__(self, store: Store, ratings: dict[str, float]) -> None:
        super().__init__(store, max_tables=10000)
        self.drawn = ratings
        self.gaps: list[float] = []
        self.made: dict[str, int] = {}

    def rating_for(self, conn: Conn, rules: str) -> Rating | None:
        rating = self.drawn.get(conn.address)
        return Rating(rating) if rating is not None else None

    def _sit_down(self, made: matchmaking.Made) -> None:
        self.gaps.append(made.gap)
        key = f"{made.tickets[0].rules}/{made.tickets[0].players}"
        self.made[key] = self.made.get(key, 0) + 1
        super()._sit_down(made)


@dataclass
class Figures:
    waits: list[float] = field(default_factory=list)
    past_offer: int = 0
    unseated: int = 0
    errors: dict[str, int] = field(default_factory=dict)


async def one_client(url: str, index: int, at: float, queue: tuple[str, int], figures: Figures) -> None:
    await asyncio.sleep(max(0.0, at - time.perf_counter()))
    rules, players = queue
    try:
        async with Client.connect(url, timeout=30, source=table_address(index)) as client:
            sent = time.perf_counter()
            await client.play_now(rules, f"P{index}", players)
            try:
                await client.paired(timeout=GIVE_UP_S)
            except TimeoutError:
                figures.unseated += 1
                return
            wait = time.perf_counter() - sent
            figures.waits.append(wait)
            figures.past_offer += wait > matchmaking.OFFER_S
    except Exception as err:  # counted, and the others go on
        kind = type(err).__name__ + (f": {err}"[:60] if str(err) else "")
        figures.errors[kind] = figures.errors.get(kind, 0) + 1


async def measure(clients: int, span_s: float, seed: int, home: Path) -> tuple[Figures, BenchServer, float]:
    rng = random.Random(seed)
    addresses = [table_address(i) for i in range(clients)]
    ratings = {a: max(100.0, rng.gauss(RATING_MEAN, RATING_SD)) for a in addresses}
    server = BenchServer(Store(home / "tables.sqlite3"), ratings)
    figures = Figures()
    offered = matchmaking.queues()
    begin = time.perf_counter()
    try:
        async with listening(server, "127.0.0.1", 0) as port:
            url = f"ws://127.0.0.1:{port}/"
            tasks = [
                asyncio.create_task(one_client(url, i, begin + rng.uniform(0, span_s), rng.choice(offered), figures)) for i in range(clients)
            ]
            await asyncio.gather(*tasks)
    finally:
        server.close()
    return figures, server, time.perf_counter() - begin


def main(args: argparse.Namespace) -> int:
    from game.net.server.serve import open_files_to_the_hard_limit

    open_files_to_the_hard_limit()
    clients = getattr(args, "clients", None) or CLIENTS
    span_s = clients / ARRIVALS_PER_S / (2 if args.quick else 1)
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    with tempfile.TemporaryDirectory(prefix="matador-bench-queue-") as home:
        figures, server, took = asyncio.run(measure(clients, span_s, getattr(args, "seed", None) or 1, Path(home)))
    waits, gaps = figures.waits, server.gaps
    result: dict[str, Any] = {
        "clients": clients,
        "arrivals_s": round(span_s, 1),
        "queues": len(matchmaking.queues()),
        "seated": len(waits),
        "tables_made": sum(server.made.values()),
        "tables_by_queue": server.made,
        "wait_p50_s": round(percentile(waits, 0.5), 2),
        "wait_p90_s": round(percentile(waits, 0.9), 2),
        "wait_p99_s": round(percentile(waits, 0.99), 2),
        "wait_max_s": round(max(waits, default=0.0), 2),
        "waited_past_offer": figures.past_offer,
        "gap_p50": round(percentile(gaps, 0.5)),
        "gap_p90": round(percentile(gaps, 0.9)),
        "gap_max": round(max(gaps, default=0.0)),
        "never_seated": figures.unseated,
        "errors": figures.errors,
        "took_s": round(took, 1),
        "load_average": [round(load_before, 2) if load_before is not None else None, round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None],
    }
    if args.json:
        print(json.dumps(result))
        return 0
    print(f"queue: {clients} clients arriving over {span_s:g} s into {result['queues']} queues (ratings ~ N({RATING_MEAN:g}, {RATING_SD:g})), on 127.0.0.1")
    print(f"seated {result['seated']} at {result['tables_made']} tables ({', '.join(f'{k} {v}' for k, v in sorted(server.made.items()))})")
    print(f"wait: p50 {result['wait_p50_s']} s, p90 {result['wait_p90_s']} s, p99 {result['wait_p99_s']} s, max {result['wait_max_s']} s; past the 30 s offer: {figures.past_offer}")
    print(f"rating gap at a table: p50 {result['gap_p50']}, p90 {result['gap_p90']}, max {result['gap_max']}")
    print(f"never seated (gave up after {GIVE_UP_S:g} s): {figures.unseated}; errors: {sum(figures.errors.values())} {figures.errors or ''}")
    print(f"took {result['took_s']} s; load average before/after: {result['load_average']}")
    return 0
