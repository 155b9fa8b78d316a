"""The buzzer board's pages in Debian's Chromium: three phones, the projector, the host page.

The host creates the board from the host page's form and opens a window; two
phones buzz one after the other; the projector shows the first in big letters
and the second's margin; the host marks the answer right and the score shows.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.driver import PHONE, PROJECTOR, Recorder, host_page, local_only, new_page
from tests.live import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob", "Chloé"]


def create_board(host: Any) -> None:
    host.select_option("#c-kind", "buzzer")
    assert host.locator("#row-map").is_hidden()  # no map, no questions for a buzzer board
    assert host.locator("#c-questions").is_hidden()
    for seat, name in enumerate(NAMES):
        host.select_option(f"#seat-kind-{seat}", "phone")
        host.fill(f"#seat-name-{seat}", name)
    host.select_option("#seat-kind-3", "none")
    host.click("#c-create")
    host.wait_for_selector("#live:not([hidden]) [data-cmd='start']:not([disabled])")


def join(browser: Any, recorder: Recorder, live: LiveServer, seat: int) -> Any:
    phone = new_page(browser, recorder, live.url + "/", PHONE)
    phone.click(f".colour-btn[data-seat='{seat}']")
    phone.wait_for_function(f"document.body.dataset.seat === '{seat}'")
    return phone


def syncs(phone: Any) -> int:
    return int(phone.evaluate("document.body.dataset.syncs || '0'"))


def test_two_phones_buzz_the_projector_shows_first_and_margin(live: LiveServer,
                                                              browser: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, live)
    create_board(host)
    screen.wait_for_selector("#lobby-seats li >> nth=2")
    phones = [join(browser, recorder, live, seat) for seat in range(3)]
    host.click("[data-cmd='start']")
    for phone in phones:
        phone.wait_for_selector("#bz-button")
        # The clock sync answered: a burst of samples right after joining.
        phone.wait_for_function("Number(document.body.dataset.syncs || 0) >= 3")
    screen.wait_for_selector("#bz-status[data-state='idle']")
    assert "Fenêtre" not in host.inner_text(".bz-host-state")  # no "Fenêtre 0" before the first

    # A ranking window: both presses count, the close makes the order final.
    host.click("[data-cmd='open-ranking']")
    screen.wait_for_selector("#bz-status[data-state='armed']")
    host.wait_for_selector(".bz-host-state:has-text('Fenêtre 1')")
    for phone in phones:
        phone.wait_for_function("document.body.dataset.buzz === 'live'")
    # While the window is open the phones ping every ~100 ms (the heartbeat).
    before = syncs(phones[2])
    phones[2].wait_for_function(f"Number(document.body.dataset.syncs) >= {before + 5}",
                                timeout=10000)
    phones[0].click("#bz-button", force=True)  # it breathes: never "stable"
    phones[0].wait_for_timeout(150)
    phones[1].click("#bz-button", force=True)
    phones[1].wait_for_function("document.body.dataset.buzz === 'buzzed'")
    host.click("[data-cmd='close']")

    winner = screen.wait_for_selector("#bz-winner[data-seat='0']", timeout=10000)
    assert "Ana" in winner.inner_text()
    second = screen.wait_for_selector(".bz-other[data-seat='1'] .bz-margin", timeout=10000)
    text = second.inner_text()
    # French groups a second's thousands with a narrow no-break space: "+1 035 ms" on a slow day
    found = re.fullmatch(r"\+(\d{1,3}(?:\u202f\d{3})*) ms après le premier|égalité ± \d+ ms", text)
    assert found, text
    assert found.group(1) is None or int(found.group(1).replace("\u202f", "")) > 0
    assert screen.locator("#bz-status").get_attribute("data-state") == "decided"
    # Each phone that pressed reads its place in the decided ranking, not "settling", and
    # a later place its gap to the first, as the projector shows it.
    phones[0].wait_for_function(
        "document.querySelector('#bz-you').textContent === 'Votre rang : 1ᵉʳ'")
    if found.group(1) is not None:  # (a tie reads "égalité" on the projector alone)
        phones[1].wait_for_function("document.querySelector('#bz-you').textContent === "
                                    f"'Votre rang : 2ᵉ · {text}'")

    host.click("[data-cmd='right']")  # the first of the ranking
    screen.wait_for_selector("#bz-mark.good")
    screen.wait_for_function(
        "document.querySelector(\"#bz-scores li[data-seat='0'] .pts\").textContent === '1'")
    assert screen.locator("#bz-scores li[data-seat='1'] .pts").inner_text() == "0"
    assert screen.locator("#bz-scores li").first.get_attribute("data-seat") == "0"
    host.wait_for_function(
        "document.querySelector(\"#h-seats tr[data-seat='0'] .score\").textContent === '1'")
    phones[0].wait_for_function("document.querySelector('#my-score').textContent === '1'")

    # A "first" window: the first press takes the floor at once.
    host.click("[data-cmd='open-first']")
    phones[2].wait_for_function("document.body.dataset.buzz === 'live'")
    phones[2].click("#bz-button", force=True)
    screen.wait_for_selector("#bz-winner[data-seat='2']", timeout=10000)
    phones[2].wait_for_function("document.body.dataset.buzz === 'floor'")
    assert "parole" in phones[2].locator("#bz-you").inner_text()
    phones[0].wait_for_function("document.querySelector('#bz-button').disabled")
    assert screen.locator("#bz-status").get_attribute("data-state") == "locked"
    host.click("[data-cmd='wrong']")
    screen.wait_for_selector("#bz-mark.bad")

    host.click("[data-cmd='end']")
    host.click("#confirm-yes")  # the host confirms (host.js `ask`)
    screen.wait_for_selector("#podium:not([hidden]) .step[data-seat='0']")
    # Each phone says its final place from its own part (`you.rank`): Ana 1 point, the
    # others 0 and tied for second.
    for phone, place in zip(phones, ["1ᵉʳ", "2ᵉ", "2ᵉ"], strict=True):
        verdict = phone.wait_for_selector("#wait-detail .verdict-big")
        assert verdict.inner_text() == f"Vous finissez {place}"
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
    for phone in phones:  # gone home: they would follow the room into the next test's game
        phone.context.close()


def test_a_hall_board_from_the_host_page_and_phones_that_take_the_next_seat(
        live: LiveServer, browser: Any) -> None:
    """A board for a hall: the host types a number of seats instead of listing them; a
    phone's join page offers one button that takes the next free seat (no colour list to
    scroll through); the projector's lobby lists the names the phones gave, newest first."""
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, live)
    host.select_option("#c-kind", "territory")
    assert host.locator("#row-hall").is_hidden()  # 2-8 players: the rows are enough
    host.select_option("#c-kind", "buzzer")
    host.fill("#c-hall", "120")
    assert host.locator("#c-seats").is_hidden() and host.locator("#c-add-seat").is_hidden()
    host.click("#c-create")
    host.wait_for_selector("#live:not([hidden]) [data-cmd='start']:not([disabled])")
    screen.wait_for_selector("#lobby-seats.hall", state="attached")
    assert screen.locator("#lobby-seats li").count() == 0  # no "#1" to "#120" to read
    phones = []
    for seat, name in enumerate(["Zoé", "Yanis", "Xavier"]):
        phone = new_page(browser, recorder, live.url + "/", PHONE)
        phone.wait_for_selector("#join-hall")
        assert f"{120 - seat} places libres" in phone.locator("#join-hall").inner_text()
        assert phone.locator(".colour-btn").count() == 0
        phone.fill("#name", name)
        phone.click("#join-hall")
        phone.wait_for_function(f"document.body.dataset.seat === '{seat}'")
        phones.append(phone)
    screen.wait_for_selector("#lobby-seats li:first-child:has-text('Xavier')")  # newest first
    assert screen.locator("#lobby-seats li").count() == 3
    assert "3 joueurs nommés sur 120 places" in screen.locator("#lobby-note").inner_text()
    host.click("[data-cmd='start']")
    host.click("[data-cmd='open-first']")
    phones[1].wait_for_function("document.body.dataset.buzz === 'live'")
    phones[1].click("#bz-button", force=True)
    winner = screen.wait_for_selector("#bz-winner[data-seat='1']", timeout=10000)
    assert "Yanis" in winner.inner_text()
    # On the projector's one screen: 120 rows of scores beside it once pushed the name
    # thousands of pixels down.
    name = screen.locator("#bz-winner .bz-name").bounding_box()
    assert name is not None and name["y"] + name["height"] <= PROJECTOR["height"]
    assert screen.evaluate("document.documentElement.scrollHeight") <= PROJECTOR["height"]
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
