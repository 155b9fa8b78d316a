"""The room in Chromium: the projector opened on localhost shows the LAN join address,
and a phone that finds no free seat says why and offers to watch."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from host.netinfo import is_loopback_host, lan_addresses
from tests.browser.driver import PHONE, PROJECTOR, Recorder, new_page
from tests.live import LiveServer, Peer
from tests.synthetic import write_pack

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Bound to 0.0.0.0 like `make run` (no mDNS: multicast would leave through eth0)."""
    root = tmp_path_factory.mktemp("room")
    packs = root / "packs"
    packs.mkdir()
    write_pack(packs / "synthetic-fr.yaml", 30, "fr")
    server = LiveServer(data=root / "data", packs=packs, bind="0.0.0.0",
                        extra=("--no-mdns",)).start()
    yield server
    server.stop()


def test_projector_on_localhost_shows_the_lan_join_address(lan_server: LiveServer,
                                                           browser: Any) -> None:
    lan = [a for a in lan_addresses() if not is_loopback_host(a)]
    assert lan, "this machine has a LAN address (eth0)"
    expected = f"http://{lan[0]}:{lan_server.port}/"
    recorder = Recorder()
    screen = new_page(browser, recorder, lan_server.url + "/screen", PROJECTOR)
    screen.wait_for_function("document.querySelector('#join-url').dataset.url !== undefined")
    text = screen.text_content("#join-url") or ""
    qr = screen.get_attribute("#qr", "src") or ""
    assert f"{lan[0]}:{lan_server.port}" in text and "127.0.0.1" not in text
    assert qr.startswith("/qr.svg?data=")
    assert parse_qs(urlparse(qr).query)["data"] == [expected]
    assert screen.evaluate("document.querySelector('#qr').complete")
    assert recorder.errors == []
    screen.context.close()


def test_host_page_shows_the_join_address(lan_server: LiveServer, browser: Any) -> None:
    lan = [a for a in lan_addresses() if not is_loopback_host(a)]
    recorder = Recorder()
    page = new_page(browser, recorder, f"{lan_server.url}/host#key={lan_server.key}", PROJECTOR)
    page.wait_for_selector("#h-join:not([hidden])")
    assert page.text_content("#h-join-url") == f"{lan[0]}:{lan_server.port}"
    qr = page.get_attribute("#h-join-qr", "href") or ""
    assert parse_qs(urlparse(qr).query)["data"] == [f"http://{lan[0]}:{lan_server.port}/"]
    page.context.close()


def test_a_phone_finding_no_free_seat_says_why_and_can_watch(lan_server: LiveServer,
                                                            browser: Any) -> None:
    host = Peer(lan_server, "/host", auth={"key": lan_server.key})
    game = host.call("create", {"kind": "territory", "map": "generated:10:2", "language": "fr",
                                "seats": [{"name": "Ana"}, {"bot": 3}]})["game"]
    taker = Peer(lan_server, "/seat")
    assert taker.call("join", {"token": "a" * 32, "game": game, "seat": 0})["ok"]
    recorder = Recorder()
    for locale, message, watch in (
            ("fr-FR", "Toutes les places sont prises : demandez à l’hôte.", "Regarder la partie"),
            ("en-GB", "Every seat is taken: ask the host.", "Watch the game")):
        phone = new_page(browser, recorder, lan_server.url + "/", PHONE, locale=locale)
        phone.wait_for_function("document.body.dataset.full === 'yes'")
        assert phone.is_visible("#full-msg")
        assert phone.text_content("#full-msg") == message
        assert phone.text_content("#watch") == watch
        assert not phone.is_visible("#choose-colour")
        assert phone.locator(".colour-btn").count() == 0
        phone.click("#watch")
        phone.wait_for_url("**/screen")
        phone.wait_for_selector("#lobby:not([hidden])")
        assert phone.text_content("#room-code") == game[:4].upper()
        phone.context.close()
    # A free seat again (the host released it): the colours come back.
    assert host.call("command", {"game": game, "type": "release", "seat": 0})["ok"]
    phone = new_page(browser, recorder, lan_server.url + "/", PHONE)
    phone.wait_for_selector(".colour-btn[data-seat='0']", timeout=10000)
    assert phone.evaluate("document.body.dataset.full") == "no"
    assert recorder.errors == []
    taker.close()
    host.close()
