"""A page's tab title is in the page's language (issue 49, point 9): "Tourelle · écran" on
an English projector page was the last French word on it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.driver import HOST, PROJECTOR, Recorder, new_page
from tests.live import LiveServer

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("locale", "screen", "host"), [
    ("en-GB", "Tourelle · screen", "Tourelle · host"),
    ("fr-FR", "Tourelle · écran", "Tourelle · animateur"),
])
def test_tab_titles_in_the_page_language(live: LiveServer, browser: Any, locale: str,
                                         screen: str, host: str) -> None:
    recorder = Recorder()
    page = new_page(browser, recorder, live.url + "/screen", PROJECTOR, locale=locale)
    page.wait_for_function("(title) => document.title === title", arg=screen)
    page = new_page(browser, recorder, f"{live.url}/host#key={live.key}", HOST, locale=locale)
    page.wait_for_function("(title) => document.title === title", arg=host)
    assert recorder.errors == []
