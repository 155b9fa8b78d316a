"""Chromium phone (the real page JavaScript) through a shaped Wi-Fi link that drops for 3 s.

The page shows "reconnecting" while cut off; a BUZZ tapped then is sent once the
link is back, exactly once, and ranked by its tap time; the seat and its state
come back by themselves. The other seat is a python-socketio lab phone.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from bench.lab_phone import LabPhone
from bench.netlab import WifiLab
from tests.browser.driver import CHROMIUM, PHONE, Recorder, chromium, local_only, new_page
from tests.live import LiveServer, Peer
from tests.netlab.test_reconnect import buzzes

pytestmark = [pytest.mark.netlab, pytest.mark.browser]
MS = 1_000_000


@pytest.fixture
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is missing")
    with chromium() as made:
        yield made


def test_a_chromium_phone_keeps_its_tap_and_seat_across_a_3_s_drop(
    server: LiveServer, lab: WifiLab, browser: Any,
) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    made = host.call("create", {"kind": "buzzer", "start": True,
                                "seats": [{"name": "Ana"}, {"name": "Bob"}]})
    game = made["game"]
    page_link, other_link = lab.link(server.port), lab.link(server.port)
    other = LabPhone(f"http://127.0.0.1:{other_link.port}", game, 1, offset_s=4000).start()
    recorder = Recorder()
    try:
        phone = new_page(browser, recorder, f"http://127.0.0.1:{page_link.port}/", PHONE)
        phone.click(".colour-btn[data-seat='0']")
        phone.wait_for_selector("#bz-button")
        assert host.call("command", {"game": game, "type": "open", "mode": "ranking"})["ok"]
        phone.wait_for_function("document.body.dataset.buzz === 'live'")
        phone.wait_for_function("Number(document.body.dataset.syncs || 0) >= 8", timeout=15000)

        cut_at = time.monotonic_ns()
        page_link.cut(3.0, "reset")
        phone.context.set_offline(True)
        phone.wait_for_selector("#net:not([hidden])", timeout=2000)
        assert "reconnexion" in phone.inner_text("#net")  # the FR string of words/fr.json
        phone.wait_for_timeout(max(0, 500 - (time.monotonic_ns() - cut_at) / MS))
        tapped_at = time.monotonic_ns()
        phone.click("#bz-button", force=True)  # tapped while cut off
        click_ms = (time.monotonic_ns() - tapped_at) / MS  # the tap is somewhere in there
        assert phone.evaluate("document.body.dataset.outbox") == "1"
        other_aid = other.tap(tapped_at + 500 * MS)  # the other seat, on time, 0.5 s later
        phone.wait_for_timeout(max(0, 3000 - (time.monotonic_ns() - cut_at) / MS))
        phone.context.set_offline(False)
        back_at = time.monotonic_ns()

        phone.wait_for_function("document.body.dataset.net === 'ok'", timeout=10000)
        phone.wait_for_function("document.body.dataset.outbox === '0'", timeout=10000)
        phone.wait_for_selector("#net", state="hidden")
        back_ms = (time.monotonic_ns() - back_at) / MS
        assert phone.evaluate("document.body.dataset.seat") == "0"
        phone.wait_for_function("document.body.dataset.buzz === 'buzzed'", timeout=5000)
        assert (other.wait_acked(other_aid, 10) or {}).get("ok")

        assert len(buzzes(server, game, 0)) == 1  # exactly once
        view = host.wait_for(lambda s: len((s.get("view") or {}).get("ranking", [])) == 2)
        ranking = view["view"]["ranking"]
        assert [r["seat"] for r in ranking] == [0, 1]  # by its tap time, not its arrival
        # The other seat tapped 500 ms after `tapped_at`; the phone's own tap came while
        # Playwright's click ran (on a loaded machine up to ~100 ms later): measured against
        # that span, not a fixed instant.
        slack = 50 + ranking[0]["u_ms"] + ranking[1]["u_ms"]
        assert 500 - click_ms - slack <= ranking[1]["margin_ms"] <= 500 + slack
        # The target (seat and state back within 1 s) is a figure of bench/wifi_lab.py,
        # not a test's: a busy machine (CI met 1.6 s) says nothing of the phone's code.
        print(f"back on seat {back_ms:.0f} ms after the link returned")
        assert not local_only(recorder.urls)
        # Failed reconnection attempts while offline are logged by Chromium; nothing else.
        unexpected = [e for e in recorder.errors if "WebSocket connection to" not in e]
        assert not unexpected, unexpected
    finally:
        other.close()
        host.close()


def test_a_chromium_phone_on_a_stalled_link_says_so_and_its_tap_arrives_once(
    server: LiveServer, lab: WifiLab, browser: Any,
) -> None:
    """A hold: the WebSocket stays open but nothing crosses for 3 s (roaming, an AP stall)."""
    host = Peer(server, "/host", auth={"key": server.key})
    game = host.call("create", {"kind": "buzzer", "start": True,
                                "seats": [{"name": "Ana"}, {"name": "Bob"}]})["game"]
    link = lab.link(server.port)
    recorder = Recorder()
    try:
        phone = new_page(browser, recorder, f"http://127.0.0.1:{link.port}/", PHONE)
        phone.click(".colour-btn[data-seat='0']")
        phone.wait_for_selector("#bz-button")
        assert host.call("command", {"game": game, "type": "open", "mode": "ranking"})["ok"]
        phone.wait_for_function("document.body.dataset.buzz === 'live'")
        phone.wait_for_function("Number(document.body.dataset.syncs || 0) >= 8", timeout=15000)
        link.cut(3.0, "hold")
        phone.wait_for_timeout(300)
        phone.click("#bz-button", force=True)  # goes into the stalled socket
        phone.wait_for_selector("#net:not([hidden])", timeout=2500)  # no ping answer: says so
        assert phone.evaluate("document.body.dataset.net") == "stalled"
        phone.wait_for_selector("#net", state="hidden", timeout=10000)
        phone.wait_for_function("document.body.dataset.outbox === '0'", timeout=10000)
        phone.wait_for_function("document.body.dataset.buzz === 'buzzed'", timeout=5000)
        assert len(buzzes(server, game, 0)) == 1
        unexpected = [e for e in recorder.errors if "WebSocket connection to" not in e]
        assert not unexpected, unexpected
    finally:
        host.close()
