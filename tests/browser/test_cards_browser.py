"""The card games in Debian's Chromium: one phone page against a bot, the projector watching.

Q Squared Joe NG is played to the end by taps on the phone (a hand card, then a
target); Russian Bank for a few moves. No JavaScript error on any page, and
every request stays on 127.0.0.1.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, join_seat, local_only, new_page
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser


@pytest.fixture()
def host(live: LiveServer) -> Iterator[Peer]:
    peer = Peer(live, "/host", auth={"key": live.key})
    yield peer
    peer.close()


def open_game(live: LiveServer, host: Peer, browser: Any, recorder: Recorder, kind: str,
              settings: dict[str, Any]) -> tuple[str, Any, Any]:
    """A game of `kind`, phone seat 0 against a bot; the projector and the phone pages joined."""
    game = host.call("create", {
        "kind": kind, "language": "fr", "pace": 0.2, "settings": settings, "seed": 7,
        "seats": [{"name": "Ana"}, {"bot": 3}],
    })["game"]
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    phone = join_seat(browser, recorder, live.url, 0, game=game, states=True)
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    screen.wait_for_selector(".cards-kind")
    phone.wait_for_selector(".cards-kind")
    return game, screen, phone


def tap(phone: Any, selector: str) -> bool:
    """Click the first element matching `selector`; False if none (or it re-rendered away)."""
    node = phone.locator(selector)
    if not node.count():
        return False
    try:
        node.first.dispatch_event("click", timeout=500)
    except Exception:  # the page re-rendered under the tap; the next round tries again
        return False
    return True


def moves_by_seat(states: list[dict[str, Any]], seat: int) -> int:
    """How many distinct moves of this seat the phone was told about (view.last)."""
    seen = {(s["meta"]["seq"], str(s["view"]["last"])) for s in states
            if s.get("view") and (s["view"].get("last") or {}).get("seat") == seat}
    return len({last for _, last in seen})


def test_q_squared_joe_phone_against_a_bot_to_the_end(
    live: LiveServer, browser: Any, host: Peer
) -> None:
    recorder = Recorder()
    _, screen, phone = open_game(live, host, browser, recorder, "q-squared-joe", {})
    deadline = time.monotonic() + 90
    while screen.evaluate("document.body.dataset.status") != "over":
        assert time.monotonic() < deadline, (
            "the game did not end in time: " + phone.locator(".qsj").inner_text()[:300])
        if not phone.locator(".qsj.my-turn").count():
            time.sleep(0.05)
            continue
        # Tap a hand card, then a target: another player's cards first (an attack).
        if tap(phone, ".qsj-player.mine [data-hand].source"):
            if not tap(phone, ".qsj-others .target") and not tap(phone, ".target"):
                tap(phone, "button.ghost")
        elif not tap(phone, ".qsj-action[data-action='draw']:not([disabled])"):
            tap(phone, ".qsj-action[data-action='take']:not([disabled])")
        time.sleep(0.05)
    screen.wait_for_selector("#kind-over:not([hidden]) .cards-ranking li >> nth=1")
    phone.wait_for_function("document.body.dataset.status === 'over'")
    assert moves_by_seat(recorder.states, 0) >= 1  # the phone really played
    assert local_only(recorder.urls) == []
    assert recorder.errors == []


def test_russian_bank_a_few_moves_by_a_phone(live: LiveServer, browser: Any, host: Peer) -> None:
    recorder = Recorder()
    _, screen, phone = open_game(live, host, browser, recorder, "russian-bank",
                                 {"starter": "seat0"})
    deadline = time.monotonic() + 180  # a generous bound: a loaded machine took 64 s
    while moves_by_seat(recorder.states, 0) < 4:
        assert time.monotonic() < deadline, (
            "the phone could not make its moves: " + phone.locator(".rb").inner_text()[:300])
        if not phone.locator(".rb.my-turn").count():
            time.sleep(0.05)
            continue
        if tap(phone, ".rb [data-zone].source:not([data-zone^='hand'])"):
            if not tap(phone, ".rb .target"):
                tap(phone, "button.ghost")
        else:
            tap(phone, ".rb-buttons [data-action='draw'], .rb-buttons [data-action='pass']")
        time.sleep(0.05)
    # The projector draws the table: eight foundations, eight houses, both seats.
    assert screen.locator(".rb-table [data-zone^='foundation:']").count() == 8
    assert screen.locator(".rb-table [data-zone^='house:']").count() == 8
    assert screen.locator(".rb-seat").count() == 2
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
