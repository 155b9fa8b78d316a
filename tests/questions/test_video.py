"""Video clips of questions: the `video:` field beside the pack (WebM, MP4 by their first
bytes, a larger size limit than a sound's), its `clip`, and the host serving a video only
for a question the bank knows, with range requests."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from host.quiz.audio import MAX_AUDIO_BYTES, MAX_VIDEO_BYTES, VIDEO
from host.quiz.media import check_file
from host.quiz.packs import load_pack
from host.quiz.validate import check_question
from tests.synthetic import TINY_WEBM, silent_mp3

MP4_HEAD = b"\x00\x00\x00\x20ftypisom\x00\x00\x02\x00isomiso2avc1mp41" + bytes(64)


def film_question(**changes: object) -> dict[str, object]:
    base: dict[str, object] = {"id": "en-film-001", "category": "screen", "difficulty": 2,
                               "kind": "text", "prompt": "Which film is this scene from?",
                               "answer": "Metropolis", "source": "public domain",
                               "video": "clips/scene.webm", "clip": [0, 2]}
    return {**base, **changes}


def test_a_video_may_be_larger_than_a_sound() -> None:
    assert MAX_VIDEO_BYTES > MAX_AUDIO_BYTES


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"video": "../scene.webm"}, "video", "'..'"),
    ({"video": "/srv/scene.webm"}, "video", "relative"),
    ({"video": "clips/scene.avi"}, "video", "not a video file name"),
    ({"video": "clips/scene.mp3"}, "video", "not a video file name"),
    ({"audio": "clips/theme.mp3"}, "video", "a sound or a video, not both"),
    ({"image": "img/still.png"}, "video", "a picture or a video, not both"),
    ({"video": None, "clip": [0, 5]}, "clip", "needs its audio or video"),
    ({"clip": [4, 2]}, "clip", "start < end"),
])
def test_bad_video_fields_are_refused_with_the_field(
        changes: dict[str, object], field: str, words: str) -> None:
    found = check_question(film_question(**changes), "en")
    assert any(f.field == field and words in f.message for f in found), found


def test_video_files_are_checked_by_content_and_size(tmp_path: Path) -> None:
    assert check_file(VIDEO, TINY_WEBM) == []
    mp4 = tmp_path / "scene.mp4"
    mp4.write_bytes(MP4_HEAD)
    assert check_file(VIDEO, mp4) == []
    named_wrong = tmp_path / "scene.mp4"
    named_wrong.write_bytes(TINY_WEBM.read_bytes())
    assert "the content is WEBM, not what the name says (.mp4)" in check_file(VIDEO, named_wrong)[0]
    sound = tmp_path / "sound.webm"
    sound.write_bytes(silent_mp3(0.5))
    assert "the content is MP3" in check_file(VIDEO, sound)[0]
    page = tmp_path / "page.webm"
    page.write_bytes(b"<html>not a film</html>")
    assert check_file(VIDEO, page) == [
        "page.webm: not a video (its content is not WebM or MP4)"]
    assert "more than the 1,000 allowed (cut it shorter" in check_file(
        VIDEO, TINY_WEBM, max_bytes=1000)[0]


def write_film_pack(folder: Path, data: bytes) -> Path:
    (folder / "clips").mkdir(parents=True, exist_ok=True)
    (folder / "clips" / "scene.webm").write_bytes(data)
    pack = folder / "films.yaml"
    pack.write_text(yaml.safe_dump({"pack": "films", "language": "en", "title": "Films",
                                    "questions": [film_question()]}), encoding="utf-8")
    return pack


def test_a_pack_with_a_video_loads_and_a_bad_one_is_an_error_with_its_line(
        tmp_path: Path) -> None:
    loaded = load_pack(write_film_pack(tmp_path / "good", TINY_WEBM.read_bytes()))
    assert loaded.problems == []
    (question,) = loaded.questions
    assert question.video_url is not None and question.audio_url is None
    assert question.video_url.startswith("/media/questions/en-film-001/video?v=")
    assert question.to_pack_form()["video"] == "clips/scene.webm"
    form, _ = question.to_engine(1)
    assert form["video"] == question.video_url and form["clip"] == [0.0, 2.0]
    pack = write_film_pack(tmp_path / "bad", b"GIF89a not a film")
    line = 1 + next(i for i, text in enumerate(pack.read_text().splitlines())
                    if text.strip().startswith("video:"))
    broken = load_pack(pack)
    (problem,) = [p for p in broken.problems if p.field == "video"]
    assert "scene.webm: not a video" in problem.message and problem.line == line
    assert broken.questions == []


def test_the_host_serves_a_video_by_question_id_with_ranges(tmp_path: Path) -> None:
    from host.app import create_app
    from host.config import HostConfig

    folder = tmp_path / "packs"
    data = TINY_WEBM.read_bytes()
    write_film_pack(folder, data)
    app, _socketio, hub = create_app(HostConfig(data_dir=tmp_path / "data", packs=[folder],
                                                bundled_packs=False, resume=False))
    client = app.test_client()
    url = hub.bank.get("en-film-001").video_url
    whole = client.get(url)
    assert whole.status_code == 200 and whole.mimetype == "video/webm"
    assert whole.get_data() == data and "immutable" in whole.headers["Cache-Control"]
    assert whole.headers["X-Content-Type-Options"] == "nosniff"
    part = client.get(url, headers={"Range": "bytes=100-199"})
    assert part.status_code == 206 and part.get_data() == data[100:200]
    assert client.get("/media/questions/en-nope-001/video").status_code == 404
    assert client.get("/media/questions/en-film-001/audio").status_code == 404  # no sound
    (folder / "clips" / "scene.webm").write_bytes(b"<script>changed since</script>")
    assert client.get(url).status_code == 404  # checked again when served
    hub.close()
