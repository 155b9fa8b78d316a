"""The card fills mid-game: the host page and the projector (Debian's Chromium) say so.

A real server on a 600 KB tmpfs data folder runs a bot game; the folder is filled:
both pages show the storage notice (French, the game's language; the English text
exists too); the host page's Resume is offered. Space is freed: the projector's
notice goes, the host page keeps a low-space warning (600 KB is little), and the
game moves on.
"""

from __future__ import annotations

import re

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.driver import PROJECTOR, Recorder, new_page
from tests.live import Peer
from tests.storage.helpers import TinyServer, fill, tiny_fs, tiny_server

pytestmark = pytest.mark.browser


@pytest.fixture
def server(tmp_path: Path, packs: Path) -> Iterator[TinyServer]:
    with tiny_fs(tmp_path / "card", "600k") as card:
        live = tiny_server(card, packs, tmp_path).start()
        try:
            yield live
        finally:
            live.stop()


def test_a_full_card_is_shown_on_the_host_page_and_projector(server: TinyServer,
                                                             browser: Any) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    created = host.call("create", {"kind": "territory", "map": "generated:12:4", "seed": 3,
                                   "pace": 0.2, "seats": [{"bot": 2}, {"bot": 3}, {"bot": 4}],
                                   "language": "fr", "start": True})
    assert created["ok"], created
    game_id = created["game"]
    host.call("watch", {"game": game_id})
    host.wait_for(lambda s: s["meta"]["seq"] >= 5)

    recorder = Recorder()
    screen = new_page(browser, recorder, server.url + "/screen", PROJECTOR)
    page = new_page(browser, recorder, f"{server.url}/host#key={server.key}",
                    {"width": 1280, "height": 900})
    page.click(f"#games li[data-game='{game_id}'] button")
    page.wait_for_selector("#live:not([hidden])")
    screen.wait_for_function("document.body.dataset.status === 'running'")

    filler = fill(server.data)
    for shown in (screen, page):
        note = shown.wait_for_selector("#storage-notice[data-storage='full']:not([hidden])",
                                       timeout=20000)
        text = note.inner_text()
        assert "La carte est pleine" in text and "rien n’est perdu" in text, text
    assert page.is_enabled("[data-cmd='resume']")
    english = page.evaluate("STRINGS.en.storage_full")  # the page stays French
    assert english == "The card is full: nothing is lost. Free space, then resume."
    seq = host.wait_for(lambda s: s["meta"]["storage"] == "full")["meta"]["seq"]

    filler.unlink()
    host.wait_for(lambda s: s["meta"]["storage"] is None and s["meta"]["seq"] > seq, timeout=20)
    screen.wait_for_selector("#storage-notice[hidden]", state="attached", timeout=10000)
    low = page.wait_for_selector("#storage-notice[data-storage='low']:not([hidden])",
                                 timeout=10000)
    assert "Mo libres" in low.inner_text()
    assert not re.search(r"\d\.\d", low.inner_text()), low.inner_text()  # "12,5 Mo" in French
    assert not recorder.errors, recorder.errors
    host.close()
