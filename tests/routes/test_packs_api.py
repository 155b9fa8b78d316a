"""The pack editor's HTTP API (host/routes/packs.py) through Flask's test client.

Packs made on the host page land in the data folder as YAML, checked as
`tourelle questions check` checks them; a saved question is drawn from the
next draw of a running game; bad input (not a pack, too big, not a picture)
is refused with its reason and writes nothing.
"""

from __future__ import annotations

import hashlib
import io
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from flask import Flask
from flask.testing import FlaskClient
from openpyxl import Workbook

from host.app import create_app
from host.config import HostConfig, host_key
from host.room.hub import Hub
from host.quiz.memory import QuestionMemory
from host.quiz.packs import bundled_packs_dir, load_pack
from host.routes.packs import KEY_HEADER, MAX_IMPORT_BYTES
from host.quiz.pictures import MAX_IMAGE_BYTES
from tests.synthetic import write_pack

PER_KIND = 20  # the synthetic pack: 20 numeric and 20 choice questions in French


@dataclass
class Host:
    app: Flask
    hub: Hub
    client: FlaskClient
    key: str
    data: Path

    @property
    def packs_dir(self) -> Path:
        return self.data / "packs"

    def call(self, method: str, url: str, key: str | None = "", **kwargs: Any) -> Any:
        headers = {KEY_HEADER: self.key if key == "" else key} if key is not None else {}
        return self.client.open(url, method=method, headers=headers, **kwargs)

    def files(self) -> dict[str, bytes]:
        """Every file of the data folder's packs/ with its bytes (to prove nothing changed)."""
        return {p.name: p.read_bytes() for p in sorted(self.packs_dir.iterdir())}


def start(tmp_path: Path, bundled: bool = False) -> Host:
    folder = tmp_path / "extra"
    folder.mkdir()
    write_pack(folder / "synthetic-fr.yaml", PER_KIND, "fr")
    data = tmp_path / "data"
    app, _socketio, hub = create_app(HostConfig(data_dir=data, packs=[folder],
                                                bundled_packs=bundled, resume=False))
    return Host(app, hub, app.test_client(), host_key(data), data)


def choice(**changes: Any) -> dict[str, Any]:
    question = {"category": "history", "difficulty": 2, "kind": "choice",
                "prompt": "Quel roi a fait bâtir Versailles ?",
                "options": ["Louis XIV", "Louis XIII", "Henri IV", "François Ier"],
                "answer": "Louis XIV", "source": "Château de Versailles, histoire"}
    return {**question, **changes}


def numeric(**changes: Any) -> dict[str, Any]:
    question = {"category": "geography", "difficulty": 3, "kind": "numeric",
                "prompt": "Combien de tours compte ce château ?", "answer": 4,
                "source": "photo du château"}
    return {**question, **changes}


def new_pack(host: Host, title: str = "Quiz du jeudi", language: str = "fr") -> str:
    answer = host.call("POST", "/api/packs", json={"title": title, "language": language})
    assert answer.status_code == 201, answer.get_json()
    pack_id: str = answer.get_json()["pack"]["id"]
    return pack_id


def tiny_png(width: int = 2, height: int = 2) -> bytes:
    """A real PNG (grey pixels), made here so no test file is needed."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return (struct.pack(">I", len(body)) + kind + body
                + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0,
                                                               0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def kahoot_xlsx(rows: list[list[Any]]) -> bytes:
    """A workbook laid out like Kahoot's quiz template: instructions, header, numbered rows."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Quiz template"])
    sheet.append(["Add questions, at least two answer alternatives, time limit and choose "
                  "correct answers."])
    sheet.append([])
    sheet.append([None, "Question - max 120 characters", "Answer 1 - max 75 characters",
                  "Answer 2 - max 75 characters", "Answer 3 - max 75 characters",
                  "Answer 4 - max 75 characters", "Time limit (sec)",
                  "Correct answer(s) - choose at least one"])
    for number, row in enumerate(rows, start=1):
        sheet.append([number, *row])
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


KAHOOT_ROWS = [
    ["Qui a peint la Joconde ?", "Michel-Ange", "Léonard de Vinci", "Raphaël", "Titien", 20, 2],
    ["En quelle année est tombé le mur de Berlin ?", "1989", "1991", None, None, 20, 1],
]


