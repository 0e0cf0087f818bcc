"""TLS both ways, on 127.0.0.1: ``serve --tls-cert --tls-key`` serves wss://; the
client refuses a self-signed certificate by default (one clear line, no
connection), connects and plays once its fingerprint is trusted, refuses a
changed certificate loudly until the old one is forgotten, takes a certificate
an authority it trusts signed, and says at once what is wrong with the files.
The certificates are made by ``openssl`` (skipped only where it is missing)."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

from game.net.shared import tls
from game.net.app.client import Client, random_choice
from game.net.app.session import Session
from game.net.app.client import CertificateRefused
from game.words.link_words import failure_line
from tests.net.conftest import ROOT, ServerProcess

OPENSSL = shutil.which("openssl")
needs_openssl = pytest.mark.skipif(OPENSSL is None, reason="openssl is not installed")


def make_certificate(
    folder: Path, name: str, cn: str = "localhost", ca: tuple[Path, Path] | None = None, names: str = "IP:127.0.0.1,DNS:localhost",
) -> tuple[Path, Path, str]:
    """A certificate for 127.0.0.1 and localhost (self-signed, or signed by ``ca``),
    its key, and its SHA-256 fingerprint as openssl gives it."""
    assert OPENSSL is not None
    folder.mkdir(parents=True, exist_ok=True)
    cert, key = folder / f"{name}.pem", folder / f"{name}.key"
    names = f"subjectAltName={names}"
    if ca is None:
        subprocess.run(
            [OPENSSL, "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2",
             "-subj", f"/CN={cn}", "-addext", names, "-keyout", str(key), "-out", str(cert)],
            check=True, capture_output=True,
        )
    else:
        request = folder / f"{name}.csr"
        subprocess.run(
            [OPENSSL, "req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
             "-subj", f"/CN={cn}", "-keyout", str(key), "-out", str(request)],
            check=True, capture_output=True,
        )
        extensions = folder / f"{name}.ext"
        extensions.write_text(names + "\n")
        subprocess.run(
            [OPENSSL, "x509", "-req", "-in", str(request), "-CA", str(ca[0]), "-CAkey", str(ca[1]), "-CAcreateserial",
             "-days", "2", "-extfile", str(extensions), "-out", str(cert)],
            check=True, capture_output=True,
        )
    shown = subprocess.run([OPENSSL, "x509", "-in", str(cert), "-noout", "-fingerprint", "-sha256"], check=True, capture_output=True, text=True)
    return cert, key, shown.stdout.strip().split("=", 1)[1]


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path, str]:
    return make_certificate(tmp_path / "tls", "club")


@pytest.fixture
def tls_server(tmp_path: Path, certificate: tuple[Path, Path, str]) -> Iterator[ServerProcess]:
    home = tmp_path / "server-home"
    home.mkdir()
    process = ServerProcess(home, "--tls-cert", str(certificate[0]), "--tls-key", str(certificate[1]))
    yield process
    process.stop()


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def refusal(url: str) -> CertificateRefused:
    async def go() -> None:
        async with Client.connect(url, timeout=10):
            pass

    with pytest.raises(CertificateRefused) as refused:
        run(go())
    return refused.value


def session_news(session: Session, timeout: float = 20.0) -> dict[str, Any]:
    """The session's first ``failed`` or ``open`` link news."""
    session.start()
    end = time.monotonic() + timeout
    try:
        while time.monotonic() < end:
            for news in session.poll():
                if news["type"] == "link" and news["state"] in ("failed", "open"):
                    return news
            time.sleep(0.02)
    finally:
        session.close()
    raise AssertionError("the session said neither failed nor open")


@needs_openssl
def test_a_self_signed_certificate_is_refused_by_default_with_one_clear_line(tls_server: ServerProcess, certificate: tuple[Path, Path, str]) -> None:
    assert tls_server.url.startswith("wss://127.0.0.1:")
    refused = refusal(tls_server.url)
    address = tls.address_key(tls_server.url)
    assert refused.code == "tls_untrusted"
    assert refused.params == {"fingerprint": certificate[2], "address": address}  # openssl's own fingerprint
    # the app's session: the link fails with the code, and no seat is taken
    news = session_news(Session.join(tls_server.url, "ABCD-EF", "Ann"))
    assert news["state"] == "failed" and news["code"] == "tls_untrusted"
    assert news["params"]["fingerprint"] == certificate[2]
    line = failure_line(news["reason"], address, "ABCD-EF", "Ann", news["code"], news["params"])
    assert line == (
        f"The certificate of {address} is not signed by a known authority. Its fingerprint is {certificate[2]}. Trust it?"
    )
    assert "\n" not in line
    assert not tls.path().exists()  # nothing is trusted without the person's say


