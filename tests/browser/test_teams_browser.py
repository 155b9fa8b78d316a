"""A team game in Debian's Chromium: two phones on one colour, the projector counts them,
the first press counts for the team and both phones show it."""

from __future__ import annotations

import urllib.parse
from typing import Any

import pytest

from tests.browser.driver import (PHONE, PROJECTOR, Recorder, create_phone_game, host_page,
                                  join_seat, new_page)
from tests.live import LiveServer

pytestmark = pytest.mark.browser


def test_two_phones_on_one_team(live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, live)
    create_phone_game(host, "buzzer", ["Rouge", "Bleu"], teams=True)

    # Each team has its own QR code on the projector; it opens the join page on its colour.
    qr = screen.wait_for_selector("img[data-team-qr='1']")
    src = urllib.parse.urlparse(qr.get_attribute("src"))
    team_url = urllib.parse.parse_qs(src.query)["data"][0]
    assert team_url.endswith("&team=1")
    # The QR names the host's LAN address; this test reaches it on loopback.
    visitor = new_page(browser, recorder, live.url + "/?" + team_url.split("/?", 1)[1], PHONE)
    visitor.wait_for_selector(".colour-btn.suggested[data-seat='1']")
    assert visitor.locator(".colour-btn.suggested").count() == 1

    alice = join_seat(browser, recorder, live.url, 0, name="Alice")
    bruno = join_seat(browser, recorder, live.url, 0, name="Bruno")  # same colour, same team
    screen.wait_for_selector("#lobby-seats .team-count[data-phones='2']")
    host.wait_for_selector("[data-team='0'] [data-captain]")  # Bruno may be made captain
    assert "Alice ★" in host.inner_text("[data-team='0']")

    host.click("[data-cmd='start']")
    host.wait_for_selector("[data-cmd='open-ranking']:not([disabled])")
    host.click("[data-cmd='open-ranking']")
    for phone in (alice, bruno):
        phone.wait_for_function("document.body.dataset.buzz === 'live'")
    alice.click("#bz-button", force=True)
    # Bruno did not press: his phone shows the team's press, and who made it.
    bruno.wait_for_function("document.body.dataset.buzz === 'buzzed'")
    bruno.wait_for_selector(".team-line[data-last-by='Alice']")
    assert recorder.errors == []
