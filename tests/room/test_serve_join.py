"""A real `tourelle serve` on 0.0.0.0 tells phones this machine's LAN address, and answers there.

No mDNS here (--no-mdns): multicast would leave through eth0. The only traffic
is to this machine's own LAN address.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

from host.netinfo import is_loopback_host, lan_addresses
from tests.live import LiveServer


def test_serve_on_all_interfaces_prints_and_serves_a_lan_join_url(tmp_path: Path,
                                                                   packs: Path) -> None:
    lan = [a for a in lan_addresses() if not is_loopback_host(a)]
    assert lan, "this machine has a LAN address (eth0)"
    server = LiveServer(data=tmp_path / "data", packs=packs, bind="0.0.0.0",
                        extra=("--no-mdns",)).start()
    try:
        join = server.get("/api/join")
        expected = f"http://{lan[0]}:{server.port}/"
        assert join == {"url": expected, "addresses": [f"http://{a}:{server.port}/" for a in lan],
                        "mdns": None}
        log = server.log()
        assert f"Players   : {expected}" in log
        assert "127.0.0.1" not in log.split("Host key")[0]
        # The join address answers over the LAN address itself, not only on loopback.
        with urllib.request.urlopen(expected + "healthz", timeout=5) as answer:
            assert json.loads(answer.read())["ok"] is True
    finally:
        server.stop()


def test_public_url_overrides_the_join_address(tmp_path: Path, packs: Path) -> None:
    server = LiveServer(data=tmp_path / "data", packs=packs,
                        extra=("--no-mdns", "--public-url", "http://quiz.example:81")).start()
    try:
        join = server.get("/api/join")
        assert join["url"] == "http://quiz.example:81/"
        assert join["addresses"][1:] == [f"http://127.0.0.1:{server.port}/"]
        assert "Players   : http://quiz.example:81/" in server.log()
    finally:
        server.stop()
