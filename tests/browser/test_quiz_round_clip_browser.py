"""A music question in Debian's Chromium: the projector plays the question's clip (its media
element reports playing and its time advances), the host page pauses and replays it, and
no phone gets the clip (no audio element, no clip URL in its page)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, local_only, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.live import LiveServer
from tests.synthetic import silent_mp3

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def music_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("music")
    folder = root / "packs"
    (folder / "clips").mkdir(parents=True)
    (folder / "clips" / "anthem.mp3").write_bytes(silent_mp3(20.0))
    questions = [{"id": f"fr-mus-{i:03d}", "category": "music", "difficulty": 2, "kind": "text",
                  "prompt": f"Quel hymne entendez-vous ? ({i})", "answer": "La Marseillaise",
                  "source": "domaine public", "audio": "clips/anthem.mp3", "clip": [1, 15]}
                 for i in range(1, 4)]
    (folder / "music.yaml").write_text(yaml.safe_dump(
        {"pack": "music", "language": "fr", "title": "Musique", "questions": questions},
        allow_unicode=True), encoding="utf-8")
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


def clip_time(screen: Any) -> float:
    return float(screen.evaluate("document.querySelector('#qr-audio').currentTime"))


def test_the_projector_plays_the_clip_and_the_host_pauses_it(music_live: LiveServer,
                                                             browser: Any, tmp_path: Path) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, music_live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, music_live)
    fill_quiz_round(host, ["Ana", "Bob"], {**HOST_PACED, "rounds": "1", "questions": "1"},
                    mix="text")
    create_and_wait(host)
    phone = join_seat(browser, recorder, music_live.url, 0)
    host.click("[data-cmd='start']")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")

    screen.wait_for_selector("#qr-prompt")
    if screen.is_visible("#qr-sound-overlay"):  # the browser wants a click before sound
        screen.screenshot(path=str(tmp_path / "sound-blocked.png"))
        screen.click("#qr-sound-overlay")
    screen.wait_for_function("(() => { const a = document.querySelector('#qr-audio');"
                             " return a && !a.paused && a.currentTime > 1.2; })()")
    first = clip_time(screen)
    screen.wait_for_function(f"document.querySelector('#qr-audio').currentTime > {first + 0.5}")
    assert screen.get_attribute("#qr-audio", "src").startswith("/media/questions/fr-mus-")
    host.click("#qr-commands [data-cmd='clip_pause']:not([disabled])")
    screen.wait_for_function("document.querySelector('#qr-audio').paused")
    paused_at = clip_time(screen)
    host.click("#qr-commands [data-cmd='clip_replay']:not([disabled])")
    screen.wait_for_function("(() => { const a = document.querySelector('#qr-audio');"
                             f" return !a.paused && a.currentTime < {paused_at}; }})()")
    screen.screenshot(path=str(tmp_path / "music-question.png"))
    # Phones: the question, the text field, and no sound at all.
    phone.wait_for_selector("#qr-text")
    assert phone.query_selector("audio") is None
    assert "/audio" not in phone.content()
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
