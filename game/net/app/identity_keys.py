"""Who the app is on each server: the secret each server gave it on first contact
(game/net/server/identities.py, docs/network.md "Who you are on a server"),
kept by server address in one small file of the user data folder, written
atomically. The secret is the identity: it moves with the user's files, and the
server keeps only its hash.

The server this app hosts (game/net/app/hosting.py) is keyed by its folder, not its
address (``hosting_at``): its port may change from one run to the next, its
identities stay in that folder, and the host is the same person there each time.

A file that cannot be read (or holds anything that is not a server's secret) is
moved aside whole by ``game.storage.load_json`` and kept (``NAME.broken-...``)
before a new one is written: no identity is silently written over; ``problem()``
says what happened, once, in the player's words.

No pygame here.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from game.net.shared.protocol import DEFAULT_PORT
from game.resources import user_data_dir
from game.storage import Loaded, UnreadableFile, load_json, save_json

FILE_NAME = "server-identities.json"
FORMAT = "matador-server-identities/1"
MAX_SERVERS = 200  # the most servers remembered (the oldest first forgotten)
_SECRET = re.compile(r"[0-9a-f]{64}")
_ID = re.compile(r"[0-9a-f]{16}")
_CHANGING = threading.RLock()  # one read-change-write of the file at a time
_problem: list[str] = []  # what went wrong reading the file, not yet told
_hosted: dict[str, str] = {}  # the address of a server this app hosts -> its key (by its folder)


def path() -> Path:
    return user_data_dir() / FILE_NAME


def hosting_at(url: str | None, folder: Path, hosting: bool = True) -> None:
    """This app hosts a server at ``url``, its tables in ``folder`` (or no longer)."""
    if url is None:
        return
    if hosting:
        _hosted[_address_key(url)] = f"hosted:{folder.resolve()}"[:300]
    else:
        _hosted.pop(_address_key(url), None)


def server_key(url: str) -> str:
    """A server's address as the file keys it: ``host:port``, lower case (``ws://``
    and ``wss://`` of one host and port are one server); a server this app hosts,
    by its folder."""
    key = _address_key(url)
    return _hosted.get(key, key)


def _address_key(url: str) -> str:
    try:
        parts = urlsplit(url if "://" in url else f"ws://{url}")
        host, port = (parts.hostname or "").lower(), parts.port or DEFAULT_PORT
    except ValueError:
        return url.strip().lower()[:300]
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _validate(data: Any) -> dict[str, dict[str, Any]]:
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("servers"), dict):
        raise UnreadableFile("it is not a file of identities on servers")
    servers: dict[str, dict[str, Any]] = {}
    for key, entry in data["servers"].items():
        if not isinstance(key, str) or len(key) > 300 or not isinstance(entry, dict):
            raise UnreadableFile("a server's entry is not one")
        secret, identity, name = entry.get("secret"), entry.get("id"), entry.get("name")
        if not isinstance(secret, str) or not _SECRET.fullmatch(secret):
            raise UnreadableFile("a server's secret is not one")
        if identity is not None and not (isinstance(identity, str) and _ID.fullmatch(identity)):
            raise UnreadableFile("a server's identity is not one")
        if name is not None and not (isinstance(name, str) and len(name) <= 200):
            raise UnreadableFile("a name is not one")
        servers[key] = {"secret": secret, "id": identity, "name": name}
    return servers


def load() -> dict[str, dict[str, Any]]:
    """Every server's entry (``secret``, ``id``, ``name``); a broken file is moved
    aside (its message waits in ``problem``)."""
    with _CHANGING:
        found: Loaded = load_json(path(), "identities on servers", _validate)
        if found.message is not None:
            _problem.append(found.message)
        return dict(found.data or {})


def problem() -> str | None:
    """What went wrong with the file since last asked (told once), if anything."""
    with _CHANGING:
        told = " ".join(_problem) or None
        _problem.clear()
        return told


def secret_for(url: str) -> str | None:
    entry = load().get(server_key(url))
    return str(entry["secret"]) if entry else None


def entry_for(url: str) -> dict[str, Any] | None:
    return load().get(server_key(url))


def keep(url: str, secret: str | None, identity: str | None, name: str | None) -> None:
    """Remember who the app is at ``url`` (a new ``secret``, or None to keep the
    one known); ``OSError`` if the file cannot be written."""
    key = server_key(url)
    with _CHANGING:
        servers = load()
        old = servers.pop(key, None)
        kept = secret or (old["secret"] if old else None)
        if kept is None or not _SECRET.fullmatch(kept):
            return
        servers[key] = {"secret": kept, "id": identity if identity and _ID.fullmatch(identity) else None, "name": name}
        while len(servers) > MAX_SERVERS:
            del servers[next(iter(servers))]
        if old is not None and old == servers[key]:
            return
        save_json(path(), {"format": FORMAT, "servers": servers})
        try:
            os.chmod(path(), 0o600)  # the secrets are the user's alone
        except OSError:
            pass


def heard(url: str, told: Any) -> dict[str, Any] | None:
    """``hello``'s ``identity`` from the server at ``url`` (a new secret kept);
    what of it the app shows (``id``, ``name``, and ``ratings`` as told: read by
    game/net/app/leaderboard.py), or None if it is not one."""
    if not isinstance(told, dict):
        return None
    identity, name, secret = told.get("id"), told.get("name"), told.get("secret")
    if not isinstance(identity, str) or not _ID.fullmatch(identity):
        return None
    name = name if isinstance(name, str) and len(name) <= 200 else None
    if secret is not None and not (isinstance(secret, str) and _SECRET.fullmatch(secret)):
        return None
    try:
        keep(url, secret, identity, name)
    except OSError:  # said by the storage's write troubles; the identity holds for this connection
        pass
    shown: dict[str, Any] = {"id": identity, "name": name}
    ratings = told.get("ratings")
    if isinstance(ratings, dict):
        shown["ratings"] = ratings
    return shown
