"""Sound clips of questions: the `audio:` and `clip:` fields, files checked by their first
bytes and size (refusals write nothing and name the reason), and the host serving a clip
only for a question the bank knows, with range requests."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from host.quiz.audio import check_audio_file, sniff_audio
from host.quiz.lint import lint_packs
from host.quiz.packs import load_pack
from host.quiz.validate import check_question
from tests.synthetic import silent_mp3


def music_question(**changes: object) -> dict[str, object]:
    base: dict[str, object] = {"id": "en-mus-001", "category": "music", "difficulty": 2,
                               "kind": "text", "prompt": "Which anthem is this?",
                               "answer": "La Marseillaise", "source": "public domain",
                               "audio": "clips/anthem.mp3", "clip": [0, 2.5]}
    return {**base, **changes}


def test_a_silent_mp3_made_here_is_an_mp3() -> None:
    data = silent_mp3(1.0)
    assert sniff_audio(data[:64]) == "mp3" and len(data) > 10_000


@pytest.mark.parametrize(("head", "family"), [
    (b"OggS\x00\x02", "ogg"), (b"ID3\x04\x00", "mp3"), (b"\xff\xfb\x90\xc0", "mp3"),
    (b"\x00\x00\x00\x20ftypM4A ", "mp4"), (b"\xff\xf1\x50\x80", "aac"),
    (b"\x1a\x45\xdf\xa3\x01", "webm"), (b"RIFF\x00\x00\x00\x00WAVE", None),
    (b"<html>", None),
])
def test_sound_families_by_their_first_bytes(head: bytes, family: str | None) -> None:
    assert sniff_audio(head) == family


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"audio": "../secret.mp3"}, "audio", "'..'"),
    ({"audio": "/etc/anthem.mp3"}, "audio", "relative"),
    ({"audio": "clips/anthem.wav"}, "audio", "not a sound file name"),
    ({"clip": [5, 2]}, "clip", "start < end"),
    ({"clip": "0-5"}, "clip", "[start, end]"),
    ({"audio": None, "clip": [0, 5]}, "clip", "needs its audio"),
])
def test_bad_audio_fields_are_refused_with_the_field(
        changes: dict[str, object], field: str, words: str) -> None:
    found = check_question(music_question(**changes), "en")
    assert any(f.field == field and words in f.message for f in found), found


def test_sound_files_are_checked_by_content_and_size(tmp_path: Path) -> None:
    good = tmp_path / "good.mp3"
    good.write_bytes(silent_mp3(0.5))
    assert check_audio_file(good) == []
    fake = tmp_path / "fake.mp3"
    fake.write_bytes(b"<html>not a sound</html>")
    assert "not a sound" in check_audio_file(fake)[0]
    wrong = tmp_path / "wrong.ogg"
    wrong.write_bytes(silent_mp3(0.5))
    assert "the content is MP3" in check_audio_file(wrong)[0]
    assert "more than the 1,000 allowed" in check_audio_file(good, max_bytes=1000)[0]
    empty = tmp_path / "empty.opus"
    empty.write_bytes(b"")
    assert "empty" in check_audio_file(empty)[0]


def write_music_pack(folder: Path, data: bytes) -> Path:
    (folder / "clips").mkdir(parents=True, exist_ok=True)
    (folder / "clips" / "anthem.mp3").write_bytes(data)
    pack = folder / "music.yaml"
    pack.write_text(yaml.safe_dump({"pack": "music", "language": "en", "title": "Music",
                                    "questions": [music_question()]}), encoding="utf-8")
    return pack


def test_a_pack_with_a_clip_loads_and_a_bad_clip_is_an_error(tmp_path: Path) -> None:
    loaded = load_pack(write_music_pack(tmp_path / "good", silent_mp3(1.0)))
    assert loaded.problems == []
    (question,) = loaded.questions
    assert question.clip == (0.0, 2.5) and question.audio_url is not None
    assert question.audio_url.startswith("/media/questions/en-mus-001/audio?v=")
    assert question.to_pack_form()["audio"] == "clips/anthem.mp3"
    broken = load_pack(write_music_pack(tmp_path / "bad", b"GIF89a not a sound"))
    assert broken.questions == [] or any("not a sound" in p.message for p in broken.problems)
    assert any(p.field == "audio" and "not a sound" in p.message for p in broken.problems)


def test_the_host_serves_a_clip_by_question_id_with_ranges(tmp_path: Path) -> None:
    from host.app import create_app
    from host.config import HostConfig

    folder = tmp_path / "packs"
    data = silent_mp3(1.0)
    write_music_pack(folder, data)
    app, _socketio, hub = create_app(HostConfig(data_dir=tmp_path / "data", packs=[folder],
                                                bundled_packs=False, resume=False))
    client = app.test_client()
    url = hub.bank.get("en-mus-001").audio_url
    whole = client.get(url)
    assert whole.status_code == 200 and whole.mimetype == "audio/mpeg"
    assert whole.get_data() == data and "immutable" in whole.headers["Cache-Control"]
    part = client.get(url, headers={"Range": "bytes=0-99"})
    assert part.status_code == 206 and part.get_data() == data[:100]
    assert client.get("/media/questions/en-nope-001/audio").status_code == 404
    (folder / "clips" / "anthem.mp3").write_bytes(b"<script>changed since</script>")
    assert client.get(url).status_code == 404  # checked again when served
    hub.close()


def test_one_prompt_over_different_clips_is_not_a_repeat(tmp_path: Path) -> None:
    """"Which anthem is this?" asked of two recordings, or of two parts of one recording,
    is two questions; asked twice of the same part it is the loader's repeat warning."""
    clips = tmp_path / "clips"
    clips.mkdir()
    for name in ("anthem.mp3", "other.mp3"):
        (clips / name).write_bytes(silent_mp3(1.0))
    questions = [
        music_question(id="en-mus-001"),
        music_question(id="en-mus-002", audio="clips/other.mp3", answer="God Save the King"),
        music_question(id="en-mus-003", clip=[3, 5.5], answer="Ode to Joy"),
        music_question(id="en-mus-004", answer="Hatikvah"),  # en-mus-001's clip again
    ]
    pack = tmp_path / "music.yaml"
    pack.write_text(yaml.safe_dump({"pack": "music", "language": "en", "title": "Music",
                                    "questions": questions}), encoding="utf-8")
    loaded = load_pack(pack)
    assert [q.id for q in loaded.questions] == [q["id"] for q in questions]
    assert [(p.question_id, p.severity, p.message) for p in loaded.problems] == [
        ("en-mus-004", "warning", "same prompt as question 'en-mus-001'")]


def test_near_repeats_over_different_clips_pass_the_quality_check(tmp_path: Path) -> None:
    """The same goes for `questions check`'s near-duplicate prompts (host/quiz/lint.py)."""
    (tmp_path / "clips").mkdir()
    for name in ("anthem.mp3", "other.mp3"):
        (tmp_path / "clips" / name).write_bytes(silent_mp3(1.0))
    asked = "Which national anthem do you hear?"
    reworded = "You hear which national anthem?"
    questions = [
        music_question(id="en-mus-001", prompt=asked),
        music_question(id="en-mus-002", prompt=reworded, audio="clips/other.mp3",
                       answer="God Save the King"),
        music_question(id="en-mus-003", prompt=reworded, answer="Hatikvah"),  # 001's clip
    ]
    pack = tmp_path / "music.yaml"
    pack.write_text(yaml.safe_dump({"pack": "music", "language": "en", "title": "Music",
                                    "questions": questions}), encoding="utf-8")
    loaded = load_pack(pack)
    assert loaded.problems == []
    found = lint_packs([loaded])
    assert [(p.question_id, p.field) for p in found] == [("en-mus-003", "prompt")], found
    assert "nearly repeats question 'en-mus-001'" in found[0].message
