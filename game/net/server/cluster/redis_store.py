"""The tables of a cluster of server processes, in Redis (``serve --redis URL``).

The same methods as the SQLite store (game/net/server/store.py), and the same
rows: a table's rules, seed, seats (token hashes only) and state in a hash
(``m:t:CODE``), its actions in a stream (``m:j:CODE``, one entry each, replayed to
rebuild the table exactly as the SQLite rows are).

Each table has one referee at a time: the process holding its *lease*
(``m:lease:CODE`` = "PROCESS:FENCE", set with NX and a time to live, renewed while
the process lives). The fencing number comes from ``INCR m:fence:CODE``. Every
write of a table is a Lua script that first checks the lease is still this
process's with this fencing number; a write refused so raises ``FencedOut`` and
the table is given up at once (nothing more is told of it). ``may_tell`` says
whether the lease is surely still this process's by the local clock (renewed
less than a lease ago): a process stopped (SIGSTOP) past its lease tells nothing
when it continues, even before its next write is refused.

The client is redis-py's synchronous one: each write is one round trip on
loopback (a fraction of a millisecond, plus Redis's fsync with
``appendfsync always``), done on the event loop as the SQLite writes are.

No pygame here; ``redis`` is an optional extra (``pip install .[server]``).
"""

from __future__ import annotations

import json
import threading
import time
import uuid
from pathlib import Path
from typing import Any

from game.net.server.store import RESUMED_STATES, FencedOut, SeatRow, StoreError, TableRow

LEASE_MS = 2000  # a lease's time to live
RENEW_S = 0.5  # how often a referee renews its leases
MARGIN_S = 0.3  # a lease is trusted by the local clock this much less than its time to live
PREFIX = "m:"
LISTED_READ = 500  # listed tables read by one ``list`` (of those in their lobby, and of those played)

# KEYS: lease; ARGV: the lease's value. Then the write. -1: not this process's lease.
_CHECK = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
"""
# A table's state changed (locals state, code, listed, playing: its new state, its
# code, the keys of m:listed and m:playing): a listed lobby that starts is listed
# being played (to watch), and leaves both lists once it is neither.
_LISTED = """
if state ~= 'lobby' and redis.call('SREM', listed, code) == 1 and state == 'playing' then redis.call('SADD', playing, code) end
if state ~= 'playing' then redis.call('SREM', playing, code) end
"""
ADD_ACTION = _CHECK + """
if redis.call('XLEN', KEYS[2]) ~= tonumber(ARGV[2]) then return -2 end
redis.call('XADD', KEYS[2], '*', 'n', ARGV[2], 'seat', ARGV[3], 'a', ARGV[4])
redis.call('HSET', KEYS[3], 'state', ARGV[5], 'updated', ARGV[6])
local state, code, listed, playing = ARGV[5], ARGV[7], KEYS[4], KEYS[5]
""" + _LISTED + """
return 1
"""
# A field of the table's hash (ARGV: the lease's value, the field, its value, the time,
# the code): a new state moves it between the lists; ``listed`` set lists it by its state.
SET_FIELD = _CHECK + """
redis.call('HSET', KEYS[2], ARGV[2], ARGV[3], 'updated', ARGV[4])
if ARGV[2] == 'state' then
  local state, code, listed, playing = ARGV[3], ARGV[5], KEYS[3], KEYS[5]
""" + _LISTED + """
  if ARGV[3] ~= 'lobby' and ARGV[3] ~= 'playing' and ARGV[3] ~= 'over' then redis.call('SREM', KEYS[4], ARGV[5]) end
end
if ARGV[2] == 'listed' and ARGV[3] == '1' then
  local state = redis.call('HGET', KEYS[2], 'state')
  if state == 'lobby' then redis.call('SADD', KEYS[3], ARGV[5]) elseif state == 'playing' then redis.call('SADD', KEYS[5], ARGV[5]) end
