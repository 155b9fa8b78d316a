"""Media refusals in `tourelle questions check` (and so in the bank, which loads packs the
same way): for a picture, a sound and a video, a file whose first bytes are not what its
name says, a file over its kind's limit, and a path outside the pack (`..`, absolute, a
symbolic link that leads out). Each refusal names the pack file, the line of the field and
the reason with the media file's name; the check writes nothing in the pack's folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import yaml

from host.quiz.audio import MAX_AUDIO_BYTES, MAX_VIDEO_BYTES
from host.quiz.cli import main
from host.quiz.packs import load_pack
from host.quiz.pictures import MAX_IMAGE_BYTES
from tests.synthetic import TINY_WEBM, silent_mp3

PNG_HEAD = b"\x89PNG\r\n\x1a\n" + bytes(32)
# field, file name, good first bytes, the kind's limit, the noun in messages
KINDS = [("image", "still.png", PNG_HEAD, MAX_IMAGE_BYTES, "picture"),
         ("audio", "theme.mp3", silent_mp3(0.2), MAX_AUDIO_BYTES, "sound"),
         ("video", "scene.webm", TINY_WEBM.read_bytes()[:4096], MAX_VIDEO_BYTES, "video")]


def question(field: str, ref: str) -> dict[str, object]:
    return {"id": "en-media-001", "category": "arts", "difficulty": 2, "kind": "text",
            "prompt": "What is this?", "answer": "A test", "source": "made here", field: ref}


def write(folder: Path, field: str, ref: str) -> Path:
    pack = folder / "media.yaml"
    pack.write_text(yaml.safe_dump({"pack": "media", "language": "en", "title": "Media",
                                    "questions": [question(field, ref)]}), encoding="utf-8")
    return pack


def line_of(pack: Path, field: str) -> int:
    return 1 + next(i for i, text in enumerate(pack.read_text().splitlines())
                    if text.strip().startswith(f"{field}:"))


def listing(folder: Path) -> dict[str, tuple[int, int]]:
    """Every entry under the folder with its size and modification time."""
    return {str(p.relative_to(folder)): (p.lstat().st_size, p.lstat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


def sized(path: Path, head: bytes, size: int) -> None:
    """A file of `size` bytes that starts with `head` (sparse: quick and small on disk)."""
    with path.open("wb") as out:
        out.write(head)
        out.truncate(size)


def refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, ref: str,
            folder: Path) -> str:
    """Check the pack naming `ref`: exit 1, one error on the field's line; its message."""
    pack = write(folder, field, ref)
    before = listing(tmp_path)
    assert main(["questions", "check", str(pack)]) == 1
    out = capsys.readouterr().out
    assert listing(tmp_path) == before  # nothing written, nothing moved
    loaded = load_pack(pack)
    assert loaded.questions == []
    (problem,) = [p for p in loaded.problems if p.field == field]
    assert problem.line == line_of(pack, field) and problem.path == str(pack)
    assert f"{pack}:{problem.line}: question 'en-media-001': field '{field}': " in out
    return problem.message


@pytest.mark.parametrize(("field", "name", "head", "limit", "noun"), KINDS)
def test_a_good_file_passes_and_every_kind_of_bad_one_is_refused_with_file_and_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], field: str, name: str, head: bytes,
        limit: int, noun: str) -> None:
    folder = tmp_path / "pack"
    folder.mkdir()
    (folder / name).write_bytes(head)
    assert main(["questions", "check", str(write(folder, field, name))]) == 0
    capsys.readouterr()

    (folder / name).write_bytes(b"<html>made to look like one</html>")
    assert refusal(tmp_path, capsys, field, name, folder).startswith(f"{name}: not a {noun}")

    sized(folder / name, head, limit + 1)
    message = refusal(tmp_path, capsys, field, name, folder)
    assert message.startswith(f"{name}: the {noun} is {limit + 1:,} bytes, more than the "
                              f"{limit:,} allowed")

    outside = tmp_path / "secret"
    outside.mkdir()
    (outside / name).write_bytes(head)
    assert "('..' is not allowed)" in refusal(tmp_path, capsys, field, f"../secret/{name}",
                                              folder)
    assert "not an absolute one" in refusal(tmp_path, capsys, field, str(outside / name),
                                            folder)
    os.symlink(outside / name, folder / f"link-{name}")
    assert refusal(tmp_path, capsys, field, f"link-{name}", folder) == (
        f"'link-{name}' leads outside the pack's folder (a link): copy the file beside the pack")
