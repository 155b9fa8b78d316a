"""The host page's question pack editor in Debian's Chromium, against a real server.

A host writes a choice question and a picture question in a new pack; the pack
lands in the data folder as YAML; a bot game on that pack alone draws both, and
the projector shows them (the picture loaded from the host). An invalid edit is
refused with its reason beside the field and writes nothing. An uploaded Kahoot
sheet appears as a pack; a file that is not a pack, or a picture that is not a
picture, is refused with its reason.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
import yaml

from host.quiz.packs import load_pack
from host.routes.packs import KEY_HEADER
from tests.browser.driver import PROJECTOR, Recorder, local_only, new_page
from tests.live import LiveServer
from tests.routes.test_packs_api import KAHOOT_ROWS, choice, kahoot_xlsx

pytestmark = pytest.mark.browser

HOST_VIEW = {"width": 1400, "height": 1000}
CHOICE_PROMPT = "Quel roi a fait bâtir le château de Versailles ?"
PICTURE_PROMPT = "Combien de tours compte ce château ?"
CASTLE_SVG = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 30">'
              b'<rect x="2" y="10" width="36" height="20" fill="#888"/>'
              + b"".join(b'<rect x="%d" y="2" width="6" height="10" fill="#666"/>' % x
                         for x in (2, 12, 22, 32)) + b"</svg>")
SETTINGS = {"numeric_seconds": "4", "choice_seconds": "4", "pick_seconds": "2",
            "reveal_seconds": "2"}


def api(live: LiveServer, method: str, path: str, body: Any = None) -> Any:
    """The editor's API with the host key, as the page calls it."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(live.url + path, data=data, method=method, headers={
        KEY_HEADER: live.key, "Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def open_editor(browser: Any, recorder: Recorder, live: LiveServer) -> Any:
    host = new_page(browser, recorder, f"{live.url}/host#key={live.key}", HOST_VIEW)
    host.click("#editor > summary")
    host.wait_for_selector("#e-packs tr[data-pack='synthetic-fr']")
    return host


def fill_question(host: Any, kind: str, prompt: str, answer: str, source: str,
                  options: tuple[str, ...] = (), category: str = "history") -> None:
    host.select_option("#f-kind", kind)
    host.select_option("#f-category", category)
    host.fill("#f-difficulty", "2")
    host.fill("#f-prompt", prompt)
    for number, text in enumerate(options, start=1):
        host.fill(f"#f-option-{number}", text)
    host.fill("#f-answer", answer)
    host.fill("#f-source", source)


def page_errors(recorder: Recorder) -> list[str]:
    """The pages' errors, less Chromium's console line for each refusal the test asked for
    ("Failed to load resource: ... status of 400")."""
    return [e for e in recorder.errors
            if not ("Failed to load resource" in e and ("status of 400" in e
                                                         or "status of 413" in e))]


def error_beside(host: Any, field: str) -> str:
    """The words beside a field: every slot of it (an answer has one under the answer field,
    one under an ordering question's items and one under a choice's several right options:
    the shown one says it)."""
    slots = host.query_selector_all(f"#e-form [data-error-for='{field}']")
    return " ".join(text for slot in slots if (text := str(slot.text_content() or "")))


