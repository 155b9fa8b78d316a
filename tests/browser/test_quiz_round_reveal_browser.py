"""Picture reveal in Debian's Chromium, in French and in English, with 2 teams: a picture
question of a round revealed in 4 steps (24 s: a step every 6 s, room for a loaded
machine's waits before Ana's tap at step 1). The projector's tiles come off step by step
(6 of 24 at step 1, more at step 2); the phones show "watch the screen" and
the points on offer, and never fetch nor draw the picture before the answers close; a team
right at step 1 earns all 10 points, one right later earns its step's points; the reveal
lists the points by step and each phone the step it locked in at. Screenshots: projector
1920x1080 and 1280x720, phones 390x844 and 360x640 (in the test's tmp folder, or
$TOURELLE_SHOTS)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, local_only, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.live import LiveServer
from tests.synthetic import write_picture_packs

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob"]
SETTINGS = {**HOST_PACED, "rounds": "1", "questions": "1", "seconds": "24",
            "reveal_steps": "4", "speed_bonus": "5"}
WORDS = {"fr": {"watch": "Regardez l’écran : l’image se dévoile", "found": "trouvé à l’étape 1/4",
                "steps": "Points par étape"},
         "en": {"watch": "Watch the screen: the picture is being revealed",
                "found": "found at step 1/4", "steps": "Points by step"}}
LOCALES = {"fr": "fr-FR", "en": "en-GB"}


# The English run: `make nightly` (the French one covers its ground in `make test`).
EN_NIGHTLY = pytest.param("en", marks=pytest.mark.nightly)


@pytest.fixture(scope="module")
def reveal_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("reveal")
    folder = root / "packs"
    write_picture_packs(folder)
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


def tiles_off(screen: Any) -> int:
    return int(screen.evaluate("document.querySelectorAll('#qr-tiles .qr-tile.off').length"))


@pytest.mark.parametrize("language", ["fr", EN_NIGHTLY])
def test_a_picture_comes_off_in_steps_and_phones_never_have_it_before_the_close(
        reveal_live: LiveServer, browser: Any, language: str, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "reveal" / language
    shots.mkdir(parents=True, exist_ok=True)
    words = WORDS[language]
    recorder = Recorder()
    locale = LOCALES[language]
    screen = new_page(browser, recorder, reveal_live.url + "/screen", PROJECTOR, locale=locale)
    host = host_page(browser, recorder, reveal_live, locale=locale)
    host.set_viewport_size({"width": 1366, "height": 768})
    host.select_option("#c-language", language)
    fill_quiz_round(host, NAMES, SETTINGS, mix="choice")
    create_and_wait(host)
    phones = [join_seat(browser, recorder, reveal_live.url, seat, locale=locale)
              for seat in range(2)]
    phones[0].set_viewport_size({"width": 390, "height": 844})
    phones[1].set_viewport_size({"width": 360, "height": 640})
    fetched: list[str] = []  # every picture a phone asks for, and when
    closed = {"now": False}
    for phone in phones:
        phone.on("request", lambda request: fetched.append(request.url) if (
            "/media/questions/" in request.url and not closed["now"]) else None)
    host.click("[data-cmd='start']")
    screen.wait_for_selector("#qr-reveal-round")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")  # title card -> the question

    # Step 1: 6 of the 24 tiles off; the phones say "watch the screen", 10 points on offer.
    screen.wait_for_selector("#qr-picture.qr-reveal[data-reveal-step='1'] img")
    assert tiles_off(screen) == 6
    line = phones[0].wait_for_selector("#qr-p-reveal")
    assert words["watch"] in line.inner_text() and line.get_attribute("data-points") == "10"
    for phone in phones:
        assert phone.query_selector("img[src*='/media/questions/']") is None
    truth = host.wait_for_selector("#qr-host-truth").inner_text()
    right = "ABCDEF".index(truth.split(":", 1)[1].strip()[0])
    phones[0].click(f".qr-choice[data-choice='{right}']")  # Ana, right at step 1 (6 s long)
    screen.screenshot(path=str(shots / "screen-1920x1080-step1.png"))
    phones[1].screenshot(path=str(shots / "phone-360x640-step1.png"))

    # Step 2: more tiles off; Bob's phone offers fewer points, still no picture.
    screen.wait_for_selector("#qr-picture[data-reveal-step='2']", timeout=20_000)
    assert tiles_off(screen) == 12
    phones[1].wait_for_selector("#qr-p-reveal[data-points='8']", timeout=20_000)
    screen.set_viewport_size({"width": 1280, "height": 720})
    screen.screenshot(path=str(shots / "screen-1280x720-step2.png"))
    screen.set_viewport_size(PROJECTOR)
    phones[0].screenshot(path=str(shots / "phone-390x844-locked.png"))
    phones[1].screenshot(path=str(shots / "phone-360x640-step2.png"))
    assert phones[1].query_selector("img[src*='/media/questions/']") is None
    assert fetched == [], fetched  # no phone asked for the picture
    closed["now"] = True
    phones[1].click(f".qr-choice[data-choice='{right}']")  # Bob, right at step 2 or later

    # The reveal: the whole picture, the points by step; each phone its step's points.
    steps = screen.wait_for_selector("#qr-reveal-steps")
    assert words["steps"] in steps.inner_text()
    assert [s.get_attribute("data-step") for s in steps.query_selector_all("span.hit")] [0] == "1"
    assert tiles_off(screen) == 24
    ana = phones[0].wait_for_selector("#qr-verdict.good")
    assert ana.get_attribute("data-points") == "10" and words["found"] in ana.inner_text()
    bob = phones[1].wait_for_selector("#qr-verdict.good")
    assert bob.get_attribute("data-points") in ("8", "5", "3")
    screen.screenshot(path=str(shots / "screen-1920x1080-reveal.png"))
    screen.set_viewport_size({"width": 1280, "height": 720})
    screen.screenshot(path=str(shots / "screen-1280x720-reveal.png"))
    phones[0].screenshot(path=str(shots / "phone-390x844-verdict.png"))
    phones[1].screenshot(path=str(shots / "phone-360x640-verdict.png"))
    host.screenshot(path=str(shots / "host-1366x768-reveal.png"))
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
