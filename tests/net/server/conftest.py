"""The cluster tests' Redis: one ``redis-server`` per test worker (on a free port of
127.0.0.1, started and stopped here), each test a database of its own."""

from __future__ import annotations

import itertools
import os
from typing import Iterator

import pytest

from game.bench.cluster_bench import RedisServer

_dbs = itertools.count(1)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One redis-server for this worker's tests; each test its own database."""
    if RedisServer.found() is None or not has_redis_client():
        if os.environ.get("CI") == "true":
            pytest.fail("redis-server (apt-get install redis-server) and the redis client (pip install .[test]) must be on CI")
        pytest.skip("redis-server is not on PATH (Debian: apt-get install redis-server), or the redis client is not installed")
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    yield server
    server.stop()


def has_redis_client() -> bool:
    try:
        import redis  # noqa: F401
    except ImportError:
        return False
    return True



def fresh_db(server: RedisServer) -> int:
    """A database of ``server`` emptied for one test."""
    import redis

    db = next(_dbs) % 64
    redis.Redis.from_url(server.url(db)).flushdb()
    return db
