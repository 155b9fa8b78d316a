"""A team names itself, in Debian's Chromium: in a team quiz round's lobby the captain's phone
(and only the captain's) has a field for the team's name; the name goes through the names
filter as a player's does (a rude one is replaced by a made-up one, and the phone says so);
the host overrides a team's name in the page's own dialog (never the browser's prompt());
the names show on the projector's lobby, its leaderboard and its podium, and the game's
results (from the journal) carry them. Screenshots go to $TOURELLE_SHOTS/team-names."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.live import LiveServer

pytestmark = pytest.mark.browser
SETTLED = ("document.getAnimations().every((a) => a.playState !== 'running'"
           " || a.effect.getComputedTiming().iterations === Infinity)")


def lobby_has(screen: Any, name: str) -> None:
    screen.wait_for_function("(n) => document.querySelector('#lobby-seats').textContent"
                             ".includes(n)", arg=name)


def name_team(phone: Any, name: str) -> str:
    """The captain types the team's name and taps "Nommer"; returns the phone's note."""
    phone.fill("#team-name-input", name)
    phone.click("#team-name-ok")
    phone.wait_for_function("document.querySelector('#team-name-msg').textContent !== ''")
    return str(phone.inner_text("#team-name-msg"))


def test_a_captain_names_the_team_and_the_host_overrides_in_a_dialog(
        live: LiveServer, browser: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "team-names"
    shots.mkdir(parents=True, exist_ok=True)
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, live)
    prompts: list[str] = []

    def native(dialog: Any) -> None:  # a browser dialog (prompt(), confirm()) would land here
        prompts.append(dialog.type)
        dialog.dismiss()

    host.on("dialog", native)
    fill_quiz_round(host, ["Équipe 1", "Équipe 2"], {**HOST_PACED, "rounds": "1", "questions": "1"},
                    mix="choice")
    host.check("#c-teams")
    create_and_wait(host)
    game = str(host.evaluate("state.meta.game"))

    alice = join_seat(browser, recorder, live.url, 0, name="Alice")  # the team's captain
    bruno = join_seat(browser, recorder, live.url, 0, name="Bruno")
    chloe = join_seat(browser, recorder, live.url, 1, name="Chloé")
    alice.wait_for_selector("#team-name:not([hidden])")
    assert "projecteur" in alice.inner_text("#team-name label")
    assert bruno.is_hidden("#team-name")  # only the captain names the team
    alice.set_viewport_size({"width": 390, "height": 844})
    alice.screenshot(path=str(shots / "captain-390x844.png"))

    note = name_team(alice, "Les Ours")
    assert "Les Ours" in note and "projecteur" in note
    lobby_has(screen, "Les Ours")
    bruno.wait_for_function("document.querySelector('#me').textContent.includes('Les Ours')")
    host.wait_for_function("document.querySelector('#h-seats').textContent.includes('Les Ours')")

    # A rude name is replaced by a made-up one, as a player's is, and the phone says which.
    note = name_team(chloe, "gros connard")
    made = str(chloe.input_value("#team-name-input"))
    assert made and "connard" not in made.lower() and made in note
    lobby_has(screen, made)
    assert "connard" not in screen.inner_text("body").lower()
    chloe.set_viewport_size({"width": 360, "height": 640})
    chloe.screenshot(path=str(shots / "captain-refused-360x640.png"))

    # The host overrides in the page's own dialog.
    host.click("[data-rename='1']")
    field = host.wait_for_selector("#confirm[open] #rename-name")
    assert field.input_value() == made
    host.set_viewport_size({"width": 1366, "height": 768})
    host.screenshot(path=str(shots / "host-rename-1366x768.png"))
    host.set_viewport_size({"width": 390, "height": 844})
    host.screenshot(path=str(shots / "host-rename-390x844.png"))
    field.fill("Les Loups")
    host.click("#confirm-yes")
    lobby_has(screen, "Les Loups")
    screen.screenshot(path=str(shots / "projector-lobby-1920x1080.png"))
    screen.set_viewport_size({"width": 1280, "height": 720})
    screen.screenshot(path=str(shots / "projector-lobby-1280x720.png"))
    assert prompts == []  # never the browser's prompt()

    # The names on the leaderboard after a question, then on the podium.
    host.click("[data-cmd='start']")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")
    for phone in (alice, chloe):
        phone.locator(".qr-choice").first.click()
    screen.wait_for_selector(".qr-option.right")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")
    board = screen.wait_for_selector("#qr-board-list").inner_text()
    assert "Les Ours" in board and "Les Loups" in board, board
    screen.screenshot(path=str(shots / "projector-board-1280x720.png"))
    host.click("[data-cmd='end']")
    host.click("#confirm-yes")
    screen.wait_for_selector("#podium:not([hidden])")
    podium = screen.inner_text("#podium")
    screen.wait_for_function(SETTLED)  # the steps rise one after the other
    screen.screenshot(path=str(shots / "projector-podium-1280x720.png"))
    assert "Les Ours" in podium and "Les Loups" in podium, podium

    # Journaled: the results, read from the journal, name the teams so.
    url = f"{live.url}/api/games/{game}/results.json?key={live.key}"
    with urllib.request.urlopen(url) as answer:  # noqa: S310 - the test's own server
        results = json.load(answer)
    names = {p["name"] for p in results["players"]}
    assert {"Les Ours", "Les Loups"} <= names, names
    assert recorder.errors == []
