"""Render the music round's clips from their scores (docs/QUESTIONS.md, "The music round").

For each `questions/music-scores/<name>.tune`: write a MIDI file (tools/music/midi.py),
render it with FluidSynth and the FluidR3_GM General MIDI sound font (Debian packages
`fluidsynth` and `fluid-soundfont-gm`, MIT licence), mix it down to mono and bring its
peak to -1 dBFS, encode it to Ogg Opus with opusenc (Debian `opus-tools`) as
`questions/packs/music/<name>.opus`, write `questions/packs/music/SOURCES.csv`, then read
every clip back (tools/music/listen.py): its length against the score's, and the pitch of
its first notes against the written ones.

    apt-get install fluidsynth fluid-soundfont-gm opus-tools
    .venv/bin/python -m tools.music.render            # every score
    .venv/bin/python -m tools.music.render ode-to-joy # some
    .venv/bin/python -m tools.music.render --check    # read the committed clips back only

The clips are committed: a host needs none of this.
"""

from __future__ import annotations

import argparse
import csv
import subprocess
import sys
import tempfile
import wave
import zlib
from array import array
from pathlib import Path

from tools.music.listen import listen
from tools.music.midi import TAIL_SECONDS, midi_bytes
from tools.music.ogg import read_opus_file
from tools.music.score import Score, read_score

ROOT = Path(__file__).resolve().parents[2]
SCORES = ROOT / "questions" / "music-scores"
CLIPS = ROOT / "questions" / "packs" / "music"
SOUND_FONT = Path("/usr/share/sounds/sf2/FluidR3_GM.sf2")
BITRATE_KBPS = 24
RATE = 48_000
PEAK = 10 ** (-1 / 20)  # -1 dBFS
MIN_SECONDS, MAX_SECONDS = 10.0, 20.0  # a clip's length, the tail included
MAX_CLIP_BYTES = 120_000
SOUND_FONT_NOTE = ("FluidR3_GM General MIDI sound font by Frank Wen (Debian package "
                   "fluid-soundfont-gm 3.1), MIT licence")
TOOL_NOTE = "rendered by Tourelle's tools/music/render.py with FluidSynth, encoded by opusenc"


def scores(names: list[str] | None = None) -> list[Score]:
    paths = sorted(SCORES.glob("*.tune"))
    if names:
        paths = [p for p in paths if p.stem in names]
        missing = set(names) - {p.stem for p in paths}
        if missing:
            raise SystemExit(f"no score named {', '.join(sorted(missing))} in {SCORES}")
    return [read_score(path) for path in paths]


def clip_seconds(score: Score) -> float:
    return score.seconds + TAIL_SECONDS


def render(score: Score, out: Path) -> None:
    seconds = clip_seconds(score)
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise SystemExit(f"{score.name}: the clip would last {seconds:.1f} s; write a score "
                         f"of {MIN_SECONDS:.0f} to {MAX_SECONDS:.0f} s (change the tempo or cut)")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        midi, stereo, mono = folder / "tune.mid", folder / "stereo.wav", folder / "mono.wav"
        midi.write_bytes(midi_bytes(score))
        subprocess.run(["fluidsynth", "-n", "-i", "-q", "-g", "0.5", "-r", str(RATE),
                        "-O", "s16", "-T", "wav", "-F", str(stereo), str(SOUND_FONT), str(midi)],
                       check=True, stdout=subprocess.DEVNULL)
        mix_down(stereo, mono, seconds)
        header = score.header
        subprocess.run(["opusenc", "--quiet", "--bitrate", str(BITRATE_KBPS), "--serial",
                        str(zlib.crc32(score.name.encode()) & 0x7FFFFFFF),
                        "--title", header["title"], "--artist", header["composer"],
                        "--comment", f"LICENSE={licence(score)}",
                        "--comment", "ORGANIZATION=Tourelle", str(mono), str(out)], check=True)


