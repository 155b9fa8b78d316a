"""One night's quiz round of four rounds for four teams, in Debian's Chromium, in French and
in English: a wager question, a wipeout round with double or nothing, then catch-up at
half-time, a knock-out round and a picture revealed by steps. The host opens the night and
builds the rounds on the host page; four phones play so that each rule shows on the screens
as a player reads it:

- round 1, a wager: Ana bets all and is right (+10), Bob bets all and is wrong (−10), Cléo
  bets 0, Dan bets 5 and is wrong (−5);
- round 2, wipeout and double or nothing, 2 questions: Ana doubles on the title card; all
  right, then Bob wrong (wiped out) and Ana right (her double won: round at 40);
- half-time: the board and Bob's phone say Bob, last, will get the catch-up (+5); the next
  title card, Bob's phone and the host page say he got it; later boards tag him "Catch-up +5";
- round 3, knock-out, 2 questions: Bob falls on the first (his phone says he is out during
  the second), Cléo and Dan on the second; Ana, last standing, earns +20;
- round 4, a picture in 3 steps: Ana and Cléo right at step 1 (10), Dan at step 2 (7).

Screenshots of each rule's moment, projector 1920x1080 and 1280x720, phones 390x844 and
360x640, the host page 1366x768 and 390x844 for the catch-up: $TOURELLE_SHOTS/night/<lang>
(else the test's tmp folder)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, local_only, new_page
from tests.browser.night_pages import SETTLED
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.live import LiveServer
from tests.synthetic import write_pack, write_picture_packs

pytestmark = pytest.mark.browser

NAMES = ["Ana", "Bob", "Cléo", "Dan"]
SETTINGS = {**HOST_PACED, "speed_bonus": "0", "wager_seconds": "0", "catch_up_points": "5"}
# The rounds as the host builds them: (questions, seconds, boxes ticked, reveal steps, pack).
ROUNDS = [("1", "120", ("wager",), "0", "synthetic"),
          ("2", "120", ("wipeout", "double_or_nothing"), "0", "synthetic"),
          ("2", "120", ("knockout",), "0", "synthetic"),
          ("1", "18", (), "3", "pictures")]  # a step every 6 s
WORDS = {"fr": {"night": "Soirée quiz", "wager": "Question à miser", "stakes": ["Ana", "+10"],
                "bet": "mise 10", "wiped": "Tout perdu :", "v_won": "quitte ou double gagné",
                "v_wiped": "manche perdue", "half": "Mi-temps",
                "soon": "Rattrapage à la reprise :", "given": "Rattrapage :",
                "yours": "Rattrapage : +5 pour votre équipe",
                "yours_soon": "Rattrapage à la reprise : +5 pour votre équipe",
                "tag": "Rattrapage +5",
                "host": "Rattrapage après la manche 2 : le tiers du bas reçoit 5 points",
                "fell": "Éliminées :", "out": "Équipe éliminée jusqu’à la fin de la manche",
                "standing": "Dernière équipe en jeu :", "bonus": "dernière en jeu : +20",
                "watch": "Regardez l’écran : l’image se dévoile", "steps": "Points par étape",
                "found_1": "trouvé à l’étape 1/3", "found_2": "trouvé à l’étape 2/3"},
         "en": {"night": "Quiz night", "wager": "Wager question", "stakes": ["Ana", "+10"],
                "bet": "bet 10", "wiped": "Wiped out:", "v_won": "double or nothing won",
                "v_wiped": "round wiped out", "half": "Half-time",
                "soon": "Catch-up when play resumes:", "given": "Catch-up:",
                "yours": "Catch-up: +5 for your team",
                "yours_soon": "Catch-up when play resumes: +5 for your team", "tag": "Catch-up +5",
                "host": "Catch-up after round 2: the bottom third gets 5 points",
                "fell": "Out:", "out": "Out until the round ends",
                "standing": "Last team standing:", "bonus": "last standing: +20",
                "watch": "Watch the screen: the picture is being revealed",
                "steps": "Points by step", "found_1": "found at step 1/3",
                "found_2": "found at step 2/3"}}
LOCALES = {"fr": "fr-FR", "en": "en-GB"}
SIZES = {"screen": [(1920, 1080), (1280, 720)], "phone": [(390, 844), (360, 640)],
         "host": [(1366, 768), (390, 844)]}
# English words a French page of these screens never shows (and French ones an English page).
FOREIGN = {"fr": ("Wager", "Bet ", "Wiped", "Double", "Catch-up", "Knock", "Out:", "still in",
                  "Round ", "step", "points on offer", "Half-time"),
           "en": ("Manche", "Rattrapage", "mise", "Mise", "Éliminé", "équipe", "étape",
                  "Mi-temps", "points en jeu")}


# The English run: `make nightly` (the French one covers its ground in `make test`).
EN_NIGHTLY = pytest.param("en", marks=pytest.mark.nightly)


@pytest.fixture(scope="module")
def night_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("quiz-night")
    folder = root / "packs"
    write_picture_packs(folder)
    for language in ("fr", "en"):
        write_pack(folder / f"synthetic-{language}.yaml", 8, language)
    server = LiveServer(data=root / "data", packs=folder).start()
    yield server
    server.stop()


class Play:
    """The night's pages: the projector, the host page and the four phones (Ana's phone
    390x844, Bob's 360x640), and the screenshots of its moments."""

    def __init__(self, screen: Any, host: Any, phones: list[Any], shots: Path) -> None:
        self.screen, self.host, self.phones, self.shots = screen, host, phones, shots
        self.count = 0

    def next(self) -> None:
        self.host.click("#qr-commands [data-cmd='next']:not([disabled])")

    def stage(self, name: str, number: int | None = None) -> None:
        """The host page at this stage (of question `number` of its round when given)."""
        self.host.wait_for_function(
            "([s, n]) => state.view && state.view.stage === s"
            " && (n === null || state.view.number === n)", arg=[name, number])

    def right_option(self) -> int:
        truth = self.host.wait_for_selector("#qr-host-truth").inner_text()
        return "ABCDEF".index(truth.split(":", 1)[1].strip()[0])

    def answer(self, marks: str, number: int) -> None:
        """Each phone's answer by `marks` ("r" right, "w" wrong, "-" none: a team out),
        then the reveal (the answers close when every team still in has answered)."""
        self.stage("answering", number)
        right = self.right_option()
        for phone, mark in zip(self.phones, marks, strict=True):
            if mark != "-":
                chosen = right if mark == "r" else (right + 1) % 4
                phone.click(f".qr-choice[data-choice='{chosen}']")
        self.stage("reveal", number)

    def shoot(self, moment: str, phones: tuple[int, ...] = (0, 1), host: str = "",
              settle: bool = True) -> None:
        """The projector, the phones named (each at both phone sizes) and, with `host`, the
        host page scrolled to that part, each at its sizes; sizes put back after. `settle`:
        once no animation runs (not while a countdown's own animations run)."""
        pages = [("screen", self.screen)] + [(f"phone{i}", self.phones[i]) for i in phones]
        if host:
            pages.append(("host", self.host))
        self.count += 1
        for role, page in pages:
            before = page.viewport_size
            for width, height in SIZES[role.rstrip("0123456789")]:
                page.set_viewport_size({"width": width, "height": height})
                if role == "host":
                    page.locator(host).scroll_into_view_if_needed()
                if settle:
                    page.wait_for_function(SETTLED)
                page.screenshot(path=str(
                    self.shots / f"{self.count:02d}-{moment}-{role}-{width}x{height}.png"))
            page.set_viewport_size(before)


