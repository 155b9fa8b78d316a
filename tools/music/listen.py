"""Read a rendered clip back, since nobody here listens: decode it with opusdec, measure
its length, and find the pitch of the melody's first notes (a Goertzel filter at each
semitone around the written note, its harmonics summed), so a transposition or an octave
slip in the tool shows. Pure Python: the check runs only when the clips are rendered."""

from __future__ import annotations

import math
import subprocess
import tempfile
import wave
from array import array
from dataclasses import dataclass
from pathlib import Path

from tools.music.score import Score

DECODE_RATE = 16_000
SEARCH = 13  # semitones either side of the written pitch
HARMONICS = 8


@dataclass(frozen=True)
class Heard:
    seconds: float
    # (written pitch, the two pitches found, the pitch classes it may be heard as)
    checked: list[tuple[int, tuple[int, int], frozenset[int]]]

    @property
    def exact(self) -> int:
        """Notes found exactly as written by one of the two ways."""
        return sum(written in found for written, found, _ in self.checked)

    @property
    def in_key(self) -> int:
        """Notes found in a pitch class that sounds then (an octave slip forgiven)."""
        return sum(any(f % 12 in allowed for f in found) for _, found, allowed in self.checked)


def decode(clip: Path) -> tuple[array[int], int]:
    """The clip as mono 16-bit samples at DECODE_RATE."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "clip.wav"
        subprocess.run(["opusdec", "--quiet", "--rate", str(DECODE_RATE), str(clip), str(out)],
                       check=True)
        with wave.open(str(out)) as wav:
            channels, rate = wav.getnchannels(), wav.getframerate()
            frames = array("h", wav.readframes(wav.getnframes()))
    if channels > 1:
        frames = array("h", (frames[i] for i in range(0, len(frames), channels)))
    return frames, rate


def power_at(samples: list[float], rate: int, frequency: float) -> float:
    """Goertzel: the signal's power at one frequency."""
    coefficient = 2 * math.cos(2 * math.pi * frequency / rate)
    previous = before = 0.0
    for sample in samples:
        previous, before = sample + coefficient * previous - before, previous
    return previous * previous + before * before - coefficient * previous * before


def frequency_of(pitch: int) -> float:
    return 440.0 * 2 ** ((pitch - 69) / 12)


def pitch_in(samples: array[int], rate: int, start: float, length: float,
             written: int) -> tuple[int, int]:
    """The semitone within SEARCH of `written` that best explains the window, found twice:
    with the harmonics weighted down (1/h: finds the note when its fundamental is strong,
    may answer an octave up) and weighted alike (finds a weak fundamental, as a bassoon's
    low notes, may answer a fifth or an octave down). Each errs differently; both miss a
    transposed note."""
    first = int(start * rate)
    window = samples[first:first + int(length * rate)]
    size = len(window)
    shaped = [s * (0.5 - 0.5 * math.cos(2 * math.pi * i / size)) for i, s in enumerate(window)]
    best = [(-1.0, written), (-1.0, written)]
    for pitch in range(written - SEARCH, written + SEARCH + 1):
        base = frequency_of(pitch)
        powers = [power_at(shaped, rate, base * h) for h in range(1, HARMONICS + 1)
                  if base * h < rate / 2]
        best[0] = max(best[0], (sum(p / h for h, p in enumerate(powers, start=1)), pitch))
        best[1] = max(best[1], (sum(powers), pitch))
    return best[0][1], best[1][1]


def first_notes(score: Score, count: int = 6,
                min_seconds: float = 0.12) -> list[tuple[float, float, int, frozenset[int]]]:
    """(start, length, written pitch, pitch classes that may be heard) of the melody's first
    single notes long enough to measure. A note alone may only be heard as itself (or an
    octave off); under other voices, as any pitch class sounding then (a transposition of
    the whole tune still shows)."""
    melody, others = score.voices[0], score.voices[1:]
    per_beat = 60 / score.tempo
    alone: list[tuple[float, float, int, frozenset[int]]] = []
    together: list[tuple[float, float, int, frozenset[int]]] = []
    for note in melody.notes:
        seconds = float(note.beats) * per_beat
        if len(note.pitches) != 1 or seconds < min_seconds:
            continue
        end = note.start + note.beats
        sounding = {p % 12 for voice in others for o in voice.notes
                    if o.start < end and note.start < o.start + o.beats for p in o.pitches}
        found = (float(note.start) * per_beat, seconds, note.pitches[0],
                 frozenset(sounding | {note.pitches[0] % 12}))
        (together if sounding else alone).append(found)
    return (alone or together)[:count]


def listen(score: Score, clip: Path) -> Heard:
    samples, rate = decode(clip)
    checked = []
    for start, seconds, written, allowed in first_notes(score):
        # Skip the attack and the last note's release (an organ's, a reverb's): start a
        # fifth into the note (at most 0.1 s), measure three quarters of it (at most 0.3 s):
        # a low note needs the longer window to tell its semitones apart.
        skip = min(seconds * 0.2, 0.1)
        window = min(seconds * 0.75, 0.3)
        found = pitch_in(samples, rate, start + skip, window, written)
        checked.append((written, found, allowed))
    return Heard(len(samples) / rate, checked)