def upload(host: Host, url: str, name: str, data: bytes, **form: str) -> Any:
    return host.call("POST", url, data={"file": (io.BytesIO(data), name), **form},
                     content_type="multipart/form-data")


# ----------------------------------------------------------------- the host key


def test_every_route_needs_the_host_key(host: Host) -> None:
    pack_id = new_pack(host)
    before = host.files()
    for key in (None, "wrong"):
        requests = [
            ("GET", "/api/packs", {}), ("GET", f"/api/packs/{pack_id}", {}),
            ("GET", f"/api/packs/{pack_id}.yaml", {}), ("GET", f"/api/packs/{pack_id}.zip", {}),
            ("POST", "/api/packs", {"json": {"title": "X", "language": "fr"}}),
            ("POST", f"/api/packs/{pack_id}/questions", {"json": {"question": choice()}}),
            ("POST", f"/api/packs/{pack_id}/check", {"json": {"question": choice()}}),
            ("DELETE", f"/api/packs/{pack_id}", {}),
            ("POST", "/api/packs/import", {"data": {
                "file": (io.BytesIO(kahoot_xlsx(KAHOOT_ROWS)), "k.xlsx"), "category": "history"},
                "content_type": "multipart/form-data"}),
        ]
        for method, url, extra in requests:
            refused = host.call(method, url, key=key, **extra)
            assert refused.status_code == 403, (method, url)
            assert "host key" in refused.get_json()["reason"]
    assert host.files() == before
    assert host.call("GET", "/api/packs").status_code == 200


# ----------------------------------------------------------------- listing and counts


def test_the_list_counts_each_pack_and_what_past_games_have_not_asked(host: Host) -> None:
    packs = host.call("GET", "/api/packs").get_json()
    (pack,) = packs["packs"]
    assert pack["id"] == "synthetic-fr" and pack["source"] == "host" and not pack["editable"]
    assert pack["total"] == 2 * PER_KIND == pack["not_asked"]
    assert pack["kind"] == {"choice": PER_KIND, "numeric": PER_KIND}
    assert sum(pack["category"].values()) == pack["total"]
    assert sum(pack["difficulty"].values()) == pack["total"]
    assert host.hub.memory_path is not None
    with QuestionMemory(host.hub.memory_path) as memory:
        memory.mark_used(["fr-tnum-0001", "fr-tcho-0002", "fr-tcho-0003", "not-a-question"])
    counted = host.call("GET", "/api/packs").get_json()
    assert counted["packs"][0]["not_asked"] == 2 * PER_KIND - 3
    assert (counted["total"], counted["not_asked"]) == (2 * PER_KIND, 2 * PER_KIND - 3)
    one = host.call("GET", "/api/packs/synthetic-fr").get_json()
    asked = {item["question"]["id"] for item in one["questions"] if item["asked"]}
    assert asked == {"fr-tnum-0001", "fr-tcho-0002", "fr-tcho-0003"}
    assert host.call("GET", "/api/packs/nope").status_code == 404


def test_bundled_packs_are_listed_read_only_and_never_written(tmp_path: Path) -> None:
    made = start(tmp_path, bundled=True)
    try:
        before = {p.name: p.read_bytes() for p in bundled_packs_dir().glob("*.yaml")}
        packs = {p["id"]: p for p in made.call("GET", "/api/packs").get_json()["packs"]}
        assert packs["en-general"]["source"] == "bundled" and not packs["en-general"]["editable"]
        refused = made.call("POST", "/api/packs/en-general/questions",
                            json={"question": choice(id="en-geo-999")})
        assert refused.status_code == 403 and refused.get_json()["code"] == "read_only"
        assert made.call("DELETE", "/api/packs/en-general").status_code == 403
        assert made.call("DELETE", "/api/packs/en-general/questions/en-geo-001").status_code == 403
        clash = made.call("POST", "/api/packs", json={"pack": "en-general", "title": "Mine",
                                                      "language": "en"})
        assert clash.status_code == 409
        assert {p.name: p.read_bytes() for p in bundled_packs_dir().glob("*.yaml")} == before
        assert made.files() == {}
        download = made.call("GET", "/api/packs/en-general.yaml")
        assert download.status_code == 200
        assert yaml.safe_load(download.get_data(as_text=True))["pack"] == "en-general"
    finally:
        made.hub.close()


