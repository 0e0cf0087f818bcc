"""A cluster process's leases, renewed from a thread of its own.

A referee holds each table's lease for ``LEASE_MS`` and renews it every
``RENEW_S`` (game/net/server/cluster/redis_store.py). Renewed from the event
loop, a lease lapsed whenever the loop was busy for longer than its margin: a
burst of moves, each waiting for Redis's fsync (the store's writes are
synchronous), held the loop past 1.7 s, and another process took a table from a
live referee (seen once in eleven runs of ``bench cluster`` at 200 tables).
``LeaseKeeper`` renews them from its own thread, so a busy loop keeps its
tables; the loop still says it lives (``beat``), and a loop that has not beaten
for ``STALL_S`` (hung) lets them lapse, so its tables go to other processes as
a killed one's do. A process stopped (SIGSTOP) stops this thread too: fencing
is as before. No pygame here.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Callable

from game.net.server.cluster.redis_store import RENEW_S

log = logging.getLogger("matador.server")

STALL_S = 10.0  # an event loop that has not beaten for this long lets its leases lapse


class LeaseKeeper(threading.Thread):
    """Every ``RENEW_S``: ``keep`` (renew, in this thread; the codes of the leases
    lost), then ``lost`` with those codes on the event loop ``loop``; nothing while
    the loop's last ``beat`` is older than ``STALL_S``."""

    def __init__(self, keep: Callable[[], list[str]], lost: Callable[[list[str]], None], loop: asyncio.AbstractEventLoop) -> None:
        super().__init__(name="matador-leases", daemon=True)
        self.keep, self.lost, self.loop = keep, lost, loop
        self.beat = time.monotonic()  # the loop's word that it runs (``beat_now``)
        self.stopping = threading.Event()

    def beat_now(self) -> None:
        """(On the loop) it runs."""
        self.beat = time.monotonic()

    def run(self) -> None:
        while not self.stopping.wait(RENEW_S):
            if time.monotonic() - self.beat > STALL_S:
                continue  # the loop is hung: the leases lapse, the tables go elsewhere
            try:
                lost = self.keep()
            except Exception:
                log.exception("renewing the leases failed")
                continue
            if lost:
                try:
                    self.loop.call_soon_threadsafe(self.lost, lost)
                except RuntimeError:  # the loop has closed: the process is ending
                    return

    def stop(self) -> None:
        self.stopping.set()
        if self.is_alive() and threading.current_thread() is not self:
            self.join(2 * RENEW_S + 2.0)


__all__ = ["LeaseKeeper", "STALL_S"]
