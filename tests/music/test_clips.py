"""The bundled music round: every score parses and has its clip, every clip is a sound Ogg
Opus file as long as its score, SOURCES.csv gives each clip's licences, and the packs hold
at least 30 checked questions a language on them. Nothing is rendered here: the clips are
committed (tools/music/render.py makes them again)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from host.quiz.packs import load_pack
from tools.music.midi import TAIL_SECONDS
from tools.music.ogg import NotOggOpus, read_opus, read_opus_file
from tools.music.render import CLIPS, MAX_CLIP_BYTES, MAX_SECONDS, MIN_SECONDS, SCORES
from tools.music.score import read_score

ROOT = Path(__file__).resolve().parents[2]
PACKS = ROOT / "questions" / "packs"
SCORE_FILES = sorted(SCORES.glob("*.tune"))
MAX_TOTAL_BYTES = 3_000_000


def test_every_score_parses_has_its_clip_and_every_clip_its_score() -> None:
    assert len(SCORE_FILES) >= 30
    names = {path.stem for path in SCORE_FILES}
    assert names == {clip.stem for clip in CLIPS.glob("*.opus")}
    for path in SCORE_FILES:
        score = read_score(path)
        assert MIN_SECONDS <= score.seconds + TAIL_SECONDS <= MAX_SECONDS, path.name


@pytest.mark.parametrize("path", SCORE_FILES, ids=lambda p: p.stem)
def test_each_clip_is_mono_ogg_opus_as_long_as_its_score(path: Path) -> None:
    clip = CLIPS / f"{path.stem}.opus"
    info = read_opus_file(clip)
    assert info.channels == 1 and info.input_rate == 48_000
    assert info.seconds == pytest.approx(read_score(path).seconds + TAIL_SECONDS, abs=0.1)
    assert 0 < clip.stat().st_size <= MAX_CLIP_BYTES
    assert "public domain" in info.tags["LICENSE"]


def test_the_clips_are_small_together() -> None:
    assert sum(clip.stat().st_size for clip in CLIPS.glob("*.opus")) <= MAX_TOTAL_BYTES


def test_the_ogg_reader_refuses_a_damaged_or_cut_file() -> None:
    data = (CLIPS / f"{SCORE_FILES[0].stem}.opus").read_bytes()
    damaged = bytearray(data)
    damaged[len(data) // 2] ^= 0xFF
    with pytest.raises(NotOggOpus, match="checksum"):
        read_opus(bytes(damaged))
    with pytest.raises(NotOggOpus, match="cut short"):
        read_opus(data[:-10])
    with pytest.raises(NotOggOpus, match="no Ogg page"):
        read_opus(b"ID3" + data)


def test_sources_give_each_clip_its_work_and_licences() -> None:
    with (CLIPS / "SOURCES.csv").open(encoding="utf-8", newline="") as stream:
        rows = {row["file"]: row for row in csv.DictReader(stream)}
    assert set(rows) == {f"{path.stem}.opus" for path in SCORE_FILES}
    for name, row in rows.items():
        score = read_score(SCORES / name.replace(".opus", ".tune"))
        assert score.header["title"] in row["subject"] and score.header["year"] in row["subject"]
        assert "Score transcribed by Tourelle" in row["source"]
        assert "FluidR3_GM" in row["source"] and "MIT" in row["licence"]
        assert f"public domain ({score.header['public-domain']})" in row["licence"]


@pytest.mark.parametrize("language", ["en", "fr"])
def test_each_language_has_30_music_questions_on_the_clips(language: str) -> None:
    pack = load_pack(PACKS / f"{language}-music.yaml")
    assert pack.problems == []
    assert len(pack.questions) >= 30
    clips = [q.to_pack_form()["audio"] for q in pack.questions]
    assert all(q.category == "music" and q.language == language for q in pack.questions)
    assert len(set(clips)) == len(clips)  # a clip is asked once a language
    assert {Path(c).stem for c in clips} == {path.stem for path in SCORE_FILES}
    kinds = {q.kind for q in pack.questions}
    assert kinds == {"choice", "text"}


@pytest.mark.parametrize("data", [b"", b"OggS", bytes(range(256)) * 3, b"\xff" * 1000])
def test_the_fast_ogg_checksum_is_the_bytewise_one(data: bytes) -> None:
    from tools.music.ogg import ogg_crc, ogg_crc_slow

    assert ogg_crc(data) == ogg_crc_slow(data)
