"""The first clip of a night, in Debian's Chromium started as on a laptop (a page plays sound
only after a click on it): the projector says from the lobby that its sound waits for a
click, the host page says so in the lobby of a game with clips and offers "test the
sound"; one tap on the projector in the lobby unlocks it, the host page reads "on". The clip
question's time then starts only once
its clip plays on the projector (the states before have no timer), with no overlay over the
question, and the projector's header says a clip plays. A projector nobody tapped: the
question waits, its time does not run, until the host starts it without the sound (which
takes the "click here" banner away).

Waits on the projector come after the point each test checks: anything Playwright evaluates
in a page counts as a user gesture there (test_video_sound_browser.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import HOST, Recorder, join_seat, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.browser.test_video_sound_browser import film_live, laptop_browser  # noqa: F401
from tests.live import LiveServer

pytestmark = pytest.mark.browser


def watched_host(browser: Any, recorder: Recorder, server: LiveServer) -> Any:
    """The host page, its states recorded (meta.timer: whether the question's time runs)."""
    host = new_page(browser, recorder, f"{server.url}/host#key={server.key}", HOST, states=True)
    host.wait_for_selector("#c-kind option[value='buzzer']", state="attached")
    return host


def answering(recorder: Recorder) -> list[dict[str, Any]]:
    """The host page's states of the newest game's clip question (the page may have
    followed another test's game first)."""
    game = recorder.states[-1]["meta"]["game"]
    return [s for s in recorder.states if s["meta"]["game"] == game and s.get("view")
            and s["view"].get("stage") == "answering" and s["view"].get("clip")]


def create_clip_game(host: Any) -> None:
    """A quiz round of the films pack (every question a clip), in its lobby."""
    fill_quiz_round(host, ["Ana", "Bob"], {**HOST_PACED, "rounds": "1", "questions": "1"},
                    mix="text")
    create_and_wait(host)


def open_question(host: Any, browser: Any, recorder: Recorder, server: LiveServer) -> None:
    """A phone joins the lobby's game, the host starts it and asks its clip question."""
    join_seat(browser, recorder, server.url, 0)
    host.click("[data-cmd='start']")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")


def test_one_tap_in_the_lobby_unlocks_the_sound_and_the_time_starts_with_the_clip(
        film_live: LiveServer, laptop_browser: Any, tmp_path: Path) -> None:  # noqa: F811
    recorder = Recorder()
    screen = new_page(laptop_browser, recorder, film_live.url + "/screen",
                      {"width": 1920, "height": 1080})
    host = watched_host(laptop_browser, recorder, film_live)
    # In the lobby of a game with clips: the projector said its sound waits for a click.
    create_clip_game(host)
    notice = host.wait_for_selector("#projector-sound", state="visible")
    assert "Le projecteur attend un clic pour le son" in notice.inner_text()
    assert host.is_visible("#sound-test")
    assert "Touchez l’écran pour activer le son" in screen.inner_text("#mute")
    screen.screenshot(path=str(tmp_path / "lobby-sound-blocked.png"))
    screen.click("#lobby")  # one tap anywhere on the projector
    host.wait_for_selector("#projector-sound-on", state="visible")
    assert host.is_hidden("#projector-sound")
    assert "Son du projecteur : activé" in host.inner_text("#projector-sound-on")
    assert "Touchez" not in screen.inner_text("#mute")

    open_question(host, laptop_browser, recorder, film_live)
    # The time runs once the clip plays on the projector, not before.
    host.wait_for_function("!!document.querySelector('#qr-commands [data-cmd=\"close\"]')")
    screen.wait_for_function("(() => { const v = document.querySelector('#qr-video');"
                             " return !!v && !v.paused && v.currentTime > 0.2; })()")
    host.wait_for_function("!document.querySelector('#qr-host-clip')")
    states = answering(recorder)
    assert states[0]["view"]["clip"]["waiting"] is True and states[0]["meta"]["timer"] is None
    started = [s for s in states if s["meta"]["timer"] is not None]
    assert started and all(s["view"]["clip"]["waiting"] is False for s in started)
    assert screen.is_hidden("#qr-sound-overlay")
    screen.wait_for_function("document.querySelector('#qr-clip').textContent.includes('Extrait')")
    assert screen.is_visible("#qr-clip") and screen.is_visible("#qr-prompt")
    screen.screenshot(path=str(tmp_path / "clip-playing.png"))
    assert recorder.errors == []


def test_a_projector_nobody_tapped_holds_the_time_until_the_host_starts_it_without_sound(
        film_live: LiveServer, laptop_browser: Any) -> None:  # noqa: F811
    recorder = Recorder()
    screen = new_page(laptop_browser, recorder, film_live.url + "/screen",
                      {"width": 1280, "height": 720})
    host = watched_host(laptop_browser, recorder, film_live)
    create_clip_game(host)
    host.wait_for_selector("#projector-sound", state="visible")
    open_question(host, laptop_browser, recorder, film_live)
    waiting = host.wait_for_selector("#qr-host-clip", state="visible")
    assert "Le temps attend que l’extrait joue sur le projecteur" in waiting.inner_text()
    assert all(s["meta"]["timer"] is None for s in answering(recorder))
    host.click("#qr-commands [data-cmd='clip_no_sound']")
    host.wait_for_selector("#qr-host-clip", state="detached")
    assert answering(recorder)[-1]["meta"]["timer"] is not None
    screen.wait_for_selector("#qr-sound-overlay", state="hidden")
    assert screen.is_visible("#qr-prompt")
    assert recorder.errors == []
