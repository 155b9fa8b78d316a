"""A kahoot saved as JSON through the host page's import: sniffed by its keys (its slides
have a `type` and `choices`) or chosen as Kahoot, never taken for a zip, a pack or an Open
Trivia DB answer; a .json chosen as Kahoot that is none is refused and writes nothing."""

from __future__ import annotations

import json

import pytest
import yaml

from host.routes.pack_files import guess_format
from tests.questions.test_kahoot_json import QUESTIONS
from tests.routes.test_packs_api import Host, refused_and_nothing_written, upload

KAHOOT = {"title": "Friday", "questions": QUESTIONS}


@pytest.mark.parametrize(("document", "fmt"), [
    (KAHOOT, "kahoot"),
    ({"kahoot": {"questions": QUESTIONS[3:5]}}, "kahoot"),
    ({"pack": "p", "language": "fr", "questions": [{"kind": "choice", "options": ["a", "b"]}]},
     "pack"),
    ({"response_code": 0, "results": []}, "opentdb"),
    ({"questions": [{"type": "quiz"}]}, "pack"),  # no choices: not a kahoot's slide
])
def test_a_json_file_is_told_by_its_keys(document: object, fmt: str) -> None:
    assert guess_format("upload.json", json.dumps(document).encode()) == fmt


@pytest.mark.parametrize(("chosen", "language", "title"), [
    ("", "en", "Imported from friday-kahoot.json"),
    ("kahoot", "fr", "Importé de friday-kahoot.json"),  # a French pack's title is French
])
def test_a_kahoot_json_becomes_a_pack_with_its_ordering_question(
        host: Host, chosen: str, language: str, title: str) -> None:
    form = {"language": language, "category": "science"} | ({"format": chosen} if chosen else {})
    sent = upload(host, "/api/packs/import", "friday-kahoot.json",
                  json.dumps(KAHOOT).encode(), **form)
    body = sent.get_json()
    assert sent.status_code == 201, body
    assert body["pack"]["id"] == "friday-kahoot" and body["imported"] == 4
    assert body["pack"]["title"] == title
    assert body["pack"]["kind"] == {"choice": 2, "order": 1, "text": 1}
    assert any("'survey' slide" in w for w in body["warnings"])
    written = yaml.safe_load((host.packs_dir / "friday-kahoot.yaml").read_text("utf-8"))
    planets = written["questions"][3]
    assert (planets["kind"], planets["answer"]) == ("order", ["Mercury", "Venus", "Earth", "Mars"])
    assert f"{language}-friday-kahoot-004" in host.hub.bank


def test_a_json_chosen_as_kahoot_that_is_none_is_refused(host: Host) -> None:
    before = host.files()
    for data, words in ((b'{"hello": "world"}', "no 'questions' list"), (b"{oops", "not JSON")):
        answer = upload(host, "/api/packs/import", "notes.json", data, language="en",
                        category="science", format="kahoot")
        refused_and_nothing_written(host, answer, 400, words)
        assert "zip" not in answer.get_json()["reason"]
        assert host.files() == before
