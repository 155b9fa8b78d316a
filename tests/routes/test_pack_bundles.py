"""A pack moves between two hosts with its pictures and clips (host/routes/pack_bundle.py):
GET /api/packs/<id>.zip on one host, POST /api/packs/import of that zip on another, through
Flask's test client on real apps with real data folders. Every question arrives with a file
the media route serves; a bad bundle is refused with its reason and writes nothing; a file
missing from a bundle leaves out only its question, with a warning naming both."""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from host.quiz.packs import MEDIA_KINDS, bundled_packs_dir
from tests.routes.test_packs_api import Host, start, upload

MEDIA_URL = {"image": "", "audio": "/audio", "video": "/video"}


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, bytes]]:
    """The bundles of a picture pack and of the music pack, from a host with the bundled packs."""
    made = start(tmp_path_factory.mktemp("source"), bundled=True)
    try:
        out = {}
        for pack_id in ("fr-pictures-departements", "fr-music"):
            answer = made.call("GET", f"/api/packs/{pack_id}.zip")
            assert answer.status_code == 200, answer.get_data()[:200]
            assert answer.mimetype == "application/zip"
            assert f"filename={pack_id}.zip" in answer.headers["Content-Disposition"]
            out[pack_id] = answer.get_data()
        yield out
    finally:
        made.hub.close()


def bundled_questions(pack_id: str) -> list[dict[str, object]]:
    raw = yaml.safe_load((bundled_packs_dir() / f"{pack_id}.yaml").read_text(encoding="utf-8"))
    return list(raw["questions"])


def refs(question: dict[str, object]) -> dict[str, str]:
    return {k.field: str(question[k.field]) for k in MEDIA_KINDS if question.get(k.field)}


def zipped(members: dict[str, bytes], compress: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compress) as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return out.getvalue()


def corrupt(bundle: bytes) -> bytes:
    """A zip whose first member's compressed bytes are damaged (its headers intact)."""
    start = 30 + len(zipfile.ZipFile(io.BytesIO(bundle)).namelist()[0])  # after its header
    return bundle[:start + 20] + bytes(b ^ 0x5A for b in bundle[start + 20:start + 60]) + \
        bundle[start + 60:]


def members(bundle: bytes) -> dict[str, bytes]:
    with zipfile.ZipFile(io.BytesIO(bundle)) as archive:
        return {info.filename: archive.read(info) for info in archive.infolist()}


def files_of(host: Host) -> dict[str, bytes]:
    return host.files() if host.packs_dir.exists() else {}


@pytest.mark.parametrize("pack_id", ["fr-pictures-departements", "fr-music"])
def test_an_exported_pack_arrives_on_another_host_with_every_file(
        exported: dict[str, bytes], host: Host, pack_id: str) -> None:
    bundle = exported[pack_id]
    with zipfile.ZipFile(io.BytesIO(bundle)) as archive:
        infos = {info.filename: info for info in archive.infolist()}
    questions = bundled_questions(pack_id)
    named = {ref for q in questions for ref in refs(q).values()}
    assert set(infos) == {f"{pack_id}.yaml", *named}  # the pack and each file it names, once
    assert infos[f"{pack_id}.yaml"].compress_type == zipfile.ZIP_DEFLATED
    assert all(infos[ref].compress_type == zipfile.ZIP_STORED for ref in named)
    assert members(bundle)[f"{pack_id}.yaml"] == \
        (bundled_packs_dir() / f"{pack_id}.yaml").read_bytes()

    new_id = pack_id.replace("fr-", "fr-copie-")
    answer = upload(host, "/api/packs/import", f"{pack_id}.zip", bundle, pack=new_id)
    body = answer.get_json()
    assert answer.status_code == 201, body
    assert body["imported"] == len(questions) and body["warnings"] == []
    assert body["pack"]["id"] == new_id and body["pack"]["editable"]
    assert body["pack"]["media"] == len(questions)
    sources = bundled_packs_dir()
    for question in questions:
        qid = str(question["id"])
        for field, ref in refs(question).items():
            served = host.client.get(f"/media/questions/{qid}{MEDIA_URL[field]}")
            assert served.status_code == 200, (qid, field)
            assert served.get_data() == (sources / ref).read_bytes(), (qid, field)
            stored = getattr(host.hub.bank.get(qid), field)
            assert Path(stored).parent == host.packs_dir and Path(stored).name.startswith(new_id)