@needs_openssl
def test_a_trusted_fingerprint_connects_and_plays_a_move(tls_server: ServerProcess, certificate: tuple[Path, Path, str]) -> None:
    tls.trust(tls_server.url, certificate[2])
    saved = json.loads(tls.path().read_text())
    assert saved == {"servers": {tls.address_key(tls_server.url): certificate[2]}}

    async def go() -> None:
        async with Client.connect(tls_server.url) as ann, Client.connect(tls_server.url) as bob:
            assert ann.ws.transport.get_extra_info("ssl_object") is not None  # over TLS
            seated = await ann.create("matador", 2, "Ann")
            await bob.join(seated.table, "Bob")
            await ann.start()
            for client in (ann, bob):
                await client.expect("round")
            mover, other = (ann, bob) if ann.my_turn() else (bob, ann)
            view = mover.followed.view
            assert view is not None and mover.my_turn()
            action = random_choice(view, __import__("random").Random(1))
            await mover.play(action)
            while other.followed.view is None or not other.followed.view["history"]:
                await other.receive()
            assert other.followed.view["history"][-1] == action

    run(go())
    # the app's session too: open
    news = session_news(Session.create(tls_server.url, "matador", 2, "Cy"))
    assert news["state"] == "open"


@needs_openssl
def test_a_changed_certificate_is_refused_loudly_until_the_old_one_is_forgotten(
    tmp_path: Path, tls_server: ServerProcess, certificate: tuple[Path, Path, str], caplog: pytest.LogCaptureFixture,
) -> None:
    tls.trust(tls_server.url, certificate[2])
    tls_server.stop()
    cert, key, other = make_certificate(tmp_path / "tls", "impostor")
    assert other != certificate[2]
    port = tls_server.url.rsplit(":", 1)[1].rstrip("/")
    tls_server.extra = ("--tls-cert", str(cert), "--tls-key", str(key), "--port", port)  # the same address, another certificate
    tls_server.start()
    try:
        assert tls_server.url.endswith(f":{port}/")
        with caplog.at_level(logging.WARNING, logger="matador.net"):
            refused = refusal(tls_server.url)
        address = tls.address_key(tls_server.url)
        assert refused.code == "tls_changed"
        assert refused.params == {"fingerprint": other, "known": certificate[2], "address": address}
        assert any("HAS CHANGED" in r.getMessage() and other in r.getMessage() and certificate[2] in r.getMessage() for r in caplog.records)
        line = failure_line(str(refused), address, why=refused.code, params=refused.params)
        assert line.startswith(f"WARNING: the certificate of {address} has changed")
        assert other in line and certificate[2] in line
        # the session stops there: failed, never open
        news = session_news(Session.join(tls_server.url, "ABCD-EF", "Ann"))
        assert news["state"] == "failed" and news["code"] == "tls_changed"
        assert tls.known_for(tls_server.url) == certificate[2]  # still the old one: refused until forgotten
        assert tls.forget(tls_server.url)
        assert refusal(tls_server.url).code == "tls_untrusted"  # asked again
    finally:
        tls_server.stop()


