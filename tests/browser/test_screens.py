"""The three pages in Debian's Chromium against a real server.

A whole game is played by three phone pages, watched by a projector page and
driven from the host page; a phone reloaded mid-question keeps its seat. Every
request must stay on 127.0.0.1, and no `state` the projector receives may hold
an answer before the reveal.
"""

from __future__ import annotations

import contextlib
import re
import time
from typing import Any

import pytest

from tests.browser.driver import (PHONE, PROJECTOR, Recorder, Stall, join_seat, local_only,
                                  new_page)
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser

FAST = {"numeric_seconds": 4, "choice_seconds": 4, "pick_seconds": 4, "reveal_seconds": 1}


def create_from_host_page(page: Any) -> None:
    """Fill the host page's form: a small generated map, fast pace, three phone seats."""
    page.select_option("#c-map", "generated:12:1")
    page.fill("#c-pace", "0.5")
    for key, value in FAST.items():
        page.fill(f"#s-{key}", str(value))
    page.select_option("#s-attack_adjacency", "always")
    for seat, name in enumerate(["Ana", "Bob", "Chloé"]):
        page.select_option(f"#seat-kind-{seat}", "phone")
        page.fill(f"#seat-name-{seat}", name)
    page.select_option("#seat-kind-3", "none")
    page.click("#c-create")
    page.wait_for_selector("#live:not([hidden]) [data-cmd='start']:not([disabled])")


def play_one_step(phone: Any, turn: int) -> None:
    """Whatever the phone offers now: type a number, tap an option, or tap a legal territory."""
    try:
        if phone.locator(".keypad").count():
            phone.click(f"[data-key='{turn % 10}']", timeout=500)
            phone.click("[data-key='ok']", timeout=500)
        elif phone.locator(".choice").count():
            phone.click(f"[data-choice='{turn % 4}']", timeout=500)
        elif targets := phone.locator(".land.legal").count():
            phone.locator(".land.legal").nth(turn % targets).dispatch_event("click", timeout=500)
    except Exception:  # the page re-rendered under the click; the next round tries again
        pass


