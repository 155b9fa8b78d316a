"""mDNS with python-zeroconf, found by a real zeroconf ServiceBrowser, on loopback only."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from host.serve.mdns import Advertiser, browse
from tests.live import LiveServer

LOOPBACK = ["127.0.0.1"]


@pytest.mark.slow  # a real server and a real zeroconf browser: in `make test`
def test_the_service_and_host_name_are_found_by_a_real_browser() -> None:
    advertiser = Advertiser(name="tourelle-test", port=5999, addresses=LOOPBACK,
                            interfaces=LOOPBACK, service_name="TourelleTest").start(wait=True)
    try:
        assert advertiser.error is None
        assert advertiser.url == "http://tourelle-test.local:5999/"
        found = browse(LOOPBACK, timeout=20.0, service_name="TourelleTest", port=5999)
        assert [(f.server, f.port, f.addresses, f.properties) for f in found] == [
            ("tourelle-test.local.", 5999, ["127.0.0.1"], {"path": "/"})]
        assert found[0].name.endswith("._http._tcp.local.")
    finally:
        advertiser.stop()


def test_a_failing_advertiser_reports_null_and_never_raises() -> None:
    bad = Advertiser(name="tourelle-bad", port=5998, addresses=["not-an-address"],
                     interfaces=LOOPBACK).start(wait=True)
    assert bad.error is not None and bad.url is None
    bad.stop()


@pytest.mark.slow  # two servers with mDNS up and down: in `make test`, not the `make unit` loop
def test_serve_advertises_itself_and_no_mdns_turns_it_off(tmp_path: Path, packs: Path) -> None:
    server = LiveServer(data=tmp_path / "on", packs=packs,
                        extra=("--mdns-name", "tourelle-serve", "--mdns-interface",
                               "127.0.0.1")).start()
    try:
        deadline = time.monotonic() + 30  # a loaded machine announces late
        while server.get("/api/join")["mdns"] is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert server.get("/api/join")["mdns"] == f"http://tourelle-serve.local:{server.port}/"
        found = browse(LOOPBACK, timeout=20.0, port=server.port)
        assert found and found[0].server == "tourelle-serve.local."
    finally:
        server.stop()
    # Stopped with the server: a goodbye was sent, the service is gone.
    assert [f for f in browse(LOOPBACK, timeout=1.5) if f.port == server.port] == []

    off = LiveServer(data=tmp_path / "off", packs=packs, extra=("--no-mdns",)).start()
    try:
        time.sleep(1.5)
        assert off.get("/api/join")["mdns"] is None
    finally:
        off.stop()
