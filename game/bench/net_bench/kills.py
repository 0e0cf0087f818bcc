"""Kill -9 at random points of many matches, and every move the seats were told
found again: ``python -m game bench net --kills N``.

A server process (``python -m game serve``) on a throw-away data folder; tables of
2 to 4 seats played by clients in this process (random legal moves, quickly, and
an easy computer at some tables); every ``KILL_GAP_S`` or so the server is killed
with SIGKILL and started again on the same folder and port. Each client keeps
every action it was told (``played``, ``turn``, a round's history, a round's end)
and, once it has its seat back, compares them with what the restarted server
says happened (the rounds played out, the round's history, the match's record):
a told action that the server no longer has, or has otherwise, is *lost*. A
table that was over when the server died must tell its end to who comes back.

No pygame here.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.net.app.client import Client, Seated, ServerRefused

ROOT = Path(__file__).resolve().parents[3]
SETUPS = (("matador", 2, ["open", "open"]), ("leyden", 2, ["open", "open"]), ("all-sevens", 3, ["open", "open", "easy"]), ("matador", 4, ["open", "open", "open", "easy"]))
KILL_GAP_S = (0.3, 1.2)
THINK_S = (0.0, 0.03)
Key = tuple[int, int]


@dataclass
class Figures:
    kills: int = 0
    checks: int = 0  # seats that came back and compared
    told: int = 0  # told actions compared
    lost: int = 0
    lost_examples: list[str] = field(default_factory=list)
    matches: int = 0
    ends_told_after_kill: int = 0  # matches whose end a seat learnt only after a restart
    restart_s: list[float] = field(default_factory=list)


class ServerProc:
    def __init__(self, home: Path, extra: tuple[str, ...] = ()):
        self.home = home
        self.extra = extra
        self.port = 0
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> float:
        began = time.monotonic()
        env = {**os.environ, "MATADOR_HOME": str(self.home)}
        log = open(self.home / "server.log", "a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "game", "serve", "--port", str(self.port), "--hello-timeout", "5", "--think-in", "threads", *self.extra],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=log, text=True,
        )  # fmt: skip
        log.close()
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line.startswith("serving "):
            raise RuntimeError(f"the server did not start: {line.strip()!r}")
        self.url = line.split()[1]
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))
        return time.monotonic() - began

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()


def told_by(message: dict[str, Any], told: dict[Key, Any]) -> None:
    """Note every action ``message`` tells (its round and place in the round)."""
    kind = message.get("type")
    view = message.get("view")
    if kind in ("turn", "played") and "action" in message and isinstance(view, dict):
        told[(view["round"], view["moves"] - 1)] = message["action"]
    if isinstance(view, dict) and "history" in view:
        for i, action in enumerate(view["history"]):
            told[(view["round"], i)] = action
    if kind == "round_over":
        for i, action in enumerate(message["actions"]):
            told[(message["round"], i)] = action
    if kind == "rounds":
        for entry in message["rounds"]:
            told_by(entry, told)
    if kind == "match_over":
        for r, entry in enumerate(message["record"]["rounds"]):
            for i, action in enumerate(entry["actions"]):
                told[(r, i)] = action


class Seat:
    def __init__(self, number: int):
        self.number = number
        self.seated: Seated | None = None
        self.told: dict[Key, Any] = {}
        self.over = False


async def play_seat(server: ServerProc, seat: Seat, first: Client, figures: Figures, rng: random.Random, stop: asyncio.Event) -> None:
    """Play ``seat`` to its match's end, coming back after every kill and checking."""
    client: Client | None = first
    while not seat.over and not stop.is_set():
        if client is None:
            client = await _come_back(server, seat, figures, stop)
            if client is None:
                return
        try:
            await _play(client, seat, rng)
        except Exception:  # the server was killed: come back
            pass
        try:
            await client.ws.close()
        except Exception:
            pass
        client = None


async def _play(client: Client, seat: Seat, rng: random.Random) -> None:
    acted: Key | None = None
    while not seat.over:
        view = client.followed.view
        if client.my_turn() and view is not None and (view["round"], len(view["history"])) != acted:
            acted = (view["round"], len(view["history"]))
            await asyncio.sleep(rng.uniform(*THINK_S))
            await client.play(view["legal"][rng.randrange(len(view["legal"]))])
        message = await client.receive(30)
        told_by(message, seat.told)
        if message["type"] == "match_over":
            seat.over = True


