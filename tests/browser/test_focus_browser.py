"""The host page by keyboard (issue 49, point 11): the focused control wears a visible ring
(3 px or more, the accent's colour, not the browser's 1 px default), from the first Tab on."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.driver import Recorder, host_page
from tests.live import LiveServer

pytestmark = pytest.mark.browser

RING = """() => {
  const node = document.activeElement;
  const style = getComputedStyle(node);
  return {tag: node.tagName, id: node.id, style: style.outlineStyle,
          width: parseFloat(style.outlineWidth), colour: style.outlineColor};
}"""


def test_the_focused_control_wears_a_visible_ring(live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    host = host_page(browser, recorder, live)
    seen = []
    for _ in range(6):  # the header's controls, then the form's
        host.keyboard.press("Tab")
        ring = host.evaluate(RING)
        seen.append(ring)
        assert ring["tag"] != "BODY", seen
        assert ring["style"] == "solid" and ring["width"] >= 3, ring
        assert ring["colour"] == "rgb(255, 204, 51)", ring  # --accent
    assert recorder.errors == []
