"""Wager questions in Debian's Chromium, in French and in English, with 4 teams: the host
form's "wager questions" box, the projector's wager stage (the rule, the floor, how many
teams have bet, no question yet), the phones' bet keypad (capped at what each may bet),
the host page's bets and its "close the bets", then the question, and at the reveal the
projector's bets won and lost and each phone's verdict with its bet. Screenshots: projector
1920x1080 and 1280x720, phones 390x844 and 360x640 (in the test's tmp folder, or
$TOURELLE_SHOTS)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, local_only, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.live import LiveServer
from tests.synthetic import write_pack

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob", "Cléo", "Dia"]
SETTINGS = {**HOST_PACED, "rounds": "1", "questions": "1", "wager_seconds": "0",
            "wager_floor": "10", "speed_bonus": "0"}
WORDS = {"fr": {"title": "Question à miser", "staked": "3/4 équipes ont misé",
                "close": "Clore les mises", "locked": "Mise verrouillée : 10 points",
                "bet": "mise 5", "too_much": "Au plus 10 points"},
         "en": {"title": "Wager question", "staked": "3/4 teams have bet",
                "close": "Close the bets", "locked": "Bet locked in: 10 points",
                "bet": "bet 5", "too_much": "At most 10 points"}}
LOCALES = {"fr": "fr-FR", "en": "en-GB"}
ENGLISH_ONLY = ("Wager", "bet ", "Bet", "teams have")  # never on a French page


# The English run: `make nightly` (the French one covers its ground in `make test`; the
# layout catalogue checks these screens in English there).
EN_NIGHTLY = pytest.param("en", marks=pytest.mark.nightly)


@pytest.fixture(scope="module")
def wager_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("wager")
    folder = root / "packs"
    folder.mkdir()
    for language in ("fr", "en"):
        write_pack(folder / f"synthetic-{language}.yaml", 6, language)
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


def bet(phone: Any, keys: list[str]) -> None:
    phone.wait_for_selector("#qr-stake")
    for key in keys:
        phone.click(f"#qr-stake [data-key='{key}']")
    phone.click("#qr-stake-lock")
    phone.wait_for_selector(".qr-status.locked")


@pytest.mark.parametrize("language", ["fr", EN_NIGHTLY])
def test_four_teams_bet_then_win_or_lose_their_bets(wager_live: LiveServer, browser: Any,
                                                    language: str, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "wager" / language
    shots.mkdir(parents=True, exist_ok=True)
    words = WORDS[language]
    recorder = Recorder()
    locale = LOCALES[language]
    screen = new_page(browser, recorder, wager_live.url + "/screen", PROJECTOR, locale=locale)
    host = host_page(browser, recorder, wager_live, locale=locale)
    host.set_viewport_size({"width": 1366, "height": 768})
    host.select_option("#c-language", language)
    fill_quiz_round(host, NAMES, SETTINGS, mix="choice")
    host.check("#s-wager")
    create_and_wait(host)
    phones = [join_seat(browser, recorder, wager_live.url, seat, locale=locale)
              for seat in range(4)]
    phones[0].set_viewport_size({"width": 390, "height": 844})
    phones[1].set_viewport_size({"width": 360, "height": 640})
    host.click("[data-cmd='start']")
    assert words["title"].split()[0] in screen.wait_for_selector("#qr-wager-round").inner_text()
    host.click("#qr-commands [data-cmd='next']:not([disabled])")  # title card -> the bets

    # The wager stage: the rule on the projector, no question anywhere yet.
    assert words["title"] in screen.wait_for_selector("#qr-wager").inner_text()
    assert screen.query_selector("#qr-prompt") is None
    phones[1].wait_for_selector("#qr-stake")
    phones[1].click("#qr-stake [data-key='2']")
    phones[1].click("#qr-stake [data-key='0']")  # 20 > 10, the most on 0 points: not typed
    assert phones[1].inner_text("#qr-status") == words["too_much"]
    assert phones[1].inner_text("#qr-stake-typed") == "2"
    phones[1].click("#qr-stake [data-key='⌫']")
    phones[1].screenshot(path=str(shots / "phone-360x640-bet.png"))
    bet(phones[1], ["5"])
    bet(phones[0], ["all"])
    assert phones[0].inner_text("#qr-status") == words["locked"]
    bet(phones[2], ["0"])
    assert words["staked"] in screen.wait_for_selector(
        f"#qr-staked:has-text('{words['staked']}')").inner_text()
    phones[0].screenshot(path=str(shots / "phone-390x844-bet-locked.png"))
    phones[3].screenshot(path=str(shots / "phone-other-bet.png"))
    screen.screenshot(path=str(shots / "screen-1920x1080-bets.png"))
    screen.set_viewport_size({"width": 1280, "height": 720})
    screen.screenshot(path=str(shots / "screen-1280x720-bets.png"))
    screen.set_viewport_size(PROJECTOR)
    host.wait_for_function("document.querySelectorAll('#qr-host-stakes tr').length === 4")
    close = host.wait_for_selector("#qr-commands [data-cmd='next']:not([disabled])")
    assert close.inner_text() == words["close"]
    host.screenshot(path=str(shots / "host-1366x768-bets.png"))
    close.click()  # Dia bets nothing

    # The question: Ana and Cléo right, Bob and Dia wrong.
    truth = host.wait_for_selector("#qr-host-truth").inner_text()
    right = "ABCDEF".index(truth.split(":", 1)[1].strip()[0])
    wrong = 0 if right else 1
    assert screen.wait_for_selector("#qr-wager-badge").text_content() == words["title"]
    for phone, value in zip(phones, (right, wrong, right, wrong), strict=True):
        phone.click(f".qr-choice[data-choice='{value}']")

    # The reveal: Ana +10, Bob −5 on the projector (Cléo bet 0, Dia nothing); the verdicts.
    stakes = screen.wait_for_selector("#qr-stakes")
    rows = [li.inner_text() for li in stakes.query_selector_all("li")]
    assert len(rows) == 2 and "Ana" in rows[0] and "+10" in rows[0]
    assert "Bob" in rows[1] and "−5" in rows[1]
    assert phones[0].wait_for_selector("#qr-verdict.good").get_attribute("data-points") == "10"
    verdict = phones[1].wait_for_selector("#qr-verdict.bad")
    assert verdict.get_attribute("data-points") == "-5" and words["bet"] in verdict.inner_text()
    screen.screenshot(path=str(shots / "screen-1920x1080-reveal.png"))
    screen.set_viewport_size({"width": 1280, "height": 720})
    screen.screenshot(path=str(shots / "screen-1280x720-reveal.png"))
    phones[0].screenshot(path=str(shots / "phone-390x844-verdict.png"))
    phones[1].screenshot(path=str(shots / "phone-360x640-verdict.png"))
    if language == "fr":  # a French page shows no English word of these screens
        for page in (screen, phones[0], phones[1]):
            text = page.inner_text("body")
            assert not [w for w in ENGLISH_ONLY if w in text], text
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