async def _come_back(server: ServerProc, seat: Seat, figures: Figures, stop: asyncio.Event) -> Client | None:
    assert seat.seated is not None
    while not stop.is_set():
        try:
            context = Client.connect(server.url, timeout=5)
            client = await context.__aenter__()
        except Exception:
            await asyncio.sleep(0.1)
            continue
        try:
            await client.rejoin(Seated(server.url, seat.seated.table, seat.seated.seat, seat.seated.token))
            said: dict[Key, Any] = {}
            over = False
            while True:  # the rounds played out, the round (and a turn, and the end if it is over)
                message = await client.receive(5)
                told_by(message, said)
                over = over or message["type"] == "match_over"
                if message["type"] == "round":
                    break
            try:
                while True:
                    message = await client.receive(0.3)
                    told_by(message, said)
                    over = over or message["type"] == "match_over"
            except TimeoutError:
                pass
        except (ServerRefused, Exception) as err:
            await context.__aexit__(type(err), err, None)
            await asyncio.sleep(0.1)
            continue
        figures.checks += 1
        for key, action in seat.told.items():
            figures.told += 1
            if said.get(key) != action:
                figures.lost += 1
                if len(figures.lost_examples) < 5:
                    figures.lost_examples.append(f"{seat.seated.table} seat {seat.number} round {key[0]} action {key[1]}: told {action}, now {said.get(key)}")
        seat.told.update(said)
        if over:
            seat.over = True
            figures.ends_told_after_kill += 1
        setattr(client, "_context", context)
        return client
    return None


async def one_match(server: ServerProc, slot: int, n: int, figures: Figures, stop: asyncio.Event) -> None:
    base, players, kinds = SETUPS[(slot + n) % len(SETUPS)]
    rng = random.Random(slot * 1000 + n)
    people = [i for i, k in enumerate(kinds) if k == "open"]
    clients: list[Client] = []
    contexts = []
    try:
        for _ in people:
            context = Client.connect(server.url, timeout=5)
            clients.append(await context.__aenter__())
            contexts.append(context)
        seats = [Seat(i) for i in people]
        seats[0].seated = await clients[0].create(base, players, f"Host{slot}", seats=kinds)
        for client, seat in zip(clients[1:], seats[1:]):
            seat.seated = await client.join(seats[0].seated.table, f"P{seat.number}x{slot}", seat.number)
        await clients[0].start()
    except Exception:
        for context in contexts:
            try:
                await context.__aexit__(None, None, None)
            except Exception:
                pass
        await asyncio.sleep(0.2)
        return
    await asyncio.gather(*(play_seat(server, seat, client, figures, random.Random(rng.random()), stop) for seat, client in zip(seats, clients)))
    if all(seat.over for seat in seats):
        figures.matches += 1


async def run_slot(server: ServerProc, slot: int, figures: Figures, stop: asyncio.Event) -> None:
    n = 0
    while not stop.is_set():
        await one_match(server, slot, n, figures, stop)
        n += 1


async def campaign(home: Path, kills: int, tables: int, seed: int = 1) -> Figures:
    figures = Figures()
    server = ServerProc(home)
    server.start()
    stop = asyncio.Event()
    rng = random.Random(seed)
    slots = [asyncio.create_task(run_slot(server, i, figures, stop)) for i in range(tables)]
    try:
        while figures.kills < kills:
            await asyncio.sleep(rng.uniform(*KILL_GAP_S))
            server.kill()
            figures.kills += 1
            await asyncio.sleep(rng.uniform(0.0, 0.2))
            figures.restart_s.append(await asyncio.to_thread(server.start))
            checked = figures.checks
            deadline = time.monotonic() + 10
            while figures.checks == checked and time.monotonic() < deadline:  # someone came back before the next kill
                await asyncio.sleep(0.05)
        await asyncio.sleep(1.0)  # the last seats come back and compare
    finally:
        stop.set()
        for task in slots:
            task.cancel()
        await asyncio.gather(*slots, return_exceptions=True)
        server.stop()
    return figures
