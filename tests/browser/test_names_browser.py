"""Names in Debian's Chromium (issue 27): phones' typed names on their seats after "Créer et
lancer", a name holding the host's own refused word replaced (said on the phone), the host
renaming a seat mid-game, and the host page's downloads served from the journal (the same
after a reload)."""

from __future__ import annotations

import urllib.request
from typing import Any

import pytest

from tests.browser.driver import (PROJECTOR, Recorder, create_phone_game, host_page, join_seat,
                                  local_only, new_page)
from tests.live import LiveServer

pytestmark = pytest.mark.browser
PHONE_SIZE = {"width": 390, "height": 844}
HOST_SIZE = {"width": 1366, "height": 768}
LONG = "Marie-Charlotte de la Tour"  # 26 characters: the page keeps 24


def test_names_stay_from_the_phone_to_the_projector_and_the_results(
        live: LiveServer, browser: Any, tmp_path: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, live)
    host.set_viewport_size(HOST_SIZE)
    # The host refuses a word of its own (kept in the data folder, names-blocked.txt).
    host.wait_for_selector("#nb-words:not(:empty)")
    host.fill("#nb-word", "Brocoli")
    host.click("#nb-add")
    host.wait_for_selector("#nb-words >> text=brocoli")
    host.select_option("#c-kind", "buzzer")
    for seat in range(3):
        host.select_option(f"#seat-kind-{seat}", "phone")
        host.fill(f"#seat-name-{seat}", "")  # the page names them by colour
    if host.locator("#seat-kind-3").count():
        host.select_option("#seat-kind-3", "none")
    host.click("#c-create-start")  # create and start at once
    host.wait_for_selector("#live:not([hidden]) [data-cmd='pause']:not([disabled])")
    game = host.get_attribute("#h-status", "data-game")

    zoe = join_seat(browser, recorder, live.url, 0, game=game, name="Zoé 🦊")
    rude = join_seat(browser, recorder, live.url, 1, game=game, name="Super Br0côli")
    long = new_page(browser, recorder, live.url + "/", PHONE_SIZE)
    long.fill("#code", game[:4].upper())
    assert "24 caractères au plus" in long.inner_text("#name-hint")
    long.fill("#name", LONG)
    assert long.input_value("#name") == LONG[:24]  # maxlength: the page says it and keeps it
    long.click(".colour-btn[data-seat='2']")
    long.wait_for_function("document.body.dataset.seat === '2'")
    for phone in (zoe, rude, long):
        phone.set_viewport_size(PHONE_SIZE)

    # The refused name: the phone says so in French and plays under a made-up name.
    rude.wait_for_selector("#name-note:not([hidden])")
    note = rude.inner_text("#name-note")
    assert "n’est pas accepté" in note
    made_up = note.split("«\u00a0")[1].split("\u00a0»")[0]
    assert made_up and "roc" not in made_up.lower()
    names = ["Zoé 🦊", made_up, LONG[:24].strip()]
    screen.wait_for_function(
        "names => names.every((n) => document.body.innerText.includes(n))", arg=names)
    zoe.wait_for_function("document.querySelector('#me').textContent.includes('Zoé 🦊')")

    # The host renames the long name's seat mid-game; every screen follows.
    host.click("[data-rename='2']")  # the page's own dialog (host.js `ask`), not prompt()
    host.fill("#confirm[open] #rename-name", "Les Castors")
    host.click("#confirm-yes")
    screen.wait_for_function("document.body.innerText.includes('Les Castors')")
    long.wait_for_function("document.querySelector('#me').textContent.includes('Les Castors')")
    host.wait_for_selector("#h-seats tr[data-seat='2'] >> text=Les Castors")
    shots = tmp_path / "shots"
    shots.mkdir()
    screen.screenshot(path=str(shots / "projector.png"))
    host.screenshot(path=str(shots / "host.png"))
    rude.screenshot(path=str(shots / "phone-refused.png"))

    # Downloads: the journal's results, the same link and content after a reload.
    csv_link = host.get_attribute("#downloads a[data-export='csv']", "href")
    assert csv_link.startswith(f"/api/games/{game}/results.csv?key=")
    with urllib.request.urlopen(live.url + csv_link, timeout=5) as answer:
        before = answer.read().decode()
    assert {"Zoé 🦊", made_up, "Les Castors"} <= {row.split(",")[2] for row in
                                                 before.splitlines()[1:4]}
    host.reload()
    host.wait_for_selector("#downloads a[data-export='csv']")
    assert host.get_attribute("#downloads a[data-export='csv']", "href") == csv_link
    with urllib.request.urlopen(live.url + csv_link, timeout=5) as answer:
        assert answer.read().decode() == before
    assert local_only(recorder.urls) == []
    assert recorder.errors == []


def test_a_colour_tapped_by_mistake_is_left_in_the_lobby(
        live: LiveServer, browser: Any, tmp_path: Any) -> None:
    """A player taps red for a blue team: in the lobby the phone changes seat itself, red gets
    its name back on the projector and the player sits on blue; after the start it cannot."""
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, live)
    create_phone_game(host, "buzzer", ["Les Castors", "Les Loutres"])
    phone = join_seat(browser, recorder, live.url, 0, name="Zoé")
    phone.set_viewport_size({"width": 360, "height": 640})
    screen.wait_for_function("document.querySelector('#lobby-seats').innerText.includes('Zoé')")
    button = phone.wait_for_selector("#leave-seat")
    assert button.inner_text() == "Changer de place"
    phone.screenshot(path=str(tmp_path / "phone-lobby-leave.png"))
    button.click()
    phone.wait_for_selector("#join:not([hidden]) .colour-btn[data-seat='0']")
    screen.wait_for_function("(() => { const t = document.querySelector('#lobby-seats').innerText;"
                             " return t.includes('Les Castors') && !t.includes('Zoé'); })()")
    phone.click(".colour-btn[data-seat='1']")
    phone.wait_for_function("document.body.dataset.seat === '1'")
    screen.wait_for_function("document.querySelector('#lobby-seats').innerText.includes('Zoé')")
    assert "Les Loutres" not in screen.inner_text("#lobby-seats")
    # Once the game runs the seat is the player's until the host frees it: no such button.
    host.click("[data-cmd='start']")
    phone.wait_for_selector("#bz-button")
    assert not phone.locator("#leave-seat").is_visible()
    assert recorder.errors == []
    phone.context.close()
