"""A quiz night in Debian's Chromium: three teams play the quiz round to the night's total.

The host opens a night and builds the round on the host form: a mixed round picked by hand (a
choice question, a picture question, a numeric one, an ordering one) and a buzz round. Three
teams play on their phones, Les Ours with two: every phone gets the same question as the
projector, a team's second phone shows its team's answer locked in; each reveal lights the
right option with a bar of how many teams chose each; the round's leaderboard; in the buzz
round the first press takes the floor, the host's "Faux" hands it on and "Juste" scores; the
final board, then the night's total per team. Screenshots of the lobby, a question, a reveal
with its bars and the leaderboard on the projector (1920x1080 and 1280x720) and on phones
(390x844, 360x640) go to $TOURELLE_SHOTS/quiz-night when set.
"""

from __future__ import annotations

import json
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.browser.driver import PROJECTOR, Recorder, host_page, join_seat, local_only, new_page
from tests.browser.quiz_form import HOST_PACED, create_and_wait, fill_quiz_round
from tests.live import LiveServer

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
TEAMS = ["Les Ours", "Les Loups", "Les Aigles"]
SETTINGS = HOST_PACED
MIXED = ["fr-qn-choice-1", "fr-qn-picture-1", "fr-qn-number-1", "fr-qn-order-1"]
ORDER = ["Mercure", "Vénus", "Terre", "Mars"]  # from the Sun outwards
BUZZ = ["fr-qn-buzz-1"]
LOCKED_OR_REVEALED = ".qr-status.locked, #qr-verdict"  # the last team's answer reveals at once
# Drawn and still: no finite animation running (the podium's steps rise one after the other).
SETTLED = ("document.getAnimations().every((a) => a.playState !== 'running'"
           " || a.effect.getComputedTiming().iterations === Infinity)")
SIZES = {"projector": [(1920, 1080), (1280, 720)], "phone": [(390, 844), (360, 640)]}


def buzz(phone: Any) -> None:
    """A tap on the live BUZZ button: found and pressed in one step in the page (a handle
    kept from before would be a button the next state has already replaced)."""
    phone.wait_for_selector("#qr-buzz.live:not([disabled])")
    phone.locator("#qr-buzz.live:not([disabled])").dispatch_event("pointerdown")


def write_pack(folder: Path) -> None:
    (folder / "img").mkdir(parents=True)
    shutil.copy(ROOT / "questions/packs/images/countries/FR.svg", folder / "img" / "FR.svg")
    questions: list[dict[str, Any]] = [
        {"id": "fr-qn-choice-1", "category": "geography", "difficulty": 2, "kind": "choice",
         "prompt": "Quelle est la capitale de l’Australie ?",
         "options": ["Sydney", "Canberra", "Melbourne", "Perth"], "answer": "Canberra",
         "explain": "Canberra a été bâtie pour départager Sydney et Melbourne."},
        {"id": "fr-qn-picture-1", "category": "geography", "difficulty": 1, "kind": "choice",
         "prompt": "Quel pays a cette silhouette ?", "image": "img/FR.svg",
         "options": ["Espagne", "Italie", "France", "Belgique"], "answer": "France"},
        {"id": "fr-qn-number-1", "category": "history", "difficulty": 2, "kind": "numeric",
         "prompt": "En quelle année la tour Eiffel a-t-elle été inaugurée ?", "answer": 1889},
        {"id": "fr-qn-order-1", "category": "science", "difficulty": 2, "kind": "order",
         "prompt": "Du Soleil vers l’extérieur : rangez ces planètes.", "answer": ORDER},
        {"id": "fr-qn-buzz-1", "category": "arts", "difficulty": 1, "kind": "choice",
         "prompt": "Qui a peint La Joconde ?",
         "options": ["Michel-Ange", "Raphaël", "Léonard de Vinci", "Titien"],
         "answer": "Léonard de Vinci"},
    ]
    questions += [{"id": f"fr-qn-extra-{i}", "category": "science", "difficulty": 1,
                   "kind": "numeric", "prompt": f"Combien font {i} fois 3 ?", "answer": 3 * i}
                  for i in range(2, 12)]
    for question in questions:
        question["source"] = "test"
    pack = {"pack": "quiz-night", "language": "fr", "title": "Soirée quiz", "questions": questions}
    (folder / "quiz-night.yaml").write_text(yaml.safe_dump(pack, allow_unicode=True), "utf-8")


@pytest.fixture(scope="module")
def quiz_live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("quiz-night")
    write_pack(root / "packs")
    server = LiveServer(data=root / "data", packs=root / "packs").start()
    yield server
    server.stop()