def test_host_writes_a_choice_and_a_picture_question_a_game_draws_them_onto_the_projector(
        live: LiveServer, browser: Any) -> None:
    recorder = Recorder()
    host = open_editor(browser, recorder, live)
    host.fill("#np-title", "Quiz du jeudi")
    assert host.input_value("#np-id") == "quiz-du-jeudi"
    host.select_option("#np-language", "fr")
    host.click("#np-create")
    host.wait_for_selector("#e-pack[data-pack='quiz-du-jeudi'][data-editable='1']")

    host.click("#e-new")
    fill_question(host, "choice", CHOICE_PROMPT, "Louis XIV", "Château de Versailles",
                  ("Louis XIV", "Louis XIII", "Henri IV", "François Ier"))
    host.wait_for_selector("#e-form[data-valid='1']")  # the live check passed
    host.click("#f-save")
    host.wait_for_selector("#e-questions tr[data-question='fr-quiz-du-jeudi-001']")

    host.click("#e-new")
    fill_question(host, "numeric", PICTURE_PROMPT, "4", "La photo du château",
                  category="geography")
    host.set_input_files("#f-image-file", files=[
        {"name": "chateau.svg", "mimeType": "image/svg+xml", "buffer": CASTLE_SVG}])
    host.wait_for_function(
        "document.querySelector('#f-image-name').textContent.startsWith('quiz-du-jeudi.')")
    host.wait_for_selector("#f-image-preview:not([hidden])")
    host.wait_for_selector("#e-form[data-valid='1']")
    host.click("#f-save")
    host.wait_for_selector("#e-questions tr[data-question='fr-quiz-du-jeudi-002']")

    pack = load_pack(live.data / "packs" / "quiz-du-jeudi.yaml")
    assert pack.problems == []
    assert [(q.id, q.kind) for q in pack.questions] == [
        ("fr-quiz-du-jeudi-001", "choice"), ("fr-quiz-du-jeudi-002", "numeric")]
    picture = pack.questions[1].image
    assert picture is not None and Path(picture).read_bytes() == CASTLE_SVG

    # The new-game form: this pack only, two bots, short timers.
    host.wait_for_function(  # both questions counted, neither asked by a past game
        "(document.querySelector(\"[data-pack-not-asked='quiz-du-jeudi']\") || {}).textContent"
        " === '(2 sur 2 jamais posées)'")
    for other in host.locator("#q-packs input[data-pack]").all():
        if other.get_attribute("value") != "quiz-du-jeudi":
            other.uncheck()
    host.select_option("#c-map", "generated:12:1")
    host.fill("#c-pace", "0.5")
    for key, value in SETTINGS.items():
        host.fill(f"#s-{key}", value)
    for seat in range(4):
        host.select_option(f"#seat-kind-{seat}", "bot3" if seat < 2 else "none")
    screen = new_page(browser, recorder, live.url + "/screen", PROJECTOR)
    host.click("#c-create-start")
    host.wait_for_selector("#live:not([hidden])", timeout=15_000)
    assert (host.text_content("#create-msg") or "") == ""

    # The first question of the expansion is numeric: the pack's only one, with its picture.
    shown = screen.wait_for_function(
        """(prompt) => {
          const text = document.querySelector('#q-prompt');
          const img = document.querySelector('#q-picture img.q-image');
          const said = text && text.textContent.replace(/\u00a0/g, ' ');
          if (said !== prompt || !img || !img.complete || !img.naturalWidth) {
            return null;
          }
          return img.getAttribute('src');
        }""", arg=PICTURE_PROMPT, polling="raf", timeout=60_000).json_value()
    assert shown.startswith("/media/questions/fr-quiz-du-jeudi-002")
    # The first duel asks a choice question: the pack's only one.
    options = screen.wait_for_function(
        """(prompt) => {
          const text = document.querySelector('#q-prompt');
          if (!text || text.textContent.replace(/\u00a0/g, ' ') !== prompt) return null;
          return [...document.querySelectorAll('#q-options li')].map((li) => li.textContent);
        }""", arg=CHOICE_PROMPT, polling="raf", timeout=120_000).json_value()
    assert sorted(o[1:] for o in options) == sorted(
        ["François Ier", "Henri IV", "Louis XIII", "Louis XIV"])
    host.click("[data-cmd='end']")
    host.click("#confirm-yes")  # the host confirms (host.js `ask`)
    # The game over, the question memory has both: the host page says none is left unasked.
    host.wait_for_function(
        "(document.querySelector(\"[data-not-asked='quiz-du-jeudi']\") || {}).textContent"
        " === '0 sur 2 jamais posées'")
    assert any("/media/questions/fr-quiz-du-jeudi-002" in u for u in recorder.urls)

    # The pack moves with its picture (as to another host): its .zip downloaded from the list,
    # the pack deleted, the .zip imported through the page; the picture is served again.
    with host.expect_download() as download:
        host.click("[data-download-bundle='quiz-du-jeudi']")
    bundle = Path(download.value.path()).read_bytes()
    host.once("dialog", lambda dialog: dialog.accept())
    host.click("[data-delete-pack='quiz-du-jeudi']")
    host.wait_for_selector("#e-packs tr[data-pack='quiz-du-jeudi']", state="detached")
    assert not (live.data / "packs" / "quiz-du-jeudi.yaml").exists()
    host.set_input_files("#im-file", files=[{"name": "quiz-du-jeudi.zip",
                                             "mimeType": "application/zip", "buffer": bundle}])
    host.click("#im-go")
    host.wait_for_selector("#e-packs tr[data-pack='quiz-du-jeudi'] [data-download-bundle]")
    assert "2 questions" in (host.text_content("#im-msg") or "")
    with urllib.request.urlopen(live.url + "/media/questions/fr-quiz-du-jeudi-002") as served:
        assert served.read() == CASTLE_SVG
    assert local_only(recorder.urls) == []
    assert recorder.errors == []
    host.context.close()
    screen.context.close()


