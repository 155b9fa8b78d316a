"""The pack editor's several right answers in Debian's Chromium (French page): "Several right
answers" shows a "right" tick box beside each option and hides the answer field; every option
ticked is refused beside the options with the loader's French reason and nothing is written;
two ticked save `answer: [..]`, the list shows "A + B", and the question opens again with its
boxes ticked. Screenshot: the host page 1366x768 (the test's tmp folder, or $TOURELLE_SHOTS)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from host.quiz.packs import load_pack
from tests.browser.driver import Recorder
from tests.browser.test_editor_browser import api, error_beside, open_editor
from tests.live import LiveServer

pytestmark = pytest.mark.browser

OPTIONS = ("Danube", "Dniepr", "Rhin", "Tamise")


def test_a_host_ticks_several_right_options_and_every_one_is_refused(
        live: LiveServer, browser: Any, tmp_path: Path) -> None:
    shots = Path(os.environ.get("TOURELLE_SHOTS", tmp_path)) / "editor"
    shots.mkdir(parents=True, exist_ok=True)
    api(live, "POST", "/api/packs", {"title": "Fleuves", "language": "fr"})
    path = live.data / "packs" / "fleuves.yaml"
    recorder = Recorder()
    host = open_editor(browser, recorder, live)
    host.set_viewport_size({"width": 1366, "height": 768})
    host.click("[data-open='fleuves']")
    host.click("#e-new")
    host.select_option("#f-kind", "choice")
    host.select_option("#f-category", "geography")
    host.fill("#f-prompt", "Lesquels de ces fleuves se jettent dans la mer Noire ?")
    for number, text in enumerate(OPTIONS, start=1):
        host.fill(f"#f-option-{number}", text)
    host.fill("#f-source", "Encyclopædia Universalis")
    assert host.is_hidden("[data-option-right='1']")
    host.check("#f-several")
    assert host.is_hidden("#f-row-answer") and host.is_visible("[data-option-right='1']")
    for number in range(1, 5):  # every option right: refused beside the options
        host.check(f"[data-option-right='{number}']")
    host.wait_for_function(
        "document.querySelector('#f-several-error').textContent.includes('au moins une doit "
        "être fausse')")
    before = path.read_bytes()
    host.click("#f-save")
    host.wait_for_function("document.querySelector('#f-msg').textContent.startsWith('Refusé')")
    assert path.read_bytes() == before  # nothing written
    host.screenshot(path=str(shots / "host-1366x768-several-refused.png"))
    host.uncheck("[data-option-right='3']")
    host.uncheck("[data-option-right='4']")
    host.wait_for_selector("#e-form[data-valid='1']")
    assert error_beside(host, "options") == ""
    host.screenshot(path=str(shots / "host-1366x768-several.png"))
    host.click("#f-save")
    host.wait_for_selector("#e-questions tr[data-question='fr-fleuves-001']")
    assert "Danube + Dniepr" in host.inner_text("#e-questions tr[data-question='fr-fleuves-001']")
    (saved,) = load_pack(path).questions
    assert saved.several and saved.answer == ("Danube", "Dniepr")
    host.click("[data-edit='fr-fleuves-001']")  # opens again with its boxes ticked
    host.wait_for_selector("#e-form[data-valid='1']")
    assert host.is_checked("#f-several") and host.is_hidden("#f-row-answer")
    assert [host.is_checked(f"[data-option-right='{n}']") for n in range(1, 5)] == [
        True, True, False, False]
    assert recorder.errors == [] or all("status of 400" in e for e in recorder.errors)
