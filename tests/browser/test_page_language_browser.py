"""A page's language is its person's, in Debian's Chromium: a French host page, a French
projector and fr-FR phones across an English game and then a French one stay French (the
English game's questions are in English, its pack's language, with French words around them);
an en-GB phone reads English in the French game; the host may choose the page's language
(the header's menu), which the game's language does not change."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.browser.test_one_language import ENGLISH_WORDS, english_on
from tests.live import LiveServer
from tests.synthetic import write_pack

pytestmark = pytest.mark.browser

ONE_QUESTION = {**HOST_PACED, "rounds": "1", "questions": "1"}
PROMPT = "Which planet is called the Red Planet?"
OPTIONS = ["Mars", "Venus", "Jupiter", "Saturn"]


@pytest.fixture(scope="module")
def both_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("language")
    folder = root / "packs"
    folder.mkdir()
    write_pack(folder / "synthetic-fr.yaml", 5, "fr")
    questions = [{"id": f"en-red-{i}", "category": "science", "difficulty": 1 + i % 5,
                  "kind": "choice", "prompt": PROMPT, "options": OPTIONS, "answer": "Mars",
                  "source": "NASA"} for i in range(5)]
    (folder / "english.yaml").write_text(yaml.safe_dump(
        {"pack": "english", "language": "en", "title": "English", "questions": questions},
        allow_unicode=True, sort_keys=False), encoding="utf-8")
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


def french(page: Any, english: set[str], what: str) -> None:
    """The page is French: its language, and no English word but the question's own."""
    assert page.evaluate("document.documentElement.lang") == "fr", what
    found = set(english_on(page, english)) - {w.lower() for w in (PROMPT + " " +
                                                                  " ".join(OPTIONS)).split()}
    assert not found, (what, sorted(found))


def test_french_pages_stay_french_across_an_english_game(both_live: LiveServer, browser: Any,
                                                         tmp_path: Path) -> None:
    live = both_live
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    english = set(screen.evaluate(ENGLISH_WORDS))
    host = host_page(browser, recorder, live)

    # An English game, made from the French host page.
    host.select_option("#c-language", "en")
    assert host.input_value("#q-language") == "en"
    fill_quiz_round(host, ["Ana", "Bob"], ONE_QUESTION, mix="choice")
    create_and_wait(host)
    french(host, english, "host page, English game's lobby")
    phones = [join_seat(browser, recorder, live.url, seat) for seat in range(2)]
    french(screen, english, "projector, English game's lobby")
    host.click("[data-cmd='start']")
    host.click("#qr-commands [data-cmd='next']:not([disabled])")
    screen.wait_for_function("(p) => document.querySelector('#qr-prompt')?.textContent === p",
                             arg=PROMPT)  # the question in its pack's language
    for phone in phones:
        phone.wait_for_selector(".qr-choice")
        french(phone, english, "phone, English question")
    french(screen, english, "projector, English question")
    french(host, english, "host page, English question")
    for phone in phones:
        phone.locator(".qr-choice", has_text="Mars").click()
    screen.wait_for_selector(".qr-option.right")
    host.click("[data-cmd='end']")
    host.click("#confirm-yes")
    screen.wait_for_selector("#podium:not([hidden])")
    for phone in phones:
        phone.wait_for_function("document.body.dataset.status === 'over'")
        french(phone, english, "phone, English game over")

    # The next game, French: the phones follow the room, still French; an en-GB phone English.
    host.select_option("#c-language", "fr")
    fill_quiz_round(host, ["Ana", "Bob"], ONE_QUESTION, mix="choice")
    create_and_wait(host)
    french(host, english, "host page, French game after an English one")
    for phone in phones:
        phone.wait_for_function("document.body.dataset.status === 'lobby'")
        french(phone, english, "phone, French game's lobby")
    visitor = new_page(browser, recorder, live.url + "/", {"width": 390, "height": 844},
                       locale="en-GB")
    visitor.wait_for_selector("#join:not([hidden]) h1")
    assert visitor.evaluate("document.documentElement.lang") == "en"
    assert visitor.inner_text("#join h1") == visitor.evaluate("STRINGS.en.join_title")

    # The host chooses English for the page: its words change, the game's language does not.
    host.select_option("#page-lang", "en")
    host.wait_for_function("document.documentElement.lang === 'en'")
    host.wait_for_selector("#live:not([hidden])")
    assert host.inner_text("[data-cmd='start']") == host.evaluate("STRINGS.en.start")
    assert host.evaluate("state.meta.config.language") == "fr"
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "page-language"
    shots.mkdir(parents=True, exist_ok=True)
    for width, height in ((1366, 768), (390, 844)):
        host.set_viewport_size({"width": width, "height": height})
        host.evaluate("window.scrollTo(0, 0)")  # the header's language menu
        host.screenshot(path=str(shots / f"host-english-{width}x{height}.png"))
    phones[0].screenshot(path=str(shots / "phone-french-lobby-360x740.png"))
    assert recorder.errors == []


def test_the_games_language_changed_keeps_what_the_host_typed(both_live: LiveServer,
                                                               browser: Any) -> None:
    """The host types the settings and the teams, then makes the game English: all of it stays,
    the questions' language follows and its categories count the English questions."""
    recorder = Recorder()
    host = host_page(browser, recorder, both_live)
    fill_quiz_round(host, ["Les Ours", "Les Loups"], {"speed_bonus": "0", "questions": "4"})
    host.click("#qr-add-round")
    host.select_option("#c-language", "en")
    host.wait_for_function("document.querySelector('#q-language').value === 'en'")
    # The science category's count is the English pack's five questions, once redrawn.
    host.wait_for_function("[...document.querySelectorAll('#q-categories label')].some("
                           "(l) => l.textContent.includes('(5)'))")
    assert host.input_value("#c-kind") == "quiz-round"
    assert host.input_value("#s-speed_bonus") == "0" and host.input_value("#s-questions") == "4"
    assert [host.input_value(f"#seat-name-{i}") for i in (0, 1)] == ["Les Ours", "Les Loups"]
    assert host.locator(".qr-plan-round").count() == 1
    assert host.locator(".qr-plan-round [data-key='speed_bonus']").input_value() == "0"
    assert recorder.errors == []
