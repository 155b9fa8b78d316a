"""Ready rounds on the host form, in Debian's Chromium, in French and in English: the round
plan offers the ready rounds of the questions' language ("Manche prête…"), one picked adds a
round titled as the file says with its questions in order, the plan goes out (and is
journaled) as a plan built by hand is, and the round is asked: its title on the projector.
Screenshots of the form at 1366x768 and 390x844, and of its "Dated facts" setting
(the test's tmp folder, or $TOURELLE_SHOTS)."""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, host_page, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.live import LiveServer
from tests.synthetic import write_pack

pytestmark = pytest.mark.browser

TITLES = {"fr": "Capitales à taper", "en": "Capitals to type"}
READY = {"fr": "Manche prête : Capitales à taper", "en": "Ready round: Capitals to type"}
OTHER = {"fr": "en", "en": "fr"}


def ids(language: str, numbers: list[int]) -> list[str]:
    return [f"{language}-tcho-{n:04d}" for n in numbers]


PICKED = [7, 3, 9, 1, 4, 2, 8, 5]  # the round's order, not the bank's


@pytest.fixture
def ready_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("ready")  # a host per language: no game of the other
    folder = root / "packs"
    folder.mkdir()
    for language in ("fr", "en"):
        write_pack(folder / f"synthetic-{language}.yaml", 12, language)
        rid = "capitales-a-taper" if language == "fr" else "capitals-to-type"
        # A rounds file beside the packs (the data folder's packs may hold one too).
        (folder / f"rounds-{language}.yaml").write_text(
            f"language: {language}\nrounds:\n  - id: {rid}\n    title: \"{TITLES[language]}\"\n"
            f"    questions: [{', '.join(ids(language, PICKED))}]\n", encoding="utf-8")
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


@pytest.mark.parametrize("language", ["fr", "en"])
def test_a_ready_round_is_picked_on_the_host_form_and_asked(
        ready_live: LiveServer, browser: Any, language: str, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "ready-rounds" / language
    shots.mkdir(parents=True, exist_ok=True)
    recorder = Recorder()
    locale = "fr-FR" if language == "fr" else "en-GB"  # the people's pages, in their language
    screen = new_page(browser, recorder, ready_live.url + "/screen", PROJECTOR, locale=locale)
    host = host_page(browser, recorder, ready_live, locale=locale)
    host.set_viewport_size({"width": 1366, "height": 768})
    host.select_option("#c-language", language)
    fill_quiz_round(host, ["Ana", "Bob"], HOST_PACED)
    menu = host.wait_for_selector("#qr-ready option[value]:not([value=''])", state="attached")
    rid = menu.get_attribute("value")
    assert menu.inner_text() == f"{TITLES[language]} (8)"

    # The menu follows the questions' language: the other language's round, then back.
    host.select_option("#q-language", OTHER[language])
    host.wait_for_selector(f"#qr-ready option[value]:not([value='']):not([value='{rid}'])",
                           state="attached")
    host.select_option("#q-language", language)
    host.wait_for_selector(f"#qr-ready option[value='{rid}']", state="attached")

    assert host.is_disabled("#qr-add-ready")  # nothing picked yet
    host.select_option("#qr-ready", rid)
    host.click("#qr-add-ready")
    block = host.locator(f".qr-plan-round[data-ready='{rid}']")
    assert block.locator(".qr-plan-ready").inner_text() == READY[language]
    assert block.locator("[data-key='title']").input_value() == TITLES[language]
    plan = json.loads(host.input_value("#s-plan"))
    assert [(r["title"], r["ids"]) for r in plan] == [(TITLES[language], ids(language, PICKED))]
    assert "8" in host.inner_text("#qr-plan-total")
    host.locator("#qr-ready").scroll_into_view_if_needed()
    host.screenshot(path=str(shots / "host-1366x768.png"))
    host.set_viewport_size({"width": 390, "height": 844})
    host.locator("#qr-ready").scroll_into_view_if_needed()
    host.screenshot(path=str(shots / "host-390x844.png"))
    host.locator("#s-max_fact_age").scroll_into_view_if_needed()  # "Dated facts" (as_of)
    host.screenshot(path=str(shots / "host-390x844-dated-facts.png"))
    host.set_viewport_size({"width": 1366, "height": 768})

    create_and_wait(host)
    with contextlib.closing(sqlite3.connect(
            f"file:{ready_live.data / 'journal.sqlite'}?mode=ro", uri=True)) as journal:
        row = journal.execute("SELECT config FROM games ORDER BY created DESC LIMIT 1").fetchone()
    created = json.loads(row[0])["settings"]["plan"]
    assert [(r["title"], r["ids"]) for r in created] == [(TITLES[language], ids(language, PICKED))]
    host.click("[data-cmd='start']")
    screen.wait_for_function("t => document.body.innerText.includes(t)", arg=TITLES[language])
    host.click("#qr-commands [data-cmd='next']:not([disabled])")
    # The round's first question, as the file orders it: synthetic choice 7, answer "A7".
    assert "A7" in host.wait_for_selector("#qr-host-truth").inner_text()
    assert recorder.errors == []