def test_an_invalid_edit_is_refused_with_the_reason_beside_the_field(live: LiveServer,
                                                                     browser: Any) -> None:
    api(live, "POST", "/api/packs", {"title": "Retouches", "language": "fr"})
    qid = api(live, "POST", "/api/packs/retouches/questions",
              {"question": choice()})["question"]["id"]
    path = live.data / "packs" / "retouches.yaml"
    before = path.read_bytes()
    recorder = Recorder()
    host = open_editor(browser, recorder, live)
    host.click("[data-open='retouches']")
    host.click(f"[data-edit='{qid}']")
    host.wait_for_selector("#e-form[data-valid='1']")
    host.fill("#f-answer", "Napoléon")
    host.wait_for_function(
        "document.querySelector(\"#f-row-answer [data-error-for='answer']\").textContent"
        ".includes('n’est pas l’une des options')")
    assert host.get_attribute("#f-answer", "aria-invalid") == "true"
    assert error_beside(host, "prompt") == "" and error_beside(host, "options") == ""
    host.fill("#f-difficulty", "9")
    host.wait_for_function(
        "document.querySelector(\"#e-form [data-error-for='difficulty']\").textContent"
        ".includes('entre 1 et 5')")
    host.click("#f-save")
    host.wait_for_function("document.querySelector('#f-msg').textContent.startsWith('Refusé')")
    assert "n’est pas l’une des options" in error_beside(host, "answer")
    assert path.read_bytes() == before  # nothing written

    host.fill("#f-answer", "Louis XIII")
    host.fill("#f-difficulty", "4")
    host.wait_for_selector("#e-form[data-valid='1']")
    assert error_beside(host, "answer") == "" and error_beside(host, "difficulty") == ""
    host.click("#f-save")
    host.wait_for_selector(f"#e-saved[data-saved='{qid}']")
    saved = load_pack(path).questions[0]
    assert (saved.answer, saved.difficulty) == ("Louis XIII", 4)
    assert page_errors(recorder) == []
    host.context.close()


def test_an_uploaded_kahoot_sheet_appears_as_a_pack_and_bad_files_are_refused(
        live: LiveServer, browser: Any) -> None:
    folder = live.data / "packs"
    recorder = Recorder()
    host = open_editor(browser, recorder, live)
    before = sorted(p.name for p in folder.iterdir())
    host.set_input_files("#im-file", files=[{"name": "notes.xlsx", "mimeType": "text/plain",
                                             "buffer": b"not a spreadsheet"}])
    host.select_option("#im-category", "history")
    host.click("#im-go")
    host.wait_for_selector("#im-msg.error")
    message = host.text_content("#im-msg") or ""
    assert message.startswith("Refusé") and "pas un fichier .xlsx" in message, message
    assert sorted(p.name for p in folder.iterdir()) == before

    host.set_input_files("#im-file", files=[{
        "name": "friday-kahoot.xlsx",
        "mimeType": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "buffer": kahoot_xlsx(KAHOOT_ROWS)}])
    host.select_option("#im-language", "fr")
    host.select_option("#im-category", "history")
    host.click("#im-go")
    host.wait_for_selector("#e-packs tr[data-pack='friday-kahoot']")
    assert "2 questions" in (host.text_content("#im-msg") or "")
    assert [q.id for q in load_pack(folder / "friday-kahoot.yaml").questions] == [
        "fr-friday-kahoot-001", "fr-friday-kahoot-002"]
    host.wait_for_selector("#q-packs input[data-pack='friday-kahoot']")  # the game form offers it

    # A picture that is not a picture: refused beside the field, nothing written.
    host.click("[data-open='friday-kahoot']")
    host.click("[data-edit='fr-friday-kahoot-001']")
    written = sorted(p.name for p in folder.iterdir())
    host.set_input_files("#f-image-file", files=[{"name": "chat.png", "mimeType": "image/png",
                                                  "buffer": b"this is text"}])
    refused = ("document.querySelector(\"#e-form [data-error-for='image']\").textContent"
               ".includes('pas une image')")
    host.wait_for_function(refused)
    # The form's live check, which redraws every field's findings, keeps it said.
    host.locator("#f-prompt").press_sequentially(" ")
    host.wait_for_function("document.querySelector('#e-form').dataset.valid !== ''")
    assert host.evaluate(refused)
    assert sorted(p.name for p in folder.iterdir()) == written
    assert page_errors(recorder) == []
    assert local_only(recorder.urls) == []
    host.context.close()


