"""The battle-order strip on the projector, in Debian's Chromium against a real server.

Three bots play a territory game at a quick pace; the host pauses it in the combat,
and the projector must show the round's attack order as coloured seat chips, the
attacker now highlighted; after the next attack the highlight has moved on to the
seat the strip showed next.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, local_only, new_page
from tests.live import LiveServer, Peer

pytestmark = pytest.mark.browser

SETTINGS = {"numeric_seconds": 3, "choice_seconds": 3, "pick_seconds": 3, "reveal_seconds": 1,
            "attack_adjacency": "always"}

# What the strip shows now: [seat, status] per chip, in order (none while it is hidden).
STRIP_JS = """() => [...document.querySelectorAll('#battle-order:not([hidden]) .bo-seat')]
  .map((el) => [Number(el.dataset.seat), el.dataset.status])"""


def wait_new(host: Peer, since: int, predicate: Any, timeout: float = 60) -> dict[str, Any]:
    """The first state received after the first `since` ones that matches `predicate`."""
    deadline = time.monotonic() + timeout
    while True:
        for state in host.states[since:]:
            if predicate(state):
                return state
        assert time.monotonic() < deadline, f"no such state; last: {str(host.states[-1])[:600]}"
        time.sleep(0.02)


def pause(host: Peer, game: str) -> dict[str, Any]:
    """Pause the game; the state the room sees from then on (bots and timers wait)."""
    since = len(host.states)
    assert host.call("command", {"game": game, "type": "pause"})["ok"]
    return wait_new(host, since, lambda s: s["meta"]["paused"])


def style(page: Any, selector: str, prop: str) -> str:
    """A computed style of the first element matching `selector`."""
    return str(page.evaluate("([sel, prop]) => getComputedStyle(document.querySelector(sel))[prop]",
                             [selector, prop]))


def strip_of(view: dict[str, Any]) -> list[list[Any]]:
    return [[row["seat"], row["status"]] for row in view["battle_order"]["rounds"][0]["seats"]]


def expect_strip(screen: Any, view: dict[str, Any]) -> None:
    """The projector's chips are the view's round order, with the same marks."""
    want = strip_of(view)
    screen.wait_for_function(f"(want) => JSON.stringify(({STRIP_JS})()) === JSON.stringify(want)",
                             arg=want, timeout=10_000)
    current = screen.locator("#battle-order .bo-seat.current")
    assert current.count() == 1
    assert current.get_attribute("data-seat") == str(view["battle_order"]["current"])


def test_projector_shows_the_attack_order_and_the_highlight_moves(
        live: LiveServer, browser: Any, tmp_path: Any) -> None:
    recorder = Recorder()
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host = Peer(live, "/host", auth={"key": live.key})
    game = host.call("create", {
        "kind": "territory", "map": "generated:10:2", "language": "fr", "seed": 7, "pace": 0.2,
        "settings": SETTINGS, "start": True,
        "seats": [{"name": name, "bot": 3} for name in ("Ana", "Bob", "Chloé")],
    })["game"]
    try:
        # Before the combat there is no order to show.
        # (read in one frame of the page: the bots' pace may bring the combat a moment later)
        screen.wait_for_function(
            "document.body.dataset.stage === 'answering'"
            " && document.getElementById('battle-order').offsetParent === null", timeout=30_000)
        host.wait_for(lambda s: bool(s["view"]) and s["view"]["phase"] == "combat", timeout=90)
        first = pause(host, game)["view"]
        order = first["battle_order"]
        assert first["phase"] == "combat" and order is not None
        # The strip is the rules' order for this round, the attacker now marked.
        assert [seat for seat, _ in strip_of(first)] == first["order"]
        attacker = order["current"]
        assert first["turn_seat"] in (None, attacker)
        assert first["attack"] is None or first["attack"]["attacker"] == attacker
        expect_strip(screen, first)

        # Readable from the back of the room: big chips in the seat's colour, a French label.
        head = screen.locator("#battle-order .bo-head").text_content() or ""
        assert "Ordre d’attaque" in head
        assert f"Manche {order['round']}/{order['rounds_total']}" in head
        chip = screen.locator(f"#battle-order .bo-seat[data-seat='{attacker}'] .bo-chip")
        assert f"seat-{attacker % 4}" in (chip.get_attribute("class") or "")
        box = chip.bounding_box()
        assert box is not None and box["height"] >= 48, box
        assert float(style(screen, "#battle-order .bo-name", "fontSize")[:-2]) >= 20
        accent = "rgb(255, 204, 51)"  # --accent
        assert style(screen, "#battle-order .bo-seat.current", "outlineColor") == accent
        # The rounds to come, named without their order (drawn or ranked when they begin).
        later = screen.evaluate("[...document.querySelectorAll('#battle-order .bo-round')]"
                                ".map((el) => [el.dataset.rounds, el.dataset.by, el.textContent])")
        assert ",".join(rounds for rounds, _, _ in later) == ",".join(
            str(n) for n in range(order["round"] + 1, order["rounds_total"] + 1))
        if order["round"] < order["rounds_total"]:
            assert later[-1][1] == "score" and later[-1][2].endswith("par score")
        assert screen.evaluate("STRINGS.en.battle_order") == "Attack order"
        screen.screenshot(path=str(tmp_path / "battle-order.png"))

        # Let one attack happen; the turn passes to the seat the strip showed next.
        since = len(host.states)
        assert host.call("command", {"game": game, "type": "resume"})["ok"]
        changed = wait_new(host, since, lambda s: not s["meta"]["paused"] and (
            s["view"]["battle_order"] is None
            or s["view"]["battle_order"]["current"] != attacker
            or s["view"]["battle_order"]["round"] != order["round"]))
        second = pause(host, game)["view"]
        assert any((s["view"].get("attack") or {}).get("attacker") == attacker
                   for s in host.states[since:]), "no attack was seen"
        moved = changed["view"]["battle_order"]
        assert moved is not None, "the combat ended after one attack"
        if moved["round"] == order["round"]:
            still_in = [p["seat"] for p in changed["view"]["players"] if not p["eliminated"]]
            assert moved["current"] == [s for s in order["next"] if s in still_in][0]
        else:
            assert moved["round"] == order["round"] + 1 and order["next"] == []
        # The projector follows: the highlight is on the attacker now, the one before is done.
        assert second["battle_order"] is not None
        if second["battle_order"]["round"] == order["round"]:
            assert [attacker, "done"] in strip_of(second)
            assert second["battle_order"]["current"] != attacker
        expect_strip(screen, second)
        screen.screenshot(path=str(tmp_path / "battle-order-moved.png"))
    finally:
        host.call("command", {"game": game, "type": "end"})
        host.close()
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
