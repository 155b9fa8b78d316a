"""The wipeout round with double or nothing, then a knock-out round, in Debian's Chromium, in
French and in English, with 3 teams and 2 questions a round: the round builder's boxes, the
projector's rules on the title cards, a phone's double (with its yes) and the board's ×2,
a wrong answer wiped out at the reveal and on that phone, a double won; then a team knocked
out (its phone says it is out until the round ends), how many are still in over the
question, and the last team standing with its bonus. Screenshots: projector 1920x1080 and
1280x720, phones 390x844 and 360x640 (in the test's tmp folder, or $TOURELLE_SHOTS)."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.night_pages import SETTLED
from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, local_only, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.live import LiveServer
from tests.synthetic import write_pack

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob", "Cléo"]
SETTINGS = {**HOST_PACED, "rounds": "1", "questions": "2", "speed_bonus": "0"}
WORDS = {"fr": {"wipeout": "Manche à tout perdre", "doubled": "Manche doublée",
                "wiped": "Tout perdu :", "v_wiped": "manche perdue : tout perdu",
                "v_won": "quitte ou double gagné : manche à 40", "ko": "Manche à élimination",
                "fell": "Éliminées :", "out": "Équipe éliminée jusqu’à la fin de la manche",
                "in": "2/3 équipes encore en jeu", "standing": "Dernière équipe en jeu :",
                "bonus": "dernière en jeu : +20"},
         "en": {"wipeout": "Wipeout round", "doubled": "Round doubled",
                "wiped": "Wiped out:", "v_wiped": "round wiped out",
                "v_won": "double or nothing won: round now 40", "ko": "Knock-out round",
                "fell": "Out:", "out": "Out until the round ends",
                "in": "2/3 teams still in", "standing": "Last team standing:",
                "bonus": "last standing: +20"}}
LOCALES = {"fr": "fr-FR", "en": "en-GB"}
ENGLISH_ONLY = ("Wipeout", "Double", "Knock", "Out", "still in", "round")

# The English run: `make nightly` (the French one covers its ground in `make test`).
EN_NIGHTLY = pytest.param("en", marks=pytest.mark.nightly)


@pytest.fixture(scope="module")
def risk_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("risk")
    folder = root / "packs"
    folder.mkdir()
    for language in ("fr", "en"):
        write_pack(folder / f"synthetic-{language}.yaml", 6, language)
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


def command(host: Any, cmd: str) -> None:
    host.click(f"#qr-commands [data-cmd='{cmd}']:not([disabled])")


def stage(page: Any, name: str) -> None:
    page.wait_for_function("(s) => state.view && state.view.stage === s", arg=name)


def right_option(host: Any) -> int:
    truth = host.wait_for_selector("#qr-host-truth").inner_text()
    return "ABCDEF".index(truth.split(":", 1)[1].strip()[0])


def answer(phones: list[Any], host: Any, marks: str) -> None:
    """Each phone's answer by `marks` ("r" right, "w" wrong, "-" none), then the host closes
    the answers when some team gives none."""
    stage(host, "answering")
    right = right_option(host)
    for phone, mark in zip(phones, marks, strict=True):
        if mark != "-":
            phone.click(f".qr-choice[data-choice='{right if mark == 'r' else (right + 1) % 2}']")
    if "-" in marks:
        command(host, "close")
    stage(host, "reveal")


def shoot(page: Any, sizes: list[tuple[int, int]], path: Path, focus: str = "") -> None:
    before = page.viewport_size
    for width, height in sizes:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(SETTLED)  # a board's rows have risen
        if focus:  # the host page: the part this test is about, in view
            page.locator(focus).scroll_into_view_if_needed()
        page.screenshot(path=str(path.with_name(f"{path.name}-{width}x{height}.png")))
    page.set_viewport_size(before)


@pytest.mark.parametrize("language", ["fr", EN_NIGHTLY])
def test_a_wipeout_round_with_a_double_then_a_knock_out_round(
        risk_live: LiveServer, browser: Any, language: str, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "knockout" / language
    shots.mkdir(parents=True, exist_ok=True)
    words = WORDS[language]
    recorder = Recorder()
    locale = LOCALES[language]
    screen = new_page(browser, recorder, risk_live.url + "/screen", PROJECTOR, locale=locale)
    host = host_page(browser, recorder, risk_live, locale=locale)
    host.set_viewport_size({"width": 1366, "height": 768})
    host.select_option("#c-language", language)
    fill_quiz_round(host, NAMES, SETTINGS, mix="choice")
    for boxes in (("wipeout", "double_or_nothing"), ("knockout",)):
        host.click("#qr-add-round")
        block = host.locator(".qr-plan-round").last
        block.locator("[data-key='questions']").fill("2")
        for box in boxes:
            block.locator(f"[data-key='{box}']").check()
    shoot(host, [(1366, 768), (390, 844)], shots / "host-round-builder", ".qr-plan-round >> nth=1")
    plan = json.loads(host.input_value("#s-plan"))
    assert plan[0]["wipeout"] and plan[0]["double_or_nothing"] and plan[1]["knockout"]
    create_and_wait(host)
    phones = [join_seat(browser, recorder, risk_live.url, seat, locale=locale)
              for seat in range(3)]
    phones[0].set_viewport_size({"width": 390, "height": 844})
    phones[1].set_viewport_size({"width": 360, "height": 640})
    host.click("[data-cmd='start']")

    # Round 1's title card: the rules; Ana doubles (after its yes).
    assert words["wipeout"] in screen.wait_for_selector("#qr-wipeout-round").inner_text()
    phones[0].click("#qr-double")
    phones[0].click("#qr-double-yes")
    assert words["doubled"] in phones[0].wait_for_selector("#qr-double-on").inner_text()
    phones[1].wait_for_selector("#qr-double")
    shoot(phones[0], [(390, 844)], shots / "phone-intro-doubled")
    shoot(phones[1], [(360, 640)], shots / "phone-intro-double")
    shoot(screen, [(1920, 1080), (1280, 720)], shots / "screen-intro-wipeout")
    command(host, "next")
    answer(phones, host, "rrr")
    command(host, "next")
    answer(phones, host, "rw-")  # Bob wiped out, Cléo safe; Ana's double won (20 -> 40)
    assert words["wiped"] in screen.wait_for_selector("#qr-risk").inner_text()
    assert words["v_won"] in phones[0].wait_for_selector("#qr-verdict").inner_text()
    assert words["v_wiped"] in phones[1].wait_for_selector("#qr-verdict.bad").inner_text()
    shoot(screen, [(1920, 1080), (1280, 720)], shots / "screen-reveal-wipeout")
    shoot(phones[0], [(390, 844)], shots / "phone-verdict-double")
    shoot(phones[1], [(360, 640)], shots / "phone-verdict-wiped")
    command(host, "next")
    screen.wait_for_selector("#qr-board-list .qr-mark.double")
    shoot(screen, [(1920, 1080)], shots / "screen-board-wipeout")

    # Round 2, knock-out: Bob falls on question 1, Cléo on question 2; Ana is left standing.
    command(host, "next")
    assert words["ko"] in screen.wait_for_selector("#qr-knockout-round").inner_text()
    command(host, "next")
    answer(phones, host, "rwr")
    assert words["fell"] in screen.wait_for_selector("#qr-fell").inner_text()
    command(host, "next")
    assert words["out"] in phones[1].wait_for_selector("#qr-out").inner_text()
    assert words["in"] in screen.wait_for_selector("#qr-knockout-badge").inner_text()
    shoot(phones[1], [(390, 844), (360, 640)], shots / "phone-out")
    shoot(screen, [(1920, 1080), (1280, 720)], shots / "screen-knockout-question")
    assert host.wait_for_selector("#qr-host-knockout").inner_text()
    shoot(host, [(1366, 768), (390, 844)], shots / "host-knockout", "#qr-host-now")
    answer([phones[0], phones[2]], host, "rw")  # every team still in answered: revealed
    assert words["standing"] in screen.wait_for_selector("#qr-standing").inner_text()
    assert words["bonus"] in phones[0].wait_for_selector("#qr-verdict").inner_text()
    shoot(screen, [(1920, 1080), (1280, 720)], shots / "screen-knockout-reveal")
    shoot(phones[0], [(390, 844), (360, 640)], shots / "phone-survivor")
    if language == "fr":  # a French page shows no English word of these screens
        for page in (screen, phones[0], phones[1]):
            text = page.inner_text("body")
            assert not [w for w in ENGLISH_ONLY if w in text], text
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
