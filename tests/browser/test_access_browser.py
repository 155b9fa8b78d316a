"""Playable by everyone, in Debian's Chromium: contrast and tap targets over the layout
catalogue (issue 49, point 10).

Every screen of tests/browser/screen_catalog.py is drawn by the page's own `render` (as in
test_layout.py: one server, one page per audience, the screens handed in turn) at each of its
sizes in French and at the tighter one in English, and measured by tests/browser/access.js:
- every visible text at least 4.5:1 against the background it is drawn on (WCAG 2's formula,
  whatever the text's size; a disabled control's text is exempt, as in WCAG);
- on the phones at 360x640, every control a finger uses at least 44x44 CSS px, or inside an
  element naming its alternative (`data-tap-alt`; none needed today). The territory map's
  regions are SVG shapes, not measured here (issue 49, point 7).
The host page's form is measured for contrast too.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from host.quiz.packs import bundled_packs_dir
from tests.browser.access import in_language, low_contrast, small_targets
from tests.browser.driver import Recorder, new_page
from tests.browser.layout import SIZES, catalogue_page, show
from tests.browser.screen_catalog import Screen, catalog
from tests.live import LiveServer

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def screens() -> dict[str, Screen]:
    return catalog()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    root = tmp_path_factory.mktemp("access")
    live = LiveServer(data=root / "data", packs=bundled_packs_dir()).start()
    yield live
    live.stop()


def measure(page: Any, screens: dict[str, Screen], audience: str) -> tuple[list[str], int]:
    """The problems on every screen at every size in both languages, and how many screens
    were drawn."""
    found: list[str] = []
    drawn = 0
    for language in ("fr", "en"):
        # English at the tighter size only: the colours are the pages', the words the language's.
        for width, height in SIZES[audience] if language == "fr" else SIZES[audience][-1:]:
            page.set_viewport_size({"width": width, "height": height})
            for name, screen in screens.items():
                if audience == "phone" and screen.phone is None:
                    continue
                show(page, in_language(screen, language), audience)
                drawn += 1
                where = f"{audience} {name} {width}x{height} {language}"
                found += [f"{where}: contrast {p}" for p in low_contrast(page)]
                if audience == "phone" and width == 360:
                    found += [f"{where}: tap target {p}" for p in small_targets(page)]
    return found, drawn


@pytest.mark.parametrize("audience,path", [("projector", "/screen"), ("phone", "/")])
def test_every_screen_reads_at_4_5_to_1_and_every_phone_control_takes_a_finger(
        server: LiveServer, browser: Any, screens: dict[str, Screen], audience: str,
        path: str) -> None:
    recorder = Recorder()
    page = catalogue_page(browser, server.url + path, recorder)
    found, drawn = measure(page, screens, audience)
    page.context.close()
    assert drawn >= 60
    assert found == [], "\n".join(found)
    assert recorder.errors == []


def test_the_host_form_reads_at_4_5_to_1(server: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    for locale in ("fr-FR", "en-GB"):
        host = new_page(browser, recorder, f"{server.url}/host#key={server.key}",
                        {"width": 1366, "height": 768}, locale=locale)
        host.wait_for_selector("#c-kind option[value='territory']", state="attached")
        found = low_contrast(host)
        host.context.close()
        assert found == [], "\n".join(found)
    assert recorder.errors == []
