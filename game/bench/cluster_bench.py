"""``python -m game bench cluster --processes N --tables T [--kills K] --json``:
a cluster on Redis, measured.

Starts Redis's server (``redis-server`` on PATH) on a free port of 127.0.0.1 with
its append-only file fsynced at every write, N processes of ``python -m game
serve --redis`` and T two-seat tables whose seats are clients of this process,
each seat connected to another server process than its table's other seat (so
that most moves cross Redis from one process to another). Every ``--kills`` the
process refereeing the most tables is killed with -9 (and started again), one
kill every 2 s; each table then plays one match after another until the kills
are done. Each seat comes back to a live process and checks what it was told
against what it is told then. Prints tables, finished, lost_told_moves, two_referees (a seat told
two different moves for one place of a round), failover_p99_s (from a kill to
the table's seats all playing again), the move round trip (a seat's move sent to
its being told back) at p50 and p99, actions per second, and how much of a core
the seats' clients (this process), the server processes and Redis each used.

Used by the tests too (tests/net/server/cluster/test_cluster.py). No pygame here; only
loopback addresses.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.bench.net_bench.kills import told_by
from game.net.app.client import Client, Seated

ROOT = Path(__file__).resolve().parents[2]
Key = tuple[int, int]
QUIET_S = 3.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _end(proc: subprocess.Popen[Any] | None) -> None:
    """Ask a process to end, and kill it if it has not within 5 s."""
    if proc is not None and proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)


class RedisServer:
    """``redis-server`` on 127.0.0.1, its append-only file fsynced at every write."""

    def __init__(self, folder: Path, port: int = 0):
        self.folder = folder
        self.port = port or free_port()
        self.proc: subprocess.Popen[bytes] | None = None

    @staticmethod
    def found() -> str | None:
        return shutil.which("redis-server")

    def start(self) -> None:
        binary = self.found()
        if binary is None:
            raise RuntimeError("redis-server is not on PATH (Debian: apt-get install redis-server)")
        self.folder.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "yes",
             "--appendfsync", "always", "--dir", str(self.folder), "--databases", "64", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                pass
            time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def stop(self) -> None:
        _end(self.proc)


class ServeProcess:
    """``python -m game serve --redis URL`` on a free port of 127.0.0.1."""

    def __init__(self, url: str, log: Path, *extra: str):
        self.redis_url = url
        self.log = log
        self.extra = extra
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.id = ""
        self.port = 0

    def start(self) -> None:
        env = {**os.environ, "MATADOR_LOOPBACK_ONLY": "1"}
        with open(self.log, "a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "game", "serve", "--redis", self.redis_url, "--port", str(self.port), "--hello-timeout", "5",
                 "--think-in", "threads", "--housekeeping", "0.5", *self.extra],
                cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=log, text=True,
            )  # fmt: skip
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # serving ws://127.0.0.1:PORT/ (cluster process ID on URL)
        if not line.startswith("serving ws://127.0.0.1:"):
            raise RuntimeError(f"a server process did not start: {line.strip()!r}")
        self.url = line.split()[1]
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))
        self.id = line.split("cluster process ")[1].split()[0]

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def signal(self, sig: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)
        if sig == signal.SIGKILL:
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGCONT)  # (a stopped one ends only once it runs again)
        _end(self.proc)


class Cluster:
    """Redis and N server processes on loopback."""

    def __init__(self, folder: Path, processes: int, redis: RedisServer | None = None, db: int = 0):
        self.folder = folder
        self.own_redis = redis is None
        self.redis = redis or RedisServer(folder / "redis")
        self.db = db
        self.procs = [ServeProcess(self.redis.url(db), folder / f"serve-{i}.log") for i in range(processes)]

    def __enter__(self) -> Cluster:
        self.folder.mkdir(parents=True, exist_ok=True)
        if self.own_redis:
            self.redis.start()
        for proc in self.procs:
            proc.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        for proc in self.procs:
            proc.stop()
        if self.own_redis:
            self.redis.stop()

    def live_urls(self) -> list[str]:
        return [p.url for p in self.procs if p.alive()]

    def referee(self, code: str) -> ServeProcess | None:
        """The process holding ``code``'s lease, if any."""
        import redis

        value = redis.Redis.from_url(self.redis.url(self.db)).get(f"m:lease:{code}")
        holder = value.decode().split(":")[0] if isinstance(value, bytes) else None
        return next((p for p in self.procs if p.id == holder), None)

    def logs(self) -> str:
        return "\n".join(p.log.read_text() for p in self.procs if p.log.exists())


