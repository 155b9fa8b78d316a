"""Correcting a revealed question without undo, in Debian's Chromium, French and English:
two teams type wrong answers to a typed question, the host reveals and moves on; on the
next question the host's "Correct a revealed question" card counts one team's spelling as
right (after the page's yes/back dialog, with a reason): the scores follow, the projector
reads the correction with its reason and who it moved, the next question keeps its
answer; then the host voids the first question and its points are gone. Screenshots of
the host's card (1366x768, 390x844) and the projector (1920x1080, 1280x720) go to
$TOURELLE_SHOTS/quiz-fix/<language> (else the test's tmp folder)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, local_only, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.browser.test_quiz_round_rules_browser import Shots
from tests.live import LiveServer
from tests.synthetic import write_pack

pytestmark = pytest.mark.browser

TEAMS = ["Les Ours", "Les Loups"]
WHY = {"fr": "orthographe acceptée", "en": "spelling accepted"}
VOID = {"fr": "question ambiguë", "en": "ambiguous question"}
CORRECTED = {"fr": "Question 1 de la manche 1 corrigée", "en": "Question 1 of round 1 corrected"}


# The English run: `make nightly` (the French one covers its ground in `make test`).
EN_NIGHTLY = pytest.param("en", marks=pytest.mark.nightly)


@pytest.fixture(scope="module")
def fix_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("quiz-fix")
    folder = root / "packs"
    folder.mkdir()
    for language in ("fr", "en"):
        write_pack(folder / f"synthetic-{language}.yaml", 5, language, typed=5)
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


def type_in(phone: Any, text: str) -> None:
    phone.wait_for_selector("#qr-text").fill(text)
    phone.click("#qr-text-ok")
    phone.wait_for_selector(".qr-status.locked, #qr-verdict, #qr-p-review")


def scores(host: Any) -> dict[int, int]:
    return {p["seat"]: p["score"] for p in host.evaluate("state.view.players")}


# A page speaks its person's language (the browser's), never the game's: the English
# run is played by English-speaking people.
LOCALE = {"fr": "fr-FR", "en": "en-GB"}


@pytest.mark.parametrize("language", ["fr", EN_NIGHTLY])
def test_the_host_corrects_a_typed_ruling_then_voids_the_question_after_the_reveal(
        fix_live: LiveServer, browser: Any, language: str, tmp_path: Path) -> None:
    live = fix_live
    shots = Shots(Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "quiz-fix" / language)
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR,
                      locale=LOCALE[language])
    host = host_page(browser, recorder, live, locale=LOCALE[language])
    host.select_option("#c-language", language)
    fill_quiz_round(host, TEAMS, {**HOST_PACED, "rounds": "1", "questions": "2"}, mix="text")
    create_and_wait(host)
    phones = [join_seat(browser, recorder, live.url, seat, locale=LOCALE[language])
              for seat in range(2)]
    host.click("[data-cmd='start']")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")
    type_in(phones[0], "zzz")
    type_in(phones[1], "qqq")
    host.wait_for_function("state.view && state.view.stage === 'review'")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")  # reveal: nobody right
    host.wait_for_function("state.view.stage === 'reveal'")
    assert scores(host) == {0: 0, 1: 0}
    host.click("#qr-commands [data-cmd='next']:not([disabled])")  # the next question
    type_in(phones[1], "hibou")

    # The card: question 1 picked (the latest revealed), a reason, "count as right" on zzz.
    card = host.wait_for_selector("#qr-fix:not([hidden])")
    assert card.query_selector(".qr-fix-group[data-key='zzz']") is not None
    host.click(".qr-fix-group[data-key='zzz'] [data-fix='right']")  # no reason yet: refused
    assert host.inner_text("#qr-fix-msg") != "" and not host.is_visible("#confirm")
    host.fill("#qr-fix-reason", WHY[language])
    host.click(".qr-fix-group[data-key='zzz'] [data-fix='right']")
    host.wait_for_selector("#confirm[open]")
    assert "zzz" in host.inner_text("#confirm-text")
    host.click("#confirm-yes")
    host.wait_for_function("state.view.players.find((p) => p.seat === 0).score > 0")
    line = screen.wait_for_selector("#qr-edits .qr-fix")
    assert CORRECTED[language] in line.inner_text() and WHY[language] in line.inner_text()
    assert "Les Ours +" in line.inner_text()
    assert host.evaluate("state.view.answers.length") == 1  # the next question's answer stays
    shots.take("corrected", focus="#qr-fix", projector=screen, host=host)

    # Void it: the points it gave are gone.
    host.fill("#qr-fix-reason", VOID[language])
    host.click("#qr-fix-void")
    host.wait_for_selector("#confirm[open]")
    host.click("#confirm-yes")
    host.wait_for_function("state.view.players.every((p) => p.score === 0)")
    screen.wait_for_function("(w) => document.querySelector('#qr-edits').textContent.includes(w)",
                             arg=VOID[language])
    shots.take("voided", focus="#qr-fix", projector=screen, host=host)
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