# ----------------------------------------------------------------- writing questions


def test_a_new_pack_and_its_questions_are_written_as_yaml_in_the_data_folder(host: Host) -> None:
    pack_id = new_pack(host)
    assert pack_id == "quiz-du-jeudi"
    saved = host.call("POST", f"/api/packs/{pack_id}/questions", json={"question": choice()})
    assert saved.status_code == 201, saved.get_json()
    qid = saved.get_json()["question"]["id"]
    assert qid == "fr-quiz-du-jeudi-001"
    second = host.call("POST", f"/api/packs/{pack_id}/questions", json={"question": numeric()})
    assert second.get_json()["question"]["id"] == "fr-quiz-du-jeudi-002"
    path = host.packs_dir / f"{pack_id}.yaml"
    loaded = load_pack(path)
    assert loaded.problems == [] and loaded.pack_id == pack_id and loaded.language == "fr"
    assert [q.id for q in loaded.questions] == [qid, "fr-quiz-du-jeudi-002"]
    assert qid in host.hub.bank and host.hub.bank.get(qid).pack == pack_id
    listed = {p["id"]: p for p in host.call("GET", "/api/packs").get_json()["packs"]}
    assert listed[pack_id]["editable"] and listed[pack_id]["source"] == "data"
    assert listed[pack_id]["kind"] == {"choice": 1, "numeric": 1}
    counts = host.call("GET", "/api/questions/categories").get_json()
    assert counts["languages"]["fr"]["total"] == 2 * PER_KIND + 2

    edited = host.call("POST", f"/api/packs/{pack_id}/questions",
                       json={"question": choice(id=qid, difficulty=4), "replaces": qid})
    assert edited.status_code == 200
    assert host.hub.bank.get(qid).difficulty == 4
    assert len(load_pack(path).questions) == 2
    download = host.call("GET", f"/api/packs/{pack_id}.yaml")
    assert download.get_data() == path.read_bytes()
    assert "attachment" in download.headers["Content-Disposition"]

    gone = host.call("DELETE", f"/api/packs/{pack_id}/questions/{qid}")
    assert gone.status_code == 200 and qid not in host.hub.bank
    assert [q.id for q in load_pack(path).questions] == ["fr-quiz-du-jeudi-002"]


def test_an_invalid_edit_is_refused_with_its_field_and_nothing_is_written(host: Host) -> None:
    pack_id = new_pack(host)
    qid = host.call("POST", f"/api/packs/{pack_id}/questions",
                    json={"question": choice()}).get_json()["question"]["id"]
    before = host.files()
    cases = [
        (choice(id=qid, answer="Napoléon"), "answer", "not one of the options"),
        (choice(id=qid, options=["Louis XIV"], answer="Louis XIV"), "options", "needs 2 to 6"),
        (choice(id=qid, prompt="  "), "prompt", "non-empty"),
        (choice(id=qid, difficulty=9), "difficulty", "between 1 and 5"),
        (numeric(id=qid, answer="douze"), "answer", "positive integer"),
        (choice(id="fr-tcho-0001"), "id", "already used"),  # the synthetic pack's
        (choice(id=qid, image="missing.png"), "image", "no file"),
        (choice(id=qid, image="../secret.png"), "image", "'..'"),
    ]
    for question, field, words in cases:
        checked = host.call("POST", f"/api/packs/{pack_id}/check",
                            json={"question": question, "replaces": qid}).get_json()
        assert not checked["ok"]
        assert any(f["field"] == field and words in f["message"] for f in checked["findings"]), \
            (field, checked)
        refused = host.call("POST", f"/api/packs/{pack_id}/questions",
                            json={"question": question, "replaces": qid})
        assert refused.status_code == 400
        assert refused.get_json()["findings"] == checked["findings"]
        assert host.files() == before
    good = host.call("POST", f"/api/packs/{pack_id}/check",
                     json={"question": choice(id=qid), "replaces": qid}).get_json()
    assert good["ok"] and good["findings"] == []
    for body in ({"question": "text"}, {"question": choice(), "replaces": 3}, [1, 2]):
        assert host.call("POST", f"/api/packs/{pack_id}/questions", json=body).status_code == 400
    assert host.call("POST", f"/api/packs/{pack_id}/questions", data="{not json",
                     content_type="application/json").status_code == 400
    assert host.files() == before