def test_a_gift_file_with_no_category_makes_the_page_ask_for_one_in_its_words(
        live: LiveServer, browser: Any) -> None:
    gift = "::q1:: Combien de pattes a une araignée ? {#8}\n\n::q2:: Paris est en France. {T}\n"
    recorder = Recorder()
    host = open_editor(browser, recorder, live)
    host.set_input_files("#im-file", files=[{"name": "soiree.gift", "mimeType": "text/plain",
                                             "buffer": gift.encode()}])
    host.select_option("#im-language", "fr")
    host.select_option("#im-category", "")  # "(celle du fichier)": GIFT gives none
    host.click("#im-go")
    host.wait_for_selector("#im-msg.error")
    message = host.text_content("#im-msg") or ""
    assert "choisissez-en une dans « Catégorie »" in message, message
    assert "--category" not in (host.text_content("#editor") or "")
    assert host.get_attribute("#im-category", "aria-invalid") == "true"
    assert host.evaluate("document.activeElement.id") == "im-category"
    host.select_option("#im-category", "nature")  # answered: the same file now imports
    host.click("#im-go")
    host.wait_for_selector("#e-packs tr[data-pack='soiree']")
    assert "2 questions" in (host.text_content("#im-msg") or "")
    assert host.get_attribute("#im-category", "aria-invalid") == "false"
    assert page_errors(recorder) == []
    host.context.close()


def test_a_new_question_has_no_category_until_the_host_chooses_one(
        live: LiveServer, browser: Any) -> None:
    """It defaulted silently to the first category (Géographie): now the menu says to choose,
    the live check counts the form invalid until one is chosen, and a save tried says so
    beside the field."""
    recorder = Recorder()
    host = open_editor(browser, recorder, live)
    host.fill("#np-title", "Sans catégorie")
    host.click("#np-create")
    host.wait_for_selector("#e-pack[data-pack='sans-categorie'][data-editable='1']")
    host.click("#e-new")
    assert host.input_value("#f-category") == ""
    assert host.locator("#f-category option:checked").inner_text() == "— choisissez une catégorie —"
    host.select_option("#f-kind", "numeric")
    host.fill("#f-difficulty", "2")
    host.fill("#f-prompt", "Combien de pattes a une araignée ?")
    host.fill("#f-answer", "8")
    host.fill("#f-source", "Le manuel de biologie")
    host.wait_for_selector("#e-form[data-valid='0']")
    assert error_beside(host, "category") == ""  # not reached yet: no error shown (issue 42)
    host.click("#f-save")  # a save tried: the field says it lacks
    host.wait_for_function("document.querySelector(\"#e-form [data-error-for='category']\")"
                           ".textContent !== ''")
    host.select_option("#f-category", "nature")
    host.wait_for_selector("#e-form[data-valid='1']")
    assert page_errors(recorder) == []


