"""Issue 42, point 18, in Debian's Chromium: a number with a decimal reads as French writes
it on a French page: "(0,4 s)" and "0,42 s" on a quiz round's reveal (the projector's
fastest team, the host page's answer times)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.driver import HOST, PROJECTOR, Recorder, new_page
from tests.live import LiveServer, Peer
from tests.quiz_round.test_live import join, phone_ms, view_of

pytestmark = pytest.mark.browser


def test_a_french_reveals_times_have_a_decimal_comma(live: LiveServer, browser: Any) -> None:
    language, mark = "fr", ","
    host = Peer(live, "/host", auth={"key": live.key})
    reply = host.call("create", {
        "kind": "quiz-round", "language": language,
        "seats": [{"name": "Ours"}, {"name": "Loups"}],
        "settings": {"plan": [{"questions": 1, "mix": "choice"}], "intro_seconds": 0,
                     "reveal_seconds": 0, "board_seconds": 0}})
    assert reply["ok"], reply
    game = reply["game"]
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    page = new_page(browser, recorder, f"{live.url}/host#key={live.key}", HOST)
    phones = [join(live, game, seat, f"dec-{language}-{seat}-0000000", f"P{seat}")
              for seat in range(2)]
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    assert host.call("command", {"game": game, "type": "next"})["ok"]
    truth = view_of(host, lambda v: v["stage"] == "answering")["truth"]["answer"]
    for seat, phone in enumerate(phones):
        value = truth if seat == 0 else (truth + 1) % 4
        assert phone.call("action", {"type": "answer", "value": value,
                                     "t_client": phone_ms()})["ok"]
    summary = screen.wait_for_selector("#qr-summary", timeout=20000).inner_text()
    assert re.search(r"\(\d+" + re.escape(mark) + r"\d\ss\)", summary), summary
    page.wait_for_selector(".qr-host-answers")
    cells = page.eval_on_selector_all(".qr-host-answers tr",
                                      "rows => rows.map(r => r.cells[3].textContent)")
    assert cells and all(re.fullmatch(r"\d+" + re.escape(mark) + r"\d\d\ss", c) for c in cells), \
        cells
    assert recorder.errors == []
    for peer in [*phones, host]:
        peer.close()
