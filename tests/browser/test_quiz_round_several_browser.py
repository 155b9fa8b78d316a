"""Several right answers in Debian's Chromium, in French and in English, with 2 teams: a
choice question with three right options of five; the phones' ticks ("Tick every right
answer", a tick taken back, the lock-in button that counts them), the projector's line that
says several are right, and at the reveal every right option lit on the projector with its
bar, and each phone's own verdict ("2 of 3 right, 1 wrong: +3") with every option marked.
Screenshots: projector 1920x1080 and 1280x720, phones 390x844 and 360x640 (in the test's tmp
folder, or $TOURELLE_SHOTS)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, local_only, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.live import LiveServer

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob"]
SETTINGS = {**HOST_PACED, "rounds": "1", "questions": "1", "speed_bonus": "0", "points": "9"}
QUESTIONS = {
    "fr": ("Lesquels de ces fruits poussent sur un arbre ?",
           ["Pomme", "Fraise", "Poire", "Cerise", "Melon"], ["Pomme", "Poire", "Cerise"]),
    "en": ("Which of these fruits grow on a tree?",
           ["Apple", "Strawberry", "Pear", "Cherry", "Melon"], ["Apple", "Pear", "Cherry"]),
}
WORDS = {"fr": {"hint": "Cochez toutes les bonnes réponses", "none": "Cochez au moins une case",
                "lock": "Valider mes 2 cases", "ticked": "Cases verrouillées",
                "screen": "Plusieurs bonnes réponses : cochez-les toutes",
                "ana": "Bonne réponse", "bob": "2 sur 3 justes, 1 fausse\u00a0: +3",
                "right_ones": "Les bonnes réponses"},
         "en": {"hint": "Tick every right answer", "none": "Tick at least one",
                "lock": "Lock in my 2 ticks", "ticked": "Ticks locked in",
                "screen": "Several right answers: tick them all",
                "ana": "Right", "bob": "2 of 3 right, 1 wrong: +3",
                "right_ones": "The right answers"}}
LOCALES = {"fr": "fr-FR", "en": "en-GB"}
ENGLISH_ONLY = ("Tick", "tick", "right", "wrong", "Lock")  # never on a French page


# The English run: `make nightly` (the French one covers its ground in `make test`).
EN_NIGHTLY = pytest.param("en", marks=pytest.mark.nightly)


@pytest.fixture(scope="module")
def several_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("several")
    folder = root / "packs"
    folder.mkdir()
    for language, (prompt, options, right) in QUESTIONS.items():
        pack = {"pack": f"trees-{language}", "language": language, "title": "Trees",
                "questions": [{"id": f"{language}-tree-001", "category": "food",
                               "difficulty": 1, "kind": "choice", "prompt": prompt,
                               "options": options, "answer": right, "source": "botany"}]}
        (folder / f"trees-{language}.yaml").write_text(
            yaml.safe_dump(pack, allow_unicode=True, sort_keys=False), "utf-8")
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


def shown_index(page: Any, text: str) -> int:
    """The shown (shuffled) index of the option with this text on a phone."""
    return int(page.get_attribute(f".qr-tick:has-text('{text}')", "data-tick"))


@pytest.mark.parametrize("language", ["fr", EN_NIGHTLY])
def test_two_teams_tick_lock_in_and_see_every_right_option(
        several_live: LiveServer, browser: Any, language: str, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "several" / language
    shots.mkdir(parents=True, exist_ok=True)
    words = WORDS[language]
    _, options, right = QUESTIONS[language]
    recorder = Recorder()
    locale = LOCALES[language]
    screen = new_page(browser, recorder, several_live.url + "/screen", PROJECTOR, locale=locale)
    host = host_page(browser, recorder, several_live, locale=locale)
    host.set_viewport_size({"width": 1366, "height": 768})
    host.select_option("#c-language", language)
    fill_quiz_round(host, NAMES, SETTINGS, mix="choice")
    create_and_wait(host)
    phones = [join_seat(browser, recorder, several_live.url, seat, locale=locale)
              for seat in range(2)]
    phones[0].set_viewport_size({"width": 390, "height": 844})
    phones[1].set_viewport_size({"width": 360, "height": 640})
    host.click("[data-cmd='start']")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")  # the title card

    # The question: ticks on the phones, the projector's line that several are right.
    assert screen.wait_for_selector("#qr-several-screen").inner_text() == words["screen"]
    for phone in phones:
        assert phone.wait_for_selector("#qr-several-hint").inner_text() == words["hint"]
        lock = phone.wait_for_selector("#qr-tick-lock")
        assert lock.is_disabled() and lock.inner_text() == words["none"]
    ana, bob = phones
    for text in right:  # Ana: the three right ones, one ticked and taken back on the way
        ana.click(f".qr-tick[data-tick='{shown_index(ana, text)}']")
    wrong = shown_index(ana, options[1])
    ana.click(f".qr-tick[data-tick='{wrong}']")
    assert ana.get_attribute(f".qr-tick[data-tick='{wrong}']", "aria-checked") == "true"
    ana.click(f".qr-tick[data-tick='{wrong}']")
    assert ana.get_attribute(f".qr-tick[data-tick='{wrong}']", "aria-checked") == "false"
    for text in (right[0], right[1]):  # Bob: two right ones and a wrong one
        bob.click(f".qr-tick[data-tick='{shown_index(bob, text)}']")
    assert bob.inner_text("#qr-tick-lock") == words["lock"]
    bob.click(f".qr-tick[data-tick='{shown_index(bob, options[4])}']")
    ana.screenshot(path=str(shots / "phone-390x844-ticks.png"))
    bob.screenshot(path=str(shots / "phone-360x640-ticks.png"))
    screen.screenshot(path=str(shots / "screen-1920x1080-question.png"))
    screen.set_viewport_size({"width": 1280, "height": 720})
    screen.screenshot(path=str(shots / "screen-1280x720-question.png"))
    screen.set_viewport_size(PROJECTOR)
    ana.click("#qr-tick-lock")
    assert ana.wait_for_selector(".qr-status.locked").inner_text() == words["ticked"]
    assert len(ana.query_selector_all("#qr-ticked li")) == 3
    ana.screenshot(path=str(shots / "phone-390x844-locked.png"))
    bob.click("#qr-tick-lock")  # the last team: the reveal

    # The reveal: three options lit on the projector with their bars; each phone's verdict.
    screen.wait_for_selector("#qr-options .qr-option.right")
    lit = [li.inner_text() for li in screen.query_selector_all("#qr-options .qr-option.right")]
    assert sorted(text.split("\n")[1] for text in lit) == sorted(right), lit
    bars = {li.query_selector(".qr-text-opt").inner_text(): int(li.query_selector(".qr-n")
            .get_attribute("data-count")) for li in screen.query_selector_all("#qr-options li")}
    assert bars == {options[0]: 2, options[1]: 0, options[2]: 2, options[3]: 1, options[4]: 1}
    assert words["ana"] in ana.wait_for_selector("#qr-verdict.good").inner_text()
    verdict = bob.wait_for_selector("#qr-verdict.part")
    assert verdict.get_attribute("data-points") == "3"
    assert verdict.inner_text().split("\n")[0] == words["bob"]
    assert bob.inner_text("#qr-status") == words["right_ones"]
    marked = bob.query_selector_all("#qr-several-truth li[data-right='true']")
    assert len(marked) == 3 and len(bob.query_selector_all("#qr-several-truth li.bad")) == 1
    screen.screenshot(path=str(shots / "screen-1920x1080-reveal.png"))
    screen.set_viewport_size({"width": 1280, "height": 720})
    screen.screenshot(path=str(shots / "screen-1280x720-reveal.png"))
    ana.screenshot(path=str(shots / "phone-390x844-verdict.png"))
    bob.screenshot(path=str(shots / "phone-360x640-verdict.png"))
    host.screenshot(path=str(shots / "host-1366x768-reveal.png"))
    if language == "fr":  # a French page shows no English word of these screens
        for page in (screen, ana, bob):
            text = page.inner_text("body")
            assert not [w for w in ENGLISH_ONLY if w in text], text
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
