"""A pub night in Debian's Chromium: two teams of two phones, a buzzer board then a
territory game in one night, the running table between games and the night's podium
on the projector, and the night's CSV from the host page."""

from __future__ import annotations

import csv
import io
import urllib.request
from typing import Any

import pytest

from tests.browser.driver import (PROJECTOR, Recorder, create_phone_game, join_seat, local_only,
                                  new_page)
from tests.live import LiveServer

pytestmark = pytest.mark.browser


def test_a_night_of_two_games(live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = new_page(browser, recorder, f"{live.url}/host#key={live.key}",
                    {"width": 1280, "height": 1000})
    host.fill("#n-name", "Quiz du jeudi")
    host.click("#n-open")
    host.wait_for_function("document.querySelector('#n-choose').value !== ''")

    # Game 1, a buzzer board: two teams of two phones; Bleu takes the floor and is right.
    create_phone_game(host, "buzzer", ["Rouge", "Bleu"], teams=True)
    phones = [join_seat(browser, recorder, live.url, seat, name=name)
              for seat, name in ((0, "Ana"), (0, "Alex"), (1, "Bob"), (1, "Béa"))]
    screen.wait_for_selector("#lobby-seats .team-count[data-phones='2'] >> nth=1")
    screen.wait_for_selector("#night-board:not([hidden])")  # the night's table in the lobby
    host.click("[data-cmd='start']")
    host.click("[data-cmd='open-first']")
    phones[3].wait_for_function("document.body.dataset.buzz === 'live'")
    phones[3].click("#bz-button", force=True)
    phones[2].wait_for_function("document.body.dataset.buzz === 'floor'")  # the whole team
    host.click("[data-cmd='right']")
    phones[2].wait_for_function("document.body.dataset.buzz !== 'floor'")  # the verdict is in
    host.click("[data-cmd='end']")
    host.click("#confirm-yes")  # the host confirms (host.js `ask`)
    screen.wait_for_selector("#night-table tr[data-seat='1'][data-points='10']")
    assert screen.locator("#night-table tr").first.get_attribute("data-seat") == "1"
    host.wait_for_selector("#n-table tr[data-night-seat='1']")

    # Game 2, territory in the same night: each phone follows to it on its colour (team).
    create_phone_game(host, "territory", ["Rouge", "Bleu"], teams=True)
    screen.wait_for_selector("#night-board:not([hidden]) #night-title")
    for phone in phones:
        phone.wait_for_function("document.body.dataset.kind === 'territory'", timeout=15000)
    screen.wait_for_selector("#lobby-seats .team-count[data-phones='2'] >> nth=1")
    # Each phone reads its team's place in the night so far, in the new game's lobby.
    for phone, place in zip(phones, ["2ᵉ", "2ᵉ", "1ᵉʳ · 10 pts", "1ᵉʳ · 10 pts"], strict=True):
        line = phone.wait_for_selector("#night-line")
        assert "Quiz du jeudi" in line.inner_text()
        assert f"{place}" in line.inner_text() and "après 1 partie" in line.inner_text()
    # The host ends it at once: its places count.
    host.click("[data-cmd='start']")
    host.wait_for_selector("[data-cmd='end']:not([disabled])")
    host.click("[data-cmd='end']")
    host.click("#confirm-yes")  # the host confirms (host.js `ask`)
    screen.wait_for_function("document.querySelector('#night-title').textContent.includes('2')")

    host.click("#n-end")
    host.click("#confirm-yes")  # the host confirms (host.js `ask`)
    # The night's podium (the territory game's own podium shows first, until the night ends).
    screen.wait_for_function("document.body.dataset.night === 'over'")
    screen.wait_for_selector("#podium:not([hidden]) .step.place-1")
    assert "Quiz du jeudi" in screen.inner_text("#podium h1")
    phones[0].wait_for_function("document.querySelector('#night-line strong').textContent"
                                " === 'Quiz du jeudi : classement final'")
    assert "après 2 parties" in phones[0].inner_text("#night-line")
    href = host.get_attribute("#n-csv", "href")
    with urllib.request.urlopen(live.url + href, timeout=5) as answer:
        rows = list(csv.reader(io.StringIO(answer.read().decode())))
    assert rows[0][:4] == ["place", "name", "id", "seat"]
    assert rows[0][4].startswith("buzzer:") and rows[0][5].startswith("territory:")
    # Two teams, each one row across both games (its phones followed it).
    assert {row[1] for row in rows[1:]} == {"Rouge", "Bleu"}
    assert all(row[2].startswith("team:") and row[4] and row[5] for row in rows[1:])
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