def build_night(host: Any, language: str) -> None:
    """The night opened on the host page, then its quiz round: the form's settings, catch-up
    at half-time, four rounds built one by one."""
    host.fill("#n-name", WORDS[language]["night"])
    host.click("#n-open")
    host.wait_for_function("document.querySelector('#n-choose').value !== ''")
    host.select_option("#c-language", language)
    fill_quiz_round(host, NAMES, SETTINGS, mix="choice")
    host.select_option("#s-catch_up", "bottom_third")
    for questions, seconds, boxes, steps, pack in ROUNDS:
        host.click("#qr-add-round")
        block = host.locator(".qr-plan-round").last
        block.locator("[data-key='questions']").fill(questions)
        block.locator("[data-key='seconds']").fill(seconds)
        block.locator("[data-key='reveal_steps']").fill(steps)
        block.locator("[data-key='packs']").select_option(f"{pack}-{language}")
        for box in boxes:
            block.locator(f"[data-key='{box}']").check()
    create_and_wait(host)


def bet(phone: Any, keys: list[str]) -> None:
    phone.wait_for_selector("#qr-stake")
    for key in keys:
        phone.click(f"#qr-stake [data-key='{key}']")
    phone.click("#qr-stake-lock")
    phone.wait_for_selector(".qr-status.locked, .qr-choice")  # the last bet: the question


