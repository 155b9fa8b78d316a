"""The quiz round's own rules on the screens, in Debian's Chromium, in French and in English.

Three teams: a number round where Les Ours play their joker (★ and the doubled figure on the
projector's closest list, the same on the host page), the host's undo of a `next` that takes
back a question a team had answered (that phone reads why, `#p-undone`), a buzz round with a
penalty (the host page's rows read ✔ and ✘, never "undefined"; the losing team's round gain
reads "−6" on the board, a minus sign, never "+-6"), and a score edit that ties two teams,
who share the podium's first step. Screenshots of each moment at the issue's sizes go to
$TOURELLE_SHOTS/quiz-rules/<language> (else the test's tmp folder).
"""

from __future__ import annotations

import json
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

TEAMS = ["Les Ours", "Les Loups", "Les Aigles"]
SETTLED = ("document.getAnimations().every((a) => a.playState !== 'running'"
           " || a.effect.getComputedTiming().iterations === Infinity)")
SIZES = {"projector": [(1920, 1080), (1280, 720)], "phone": [(390, 844), (360, 640)],
         "host": [(1366, 768), (390, 844)]}
UNDONE = {"fr": "annulé", "en": "undid"}
SECOND = {"fr": "Les Aigles a la parole : s’il se trompe, vous pourrez buzzer",
          "en": "Les Aigles has the floor: if wrong, you may buzz again"}
NUMBER_FIRST = {"fr": "Tapez d’abord un nombre", "en": "Type a number first"}
TOO_LATE = {"fr": "Trop tard", "en": "Too late"}

# The English run: `make nightly` (the French one covers its ground in `make test`).
EN_NIGHTLY = pytest.param("en", marks=pytest.mark.nightly)


@pytest.fixture(scope="module")
def rules_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("quiz-rules")
    folder = root / "packs"
    folder.mkdir()
    for language in ("fr", "en"):
        write_pack(folder / f"synthetic-{language}.yaml", 12, language)
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


class Shots:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def take(self, moment: str, focus: str = ".qr-host", **pages: Any) -> None:
        """Each page (projector=, phone=, host=) at its role's sizes, the host page scrolled
        to `focus`; its size put back."""
        for role, page in pages.items():
            before = page.viewport_size
            for width, height in SIZES[role]:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(SETTLED)
                if role == "host":  # the quiz's own panel, under the page's commands
                    page.locator(focus).scroll_into_view_if_needed()
                page.screenshot(path=str(self.folder / f"{moment}-{role}-{width}x{height}.png"))
            page.set_viewport_size(before)


def create(host: Any, language: str) -> None:
    host.select_option("#c-language", language)
    fill_quiz_round(host, TEAMS, {**HOST_PACED, "buzz_penalty": "6"})
    for mix, count in (("numeric", "2"), ("buzz", "1")):
        host.click("#qr-add-round")
        block = host.locator(".qr-plan-round").last
        block.locator("[data-key='mix']").select_option(mix)
        block.locator("[data-key='questions']").fill(count)
    assert [r["mix"] for r in json.loads(host.input_value("#s-plan"))] == ["numeric", "buzz"]
    create_and_wait(host)


def command(host: Any, cmd: str) -> None:
    host.click(f"#qr-commands [data-cmd='{cmd}']:not([disabled])")


def stage(host: Any, name: str) -> None:
    host.wait_for_function("(s) => state.view && state.view.stage === s", arg=name)


def buzz(phone: Any) -> None:
    """A tap on the live BUZZ button: found and pressed in one step in the page (a handle
    kept from before would be a button the next state has already replaced)."""
    phone.wait_for_selector("#qr-buzz.live:not([disabled])")
    phone.locator("#qr-buzz.live:not([disabled])").dispatch_event("pointerdown")


def type_number(phone: Any, value: int) -> None:
    phone.wait_for_selector(".qr-keypad")
    if value < 0:  # ± beside the number, then the digits
        phone.click(".qr-keypad [data-key='-']")
    for digit in str(abs(value)):
        phone.click(f".qr-keypad [data-key='{digit}']")
    phone.click(".qr-keypad [data-key='ok']")
    phone.wait_for_selector(".qr-status.locked, #qr-verdict")


def truth(host: Any) -> int:
    host.wait_for_function("state.view && state.view.truth")
    return int(host.evaluate("state.view.truth.answer"))


# A page speaks its person's language (the browser's), never the game's: the English
# run is played by English-speaking people.
LOCALE = {"fr": "fr-FR", "en": "en-GB"}


