"""Seats taken at network tables, kept so that the app takes its seat back after
a lost connection or a restart (the server gives a seat back to its token for as
long as the table lasts). One small file in the user data folder, written
atomically; a broken one is moved aside like every other user file.

The host's own seat at a table this app hosts is kept too (``hosted``: how the
server listened, visible on the local network or not, and on which port), so that
after a restart (or kill -9) *Play with friends* offers the host *Back to table*:
it starts the hosted server again, which resumes the table from its journal
(game/net/server/journal.py), and takes the host's seat back. The seats of the other
people at the host's screen (``Hosted.here``) are kept with it and taken back too.

Seats are remembered from the network threads and from the frame loop: every
change of the file is made under one lock."""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.i18n import N_
from game.net.app.client import Seated
from game.net.shared.protocol import ProtocolError, normal_code
from game.resources import user_data_dir
from game.storage import Loaded, UnreadableFile, load_json, save_json

FILE_NAME = "network-seats.json"
KEEP = 12  # the newest seats kept
KEEP_S = 7 * 24 * 3600.0  # and none older than a week
MAX_SEATS = 8  # the most a rule set seats (Family Matador)
_TOKEN = re.compile(r"[0-9a-f]{32}")
_CHANGING = threading.RLock()  # one read-change-write of the file at a time


@dataclass(frozen=True)
class KeptSeat:
    seated: Seated
    name: str  # the player's name at that table
    saved_at: float  # time.time() when the seat was taken
    hosted: Hosted | None = None  # this app hosts the table: how it listened


@dataclass(frozen=True)
class Here:
    """Another person at the host's screen: their seat, its token, their name."""

    seat: int
    token: str
    name: str


@dataclass(frozen=True)
class Hosted:
    """How the app hosting a table listened (to listen the same way again), and
    the other people at its screen."""

    visible: bool
    port: int
    here: tuple[Here, ...] = ()


def path() -> Path:
    return user_data_dir() / FILE_NAME


def _checked_seat(seat: Any, token: Any, name: Any) -> tuple[int, str, str]:
    """A kept seat's number, token and name, each as the game writes it (else the file is broken)."""
    if not (isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < MAX_SEATS):
        raise UnreadableFile(N_("a seat's number is not one"))
    if not (isinstance(token, str) and _TOKEN.fullmatch(token)):
        raise UnreadableFile(N_("a seat's token is not one"))
    if not (isinstance(name, str) and len(name) <= 100):
        raise UnreadableFile(N_("a seat's name is not one"))
    return seat, token, name


def _seat(entry: Any) -> KeptSeat:
    if not isinstance(entry, dict):
        raise UnreadableFile(N_("a seat is not an object"))
    url, table, seat, token = entry.get("url"), entry.get("table"), entry.get("seat"), entry.get("token")
    name, saved_at = entry.get("name", ""), entry.get("saved_at")
    if not (isinstance(url, str) and url.startswith(("ws://", "wss://")) and len(url) <= 300):
        raise UnreadableFile(N_("a seat's address is not a table's"))
    try:
        table = normal_code(table)
    except ProtocolError:
        raise UnreadableFile(N_("a seat's table code is not one")) from None
    seat, token, name = _checked_seat(seat, token, name)
    if not (isinstance(saved_at, (int, float)) and not isinstance(saved_at, bool)):
        raise UnreadableFile(N_("a seat has no time"))
    hosted = entry.get("hosted")
    kept_hosted = None
    if hosted is not None:
        port, visible = hosted.get("port") if isinstance(hosted, dict) else None, hosted.get("visible") if isinstance(hosted, dict) else None
        if not (isinstance(port, int) and not isinstance(port, bool) and 0 <= port < 65536 and isinstance(visible, bool)):
            raise UnreadableFile(N_("a hosted table's port is not one"))
        kept_hosted = Hosted(visible, port, _here(hosted.get("here", [])))
    return KeptSeat(Seated(url, table, seat, token), name, float(saved_at), kept_hosted)


def _here(entries: Any) -> tuple[Here, ...]:
    if not isinstance(entries, list) or len(entries) > MAX_SEATS:
        raise UnreadableFile(N_("the people at a hosted table's screen are not a list of seats"))
    found: dict[int, Here] = {}
    for entry in entries:
        seat, token, name = (entry.get(k) for k in ("seat", "token", "name")) if isinstance(entry, dict) else (None, None, None)
        seat, token, name = _checked_seat(seat, token, name)
        found[seat] = Here(seat, token, name)
    return tuple(found[seat] for seat in sorted(found))


