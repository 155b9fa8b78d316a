"""A video question in Debian's Chromium started without the kiosk's autoplay flag, as on a
laptop: the projector's play() is refused, so it shows its big "click here to enable sound"
and the host page says the projector waits for a click; one click on the projector and the
video plays with its sound (its time advances), drawn full width above the question's text
at 1280x720, and the host page's notice goes. No phone gets the video. And a file whose
first fetch failed (a busy host) is fetched again, not left silent."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.browser.driver import (ARGS, Recorder, chromium, create_phone_game, host_page,
                                  join_seat, local_only, new_page)
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.live import LiveServer
from tests.synthetic import TINY_WEBM

pytestmark = pytest.mark.browser

# What a desktop browser does with a page nobody clicked on yet (the kiosk passes
# --autoplay-policy=no-user-gesture-required instead: host/serve/service.py).
LAPTOP_POLICY = "--autoplay-policy=document-user-activation-required"


@pytest.fixture(scope="module")
def film_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("films")
    folder = root / "packs"
    (folder / "clips").mkdir(parents=True)
    (folder / "clips" / "scene.webm").write_bytes(TINY_WEBM.read_bytes())
    questions = [{"id": f"fr-film-{i:03d}", "category": "screen", "difficulty": 2,
                  "kind": "text", "prompt": f"De quel film est cette scène ? ({i})",
                  "answer": "Metropolis", "source": "domaine public",
                  "video": "clips/scene.webm", "clip": [0, 3]} for i in range(1, 4)]
    (folder / "films.yaml").write_text(yaml.safe_dump(
        {"pack": "films", "language": "fr", "title": "Films", "questions": questions},
        allow_unicode=True), encoding="utf-8")
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def laptop_browser() -> Iterator[Any]:
    with chromium(args=[*ARGS, LAPTOP_POLICY]) as launched:
        yield launched


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).bounding_box()
    return found


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"]
            and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])


def test_one_click_on_the_projector_lets_the_video_play_and_the_host_is_told(
        film_live: LiveServer, laptop_browser: Any, tmp_path: Path) -> None:
    recorder = Recorder()
    screen = new_page(laptop_browser, recorder, film_live.url + "/screen",
                      {"width": 1280, "height": 720})
    host = host_page(laptop_browser, recorder, film_live)
    fill_quiz_round(host, ["Ana", "Bob"], {**HOST_PACED, "rounds": "1", "questions": "1"},
                    mix="text")
    create_and_wait(host)
    phone = join_seat(laptop_browser, recorder, film_live.url, 0)
    host.click("[data-cmd='start']")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")

    # Nobody clicked on the projector: its browser refuses to play, it asks for a click.
    # Waited for on the host page: anything Playwright evaluates in the projector's page
    # (a wait_for_selector's poll too) counts as a user's gesture there (CDP's userGesture),
    # so a poll that came before the question would let the clip play (it did, once, in CI).
    notice = host.wait_for_selector("#projector-sound", state="visible")
    assert "Le projecteur attend un clic pour le son" in notice.inner_text()
    assert screen.locator("#qr-sound-overlay").is_visible()
    assert "Touchez ici pour activer le son" in screen.inner_text("#qr-sound-overlay")
    assert screen.evaluate("document.querySelector('#qr-video').paused")
    # A banner, not a layer over the question: the prompt and the film's place stay in view
    # and uncovered (the question's time waits for the clip meanwhile).
    banner, prompt, film = (box(screen, s)
                            for s in ("#qr-sound-overlay", "#qr-prompt", "#qr-video"))
    assert banner["height"] <= 0.2 * 720, banner
    for part in (prompt, film):
        assert not overlaps(banner, part), (banner, part)
    assert prompt["y"] >= 0 and prompt["y"] + prompt["height"] <= 720, prompt
    assert screen.evaluate("document.scrollingElement.scrollHeight <= innerHeight")
    screen.screenshot(path=str(tmp_path / "click-for-sound.png"))

    screen.click("#qr-sound-overlay")
    screen.wait_for_selector("#qr-sound-overlay", state="hidden")
    screen.wait_for_function("(() => { const v = document.querySelector('#qr-video');"
                             " return !v.paused && !v.muted && v.currentTime > 0.3; })()")
    started = float(screen.evaluate("document.querySelector('#qr-video').currentTime"))
    screen.wait_for_function(
        f"document.querySelector('#qr-video').currentTime > {started + 0.3}")
    host.wait_for_selector("#projector-sound", state="hidden")
    assert screen.get_attribute("#qr-video", "src").startswith("/media/questions/fr-film-")
    # Full width of the question area, above the question's text, not over it.
    film, prompt = box(screen, "#qr-video"), box(screen, "#qr-prompt")
    area = box(screen, "#qr-body")
    assert film["width"] >= 0.95 * area["width"] and film["height"] > 150
    assert film["y"] + film["height"] <= prompt["y"] + 1
    assert prompt["y"] + prompt["height"] <= 720
    screen.screenshot(path=str(tmp_path / "video-question.png"))
    # Phones: the question and the text field, no video.
    phone.wait_for_selector("#qr-text")
    assert phone.query_selector("video") is None and "/video" not in phone.content()
    assert recorder.errors == []
    assert local_only(recorder.urls) == []


def test_a_video_whose_first_fetch_failed_is_fetched_again(
        film_live: LiveServer, laptop_browser: Any) -> None:
    """A busy host's first answer for the file fails: play() then refuses with
    NotSupportedError, and a media element never fetches a failed source again by itself;
    the projector loads it again and plays it (after its "click here for sound", if asked)."""
    recorder = Recorder()
    screen = new_page(laptop_browser, recorder, film_live.url + "/screen",
                      {"width": 1280, "height": 720})
    failed: list[str] = []

    def first_fails(route: Any) -> None:
        if not failed:
            failed.append(route.request.url)
            route.abort("failed")
        else:
            route.continue_()

    screen.route("**/media/questions/**", first_fails)
    host = host_page(laptop_browser, recorder, film_live)
    fill_quiz_round(host, ["Cleo", "Dan"], {**HOST_PACED, "rounds": "1", "questions": "1"},
                    mix="text")
    create_and_wait(host)
    join_seat(laptop_browser, recorder, film_live.url, 0)
    host.click("[data-cmd='start']")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")
    playing = ("(() => { const v = document.querySelector('#qr-video');"
               " return !!v && !v.paused && v.currentTime > 0.3; })()")
    # Fetched again, the clip plays, or asks for its click first: this test's own polls of the
    # projector are gestures there (Playwright's), so the browser may let it play at once.
    screen.wait_for_function(f"!document.querySelector('#qr-sound-overlay').hidden || {playing}")
    if screen.is_visible("#qr-sound-overlay"):
        screen.click("#qr-sound-overlay")
    screen.wait_for_function(playing)
    # Read once it plays: the route's handler runs only while this test waits in a Playwright
    # call, so the overlay can show (a refused play()) before the handler has run; playing
    # needed the second fetch, which the handler saw after the first.
    assert failed, "the file was never asked for"
    # The one failure the page met is the fetch this test made fail.
    assert [error for error in recorder.errors if "net::ERR_FAILED" not in error] == []


def test_the_host_page_asks_for_the_projectors_sound_only_for_a_game_with_clips(
        film_live: LiveServer, laptop_browser: Any) -> None:
    """The projector's sound line is a step of a game that has clips (its selection holds clip
    questions: `meta.config.clips`), shown from its lobby so the host unlocks the sound before
    the first clip; a buzzer board (no clips) leaves it out, though a projector is connected
    and waits for its click. The projector is never touched here (a gesture would unlock it)."""
    recorder = Recorder()
    new_page(laptop_browser, recorder, film_live.url + "/screen", {"width": 1280, "height": 720})
    host = host_page(laptop_browser, recorder, film_live)
    create_phone_game(host, "buzzer", ["Ana", "Bob"])
    # The host page heard the projector wait for its click, and does not ask for it.
    host.wait_for_function("!document.querySelector('#projector-sound').hidden")
    assert not host.is_visible("#projector-sound-box")
    assert not host.evaluate("!!state.meta.config.clips")  # no questions: no clips
    fill_quiz_round(host, ["Ana", "Bob"], {**HOST_PACED, "rounds": "1", "questions": "1"},
                    mix="text")
    create_and_wait(host)
    host.wait_for_function("state.meta.kind === 'quiz-round' && state.meta.config.clips === true")
    assert host.is_visible("#projector-sound-box")
    assert "Le projecteur attend un clic pour le son" in host.inner_text("#projector-sound-box")
    assert recorder.errors == []
