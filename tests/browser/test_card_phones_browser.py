"""Every card game's phone on its turn at 360x640 and 390x844, in Debian's Chromium.

Issue 49, point 4: the turn's controls, its hint and the refusal of an illegal tap are on
the first screen (nothing to scroll to see why a tap did nothing), and no label is cut
("Penalt…", "Reserv…"). A real server, a phone against bots; the phone's own page draws
the turn. With TOURELLE_SHOT_DIR=<folder> each phone is photographed after its illegal tap
(<kind>-<width>x<height>.png).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.driver import Recorder, join_seat
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser

GAMES: dict[str, tuple[dict[str, Any], list[dict[str, Any]]]] = {
    "russian-bank": ({"starter": "seat0"}, [{"name": "Ana"}, {"bot": 1}]),
    "q-squared-joe": ({}, [{"name": "Ana"}, {"bot": 1}]),
    "watchtower": ({}, [{"name": "Ana"}, {"bot": 1}, {"bot": 1}]),
    "challengers": ({}, [{"name": "Ana"}]),
}
SIZES = [(360, 640), (390, 844)]
TURN = ".cards-kind.my-turn"

# What the phone shows of its turn, each box as the page lays it out: the controls one may
# tap now (enabled buttons, highlighted cards and places), the hint, the refusal's box; and
# every label cut by an ellipsis (a player's name, in <strong>, may end with one).
MEASURE = """() => {
  const root = document.querySelector(".cards-kind.my-turn");
  const box = (node) => {
    const r = node.getBoundingClientRect();
    const text = (node.textContent || "").trim().slice(0, 30);
    return {what: (node.className || node.tagName) + " " + text,
            top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width};
  };
  const shown = (node) => node.getBoundingClientRect().width > 0;
  const controls = [...root.querySelectorAll(
    "button:not([disabled]), .source, .target, [data-action]:not([disabled])")].filter(shown);
  const hint = root.querySelector(".rb-hint, .qsj-hint, .wt-hint, .chc .hint");
  const cut = [...root.querySelectorAll("*")].filter((node) => {
    if (node.closest("strong") || !node.childNodes.length) return false;
    const style = getComputedStyle(node);
    return style.textOverflow === "ellipsis" && node.scrollWidth > node.clientWidth + 1;
  }).map((node) => node.textContent.trim());
  return {controls: controls.map(box), hint: hint ? box(hint) : null,
          error: box(root.querySelector(".error")), cut,
          scroll: window.scrollY, width: innerWidth, height: innerHeight};
}"""


@pytest.fixture()
def host(live: LiveServer) -> Iterator[Peer]:
    peer = Peer(live, "/host", auth={"key": live.key})
    yield peer
    peer.close()


def off_screen(boxes: list[dict[str, Any]], width: int, height: int) -> list[str]:
    return [f"{b['what']} ({b['left']:.0f},{b['top']:.0f})-({b['right']:.0f},{b['bottom']:.0f})"
            for b in boxes if b["top"] < 0 or b["bottom"] > height + 0.5
            or b["left"] < -0.5 or b["right"] > width + 0.5]


def tap(phone: Any, selector: str) -> bool:
    """A tap where the page is (no scrolling to it first: the player sees what they tap)."""
    node = phone.locator(selector)
    if not node.count():
        return False
    node.first.dispatch_event("click")
    return True


def provoke(phone: Any, kind: str) -> bool:
    """An illegal tap on the turn: a greyed card or place, after choosing a card or a mode
    when nothing is greyed before. False when this turn offers none (Watchtower's set-up)."""
    if tap(phone, f"{TURN} .illegal"):
        return True
    for mode in ("challenge1", "challenge2", "burn"):
        if tap(phone, f"{TURN} .wt-action[data-action='{mode}']:not([disabled])"):
            phone.wait_for_selector(f"{TURN} .wt-action.on")
            return tap(phone, f"{TURN} .illegal")
    if kind == "q-squared-joe" and tap(phone, f"{TURN} .qsj-player.mine .source"):
        phone.wait_for_selector(f"{TURN} .selected")
        return tap(phone, f"{TURN} .illegal")
    return False


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("kind", list(GAMES))
def test_the_turn_and_its_refusal_on_the_first_screen(
    live: LiveServer, browser: Any, host: Peer, kind: str, size: tuple[int, int]
) -> None:
    settings, seats = GAMES[kind]
    recorder = Recorder()
    game = host.call("create", {"kind": kind, "language": "en", "pace": 1, "seed": 7,
                                "settings": settings, "seats": seats})["game"]
    phone = join_seat(browser, recorder, live.url, 0, game=game, locale="en-GB")
    phone.set_viewport_size({"width": size[0], "height": size[1]})
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    phone.wait_for_selector(TURN)
    seen = phone.evaluate(MEASURE)
    assert seen["scroll"] == 0
    assert seen["controls"], "no control on the player's turn"
    assert off_screen(seen["controls"] + [seen["hint"], seen["error"]], *size) == []
    assert seen["cut"] == []

    if kind == "watchtower" and not provoke(phone, kind):
        # Set-up: every army card may be placed; once ready, the first turn of play.
        tap(phone, f"{TURN} .wt-action[data-action='ready']")
        phone.wait_for_selector(f"{TURN} .wt-action[data-action='draw']:not([disabled])")
    folder = os.environ.get("TOURELLE_SHOT_DIR")
    if kind == "challengers":
        # Every card the draft shows may be kept or removed and the reveal is the match's one
        # control: no tap is greyed. Where a refusal would show is measured, in the draft
        # above and in the first match: drafted to its end, the phone's first reveal.
        while not phone.locator(f"{TURN} [data-action='reveal']:not([disabled])").count():
            phone.wait_for_selector(TURN)
            for action in ("choose", "pick", "done"):
                node = phone.query_selector(f"{TURN} [data-action='{action}']")
                if node:
                    node.dispatch_event("click")
                    # The tap's answer redraws the phone (the tapped node leaves the page).
                    phone.wait_for_function("(node) => !node.isConnected", arg=node)
                    break
        match = phone.evaluate(MEASURE)
        assert off_screen(match["controls"] + [match["hint"], match["error"]], *size) == []
        assert match["cut"] == []
        if folder:
            phone.screenshot(path=f"{folder}/{kind}-{size[0]}x{size[1]}.png")
        return
    assert provoke(phone, kind), "no greyed card or place to tap on the turn"
    phone.wait_for_function(
        "document.querySelector('.cards-kind .error').textContent.trim() !== ''")
    after = phone.evaluate(MEASURE)
    assert after["scroll"] == 0
    assert off_screen([after["error"], after["hint"]], *size) == [], after["error"]
    if folder:
        phone.screenshot(path=f"{folder}/{kind}-{size[0]}x{size[1]}.png")
    assert recorder.errors == []
