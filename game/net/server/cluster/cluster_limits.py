"""The per-address limits of a cluster (``serve --redis``), in Redis: the caps on
connections, tables and computer seats, and the slow bucket of codes that lead
nowhere (guessing), held across all its processes (game/net/server/limits.py
has the lone server's, in memory, and what each means).

- **Connections**: ``m:ac:HOST`` (a hash), each process's count of that
  address's connections. A process says it lives with ``m:alive:PROCESS``
  (a time to live of ``ALIVE_MS``, renewed with its leases); the counts of a
  process that is not alive (killed with -9) are dropped by the next script
  that sums them, so they lapse with it.
- **Tables**: ``m:at:HOST`` (a set) the tables created from the address and
  not yet put away, ``m:acp:HOST`` (a hash) their computer seats, and
  ``m:ow:CODE`` the address that created a table (whichever process puts it
  away, a takeover's referee or the sweep, frees its share). They expire a day
  after the address last created a table, so that a slip never bars it for good.
- **Guesses**: ``m:ag:HOST`` (a hash: ``tokens``, ``at``), a token bucket of
  ``GUESS_RATE`` a second, at most ``GUESS_BURST``, filled by Redis's clock.

Each is one Lua script (one round trip). The rate buckets of messages, costly
requests and new connections stay each process's own (they pace what one
process does). Redis away: each process falls back on its own counts in memory
(``Addresses``) until Redis answers again.

No pygame here.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from game.net.server.limits import GUESS_BURST, GUESS_RATE, Addresses, Limits
from game.net.server.cluster.redis_store import PREFIX
from game.net.shared.protocol import ProtocolError

if TYPE_CHECKING:
    from game.net.server.cluster.redis_store import RedisStore

log = logging.getLogger("matador.server")

ALIVE_MS = 5000  # a process's word that it lives, renewed every RENEW_S
ALIVE_PREFIX = f"{PREFIX}alive:"
KEEP_S = 86400  # an address's tables and their computers are forgotten this long after its last table

# KEYS: m:ac:HOST; ARGV: this process, the most connections, the alive keys' prefix,
# +1 (one more: refused at the most) or -1 (one fewer). The total, or -1 if refused.
CONNECT = """
local total = 0
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  local proc, count = fields[i], tonumber(fields[i + 1])
  if proc == ARGV[1] or redis.call('EXISTS', ARGV[3] .. proc) == 1 then
    total = total + count
  else
    redis.call('HDEL', KEYS[1], proc)
  end
