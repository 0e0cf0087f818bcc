"""Who a connection is on this server: an *identity*, given on first contact and
kept by the app, never a password (docs/network.md, "Who you are on a server").

An identity is a public opaque id (``identity_id``: 16 random hex digits, not
derived from a name or from the secret) and a secret: 32 random bytes, written as
64 hex digits, that the server gives the app once (in ``hello``) and keeps only
as its SHA-256. A stolen database therefore seats nobody. The secret is never compared
itself: it is hashed, and the hash looked up (an index, a dict, a Redis key), so
the time a lookup takes can say something of the hash only, never of a secret
(guessing one is guessing 256 random bits).

``identify(secret)``: a secret this server knows gives its identity (and no new
secret); no secret, or one that is malformed (not 64 lower-case hex digits, so
also anything oversized) or unknown (forged, or from a server whose data was
reset), gives a **fresh identity** with a new secret: knowing another
identity's id or name never gives that identity. A server bounds how fast one
address makes fresh identities (endpoint.py).

Each identity may hold one display name on the server, unique by the name rules
(game/net/server/name_rules.py): no two identities hold names that look alike
(one skeleton), and no name of a computer level or beginning with @.
``set_name`` changes it (the old one is free again at once).

Where identities are kept: a book (``IdentityBook``) that the table store gives
(``identity_book()``: SQLite for ``serve``, a JSON file beside the hosted app's
table files, Redis for a cluster, so every process knows them); a store without
one keeps them in memory (``MemoryBook``, tests).

No pygame here.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
import secrets
from pathlib import Path
from typing import Any, Protocol

from game.net.server.name_rules import check_name, clean_name, skeleton
from game.net.shared.protocol import ProtocolError

log = logging.getLogger("matador.server")

SECRET = re.compile(r"[0-9a-f]{64}")  # 32 bytes as hex: what ``new_secret`` makes
ID = re.compile(r"[0-9a-f]{16}")
FILE_NAME = "identities.json"
FILE_FORMAT = "matador-identities/1"


def new_secret() -> str:
    return secrets.token_hex(32)


def secret_hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("ascii")).hexdigest()


def well_formed(secret: Any) -> bool:
    return isinstance(secret, str) and len(secret) == 64 and SECRET.fullmatch(secret) is not None


class IdentityBook(Protocol):
    """Where a server keeps its identities (each method one write or read)."""

    def find(self, hashed: str) -> str | None:
        """The identity whose secret has this hash."""

    def add(self, identity: str, hashed: str) -> None: ...

    def name(self, identity: str) -> str | None: ...

    def holder(self, shape: str) -> str | None:
        """The identity holding a name of this skeleton."""

    def rename(self, identity: str, name: str, shape: str) -> bool:
        """Give ``identity`` the name (in one step); False if another identity holds ``shape``."""


class MemoryBook:
    """Identities in memory only (a server without a store for them: tests)."""

    def __init__(self) -> None:
        self.secrets: dict[str, str] = {}  # hash -> identity
        self.names: dict[str, tuple[str, str]] = {}  # identity -> (name, skeleton)
        self.shapes: dict[str, str] = {}  # skeleton -> identity

    def find(self, hashed: str) -> str | None:
        return self.secrets.get(hashed)

    def add(self, identity: str, hashed: str) -> None:
        self.secrets[hashed] = identity

    def name(self, identity: str) -> str | None:
        held = self.names.get(identity)
        return held[0] if held else None

    def holder(self, shape: str) -> str | None:
        return self.shapes.get(shape)

    def rename(self, identity: str, name: str, shape: str) -> bool:
        other = self.shapes.get(shape)
        if other is not None and other != identity:
            return False
        old = self.names.get(identity)
        if old is not None:
            self.shapes.pop(old[1], None)
        self.names[identity] = (name, shape)
        self.shapes[shape] = identity
        return True


class FileBook(MemoryBook):
    """Identities in one JSON file (the tables hosted by the app, beside their
    journal files): written whole and atomically after each change. A file that
    cannot be read is moved aside (kept, never written over) and said in the log."""

    def __init__(self, path: Path):
        super().__init__()
        self.path = path
        self._read()

    def _read(self) -> None:
        from game.storage import read_regular, move_aside

        try:
            raw = read_regular(self.path, 16 << 20)
            if raw is None:
                return
            data = json.loads(raw.decode("utf-8"))
            if not isinstance(data, dict) or data.get("format") != FILE_FORMAT or not isinstance(data.get("identities"), list):
                raise ValueError("it is not a file of identities")
            for entry in data["identities"]:
                identity, hashed, name = entry["id"], entry["hash"], entry.get("name")
                if not (isinstance(identity, str) and ID.fullmatch(identity) and isinstance(hashed, str) and SECRET.fullmatch(hashed)):
                    raise ValueError("an identity is not one")
                self.secrets[hashed] = identity
                if isinstance(name, str):
                    shape = skeleton(name)
                    self.names[identity] = (name, shape)
                    self.shapes[shape] = identity
        except Exception as err:  # whatever the file did to the reader: kept aside, never written over
            self.secrets.clear()
            self.names.clear()
            self.shapes.clear()
            try:
                moved = move_aside(self.path)
                log.error("the identities in %s cannot be read (%s): kept as %s", self.path, err, moved.name)
            except OSError:
                log.error("the identities in %s cannot be read (%s)", self.path, err)
                raise

    def _write(self) -> None:
        from game.net.server.store import StoreError, make_private, why
        from game.resources import write_atomically

        by_id = {identity: hashed for hashed, identity in self.secrets.items()}
        entries = [{"id": identity, "hash": hashed, "name": self.name(identity)} for identity, hashed in sorted(by_id.items())]
        try:
            write_atomically(self.path, json.dumps({"format": FILE_FORMAT, "identities": entries}, separators=(",", ":")))
            make_private(self.path)
        except OSError as err:
            raise StoreError(why(err)) from err

    def add(self, identity: str, hashed: str) -> None:
        super().add(identity, hashed)
        try:
            self._write()
        except Exception:
            del self.secrets[hashed]
            raise

    def rename(self, identity: str, name: str, shape: str) -> bool:
        before = self.names.get(identity)
        if not super().rename(identity, name, shape):
            return False
        try:
            self._write()
        except Exception:
            self.shapes.pop(shape, None)
            if before is None:
                self.names.pop(identity, None)
            else:
                self.names[identity] = before
                self.shapes[before[1]] = identity
            raise
        return True


class Identities:
    """The identities of one server (``server.identities``)."""

    def __init__(self, book: IdentityBook | None = None):
        self.book: IdentityBook = book if book is not None else MemoryBook()

    @classmethod
    def of(cls, store: Any) -> Identities:
        """The identities a table store keeps (``identity_book()``), or in memory."""
        make = getattr(store, "identity_book", None)
        return cls(make() if callable(make) else None)

    def identify(self, secret: str | None) -> tuple[str, str | None]:
        """(identity_id, new_secret): the identity of a secret this server knows
        (new_secret None), or a fresh identity with its new secret (no secret, or
        a malformed or unknown one). ``ProtocolError`` ("store_failed") if a fresh
        one cannot be stored."""
        found = self.known(secret)
        if found is not None:
            return found, None
        fresh, identity = new_secret(), secrets.token_hex(8)
        from game.net.server.store import StoreError

        try:
            self.book.add(identity, secret_hash(fresh))
        except StoreError as err:
            raise ProtocolError(f"the server cannot store who you are now ({err}): try again later", "store_failed", why=str(err)) from None
        return identity, fresh

    def known(self, secret: Any) -> str | None:
        """The identity of ``secret`` if this server knows it (nothing is stored)."""
        if not well_formed(secret):
            return None
        from game.net.server.store import StoreError

        try:
            found = self.book.find(secret_hash(secret))
        except StoreError as err:
            raise ProtocolError(f"the server cannot read who you are now ({err}): try again later", "store_failed", why=str(err)) from None
        return found

    def name_of(self, identity_id: str) -> str | None:
        return self.book.name(identity_id)

    def holder_of(self, name: str) -> str | None:
        """The identity holding ``name`` (or a name that looks like it), if any."""
        return self.book.holder(skeleton(name))

    def check(self, identity_id: str | None, name: str) -> None:
        """Refuse ``name`` (clean) to ``identity_id`` (None: a connection without an
        identity, an older client) if another identity holds it or one like it."""
        holder = self.holder_of(name)
        if holder is not None and holder != identity_id:
            raise ProtocolError(f"{name} is the name of someone else on this server: choose another name", "name_owned", name=name)

    def set_name(self, identity_id: str, name: str) -> None:
        """Give the identity ``name`` (cleaned and checked by the name rules):
        ``ProtocolError`` if another identity holds it (or a look-alike), or it breaks the rules."""
        from game.net.server.store import StoreError

        clean = clean_name(name)
        check_name(clean, ())
        try:
            done = self.book.rename(identity_id, clean, skeleton(clean))
        except StoreError as err:
            raise ProtocolError(f"the server cannot store your name now ({err}): try again later", "store_failed", why=str(err)) from None
        if not done:
            raise ProtocolError(f"{clean} is the name of someone else on this server: choose another name", "name_owned", name=clean)

    def take(self, identity_id: str | None, name: str) -> None:
        """``name`` (clean) for a seat taken by ``identity_id``: refused if another
        identity holds it; an identity without a name yet, or with another one, now
        holds this one (the name a person plays under is theirs on this server)."""
        self.check(identity_id, name)
        if identity_id is not None and self.name_of(identity_id) != name:
            self.set_name(identity_id, name)