def test_a_saved_question_is_drawn_from_the_next_draw_of_a_running_game(host: Host) -> None:
    pack_id = new_pack(host)
    session = host.hub.create_game("territory", [{"name": "A", "bot": 1}, {"name": "B", "bot": 2}],
                                   seed=5, questions={"language": "fr", "packs": [pack_id]})
    before = session.questions.draw("numeric", [], 11)
    assert before["id"].startswith("fr-tnum-") and before["relaxed"]  # the pack is empty yet
    saved = host.call("POST", f"/api/packs/{pack_id}/questions", json={"question": numeric()})
    qid = saved.get_json()["question"]["id"]
    after = session.questions.draw("numeric", [], 11)
    assert after["id"] == qid and not after["relaxed"]
    assert session.questions.draw("numeric", [qid], 11)["id"].startswith("fr-tnum-")
    host.call("DELETE", f"/api/packs/{pack_id}")
    assert session.questions.draw("numeric", [], 11)["id"].startswith("fr-tnum-")  # still plays


def test_a_game_is_refused_an_unknown_pack_or_none(host: Host) -> None:
    seats = [{"name": "A", "bot": 1}, {"name": "B", "bot": 2}]
    from host.games.contract import GameError

    with pytest.raises(GameError, match="unknown pack"):
        host.hub.create_game("territory", seats, questions={"language": "fr", "packs": ["nope"]})
    with pytest.raises(GameError, match="no pack chosen"):
        host.hub.create_game("territory", seats, questions={"language": "fr", "packs": []})
    with pytest.raises(GameError, match="list of pack ids"):
        host.hub.create_game("territory", seats, questions={"language": "fr", "packs": "x"})
    assert host.hub.sessions == {}


# ----------------------------------------------------------------- pictures


def test_a_picture_question_stores_its_picture_beside_the_pack(host: Host) -> None:
    pack_id = new_pack(host)
    png = tiny_png()
    stored = upload(host, f"/api/packs/{pack_id}/images", "château.png", png)
    assert stored.status_code == 201, stored.get_json()
    name = stored.get_json()["image"]
    assert name == f"{pack_id}.{hashlib.sha256(png).hexdigest()[:12]}.png"
    assert (host.packs_dir / name).read_bytes() == png
    saved = host.call("POST", f"/api/packs/{pack_id}/questions",
                      json={"question": numeric(image=name)})
    assert saved.status_code == 201, saved.get_json()
    qid = saved.get_json()["question"]["id"]
    question = host.hub.bank.get(qid)
    assert question.image == str((host.packs_dir / name).resolve())
    preview = host.call("GET", f"/api/packs/{pack_id}/images/{name}")
    assert preview.status_code == 200 and preview.get_data() == png
    assert preview.headers["Content-Type"] == "image/png"
    assert host.call("GET", f"/api/packs/{pack_id}/images/other.png").status_code == 404
    served = host.client.get(question.image_url or "")  # what the projector loads
    assert served.status_code == 200 and served.get_data() == png
    host.call("DELETE", f"/api/packs/{pack_id}")
    assert host.files() == {}  # the pack and its picture


# ----------------------------------------------------------------- importing