def test_a_bundle_missing_a_clip_or_with_a_bad_one_brings_the_others(
        exported: dict[str, bytes], host: Host) -> None:
    files = members(exported["fr-music"])
    questions = bundled_questions("fr-music")
    missing, broken = refs(questions[0])["audio"], refs(questions[1])["audio"]
    del files[missing]
    files[broken] = b"this is not a sound at all"
    answer = upload(host, "/api/packs/import", "music.zip", zipped(files), pack="fr-musique")
    body = answer.get_json()
    assert answer.status_code == 201, body
    assert body["imported"] == len(questions) - 2
    first, second = (str(q["id"]) for q in questions[:2])
    assert f"question '{first}' skipped: the bundle has no file '{missing}'" in body["warnings"]
    refused = [w for w in body["warnings"] if w.startswith(f"question '{second}' skipped: its "
                                                           f"file '{broken}' is refused")]
    assert len(refused) == 1 and "not a sound" in refused[0], body["warnings"]
    french = [t["fr"] for t in body["warnings_text"]]
    assert f"question '{first}' ignorée : le zip ne contient pas le fichier '{missing}'" in french
    assert any(t.startswith(f"question '{second}' ignorée : son fichier") and "pas un son" in t
               for t in french), french
    assert first not in host.hub.bank and second not in host.hub.bank
    served = host.client.get(f"/media/questions/{questions[2]['id']}/audio")
    assert served.status_code == 200


def test_a_bundle_that_escapes_or_inflates_or_is_not_one_is_refused_and_writes_nothing(
        exported: dict[str, bytes], host: Host) -> None:
    good = members(exported["fr-pictures-departements"])
    pack = good["fr-pictures-departements.yaml"]
    before = files_of(host)
    packs_before = len(host.hub.bank.packs)
    cases = [
        ("evil.zip", zipped({**good, "../evil.png": b"\x89PNG"}), 400,
         "names a file outside its folder ('../evil.png')"),
        ("abs.zip", zipped({"p.yaml": pack, "/etc/evil.svg": b"<svg/>"}), 400,
         "outside its folder"),
        ("bomb.zip", zipped({"p.yaml": pack, "zeros.txt": b"\0" * 41_000_000}), 413,
         "would inflate to 41 MB"),
        ("notes.zip", zipped({"hello.txt": b"hi"}), 400,
         "not a pack bundle (it must hold one .yaml or .json pack at its top level, it holds 0)"),
        ("two.zip", zipped({"a.yaml": pack, "b.yaml": pack}), 400, "it holds 2"),
        ("fake.zip", b"PK not really a zip", 400, "not a pack bundle (it is not a zip archive)"),
        ("broken.zip", zipped({"p.yaml": b"pack: [unclosed\n  questions: {"}), 400,
         "not a question pack"),
        ("binary.zip", zipped({"p.json": b"\xff\xfe\x00garbage"}), 400, "not a question pack"),
        ("corrupt.zip", corrupt(zipped({"p.yaml": pack})), 400, "cannot read 'p.yaml' in the zip"),
        ("huge.zip", zipped({"p.yaml": pack + b"#" * 2_000_000}), 413,
         "its pack 'p.yaml' is larger than 2 MB"),
        ("sheet.zip", zipped({"[Content_Types].xml": b"<Types/>", "xl/workbook.xml": b"<w/>"}),
         400, "sheet.zip: an Office file, not a pack bundle (a Kahoot sheet? name it .xlsx)"),
    ]
    for name, data, status, words in cases:
        answer = upload(host, "/api/packs/import", name, data, pack="fr-copie")
        body = answer.get_json()
        assert answer.status_code == status, (name, body)
        assert words in body["reason"] and "nothing was written" in body["reason"], body
        assert "text" in body and body["text"]["fr"] != body["text"]["en"], body
        assert files_of(host) == before and len(host.hub.bank.packs) == packs_before, name
    assert len(cases[2][1]) < 200_000  # the bomb is small until inflated


def test_a_bundle_whose_pack_or_ids_are_taken_is_refused_and_writes_nothing(
        exported: dict[str, bytes], host: Host) -> None:
    bundle = exported["fr-pictures-departements"]
    assert upload(host, "/api/packs/import", "d.zip", bundle).status_code == 201
    before = files_of(host)
    again = upload(host, "/api/packs/import", "d.zip", bundle)
    assert again.status_code == 409 and "exists already" in again.get_json()["reason"]
    renamed = upload(host, "/api/packs/import", "d.zip", bundle, pack="fr-autre")
    assert renamed.status_code == 409 and "ids already used" in renamed.get_json()["reason"]
    assert files_of(host) == before
    # the imported pack's own export is a bundle again, of the stored files
    back = members(host.call("GET", "/api/packs/fr-pictures-departements.zip").get_data())
    written = yaml.safe_load((host.packs_dir / "fr-pictures-departements.yaml").read_text())
    stored = {ref for q in written["questions"] for ref in refs(q).values()}
    assert set(back) == {"fr-pictures-departements.yaml", *stored}
    assert all(back[ref] == (host.packs_dir / ref).read_bytes() for ref in stored)