@dataclass
class Figures:
    tables: int = 0
    finished: int = 0
    told: int = 0
    lost_told_moves: int = 0
    two_referees: int = 0  # a place of a round told as two different moves
    lost_examples: list[str] = field(default_factory=list)
    round_trips: list[float] = field(default_factory=list)
    failovers: list[float] = field(default_factory=list)
    actions: int = 0
    comebacks: int = 0
    set_up_again: int = 0  # tables set up again: a kill fell on their creation or join


@dataclass
class SeatPlay:
    number: int
    seated: Seated | None = None
    told: dict[Key, Any] = field(default_factory=dict)
    over: dict[str, Any] | None = None
    source: str | None = None  # the loopback address its connections come from


def source_address(n: int) -> str:
    """The loopback address of table ``n``'s clients (127.0.0.0/8 is all this machine's)."""
    return f"127.0.{1 + n // 250}.{2 + n % 250}"


def _note(seat: SeatPlay, message: dict[str, Any], figures: Figures) -> None:
    said: dict[Key, Any] = {}
    told_by(message, said)
    for key, action in said.items():
        if key in seat.told and seat.told[key] != action:
            figures.two_referees += 1
            if len(figures.lost_examples) < 5:
                figures.lost_examples.append(f"seat {seat.number} {key}: told {seat.told[key]}, then {action}")
        seat.told[key] = action


async def _come_back(cluster: Cluster, seat: SeatPlay, figures: Figures, rng: random.Random, deadline: float) -> Any:
    """A connection to a live process with the seat taken back, and what it said happened."""
    assert seat.seated is not None
    while time.monotonic() < deadline:
        urls = cluster.live_urls()
        if not urls:
            await asyncio.sleep(0.1)
            continue
        url = rng.choice(urls)
        context = Client.connect(url, timeout=3, source=seat.source)
        try:
            client = await context.__aenter__()
        except Exception:
            await asyncio.sleep(0.1)
            continue
        try:
            await client.send({"type": "rejoin", "table": seat.seated.table, "seat": seat.seated.seat, "token": seat.seated.token})
            await client.expect("joined", timeout=4)
        except Exception as err:
            await context.__aexit__(type(err), err, None)
            await asyncio.sleep(0.1)
            continue
        figures.comebacks += 1
        return context, client
    raise TimeoutError("the seat did not come back")


async def play_seat(cluster: Cluster, seat: SeatPlay, context: Any, client: Client, figures: Figures, rng: random.Random,
                    kills: list[float], timeout: float = 120.0, think: tuple[float, float] = (0.0, 0.0),
                    kept: list[tuple[Any, Client]] | None = None) -> None:  # fmt: skip
    """Play the seat to its match's end, coming back to a live process when its connection ends."""
    deadline = time.monotonic() + timeout
    checking: dict[Key, Any] | None = None
    while seat.over is None:
        acted: Key | None = None
        sent_at: tuple[Key, float] | None = None
        try:
            while seat.over is None:
                view = client.followed.view
                if client.my_turn() and view is not None and (view["round"], len(view["history"])) != acted:
                    acted = (view["round"], len(view["history"]))
                    if think[1] > 0:
                        await asyncio.sleep(rng.uniform(*think))
                    sent_at = (acted, time.monotonic())
                    await client.play(view["legal"][rng.randrange(len(view["legal"]))])
                # nothing heard for QUIET_S: the process may be stopped (its connection stays
                # open): come back elsewhere, as the app does when its pings go unanswered
                message = await client.receive(max(0.1, min(QUIET_S, deadline - time.monotonic())))
                if checking is not None and message["type"] in ("round", "rounds", "match_over", "turn", "played", "round_over"):
                    _compare(seat, checking, message, figures)
                _note(seat, message, figures)
                kind = message["type"]
                mine = kind in ("played", "turn") and "action" in message and message["action"].get("player") == seat.number
                if mine and sent_at is not None:
                    v = message["view"]
                    if (v["round"], v["moves"] - 1) == sent_at[0]:
                        figures.round_trips.append(time.monotonic() - sent_at[1])
                        sent_at = None
                if mine:
                    figures.actions += 1
                if kind == "match_over":
                    seat.over = message
        except (TimeoutError, Exception) as err:
            if seat.over is not None:
                break
            if time.monotonic() > deadline:
                raise TimeoutError("the match did not end in time") from err
        if kept is not None and client.ws.state.name == "OPEN":  # left open: what it is told after (a test listens)
            kept.append((context, client))
        else:
            try:
                await context.__aexit__(None, None, None)
            except Exception:
                pass
        if seat.over is not None:
            break
        context, client = await _come_back(cluster, seat, figures, rng, deadline)
        if kills:
            figures.failovers.append(time.monotonic() - kills[-1])
        checking = dict(seat.told)
    try:
        await context.__aexit__(None, None, None)
    except Exception:
        pass


