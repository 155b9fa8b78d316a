"""The pack editor at 1366x768, in French: "Créer le pack" brings the new pack into view
(it opened about 3,300 px above, out of sight); a new question's fields say what is wrong
once the host has been in them, not all at once from the first keystroke, and an error
clears when its field is put right; a save tried shows every field's error, in French
words (no "pas a string", no "'' n'est pas l'une de geography…")."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.driver import Recorder, new_page
from tests.live import LiveServer

pytestmark = pytest.mark.browser


def error_of(host: Any, field: str) -> str:
    return str(host.text_content(f"#e-form [data-error-for='{field}']") or "")


def test_a_new_pack_opens_in_view_and_a_new_question_says_errors_field_by_field(
        live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    host = new_page(browser, recorder, f"{live.url}/host#key={live.key}",
                    {"width": 1366, "height": 768})
    host.click("#editor > summary")
    host.wait_for_selector("#e-packs tr[data-pack='synthetic-fr']")
    host.fill("#np-title", "Quiz du vendredi")
    host.click("#np-create")
    host.wait_for_selector("#e-pack[data-pack='quiz-du-vendredi'][data-editable='1']")
    host.wait_for_function("(() => { const r = document.querySelector('#e-pack')"
                           ".getBoundingClientRect();"
                           " return r.top >= -2 && r.top < innerHeight; })()")

    host.click("#e-new")
    host.select_option("#f-kind", "numeric")
    host.fill("#f-prompt", "Combien de pattes a une araignée ?")
    host.wait_for_selector("#e-form[data-valid='0']")  # checked: category, answer, source lack
    assert error_of(host, "category") == "" and error_of(host, "source") == ""
    host.fill("#f-source", " ")
    host.wait_for_function("document.querySelector(\"#e-form [data-error-for='source']\")"
                           ".textContent !== ''")
    assert error_of(host, "source") == "ne doit pas être vide"
    host.fill("#f-source", "Le manuel de biologie")
    host.wait_for_function("document.querySelector(\"#e-form [data-error-for='source']\")"
                           ".textContent === ''")
    host.click("#f-save")
    host.wait_for_function("document.querySelector(\"#e-form [data-error-for='category']\")"
                           ".textContent !== ''")
    words = " | ".join(host.eval_on_selector_all(
        "#e-form .field-error, #f-msg", "(all) => all.map((e) => e.textContent)"))
    assert "a string" not in words and "''" not in words and "geography" not in words, words
    assert error_of(host, "category") == "à choisir dans la liste"
    assert [e for e in recorder.errors if "status of 400" not in e] == []