def text(page: Any, selector: str) -> str:
    return str(page.wait_for_selector(selector).inner_text())


# `make nightly` in both languages: its rounds' rules each have a shorter test in `make test`
# (test_quiz_round_wager, _knockout and _reveal_browser.py); the catch-up is seen here only.
@pytest.mark.nightly
@pytest.mark.parametrize("language", ["fr", EN_NIGHTLY])
def test_a_night_of_wager_wipeout_catch_up_knock_out_and_picture_reveal(
        night_live: LiveServer, browser: Any, language: str, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "night" / language
    shots.mkdir(parents=True, exist_ok=True)
    words = WORDS[language]
    recorder = Recorder()
    locale = LOCALES[language]
    screen = new_page(browser, recorder, night_live.url + "/screen", PROJECTOR, locale=locale)
    host = host_page(browser, recorder, night_live, locale=locale)
    host.set_viewport_size({"width": 1366, "height": 768})
    build_night(host, language)
    phones = [join_seat(browser, recorder, night_live.url, seat, locale=locale)
              for seat in range(4)]
    phones[0].set_viewport_size({"width": 390, "height": 844})
    phones[1].set_viewport_size({"width": 360, "height": 640})
    play = Play(screen, host, phones, shots)
    host.click("[data-cmd='start']")

    # Round 1, the wager: Ana all (10, right), Bob all (10, wrong), Cléo 0, Dan 5 (wrong).
    screen.wait_for_selector("#qr-wager-round")
    play.next()
    for phone, keys in zip(phones, (["all"], ["all"], ["0"], ["5"]), strict=True):
        bet(phone, keys)
    play.answer("rwrw", 1)
    rows = [li.inner_text() for li in screen.wait_for_selector("#qr-stakes")
            .query_selector_all("li")]
    assert all(w in rows[0] for w in words["stakes"]) and "−10" in rows[1], rows
    assert phones[0].wait_for_selector("#qr-verdict.good").get_attribute("data-points") == "10"
    assert words["bet"] in text(phones[1], "#qr-verdict.bad")
    play.shoot("wager-reveal")
    play.next()  # the board
    play.stage("board")
    play.next()  # round 2's title card

    # Round 2, wipeout with double or nothing: Ana doubles; all right, then Bob wrong.
    phones[0].click("#qr-double")
    phones[0].click("#qr-double-yes")
    phones[0].wait_for_selector("#qr-double-on")
    play.next()
    play.answer("rrrr", 1)
    play.next()
    play.answer("rwrr", 2)
    assert words["wiped"] in text(screen, "#qr-risk")
    assert words["v_won"] in text(phones[0], "#qr-verdict.good")
    assert words["v_wiped"] in text(phones[1], "#qr-verdict.bad")
    play.shoot("wipeout-reveal")

    # Half-time: the board says who will get the catch-up (Bob, last on −10).
    play.next()
    assert words["half"] in text(screen, ".qr-board h1")
    soon = text(screen, "#qr-catch-soon")
    assert words["soon"] in soon and "Bob" in soon and "+5" in soon and "Dan" not in soon
    assert text(phones[1], "#qr-p-catch-soon") == words["yours_soon"]
    assert phones[0].query_selector("#qr-p-catch-soon") is None
    # a score below 0 with a minus sign, as a loss is written, never a hyphen
    assert text(screen, "#qr-board-list li[data-seat='1'] .pts") == "−10"
    assert text(phones[1], "#my-score") == "−10"
    play.shoot("half-time-board", phones=(1,))

    # Round 3's title card: the catch-up given, on the projector, Bob's phone, the host page.
    play.next()
    given = text(screen, "#qr-catch-given")
    assert words["given"] in given and "Bob" in given and "+5" in given
    assert text(phones[1], "#qr-p-catch") == words["yours"]
    assert phones[0].query_selector("#qr-p-catch") is None
    line = text(host, "#qr-host-catch")
    assert words["host"] in line and "Bob +5" in line
    play.shoot("catch-up-given", phones=(1,), host="#qr-host-catch")

    # Round 3, the knock-out: Bob falls, then Cléo and Dan; Ana is left standing.
    play.next()
    play.answer("rwrr", 1)
    assert words["fell"] in text(screen, "#qr-fell")
    play.next()
    assert words["out"] in text(phones[1], "#qr-out")
    play.shoot("knock-out-question", phones=(1,))
    play.answer("r-ww", 2)
    assert words["standing"] in text(screen, "#qr-standing")
    assert words["bonus"] in text(phones[0], "#qr-verdict")
    play.shoot("knock-out-reveal")
    play.next()  # the board after round 3: Bob's catch-up tagged
    tag = screen.wait_for_selector("#qr-board-list li[data-seat='1'] .qr-catch-tag")
    assert tag.inner_text() == words["tag"]
    assert len(screen.query_selector_all("#qr-board-list .qr-catch-tag")) == 1
    assert text(phones[1], "#qr-p-catch") == words["yours"]
    play.shoot("board-catch-up-tag", phones=(1,))

    # Round 4, the picture in 3 steps: Ana and Cléo right at step 1; Dan right at step 2,
    # then Bob wrong.
    play.next()
    screen.wait_for_selector("#qr-reveal-round")
    play.next()
    play.stage("answering", 1)
    screen.wait_for_selector("#qr-picture.qr-reveal[data-reveal-step='1'] img")
    assert words["watch"] in text(phones[3], "#qr-p-reveal")
    right = play.right_option()
    for seat in (0, 2):
        phones[seat].click(f".qr-choice[data-choice='{right}']")
    play.shoot("picture-step-1", phones=(3,), settle=False)
    phones[3].wait_for_selector("#qr-p-reveal[data-points='7']", timeout=15_000)
    phones[3].click(f".qr-choice[data-choice='{right}']")
    phones[1].click(f".qr-choice[data-choice='{(right + 1) % 4}']")
    play.stage("reveal", 1)
    assert words["steps"] in text(screen, "#qr-reveal-steps")
    assert words["found_1"] in text(phones[0], "#qr-verdict.good")
    dan = phones[3].wait_for_selector("#qr-verdict.good")
    assert words["found_2"] in dan.inner_text() and dan.get_attribute("data-points") == "7"
    play.shoot("picture-reveal", phones=(0, 3))
    play.next()  # the final standings: Bob still tagged
    screen.wait_for_selector("#qr-board-list li[data-seat='1'] .qr-catch-tag")
    play.shoot("final-board", phones=(1,))
    # Green is the leader's place only; the others are told theirs plainly.
    places = [phone.wait_for_selector("#qr-place") for phone in phones]
    classes = [place.get_attribute("class") or "" for place in places]
    leader = int(screen.get_attribute("#qr-board-list li[data-seat]", "data-seat") or -1)
    assert all(("good" in c) == (i == leader) for i, c in enumerate(classes)), classes
    for page in (screen, *phones[:2]):
        shown = page.inner_text("body")
        assert not [w for w in FOREIGN[language] if w in shown], shown
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