def _validate(data: Any) -> list[KeptSeat]:
    if not isinstance(data, dict) or data.get("format") != "matador-network-seats/1" or not isinstance(data.get("seats"), list):
        raise UnreadableFile(N_("it is not a list of seats"))
    return [_seat(entry) for entry in data["seats"]]


def load(now: float | None = None) -> tuple[list[KeptSeat], str | None]:
    """The kept seats, newest first, and a line for the player if the file was broken."""
    found: Loaded = load_json(path(), "seats at network tables", _validate)
    now = time.time() if now is None else now
    seats = [kept for kept in (found.data or []) if now - kept.saved_at <= KEEP_S]
    seats.sort(key=lambda kept: kept.saved_at, reverse=True)
    return seats[:KEEP], found.message


def _save(seats: list[KeptSeat]) -> None:
    save_json(path(), {
        "format": "matador-network-seats/1",
        "seats": [_entry(kept) for kept in seats],
    })


def _entry(kept: KeptSeat) -> dict[str, Any]:
    entry: dict[str, Any] = {**kept.seated.to_json(), "name": kept.name, "saved_at": kept.saved_at}
    if kept.hosted is not None:
        entry["hosted"] = {"visible": kept.hosted.visible, "port": kept.hosted.port}
        if kept.hosted.here:
            entry["hosted"]["here"] = [{"seat": h.seat, "token": h.token, "name": h.name} for h in kept.hosted.here]
    return entry


def _at(kept: KeptSeat, url: str, table: str) -> bool:
    try:
        return kept.seated.url == url and kept.seated.table == normal_code(table)
    except ProtocolError:
        return False


def remember(seated: Seated, name: str, now: float | None = None, hosted: Hosted | None = None) -> None:
    """Keep a seat just taken (it replaces any older seat at the same table; the
    host's seat at a table this app hosts, ``hosted``, replaces its own older one
    whatever the port was, and keeps the people at its screen kept with it)."""

    def same(k: KeptSeat) -> bool:
        if k.seated.token == seated.token:  # the same seat, at another address
            return True
        if (k.hosted is None) != (hosted is None):  # the host's seat and a friend's are kept apart
            return False
        return _at(k, seated.url, seated.table) or (hosted is not None and k.seated.table == seated.table)

    with _CHANGING:
        seats, _ = load(now)
        if hosted is not None and not hosted.here:
            before = next((k.hosted for k in seats if k.hosted is not None and k.seated.table == seated.table), None)
            if before is not None:
                hosted = Hosted(hosted.visible, hosted.port, before.here)
        kept = KeptSeat(seated, name, time.time() if now is None else now, hosted)
        _save([kept, *[k for k in seats if not same(k)]][:KEEP])


def remember_here(seated: Seated, name: str) -> bool:
    """Keep the seat of another person at the host's screen with the host's seat
    at that table (taken back with it after a restart). False: the host's seat
    is not kept (yet, or at all), so neither is this one."""
    with _CHANGING:
        seats, _ = load()
        host = next((k for k in seats if k.hosted is not None and k.seated.table == seated.table), None)
        if host is None or host.hosted is None:
            return False
        here = {h.seat: h for h in host.hosted.here} | {seated.seat: Here(seated.seat, seated.token, name)}
        hosted = Hosted(host.hosted.visible, host.hosted.port, tuple(here[s] for s in sorted(here)))
        _save([KeptSeat(host.seated, host.name, host.saved_at, hosted) if k is host else k for k in seats])
        return True


def forget_hosted(but: str | None = None) -> list[KeptSeat]:
    """Drop the host's seats at the tables this app hosted (but the table ``but``,
    being taken back): those tables are closed. Returns the seats dropped."""
    with _CHANGING:
        seats, _ = load()
        dropped = [k for k in seats if k.hosted is not None and k.seated.table != but]
        if dropped:
            _save([k for k in seats if k not in dropped])
        return dropped


def forget(url: str, table: str) -> None:
    """Drop the seat at a table that is over."""
    with _CHANGING:
        seats, _ = load()
        _save([k for k in seats if not _at(k, url, table)])


def find(url: str, table: str) -> KeptSeat | None:
    """The seat kept at this table, if any."""
    seats, _ = load()
    return next((k for k in seats if _at(k, url, table)), None)


def at_table(table: str) -> KeptSeat | None:
    """The seat kept at a friend's table of this code, whatever its address (a host
    whose app restarted may host it again on another port: joining it at the new
    address takes the seat back)."""
    try:
        code = normal_code(table)
    except ProtocolError:
        return None
    seats, _ = load()
    return next((k for k in seats if k.hosted is None and k.seated.table == code), None)
