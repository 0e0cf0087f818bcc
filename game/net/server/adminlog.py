"""The server's log, for the person who runs it: one line per event, with the
client's address where there is one, names where a player is meant ("Ann (seat 2)
dropped"), refused requests with their reason, seats and rounds counted from 1
as the players see them; every ``STATUS_S`` a line with the tables, the
connections and the memory used; a summary when the server stops. With
``--log-json`` each line is one JSON object (``time``, ``level``, ``event`` and the
event's fields, and ``message``: the line's words).

No pygame here.
"""

from __future__ import annotations

import json
import logging
import time
from collections import Counter
from pathlib import Path
from typing import Any

log = logging.getLogger("matador.server")

STATUS_S = 60.0

# Each event's line; {seat} and {round} are counted from 1 here.
LINES = {
    "listening": "listening on {address} with {tables} tables resumed (data: {data})",
    "created": "table {table}: created by {name} [{address}] ({rules}, {players} players)",
    "seated": "table {table}: {name} takes seat {seat} [{address}]",
    "back": "table {table}: {name} (seat {seat}) is back [{address}]",
    "dropped": "table {table}: {name} (seat {seat}) dropped [{address}]",
    "left": "table {table}: {name} (seat {seat}) left [{address}]",
    "refused": "refused {about} from [{address}]: {reason} ({code})",
    "closed_conn": "closed a connection [{address}]: {reason}",
    "started": "table {table}: started",
    "dealt": "table {table}: round {round} dealt",
    "round_over": "table {table}: round {round} over ({end}, {winner})",
    "match_over": "table {table}: match over, {winner} wins, totals {totals}",
    "given": "table {table}: seat {seat} ({name}) given to a computer ({computer})",
    "removed": "table {table}: the host removed {name} from seat {seat}",
    "new_code": "table {table}: the host gave the table this new code (it was {was})",
    "identity": "a new identity {identity} [{address}] ({why})",
    "claim": "table {table}: {name} asks for seat {seat} [{address}]",
    "claim_answered": "table {table}: the host {answer} {name} seat {seat}",
    "halted": "table {table}: halted: a write failed ({reason})",
    "unhalted": "table {table}: writes work again: play goes on",
    "resumed": "table {table}: resumed ({state}, {actions} actions)",
    "given_up": "table {table}: given up ({why}): another process referees it",
    "unresumable": "table {table}: cannot be resumed: {reason}",
    "put_away": "table {table}: put away ({why})",
    "status": "status: {tables} tables ({lobby} in the lobby, {playing} playing, {over} over, {halted} halted), {connections} connections, {thinking} computers thinking or waiting, RSS {rss_mb} MB; {quiet} requests refused without a line since the last status (5 lines a minute per address)",
    "stopped": "stopped after {uptime}: tables created {created}, matches finished {matches}, actions {actions}, requests refused {refused}, drops {dropped}, connections at most {peak_connections} at once, RSS at most {peak_rss_mb} MB; computer decisions {decisions} in the workers for {owners} clients and {inline} at once, a decision waiting behind at most {most_ahead} of other clients' per turn of its own client",
}


def rss_mb() -> float | None:
    """This process's resident memory (Linux), or None."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError, IndexError):
        pass
    return None


class JsonLines(logging.Formatter):
    """A log record as one JSON object: the event's fields, and the line's words."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {"time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"), "level": record.levelname.lower()}
        fields = getattr(record, "fields", None)
        if isinstance(fields, dict):
            entry.update(fields)
        entry["message"] = record.getMessage()
        if record.exc_info:
            entry["traceback"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str, ensure_ascii=False)


def setup(verbose: bool, json_lines: bool) -> None:
    import sys

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines() if json_lines else logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    logging.getLogger("websockets").setLevel(logging.WARNING)


class AdminLog:
    """Counts what happened and writes each event as its line."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.counts: Counter[str] = Counter()
        self.peak_connections = 0
        self.peak_rss = 0.0

    def event(self, kind: str, level: int = logging.INFO, **fields: Any) -> None:
        self.counts[kind] += 1
        shown = dict(fields)
        for key in ("seat", "round"):  # counted from 1, as the players see them
            if isinstance(shown.get(key), int):
                shown[key] = shown[key] + 1
        if shown.get("address") is None:
            shown["address"] = "?"
        if kind in ("round_over", "match_over") and shown.get("winner") is None:
            shown["winner"] = "nobody"
        try:
            text = LINES[kind].format(**shown)
        except (KeyError, IndexError, ValueError):
            text = f"{kind}: " + ", ".join(f"{k}={v}" for k, v in shown.items())
        log.log(level, "%s", text, extra={"fields": {"event": kind, **shown}})

    def status(self, tables: dict[str, int], connections: int, thinking: int) -> None:
        rss = rss_mb()
        self.peak_connections = max(self.peak_connections, connections)
        if rss is not None:
            self.peak_rss = max(self.peak_rss, rss)
        quiet = self.counts["refused_quietly"] - self.counts["refused_quietly_said"]
        self.counts["refused_quietly_said"] += quiet
        self.event("status", connections=connections, thinking=thinking, rss_mb=rss if rss is not None else "?", quiet=quiet, **tables)
        self.counts["status"] -= 1

    def connections(self, count: int) -> None:
        if count > self.peak_connections:
            self.peak_connections = count

    def summary(self, decisions: int = 0, owners: int = 0, most_ahead: float = 0.0, inline: int = 0) -> None:
        rss = rss_mb()
        if rss is not None:
            self.peak_rss = max(self.peak_rss, rss)
        self.event(
            "stopped",
            uptime=_duration(time.monotonic() - self.started),
            created=self.counts["created"],
            matches=self.counts["match_over"],
            actions=self.counts["action"],
            refused=self.counts["refused"],
            dropped=self.counts["dropped"],
            peak_connections=self.peak_connections,
            peak_rss_mb=self.peak_rss or "?",
            decisions=decisions,
            owners=owners,
            most_ahead=round(most_ahead, 2),
            inline=inline,
        )


def _duration(seconds: float) -> str:
    minutes, s = divmod(int(seconds), 60)
    hours, m = divmod(minutes, 60)
    if hours:
        return f"{hours} h {m} min"
    if minutes:
        return f"{m} min {s} s"
    return f"{s} s"
