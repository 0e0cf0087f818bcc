"""TLS for network play, both ways: the server's context (``serve --tls-cert FILE
--tls-key FILE``), and the client's checks of a ``wss://`` server's certificate.

A client checks the certificate against the system's trust store (certifi's
bundle where the system has none, as in a frozen app on Windows). A certificate
no authority signed (a club's self-signed one) can be trusted on first use: its
SHA-256 fingerprint is shown to the person once and, if they trust it,
remembered for that address (``known-servers.json`` in the user data folder,
written atomically); the next connections to that address take that certificate
and no other. A certificate that changes at an address is refused, loudly, as
SSH does, until the old one is forgotten (``forget``).

    refused: CertificateRefused  # raised by Client.connect (game/net/app/client.py); its code says why:
    #   tls_untrusted (params: fingerprint, address) - ask, then ``trust``
    #   tls_changed   (params: fingerprint, known, address) - refuse; ``forget`` to start again
    #   tls_failed    - no TLS with that server at all (not a TLS server, a bad handshake)

This module is a leaf of game.net: ``Client.connect`` uses it, and raises the
refusals itself. No pygame here.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
import threading
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from game.i18n import N_
from game.resources import user_data_dir
from game.storage import UnreadableFile, load_json, save_json

log = logging.getLogger("matador.net")

FILE_NAME = "known-servers.json"
KEEP = 200  # addresses remembered at most
_FINGERPRINT = re.compile(r"^[0-9A-F]{2}(:[0-9A-F]{2}){31}$")
_CHANGING = threading.RLock()  # one read-change-write of the file at a time


class TLSFileError(Exception):
    """A certificate or key file the server cannot use: the text says which and why."""


def fingerprint(der: bytes) -> str:
    """A certificate's SHA-256 fingerprint, as people compare them: ``AB:CD:...`` (32 pairs)."""
    return ":".join(f"{byte:02X}" for byte in hashlib.sha256(der).digest())


def address_key(url: str) -> str:
    """The address a certificate is remembered for: ``host:port`` of ``url``
    (the host in lower case, an IPv6 one in brackets)."""
    parts = urlsplit(url)
    host = (parts.hostname or "").lower()
    port = parts.port or (443 if parts.scheme == "wss" else 80)
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


# The server's side ------------------------------------------------------------------
def server_context(cert: str, key: str) -> Any:
    """An ``ssl.SSLContext`` serving ``cert`` (PEM, its chain after it) with ``key``;
    ``TLSFileError`` saying which file and why, in one line, if they cannot be used."""
    import ssl

    for what, name in (("certificate", cert), ("key", key)):
        path = Path(name)
        if not path.is_file():
            raise TLSFileError(f"the TLS {what} file {name} does not exist" if not path.exists() else f"the TLS {what} {name} is not a file")
        try:
            path.read_bytes()
        except OSError as err:
            raise TLSFileError(f"the TLS {what} file {name} cannot be read: {err.strerror or err}") from None
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(cert, key)
    except ssl.SSLError as err:
        reason = err.reason or str(err)
        if "KEY_VALUES_MISMATCH" in str(reason).upper():
            raise TLSFileError(f"the TLS key {key} is not the key of the certificate {cert}") from None
        raise TLSFileError(f"the TLS certificate {cert} or key {key} is not PEM that can be used ({reason})") from None
    except OSError as err:
        raise TLSFileError(f"the TLS certificate {cert} or key {key} cannot be read: {err.strerror or err}") from None
    return context


# The client's side ------------------------------------------------------------------
def verifying_context() -> Any:
    """A client context that checks the certificate and the host's name against the
    system's trust store, else certifi's bundle (a frozen app with no system store)."""
    import ssl

    context = ssl.create_default_context()
    if not context.cert_store_stats().get("x509_ca"):
        try:
            import certifi

            context.load_verify_locations(cafile=certifi.where())
        except (ImportError, OSError) as err:  # no bundle either: every certificate fails, and can be trusted by hand
            log.warning("no trusted certificates found (system store empty, certifi: %s)", err)
    return context


def pinned_context() -> Any:
    """A client context that takes any certificate: its fingerprint is compared with
    the one remembered (``check_pin``) before anything is sent."""
    import ssl

    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context


def peer_fingerprint(transport: Any) -> str | None:
    """The fingerprint of the certificate the server of ``transport`` showed."""
    ssl_object = transport.get_extra_info("ssl_object") if transport is not None else None
    der = ssl_object.getpeercert(binary_form=True) if ssl_object is not None else None
    return fingerprint(der) if der else None


async def fetch_fingerprint(url: str, timeout: float) -> str | None:
    """The fingerprint of the certificate the server at ``url`` shows (a handshake
    that checks nothing, then closed); None if there is none to be had."""
    parts = urlsplit(url)
    host, port = parts.hostname or "", parts.port or 443
    try:
        _reader, writer = await asyncio.wait_for(
            asyncio.open_connection(host, port, ssl=pinned_context(), server_hostname=host or None), timeout
        )
    except (OSError, TimeoutError):
        return None
    try:
        return peer_fingerprint(writer.transport)
    finally:
        writer.close()
        try:
            await asyncio.wait_for(writer.wait_closed(), 2.0)
        except (OSError, TimeoutError):
            pass


def is_verify_error(err: BaseException) -> bool:
    import ssl

    return isinstance(err, ssl.SSLCertVerificationError)


def is_tls_error(err: BaseException) -> bool:
    import ssl

    return isinstance(err, ssl.SSLError)


# The certificates remembered -------------------------------------------------------
def path() -> Path:
    return user_data_dir() / FILE_NAME


def _checked(data: Any) -> dict[str, str]:
    if not isinstance(data, dict) or not isinstance(data.get("servers"), dict):
        raise UnreadableFile(N_("it does not list servers"))
    servers: dict[str, str] = {}
    for address, entry in data["servers"].items():
        if not (isinstance(address, str) and len(address) <= 300 and isinstance(entry, str) and _FINGERPRINT.match(entry)):
            raise UnreadableFile(N_("a server's certificate is not a fingerprint"))
        servers[address] = entry
    return servers


def known() -> dict[str, str]:
    """Every address whose certificate is trusted by hand: address -> fingerprint."""
    loaded = load_json(path(), "known servers", _checked)
    if loaded.message:
        log.warning("%s", loaded.message)
    return dict(loaded.data or {})


def known_for(url: str) -> str | None:
    """The fingerprint trusted at ``url``'s address (None: none)."""
    try:
        return known().get(address_key(url))
    except Exception:  # a file that cannot be read trusts nothing
        log.exception("the known servers could not be read")
        return None


def trust(url: str, found: str) -> None:
    """Trust the certificate of fingerprint ``found`` at ``url``'s address from now
    on (``OSError`` if it cannot be written)."""
    if not _FINGERPRINT.match(found):
        raise ValueError(f"not a SHA-256 fingerprint: {found!r}")
    with _CHANGING:
        servers = known()
        servers.pop(address_key(url), None)
        servers[address_key(url)] = found
        while len(servers) > KEEP:
            servers.pop(next(iter(servers)))
        save_json(path(), {"servers": servers})
    log.info("trusting the certificate %s at %s", found, address_key(url))


def forget(url: str) -> bool:
    """Trust no certificate by hand at ``url``'s address any more (the next
    connection asks again); whether one was trusted."""
    with _CHANGING:
        servers = known()
        gone = servers.pop(address_key(url), None)
        if gone is not None:
            save_json(path(), {"servers": servers})
    if gone is not None:
        log.info("forgot the certificate %s at %s", gone, address_key(url))
    return gone is not None