def test_an_uploaded_kahoot_sheet_becomes_a_pack(host: Host) -> None:
    sent = upload(host, "/api/packs/import", "friday-kahoot.xlsx", kahoot_xlsx(KAHOOT_ROWS),
                  language="fr", category="history")
    assert sent.status_code == 201, sent.get_json()
    body = sent.get_json()
    assert body["pack"]["id"] == "friday-kahoot" and body["imported"] == 2
    assert body["pack"]["editable"] and body["pack"]["kind"] == {"choice": 2}
    loaded = load_pack(host.packs_dir / "friday-kahoot.yaml")
    assert loaded.problems == []
    assert [q.id for q in loaded.questions] == ["fr-friday-kahoot-001", "fr-friday-kahoot-002"]
    assert loaded.questions[0].answer == "Léonard de Vinci"
    assert "friday-kahoot" in {p["id"] for p in host.call("GET", "/api/packs").get_json()["packs"]}
    assert "fr-friday-kahoot-001" in host.hub.bank
    again = upload(host, "/api/packs/import", "friday-kahoot.xlsx", kahoot_xlsx(KAHOOT_ROWS),
                   category="history")
    assert again.status_code == 409 and "exists already" in again.get_json()["reason"]


def test_other_formats_import_and_an_exported_pack_comes_back(host: Host) -> None:
    csv_text = ("kind,category,difficulty,prompt,option1,option2,answer,source\n"
                "choice,food,2,Le brie vient de quelle région ?,Île-de-France,Bretagne,"
                "Île-de-France,Larousse\n")
    gift = "Le Rhône se jette dans la Méditerranée. {T}\n\nCombien de côtés a un hexagone ? {#6}\n"
    opentdb = ('{"response_code": 0, "results": [{"type": "boolean", "difficulty": "easy", '
               '"category": "Geography", "question": "Paris is in France.", '
               '"correct_answer": "True", "incorrect_answers": ["False"]}]}')
    for name, data, count in (("fromages.csv", csv_text, 1), ("moodle.gift", gift, 2),
                              ("trivia.json", opentdb, 1)):
        sent = upload(host, "/api/packs/import", name, data.encode(), language="fr",
                      category="geography" if name != "fromages.csv" else "")
        assert sent.status_code == 201, (name, sent.get_json())
        assert sent.get_json()["imported"] == count
    exported = host.call("GET", "/api/packs/moodle.yaml").get_data()
    back = upload(host, "/api/packs/import", "moodle.yaml", exported)
    assert back.status_code == 409  # the same pack id is taken
    renamed = upload(host, "/api/packs/import", "moodle.yaml", exported, pack="moodle-copie")
    assert renamed.status_code == 409 and "ids already used" in renamed.get_json()["reason"]
    host.call("DELETE", "/api/packs/moodle")
    restored = upload(host, "/api/packs/import", "moodle.yaml", exported)
    assert restored.status_code == 201 and restored.get_json()["imported"] == 2


# ----------------------------------------------------------------- bad input


def refused_and_nothing_written(host: Host, answer: Any, status: int, words: str) -> None:
    body = answer.get_json()
    assert answer.status_code == status, body
    assert body["ok"] is False and words in body["reason"], body["reason"]
    assert "nothing was written" in body["reason"] or answer.status_code == 413


def test_an_upload_that_is_not_a_pack_is_refused_and_writes_nothing(host: Host) -> None:
    pack_id = new_pack(host)
    before = host.files()
    packs_before = len(host.hub.bank.packs)
    cases = [
        ("notes.xlsx", b"just some text, not a spreadsheet", "not an .xlsx file"),
        ("scores.xlsx", _zip({"hello.txt": b"hi"}), "not a readable"),
        ("photo.csv", tiny_png(), "cannot read as UTF-8"),
        ("table.csv", b"name,score\nAna,3\n", "missing column(s)"),
        ("random.json", b'{"hello": "world"}', "not an Open Trivia DB answer"),
        ("broken.json", b"{not json", "not JSON"),
        ("empty.gift", b"// only a comment\n", "no GIFT question"),
        ("letter.doc", b"Dear host,", "cannot tell the format"),
        ("pack.yaml", b"- just\n- a list\n", "not a question pack"),
        ("nothing.gift", b"", "the file is empty"),
        ("kahoot.xlsx", kahoot_xlsx(KAHOOT_ROWS), "choose a category"),  # no category given
    ]
    for name, data, words in cases:
        answer = upload(host, "/api/packs/import", name, data, language="fr")
        refused_and_nothing_written(host, answer, 400, words)
        assert host.files() == before and len(host.hub.bank.packs) == packs_before
    assert host.call("POST", "/api/packs/import", data={},
                     content_type="multipart/form-data").status_code == 400
    wrong = upload(host, "/api/packs/import", "q.csv", b"x", format="docx")
    assert wrong.status_code == 400 and "unknown format" in wrong.get_json()["reason"]
    checked = host.call("POST", f"/api/packs/{pack_id}/check", json={"question": choice()})
    assert checked.status_code == 200 and checked.get_json()["ok"]
    assert host.files() == before


