"""The server process of ``python -m game bench net`` (started on 127.0.0.1 with a
throw-away data folder), and its CPU and memory as Linux's /proc tells them.

No pygame here.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def cpu_s(pid: int) -> float | None:
    """User and system CPU seconds used so far by process ``pid`` (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


def start_server(home: Path, tables: int, *extra: str) -> tuple[subprocess.Popen[str], str]:
    env = {**os.environ, "MATADOR_HOME": str(home)}
    log = open(home / "server.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "serve", "--port", "0", "--max-tables", str(tables * 2 + 10), "--hello-timeout", "30", *extra],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=log,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    if not line.startswith("serving "):
        proc.kill()
        raise SystemExit(f"bench net: the server did not start: {line.strip()}")
    return proc, line.split()[1]
