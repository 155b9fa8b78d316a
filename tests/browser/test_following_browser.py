"""People and their night in Debian's Chromium (issue 27): phones follow the room into the
next game (outside a night and in one), an old room code is not followed, the host page
comes back after a reload mid-night and mid-game, the host confirms, removes and bans a
phone, deletes a lobby game, and phones and projector ask for a screen wake lock."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.driver import PHONE, PROJECTOR, Recorder, host_page, join_seat, new_page
from tests.live import LiveServer

pytestmark = pytest.mark.browser

# Counts the page's wake lock requests (window.__wakeLocks); a browser without the API gets
# a stand-in so the page's call can still be seen.
WAKE_LOCK_SPY = """
window.__wakeLocks = 0;
(() => {
  const sentinel = () => ({ released: false, addEventListener() {},
                            release() { this.released = true; return Promise.resolve(); } });
  const real = navigator.wakeLock;
  const request = (type) => {
    window.__wakeLocks += 1;
    window.__lastWakeLock = sentinel();
    if (real) real.request(type).catch(() => {});
    return Promise.resolve(window.__lastWakeLock);
  };
  Object.defineProperty(navigator, "wakeLock", { value: { request }, configurable: true });
})();
"""


def create_game(host: Any, kind: str = "buzzer", names: tuple[str, ...] = ("Rouge", "Bleu")) -> str:
    """The host page's form: phone seats with these names, then "Créer"; the new game's id."""
    before = host.evaluate("state ? state.meta.game : null")
    host.select_option("#c-kind", kind)
    for seat in range(4):
        if not host.locator(f"#seat-kind-{seat}").count():
            continue
        wanted = seat < len(names)
        host.select_option(f"#seat-kind-{seat}", "phone" if wanted else "none")
        if wanted:
            host.fill(f"#seat-name-{seat}", names[seat])
    host.click("#c-create")
    host.wait_for_function("(before) => state && state.meta.game !== before && "
                           "state.meta.status === 'lobby'", arg=before)
    return str(host.evaluate("state.meta.game"))


def end_game(host: Any) -> None:
    host.click("[data-cmd='end']")
    host.wait_for_selector("#confirm[open]")
    host.click("#confirm-yes")
    host.wait_for_function("state.meta.status === 'over'")


def phone_in(phone: Any, game: str, seat: int) -> None:
    phone.wait_for_function(
        "([game, seat]) => document.body.dataset.seat === String(seat) && "
        "document.body.dataset.followed !== undefined && "
        "JSON.parse(localStorage.getItem('tourelle.seat') || 'null')?.game === game",
        arg=[game, seat], timeout=15000)


def test_phones_follow_and_the_host_page_comes_back(live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    host = host_page(browser, recorder, live)
    first = create_game(host)
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    ana = join_seat(browser, recorder, live.url, 0, name="Zoé")
    bob = join_seat(browser, recorder, live.url, 1, name="Bob")

    # Ending asks first; "Retour" changes nothing.
    host.click("[data-cmd='start']")
    host.wait_for_function("state.meta.status === 'running'")
    host.click("[data-cmd='end']")
    assert "Terminer la partie" in host.inner_text("#confirm-text")
    host.click("#confirm-no")
    assert host.evaluate("state.meta.status") == "running"
    end_game(host)
    ana.wait_for_function("document.body.dataset.status === 'over'")

    # Outside a night: the next game takes both phones to their own seats, at once (the
    # room's event, no polling: it took a night's phones 1.1-1.5 s before).
    started = time.monotonic()
    second = create_game(host)
    phone_in(ana, second, 0)
    phone_in(bob, second, 1)
    assert time.monotonic() - started < 3.0
    assert ana.evaluate("document.body.dataset.followed") == first
    # A reload lands in the new game, not the finished one.
    ana.reload()
    phone_in(ana, second, 0)

    # An old room code (the first game's, kept in the address) is not followed.
    late = new_page(browser, recorder, f"{live.url}/?room={first[:4].upper()}", PHONE)
    late.wait_for_function("(code) => document.querySelector('#code').value === code",
                           arg=second[:4].upper())
    assert "ancien" in late.inner_text("#join-notice")

    # The host page comes back after a reload mid-night and mid-game, with its controls.
    host.fill("#n-name", "Soirée d’essai")
    host.click("#n-open")
    host.wait_for_function("document.querySelector('#n-choose').value !== ''")
    night = host.evaluate("document.querySelector('#n-choose').value")
    third = create_game(host)
    host.click("[data-cmd='start']")
    host.wait_for_function("state.meta.status === 'running'")
    host.reload()
    host.wait_for_function("(game) => state && state.meta.game === game", arg=third)
    host.wait_for_function("(night) => document.querySelector('#n-choose').value === night",
                           arg=night)
    host.wait_for_selector("#live:not([hidden]) [data-cmd='pause']:not([disabled])")
    assert host.locator("[data-cmd='open-first']").count() == 1  # the kind's own controls
    # A host decision is one click from its undo.
    host.click("[data-cmd='open-first']")
    host.wait_for_selector("[data-cmd='open-first'][disabled]")
    host.click("#cmd-msg [data-undo-last='open']")
    host.wait_for_selector("[data-cmd='open-first']:not([disabled])")
    assert "annulée" in host.inner_text("#cmd-msg")
    end_game(host)
    # The next game from the reloaded page is in the night, and the phones follow.
    fourth = create_game(host)
    listed = {g["id"]: g for g in live.get("/api/games")["games"]}
    assert listed[fourth]["night"] == night
    phone_in(bob, fourth, 1)

    # Removing a phone asks how far; kept out of the night, it is told so in French.
    host.click("[data-remove-seat='1']")
    host.wait_for_selector("#confirm[open] #confirm-choice")
    host.select_option("#confirm-choice", "night")
    host.click("#confirm-yes")
    bob.wait_for_function("document.querySelector('#join-notice').textContent.includes('soirée')")
    bob.evaluate("document.querySelector('#join-notice').textContent = ''")
    bob.click(".colour-btn[data-seat='1']")  # refused: kept out
    bob.wait_for_function("document.querySelector('#join-notice').textContent.includes('retiré')")
    assert bob.evaluate("localStorage.getItem('tourelle.seat')") is None
    # A mistake: the host lets the phone back in, and it takes its seat again.
    host.click("#h-bans [data-unban]")
    host.wait_for_function("!document.querySelector('#h-bans [data-unban]')")
    bob.click(".colour-btn[data-seat='1']")
    bob.wait_for_function("JSON.parse(localStorage.getItem('tourelle.seat'))?.seat === 1")

    # A lobby game the host deletes: the projector goes back to the room's game.
    fifth = create_game(host)
    screen.wait_for_function("(game) => document.querySelector('#room-code').textContent "
                             "=== game.slice(0, 4).toUpperCase()", arg=fifth)
    host.click("[data-cmd='delete']")
    host.click("#confirm-yes")
    screen.wait_for_function("(game) => document.querySelector('#room-code').textContent "
                             "=== game.slice(0, 4).toUpperCase()", arg=fourth)
    assert fifth not in {g["id"] for g in live.get("/api/games")["games"]}
    host.wait_for_function("(game) => state.meta.game === game", arg=fourth)  # the room's
    assert recorder.errors == []


def test_phones_and_the_projector_keep_the_screen_on(live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    pages = []
    for path, viewport in (("/", PHONE), ("/screen", PROJECTOR)):
        context = browser.new_context(viewport=viewport, locale="fr-FR")
        context.add_init_script(WAKE_LOCK_SPY)
        page = recorder.watch(context.new_page())
        page.goto(live.url + path)
        page.wait_for_function("window.__wakeLocks >= 1")
        # The browser lets the lock go when the page is hidden; shown again, it is taken again.
        page.evaluate("window.__lastWakeLock.release(); "
                      "document.dispatchEvent(new Event('visibilitychange'))")
        page.wait_for_function("window.__wakeLocks >= 2")
        assert page.evaluate("document.body.dataset.wakeLock") == "on"
        pages.append(page)
    assert recorder.errors == []


def test_a_next_game_made_while_one_runs(live: LiveServer, browser: Any) -> None:
    """The host prepares the night's next game while one runs: the phones stay in the
    running game, and follow once it ends (its end may reach them after the room's news)."""
    from tests.live import Peer

    recorder = Recorder()
    host = Peer(live, "/host", auth={"key": live.key})
    night = host.call("night", {"name": "Mardi"})["night"]
    seats = [{"name": "Rouge"}, {"name": "Bleu"}]
    running = host.call("create", {"kind": "buzzer", "night": night, "seats": seats})["game"]
    phones = [join_seat(browser, recorder, live.url, seat, game=running, name=name)
              for seat, name in ((0, "Zoé"), (1, "Yann"))]
    assert host.call("command", {"game": running, "type": "start"})["ok"]
    following = host.call("create", {"kind": "buzzer", "night": night, "seats": seats})["game"]
    for phone in phones:
        phone.wait_for_function("document.body.dataset.status === 'running'")
    for phone in phones:  # the room's news came; a running game keeps its phones
        phone.wait_for_function("(game) => roomNow === game", arg=following)
    assert phones[0].evaluate("JSON.parse(localStorage.getItem('tourelle.seat')).game") == running
    assert host.call("command", {"game": running, "type": "end"})["ok"]
    for seat, phone in enumerate(phones):
        phone_in(phone, following, seat)
    assert recorder.errors == []
