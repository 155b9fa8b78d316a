"""The host page on a phone (390x844 and 360x640), a host running the night from it: the
running game's commands are the first thing on the page (in the first screen, above the
new-game form and the night card), and neither the page nor its pack editor (a pack open,
a new question's form) scrolls sideways."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import Recorder, new_page, phone_seats
from tests.live import LiveServer

pytestmark = pytest.mark.browser

WIDER = """() => { const w = document.documentElement.clientWidth; const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.right > w + 1 && getComputedStyle(el).position !== 'fixed')
      out.push((el.id ? '#' + el.id : el.tagName) + ' ' + Math.round(r.right));
  }
  return { scroll: document.documentElement.scrollWidth, width: w, wider: out.slice(0, 8) }; }"""


def no_sideways(page: Any) -> None:
    found = page.evaluate(WIDER)
    assert found["scroll"] <= found["width"] and found["wider"] == [], found


@pytest.mark.parametrize("size", [{"width": 390, "height": 844}, {"width": 360, "height": 640}])
def test_a_host_on_a_phone_has_the_games_commands_first_and_nothing_sideways(
        live: LiveServer, browser: Any, size: dict[str, int], tmp_path: Path) -> None:
    recorder = Recorder()
    host = new_page(browser, recorder, f"{live.url}/host#key={live.key}", size)
    host.wait_for_selector("#c-kind option[value='buzzer']", state="attached")
    host.fill("#n-name", "Soirée du jeudi")
    host.click("#n-open")
    host.wait_for_selector("#n-end:not([hidden])")
    host.select_option("#c-kind", "quiz-round")
    phone_seats(host, ["Les Ours", "Les Loups"])
    no_sideways(host)
    host.click("#c-create")
    host.wait_for_selector("#commands [data-cmd='start']")
    host.evaluate("window.scrollTo(0, 0)")
    start = host.locator("#commands [data-cmd='start']").bounding_box()
    assert start is not None and start["y"] + start["height"] <= size["height"], start
    form = host.locator("#create").bounding_box()
    assert form is not None and form["y"] > start["y"]
    no_sideways(host)
    host.screenshot(path=str(tmp_path / "host-phone.png"))

    host.click("#editor > summary")
    host.wait_for_selector("#e-packs tr[data-pack='synthetic-fr']")
    no_sideways(host)
    host.fill("#np-title", f"Pack {size['width']}")
    host.click("#np-create")
    host.wait_for_selector("#e-pack[data-editable='1']")
    host.click("#e-new")
    host.wait_for_selector("#e-form:not([hidden])")
    no_sideways(host)
    assert recorder.errors == []