class Shots:
    """Screenshots of a moment at the issue's sizes; the page's size is put back after."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)

    def take(self, moment: str, screen: Any, phone: Any) -> None:
        for role, page in (("projector", screen), ("phone", phone)):
            before = page.viewport_size
            for width, height in SIZES[role]:
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(SETTLED)
                page.screenshot(path=str(self.folder / f"{moment}-{role}-{width}x{height}.png"))
            page.set_viewport_size(before)


def create_quiz(host: Any) -> None:
    fill_quiz_round(host, TEAMS, SETTINGS)
    for title, mix, ids in (("Tour mixte", "mixed", MIXED), ("Au buzzer", "buzz", BUZZ)):
        host.click("#qr-add-round")
        block = host.locator(".qr-plan-round").last
        block.locator("[data-key='title']").fill(title)
        block.locator("[data-key='mix']").select_option(mix)
        block.locator("[data-key='ids']").fill(", ".join(ids))
    assert "5" in host.inner_text("#qr-plan-total")
    plan = json.loads(host.input_value("#s-plan"))
    assert [(r["title"], r["mix"], r["ids"]) for r in plan] == [
        ("Tour mixte", "mixed", MIXED), ("Au buzzer", "buzz", BUZZ)]
    host.check("#c-teams")  # a team of phones per seat, the first lock-in counts
    create_and_wait(host)


def next_step(host: Any) -> None:
    host.click("#qr-commands [data-cmd='next']:not([disabled])")


def prose(text: str) -> str:
    """A French text as T.prose sets it: no break before ? ! : ; » nor after «."""
    return re.sub(r"« ", "«\u00a0", re.sub(r" ([?!:;»])", "\u00a0\\1", text))


def same_question(screen: Any, phones: list[Any], prompt: str) -> None:
    """The question on the projector and, the same, on every phone (a French question's "?"
    does not break from its word)."""
    for page, where in ((screen, "#qr-prompt"), *((phone, "#qr-p-prompt") for phone in phones)):
        page.wait_for_function("([where, p]) => document.querySelector(where)?.textContent === p",
                               arg=[where, prose(prompt)])


def tap_choice(phone: Any, text: str) -> None:
    phone.locator(".qr-choice", has_text=text).click()
    phone.wait_for_selector(LOCKED_OR_REVEALED)


def type_number(phone: Any, value: int) -> None:
    for digit in str(value):
        phone.click(f".qr-keypad [data-key='{digit}']")
    phone.click(".qr-keypad [data-key='ok']")
    phone.wait_for_selector(LOCKED_OR_REVEALED)


def put_in_order(phone: Any, items: list[str]) -> None:
    """Tap-to-order: the items in the order meant, then lock in."""
    for item in items:
        phone.locator(".qr-order-item", has_text=item).click()
    phone.click("#qr-order-lock")
    phone.wait_for_selector(LOCKED_OR_REVEALED)


@pytest.mark.nightly  # the quiz night (test_quiz_round_night_browser) runs in `make test`
def test_three_teams_play_a_mixed_round_and_a_buzz_round_to_the_nights_total(
        quiz_live: LiveServer, browser: Any, tmp_path: Path) -> None:
    live = quiz_live
    shots = Shots(Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "quiz-night")
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = host_page(browser, recorder, live)
    host.fill("#n-name", "Quiz du jeudi")
    host.click("#n-open")
    host.wait_for_function("document.querySelector('#n-choose').value !== ''")
    night = host.evaluate("document.querySelector('#n-choose').value")
    create_quiz(host)
    game = host.evaluate("state.meta.game")
    phones = [join_seat(browser, recorder, live.url, seat) for seat in range(3)]
    teammate = join_seat(browser, recorder, live.url, 0, name="Zoé")  # Les Ours' 2nd phone
    everyone = [*phones, teammate]
    screen.wait_for_selector("#lobby-seats .team-count[data-phones='2']")
    for name in TEAMS:
        screen.wait_for_function("(n) => document.querySelector('#lobby-seats').textContent"
                                 ".includes(n)", arg=name)
    shots.take("lobby", screen, phones[0])

    host.click("[data-cmd='start']")
    assert screen.wait_for_selector(".qr-intro h1").inner_text() == "Tour mixte"
    next_step(host)

    # 1. A choice question: the team's second phone answers for Les Ours, Les Aigles too,
    # Les Loups wrong.
    same_question(screen, everyone, "Quelle est la capitale de l’Australie ?")
    shots.take("question", screen, phones[1])
    tap_choice(teammate, "Canberra")
    locked = phones[0].wait_for_selector(".qr-status.locked")  # the team's answer, on its phones
    assert "Canberra" in locked.inner_text() and phones[0].query_selector(".qr-choice") is None
    tap_choice(phones[1], "Sydney")
    tap_choice(phones[2], "Canberra")
    lit = screen.wait_for_selector(".qr-option.right")  # all answered: the reveal at once
    assert "Canberra" in lit.inner_text() and lit.query_selector(".qr-n").inner_text() == "2"
    counts = {o.get_attribute("data-option"): o.query_selector(".qr-n").inner_text()
              for o in screen.query_selector_all(".qr-option")}
    assert sorted(counts.values()) == ["0", "0", "1", "2"]  # a bar per option
    assert "Melbourne" in screen.inner_text("#qr-explain")
    for phone, look in ((phones[0], "good"), (teammate, "good"), (phones[1], "bad"),
                        (phones[2], "good")):
        phone.wait_for_selector(f"#qr-verdict.{look}")
    shots.take("reveal", screen, phones[0])

    # 2. A picture question: the picture on the projector, from the host.
    next_step(host)
    same_question(screen, everyone, "Quel pays a cette silhouette ?")
    assert "/media/" in screen.wait_for_selector("#qr-picture img").get_attribute("src")
    shots.take("picture", screen, phones[2])
    for phone, text in ((phones[0], "France"), (phones[1], "France"), (phones[2], "Italie")):
        tap_choice(phone, text)
    screen.wait_for_selector(".qr-option.right")

    # 3. A numeric question on the keypad: closest first.
    next_step(host)
    same_question(screen, everyone, "En quelle année la tour Eiffel a-t-elle été inaugurée ?")
    for phone, year in ((phones[0], 1889), (phones[1], 1900), (phones[2], 1887)):
        type_number(phone, year)
    screen.wait_for_selector("#qr-summary")
    phones[0].wait_for_selector("#qr-verdict.good")
    # Off the mark but second closest: points by rank, neither "right" green nor "wrong" red.
    second = phones[2].wait_for_selector("#qr-verdict.part")
    assert "2e plus proche" in second.inner_text() and int(second.get_attribute("data-points")) > 0
    assert "1887" in phones[2].inner_text("#qr-p-yours")
    shots.take("numeric-reveal", screen, phones[2])

    # 4. An ordering question: tap the items in order; a half-right order earns half.
    next_step(host)
    same_question(screen, everyone, "Du Soleil vers l’extérieur : rangez ces planètes.")
    shown = [li.inner_text() for li in screen.query_selector_all("#qr-options .qr-text-opt")]
    assert sorted(shown) == sorted(ORDER) and shown != ORDER  # never shown in its right order
    shots.take("order-question", screen, phones[2])
    put_in_order(phones[0], ORDER)
    put_in_order(phones[1], ["Vénus", "Mercure", "Terre", "Mars"])
    put_in_order(phones[2], list(reversed(ORDER)))
    right = [li.inner_text() for li in screen.wait_for_selector("#qr-order-right")
             .query_selector_all(".qr-text-opt")]
    assert right == ORDER
    phones[0].wait_for_selector("#qr-verdict.good")
    phones[2].wait_for_selector("#qr-verdict.bad")
    shots.take("order-reveal", screen, phones[1])

    # The round's leaderboard, in points order, on the projector and each phone's place.
    next_step(host)
    screen.wait_for_selector("#qr-board-list")
    rows = screen.query_selector_all("#qr-board-list .qr-row")
    scores = [int(r.query_selector(".pts").inner_text().replace("\u202f", "").replace(" ", ""))
              for r in rows]
    assert scores == sorted(scores, reverse=True) and len(rows) == 3
    assert rows[0].get_attribute("data-seat") == "0" and "Les Ours" in rows[0].inner_text()
    assert "1" in phones[0].wait_for_selector("#qr-place").inner_text()
    shots.take("leaderboard", screen, phones[0])

    # 4. The buzz round: Les Loups press first and are wrong, Les Aigles then answer right.
    next_step(host)
    assert screen.wait_for_selector(".qr-intro h1").inner_text() == "Au buzzer"
    next_step(host)
    for phone in everyone:
        phone.wait_for_selector("#qr-buzz.live:not([disabled])")
    buzz(phones[1])
    floor = screen.wait_for_selector(".qr-floor.taken")
    assert floor.get_attribute("data-floor") == "1" and "Les Loups" in floor.inner_text()
    phones[2].wait_for_function("document.querySelector('#qr-status').textContent"
                                ".includes('Les Loups')")  # "Trop tard : … a la parole"
    shots.take("buzz-floor", screen, phones[2])
    host.click("#qr-commands [data-cmd='wrong']:not([disabled])")
    buzz(phones[2])
    screen.wait_for_selector(".qr-floor.taken[data-floor='2']")
    host.click("#qr-commands [data-cmd='right']:not([disabled])")
    screen.wait_for_selector(".qr-option.right")
    assert "✔ Les Aigles" in screen.inner_text("#qr-summary")
    phones[2].wait_for_selector("#qr-verdict.good")

    # The final board, then the game is over and counts in the night.
    next_step(host)
    screen.wait_for_selector("#qr-board-list")
    next_step(host)
    host.wait_for_function("state.meta.status === 'over'")
    with_points = live.get(f"/api/games/{game}/results.json?key={live.key}")
    places = {p["name"]: p["place"] for p in with_points["players"]}
    assert set(places) == set(TEAMS) and with_points["night"] == night
    host.click("#n-end")
    host.click("#confirm-yes")
    screen.wait_for_function("document.body.dataset.night === 'over'")
    screen.wait_for_selector("#podium:not([hidden]) .step.place-1")
    summary = live.get(f"/api/nights/{night}")
    points = summary["rules"]["default"]["places"] if "default" in summary["rules"] else [10, 6, 3]
    table = {row["name"]: row["points"] for row in summary["standings"]["table"]}
    assert table == {name: points[place - 1] for name, place in places.items()}
    winner = min(places, key=lambda name: places[name])
    assert winner in screen.inner_text("#podium .step.place-1")
    shots.take("night-podium", screen, phones[0])
    assert recorder.errors == []
    assert local_only(recorder.urls) == []
