"""One language per page: the French pages, rendered in Chromium through a game, show no word
of the English table (host/static/words/en.json's strings that differ from the French,
less the words the French table uses too), and a refusal reads in French."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser.driver import HOST, PHONE, PROJECTOR, Recorder, new_page
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser

# The English table's words a French page may show all the same: names of things.
NAMES = {"kahoot", "gift", "moodle", "csv", "json", "trivia", "open", "yaml", "english"}

ENGLISH_WORDS = """() => {
  const words = (v) =>
    (Array.isArray(v) ? v.join(" ") : String(v)).toLowerCase().match(/\\p{L}+/gu) || [];
  const french = new Set(Object.values(STRINGS.fr).flatMap(words));
  const out = new Set();
  for (const [key, text] of Object.entries(STRINGS.en)) {
    if (JSON.stringify(STRINGS.fr[key]) === JSON.stringify(text)) continue;
    for (const word of words(text)) if (word.length >= 3 && !french.has(word)) out.add(word);
  }
  return [...out];
}"""


def english_on(page: Any, english: set[str]) -> list[str]:
    """The English words in what the page shows now (its visible text, buttons and options)."""
    text = page.evaluate("document.body.innerText")
    found = {w for w in re.findall(r"[^\W\d_]+", text.lower()) if w in english}
    return sorted(found - NAMES)


def test_the_french_pages_show_no_english_word(live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    english = set(screen.evaluate(ENGLISH_WORDS))
    assert {"answering", "paused", "over", "alone"} & english or {"waiting", "host"} <= english
    seen: dict[str, list[str]] = {}

    def scan(name: str, page: Any) -> None:
        seen[name] = english_on(page, english)

    screen.wait_for_selector("#lobby")
    scan("projector lobby", screen)
    join = new_page(browser, recorder, live.url + "/", PHONE)
    scan("join page", join)
    host_page = new_page(browser, recorder, f"{live.url}/host#key={live.key}", HOST)
    host_page.wait_for_selector("#c-kind option[value='buzzer']", state="attached")
    host_page.click("#editor > summary")
    host_page.wait_for_selector("#e-packs tr[data-pack='synthetic-fr']")
    scan("host page and editor", host_page)
    gift = "::q1:: Combien de pattes a une araignée ? {#8}\n\n::q2:: Racontez votre été. {}\n"
    host_page.set_input_files("#im-file", files=[{"name": "soiree.gift", "mimeType": "text/plain",
                                                  "buffer": gift.encode()}])
    host_page.click("#im-go")
    host_page.wait_for_selector("#im-msg.error")
    host_page.wait_for_selector("#im-warnings li")
    scan("editor refusing an import, with its warnings", host_page)
    host_page.click("#editor > summary")  # closed again: the game's panels below

    host = Peer(live, "/host", auth={"key": live.key})
    game = host.call("create", {
        "kind": "territory", "map": "france-regions", "language": "fr",
        "settings": {"numeric_seconds": 60, "choice_seconds": 60, "reveal_seconds": 60},
        "seats": [{"name": "Ana"}, {"name": "Bruno", "bot": 3}, {"name": "Chloé", "bot": 3}],
    })["game"]
    phone = new_page(browser, recorder, live.url + "/", PHONE)
    phone.fill("#code", game[:4].upper())
    phone.click(".colour-btn[data-seat='0']")
    phone.wait_for_function("document.body.dataset.seat === '0'")
    host_page.evaluate("(game) => socket.emit('watch', { game })", game)
    host_page.wait_for_function(
        "(game) => document.querySelector('#h-status').dataset.game === game", arg=game)
    scan("phone in the lobby", phone)
    scan("projector with seats", screen)
    host.call("command", {"game": game, "type": "start"})
    phone.wait_for_selector(".keypad")
    screen.wait_for_selector("#question:not([hidden])")
    for name, page in (("phone asked", phone), ("projector asking", screen),
                       ("host asking", host_page)):
        scan(name, page)

    host.call("command", {"game": game, "type": "pause"})
    phone.wait_for_function("document.querySelector('#status').textContent.length > 0")
    refusal = phone.evaluate("""() => new Promise((done) => socket.emit("action",
        { type: "answer", value: 1900, t_client: performance.timeOrigin + performance.now() },
        (ack) => done(T.refusal(ack))))""")
    assert refusal == "La partie est en pause.", refusal
    for name, page in (("phone paused", phone), ("host paused", host_page)):
        scan(name, page)
    host.call("command", {"game": game, "type": "resume"})

    for key in "1905":
        phone.click(f"[data-key='{key}']")
    phone.click("[data-key='ok']")
    deadline = time.monotonic() + 60
    while screen.evaluate("document.body.dataset.stage") != "reveal":
        assert time.monotonic() < deadline, "no reveal"
        screen.wait_for_timeout(100)
    screen.wait_for_selector("#q-result .verdict")
    phone.wait_for_selector(".verdict-big")
    for name, page in (("phone reveal", phone), ("projector reveal", screen),
                       ("host reveal", host_page)):
        scan(name, page)
    host.call("command", {"game": game, "type": "end"})

    # A buzzer board: the host page's lead line and each press's source. The phone pages go
    # first: a phone follows the room into its next game (it would take a seat).
    phone.context.close()
    join.context.close()
    board = host.call("create", {"kind": "buzzer", "language": "fr",
                                 "seats": [{"name": "Jérôme"}, {"name": "Léa"}]})["game"]
    host_page.evaluate("(game) => socket.emit('watch', { game })", board)
    presses = []
    for seat, name in enumerate(("Jérôme", "Léa")):
        peer = Peer(live, "/seat")
        joined = peer.call("join", {"game": board, "token": f"one-language-{name:>10}",
                                    "name": name, "seat": seat})
        assert joined["ok"], joined
        presses.append(peer)
    host.call("command", {"game": board, "type": "start"})
    host.call("command", {"game": board, "type": "open", "mode": "ranking"})
    presses[0].call("buzz", {"t_client": 0.0})
    host_page.wait_for_selector(".bz-host-ranking li")
    host_page.wait_for_function(
        "document.querySelector('.bz-host-state').textContent.includes('Jérôme seul')")
    scan("host buzzer, one press", host_page)
    presses[1].call("buzz", {"t_client": 0.0})
    host_page.wait_for_selector(".bz-host-ranking li >> nth=1")
    host.call("command", {"game": board, "type": "close"})
    host_page.wait_for_function(
        "document.querySelector('.bz-host-state').textContent.includes('Jérôme d’avance de')")
    scan("host buzzer, two presses", host_page)
    assert "téléphone" in host_page.inner_text(".bz-host-ranking")
    for peer in presses:
        peer.close()
    host.close()

    assert {name: words for name, words in seen.items() if words} == {}
    # The refused import's HTTP 400 is logged by Chromium; anything else is a page error.
    assert [e for e in recorder.errors if "status of 400" not in e] == []
