"""Issue 42, point 17, in Debian's Chromium: a buzzer board's ranking window with three
phones. A later player's gap is to the first (a gap to the previous one makes a later
player look faster: issue 49, point 6), the same figure, labelled, on the projector, the
host page and that player's phone, and the host's table of presses agrees (French decimal
comma). Once all three pressed the ranking is decided by itself, and after "Juste" the next
window opens at once: no "Fermer" first."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, host_page, local_only, new_page
from tests.browser.test_buzzer_board import create_board, join
from tests.live import LiveServer

pytestmark = pytest.mark.browser

# French groups thousands with a narrow no-break space ("+1 035 ms", "+2 454,0").
GAP = re.compile(r"\+(\d{1,3}(?:\u202f\d{3})*) ms après le premier")


def gap_in(text: str) -> int:
    found = GAP.search(text)
    assert found, text
    return int(found.group(1).replace("\u202f", ""))


def test_a_ranking_shows_each_gap_to_the_first_everywhere_and_right_frees_the_next_window(
        live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, live)
    create_board(host)
    screen.wait_for_selector("#lobby-seats li >> nth=2")
    phones = [join(browser, recorder, live, seat) for seat in range(3)]
    host.click("[data-cmd='start']")
    for phone in phones:
        phone.wait_for_selector("#bz-button")
        phone.wait_for_function("Number(document.body.dataset.syncs || 0) >= 3")
    host.click("[data-cmd='open-ranking']")
    for phone in phones:  # one after the other: each press is heard before the next
        phone.wait_for_function("document.body.dataset.buzz === 'live'")
        phone.click("#bz-button", force=True)
        phone.wait_for_function("document.body.dataset.buzz === 'buzzed'")
    # All three pressed: decided without "Fermer" (issue 49), which has nothing left to close.
    screen.wait_for_selector("#bz-status[data-state='decided']", timeout=10000)
    host.wait_for_selector("[data-cmd='close'][disabled]")

    host.wait_for_selector("#bz-order li[data-seat='2']")
    order = [int(s) for s in host.eval_on_selector_all(
        "#bz-order li[data-seat]", "els => els.map(e => e.dataset.seat)")]
    third = order[2]
    table = host.eval_on_selector_all(
        "#bz-order table tr", "rows => rows.slice(1).map(r => r.cells[1].textContent)")
    # "+304,1"
    assert all(re.fullmatch(r"\+\d{1,3}(\u202f\d{3})*,\d", cell) for cell in table), table
    latest = max(float(cell[1:].replace("\u202f", "").replace(",", ".")) for cell in table)
    shown = gap_in(host.locator(f"#bz-order li[data-seat='{third}']").inner_text())
    assert abs(shown - latest) <= 1, (shown, table)  # the table's figure, rounded
    on_screen = screen.locator(f".bz-other[data-seat='{third}'] .bz-margin").inner_text()
    assert gap_in(on_screen) == shown, on_screen
    phones[third].wait_for_function(
        "/après le premier/.test(document.querySelector('#bz-you').textContent)")
    assert gap_in(phones[third].locator("#bz-you").inner_text()) == shown
    second = gap_in(host.locator(f"#bz-order li[data-seat='{order[1]}']").inner_text())
    assert second <= shown  # a later player never reads faster than an earlier one

    host.click("[data-cmd='right']")
    screen.wait_for_selector("#bz-mark.good")
    host.wait_for_selector("[data-cmd='open-first']:not([disabled])", timeout=5000)
    host.wait_for_selector("[data-cmd='open-ranking']:not([disabled])")
    host.click("[data-cmd='open-first']")  # no "Fermer" needed
    screen.wait_for_selector("#bz-status[data-state='armed']")
    phones[1].wait_for_function("document.body.dataset.buzz === 'live'")
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
    for phone in phones:
        phone.context.close()
