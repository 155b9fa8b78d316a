"""The room in Chromium: the projector opened on localhost shows the LAN join address,
and a phone that finds no free seat says why and offers to watch.

The "machine with a LAN address" is a network namespace of the module's own
(tests/netns.py: `lo` and an `eth0` with 10.231.n.2). The server and Chromium
both run inside it, so the pages open http://127.0.0.1:PORT/ as on the host
machine; this test process reaches the server through the veth pair. Nothing
is sent to this machine's real interfaces.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.browser.driver import (CHROMIUM, PHONE, PROJECTOR, Recorder, chromium, local_only,
                                  new_page)
from tests.live import LiveServer, Peer
from tests.netns import NetLab, netlab, skip_reason
from tests.synthetic import write_pack

# Its lab adds a veth pair and an address in this namespace: a Chromium of another test
# running meanwhile sees the network change and drops its requests (net::ERR_NETWORK_CHANGED),
# so `make test` runs these alone, after the others (Makefile).
pytestmark = [pytest.mark.browser, pytest.mark.netns]


@pytest.fixture(scope="module")
def lab() -> Iterator[NetLab]:
    if reason := skip_reason():
        pytest.skip(reason)
    with netlab() as made:
        yield made


@pytest.fixture(scope="module")
def lan_server(tmp_path_factory: pytest.TempPathFactory, lab: NetLab) -> Iterator[LiveServer]:
    """Bound to 0.0.0.0 like `make run`, in the namespace (mDNS there too, on its eth0)."""
    root = tmp_path_factory.mktemp("room")
    packs = root / "packs"
    packs.mkdir()
    write_pack(packs / "synthetic-fr.yaml", 30, "fr")
    server = LiveServer(data=root / "data", packs=packs, bind="0.0.0.0", netns=lab.name,
                        host=lab.address, extra=("--mdns-name", "tourelle-browser")).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory, lab: NetLab) -> Iterator[Any]:
    """Chromium inside the namespace: its 127.0.0.1 is the server's loopback."""
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing")
    with chromium(lab.wrap(CHROMIUM, tmp_path_factory.mktemp("bin"))) as launched:
        yield launched


def local(server: LiveServer, path: str) -> str:
    """The address a page in the namespace opens, like the projector on the host machine."""
    return f"http://127.0.0.1:{server.port}{path}"


def test_projector_on_localhost_shows_the_lan_join_address(lan_server: LiveServer, lab: NetLab,
                                                           browser: Any) -> None:
    expected = f"http://{lab.address}:{lan_server.port}/"
    recorder = Recorder()
    screen = new_page(browser, recorder, local(lan_server, "/screen"), PROJECTOR)
    screen.wait_for_function("document.querySelector('#join-url').dataset.url !== undefined")
    text = screen.text_content("#join-url") or ""
    qr = screen.get_attribute("#qr", "src") or ""
    assert f"{lab.address}:{lan_server.port}" in text and "127.0.0.1" not in text
    assert qr.startswith("/qr.svg?data=")
    assert parse_qs(urlparse(qr).query)["data"] == [expected]
    assert screen.evaluate("document.querySelector('#qr').complete")
    assert recorder.errors == []
    assert recorder.urls and local_only(recorder.urls) == []  # the page itself stayed local
    screen.context.close()


def test_host_page_shows_the_join_address(lan_server: LiveServer, lab: NetLab,
                                          browser: Any) -> None:
    recorder = Recorder()
    page = new_page(browser, recorder, local(lan_server, f"/host#key={lan_server.key}"),
                    PROJECTOR)
    page.wait_for_selector("#h-join:not([hidden])")
    assert page.text_content("#h-join-url") == f"{lab.address}:{lan_server.port}"
    qr = page.get_attribute("#h-join-qr", "href") or ""
    assert parse_qs(urlparse(qr).query)["data"] == [f"http://{lab.address}:{lan_server.port}/"]
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
            ("fr-FR", "Toutes les places sont prises : demandez à l’animateur.",
             "Regarder la partie"),
            ("en-GB", "Every seat is taken: ask the host.", "Watch the game")):
        phone = new_page(browser, recorder, local(lan_server, "/"), PHONE, locale=locale)
        phone.wait_for_function("document.body.dataset.full === 'yes'")
        assert phone.is_visible("#full-msg")
        assert phone.text_content("#full-msg") == message
        assert phone.text_content("#watch") == watch
        assert not phone.is_visible("#choose-colour")
        assert phone.locator(".colour-btn").count() == 0
        phone.click("#watch")
        phone.wait_for_url("**/screen")
        phone.wait_for_selector("#lobby:not([hidden])")
        # The lobby shows before the room's join data has arrived ("—" until then).
        phone.wait_for_function("document.querySelector('#room-code').textContent !== '—'")
        assert phone.text_content("#room-code") == game[:4].upper()
        phone.context.close()
    # A free seat again (the host released it): the colours come back.
    assert host.call("command", {"game": game, "type": "release", "seat": 0})["ok"]
    phone = new_page(browser, recorder, local(lan_server, "/"), PHONE)
    phone.wait_for_selector(".colour-btn[data-seat='0']", timeout=10000)
    assert phone.evaluate("document.body.dataset.full") == "no"
    assert recorder.errors == []
    taker.close()
    host.close()