def mix_down(stereo: Path, mono: Path, seconds: float) -> None:
    """Average the two channels, cut at `seconds`, and scale the peak to PEAK."""
    with wave.open(str(stereo)) as wav:
        assert wav.getsampwidth() == 2 and wav.getnchannels() == 2
        frames = array("h", wav.readframes(min(wav.getnframes(), int(seconds * RATE))))
    samples = [(frames[i] + frames[i + 1]) / 2 for i in range(0, len(frames), 2)]
    peak = max(1.0, max(abs(s) for s in samples))
    scale = PEAK * 32767 / peak
    fade = int(0.3 * RATE)  # a short fade at the cut
    out = array("h", (round(s * scale * min(1.0, (len(samples) - i) / fade))
                      for i, s in enumerate(samples)))
    with wave.open(str(mono), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(out.tobytes())


def licence(score: Score) -> str:
    return (f"Music: public domain ({score.header['public-domain']}); score transcribed by "
            f"Tourelle and this recording: MIT, like Tourelle; sound font: {SOUND_FONT_NOTE}")


def write_sources(all_scores: list[Score]) -> None:
    with (CLIPS / "SOURCES.csv").open("w", encoding="utf-8", newline="") as stream:
        writer = csv.writer(stream, lineterminator="\n")
        writer.writerow(["file", "subject", "source", "licence"])
        for score in all_scores:
            h = score.header
            writer.writerow([
                f"{score.name}.opus",
                f"{h['title']}: {h['work']}, {h['composer']}, {h['year']}",
                f"Score transcribed by Tourelle (questions/music-scores/{score.name}.tune); "
                f"{TOOL_NOTE}; sound font: {SOUND_FONT_NOTE}",
                licence(score)])


def check(score: Score) -> list[str]:
    """What is wrong with a rendered clip, read back; prints what it heard."""
    clip = CLIPS / f"{score.name}.opus"
    if not clip.is_file():
        return [f"{score.name}: no clip {clip.name}"]
    problems = []
    info = read_opus_file(clip)
    expected = clip_seconds(score)
    if info.channels != 1 or abs(info.seconds - expected) > 0.1:
        problems.append(f"{score.name}: {info.channels} channels, {info.seconds:.2f} s "
                        f"(the score: {expected:.2f} s)")
    if clip.stat().st_size > MAX_CLIP_BYTES:
        problems.append(f"{score.name}: {clip.stat().st_size} bytes, over {MAX_CLIP_BYTES}")
    heard = listen(score, clip)
    if abs(heard.seconds - expected) > 0.1:
        problems.append(f"{score.name}: decoded {heard.seconds:.2f} s, not {expected:.2f} s")
    # More than half the notes must be heard in a pitch class that sounds then: a tool that
    # transposed the tune, or a wrong program, misses nearly all of them.
    if not heard.checked or 2 * heard.in_key < len(heard.checked) + 1:
        problems.append(f"{score.name}: first notes written/heard {heard.checked}")
    print(f"{score.name}: {info.seconds:.2f} s (score {expected:.2f} s, decoded "
          f"{heard.seconds:.2f} s), {clip.stat().st_size:,} bytes, first notes "
          f"{heard.exact}/{len(heard.checked)} heard exactly as written, {heard.in_key} in a "
          f"pitch class sounding then")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="score names (default: every score)")
    parser.add_argument("--check", action="store_true", help="only read the clips back")
    args = parser.parse_args(argv)
    chosen = scores(args.names or None)
    if not args.check:
        CLIPS.mkdir(parents=True, exist_ok=True)
        for score in chosen:
            render(score, CLIPS / f"{score.name}.opus")
        write_sources(scores())
    problems = [problem for score in chosen for problem in check(score)]
    for problem in problems:
        print(problem, file=sys.stderr)
    total = sum(p.stat().st_size for p in CLIPS.glob("*.opus"))
    print(f"{len(chosen)} clips checked, {len(problems)} problems; all clips: {total:,} bytes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
