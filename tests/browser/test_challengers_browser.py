"""Challengers! in Debian's Chromium: a phone with two bots and the robot, the projector watching.

The phone drafts by taps (an offer, the cards to keep, a removal once, done) and
reveals in its matches, at a fast pace, until the game ends (at least one full
round must be seen). No JavaScript error on any page; every request stays on
127.0.0.1. With TOURELLE_SHOT=<file.png> the projector is photographed during
the first match phase (docs/screenshots/challengers-matches.png is made so).
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, join_seat, local_only, new_page
from tests.browser.test_cards_browser import tap
from tests.live import LiveServer, Peer

# `make nightly`. In `make test`: a phone drafts to its first reveal (test_card_phones_browser.py),
# a solo game the robot wins reads the same everywhere (test_card_results_browser.py), and a
# phone plays a card game to its end (Q Squared Joe, test_cards_browser.py).
pytestmark = [pytest.mark.browser, pytest.mark.nightly]
TIME_LIMIT = 90  # seconds for the whole game


@pytest.fixture()
def host(live: LiveServer) -> Iterator[Peer]:
    peer = Peer(live, "/host", auth={"key": live.key})
    yield peer
    peer.close()


def phone_moves(states: list[dict[str, Any]], kind: str) -> int:
    """How many distinct moves of this type seat 0 made, from the reports the phone got."""
    seen = set()
    for state in states:
        view = state.get("view") or {}
        for report in view.get("last") or []:
            if report.get("seat") == 0 and report.get("type") == kind:
                seen.add((view.get("step"), str(report)))
    return len(seen)


def test_a_phone_plays_challengers_with_a_bot_and_the_robot(
    live: LiveServer, browser: Any, host: Peer
) -> None:
    recorder = Recorder()
    game = host.call("create", {
        "kind": "challengers", "language": "fr", "pace": 0.04, "seed": 5,
        "settings": {"robot_level": 2},
        "seats": [{"name": "Ana"}, {"bot": 3}, {"bot": 5}],
    })["game"]
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    phone = join_seat(browser, recorder, live.url, 0, game=game, states=True)
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    screen.wait_for_selector(".chc.screen")
    phone.wait_for_selector(".chc")
    shot = os.environ.get("TOURELLE_SHOT")
    removed = False
    rounds_seen: set[int] = set()
    deadline = time.monotonic() + TIME_LIMIT
    while screen.evaluate("document.body.dataset.status") != "over":
        assert time.monotonic() < deadline, (
            "the game did not end in time: " + phone.locator(".chc").inner_text()[:300])
        stage = screen.evaluate("document.body.dataset.stage")
        if stage == "match":
            rounds_seen.add(int(screen.locator(".chc").get_attribute("data-round") or 0))
            if shot and screen.locator(".chc-side .chc-card").count() >= 3:
                screen.screenshot(path=shot)
                shot = None
        phone_shot = os.environ.get("TOURELLE_SHOT_PHONE")
        if phone_shot and phone.locator("[data-action='pick']").count() and not removed:
            phone.screenshot(path=phone_shot, full_page=True)
        if tap(phone, "[data-action='reveal']:not([disabled])") or tap(
            phone, "[data-action='choose']"
        ) or tap(phone, "[data-action='pick']"):
            pass
        elif not removed and tap(phone, "[data-action='remove']"):
            removed = True
        else:
            tap(phone, "[data-action='done']")
        time.sleep(0.05)
    screen.wait_for_selector("#kind-over:not([hidden]) .cards-ranking li >> nth=2")
    phone.wait_for_function("document.body.dataset.status === 'over'")
    assert len(rounds_seen) >= 1
    assert phone_moves(recorder.states, "pick") >= 7  # a card kept in every round
    assert phone_moves(recorder.states, "reveal") >= 1
    # The phone's one removal, accepted (its report may be merged away by the phones' pacing).
    assert [a["type"] for a in recorder.actions].count("remove") == 1
    # The projector showed the robot's matches and every player's trophies.
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