@needs_openssl
def test_a_certificate_signed_by_an_authority_the_system_trusts_connects_without_asking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The trust store is the system's (OpenSSL's default paths): here a file of one
    authority, named by SSL_CERT_FILE as a system's would be."""
    ca_cert, ca_key, _ = make_certificate(tmp_path / "ca", "authority", cn="Matador test authority")
    cert, key, _ = make_certificate(tmp_path / "tls", "signed", cn="127.0.0.1", ca=(ca_cert, ca_key), names="IP:127.0.0.1")
    monkeypatch.setenv("SSL_CERT_FILE", str(ca_cert))
    monkeypatch.setenv("SSL_CERT_DIR", str(tmp_path / "no-such-folder"))
    home = tmp_path / "server-home"
    home.mkdir()
    server = ServerProcess(home, "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        async def go() -> str:
            async with Client.connect(server.url) as client:
                seated = await client.create("matador", 2, "Ann")
                return seated.table

        assert run(go())
        assert not tls.path().exists()  # nothing asked, nothing remembered
        # by a name the certificate does not hold (localhost is not in it): asked, as for a self-signed one
        other = server.url.replace("127.0.0.1", "localhost")
        assert refusal(other).code == "tls_untrusted"
    finally:
        server.stop()


def test_wss_to_a_plain_server_fails_with_the_tls_code(server: ServerProcess) -> None:
    refused = refusal(server.url.replace("ws://", "wss://"))
    assert refused.code == "tls_failed"
    assert failure_line(str(refused), "127.0.0.1:1", why=refused.code).startswith("No secure connection with 127.0.0.1:1")


def serve_line(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MATADOR_HOME": str(tmp_path / "bad-home")}
    return subprocess.run(
        [sys.executable, "-m", "game", "serve", "--port", "0", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
    )


@needs_openssl
def test_serve_says_in_one_line_what_is_wrong_with_its_tls_files(tmp_path: Path, certificate: tuple[Path, Path, str]) -> None:
    cert, key, _ = certificate
    other_cert, other_key, _ = make_certificate(tmp_path / "tls", "other")
    missing = tmp_path / "nowhere.pem"
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    cases = [
        (("--tls-cert", str(missing), "--tls-key", str(key)), f"serve: the TLS certificate file {missing} does not exist"),
        (("--tls-cert", str(cert), "--tls-key", str(missing)), f"serve: the TLS key file {missing} does not exist"),
        (("--tls-cert", str(cert), "--tls-key", str(other_key)), f"serve: the TLS key {other_key} is not the key of the certificate {cert}"),
        (("--tls-cert", str(junk), "--tls-key", str(key)), f"serve: the TLS certificate {junk} or key {key} is not PEM that can be used"),
        (("--tls-cert", str(cert)), "serve: --tls-cert and --tls-key go together"),
    ]
    for args, said in cases:
        done = serve_line(tmp_path, *args)
        assert done.returncode == 2, (args, done.stderr)
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(said), (args, done.stderr)
        assert "Traceback" not in done.stderr and not done.stdout
    assert other_cert.exists()


def test_behind_a_proxy_the_client_s_address_is_the_forwarded_one_only_when_asked(tmp_path: Path, server: ServerProcess) -> None:
    """``--forwarded-for``: a connection from this machine (the proxy) is counted and
    logged by the last address of its X-Forwarded-For; without it the header is
    nobody's word (a client could say anything)."""
    from websockets.asyncio.client import connect

    from game.net.shared.protocol import PROTOCOL

    async def create(url: str, name: str, forwarded: str) -> None:
        async with connect(url, additional_headers={"X-Forwarded-For": forwarded}, proxy=None) as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": PROTOCOL, "client": "test"}))
            assert json.loads(await ws.recv())["type"] == "hello"
            await ws.send(json.dumps({"type": "create", "rules": "matador", "players": 2, "name": name, "seat": 0}))
            while json.loads(await ws.recv())["type"] != "joined":
                pass

    home = tmp_path / "proxied-home"
    home.mkdir()
    proxied = ServerProcess(home, "--forwarded-for")
    try:
        run(create(proxied.url, "Ann", "203.0.113.5, 198.51.100.7"))
        run(create(server.url, "Bo", "198.51.100.7"))
        deadline = time.monotonic() + 20
        while "created by Ann" not in proxied.log_text() or "created by Bo" not in server.log_text():
            assert time.monotonic() < deadline, (proxied.log_text(), server.log_text())
            time.sleep(0.05)
        assert "created by Ann [198.51.100.7]" in proxied.log_text()
        assert "created by Bo [127.0.0.1]" in server.log_text()
    finally:
        proxied.stop()


def test_the_certificates_trusted_are_kept_per_address_and_a_broken_file_trusts_nothing() -> None:
    one = "AB:" * 31 + "CD"
    two = "12:" * 31 + "34"
    assert tls.address_key("wss://Club.Example.org:47123/") == "club.example.org:47123"
    assert tls.address_key("wss://[FE80::1]:5/") == "[fe80::1]:5" and tls.address_key("wss://club.example.org/") == "club.example.org:443"
    assert tls.known_for("wss://club.example.org:47123/") is None
    tls.trust("wss://club.example.org:47123/", one)
    tls.trust("wss://CLUB.example.org:47123", two)  # the same address: replaced
    tls.trust("wss://other.example.org:47123/", one)
    assert tls.known() == {"club.example.org:47123": two, "other.example.org:47123": one}
    assert tls.known_for("wss://club.example.org:47124/") is None  # another port, another server
    with pytest.raises(ValueError):
        tls.trust("wss://club.example.org:47123/", "not a fingerprint")
    assert tls.forget("wss://club.example.org:47123/") and not tls.forget("wss://club.example.org:47123/")
    assert tls.known() == {"other.example.org:47123": one}
    assert not list(tls.path().parent.glob(".*.tmp"))  # written atomically, nothing left over
    tls.path().write_text('{"servers": {"other.example.org:47123": "AB:CD"}}')  # not a fingerprint
    assert tls.known_for("wss://other.example.org:47123/") is None
    assert not tls.path().exists() and list(tls.path().parent.glob("known-servers.json.broken-*"))  # moved aside, never deleted


def test_a_fingerprint_is_sha256_of_the_certificate_in_pairs() -> None:
    import hashlib

    der = b"not really a certificate"
    digest = hashlib.sha256(der).hexdigest().upper()
    assert tls.fingerprint(der) == ":".join(digest[i : i + 2] for i in range(0, 64, 2))