def test_the_editor_writes_a_typed_answer_question(live: LiveServer, browser: Any,
                                                   tmp_path: Path) -> None:
    """The `text` kind: no options, the other accepted answers one a line and a typo
    threshold; a duplicate variant is refused beside its field, then the question saved."""
    pack = api(live, "POST", "/api/packs", {"title": "Tapées", "language": "fr"})["pack"]["id"]
    recorder = Recorder()
    host = open_editor(browser, recorder, live)
    host.click(f"[data-open='{pack}']")
    host.click("#e-new")
    fill_question(host, "text", "Quelle est la capitale de l’Autriche ?", "Vienne", "atlas",
                  category="geography")
    assert host.locator("#f-row-options").is_hidden() and host.locator("#f-row-unit").is_hidden()
    host.fill("#f-accept", "Wien\nwien !")
    host.wait_for_function(
        "document.querySelector(\"#e-form [data-error-for='accept']\").textContent"
        ".includes('même réponse')")
    host.fill("#f-accept", "Wien\nVindobona")
    host.fill("#f-similarity", "90")
    host.wait_for_selector("#e-form[data-valid='1']")
    host.locator("#e-form").screenshot(path=str(tmp_path / "editor-text.png"))
    host.click("#f-save")
    host.wait_for_selector("#e-saved[data-saved]")
    saved = load_pack(live.data / "packs" / f"{pack}.yaml").questions[0]
    assert (saved.kind, saved.answer, saved.accept, saved.similarity) == (
        "text", "Vienne", ("Wien", "Vindobona"), 90)
    assert page_errors(recorder) == []


def test_the_editor_uploads_a_video_clip_and_says_a_refusal_in_french(
        live: LiveServer, browser: Any, tmp_path: Path) -> None:
    """The question form's sound-or-video field beside the picture's: a file that is not a
    video is refused beside the field in French and nothing is written; a WebM is stored
    beside the pack and saved as the question's `video` with its clip's start and end."""
    pack = api(live, "POST", "/api/packs", {"title": "Films", "language": "fr"})["pack"]["id"]
    folder = live.data / "packs"
    recorder = Recorder()
    host = open_editor(browser, recorder, live)
    host.click(f"[data-open='{pack}']")
    host.click("#e-new")
    fill_question(host, "text", "De quel film est cette scène ?", "Metropolis",
                  "domaine public", category="screen")
    written = sorted(p.name for p in folder.iterdir())
    host.set_input_files("#f-clip-file", files=[{"name": "scene.webm", "mimeType": "video/webm",
                                                 "buffer": b"<html>not a film</html>"}])
    host.wait_for_function(
        "document.querySelector(\"#e-form [data-error-for='audio']\").textContent"
        ".includes('scene.webm : pas une vidéo')")
    assert sorted(p.name for p in folder.iterdir()) == written
    film = (Path(__file__).resolve().parents[1] / "fixtures" / "tiny-clip.webm").read_bytes()
    host.set_input_files("#f-clip-file", files=[{"name": "scene.webm", "mimeType": "video/webm",
                                                 "buffer": film}])
    host.wait_for_function("document.querySelector('#f-clip-name').textContent"
                           ".startsWith('vidéo · films.')")
    host.fill("#f-clip-start", "2")
    host.fill("#f-clip-end", "1")  # an end before its start: said beside the clip's times
    host.wait_for_function(
        "document.querySelector(\"#e-form [data-error-for='clip']\").textContent"
        ".includes('début < fin')")
    host.fill("#f-clip-start", "0.5")
    host.fill("#f-clip-end", "9")  # past the 3 s file: the player says so, before saving
    host.click("#f-clip-play")
    host.wait_for_function("document.querySelector('#f-clip-play-error').textContent"
                           ".startsWith('Le fichier ne dure que 3 s')")
    host.fill("#f-clip-end", "2.5")
    host.wait_for_selector("#e-form[data-valid='1']")
    assert host.text_content("#f-clip-play") == "Regarder l’extrait"
    host.evaluate("""() => { const video = document.querySelector('#f-clip-video');
      window.clipStarts = [];
      video.addEventListener('playing', () => window.clipStarts.push(
        [video.currentTime, document.querySelector('#f-clip-play').textContent])); }""")
    host.click("#f-clip-play")  # played as the projector will: from 0.5 s, paused at 2.5 s
    host.wait_for_selector("#f-clip-video[data-state='ended']", state="attached", timeout=15_000)
    started_at, label = host.evaluate("window.clipStarts")[0]
    assert 0.5 <= started_at < 1.5 and label == "Arrêter", (started_at, label)
    stopped_at = host.evaluate("document.querySelector('#f-clip-video').currentTime")
    assert 2.5 <= stopped_at < 3.0, stopped_at
    assert host.text_content("#f-clip-play") == "Regarder l’extrait"
    assert host.is_visible("#f-clip-video") and host.text_content("#f-clip-play-error") == ""
    host.locator("#e-form").screenshot(path=str(tmp_path / "editor-clip.png"))
    host.click("#f-save")
    host.wait_for_selector("#e-saved[data-saved]")
    saved = load_pack(folder / f"{pack}.yaml").questions[0]
    assert saved.video is not None and saved.clip == (0.5, 2.5) and saved.audio is None
    assert Path(saved.video).read_bytes() == film
    assert page_errors(recorder) == []
    host.context.close()


