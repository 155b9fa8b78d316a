"""The quiz round's pages in Debian's Chromium: the projector, two phones and the host page
through one question, from the host form to the final leaderboard.

The host creates a team game from the form (the round builder: one round of its own, one
choice question; every wait in the host's hands); Ana's team has two phones; every phone
sees the question with the projector; Ana taps the right option (her teammate's phone
shows it locked in), Bob a wrong one; the reveal shows the right
option lit with its count, each phone its own verdict, the host page the answer; the
host's "next" brings the final board, the right team first.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, local_only, new_page
from tests.live import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob"]
SETTINGS = {"intro_seconds": "0", "reveal_seconds": "0", "board_seconds": "0",
            "seconds": "120"}
TITLE = "Échauffement"


def create_quiz(host: Any, shots: Path) -> None:
    host.select_option("#c-kind", "quiz-round")
    assert host.locator("#c-questions").is_visible()  # the bank's selection applies
    for key, value in SETTINGS.items():
        host.fill(f"#s-{key}", value)
    # The round builder: one round of its own, one choice question.
    host.click("#qr-add-round")
    block = host.locator(".qr-plan-round").first
    block.locator("[data-key='title']").fill(TITLE)
    block.locator("[data-key='questions']").fill("1")
    block.locator("[data-key='mix']").select_option("choice")
    block.locator("[data-key='categories']").select_option("history")  # the round's own
    assert "1" in host.inner_text("#qr-plan-total")
    plan = json.loads(host.input_value("#s-plan"))
    assert plan == [{"title": TITLE, "questions": 1, "seconds": 120, "points": 10,
                     "speed_bonus": 5, "mix": "choice", "categories": ["history"],
                     "min_difficulty": 1, "max_difficulty": 5}]
    host.locator("#c-settings").screenshot(path=str(shots / "form.png"))
    for seat, name in enumerate(NAMES):
        host.select_option(f"#seat-kind-{seat}", "phone")
        host.fill(f"#seat-name-{seat}", name)
    for seat in range(len(NAMES), 4):
        if host.locator(f"#seat-kind-{seat}").count():
            host.select_option(f"#seat-kind-{seat}", "none")
    host.check("#c-teams")  # a team of phones per seat, the first lock-in counts
    host.click("#c-create")
    host.wait_for_selector("#live:not([hidden]) [data-cmd='start']:not([disabled])")


def test_one_question_from_the_form_to_the_final_board(live: LiveServer, browser: Any,
                                                       tmp_path: Path) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, live)
    create_quiz(host, tmp_path)
    phones = [join_seat(browser, recorder, live.url, seat) for seat in range(2)]
    teammate = join_seat(browser, recorder, live.url, 0, name="Zoé")  # Ana's team's 2nd phone
    host.click("[data-cmd='start']")
    assert screen.wait_for_selector(".qr-intro h1").inner_text() == TITLE
    host.click("#qr-commands [data-cmd='next']")

    prompt = screen.wait_for_selector("#qr-prompt").inner_text()
    for phone in phones:  # the same question on every phone, as big buttons
        assert phone.wait_for_selector("#qr-p-prompt").inner_text() == prompt
        phone.wait_for_selector(".qr-choice >> nth=3")
    truth = host.wait_for_selector("#qr-host-truth").inner_text()
    # The synthetic pack's right option is the one starting with "A" (tests/synthetic.py).
    options = [b.inner_text() for b in phones[0].query_selector_all(".qr-choice span")]
    right = next(i for i, text in enumerate(options) if text.startswith("A"))
    assert options[right] in truth
    screen.screenshot(path=str(tmp_path / "question.png"))
    teammate.wait_for_selector(".qr-choice >> nth=3")
    phones[0].click(f".qr-choice[data-choice='{right}']")
    phones[0].wait_for_selector(".qr-status.locked")
    # The team's other phone: its team's answer, locked in, no buttons left.
    assert options[right] in teammate.wait_for_selector(".qr-status.locked").inner_text()
    assert teammate.query_selector(".qr-choice") is None
    phones[1].click(f".qr-choice[data-choice='{(right + 1) % 4}']")

    # Both teams answered: the reveal at once.
    lit = screen.wait_for_selector(".qr-option.right")
    assert lit.get_attribute("data-option") == str(right)
    assert lit.query_selector(".qr-n").inner_text() == "1"
    assert phones[0].wait_for_selector("#qr-verdict.good")
    assert phones[1].wait_for_selector("#qr-verdict.bad")
    assert "+" in phones[0].inner_text("#qr-verdict")
    assert teammate.wait_for_selector("#qr-verdict.good")
    screen.screenshot(path=str(tmp_path / "reveal.png"))

    host.click("#qr-commands [data-cmd='next']")
    board = screen.wait_for_selector("#qr-board-list")
    rows = board.query_selector_all(".qr-row")
    assert [r.get_attribute("data-seat") for r in rows] == ["0", "1"]
    assert "Ana" in rows[0].inner_text()
    assert "1" in phones[0].wait_for_selector("#qr-place").inner_text()
    assert recorder.errors == []
    assert local_only(recorder.urls) == []


def test_a_buzz_question_the_first_phone_takes_the_floor_and_the_host_judges(
        live: LiveServer, browser: Any) -> None:
    """A buzz round from the form's mix: both phones show BUZZ; the first press takes the
    floor on the projector; the host page's "Faux" hands it on, "Juste" scores and reveals."""
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, live)
    host.select_option("#c-kind", "quiz-round")
    for key, value in {**SETTINGS, "rounds": "1", "questions": "1", "points": "20"}.items():
        host.fill(f"#s-{key}", value)
    host.select_option("#s-mix", "buzz")
    for seat, name in enumerate(NAMES):
        host.select_option(f"#seat-kind-{seat}", "phone")
        host.fill(f"#seat-name-{seat}", name)
    for seat in range(len(NAMES), 4):
        if host.locator(f"#seat-kind-{seat}").count():
            host.select_option(f"#seat-kind-{seat}", "none")
    host.click("#c-create")
    host.wait_for_selector("#live:not([hidden]) [data-cmd='start']:not([disabled])")
    phones = [join_seat(browser, recorder, live.url, seat) for seat in range(2)]
    host.click("[data-cmd='start']")
    host.wait_for_selector("#qr-commands [data-cmd='next']:not([disabled])").click()
    for phone in phones:
        phone.wait_for_selector("#qr-buzz.live:not([disabled])")
    phones[0].dispatch_event("#qr-buzz", "pointerdown")
    floor = screen.wait_for_selector(".qr-floor.taken")
    assert floor.get_attribute("data-floor") == "0" and "Ana" in floor.inner_text()
    phones[0].wait_for_selector("#qr-buzz.floor")
    assert "Ana" in phones[1].inner_text("#qr-status")  # "Trop tard : Ana a la parole"
    host.wait_for_selector("#qr-commands [data-cmd='wrong']:not([disabled])").click()
    phones[1].wait_for_selector("#qr-buzz.live:not([disabled])").dispatch_event("pointerdown")
    screen.wait_for_selector(".qr-floor.taken[data-floor='1']")
    host.wait_for_selector("#qr-commands [data-cmd='right']:not([disabled])").click()
    screen.wait_for_selector(".qr-option.right")
    assert "✔ Bob" in screen.inner_text("#qr-summary")
    assert phones[1].wait_for_selector("#qr-verdict.good")
    assert recorder.errors == []
