"""A night prepared ahead, in Debian's Chromium: on one host a plan is prepared on the host
page (two games from the new-game form), saved and exported as a file; on a second host (its
own data folder) a bad plan file is refused with its line and nothing is written, the good
one is imported and started: its night and first game open, two phones join; at the game's
end the host shows a break (message, countdown, the night's table) on the projector and the
phones, then moves to the plan's next game in one tap and the phones follow.

Screenshots (projector 1920x1080 and 1280x720, phones 390x844 and 360x640, host page 1366x768
and 390x844, French and English) go to $TOURELLE_SHOTS (else the test's temporary folder)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import (PHONE, PROJECTOR, Recorder, join_seat, new_page, phone_seats,
                                  screenshots_on)
from tests.live import LiveServer

pytestmark = pytest.mark.browser

HOST_WIDE = {"width": 1366, "height": 768}
HOST_PHONE = {"width": 390, "height": 844}
SIZES = {"projector": [(1920, 1080), (1280, 720)], "phone": [(390, 844), (360, 640)],
         "host": [(1366, 768), (390, 844)]}


@pytest.fixture
def second(live: LiveServer, tmp_path: Path) -> Iterator[LiveServer]:
    """Another host: its own data folder, the same packs."""
    server = LiveServer(data=tmp_path / "second", packs=live.packs).start()
    yield server
    server.stop()


def host_page(browser: Any, recorder: Recorder, server: LiveServer, locale: str = "fr-FR",
              viewport: dict[str, int] | None = None) -> Any:
    page = new_page(browser, recorder, f"{server.url}/host#key={server.key}",
                    viewport or HOST_WIDE, locale=locale)
    page.wait_for_selector("#c-kind option[value='quiz-round']", state="attached")
    page.wait_for_selector("#plans-list tr")
    return page


def shoot(pages: dict[str, Any], folder: Path, lang: str, what: str,
          host_part: str = "#plan-live") -> list[Path]:
    """Each page at each of its sizes (the host page scrolled to `host_part`); returns the
    files written."""
    written = []
    for role, page in pages.items():
        for width, height in SIZES[role]:
            page.set_viewport_size({"width": width, "height": height})
            page.wait_for_timeout(150)  # a resize's reflow (fitZoom), not a wait on the server
            if role == "host":
                page.locator(host_part).evaluate("(el) => el.scrollIntoView({block: 'start'})")
            path = folder / f"plans-{what}-{role}-{width}x{height}-{lang}.png"
            page.screenshot(path=str(path))
            written.append(path)
    return written


def test_a_plan_prepared_exported_imported_elsewhere_and_run_with_a_break(
        live: LiveServer, second: LiveServer, browser: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS") or tmp_path / "shots")
    shots.mkdir(parents=True, exist_ok=True)
    recorder = Recorder()

    # Tuesday, on the first host: a plan of two games, each set up in the new-game form.
    host = host_page(browser, recorder, live)
    host.click("#plan-new")
    host.fill("#plan-name", "Quiz du jeudi")
    host.select_option("#c-kind", "buzzer")
    phone_seats(host, ["Rouge", "Bleu"])
    host.click("#plan-add-game")
    host.select_option("#c-kind", "quiz-round")
    phone_seats(host, ["Les Ours", "Les Loups"])
    host.check("#c-teams")
    host.click("#plan-add-game")
    assert host.locator("#plan-games li[data-plan-game]").count() == 2
    host.click("#plan-games li[data-plan-game='1'] button:has-text('↑')")  # reorder, then back
    assert "Quiz" in host.inner_text("#plan-games li[data-plan-game='0']")
    host.click("#plan-games li[data-plan-game='1'] button:has-text('↑')")
    host.click("#plan-save")
    host.wait_for_selector("#plans-list tr[data-plan]")
    assert "2 parties" in host.inner_text("#plans-list")
    saved = list((live.data / "plans").glob("p*.json"))
    assert len(saved) == 1
    plan = json.loads(saved[0].read_text())
    assert [g["kind"] for g in plan["games"]] == ["buzzer", "quiz-round"]
    assert plan["games"][1]["teams"] is True and "night" not in plan["games"][0]
    with host.expect_download() as download:
        host.click("[data-plan-export]")
    exported = tmp_path / "jeudi.json"
    download.value.save_as(str(exported))

    # Thursday, on another host: a bad file is refused with its line, nothing written.
    other = host_page(browser, recorder, second)
    broken = tmp_path / "casse.yaml"
    broken.write_text("tourelle: plan\nversion: 1\nname: Jeudi\ngames:\n  - kind: bowling\n")
    other.set_input_files("#plan-import-file", str(broken))
    other.wait_for_function("document.querySelector('#plan-msg').textContent.includes('ligne 5')")
    assert "casse.yaml" in other.inner_text("#plan-msg")
    assert not (second.data / "plans").exists() or not list((second.data / "plans").iterdir())
    other.set_input_files("#plan-import-file", str(exported))
    other.wait_for_selector("#plans-list tr[data-plan]")
    assert "Quiz du jeudi" in other.inner_text("#plans-list")

    # Started: the night and its first game open; the projector shows its lobby and table.
    screen = new_page(browser, recorder, second.url + "/screen", PROJECTOR)
    other.click("[data-plan-start]")
    other.wait_for_selector("#live:not([hidden]) [data-cmd='start']:not([disabled])")
    other.wait_for_function("document.querySelector('#n-choose').selectedOptions[0]"
                            ".textContent.startsWith('Quiz du jeudi')")
    assert "partie 1 sur 2" in other.inner_text("#plan-where")
    screen.wait_for_selector("#night-board:not([hidden])")
    phones = [join_seat(browser, recorder, second.url, seat, name=name)
              for seat, name in ((0, "Ana"), (1, "Bob"))]
    other.click("[data-cmd='start']")
    other.wait_for_selector("[data-cmd='end']:not([disabled])")
    other.click("[data-cmd='end']")
    other.click("#confirm-yes")
    other.wait_for_selector("#plan-next.primary")
    assert "Partie suivante (2)" in other.inner_text("#plan-next")

    # The break: its message from the minutes chosen, a countdown on the projector and phones.
    other.click("#break-box summary")
    other.fill("#break-minutes", "10")
    other.dispatch_event("#break-minutes", "input")
    assert other.input_value("#break-message").startswith("Reprise à ")
    other.click("#break-show")
    screen.wait_for_selector("#break:not([hidden])")
    assert screen.locator("#lobby, #podium, #game").evaluate_all(
        "els => els.every((e) => getComputedStyle(e).display === 'none')")
    message = screen.inner_text("#break-message")
    assert message == other.input_value("#break-message")
    screen.wait_for_function("Number(document.body.dataset.breakLeft) > 590")
    before = int(screen.evaluate("document.body.dataset.breakLeft"))
    screen.wait_for_function(f"Number(document.body.dataset.breakLeft) < {before}")  # counts
    assert screen.inner_text("#break-clock").startswith("9:")
    assert "Quiz du jeudi" in screen.inner_text("#break-night")
    assert screen.locator("#break-table tr").count() == 2
    for phone in phones:
        phone.wait_for_selector("#p-break:not([hidden])")
        assert phone.inner_text("#p-break-message") == message
        phone.wait_for_function(  # (a phone shown the break a moment ago reads 10:00 first)
            "document.getElementById('p-break-clock').textContent.startsWith('9:')")
    written = shoot({"projector": screen, "phone": phones[0], "host": other}, shots, "fr", "break")

    # The same in English: a projector, a phone and a host page whose browser is English.
    english = {"projector": new_page(browser, recorder, second.url + "/screen", PROJECTOR,
                                     locale="en-GB"),
               "phone": new_page(browser, recorder, second.url + "/", PHONE, locale="en-GB"),
               "host": host_page(browser, recorder, second, locale="en-GB")}
    english["projector"].wait_for_selector("#break:not([hidden])")
    english["phone"].wait_for_selector("#p-break:not([hidden])")
    assert english["projector"].inner_text("#break-count").startswith("Back in")
    english["host"].wait_for_selector("#plan-live:not([hidden])")
    english["host"].click("#break-box summary")
    assert "Plan “Quiz du jeudi” · game 1 of 2" in english["host"].inner_text("#plan-live")
    written += shoot(english, shots, "en", "break")
    for page in english.values():
        page.context.close()
    host.set_viewport_size(HOST_PHONE)
    written += shoot({"host": host}, shots, "fr", "list", "#plans-card")

    # One tap: the plan's next game in the night; the break ends, the phones follow.
    other.click("#plan-next")
    screen.wait_for_selector("#break", state="hidden")
    for phone in phones:
        phone.wait_for_function("document.body.dataset.kind === 'quiz-round'", timeout=15000)
        phone.wait_for_selector("#p-break", state="hidden")
    other.wait_for_function("document.querySelector('#plan-where').textContent"
                            ".includes('partie 2 sur 2')")
    assert other.locator("#plan-next").is_hidden()
    games = second.get("/api/games")["games"]
    assert [g["kind"] for g in games] == ["buzzer", "quiz-round"]
    assert games[0]["night"] == games[1]["night"] is not None
    assert not screenshots_on() or all(path.stat().st_size > 10_000 for path in written)
    # The refused import's 400 is the one error a page logs (Chromium: "Failed to load resource").
    assert [e for e in recorder.errors if "status of 400" not in e] == []
