"""Issue 49, point 6, in Debian's Chromium: what an 8-phone board showed wrong.

The projector's decided ranking lists places ("2ᵉ", "3ᵉ"...) one under the other in order;
eight seats wear eight colours and eight patterns (a colour-blind player tells them apart);
the first's line says "buzzer 5 · a buzzé en premier", not "#5 · premier" (a rank); every
score row and the "Right answer" line stay on a 1280x720 screen with 12 players; the BUZZ
button looks closed (grey, "fermé", aria-disabled) between windows and a tap then says why.
Presses come from a real device client (the /device namespace a wired box uses)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.driver import Recorder, join_seat, local_only, new_page
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser

SMALL = {"width": 1280, "height": 720}
NAMES = ["Ana", "Bob", "Chloé", "David", "Eva", "Farid", "Gaëlle", "Hugo", "Inès", "Jules",
         "Karim", "Léa"]
# What a row shows of its place on the screen: its box, and whether all of it is inside.
BOXES = """(sel) => [...document.querySelectorAll(sel)].map((e) => {
  const r = e.getBoundingClientRect();
  return { x: r.x, y: r.y, inside: r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
    && r.right <= innerWidth + 0.5, text: e.innerText.replace(/\\s+/g, " ").trim() };
})"""


def board(live: LiveServer, seats: int) -> tuple[Peer, str]:
    host = Peer(live, "/host", auth={"key": live.key})
    reply = host.call("create", {"kind": "buzzer", "language": "fr",
                                 "seats": [{"name": n} for n in NAMES[:seats]], "start": True})
    assert reply["ok"], reply
    return host, reply["game"]


def device(live: LiveServer) -> Peer:
    """A wired box's client on the host's own clock (time.monotonic_ns), synced."""
    box = Peer(live, "/device", auth={"key": live.key})
    for _ in range(3):
        c0 = time.monotonic_ns()
        h = box.call("ping", {"c": c0})["h"]
        assert box.call("sync", {"c0": c0, "h": h, "c1": time.monotonic_ns()})["ok"]
    return box


def press_in_order(box: Peer, game: str, seats: list[int]) -> None:
    """One press per seat, 40 ms apart on the host's clock, in `seats`' order. The times are
    given, not taken as sent: the presses happened in the past, after the window opened."""
    opened = time.monotonic_ns()
    time.sleep(0.05 + 0.04 * len(seats))  # the presses' times, all in the past
    for k, seat in enumerate(seats):
        reply = box.call("press", {"game": game, "seat": seat, "source": "gpio",
                                   "t_ns": opened + 20_000_000 + k * 40_000_000})
        assert reply["ok"], reply


def looks(page: Any, selector: str) -> list[tuple[str, str]]:
    return [tuple(x) for x in page.eval_on_selector_all(selector, """els => els.map((e) => {
        const s = getComputedStyle(e); return [s.backgroundColor, s.backgroundImage]; })""")]


def test_eight_presses_decide_a_list_of_places_in_eight_looks(live: LiveServer,
                                                              browser: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", SMALL)
    host, game = board(live, 8)
    screen.wait_for_selector("#bz-status[data-state='idle']")
    # The eight chips drawn and styled (CI once read them while the page was still being
    # replaced: every computed style empty).
    screen.wait_for_function("""(() => {
        const chips = document.querySelectorAll('#bz-scores li .chip');
        return chips.length === 8
          && [...chips].every((c) => getComputedStyle(c).backgroundImage); })()""")
    # Eight seats, eight colours and eight patterns: no pair, no colour, no pattern twice.
    chips = looks(screen, "#bz-scores li .chip")
    assert len(chips) == 8
    assert len({c for c, _ in chips}) == 8 and len({p for _, p in chips}) == 8, chips

    box = device(live)
    assert host.call("command", {"game": game, "type": "open", "mode": "ranking"})["ok"]
    order = [4, 0, 7, 2, 5, 1, 6, 3]  # Eva first
    press_in_order(box, game, order)
    # All eight pressed: decided without a close.
    screen.wait_for_selector("#bz-status[data-state='decided']", timeout=10000)
    screen.wait_for_selector("#bz-others li >> nth=6")
    assert screen.locator("#bz-winner").get_attribute("data-seat") == "4"
    assert screen.locator("#bz-winner .bz-colour").inner_text() == "buzzer 5 · a buzzé en premier"
    rows = screen.evaluate(BOXES, "#bz-others li")
    assert [r["text"].split(" ")[0] for r in rows] == [f"{n}ᵉ" for n in range(2, 9)], rows
    assert [screen.locator("#bz-others li").nth(i).get_attribute("data-seat")
            for i in range(7)] == [str(s) for s in order[1:]]
    # One column, top to bottom, every row on the screen.
    assert len({round(r["x"]) for r in rows}) == 1, rows
    assert all(a["y"] < b["y"] for a, b in zip(rows, rows[1:], strict=False)), rows
    assert all(r["inside"] for r in rows), rows

    assert host.call("command", {"game": game, "type": "right"})["ok"]
    screen.wait_for_selector("#bz-mark.good")
    mark = screen.evaluate(BOXES, "#bz-mark")[0]
    assert mark["text"] == "Bonne réponse : Eva" and mark["inside"], mark
    box.close()
    host.close()
    assert local_only(recorder.urls) == []
    assert recorder.errors == []


def test_twelve_players_every_score_row_and_the_mark_on_a_small_screen(
        live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", SMALL, locale="en-GB")
    host, game = board(live, 12)
    screen.wait_for_selector("#bz-scores li >> nth=11")
    box = device(live)
    assert host.call("command", {"game": game, "type": "open", "mode": "ranking"})["ok"]
    press_in_order(box, game, list(range(12)))
    screen.wait_for_selector("#bz-status[data-state='decided']", timeout=10000)
    assert host.call("command", {"game": game, "type": "right"})["ok"]
    screen.wait_for_selector("#bz-mark.good")
    screen.wait_for_function(
        "document.querySelector(\"#bz-scores li[data-seat='0'] .pts\").textContent === '1'")
    scores = screen.evaluate(BOXES, "#bz-scores li")
    assert len(scores) == 12 and all(r["inside"] for r in scores), scores
    mark = screen.evaluate(BOXES, "#bz-mark")[0]
    assert mark["text"] == "Right answer: Ana" and mark["inside"], mark
    # Eleven places after the first: down a first column, then a second, each on the screen.
    places = screen.evaluate(BOXES, "#bz-others li")
    assert [r["text"].split(" ")[0] for r in places] == [
        "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th", "11th", "12th"]
    assert all(r["inside"] for r in places), places
    assert all(a["y"] < b["y"] for a, b in zip(places[:5], places[1:6], strict=True)), places
    assert places[6]["x"] > places[0]["x"] and places[6]["y"] < places[5]["y"], places
    box.close()
    host.close()
    assert local_only(recorder.urls) == []
    assert recorder.errors == []


def test_the_buzz_button_looks_closed_between_windows_and_a_tap_says_why(
        live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    host, game = board(live, 2)
    phone = join_seat(browser, recorder, live.url, 1)
    button = phone.wait_for_selector("#bz-button[aria-disabled='true']")
    closed = looks(phone, "#bz-button")[0]
    assert button.inner_text().split() == ["BUZZ", "FERMÉ"]
    phone.wait_for_function("Number(document.body.dataset.syncs || 0) >= 3")
    button.dispatch_event("pointerdown")
    phone.wait_for_function("/fermés/.test(document.querySelector('.bz-phone .note').textContent)")
    phone.wait_for_function("/Trop tôt/.test(document.querySelector('#bz-you').textContent)")

    assert host.call("command", {"game": game, "type": "open", "mode": "first"})["ok"]
    phone.wait_for_selector("#bz-button:not([aria-disabled])")
    phone.wait_for_function("document.body.dataset.buzz === 'live'")
    opened = looks(phone, "#bz-button")[0]
    assert opened != closed and "rgb(119, 119, 119)" in closed[1], (closed, opened)
    assert phone.locator("#bz-button").inner_text().split() == ["BUZZ"]
    assert host.call("command", {"game": game, "type": "close"})["ok"]
    phone.wait_for_selector("#bz-button[aria-disabled='true']")
    assert looks(phone, "#bz-button")[0] == closed
    host.close()
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
