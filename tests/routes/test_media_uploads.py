"""The pack editor's uploads of a question's files (host/routes/pack_uploads.py): a sound or
a video stored beside the pack and named in the question, then served to the projector;
and every refusal for a picture, a sound and a video (first bytes that are not what the
name says, over the kind's limit, a path outside the pack: '..', absolute, a link that
leads out) says why with the file's name, in both languages, and writes nothing: the
pack folder's listing is unchanged."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

import pytest

from host.quiz.audio import MAX_AUDIO_BYTES, MAX_VIDEO_BYTES
from host.quiz.pictures import MAX_IMAGE_BYTES
from tests.routes.test_packs_api import Host, new_pack, tiny_png, upload
from tests.synthetic import TINY_WEBM, silent_mp3



def listing(folder: Path) -> dict[str, bytes]:
    """Every entry of the folder (links as their target's path) with its bytes."""
    return {p.name: (os.readlink(p).encode() if p.is_symlink() else p.read_bytes())
            for p in sorted(folder.iterdir())}


def film(**changes: Any) -> dict[str, Any]:
    question = {"category": "screen", "difficulty": 2, "kind": "text",
                "prompt": "De quel film est cette scène ?", "answer": "Metropolis",
                "source": "domaine public"}
    return {**question, **changes}


def test_a_clip_is_stored_beside_the_pack_named_in_the_question_and_served(host: Host) -> None:
    pack_id = new_pack(host)
    data = TINY_WEBM.read_bytes()
    stored = upload(host, f"/api/packs/{pack_id}/clips", "Métropolis.webm", data)
    assert stored.status_code == 201, stored.get_json()
    body = stored.get_json()
    assert body["field"] == "video"
    assert body["file"] == f"{pack_id}.{hashlib.sha256(data).hexdigest()[:12]}.webm"
    sound = upload(host, f"/api/packs/{pack_id}/clips", "hymne.webm", data, kind="audio")
    assert sound.get_json()["field"] == "audio" and sound.get_json()["file"] == body["file"]
    mp3 = upload(host, f"/api/packs/{pack_id}/clips", "hymne.mp3", silent_mp3(0.5)).get_json()
    assert mp3["field"] == "audio" and mp3["file"].endswith(".mp3")
    saved = host.call("POST", f"/api/packs/{pack_id}/questions",
                      json={"question": film(video=body["file"], clip=[0, 2.5], audio="")})
    assert saved.status_code == 201, saved.get_json()
    question = host.hub.bank.get(saved.get_json()["question"]["id"])
    assert question.clip == (0.0, 2.5) and question.video_url is not None
    served = host.client.get(question.video_url)
    assert served.status_code == 200 and served.get_data() == data
    host.call("DELETE", f"/api/packs/{pack_id}")
    assert listing(host.packs_dir) == {}  # the pack, its clips


def refused(host: Host, answer: Any, status: int, words: str, name: str | None) -> None:
    """A refusal with its status, the reason naming the file, its French text, nothing
    written (the caller compares the folder's listing)."""
    body = answer.get_json()
    assert answer.status_code == status, body
    assert body["ok"] is False and words in body["reason"], body["reason"]
    if name is not None:
        assert body["reason"].startswith(name) or name in body["reason"], body["reason"]
    assert body["text"]["fr"] and body["text"]["fr"] != body["text"]["en"]


def test_uploads_that_are_not_what_they_say_or_too_large_are_refused_and_write_nothing(
        host: Host) -> None:
    pack_id = new_pack(host)
    images, clips = f"/api/packs/{pack_id}/images", f"/api/packs/{pack_id}/clips"
    before = listing(host.packs_dir)
    fake = b"<html>made to look like one</html>"
    cases = [
        (images, "chateau.png", fake, {}, 400, "chateau.png: not a picture", "not_image"),
        (clips, "hymne.mp3", fake, {}, 400, "hymne.mp3: not a sound", "not_clip"),
        (clips, "scene.webm", fake, {}, 400, "scene.webm: not a video", "not_clip"),
        (clips, "scene.mp4", silent_mp3(0.3), {}, 400, "scene.mp4: not a video", "not_clip"),
        (clips, "hymne.ogg", TINY_WEBM.read_bytes()[:2000] + bytes(MAX_AUDIO_BYTES), {"kind":
         "audio"}, 400, f"hymne.ogg: the sound is {MAX_AUDIO_BYTES + 2000:,} bytes, more than "
         f"the {MAX_AUDIO_BYTES:,} allowed", "not_clip"),
        (images, "big.png", tiny_png() + bytes(MAX_IMAGE_BYTES), {}, 413, "larger than", None),
        (clips, "long.webm", bytes(MAX_VIDEO_BYTES + 1), {}, 413, "larger than", None),
        (clips, "scene.webm", TINY_WEBM.read_bytes(), {"kind": "film"}, 400,
         "'kind' must be audio or video", None),
    ]
    for url, name, data, form, status, words, code in cases:
        answer = upload(host, url, name, data, **form)
        refused(host, answer, status, words, name if status == 400 and code else None)
        if code is not None:
            assert answer.get_json()["code"] == code
            assert name in answer.get_json()["text"]["fr"]  # the French names the file too
        assert listing(host.packs_dir) == before, name
    # A file name that climbs out of the folder is only a name: the file is stored by its
    # content's digest, in the pack's folder, never where the name points.
    climbing = upload(host, clips, "../../../escape.webm", TINY_WEBM.read_bytes())
    assert climbing.status_code == 201
    assert (host.packs_dir / climbing.get_json()["file"]).is_file()
    assert not (host.data.parent / "escape.webm").exists()


@pytest.mark.parametrize(("field", "name", "data"), [
    ("image", "still.png", tiny_png()),
    ("audio", "theme.mp3", silent_mp3(0.3)),
    ("video", "scene.webm", TINY_WEBM.read_bytes()),
])
def test_a_question_naming_a_file_outside_the_pack_is_refused_and_writes_nothing(
        host: Host, tmp_path: Path, field: str, name: str, data: bytes) -> None:
    pack_id = new_pack(host)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / name).write_bytes(data)
    os.symlink(outside / name, host.packs_dir / f"link-{name}")
    before = listing(host.packs_dir)
    for ref, words in ((f"../elsewhere/{name}", "('..' is not allowed)"),
                       (str(outside / name), "not an absolute one"),
                       (f"link-{name}", "leads outside the pack's folder")):
        for route in ("check", "questions"):
            answer = host.call("POST", f"/api/packs/{pack_id}/{route}",
                               json={"question": film(**{field: ref})})
            body = answer.get_json()
            findings = [f for f in body["findings"] if f["field"] == field]
            assert findings and words in findings[0]["message"], body
            assert name in findings[0]["message"] and name in findings[0]["text"]["fr"]
            assert findings[0]["text"]["fr"] != findings[0]["text"]["en"]
            assert body["ok"] is False
        assert listing(host.packs_dir) == before, ref
    if field == "image":  # nor does the editor's preview show a picture a link leads out to
        assert host.call("GET", f"/api/packs/{pack_id}/images/link-{name}").status_code == 404
