"""A night plan edited with the new-game form, and a break with music, in Debian's Chromium
started without the kiosk's autoplay flag (as on a laptop).

A saved plan's quiz is opened in the host form (its rounds, teams and seats filled back in),
a bad round refused by name with nothing written, then changed and saved back: the plan's
export shows the change. The plan runs ("partie 1 sur 2 : Quiz par équipes"); the host
uploads a sound and shows a break with it: the projector's play() is refused until its one
tap ("Touchez l'écran pour activer le son"), then its <audio> plays, looped; the phones show
the break with no audio at all; the host stops and restarts the music, the break's end stops
it; the host leaves the plan after its confirmation, the night staying open.

Screenshots (projector 1920x1080 and 1280x720, phone 360x640, host page 1366x768 and 390x844,
French and English) go to $TOURELLE_SHOTS (else the test's temporary folder)."""

from __future__ import annotations

import json
import os
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from host.routes.packs import KEY_HEADER
from tests.browser.driver import (ARGS, PROJECTOR, Recorder, chromium, host_page, join_seat,
                                  new_page, screenshots_on)
from tests.live import LiveServer
from tests.synthetic import silent_mp3, write_pack

pytestmark = pytest.mark.browser

LAPTOP_POLICY = "--autoplay-policy=document-user-activation-required"
PLAN = {"tourelle": "plan", "version": 1, "name": "Quiz du jeudi", "games": [
    {"kind": "quiz-round", "language": "fr", "teams": True, "team_answers": "first",
     "seats": [{"name": "Rouge"}, {"name": "Bleu"}],
     "settings": {"plan": [{"title": "Chiffres", "questions": 2, "mix": "numeric",
                            "wager_cap": 50}]},
     "questions": {"language": "fr", "packs": ["synthetic-fr"]}},
    {"kind": "buzzer", "language": "fr", "seats": [{}, {}], "settings": {}}]}
SIZES = {"projector": [(1920, 1080), (1280, 720)], "phone": [(360, 640)],
         "host": [(1366, 768), (390, 844)]}


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("night")
    folder = root / "packs"
    (folder / "clips").mkdir(parents=True)
    write_pack(folder / "synthetic-fr.yaml", 20, "fr")
    (folder / "clips" / "anthem.mp3").write_bytes(silent_mp3(8.0))
    (folder / "music.yaml").write_text(yaml.safe_dump(
        {"pack": "music", "language": "fr", "title": "Musique", "questions": [
            {"id": "fr-mus-001", "category": "music", "difficulty": 2, "kind": "text",
             "prompt": "Quel hymne entendez-vous ?", "answer": "La Marseillaise",
             "source": "domaine public", "audio": "clips/anthem.mp3", "clip": [1, 6]}]},
        allow_unicode=True), encoding="utf-8")
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


@pytest.fixture(scope="module")
def laptop() -> Iterator[Any]:
    with chromium(args=[*ARGS, LAPTOP_POLICY]) as launched:
        yield launched


