"""The seams of a night in Debian's Chromium (issue 42): two players tied share the game's
podium step and read "1ᵉʳ" both; the night's podium gives a tie one step; after
"Terminer la soirée" the next "Créer" makes a game outside the ended night."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import (PROJECTOR, Recorder, create_phone_game, join_seat, local_only,
                                  new_page)
from tests.live import LiveServer

pytestmark = pytest.mark.browser
SHOTS = Path(os.environ.get("TOURELLE_SHOTS", "/tmp/ns-shots"))


def steps(screen: Any) -> list[tuple[str, str]]:
    """The podium's steps, left to right: (place, how many names stand on it)."""
    return [(s.get_attribute("data-place") or "", s.get_attribute("data-names") or "")
            for s in screen.locator("#podium-steps .step").all()]


RISEN = ("[...document.querySelectorAll('#podium-steps .step')].every((s) =>"
         " s.getAnimations().every((a) => a.playState === 'finished'))")  # the steps' rise


def test_ties_share_a_step_and_an_ended_night_is_left_behind(live: LiveServer,
                                                              browser: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    small = new_page(browser, recorder, live.url + "/screen", {"width": 1280, "height": 720})
    host = new_page(browser, recorder, f"{live.url}/host#key={live.key}",
                    {"width": 1366, "height": 768})
    host.fill("#n-name", "Quiz du jeudi")
    host.click("#n-open")
    host.wait_for_function("document.querySelector('#n-choose').value !== ''")

    # A buzzer board nobody scores in: Ana and Bob tie on 0.
    create_phone_game(host, "buzzer", ["Rouge", "Bleu"])
    phones = [join_seat(browser, recorder, live.url, seat, name=name)
              for seat, name in ((0, "Ana"), (1, "Bob"))]
    host.click("[data-cmd='start']")
    host.wait_for_selector("[data-cmd='end']:not([disabled])")
    host.click("[data-cmd='end']")
    host.click("#confirm-yes")
    for page in (screen, small):
        page.wait_for_selector("#podium:not([hidden]) .step")
        assert steps(page) == [("1", "2")]  # one step, both names on it
    for phone in phones:
        phone.wait_for_function("document.body.innerText.includes('Vous finissez 1ᵉʳ')")
    for page in (screen, small):
        page.wait_for_function(RISEN)
    screen.screenshot(path=str(SHOTS / "game-podium-tie-1920.png"))
    small.screenshot(path=str(SHOTS / "game-podium-tie-1280.png"))

    # The night ends: 10 points each, one step for both.
    host.click("#n-end")
    host.click("#confirm-yes")
    screen.wait_for_function("document.body.dataset.night === 'over'")
    screen.wait_for_selector("#podium:not([hidden]) .step[data-place='1'][data-names='2']")
    assert steps(screen) == [("1", "2")]
    screen.wait_for_function(RISEN)
    screen.screenshot(path=str(SHOTS / "night-podium-tie-1920.png"))
    host.wait_for_selector("#n-choose option[data-status='over']:checked", state="attached")

    # "Créer" again: a game outside the ended night, no refusal.
    create_phone_game(host, "buzzer", ["Rouge", "Bleu"])
    assert host.evaluate("state.meta.night") is None
    assert "soirée" not in host.inner_text("#create-msg")
    host.screenshot(path=str(SHOTS / "host-after-night-1366.png"))
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
