"""Watchtower in Debian's Chromium: a phone against two bots, the projector watching.

The phone plays by taps only (ready, draw, a challenge mode then a fort card,
blind picks by position) until a battle it fought has been resolved (the
projector shows a battle's soldiers face up while it is the last move), then on
to the end (a short move limit ends the game: this phone never builds a
tower). No JavaScript error on any page, and every request stays on 127.0.0.1.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.driver import PHONE, PROJECTOR, Recorder, local_only, new_page
from tests.browser.test_cards_browser import tap
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser


@pytest.fixture()
def host(live: LiveServer) -> Iterator[Peer]:
    peer = Peer(live, "/host", auth={"key": live.key})
    yield peer
    peer.close()


def phone_battles(states: list[dict[str, Any]], seat: int) -> list[dict[str, Any]]:
    """The battles the phone's seat fought (as attacker or defender), as the phone was told."""
    found = {}
    for state in states:
        last = (state.get("view") or {}).get("last") or {}
        if last.get("type") == "battle" and seat in (last.get("seat"), last.get("defender")):
            found[str(last)] = last
    return list(found.values())


def phone_moves(states: list[dict[str, Any]], seat: int, kind: str) -> int:
    seen = {str(s["view"]["last"]) for s in states if s.get("view")
            and (s["view"].get("last") or {}).get("seat") == seat
            and s["view"]["last"].get("type") == kind}
    return len(seen)


def screen_battle_faces(screen: Any) -> list[str]:
    """The soldiers the projector shows face up in the battle just resolved (none: backs only)."""
    return list(screen.evaluate(  # read at once: the page redraws on every move
        "[...document.querySelectorAll(\".wt-fight[data-fight='battle'] [data-soldier]\")]"
        ".filter((n) => !n.classList.contains('back')).map((n) => n.getAttribute('aria-label'))"))


def play_one_round(phone: Any) -> None:
    """One tap round: a blind pick, else a draw, a challenge, ready or the end of the turn."""
    if tap(phone, ".wt-picks .source"):
        return
    if tap(phone, ".wt-action[data-action='draw']:not([disabled])"):
        return
    for mode in ("challenge1", "challenge2", "seize"):
        if tap(phone, f".wt-action[data-action='{mode}']:not([disabled])"):
            if tap(phone, ".wt-others .target"):
                return
            tap(phone, "button.ghost")
    tap(phone, ".wt-action[data-action='ready']:not([disabled]), "
               ".wt-action[data-action='end']:not([disabled]), "
               ".wt-action[data-action='showdown']:not([disabled])")


@pytest.mark.nightly  # a turn and its refusal: test_card_phones_browser in `make test`
def test_watchtower_phone_against_two_bots_to_the_end(
    live: LiveServer, browser: Any, host: Peer
) -> None:
    recorder = Recorder()
    game = host.call("create", {
        "kind": "watchtower", "language": "fr", "pace": 0.1, "seed": 7,
        "settings": {"move_limit": 200},
        "seats": [{"name": "Ana"}, {"bot": 5}, {"bot": 3}],
    })["game"]
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    phone = new_page(browser, recorder, live.url + "/", PHONE, states=True)
    phone.fill("#code", game[:4].upper())
    phone.click(".colour-btn[data-seat='0']")
    phone.wait_for_function("document.body.dataset.seat === '0'")
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    screen.wait_for_selector(".cards-kind.wt")
    phone.wait_for_selector(".cards-kind.wt")
    # The projector draws the table: three players' forts and the barracks.
    assert screen.locator(".wt-table .wt-player").count() == 3
    assert screen.locator(".wt-player .wt-stack").count() >= 6
    assert screen.locator("[data-zone='barracks'] .count").count() == 1
    # The phone sees its own army face up, and only the others' counts.
    assert phone.locator(".wt-player.mine [data-army]").count() == 4
    assert phone.locator(".wt-others [data-army]").count() == 0

    deadline = time.monotonic() + 60
    saw_pending = False
    saw_faces: list[str] = []
    while not (phone_battles(recorder.states, 0) and phone_moves(recorder.states, 0, "pick")):
        assert time.monotonic() < deadline, (
            "no battle of the phone's resolved in time: " + phone.locator(".wt").inner_text()[:400])
        if screen.evaluate("document.body.dataset.status") == "over":
            break
        saw_pending = saw_pending or screen.locator(".wt-fight[data-fight='challenge']").count() > 0
        if not saw_faces and screen.locator(".wt-fight[data-fight='battle']").count():
            saw_faces = screen_battle_faces(screen)
        if phone.locator(".wt.my-turn").count():
            play_one_round(phone)
        time.sleep(0.05)
    assert phone_moves(recorder.states, 0, "draw") >= 1  # the phone really played its turns
    assert phone_battles(recorder.states, 0), "the phone never fought"
    assert saw_pending, "the projector never showed a challenge under way"
    assert saw_faces, "the projector never showed a battle's soldiers face up"
    while screen.evaluate("document.body.dataset.status") != "over":  # on to the end
        assert time.monotonic() < deadline + 30, "the game did not reach its move limit in time"
        if phone.locator(".wt.my-turn").count():
            play_one_round(phone)
        time.sleep(0.05)
    screen.wait_for_selector("#kind-over:not([hidden]) .cards-ranking li >> nth=2")
    phone.wait_for_function("document.body.dataset.status === 'over'")
    assert local_only(recorder.urls) == []
    assert recorder.errors == [], [u for u in recorder.urls if "/static/js/kinds/" in u]
