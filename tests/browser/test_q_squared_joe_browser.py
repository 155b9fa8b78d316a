"""Q Squared Joe NG in Debian's Chromium: open cards, the phone names the attacked hand card.

With `open_cards` and `choose_hand_target` every hand is face up and a hand attack
names its victim. The phone taps one of its hand cards, then one card of the
bot's hand (not the whole hand), and the game applies that very attack.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, join_seat, local_only, new_page
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser

SETTINGS = {"open_cards": True, "choose_hand_target": True,
            "field_attack": "stack"}  # stack: the bot cannot end the game before the phone moves
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def rank(code: str) -> int:
    body = code[:-1]
    return RANKS.get(body) or int(body)


@pytest.fixture()
def host(live: LiveServer) -> Iterator[Peer]:
    peer = Peer(live, "/host", auth={"key": live.key})
    yield peer
    peer.close()


def my_hand_attack(recorder: Recorder) -> dict[str, Any] | None:
    """The report of seat 0's hand attack, from the states the phone received."""
    for state in recorder.states:
        last = (state.get("view") or {}).get("last") or {}
        if last.get("type") == "attack" and last.get("seat") == 0 and last.get("zone") == "hand":
            return dict(last)
    return None


def test_open_cards_phone_names_the_attacked_hand_card(
    live: LiveServer, browser: Any, host: Peer
) -> None:
    recorder = Recorder()
    game = host.call("create", {
        "kind": "q-squared-joe", "language": "fr", "pace": 0.2, "settings": SETTINGS,
        "seed": 7, "seats": [{"name": "Ana"}, {"bot": 3}],
    })["game"]
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    phone = join_seat(browser, recorder, live.url, 0, game=game, states=True)
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    screen.wait_for_selector(".cards-kind")
    phone.wait_for_selector(".qsj.my-turn", timeout=30_000)

    # Open cards: the phone sees the bot's hand, card by card.
    mine = phone.eval_on_selector_all(".qsj-player.mine [data-hand].source",
                                      "nodes => nodes.map(n => n.dataset.hand)")
    theirs = phone.eval_on_selector_all(".qsj-others [data-victim]",
                                        "nodes => nodes.map(n => n.dataset.victim)")
    assert mine and theirs
    card = max(mine, key=rank)
    weaker = [code for code in theirs if rank(code) < rank(card)]
    victim = max(weaker, key=rank) if weaker else theirs[-1]

    # Nothing is a target before a hand card is chosen.
    assert phone.locator(".qsj-others [data-victim].target").count() == 0
    phone.locator(f".qsj-player.mine [data-hand='{card}']").click()
    phone.wait_for_selector(".qsj-others [data-victim].target")
    # Each card of the bot's hand is a target, the hand as a whole is not.
    assert phone.locator(".qsj-others [data-victim].target").count() == len(theirs)
    assert phone.locator(".qsj-others .qsj-hand.target").count() == 0
    # The attack mode's hint says to tap the hand card.
    phone.locator(".qsj-action[data-action='attack']").click()
    assert "carte de main à attaquer" in phone.locator(".qsj-hint").inner_text()
    phone.locator(f".qsj-others [data-victim='{victim}'].target").dispatch_event("click")

    deadline = time.monotonic() + 20
    while (report := my_hand_attack(recorder)) is None:
        assert time.monotonic() < deadline, (
            "the attack was not applied: " + phone.locator(".qsj").inner_text()[:300])
        phone.wait_for_timeout(50)  # Playwright hands over the socket frames while it waits
    assert report["card"] == card and report["target"] == 1
    if weaker:  # the chosen card, weaker than the attacker, is beaten and discarded
        assert report["outcome"] == "won" and report["beaten"] == [victim]
        view = live.get(f"/api/games/{game}")["view"]  # the projector's view
        assert victim in view["discard"]
        assert victim not in next(p for p in view["players"] if p["seat"] == 1)["hand"]
    else:  # the chosen card held
        assert report["stopped_by"] == victim
    assert phone.locator(".qsj .error").inner_text() == ""
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
