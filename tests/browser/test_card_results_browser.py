"""A card game's end, one result everywhere (issue 49, points 3 and 8), in Debian's Chromium.

Seeded games played headless on virtual time (tests/browser/screen_catalog.py), their last
states handed to the projector's and a phone's own `render`:
- Challengers! solo won by the robot: the projector says the robot wins and ranks it first,
  the player second; the player's phone says second, never "You finish #1" in green.
- A four-player game: the last player's phone reads "#4 of 4" in a plain box; only a win
  is drawn as a success (green).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from host.cards.challengers import ROBOT
from host.session.phone_parts import merge
from tests.browser.layout import catalogue_page, show
from tests.browser.screen_catalog import Screen, table
from tests.live import LiveServer
from tests.conftest import write_pack

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("results")
    (root / "packs").mkdir()
    write_pack(root / "packs" / "synthetic-fr.yaml", 20, "fr")
    live = LiveServer(data=root / "data", packs=root / "packs").start()
    yield live
    live.stop()


def played(kind: str, seats: int, wanted: Any) -> dict[int, Screen]:
    """The first seeded game of `kind` (bots in every seat) whose end `wanted(view)` accepts:
    each seat's phone and the projector at its end."""
    for seed in range(1, 40):
        with table() as tab:
            session = tab.hub.create_game(
                kind, [{"name": f"P{n}", "bot": 2} for n in range(seats)], seed=seed,
                language="en")
            tab.play(session, lambda _s: None)
            view = session.view("screen")["view"]
            if session.status == "over" and wanted(view):
                return {seat: Screen(kind, session.view("screen"),
                                     merge(*session.phone_payloads(seat)), seat)
                        for seat in range(seats)}
    raise AssertionError(f"no seeded {kind} game ended as wanted")


def verdict(page: Any, shot: str = "") -> dict[str, Any]:
    """The phone's end box; with TOURELLE_SHOT_DIR set, the phone photographed as `shot`."""
    if shot and os.environ.get("TOURELLE_SHOT_DIR"):
        page.set_viewport_size({"width": 360, "height": 640})
        page.screenshot(path=f"{os.environ['TOURELLE_SHOT_DIR']}/{shot}.png")
    return dict(page.evaluate("""() => {
      const box = document.querySelector('#wait-detail .verdict-big');
      return {text: box.textContent, classes: box.className};
    }"""))


def test_challengers_solo_won_by_the_robot_reads_the_same_everywhere(
    server: LiveServer, browser: Any
) -> None:
    ends = played("challengers", 1, lambda view: view["winner"] == ROBOT)
    screen = catalogue_page(browser, server.url + "/screen")
    show(screen, ends[0], "projector")
    if os.environ.get("TOURELLE_SHOT_DIR"):
        screen.set_viewport_size({"width": 1280, "height": 720})
        screen.screenshot(path=f"{os.environ['TOURELLE_SHOT_DIR']}/challengers-solo-over.png")
    over = screen.locator("#kind-over").inner_text()
    rows = screen.locator("#kind-over .cards-ranking li").all_inner_texts()
    assert "Le robot gagne" in over
    assert len(rows) == 2 and "robot" in rows[0].lower() and "P0" in rows[1], rows
    phone = catalogue_page(browser, server.url + "/")
    show(phone, ends[0], "phone")
    seen = verdict(phone, "challengers-solo-phone")
    assert "2ᵉ" in seen["text"] and "good" not in seen["classes"], seen


def test_only_a_win_is_drawn_as_a_success(server: LiveServer, browser: Any) -> None:
    ends = played("q-squared-joe", 4, lambda view: len(view.get("ranking") or []) == 4)
    ranking = ends[0].screen["view"]["ranking"]  # type: ignore[index]
    phone = catalogue_page(browser, server.url + "/")
    show(phone, ends[ranking[-1]], "phone")
    last = verdict(phone, "last-of-4-phone")
    assert "4ᵉ sur 4" in last["text"] and "good" not in last["classes"], last
    show(phone, ends[ranking[0]], "phone")
    first = verdict(phone)
    assert "1ᵉʳ" in first["text"] and "good" in first["classes"], first


# Panels and cards as the card kinds mark them, drawn on the phone page; each mark's ring
# (box-shadow), outline style and added mark (::before content).
MARKS = """() => {
  const root = document.createElement("div");
  root.className = "cards-kind";
  root.innerHTML = '<section class="wt-player on-turn"></section>'
    + '<section class="wt-player last-actor"></section>'
    + '<section class="qsj-player on-turn"></section>'
    + '<section class="qsj-player last-actor"></section>'
    + '<div class="card face target"></div><div class="card face selected"></div>';
  document.body.append(root);
  const look = (node) => {
    const style = getComputedStyle(node);
    return {ring: style.boxShadow, outline: style.outlineStyle,
            mark: getComputedStyle(node, "::before").content};
  };
  const out = [...root.children].map(look);
  root.remove();
  return out;
}"""


def test_the_turn_the_last_mover_the_target_and_the_selection_differ_beyond_hue(
    server: LiveServer, browser: Any
) -> None:
    """Issue 49, point 8: the player on turn and the last to move never wear the same ring;
    a target and the selection differ by a border style or a mark, not by colour alone."""
    phone = catalogue_page(browser, server.url + "/")
    wt_turn, wt_last, qsj_turn, qsj_last, target, selected = phone.evaluate(MARKS)
    for turn, last in ((wt_turn, wt_last), (qsj_turn, qsj_last)):
        assert turn["outline"] != last["outline"], (turn, last)
    assert target["outline"] != selected["outline"] or target["mark"] != selected["mark"]
    assert selected["mark"] not in ("none", "normal", ""), selected