end
local step = tonumber(ARGV[4])
if step > 0 and total >= tonumber(ARGV[2]) then return -1 end
local mine = redis.call('HINCRBY', KEYS[1], ARGV[1], step)
if mine <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) end
redis.call('PEXPIRE', KEYS[1], 86400000)
return total + step
"""
# KEYS: m:ag:HOST; ARGV: rate a second, burst, 1 to take a token (0: only ask).
# 1 if a token was there (and taken when asked), else 0.
BUCKET = """
local now = redis.call('TIME')
local t = tonumber(now[1]) + tonumber(now[2]) / 1e6
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local tokens = tonumber(redis.call('HGET', KEYS[1], 'tokens') or burst)
local at = tonumber(redis.call('HGET', KEYS[1], 'at') or t)
tokens = math.min(burst, tokens + math.max(0, t - at) * rate)
local had = 0
if tokens >= 1 then had = 1 end
if had == 1 and ARGV[3] == '1' then tokens = tokens - 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(t))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return had
"""
# KEYS: m:ow:CODE, then the prefixes' keys are built from the owner. ARGV: code, prefix.
PUT_AWAY = """
local host = redis.call('GET', KEYS[1])
if not host then return 0 end
redis.call('SREM', ARGV[2] .. 'at:' .. host, ARGV[1])
redis.call('HDEL', ARGV[2] .. 'acp:' .. host, ARGV[1])
redis.call('DEL', KEYS[1])
return 1
"""


class RedisAddresses(Addresses):
    """``Addresses`` whose caps on connections, tables and computers, and whose
    guesses, hold across the cluster's processes (Redis); the rest as ``Addresses``."""

    def __init__(self, store: RedisStore, limits: Limits | None = None):
        super().__init__(limits)
        self.store = store
        self.r = store.r
        self.up = True
        self._connect = self.r.register_script(CONNECT)
        self._bucket = self.r.register_script(BUCKET)
        self._put_away = self.r.register_script(PUT_AWAY)

    def _key(self, kind: str, host: str) -> str:
        return self.store.key(kind, host)

    def _redis(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        """``fn`` in Redis, or None if Redis cannot be reached (then the counts in memory hold)."""
        try:
            answer = fn(*args, **kwargs)
        except Exception as err:
            if self.up:
                log.warning("per-address limits: Redis cannot be reached (%s); each process counts its own", " ".join(str(err).split())[:120])
            self.up = False
            return None
        self.up = True
        return answer

    def alive(self) -> None:
        """This process lives (renewed with its leases: the counts of its connections hold)."""
        self._redis(self.r.set, ALIVE_PREFIX + self.store.process, "1", px=ALIVE_MS)

    # Connections ---------------------------------------------------------------------
    def may_open(self, host: str) -> bool:
        if not super().may_open(host):
            return False
        total = self._redis(self._connect, keys=[self._key("ac", host)], args=[self.store.process, self.limits.connections, ALIVE_PREFIX, 0])
        return total is None or int(total) < self.limits.connections

    def connect(self, host: str) -> bool:
        if not super().connect(host):
            return False
        total = self._redis(self._connect, keys=[self._key("ac", host)], args=[self.store.process, self.limits.connections, ALIVE_PREFIX, 1])
        if total is not None and int(total) < 0:
            super().disconnect(host)
            return False
        return True

    def disconnect(self, host: str) -> None:
        super().disconnect(host)
        self._redis(self._connect, keys=[self._key("ac", host)], args=[self.store.process, self.limits.connections, ALIVE_PREFIX, -1])

    # Tables and computers -------------------------------------------------------------
    def may_create(self, host: str, computers: int) -> None:
        pipe = self.r.pipeline(transaction=False)
        pipe.scard(self._key("at", host))
        pipe.hvals(self._key("acp", host))
        answers = self._redis(pipe.execute)
        if answers is None:
            super().may_create(host, computers)
            return
        tables, seats = int(answers[0]), sum(int(v) for v in answers[1])
        if tables >= self.limits.tables:
            raise ProtocolError(f"your address holds {tables} tables, its most: finish one first", "address_tables", most=self.limits.tables)
        if computers and seats + computers > self.limits.computers:
            raise ProtocolError(
                f"the tables of your address may hold {self.limits.computers} computers at most", "address_computers", most=self.limits.computers
            )

    def created(self, host: str, code: str, computers: int) -> None:
        super().created(host, code, computers)
        pipe = self.r.pipeline(transaction=True)
        pipe.set(self.store.key("ow", code), host)
        pipe.sadd(self._key("at", host), code)
        pipe.expire(self._key("at", host), KEEP_S)
        if computers:
            pipe.hset(self._key("acp", host), code, computers)
        pipe.expire(self._key("acp", host), KEEP_S)
        self._redis(pipe.execute)

    def owner(self, code: str) -> str:
        """The address that created table ``code`` ("" if Redis does not say)."""
        value = self._redis(self.r.get, self.store.key("ow", code))
        return value.decode() if isinstance(value, bytes) else ""

    def computers_changed(self, host: str, code: str, computers: int) -> None:
        super().computers_changed(host, code, computers)
        if self._redis(self.r.sismember, self._key("at", host), code):
            self._redis(self.r.hset, self._key("acp", host), code, computers)

    def put_away(self, host: str, code: str) -> None:
        """The table's share of its creator's address freed, whichever process
        puts it away (the address is the one Redis says created it)."""
        super().put_away(host, code)
        self._redis(self._put_away, keys=[self.store.key("ow", code)], args=[code, PREFIX])

    # Guesses --------------------------------------------------------------------------
    def may_guess(self, host: str) -> None:
        had = self._redis(self._bucket, keys=[self._key("ag", host)], args=[GUESS_RATE, GUESS_BURST, 0])
        if had is None:
            super().may_guess(host)
        elif not had:
            raise ProtocolError("too many tries with codes that lead nowhere: wait a minute", "too_many_tries")

    def guessed_wrong(self, host: str) -> None:
        if self._redis(self._bucket, keys=[self._key("ag", host)], args=[GUESS_RATE, GUESS_BURST, 1]) is None:
            super().guessed_wrong(host)