def test_the_editor_writes_and_reopens_an_ordering_question(live: LiveServer, browser: Any,
                                                            tmp_path: Path) -> None:
    """The `order` kind: its items one a field in their right order; a repeated item is
    refused beside the list in French; ↓ swaps two items; the saved question lists its
    answer "A → B → C", reopens as an ordering question and is `answer: [...]` in the file."""
    pack = api(live, "POST", "/api/packs", {"title": "Dans l’ordre", "language": "fr"})
    pack_id = pack["pack"]["id"]
    recorder = Recorder()
    host = open_editor(browser, recorder, live)
    host.click(f"[data-open='{pack_id}']")
    host.click("#e-new")
    host.select_option("#f-kind", "order")
    host.select_option("#f-category", "geography")
    host.fill("#f-prompt", "Du plus long au plus court ?")
    host.fill("#f-source", "atlas")
    assert host.locator("#f-row-answer").is_hidden() and host.locator("#f-row-options").is_hidden()
    for number, item in enumerate(("Danube", "Loire", "danube !"), start=1):
        host.fill(f"#f-item-{number}", item)
    host.wait_for_function(
        "document.querySelector(\"#f-row-order [data-error-for='answer']\").textContent"
        ".includes('répète l’élément 1')")
    assert host.get_attribute("#f-item-1", "aria-invalid") == "true"
    host.fill("#f-item-3", "Rhin")
    host.click("#f-item-2 ~ [data-move='1']")  # Loire goes below Rhin
    host.wait_for_selector("#e-form[data-valid='1']")
    assert [host.input_value(f"#f-item-{n}") for n in (1, 2, 3)] == ["Danube", "Rhin", "Loire"]
    host.click("#f-save")
    host.wait_for_selector("#e-saved[data-saved]")
    qid = host.get_attribute("#e-saved", "data-saved")
    row = host.text_content(f"#e-questions tr[data-question='{qid}']") or ""
    assert "Réponse : Danube → Rhin → Loire" in row, row

    host.click(f"[data-edit='{qid}']")
    host.wait_for_selector("#e-form[data-valid='1']")
    assert host.input_value("#f-kind") == "order"
    items = [host.input_value(f"#f-item-{n}") for n in range(1, 5)]
    assert items == ["Danube", "Rhin", "Loire", ""]
    host.fill("#f-item-4", "Seine")
    host.wait_for_selector("#e-form[data-valid='1']")
    host.locator("#e-form").screenshot(path=str(tmp_path / "editor-order.png"))
    host.click("#f-save")
    host.wait_for_function(f"(document.querySelector('#e-questions tr[data-question=\"{qid}\"]')"
                           " || {}).textContent.includes('Loire → Seine')")
    written = yaml.safe_load((live.data / "packs" / f"{pack_id}.yaml").read_text())["questions"]
    assert [(q["id"], q["kind"], q["answer"]) for q in written] == [
        (qid, "order", ["Danube", "Rhin", "Loire", "Seine"])]
    assert "options" not in written[0]
    assert load_pack(live.data / "packs" / f"{pack_id}.yaml").problems == []
    assert page_errors(recorder) == []
    host.context.close()