def leaked_answers(states: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Room views that show an answer (or anyone's value) before the reveal."""
    leaks = []
    for state in states:
        view = state.get("view") or {}
        question = view.get("question")
        if not question or view.get("stage") == "reveal":
            continue
        content = question.get("content") or {}
        if "answer" in content or "answers" in question or "outcome" in question:
            leaks.append(state)
    return leaks


@pytest.mark.nightly  # a territory game to its end: the whole night plays one in `make test`
def test_full_game_on_phones_watched_by_the_projector(live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR, states=True)
    host = new_page(browser, recorder, f"{live.url}/host#key={live.key}",
                    {"width": 1280, "height": 900})
    create_from_host_page(host)
    screen.wait_for_selector("#lobby-seats li >> nth=2")
    phones = []
    for seat in range(3):
        phone = new_page(browser, recorder, live.url + "/", PHONE)
        phone.click(f".colour-btn[data-seat='{seat}']")
        phone.wait_for_function(f"document.body.dataset.seat === '{seat}'")
        phones.append(phone)
    host.click("[data-cmd='start']")

    stall = Stall(recorder, "the game")  # fails when it stops moving, however slow
    turn = 0
    while screen.evaluate("document.body.dataset.status") != "over":
        stall.check()
        for phone in phones:
            play_one_step(phone, turn)
        turn += 1

    screen.wait_for_selector("#podium:not([hidden]) .step >> nth=2")
    for phone in phones:
        phone.wait_for_function("document.body.dataset.status === 'over'")
    assert "over" in host.locator("#h-status").inner_text() or host.evaluate(
        "document.querySelector('[data-cmd=end]').disabled")

    # The answers reached the projector only at the reveal, and the reveal did happen.
    asked = [s for s in recorder.states if (s.get("view") or {}).get("question")]
    assert any(s["view"]["stage"] == "answering" for s in asked)
    assert any("answer" in (s["view"]["question"]["content"] or {})
               for s in asked if s["view"]["stage"] == "reveal")
    assert leaked_answers(recorder.frames) == [] and leaked_answers(recorder.states) == []
    # Phones answered by hand: the projector saw at least one phone's lock-in.
    assert any(s["view"]["question"]["answered"] for s in asked)
    assert local_only(recorder.urls) == []
    assert recorder.errors == []


def test_a_phone_reloaded_mid_question_keeps_its_seat(live: LiveServer, browser: Any) -> None:
    host = Peer(live, "/host", auth={"key": live.key})
    game = host.call("create", {
        "kind": "territory", "map": "generated:10:2", "language": "fr",
        "settings": {"numeric_seconds": 60, "choice_seconds": 60},
        "seats": [{"name": "Bob"}, {"name": "Ana"}],  # Bob stays silent
    })["game"]
    recorder = Recorder()
    phone = new_page(browser, recorder, live.url + "/", PHONE)
    phone.fill("#code", game[:4].upper())
    phone.click(".colour-btn[data-seat='1']")
    phone.wait_for_function("document.body.dataset.seat === '1'")
    host.call("command", {"game": game, "type": "start"})
    phone.wait_for_selector(".keypad")

    phone.reload()
    phone.wait_for_selector(".keypad")
    assert phone.evaluate("document.body.dataset.seat") == "1"
    for key in "42":
        phone.click(f"[data-key='{key}']")
    phone.click("[data-key='ok']")
    answered = host.wait_for(lambda s: bool(s["view"]) and s["view"]["question"] is not None
                             and 1 in s["view"]["question"]["answered"], timeout=15)
    mine = [a for a in answered["view"]["question"]["answers"] if a["seat"] == 1]
    assert mine and mine[0]["value"] == 42
    phone.wait_for_selector("text=Réponse verrouillée : 42")
    host.call("command", {"game": game, "type": "end"})
    host.close()
    assert local_only(recorder.urls) == []
    assert recorder.errors == []


def test_the_join_page_fills_the_room_code_only_when_nobody_types_in_it(
        live: LiveServer, browser: Any) -> None:
    """The join page fills in the newest game's code while the field is empty; set under a
    player's fingers, a typed code was appended to it ("221A221A": no game found)."""
    host = Peer(live, "/host", auth={"key": live.key})
    game = host.call("create", {"kind": "territory", "map": "generated:10:2",
                                "seats": [{"name": "Ana"}, {"name": "Bob"}]})["game"]
    phone = new_page(browser, Recorder(), live.url + "/", PHONE)
    phone.wait_for_function(f"document.querySelector('#code').value === '{game[:4].upper()}'")
    phone.fill("#code", "")
    phone.focus("#code")  # a player about to type, as the page polls the games again
    phone.evaluate("showJoin()")
    assert phone.input_value("#code") == ""
    phone.keyboard.type(game[:4].upper())
    phone.evaluate("showJoin()")
    assert phone.input_value("#code") == game[:4].upper()
    phone.fill("#code", "")
    phone.locator("#name").focus()  # left empty and no longer typed in: filled in again
    phone.evaluate("showJoin()")
    assert phone.input_value("#code") == game[:4].upper()
    phone.click(".colour-btn[data-seat='1']")
    phone.wait_for_function("document.body.dataset.seat === '1'")
    host.close()


def test_a_phone_shows_the_seats_before_its_socket_opens(live: LiveServer, browser: Any) -> None:
    """The join page is drawn from HTTP alone: a socket that does not open at once (a slow
    Wi-Fi, a busy host) leaves the seats on screen, says it is connecting, and a seat tapped
    then is taken as soon as the socket opens."""
    host = Peer(live, "/host", auth={"key": live.key})
    host.call("create", {"kind": "territory", "map": "generated:10:2",
                         "seats": [{"name": "Ana"}, {"name": "Bob"}]})
    recorder = Recorder()
    context = browser.new_context(viewport=PHONE, locale="fr-FR")
    phone = recorder.watch(context.new_page())
    held: list[Any] = []  # sockets opened that the host never answers, while `holding`
    holding = [True]

    def hold_or_pass(socket: Any) -> None:
        if holding[0]:
            held.append(socket)
        else:
            socket.connect_to_server()

    phone.route_web_socket(re.compile(r".*/socket\.io/.*"), hold_or_pass)
    phone.goto(live.url + "/")
    phone.wait_for_selector(".colour-btn[data-seat='1']")
    phone.wait_for_selector("#net:not([hidden])")
    assert phone.inner_text("#net") == "Connexion au jeu…"
    phone.click(".colour-btn[data-seat='1']")
    holding[0] = False
    for socket in held:  # the held sockets give up; the next one reaches the host
        with contextlib.suppress(Exception):  # one the page gave up on itself is gone
            socket.close()
    phone.wait_for_function("document.body.dataset.seat === '1'")
    assert phone.locator("#net").is_hidden()
    host.close()
    assert local_only(recorder.urls) == [] and recorder.errors == []


def test_a_digit_pressed_while_another_player_answers_is_kept(live: LiveServer,
                                                                browser: Any) -> None:
    """A finger is down on a key of the keypad when another player's answer comes in (a state
    for every phone): the key stays under the finger, and its tap counts once lifted. The
    phone drew its keypad anew at each state, and a key replaced between a tap's press and its
    release lost the digit."""
    host = Peer(live, "/host", auth={"key": live.key})
    game = host.call("create", {
        "kind": "territory", "map": "generated:10:2", "language": "fr",
        "settings": {"numeric_seconds": 60, "choice_seconds": 60},
        "seats": [{"name": "Bob"}, {"name": "Ana"}, {"name": "Chloé"}],
    })["game"]
    others = []
    for seat in (0, 2):
        other = Peer(live, "/seat")
        assert other.call("join", {"game": game, "token": f"other-{seat}-token-0123",
                                   "seat": seat})["ok"]
        others.append(other)
    recorder = Recorder()
    phone = join_seat(browser, recorder, live.url, 1, game=game, states=True)
    host.call("command", {"game": game, "type": "start"})
    phone.wait_for_selector(".keypad")  # the game's first question is a number
    key = phone.locator("[data-key='7']")
    box = key.bounding_box()
    assert box is not None
    phone.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    phone.mouse.down()
    for other in others:  # two answers: two states while the finger is down
        assert other.call("action", {"type": "answer", "value": 12})["ok"]
    phone_saw = lambda: any(  # noqa: E731 - read at each poll
        (s.get("view") or {}).get("question") and
        set(s["view"]["question"].get("answered", [])) >= {0, 2} for s in recorder.states)
    deadline = time.monotonic() + 30
    while not phone_saw():
        assert time.monotonic() < deadline, "the phone never heard the others' answers"
        phone.wait_for_timeout(50)
    phone.mouse.up()
    phone.wait_for_function("document.querySelector('.keypad .typed').textContent === '7'")
    phone.click("[data-key='ok']")
    answered = host.wait_for(lambda s: bool(s["view"]) and s["view"]["question"] is not None
                             and 1 in s["view"]["question"]["answered"], timeout=15)
    assert [a["value"] for a in answered["view"]["question"]["answers"] if a["seat"] == 1] == [7]
    host.call("command", {"game": game, "type": "end"})
    for peer in (host, *others):
        peer.close()
    assert recorder.errors == []