def _compare(seat: SeatPlay, before: dict[Key, Any], message: dict[str, Any], figures: Figures) -> None:
    """Every move told before a comeback that the message tells again must be the same."""
    said: dict[Key, Any] = {}
    told_by(message, said)
    for key, action in said.items():
        if key in before:
            figures.told += 1
            if before[key] != action:
                figures.lost_told_moves += 1
                if len(figures.lost_examples) < 5:
                    figures.lost_examples.append(f"seat {seat.number} {key}: told {before[key]}, now {action}")


class SetUpCut(Exception):
    """A table could not be set up (its creation, its guest's join or its start failed:
    with kills, a process killed meanwhile)."""


async def one_table(
    cluster: Cluster, n: int, figures: Figures, kills: list[float], target: int = 150, timeout: float = 120.0,
    think: tuple[float, float] = (0.0, 0.0), listed: bool = False, kept: list[tuple[Any, Client]] | None = None,
    seed: int | None = None,
) -> tuple[SeatPlay, SeatPlay]:
    """A two-seat table: its creator at one process, its guest at another; played to
    the end (``seed``: its seats' choices, ``n`` by default; ``n``: its processes and address)."""
    rng = random.Random(n if seed is None else seed)
    urls = cluster.live_urls()
    a_url, b_url = urls[n % len(urls)], urls[(n + 1) % len(urls)]
    source = source_address(n)  # each table's clients from an address of their own (the per-address limits)
    a_ctx, b_ctx = Client.connect(a_url, timeout=5, source=source), Client.connect(b_url, timeout=5, source=source)
    entered: list[Any] = []
    try:
        ann = await a_ctx.__aenter__()
        entered.append(a_ctx)
        bob = await b_ctx.__aenter__()
        entered.append(b_ctx)
        seats = SeatPlay(0, source=source), SeatPlay(1, source=source)
        seats[0].seated = await ann.create("matador", 2, "Ann", options={"target_score": target}, listed=listed)
        seats[1].seated = await bob.join(seats[0].seated.table, "Bob")
        await ann.start()
    except Exception as err:
        for context in entered:
            try:
                await context.__aexit__(None, None, None)
            except Exception:
                pass  # (a connection the kill closed already)
        raise SetUpCut(f"set up: {type(err).__name__}: {err}") from err
    figures.tables += 1
    await asyncio.gather(
        play_seat(cluster, seats[0], a_ctx, ann, figures, random.Random(rng.random()), kills, timeout, think, kept),
        play_seat(cluster, seats[1], b_ctx, bob, figures, random.Random(rng.random()), kills, timeout, think, kept),
    )
    if all(s.over is not None for s in seats):
        figures.finished += 1
        record: dict[Key, Any] = {}
        assert seats[0].over is not None
        told_by(seats[0].over, record)
        for seat in seats:
            for key, action in seat.told.items():
                figures.told += 1
                if record.get(key) != action:
                    figures.lost_told_moves += 1
                    if len(figures.lost_examples) < 5:
                        figures.lost_examples.append(f"seat {seat.number} {key}: told {action}, record {record.get(key)}")
    return seats


