"""Seats with no phone in a card game, in Debian's Chromium (issue 49's two blocking points).

- Watchtower created with a phone seat nobody joined: "Start" on the host page names the seat
  and the host chooses (wait, a bot plays it, start without it); a game started anyway (the
  API's start) says on the projector and the host page whom it waits for.
- Q Squared Joe: a phone joining after a seat was knocked out is not offered that seat, only
  the one still in play, and plays it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.driver import PHONE, PROJECTOR, Recorder, host_page, join_seat, new_page
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser


@pytest.fixture()
def api(live: LiveServer) -> Iterator[Peer]:
    peer = Peer(live, "/host", auth={"key": live.key})
    yield peer
    peer.close()


def watchtower_form(host: Any) -> None:
    """Watchtower: Ana and Bea on phones, a bot; then the game's lobby on the host page."""
    host.wait_for_selector("#c-kind option[value='watchtower']", state="attached")
    host.select_option("#c-kind", "watchtower")
    for seat, (kind, name) in enumerate((("phone", "Ana"), ("phone", "Bea"), ("bot3", "Cid"))):
        host.select_option(f"#seat-kind-{seat}", kind)
        host.fill(f"#seat-name-{seat}", name)
    if host.locator("#seat-kind-3").count():
        host.select_option("#seat-kind-3", "none")


def choose(host: Any, value: str) -> None:
    """The start dialog is open, naming Bleu · Bea: pick `value` and confirm."""
    host.wait_for_selector("#confirm[open]")
    assert "Bleu · Bea" in host.inner_text("#confirm-text")
    assert host.locator("#confirm-choice option").evaluate_all(
        "options => options.map(o => o.value)") == ["wait", "bot", "without"]
    host.select_option("#confirm-choice", value)
    host.click("#confirm-yes")


def test_a_seat_with_no_phone_is_named_at_the_start_and_while_the_game_waits(
        live: LiveServer, browser: Any, api: Peer) -> None:
    recorder = Recorder()
    host = host_page(browser, recorder, live)
    watchtower_form(host)
    host.click("#c-create")
    host.wait_for_selector("#live:not([hidden]) [data-cmd='start']:not([disabled])")
    game = str(host.evaluate("state.meta.game"))
    join_seat(browser, recorder, live.url, 0, game=game, name="Ana")
    host.wait_for_selector("#h-seats [data-empty='0']", state="detached")  # Ana has a phone
    assert host.locator("#h-seats [data-empty='1']").count() == 1  # Bea's row: no phone yet

    # Wait: nothing starts.
    host.click("[data-cmd='start']")
    choose(host, "wait")
    host.wait_for_selector("#confirm:not([open])", state="attached")
    assert host.evaluate("state.meta.status") == "lobby"

    # Start without the seat: Watchtower deals Ana and the bot only.
    host.click("[data-cmd='start']")
    choose(host, "without")
    host.wait_for_function("state.meta.status === 'running'")
    host.wait_for_selector("#h-seats [data-out='1']")
    players = host.evaluate("state.view.players.map((p) => p.seat)")
    assert sorted(players) == [0, 2]

    # A second game started by the API with Bea's seat empty: it waits on Bea, and says so.
    second = api.call("create", {"kind": "watchtower", "language": "fr", "pace": 0.2, "seed": 3,
                                 "seats": [{"name": "Ana"}, {"name": "Bea"}, {"bot": 2}],
                                 "start": True})["game"]
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    screen.evaluate(f"watch({second!r})")
    host.evaluate(f"socket.emit('watch', {{ game: {second!r} }})")
    # (Ana's phone followed the room into it, on her seat.)
    for page, box in ((screen, "#away"), (host, "#h-waiting")):
        page.wait_for_function(f"document.querySelector('{box}').dataset.waiting === '1'")
        text = page.inner_text(box)
        assert "Bleu · Bea" in text and "aucun téléphone" in text, text
        assert page.locator(box).is_visible()
    # The hand-over menu is labelled where the host sees it (issue 49, point 9), its people's
    # choice a whole phrase, not "ses joueurs" alone.
    menu = host.locator("#h-seats [data-hand='1']")
    assert menu.evaluate("(m) => m.closest('label') && m.closest('label').innerText").startswith(
        "Joué par")
    assert menu.locator("option[value='']").inner_text() == "des joueurs (téléphones)"
    # A bot takes Bea's seat: the game waits on her no more, and both pages say so.
    host.select_option("#h-seats [data-hand='1']", "3")
    for page, box in ((screen, "#away"), (host, "#h-waiting")):
        page.wait_for_function(f"!document.querySelector('{box}').dataset.waiting.includes('1')")
    assert recorder.errors == []


def test_a_late_phone_is_offered_only_the_seats_still_in_play(
        live: LiveServer, browser: Any, api: Peer) -> None:
    """Gus (a weak bot) is knocked out first (seed 4); the host hands Gus's seat and Dee's back
    to people; a phone joining then sees Gus's colour out, takes Dee's, and plays it."""
    recorder = Recorder()
    game = api.call("create", {
        "kind": "q-squared-joe", "language": "fr", "pace": 0.3, "seed": 4,
        "seats": [{"name": "Gus", "bot": 1}, {"name": "Dee", "bot": 5}, {"name": "Cy", "bot": 5},
                  {"name": "Bo", "bot": 5}], "start": True})["game"]
    api.call("watch", {"game": game})
    api.wait_for(lambda s: any(p["seat"] == 0 and p.get("alive") is False
                               for p in (s.get("view") or {}).get("players", [])), timeout=60)
    for seat in (0, 1):
        assert api.call("command", {"game": game, "type": "hand", "seat": seat,
                                    "bot": None})["ok"]
    phone = new_page(browser, recorder, live.url + "/", PHONE, states=True)
    phone.fill("#code", game[:4].upper())
    phone.wait_for_selector(".colour-btn[data-seat='1']:not(.taken)")
    gus = phone.locator(".colour-btn[data-seat='0']")
    assert gus.get_attribute("aria-disabled") == "true"
    assert "éliminé" in gus.inner_text()
    phone.click(".colour-btn[data-seat='1']")
    phone.wait_for_function("document.body.dataset.seat === '1'")
    phone.wait_for_selector(".qsj.my-turn", timeout=60_000)
    assert recorder.errors == []