end
return 1
"""
# How many watch the table (at its referee): ARGV: the lease's value, the count. Not an
# ``updated`` write (a watcher keeps no table alive).
SET_WATCHERS = _CHECK + """
redis.call('HSET', KEYS[2], 'watchers', ARGV[2])
return 1
"""
# Renew: still ours, or gone (expired while Redis was away) and nobody took it since.
RENEW = """
local value = redis.call('GET', KEYS[1])
if value == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if value == false and redis.call('GET', KEYS[2]) == ARGV[3] then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1
end
return 0
"""
# A table's new code (host_powers.may_recode): KEYS: old lease, old hash, old stream,
# new hash, new stream, new lease, old fence, new fence, live, listed, playing; ARGV: the lease's value.
RENAME_TABLE = _CHECK + """
if redis.call('EXISTS', KEYS[4]) == 1 or redis.call('EXISTS', KEYS[6]) == 1 then return -2 end
redis.call('RENAME', KEYS[2], KEYS[4])
if redis.call('EXISTS', KEYS[3]) == 1 then redis.call('RENAME', KEYS[3], KEYS[5]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 1 then ttl = 1 end
redis.call('SET', KEYS[6], ARGV[1], 'PX', ttl)
redis.call('DEL', KEYS[1])
redis.call('SET', KEYS[8], redis.call('GET', KEYS[7]) or '0')
if redis.call('SREM', KEYS[9], ARGV[2]) == 1 then redis.call('SADD', KEYS[9], ARGV[3]) end
if redis.call('SREM', KEYS[10], ARGV[2]) == 1 then redis.call('SADD', KEYS[10], ARGV[3]) end
if redis.call('SREM', KEYS[11], ARGV[2]) == 1 then redis.call('SADD', KEYS[11], ARGV[3]) end
return 1
"""
# Identities (game/net/server/identities.py): KEYS: the new name's skeleton key, the
# identity's hash; ARGV: identity, name, skeleton, the prefix of skeleton keys.
RENAME = """
local holder = redis.call('GET', KEYS[1])
if holder and holder ~= ARGV[1] then return 0 end
local old = redis.call('HGET', KEYS[2], 'shape')
if old and old ~= ARGV[3] and redis.call('GET', ARGV[4] .. old) == ARGV[1] then redis.call('DEL', ARGV[4] .. old) end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('HSET', KEYS[2], 'name', ARGV[2], 'shape', ARGV[3])
return 1
"""
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


def _seat(s: SeatRow) -> list[Any]:
    return [s.name, s.kind, s.level, s.token_hash, s.identity]


def _row(code: str, raw: dict[bytes, bytes]) -> TableRow | None:
    """A table's row from its hash (no actions); None if there is none (or it is put away)."""
    if not raw:
        return None
    f = {k.decode(): v.decode() for k, v in raw.items()}
    if f.get("state") not in RESUMED_STATES:
        return None
    row = TableRow(code, f["base"], int(f["players"]), json.loads(f["options"]), int(f["seed"]), int(f["host"]), f["state"], listed=f.get("listed") == "1")
    barred = json.loads(f.get("barred", "[]"))
    row.barred = [b for b in barred if isinstance(b, str)] if isinstance(barred, list) else []
    row.watchable = f.get("watchable", "1") != "0"
    for seat in range(row.players):
        name, kind, level, token, *rest = json.loads(f[f"seat:{seat}"])  # (a seat of an earlier version: no identity)
        row.seats.append(SeatRow(name, kind, level, token, rest[0] if rest and isinstance(rest[0], str) else None))
    return row


def _count(value: bytes | None) -> int:
    """A count kept in a hash (0 if there is none)."""
    try:
        return max(0, int(value or 0))
    except ValueError:
        return 0


def _words(err: BaseException) -> str:
    text = " ".join(str(err).split())[:160] or type(err).__name__
    return f"Redis cannot be reached ({text})"


class RedisStore:
    """The tables of the cluster in one Redis database; this process's leases."""

    def __init__(self, url: str, process: str | None = None, lease_ms: int = LEASE_MS):
        import redis

        self.url = url
        self.path = Path(url)  # (the admin's log names where the tables are)
        self.process = process or uuid.uuid4().hex[:12]
        self.lease_ms = lease_ms
        self.r: Any = redis.Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0, health_check_interval=0)
        self.leases: dict[str, str] = {}  # table code -> "PROCESS:FENCE" of the leases held
        self.valid_until: dict[str, float] = {}  # by the monotonic clock
        self.books = threading.Lock()  # both of those: renewed from a thread of their own (``LeaseKeeper``)
        try:
            self.r.ping()
            self._add_action = self.r.register_script(ADD_ACTION)
            self._set_field = self.r.register_script(SET_FIELD)
            self._renew = self.r.register_script(RENEW)
            self._release = self.r.register_script(RELEASE)
            self._rename_table = self.r.register_script(RENAME_TABLE)
            self._set_watchers = self.r.register_script(SET_WATCHERS)
        except Exception as err:
            raise StoreError(_words(err)) from err

    # Keys -----------------------------------------------------------------------------
    @staticmethod
    def key(kind: str, code: str = "") -> str:
        return f"{PREFIX}{kind}:{code}" if code else f"{PREFIX}{kind}"

    def _call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        import redis

        try:
            return fn(*args, **kwargs)
        except redis.RedisError as err:
            raise StoreError(_words(err)) from err

    # Leases ---------------------------------------------------------------------------
    def acquire(self, code: str) -> bool:
        """Take the table's lease if it is free (with a new fencing number)."""
        if code in self.leases and self.may_tell(code):
            return True
        began = time.monotonic()
        if self._call(self.r.exists, self.key("lease", code)):
            return False
        fence = int(self._call(self.r.incr, self.key("fence", code)))
        value = f"{self.process}:{fence}"
        if not self._call(self.r.set, self.key("lease", code), value, nx=True, px=self.lease_ms):
            return False
        with self.books:
            self.leases[code] = value
            self.valid_until[code] = began + self.lease_ms / 1000 - MARGIN_S
        return True

    def holder(self, code: str) -> str | None:
        value = self._call(self.r.get, self.key("lease", code))
        return value.decode() if isinstance(value, bytes) else None

    def fence(self, code: str) -> int:
        value = self.leases.get(code)
        return int(value.rsplit(":", 1)[1]) if value else 0

    def may_tell(self, code: str) -> bool:
        """Whether this process surely still holds the lease (by the local clock)."""
        return time.monotonic() < self.valid_until.get(code, 0.0)

    def renew(self) -> list[str]:
        """Renew every lease held; the codes of those lost (another process has them).
        ``StoreError`` if Redis cannot be reached (the leases then lapse by the clock).
        Safe from another thread than the event loop's: a lease dropped or taken
        again meanwhile is left as the loop left it."""
        import redis

        with self.books:
            held = dict(self.leases)
        if not held:
            return []
        began = time.monotonic()
        try:
            pipe = self.r.pipeline(transaction=False)
            for code, value in held.items():
                self._renew(keys=[self.key("lease", code), self.key("fence", code)], args=[value, self.lease_ms, value.rsplit(":", 1)[1]], client=pipe)
            answers = pipe.execute()
        except redis.RedisError as err:
            raise StoreError(_words(err)) from err
        lost = []
        with self.books:
            for (code, value), answer in zip(held.items(), answers):
                if self.leases.get(code) != value:
                    continue  # (dropped, or taken again with a new fence, while this renewal ran)
                if answer == 1:
                    self.valid_until[code] = began + self.lease_ms / 1000 - MARGIN_S
                else:
                    lost.append(code)
                    self.leases.pop(code, None)
                    self.valid_until.pop(code, None)
        return lost

    def drop(self, code: str) -> None:
        with self.books:
            self.leases.pop(code, None)
            self.valid_until.pop(code, None)

    def release(self, code: str) -> None:
        value = self.leases.get(code)
        self.drop(code)
        if value is not None:
            try:
                self._release(keys=[self.key("lease", code)], args=[value])
            except Exception:  # it lapses on its own
                pass

    def _lease(self, code: str) -> str:
        value = self.leases.get(code)
        if value is None:
            raise FencedOut(f"table {code} is refereed by another process now")
        return value

    # The store's methods ----------------------------------------------------------------
    def close(self) -> None:
        for code in list(self.leases):
            self.release(code)
        try:
            self.r.close()
        except Exception:
            pass

    def checkpoint(self) -> None:
        pass  # Redis keeps its own append-only file

    def create(self, row: TableRow) -> None:
        if not self.acquire(row.code):
            raise StoreError(f"table {row.code} exists already")
        fields = {
            "base": row.base, "players": row.players, "options": json.dumps(row.options), "seed": str(row.seed),
            "host": row.host, "state": row.state, "listed": int(row.listed), "created": time.time(), "updated": time.time(),
        }  # fmt: skip
        for seat, s in enumerate(row.seats):
            fields[f"seat:{seat}"] = json.dumps(_seat(s))
        pipe = self.r.pipeline(transaction=True)
        pipe.hset(self.key("t", row.code), mapping=fields)
        pipe.sadd(self.key("live"), row.code)
        if row.listed:
            pipe.sadd(self.key("listed"), row.code)
        self._call(pipe.execute)

    def _field(self, code: str, name: str, value: str) -> None:
        done = self._call(
            self._set_field,
            keys=[self.key("lease", code), self.key("t", code), self.key("listed"), self.key("live"), self.key("playing")],
            args=[self._lease(code), name, value, time.time(), code],
        )
        if done != 1:
            self.drop(code)
            raise FencedOut(f"table {code} is refereed by another process now")

    def set_seat(self, code: str, seat: int, s: SeatRow) -> None:
        self._field(code, f"seat:{seat}", json.dumps(_seat(s)))

    def set_state(self, code: str, state: str) -> None:
        self._field(code, "state", state)

    def set_barred(self, code: str, barred: list[str]) -> None:
        self._field(code, "barred", json.dumps(barred))

    def set_watchable(self, code: str, watchable: bool) -> None:
        self._field(code, "watchable", "1" if watchable else "0")

    def set_listed(self, code: str) -> None:
        """Listed from now on, in ``m:listed`` or ``m:playing`` by the state Redis holds
        (one script: a list read meanwhile sees it in one or the other, never both)."""
        self._field(code, "listed", "1")

    def rename(self, code: str, new: str) -> None:
        """The table's keys, lease (its fencing number kept) and sets under its new code."""
        k = self.key
        done = self._call(
            self._rename_table,
            keys=[k("lease", code), k("t", code), k("j", code), k("t", new), k("j", new), k("lease", new),
                  k("fence", code), k("fence", new), k("live"), k("listed"), k("playing")],
            args=[self._lease(code), code, new],
        )  # fmt: skip
        if done == -2:
            raise StoreError(f"table {new} exists already")
        if done != 1:
            self.drop(code)
            raise FencedOut(f"table {code} is refereed by another process now")
        with self.books:
            self.leases[new] = self.leases.pop(code)
            self.valid_until[new] = self.valid_until.pop(code, 0.0)

    def add_action(self, code: str, n: int, seat: int, action: dict[str, Any], state: str) -> None:
        done = self._call(
            self._add_action,
            keys=[self.key("lease", code), self.key("j", code), self.key("t", code), self.key("listed"), self.key("playing")],
            args=[self._lease(code), n, seat, json.dumps(action), state, time.time(), code],
        )
        if done == -2:
            raise StoreError(f"table {code}: its journal does not end at action {n}")
        if done != 1:
            self.drop(code)
            raise FencedOut(f"table {code} is refereed by another process now")

    def code_taken(self, code: str) -> bool:
        return bool(self._call(self.r.exists, self.key("t", code)))

    def live_tables(self) -> list[TableRow]:
        """None: a process of a cluster resumes a table when it takes its lease (``load``)."""
        return []

    def load(self, code: str) -> TableRow | None:
        """The table as Redis holds it, its actions replayed from its stream; None if
        there is none (or it is put away)."""
        row = _row(code, self._call(self.r.hgetall, self.key("t", code)))
        if row is None:
            return None
        entries = self._call(self.r.xrange, self.key("j", code))
        row.actions = [json.loads(fields[b"a"]) for _id, fields in entries]
        return row

    def set_watchers(self, code: str, count: int) -> None:
        """How many watch the table now (its referee's count, for the cluster's list);
        nothing if the lease is no longer this process's."""
        self._call(self._set_watchers, keys=[self.key("lease", code), self.key("t", code)], args=[self._lease(code), count])

    def listed(self) -> list[tuple[TableRow, int]]:
        """The tables open to anyone, in their lobby (``m:listed``) and being played
        (``m:playing``), as Redis holds them (no actions: not replayed), each with how
        many watch it (none while nobody referees it); at most ``LISTED_READ`` of each."""
        rows: list[tuple[TableRow, int]] = []
        for kind, state in (("listed", "lobby"), ("playing", "playing")):
            codes = sorted(c.decode() for c in self._call(self.r.smembers, self.key(kind)))[:LISTED_READ]
            if not codes:
                continue
            pipe = self.r.pipeline(transaction=False)
            for code in codes:
                pipe.hgetall(self.key("t", code))
                pipe.exists(self.key("lease", code))
            answers = self._call(pipe.execute)
            for i, code in enumerate(codes):
                raw, leased = answers[2 * i], answers[2 * i + 1]
                row = _row(code, raw)
                if row is None or row.state != state:
                    continue
                rows.append((row, _count(raw.get(b"watchers")) if leased else 0))
        return rows

    def identity_book(self) -> RedisBook:
        """The identities of the cluster, in Redis: every process knows them."""
        return RedisBook(self)

    # Messages between processes -----------------------------------------------------------
    def publish(self, channel: str, text: str) -> bool:
        try:
            self.r.publish(channel, text)
            return True
        except Exception:
            return False