@pytest.mark.parametrize("language", ["fr", EN_NIGHTLY])
def test_joker_undo_buzz_penalty_and_a_tie_on_the_screens(
        rules_live: LiveServer, browser: Any, language: str, tmp_path: Path) -> None:
    live = rules_live
    shots = Shots(Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "quiz-rules" / language)
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR, locale=LOCALE[language])
    host = host_page(browser, recorder, live, locale=LOCALE[language])
    create(host, language)
    phones = [join_seat(browser, recorder, live.url, seat, locale=LOCALE[language])
              for seat in range(3)]
    host.click("[data-cmd='start']")

    # The number round's title card: Les Ours play their joker.
    phones[0].click("#qr-joker:not([disabled])")
    phones[0].wait_for_selector(".qr-joker-on")
    command(host, "next")

    # 1. Closest wins: Les Ours exact (doubled, ★), Les Loups +1, Les Aigles +5.
    answer = truth(host)
    for phone, value in zip(phones, (answer, answer + 1, answer + 5), strict=True):
        type_number(phone, value)
    first = screen.wait_for_selector(".qr-closest li[data-seat='0']")
    shown = first.query_selector(".pts").inner_text()
    stage(host, "reveal")
    row = host.evaluate("state.view.rows.find((r) => r.seat === 0)")
    assert row["joker"] and shown == f"+{row['points']} ★"
    assert row["points"] % 2 == 0 and row["points"] >= 20  # 10 and its speed part, doubled
    screen.set_viewport_size({"width": 1280, "height": 720})  # "+30 ★" on one line
    tall = first.evaluate("(li) => li.querySelector('.pts').getBoundingClientRect().height"
                          " / li.querySelector('.qr-val').getBoundingClientRect().height")
    assert tall < 1.4
    screen.set_viewport_size(PROJECTOR)
    verdict = phones[0].wait_for_selector("#qr-verdict.good")
    assert f"+{row['points']}" in verdict.inner_text()
    host_row = host.wait_for_selector(".qr-host-answers tr.good").inner_text()
    assert f"+{row['points']} ★" in host_row
    shots.take("numeric-joker", projector=screen, host=host)

    # 2. The next question: Les Loups answer, then the host undoes the `next` that drew it.
    command(host, "next")
    stage(host, "answering")
    type_number(phones[1], 7)
    host.click("#commands [data-cmd='undo']:not([disabled])")
    banner = phones[1].wait_for_selector("#p-undone:not([hidden])")
    assert UNDONE[language] in banner.inner_text()
    assert phones[0].is_hidden("#p-undone") and phones[2].is_hidden("#p-undone")
    stage(host, "reveal")
    shots.take("undone", phone=phones[1])
    command(host, "next")  # drawn afresh: every team answers it
    answer = truth(host)
    phones[1].wait_for_selector("#p-undone", state="hidden")
    # OK with nothing typed sends nothing and says so (never a 0 locked in).
    phones[2].wait_for_selector(".qr-keypad [data-key='ok']").click()
    phones[2].wait_for_function("(t) => document.querySelector('#qr-status').textContent === t",
                                arg=NUMBER_FIRST[language])
    assert phones[2].query_selector(".qr-status.locked") is None
    shots.take("keypad-empty", phone=phones[2])
    for phone, value in zip(phones, (answer + 2, answer, -(answer + 9)), strict=True):
        type_number(phone, value)
    stage(host, "reveal")
    assert host.evaluate("state.view.rows.find((r) => r.seat === 2).value") == -(answer + 9)
    command(host, "next")
    screen.wait_for_selector("#qr-board-list")
    command(host, "next")

    # 3. The buzz round: Les Aigles buzz and are wrong (-6), Les Loups buzz and are right.
    screen.wait_for_selector(".qr-intro h1")
    command(host, "next")
    buzz(phones[2])
    screen.wait_for_selector(".qr-floor.taken[data-floor='2']")
    # The host page says who has the floor; the other teams read that they may buzz again.
    assert TEAMS[2] in host.wait_for_selector("#qr-host-floor.taken").inner_text()
    phones[1].wait_for_function("(t) => document.querySelector('#qr-status').textContent"
                                ".includes(t)", arg=SECOND[language])
    assert TOO_LATE[language] not in phones[1].inner_text("#qr-status")
    shots.take("buzz-floor", host=host, phone=phones[1])
    command(host, "wrong")
    buzz(phones[1])
    screen.wait_for_selector(".qr-floor.taken[data-floor='1']")
    command(host, "right")
    stage(host, "reveal")
    marks = {r.get_attribute("class"): r.inner_text()
             for r in host.query_selector_all(".qr-host-answers tr")}
    assert "undefined" not in host.inner_text(".qr-host-answers")
    assert "✔" in marks["good"] and "+10" in marks["good"]
    assert "✘" in marks["bad"] and "−6" in marks["bad"]
    shots.take("buzz-reveal", projector=screen, host=host)

    # 4. The final board: Les Aigles' round reads −6 (a minus sign), on the projector.
    command(host, "next")
    gain = screen.wait_for_selector("#qr-board-list .qr-row[data-seat='2'] .qr-gain")
    assert gain.inner_text() == "−6" and "loss" in (gain.get_attribute("class") or "")
    shots.take("negative-gain", projector=screen)

    # 5. A score edit ties Les Aigles with the leader: both on the first step.
    scores = {p["seat"]: p["score"] for p in host.evaluate("state.view.players")}
    leader = max(scores, key=lambda seat: (scores[seat], -seat))
    other = next(seat for seat in scores if seat != leader)
    host.select_option("#qr-adjust-seat", str(other))
    host.fill("#qr-adjust-points", str(scores[leader] - scores[other]))
    host.fill("#qr-adjust-reason", "égalité" if language == "fr" else "tie")
    host.click("#qr-adjust-apply")
    host.wait_for_function("(s) => state.view.players.filter((p) => p.place === 1).length === 2")
    command(host, "next")
    host.wait_for_function("state.meta.status === 'over'")
    steps = screen.wait_for_selector("#podium:not([hidden]) #podium-steps")
    firsts = steps.query_selector_all(".step.place-1")
    assert len(firsts) == 1 and all(TEAMS[s] in firsts[0].inner_text() for s in (leader, other))
    assert "gradient" in firsts[0].query_selector(".block").get_attribute("style")  # both colours
    for width, height in SIZES["projector"]:  # the whole podium on the screen, no step cut
        screen.set_viewport_size({"width": width, "height": height})
        screen.wait_for_function(SETTLED)
        low = screen.evaluate("Math.max(...[...document.querySelectorAll('#podium-steps .who,"
                              " #podium-steps .block span')].map((e) =>"
                              " e.getBoundingClientRect().bottom))")
        assert low <= height, (width, height, low)
    shots.take("podium-tie", projector=screen, phone=phones[other])
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
