"""Finding servers on the local network: what is announced and how it is read.
No packet is sent here (the tests may not multicast): zeroconf's records are
built and read, and the browser is fed as zeroconf's thread would feed it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from zeroconf import ServiceInfo

from game.net.shared.discovery import SERVICE, Browser, Listing, listing_of, service_info, should_announce
from game.net.shared.protocol import PROTOCOL

ROOT = Path(__file__).resolve().parents[3]


def test_an_announcement_reads_back_as_the_same_server() -> None:
    info = service_info(47123, ["192.168.1.20"], "Matador at the club")
    assert info.type == SERVICE
    listing = listing_of(info)
    assert listing == Listing("Matador at the club", "192.168.1.20", 47123, PROTOCOL)
    assert listing.compatible and listing.url == "ws://192.168.1.20:47123/"


def test_another_protocol_or_no_address_is_told_apart() -> None:
    older = ServiceInfo(SERVICE, f"Old.{SERVICE}", port=47123, parsed_addresses=["10.0.0.7"], properties={"protocol": "0"})
    listing = listing_of(older)
    assert listing is not None and not listing.compatible
    assert listing_of(service_info(47123, [], "Nowhere")) is None
    assert Listing("v6", "fe80::1", 5, PROTOCOL).url == "ws://[fe80::1]:5/"


def test_only_a_server_others_can_reach_is_announced() -> None:
    assert not should_announce("127.0.0.1") and not should_announce("localhost") and not should_announce("::1")
    assert should_announce("0.0.0.0") and should_announce("192.168.1.20")


class State:
    def __init__(self, name: str):
        self.name = name


class FakeZeroconf:
    def __init__(self, infos: dict[str, Any]):
        self.infos = infos

    def get_service_info(self, service_type: str, name: str, timeout: int = 0) -> Any:
        return self.infos.get(name)


def test_the_browser_lists_servers_as_they_come_and_go() -> None:
    club = service_info(47123, ["192.168.1.20"], "Club")
    home = service_info(5000, ["192.168.1.30"], "ann's kitchen")
    fake = FakeZeroconf({club.name: club, home.name: home})
    browser = Browser(fake)
    for info in (club, home):
        browser.changed(fake, SERVICE, info.name, State("Added"))
    browser.changed(fake, SERVICE, "Gone." + SERVICE, State("Added"))  # no answer: not listed
    assert [listing.name for listing in browser.listings()] == ["ann's kitchen", "Club"]
    browser.changed(fake, SERVICE, club.name, State("Removed"))
    assert [listing.port for listing in browser.listings()] == [5000]


def test_a_server_on_this_machine_only_does_not_load_zeroconf() -> None:
    code = "import sys, game.net.server.endpoint; print('zeroconf' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