class RedisBook:
    """The identities of a cluster (game/net/server/identities.py), in Redis: the
    secret's hash to the identity (``m:ids:HASH``), the identity's name and its
    skeleton (``m:idn:ID``) and the skeleton to the identity holding it
    (``m:idk:SKELETON``, changed with the name in one script)."""

    def __init__(self, store: RedisStore):
        self.store = store
        self.r = store.r
        self._rename = store._call(self.r.register_script, RENAME)

    def find(self, hashed: str) -> str | None:
        value = self.store._call(self.r.get, self.store.key("ids", hashed))
        return value.decode() if isinstance(value, bytes) else None

    def add(self, identity: str, hashed: str) -> None:
        if not self.store._call(self.r.set, self.store.key("ids", hashed), identity, nx=True):
            raise StoreError("that identity exists already")

    def name(self, identity: str) -> str | None:
        value = self.store._call(self.r.hget, self.store.key("idn", identity), "name")
        return value.decode() if isinstance(value, bytes) else None

    def holder(self, shape: str) -> str | None:
        value = self.store._call(self.r.get, self.store.key("idk", shape))
        return value.decode() if isinstance(value, bytes) else None

    def rename(self, identity: str, name: str, shape: str) -> bool:
        done = self.store._call(
            self._rename,
            keys=[self.store.key("idk", shape), self.store.key("idn", identity)],
            args=[identity, name, shape, f"{PREFIX}idk:"],
        )
        return bool(done == 1)