def _zip(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def test_a_huge_file_is_refused_before_it_is_read(host: Host) -> None:
    pack_id = new_pack(host)
    before = host.files()
    huge = b"kind,category\n" + b"x" * (MAX_IMPORT_BYTES + 10)
    refused_and_nothing_written(host, upload(host, "/api/packs/import", "big.csv", huge), 413,
                                "larger than")
    declared = upload(host, "/api/packs/import", "big.csv", huge + b"x" * 100_000)
    refused_and_nothing_written(host, declared, 413, "larger than")  # refused on its length
    bomb = _zip({"xl/worksheets/sheet1.xml": b"\0" * 41_000_000})
    assert len(bomb) < 200_000
    refused_and_nothing_written(host, upload(host, "/api/packs/import", "bomb.xlsx", bomb,
                                             category="history"), 413, "inflate")
    big_picture = tiny_png() + b"\0" * MAX_IMAGE_BYTES
    refused_and_nothing_written(host, upload(host, f"/api/packs/{pack_id}/images", "big.png",
                                             big_picture), 413, "larger than")
    too_long = host.call("POST", f"/api/packs/{pack_id}/questions",
                         json={"question": choice(prompt="x" * 300_000)})
    assert too_long.status_code == 413
    assert host.files() == before


def test_a_file_that_is_not_a_picture_is_refused_and_writes_nothing(host: Host) -> None:
    pack_id = new_pack(host)
    before = host.files()
    cases = [
        ("cat.png", b"this is text, not a picture", "not a picture"),
        ("cat.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;", "not a picture"),
        ("draw.svg", b'<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
         "<script>"),
        ("draw.svg", b'<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>', "event handler"),
        ("draw.svg", b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "b">]><svg/>', "DOCTYPE"),
        ("empty.png", b"", "the file is empty"),
    ]
    for name, data, words in cases:
        answer = upload(host, f"/api/packs/{pack_id}/images", name, data)
        body = answer.get_json()
        assert answer.status_code == 400, body
        assert words in body["reason"] and "nothing was written" in body["reason"], body
        if body.get("findings"):
            assert body["findings"][0]["field"] == "image"
        assert host.files() == before
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4">'
           b'<rect width="4" height="4"/></svg>')
    good = upload(host, f"/api/packs/{pack_id}/images", "castle.svg", svg)
    assert good.status_code == 201 and good.get_json()["image"].endswith(".svg")


def test_a_typed_answer_question_is_saved_and_a_duplicate_variant_refused(host: Host) -> None:
    """The editor's `text` kind: the answer, its variants and a typo threshold are written
    to the pack and loaded back; variants that are the same once normalised are refused."""
    pack_id = new_pack(host)
    typed = {"category": "geography", "difficulty": 2, "kind": "text",
             "prompt": "Quelle est la capitale de l’Autriche ?", "answer": "Vienne",
             "accept": ["Wien"], "similarity": 90, "source": "atlas"}
    saved = host.call("POST", f"/api/packs/{pack_id}/questions", json={"question": typed})
    assert saved.status_code == 201, saved.get_json()
    qid = saved.get_json()["question"]["id"]
    question = host.hub.bank.get(qid)
    assert (question.kind, question.answer, question.accept, question.similarity) == (
        "text", "Vienne", ("Wien",), 90)
    before = host.files()
    twice = {**typed, "id": qid, "accept": ["Wien", "WIEN !"]}
    refused = host.call("POST", f"/api/packs/{pack_id}/questions",
                        json={"question": twice, "replaces": qid})
    assert refused.status_code == 400
    assert any(f["field"] == "accept" and "same answer" in f["message"]
               for f in refused.get_json()["findings"])
    assert host.files() == before