async def kill_referees(cluster: Cluster, codes: list[str], kills: int, kill_times: list[float], stop: asyncio.Event, gap: float = 2.0) -> None:
    """Kill the process refereeing the most tables with -9, ``kills`` times, and start it again."""
    for _ in range(kills):
        try:
            await asyncio.wait_for(stop.wait(), gap)
            return
        except TimeoutError:
            pass
        counts: dict[str, int] = {}
        for code in codes:
            proc = cluster.referee(code)
            if proc is not None:
                counts[proc.id] = counts.get(proc.id, 0) + 1
        if not counts:
            continue
        victim = next(p for p in cluster.procs if p.id == max(counts, key=lambda k: counts[k]))
        kill_times.append(time.monotonic())
        victim.signal(signal.SIGKILL)
        await asyncio.to_thread(victim.start)


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) process ``pid`` has used so far, from Linux's
    /proc (None elsewhere, or once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class CpuShares:
    """How much of a core each part of the run used, on average, from its start to
    its end: this process (the seats' clients), the server processes, Redis. A
    process killed in between is not counted (None), nor anything off Linux."""

    def __init__(self, cluster: Cluster) -> None:
        self.cluster = cluster
        self.began = time.monotonic()
        self.own = time.process_time()
        self.pids = self._pids()
        self.start = {pid: cpu_seconds(pid) for pid in self.pids}

    def _pids(self) -> dict[int, str]:
        found = {proc.proc.pid: "servers" for proc in self.cluster.procs if proc.proc is not None}
        if self.cluster.redis.proc is not None:
            found[self.cluster.redis.proc.pid] = "redis"
        return found

    def shares(self) -> dict[str, float | None]:
        wall = max(1e-9, time.monotonic() - self.began)
        out: dict[str, float | None] = {"clients": round((time.process_time() - self.own) / wall, 2), "servers": 0.0, "redis": 0.0}
        now_pids = self._pids()
        for pid, part in self.pids.items():
            now, then = cpu_seconds(pid), self.start.get(pid)
            if pid not in now_pids or now is None or then is None or out[part] is None:
                out[part] = None  # (a process killed and started again: its time before is gone)
                continue
            out[part] = round((out[part] or 0.0) + (now - then) / wall, 2)
        return out


def _pct(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))], 4)


THINK_S = (0.05, 0.25)  # a seat's thinking before each move in the benchmark


async def run(cluster: Cluster, tables: int, kills: int, think: tuple[float, float] = THINK_S, target: int = 150) -> dict[str, Any]:
    figures = Figures()
    kill_times: list[float] = []
    codes: list[str] = []
    stop = asyncio.Event()
    began = time.monotonic()
    cpu = CpuShares(cluster)

    async def table(n: int) -> None:
        """Table ``n``'s matches: one, or (with kills asked) one after another until the
        kills are done, so that every kill falls on tables being played."""
        await asyncio.sleep(n * 0.01)
        played = 0
        while played == 0 or (kills and not killer.done()):
            try:
                await one_table(cluster, n, figures, kill_times, target=target, timeout=600.0, think=think, seed=n + played * tables)
            except SetUpCut as err:
                if not kills or killer.done():
                    figures.lost_examples.append(f"table {n}: {err}"[:200])
                    return
                figures.set_up_again += 1  # its creation or its guest's join fell on a kill: a new table
                await asyncio.sleep(0.5)
                continue
            except Exception as err:
                figures.lost_examples.append(f"table {n}: {type(err).__name__}: {err}"[:200])
                return
            played += 1

    async def watch() -> None:
        import redis.asyncio as aredis

        r = aredis.Redis.from_url(cluster.redis.url(cluster.db))
        while not stop.is_set():
            codes[:] = sorted(c.decode() if isinstance(c, bytes) else str(c) for c in await r.smembers("m:live"))
            await asyncio.sleep(0.5)
        await r.aclose()

    watcher = asyncio.create_task(watch())
    killer = asyncio.create_task(kill_referees(cluster, codes, kills, kill_times, stop))
    await asyncio.gather(*(table(n) for n in range(tables)))
    stop.set()
    await killer
    await watcher
    elapsed = time.monotonic() - began
    return {
        "processes": len(cluster.procs), "tables": figures.tables, "finished": figures.finished, "kills": len(kill_times),
        "lost_told_moves": figures.lost_told_moves, "two_referees": figures.two_referees, "told_checked": figures.told,
        "failover_p99_s": _pct(figures.failovers, 99), "comebacks": figures.comebacks, "set_up_again": figures.set_up_again,
        "round_trip_p50_ms": None if not figures.round_trips else round(1000 * (_pct(figures.round_trips, 50) or 0), 2),
        "round_trip_p99_ms": None if not figures.round_trips else round(1000 * (_pct(figures.round_trips, 99) or 0), 2),
        "actions_per_s": round(figures.actions / elapsed, 1), "seconds": round(elapsed, 1),
        "cpu_cores": cpu.shares(), "cores": os.cpu_count(), "problems": figures.lost_examples[:5],
    }  # fmt: skip


def main(args: argparse.Namespace) -> int:
    processes = getattr(args, "processes", None) or 2
    tables = args.tables
    kills = args.kills or 0
    with tempfile.TemporaryDirectory(prefix="matador-cluster-") as folder:
        with Cluster(Path(folder), processes) as cluster:
            result = asyncio.run(run(cluster, tables, kills, target=60 if args.quick else 150))
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    return 0 if result["lost_told_moves"] == 0 and result["two_referees"] == 0 else 1
