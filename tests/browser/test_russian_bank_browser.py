"""Russian Bank's Stop! mode in Debian's Chromium: a phone against a bot, a real server.

Ruling 14 (docs/rules/russian-bank.md): spotting a skipped compulsory move is the
game, so the phone of the player who is not moving always shows the Stop! button,
with no hint, before any skip; a Stop! for nothing costs the caller 2 penalty points.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, join_seat, local_only, new_page
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser

STOP = ".rb-buttons button[data-action='stop']"


@pytest.fixture()
def host(live: LiveServer) -> Iterator[Peer]:
    peer = Peer(live, "/host", auth={"key": live.key})
    yield peer
    peer.close()


def test_the_waiting_phone_shows_stop_before_any_skip(
    live: LiveServer, browser: Any, host: Peer
) -> None:
    recorder = Recorder()
    game = host.call("create", {
        "kind": "russian-bank", "language": "fr", "pace": 1, "seed": 7,
        "settings": {"stop_mode": True, "starter": "seat1"},
        "seats": [{"name": "Ana"}, {"bot": 1}],
    })["game"]
    assert game
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    phone = join_seat(browser, recorder, live.url, 0, game=game, states=True)
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    screen.wait_for_selector(".cards-kind")
    phone.wait_for_selector(".cards-kind")

    # The bot (seat 1) moves first: the phone is the player not moving.
    phone.wait_for_selector(".rb " + STOP, timeout=10_000)
    states = [s for s in recorder.states if s.get("view") and "you" in s["view"]]
    assert states and states[-1]["view"]["turn"] == 1
    # No compulsory move was skipped (bots never skip): the host, who alone sees it, agrees.
    assert all(not (s.get("view") or {}).get("stop_call") for s in host.states)
    # No hint gives a skip away, in either language's words.
    text = phone.locator(".rb").inner_text()
    assert "oublié" not in text and "skipped" not in text.lower()
    assert phone.locator(".rb.my-turn").count() == 0

    # A Stop! for nothing costs the caller 2 penalty points.
    before = states[-1]["view"]["seats"][0]["penalty"]
    deadline = time.monotonic() + 10
    while True:
        called = [s for s in recorder.states if s.get("view")
                  and (s["view"].get("last") or {}).get("type") == "stop"]
        if called:
            break
        assert time.monotonic() < deadline, (
            "the Stop! call never came back: " + phone.locator(".rb").inner_text()[-300:])
        # The bot's moves re-render the page: tap again until the call lands.
        with contextlib.suppress(Exception):
            phone.locator(STOP).first.dispatch_event("click", timeout=500)
        time.sleep(0.3)
    view = called[0]["view"]
    assert view["last"] == {"type": "stop", "seat": 0, "missed": None, "fine": 2}
    assert view["seats"][0]["penalty"] >= before + 2  # a waiting player's penalty never drops
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
