"""A night of ten teams on the projector (1920x1080 and 1280x720): a team game's lobby (its
four team QR codes) above the night's table of ten rows, and a game's podium above the same
table, fit the screen: "Scannez pour jouer" below the header, the lobby's note above the
night's table, nothing cut or overlapping (tests/browser/layout.js). The states come from a
real night on virtual time, handed to the projector page's own render."""

from __future__ import annotations

from typing import Any

import pytest

from host.session.core import HOST
from host.people.teams import TeamRules
from tests.browser.layout import catalogue_page, problems, show
from tests.browser.screen_catalog import Screen, table
from tests.live import LiveServer

pytestmark = pytest.mark.browser

TEAMS = [f"Équipe numéro {i} du quiz" for i in range(10)]


@pytest.fixture(scope="module")
def night_screens() -> dict[str, Screen]:
    with table() as tab:
        night = tab.hub.open_night("Soirée du jeudi")
        first = tab.hub.create_game("quiz-round", [{"name": n} for n in TEAMS], seed=1,
                                    language="fr", night=night,
                                    settings={"plan": [{"questions": 1, "mix": "numeric"}]})
        first.submit(HOST, {"type": "start"})
        for seat in range(10):
            first.submit(HOST, {"type": "adjust", "seat": seat, "points": 10 * (seat + 1),
                                "reason": "bonus"})
        assert first.submit(HOST, {"type": "end"}).ok
        over = Screen("night-over", first.view("screen"))
        lobby = tab.hub.create_game("quiz-round", [{"name": n} for n in TEAMS[:4]], seed=2,
                                    language="fr", night=night, teams=TeamRules(enabled=True))
        screens = {"night-over": over, "team-lobby": Screen("team-lobby", lobby.view("screen"))}
    assert len(over.screen["meta"]["night"]["standings"]["table"]) == 10  # type: ignore[index]
    return screens


def box(page: Any, selector: str) -> dict[str, float]:
    found: dict[str, float] = page.locator(selector).bounding_box()
    return found


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)])
def test_a_nights_lobby_and_podium_fit_above_ten_rows(live: LiveServer, browser: Any,
                                                      night_screens: dict[str, Screen],
                                                      size: tuple[int, int]) -> None:
    page = catalogue_page(browser, live.url + "/screen")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    found = []
    for name, screen in night_screens.items():
        show(page, screen, "projector")
        found += [f"{name}: {p}" for p in problems(page)]
        if name == "team-lobby":
            header, title = box(page, "header.bar"), box(page, "#lobby h1")
            note, board = box(page, "#lobby-note"), box(page, "#night-board")
            assert title["y"] >= header["y"] + header["height"], (title, header)
            assert note["y"] + note["height"] <= board["y"] + 1, (note, board)
        else:
            steps = box(page, "#podium-steps")
            assert steps["y"] + steps["height"] <= size[1] + 1, steps
    page.context.close()
    assert found == [], "\n".join(found)
