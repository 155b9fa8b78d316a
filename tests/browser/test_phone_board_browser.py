"""A quiz round's leaderboard on a team's phone (390x844 and 360x640): the team's own
highlighted row shows its whole score ("100", not "1…"), as every other row does; a long
team name ends with an ellipsis instead. The state comes from a real game on virtual time
(tests/browser/screen_catalog.py), handed to the phone page's own render."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.session.core import HOST, Origin
from tests.browser.layout import catalogue_page, show
from tests.browser.screen_catalog import LONG_NAMES, Screen, table
from tests.live import LiveServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def board() -> Screen:
    """Seat 0 ("Marie-Christine Dupont-L") on 100 points, first, at the round's board."""
    with table() as tab:
        session = tab.hub.create_game("quiz-round", [{"name": n} for n in LONG_NAMES], seed=5,
                                      language="fr",
                                      settings={"plan": [{"questions": 1, "mix": "numeric"}]})
        session.submit(HOST, {"type": "start"})
        while (session.view("screen")["view"] or {}).get("stage") != "answering":
            assert tab.scheduler.run_next(), "the quiz round never asked its question"
        right = session.view("host")["view"]["truth"]["answer"]
        session.submit(Origin("seat", 1), {"type": "answer", "value": right,
                                           "t_ns": tab.clock.now_ns() + 10**9})
        session.submit(HOST, {"type": "close"})
        assert session.submit(HOST, {"type": "adjust", "seat": 0, "points": 100,
                                     "reason": "bonus"}).ok
        assert session.submit(HOST, {"type": "next"}).ok
        assert session.view("seat:0")["view"]["stage"] == "board"
        tab.keep("quiz-board", session, 0)
        return tab.screens["quiz-board"]


@pytest.mark.parametrize("size", [(390, 844), (360, 640)])
def test_the_teams_own_row_shows_its_whole_score(live: LiveServer, browser: Any, board: Screen,
                                                 size: tuple[int, int], tmp_path: Path) -> None:
    page = catalogue_page(browser, live.url + "/")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    show(page, board, "phone")
    rows = page.evaluate("""() => [...document.querySelectorAll('.qr-top li')].map((li) => {
        const pts = li.querySelector('.pts');
        return { mine: li.classList.contains('mine'), text: pts.textContent,
                 cut: pts.scrollWidth > pts.clientWidth + 1,
                 right: pts.getBoundingClientRect().right, edge: li.getBoundingClientRect().right };
      })""")
    page.screenshot(path=str(tmp_path / f"board-{size[0]}.png"))
    mine = [row for row in rows if row["mine"]]
    assert len(mine) == 1 and mine[0]["text"].replace("\u202f", "") == "100", rows
    assert all(not row["cut"] and row["right"] <= row["edge"] + 1 for row in rows), rows
    page.context.close()
