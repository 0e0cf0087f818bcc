"""The server's memory with many idle connections: ``python -m game bench net --idle N``.

N connections (10,000 by default) from 250 addresses of 127.0.0.0/8 (as many
machines: each address within the default per-address limits: 40 connections,
10 tables of 4 seats), each seated at a table in its lobby, then left idle. The
server's resident memory is read with none, with all of them, and after a
while idle (pings going on); the figures are printed, never asserted.

No pygame here.
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any, Callable

from websockets.asyncio.client import ClientConnection, connect

SEATS = 4
TABLES_PER_ADDRESS = 10


def address(n: int) -> str:
    return f"127.0.{1 + n // 250}.{2 + n % 250}"


async def _open(url: str, src: str) -> ClientConnection:
    ws = await connect(url, local_addr=(src, 0), compression=None, open_timeout=120, ping_interval=None, max_queue=4)
    await ws.send(json.dumps({"type": "hello", "protocol": 2}))
    await ws.recv()
    return ws


async def _drain(ws: ClientConnection) -> None:
    try:
        while True:
            await asyncio.wait_for(ws.recv(), 0.01)
    except (TimeoutError, Exception):
        pass


async def one_table(url: str, src: str, held: list[ClientConnection]) -> None:
    host = await _open(url, src)
    await host.send(json.dumps({"type": "create", "rules": "matador", "players": SEATS, "name": "Host"}))
    joined = json.loads(await host.recv())
    if joined.get("type") != "joined":
        raise RuntimeError(f"create refused: {joined.get('reason')}")
    held.append(host)
    for seat in range(1, SEATS):
        guest = await _open(url, src)
        await guest.send(json.dumps({"type": "join", "table": joined["table"], "name": f"G{seat}", "seat": seat}))
        answer = json.loads(await guest.recv())
        if answer.get("type") != "joined":
            raise RuntimeError(f"join refused: {answer.get('reason')}")
        held.append(guest)
    for ws in held[-SEATS:]:
        await _drain(ws)


async def hold(url: str, connections: int, idle_s: float, rss: Callable[[], float | None], at_once: int = 200) -> dict[str, Any]:
    held: list[ClientConnection] = []
    tables = connections // SEATS
    before = rss()
    began = time.monotonic()
    errors = 0
    semaphore = asyncio.Semaphore(at_once // SEATS)

    async def table(n: int) -> None:
        nonlocal errors
        async with semaphore:
            try:
                await one_table(url, address(n // TABLES_PER_ADDRESS), held)
            except Exception:
                errors += 1

    await asyncio.gather(*(table(n) for n in range(tables)))
    opened_s = time.monotonic() - began
    seated = rss()
    peak = seated or 0.0
    end = time.monotonic() + idle_s
    while time.monotonic() < end:
        await asyncio.sleep(1.0)
        now = rss()
        if now is not None:
            peak = max(peak, now)
    idle = rss()
    for ws in held:
        ws.transport.abort()
    return {
        "connections": len(held),
        "tables": len(held) // SEATS,
        "addresses": len({address(n // TABLES_PER_ADDRESS) for n in range(tables)}),
        "errors": errors,
        "open_s": round(opened_s, 1),
        "server_rss_mb_before": before,
        "server_rss_mb_seated": seated,
        "server_rss_mb_after_idle": idle,
        "server_rss_mb_peak": round(peak, 1),
        "idle_s": idle_s,
        "kb_per_connection": round(1024 * ((seated or 0) - (before or 0)) / max(1, len(held)), 1),
    }
