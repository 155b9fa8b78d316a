"""Typed answers in the quiz round, in Debian's Chromium, in French and in English: phones
type into a text field (the page's language keyboard, no autocorrect, 64 characters), a
rude answer is refused in the page's language, the host page's review queue groups the
answers and accepts one group in one tap, the host reveals, and the projector shows the
accepted answers (never a typed answer before the reveal) and each phone its verdict.
Screenshots: phones at 390x844 and 360x640, the host's queue at 1366x768, the projector's
reveal at 1920x1080 and 1280x720 (in the test's tmp folder, or $TOURELLE_SHOTS)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, local_only, new_page
from tests.browser.quiz_form import create_and_wait, fill_quiz_round
from tests.live import LiveServer
from tests.synthetic import write_pack

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob", "Cléo"]
SETTINGS = {"intro_seconds": "0", "reveal_seconds": "0", "board_seconds": "0",
            "seconds": "120", "rounds": "1", "questions": "1"}
REVIEW = {"fr": "l’animateur les vérifie", "en": "the host is checking"}
RUDE = {"fr": "mot grossier", "en": "a rude word"}
REVEAL = {"fr": "Révéler la réponse", "en": "Reveal the answer"}
LOCALES = {"fr": "fr-FR", "en": "en-GB"}


# The English run: `make nightly` (the French one covers its ground in `make test`; the
# layout catalogue checks these screens in English there).
EN_NIGHTLY = pytest.param("en", marks=pytest.mark.nightly)


@pytest.fixture(scope="module")
def typed_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("typed")
    folder = root / "packs"
    folder.mkdir()
    for language in ("fr", "en"):
        write_pack(folder / f"synthetic-{language}.yaml", 5, language, typed=5)
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


def create_typed_quiz(host: Any, language: str) -> None:
    host.select_option("#c-language", language)
    fill_quiz_round(host, NAMES, SETTINGS, mix="text")
    create_and_wait(host)


@pytest.mark.parametrize("language", ["fr", EN_NIGHTLY])
def test_phones_type_the_host_accepts_a_group_and_the_projector_reveals(
        typed_live: LiveServer, browser: Any, language: str, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "typed" / language
    shots.mkdir(parents=True, exist_ok=True)
    recorder = Recorder()
    locale = LOCALES[language]  # the pages in the people's language, the game's the same
    screen = new_page(browser, recorder, typed_live.url + "/screen", PROJECTOR, locale=locale)
    host = host_page(browser, recorder, typed_live, locale=locale)
    host.set_viewport_size({"width": 1366, "height": 768})
    create_typed_quiz(host, language)
    phones = [join_seat(browser, recorder, typed_live.url, seat, locale=locale)
              for seat in range(3)]
    phones[0].set_viewport_size({"width": 390, "height": 844})
    phones[1].set_viewport_size({"width": 360, "height": 640})
    host.click("[data-cmd='start']")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")

    field = phones[0].wait_for_selector("#qr-text")
    assert field.get_attribute("lang") == language
    assert (field.get_attribute("autocomplete"), field.get_attribute("spellcheck"),
            field.get_attribute("maxlength")) == ("off", "false", "64")
    truth = host.wait_for_selector("#qr-host-truth").inner_text()
    answer = truth.split(":", 1)[1].split(" · ")[0].strip()  # "Réponse juste : Le castor 3 · …"
    phones[0].fill("#qr-text", answer.upper() + "!")  # case and punctuation set aside
    assert phones[0].inner_text("#qr-text-left").startswith(f"{len(answer) + 1}/64")
    phones[0].screenshot(path=str(shots / "phone-390x844-typing.png"))
    phones[0].press("#qr-text", "Enter")
    assert answer.upper() in phones[0].wait_for_selector(".qr-status.locked").inner_text()

    # A rude answer is refused in the page's language; the field keeps its text.
    phones[1].wait_for_selector("#qr-text").fill("gros connard")
    phones[1].click("#qr-text-ok")
    phones[1].wait_for_function(f"document.querySelector('#qr-status').textContent"
                                f".includes({RUDE[language]!r})")
    phones[1].screenshot(path=str(shots / "phone-360x640-refused.png"))
    phones[2].wait_for_selector("#qr-text").type("Lou")  # typing while another team locks in
    phones[1].fill("#qr-text", "loutre")
    phones[1].click("#qr-text-ok")
    phones[1].wait_for_selector(".qr-status.locked")
    host.wait_for_function("document.querySelectorAll('.qr-host-answers tr').length === 2")
    phones[2].wait_for_function("document.activeElement && document.activeElement.id === 'qr-text'"
                                " && document.activeElement.value === 'Lou'")  # kept, focused
    phones[2].keyboard.type("tre.")
    phones[2].click("#qr-text-ok")

    # Every team typed: the review. The host's queue: "loutre" twice, wrong by the machine.
    assert REVIEW[language] in screen.wait_for_selector("#qr-review-wait").inner_text()
    host.wait_for_function("(document.querySelector(\".qr-group[data-key='loutre']\") || {})"
                           ".innerText?.includes('2')")  # the queue updates as answers come
    group = host.wait_for_selector(".qr-group[data-key='loutre']")
    assert "bad" in (group.get_attribute("class") or "")  # wrong by the machine
    assert "loutre" not in screen.inner_text("body").lower()  # no typed answer on the projector
    host.screenshot(path=str(shots / "host-1366x768-queue.png"))
    phones[1].screenshot(path=str(shots / "phone-360x640-review.png"))
    group.query_selector("[data-rule='accept']").click()
    host.wait_for_selector(".qr-group.ruled-right[data-key='loutre']")
    host.screenshot(path=str(shots / "host-1366x768-accepted.png"))
    reveal = host.wait_for_selector("#qr-commands [data-cmd='next']:not([disabled])")
    assert reveal.inner_text() == REVEAL[language]
    reveal.click()

    assert answer in screen.wait_for_selector("#qr-truth").inner_text()
    assert "loutre" in screen.inner_text("#qr-host-also").lower()
    assert screen.inner_text("#qr-summary").startswith("3/3")
    screen.screenshot(path=str(shots / "screen-1920x1080-reveal.png"))
    screen.set_viewport_size({"width": 1280, "height": 720})
    screen.screenshot(path=str(shots / "screen-1280x720-reveal.png"))
    for phone in phones:
        phone.wait_for_selector("#qr-verdict.good")
    phones[0].screenshot(path=str(shots / "phone-390x844-verdict.png"))
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