def call(server: LiveServer, method: str, path: str, body: Any = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server.url + path, data=data, method=method, headers={
        KEY_HEADER: server.key, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as answer:
        text = answer.read().decode()
    return text if path.endswith(".json") else json.loads(text)


def shoot(pages: dict[str, Any], folder: Path, lang: str, host_part: str) -> list[Path]:
    written = []
    for role, page in pages.items():
        for width, height in SIZES[role]:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)  # a resize's reflow (fitZoom), not a wait on the server
            if role == "host":
                page.locator(host_part).evaluate("(el) => el.scrollIntoView({block: 'start'})")
            path = folder / f"night-more-{role}-{width}x{height}-{lang}.png"
            page.screenshot(path=str(path))
            written.append(path)
    return written


def playing(at: float) -> str:
    return ("(() => { const a = document.querySelector('#break-audio');"
            f" return !a.paused && !a.muted && a.volume > 0 && a.currentTime > {at}; }})()")


def test_a_plan_edited_in_the_form_then_run_with_a_break_and_its_music(
        night: LiveServer, laptop: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS") or tmp_path / "shots")
    shots.mkdir(parents=True, exist_ok=True)
    recorder = Recorder()
    plan_id = call(night, "POST", "/api/plans", PLAN)["plan"]["id"]
    screen = new_page(laptop, recorder, night.url + "/screen", PROJECTOR)  # never touched yet
    host = host_page(laptop, recorder, night)
    host.set_viewport_size({"width": 1366, "height": 768})
    host.wait_for_selector(f"[data-plan-edit='{plan_id}']").click()

    # The quiz opens in the new-game form: its teams, seats and round are filled back in.
    host.click("#plan-games [data-plan-open='0']")
    host.wait_for_selector("#plan-form-bar:not([hidden])")
    assert "partie 1 du programme « Quiz du jeudi »" in host.inner_text("#plan-form-what")
    assert host.input_value("#c-kind") == "quiz-round" and host.is_checked("#c-teams")
    assert [host.input_value(f"#seat-name-{i}") for i in (0, 1)] == ["Rouge", "Bleu"]
    assert host.locator("#seat-kind-2").count() == 0
    questions = host.locator("#qr-plan-rounds li [data-key='questions']")
    assert questions.count() == 1 and questions.input_value() == "2"
    assert host.input_value("#qr-plan-rounds li [data-key='title']") == "Chiffres"
    # A bad round (no question): refused by name, the plan's file as it was.
    before = call(night, "GET", f"/api/plans/{plan_id}.json")
    questions.fill("0")
    host.click("#plan-form-save")
    host.wait_for_function("document.querySelector('#plan-form-msg').textContent"
                           ".includes('partie 1')")
    assert "questions" in host.inner_text("#plan-form-msg")
    assert call(night, "GET", f"/api/plans/{plan_id}.json") == before
    questions.fill("3")
    host.fill("#seat-name-0", "Les Ours")
    host.click("#plan-form-save")
    host.wait_for_selector("#plan-form-bar", state="hidden")
    assert "Partie 1 enregistrée dans « Quiz du jeudi »" in host.inner_text("#plan-msg")
    saved = json.loads(call(night, "GET", f"/api/plans/{plan_id}.json"))["games"][0]
    assert saved["settings"]["plan"] == [{"title": "Chiffres", "questions": 3, "mix": "numeric",
                                          "wager_cap": 50, "seconds": 20, "points": 10,
                                          "speed_bonus": 5, "min_difficulty": 1,
                                          "max_difficulty": 5}]
    assert saved["seats"][0]["name"] == "Les Ours" and saved["teams"] is True
    assert saved["questions"]["packs"] == ["synthetic-fr"]

    # The plan runs: where it is, by the game's name.
    host.click(f"[data-plan-start='{plan_id}']")
    host.wait_for_selector("#plan-live:not([hidden]):has-text('partie 1 sur 2 : Quiz par équipes')")
    assert "Partie suivante (2) : Buzzers" in host.inner_text("#plan-next")
    phone = join_seat(laptop, recorder, night.url, 0, name="Ana")
    phone.set_viewport_size({"width": 360, "height": 640})
    phone_asked: list[str] = []
    phone.on("request", lambda request: phone_asked.append(request.url))

    # A sound uploaded for the break, chosen, and the break shown.
    host.click("#break-box summary")
    sound = tmp_path / "Pause du jeudi.mp3"
    sound.write_bytes(silent_mp3(6.0))
    host.set_input_files("#break-sound-file", str(sound))
    host.wait_for_function("document.querySelector('#break-music').value.startsWith('sound:')")
    assert "pause-du-jeudi.mp3" in host.inner_text("#break-music-saved")
    # Waited for by the projector's own request for the file (an event, not a poll: anything
    # Playwright evaluates in a page counts as a user's gesture there), so its play() has been
    # tried before any gesture.
    with screen.expect_request(lambda request: "/break/sounds/" in request.url):
        host.click("#break-show")
    screen.wait_for_function("document.body.dataset.breakMusic === 'waiting'")
    assert screen.is_visible("#break-sound")
    assert "Touchez l’écran pour activer le son" in screen.inner_text("#break-sound")
    host.wait_for_selector("#projector-sound-box:not([hidden]) #projector-sound:not([hidden])")
    assert "♪ La musique joue sur le projecteur : pause-du-jeudi.mp3" in host.inner_text(
        "#break-music-state")
    phone.wait_for_selector("#p-break:not([hidden])")
    written = shoot({"projector": screen}, shots, "fr-waiting", "#break")

    # The one tap on the projector: its music plays, looped, at a background's volume.
    screen.click("#break-sound")
    screen.wait_for_function(playing(0.3))
    assert screen.evaluate("document.querySelector('#break-audio').loop")
    assert screen.is_hidden("#break-sound")
    host.wait_for_selector("#projector-sound", state="hidden")
    assert phone.query_selector("audio") is None
    assert not [url for url in phone_asked if "/break/sounds/" in url or "/audio" in url]
    written += shoot({"projector": screen, "phone": phone, "host": host}, shots, "fr",
                     "#plan-live")

    # Stopped and played again from the host page; the break's end stops it.
    host.click("#break-music-toggle")
    screen.wait_for_function("document.querySelector('#break-audio').paused")
    assert "Musique arrêtée" in host.inner_text("#break-music-state")
    host.click("#break-music-toggle")
    at = float(screen.evaluate("document.querySelector('#break-audio').currentTime"))
    screen.wait_for_function(playing(at + 0.2))

    # The same in English (a projector not yet tapped asks for its tap).
    english = {"projector": new_page(laptop, recorder, night.url + "/screen", PROJECTOR,
                                     locale="en-GB"),
               "phone": new_page(laptop, recorder, night.url + "/", {"width": 360, "height": 640},
                                 locale="en-GB"),
               "host": host_page(laptop, recorder, night, locale="en-GB")}
    english["projector"].wait_for_selector("#break:not([hidden])")
    english["phone"].wait_for_selector("#p-break:not([hidden])")
    english["host"].wait_for_selector("#plan-live:not([hidden])")
    english["host"].click("#break-box summary")
    assert "game 1 of 2: Quiz round" in english["host"].inner_text("#plan-live")
    assert "The music plays on the projector" in english["host"].inner_text("#break-music-live")
    written += shoot(english, shots, "en", "#plan-live")
    for page in english.values():
        page.context.close()

    host.click("#break-end")
    screen.wait_for_selector("#break", state="hidden")
    screen.wait_for_function("document.querySelector('#break-audio').paused"
                             " && !document.querySelector('#break-audio').getAttribute('src')")

    # Leaving the plan asks first, and says the night stays.
    host.click("#plan-stop")
    assert "La soirée « Quiz du jeudi" in host.inner_text("#confirm-text")
    assert "reste ouverte" in host.inner_text("#confirm-text")
    host.click("#confirm-no")
    assert host.is_visible("#plan-live")
    host.click("#plan-stop")
    host.click("#confirm-yes")
    host.wait_for_selector("#plan-live", state="hidden")
    assert "la soirée reste ouverte" in host.inner_text("#cmd-msg")
    nights = night.get("/api/nights")["nights"]
    assert [n["status"] for n in nights if n["name"] == "Quiz du jeudi"] == ["open"]
    assert not screenshots_on() or all(path.stat().st_size > 10_000 for path in written)
    # The refused save's 400 is the one error a page logs (Chromium: "Failed to load resource").
    assert [e for e in recorder.errors if "status of 400" not in e] == []
