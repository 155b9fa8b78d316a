"""What a night still showed between its seams (issue 42, item 18), each measured in Chromium
on states from seeded games (tests/browser/screen_catalog.py) handed to the page's own render:
a reveal row's number kept apart from its mark, a name cut only when its row has no room, a
paused question still readable with the pause said plainly, and a projector that never
scrolls while a card slides in."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.browser.layout import catalogue_page, problems, show
from tests.browser.screen_catalog import Screen, catalog
from tests.live import LiveServer

pytestmark = pytest.mark.browser

PROJECTOR_SIZES = [(1920, 1080), (1280, 720)]


@pytest.fixture(scope="module")
def screens() -> dict[str, Screen]:
    return catalog()


def big_numbers(screen: Screen) -> Screen:
    """The four-row numeric reveal with answers in the thousands ("12 000", "13 140"): the
    widest a French number gets in a row, with its narrow no-break space."""
    state = copy.deepcopy(screen.screen)
    assert state is not None
    question = state["view"]["question"]
    question["content"] = {**question["content"], "answer": 13000, "unit": None}
    for answer, value in zip(question["answers"], (13140, 12000, 140000, 9500)):
        answer["value"] = value
    return Screen(screen.name, state)


# For each reveal row: the right end of its answer's text and the left end of its mark's, and
# the row's font size (a Range measures the text itself, overflowing its box or not).
ROW_GAPS = """() => [...document.querySelectorAll('#q-result .reveal-row')].map((row) => {
  const text = (el) => { const r = document.createRange(); r.selectNodeContents(el);
    return r.getBoundingClientRect(); };
  const val = text(row.querySelector('.val')), mark = text(row.querySelector('.mark'));
  return { val: row.querySelector('.val').textContent, mark: row.querySelector('.mark').textContent,
    gap: mark.left - val.right, em: parseFloat(getComputedStyle(row).fontSize) };
})"""


@pytest.mark.parametrize("size", PROJECTOR_SIZES)
def test_a_reveal_rows_number_stays_apart_from_its_mark(live: LiveServer, browser: Any,
                                                        screens: dict[str, Screen],
                                                        size: tuple[int, int]) -> None:
    """"12 0004ᵉ plus proche" at 1280x720: the answer ran into its mark. At least a quarter
    of an em between them, on every row, and the reveal still fits."""
    page = catalogue_page(browser, live.url + "/screen")
    page.set_viewport_size({"width": size[0], "height": size[1]})
    show(page, big_numbers(screens["reveal-numeric-4"]), "projector")
    rows = page.evaluate(ROW_GAPS)
    assert len(rows) == 4
    close = [row for row in rows if row["gap"] < 0.25 * row["em"]]
    assert close == [], close
    assert problems(page) == []
    page.context.close()
