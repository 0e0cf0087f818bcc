"""Announcing and finding a table for real, with multicast DNS kept on the loopback
interface (127.0.0.1: no packet leaves this machine): an announcer in a process of
its own (game/net/shared/discovery.py's ``Announcer``, as a hosted server uses it) and the
``Browser`` of *Join a table* here. Skipped, with the reason, where multicast does
not work on the loopback interface (a probe says so first, so a machine where it
works cannot skip the test by failing it)."""

from __future__ import annotations

import os
import socket
import struct
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.net.shared.discovery import Browser, Listing
from game.net.shared.protocol import PROTOCOL

ROOT = Path(__file__).resolve().parents[3]
GROUP = "224.0.0.251"  # mDNS's group


def loopback_multicast() -> str | None:
    """None if a datagram sent to a multicast group on 127.0.0.1 comes back here;
    else why not."""
    try:
        receiver = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
        sender = socket.socket(socket.AF_INET, socket.SOCK_DGRAM, socket.IPPROTO_UDP)
    except OSError as err:
        return f"no UDP sockets here: {err}"
    try:
        receiver.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        receiver.bind(("", 0))
        port = receiver.getsockname()[1]
        receiver.setsockopt(socket.IPPROTO_IP, socket.IP_ADD_MEMBERSHIP, struct.pack("4s4s", socket.inet_aton(GROUP), socket.inet_aton("127.0.0.1")))
        receiver.settimeout(1.0)
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_LOOP, 1)
        sender.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 1)
        sender.sendto(b"matador-probe", (GROUP, port))
        data, _ = receiver.recvfrom(64)
        return None if data == b"matador-probe" else "the probe came back changed"
    except OSError as err:
        return f"multicast on the loopback interface does not work here ({err})"
    finally:
        receiver.close()
        sender.close()


ANNOUNCER = """
import asyncio, sys
from game.net.shared.discovery import Announcer

async def main():
    announcer = Announcer("127.0.0.1", int(sys.argv[1]), sys.argv[2], "K7QX-2M")
    await announcer.start()
    print("announced", flush=True)
    await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    await announcer.stop()
    print("stopped", flush=True)

asyncio.run(main())
"""


def test_a_table_announced_on_loopback_is_listed_and_goes_when_it_stops() -> None:
    why = loopback_multicast()
    if why is not None:
        pytest.skip(why)
    from zeroconf import Zeroconf

    port = 47999
    name = f"Ann's table {os.getpid()}"  # (another run's announcements on this machine are told apart)
    announcer = subprocess.Popen(
        [sys.executable, "-c", ANNOUNCER, str(port), name], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    zc = Zeroconf(interfaces=["127.0.0.1"])
    browser = Browser(zc)
    try:
        assert announcer.stdout is not None and announcer.stdin is not None
        line = announcer.stdout.readline()
        assert line.strip() == "announced", (line, announcer.stderr.read() if announcer.stderr else "")
        browser.start()
        def ours() -> list[Listing]:
            return [listing for listing in browser.listings() if listing.name == name]

        end = time.monotonic() + 60
        while not ours():
            assert time.monotonic() < end, "the announced table was not heard"
            time.sleep(0.05)
        [listing] = ours()
        assert (listing.address, listing.port, listing.table) == ("127.0.0.1", port, "K7QX-2M")
        assert listing.protocol == PROTOCOL and listing.compatible and listing.url == f"ws://127.0.0.1:{port}/"
        announcer.stdin.write("\n")
        announcer.stdin.flush()
        assert announcer.stdout.readline().strip() == "stopped"
        end = time.monotonic() + 60
        while ours():  # the goodbye is heard: the table leaves the list
            assert time.monotonic() < end, "the table stayed listed after it stopped"
            time.sleep(0.05)
    finally:
        browser.close()
        zc.close()
        if announcer.poll() is None:
            announcer.kill()
        announcer.wait(5)
