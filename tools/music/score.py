"""Read a tune written in Tourelle's score format (`questions/music-scores/*.tune`).

A score is a header of `key: value` lines, then one or more voices, each a `voice:` line
followed by its notes. `#` starts a comment. Example:

    title: Ode to Joy
    composer: Ludwig van Beethoven (1770-1827)
    work: Symphony No. 9 in D minor, Op. 125, finale
    year: 1824
    public-domain: the composer died in 1827; the score was published in 1824
    tempo: 120          # quarter notes per minute
    meter: 4/4          # every bar is checked against it ('free': no bar check)
    pickup: 1           # optional: the first bar's length in quarter notes
    voice: melody 73    # a name and a General MIDI program (0-127); optional velocity
    F#4 F#4 G4 A4 | A4 G4 F#4 E4 | D4 D4 E4 F#4 | F#4:1.5 E4:0.5 E4:2 |

A note is a pitch (letter, optional `#` or `b`, octave; C4 is middle C, MIDI 60), `r` for a
rest, or several pitches joined by `+` for a chord (`D3+A3`), optionally followed by its
length in quarter notes after a colon (`:2`, `:0.5`, `:1/3` for a triplet eighth); without
one a note is as long as the one before (the first: a quarter). `|` ends a bar: each full
bar must add up to the meter, the first may be the pickup's length and the last shorter.
Those checks are what catch a slip in a transcription.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

REQUIRED = ("title", "composer", "work", "year", "public-domain", "tempo", "meter")
OPTIONAL = ("pickup", "note")
_LETTERS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
_PITCH = re.compile(r"^([A-G])(##|bb|#|b)?(-?\d)$")
_NOTE = re.compile(r"^([^:]+)(?::(\d+(?:\.\d+)?|\d+/\d+))?$")
_ACCIDENTAL = {None: 0, "#": 1, "##": 2, "b": -1, "bb": -2}


class ScoreError(ValueError):
    """A score that cannot be read, with the file and line in its message."""


@dataclass(frozen=True)
class Note:
    """A note, rest (no pitches) or chord, `start` and `beats` in quarter notes."""

    start: Fraction
    beats: Fraction
    pitches: tuple[int, ...]


@dataclass(frozen=True)
class Voice:
    name: str
    program: int
    velocity: int
    notes: tuple[Note, ...]

    @property
    def beats(self) -> Fraction:
        return self.notes[-1].start + self.notes[-1].beats if self.notes else Fraction(0)


@dataclass(frozen=True)
class Score:
    name: str  # the file's stem: the clip's name
    header: dict[str, str]
    tempo: int
    meter: tuple[int, int]
    voices: tuple[Voice, ...]

    @property
    def beats(self) -> Fraction:
        return max(voice.beats for voice in self.voices)

    @property
    def seconds(self) -> float:
        """How long the notes last (without the sound's release after the last one)."""
        return float(self.beats * 60 / self.tempo)


def midi_pitch(text: str) -> int:
    """`C4` -> 60, `F#4` -> 66, `Bb3` -> 58, `B#3` -> 60."""
    found = _PITCH.match(text)
    if found is None:
        raise ValueError(f"{text!r} is not a pitch (a letter A-G, # or b, an octave: 'F#4')")
    letter, accidental, octave = found.groups()
    pitch = 12 * (int(octave) + 1) + _LETTERS[letter] + _ACCIDENTAL[accidental]
    if not 0 <= pitch <= 127:
        raise ValueError(f"{text!r} is outside the MIDI range")
    return pitch


def parse_note(token: str, previous: Fraction) -> tuple[tuple[int, ...], Fraction]:
    """A note token's pitches (none for a rest) and length in quarter notes."""
    found = _NOTE.match(token)
    if found is None:
        raise ValueError(f"{token!r} is not a note ('E4', 'F#4:1.5', 'r:2', 'C4+E4:2')")
    body, length = found.groups()
    beats = Fraction(length) if length else previous
    if beats <= 0:
        raise ValueError(f"{token!r}: a note lasts more than nothing")
    if body == "r":
        return (), beats
    return tuple(midi_pitch(part) for part in body.split("+")), beats


def parse_score(text: str, name: str = "score") -> Score:
    """The score in `text`; ScoreError (naming `name` and the line) when it is wrong."""
    header: dict[str, str] = {}
    voices: list[tuple[str, int, int, list[tuple[int, str]]]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip(raw)
        if not line:
            continue
        key, colon, value = line.partition(":")
        if colon and key.strip() == "voice":
            voices.append(_voice_line(value, name, number))
        elif colon and not voices and re.fullmatch(r"[a-z-]+", key.strip()):
            if key.strip() not in REQUIRED + OPTIONAL:
                raise ScoreError(f"{name}:{number}: unknown field {key.strip()!r}")
            header[key.strip()] = value.strip()
        elif voices:
            voices[-1][3].append((number, line))
        else:
            raise ScoreError(f"{name}:{number}: notes before any 'voice:' line")
    missing = [key for key in REQUIRED if not header.get(key)]
    if missing:
        raise ScoreError(f"{name}: missing {', '.join(missing)}")
    if not voices:
        raise ScoreError(f"{name}: no voice")
    tempo = _int(header["tempo"], 20, 400, f"{name}: tempo")
    meter = _meter(header["meter"], name)
    pickup = Fraction(header["pickup"]) if header.get("pickup") else None
    built = tuple(Voice(vname, program, velocity, _notes(lines, meter, pickup, name, vname))
                  for vname, program, velocity, lines in voices)
    return Score(name, header, tempo, meter or (4, 4), built)


def _strip(raw: str) -> str:
    """A line without its comment. '#' also marks sharps (F#4), so a comment is a '#'
    with a space or the line's end after it, at the start or after a space."""
    return re.split(r"(?:^|\s)#(?:\s|$)", raw, maxsplit=1)[0].strip()


def _voice_line(value: str, name: str, number: int) -> tuple[str, int, int, list[tuple[int, str]]]:
    parts = value.split()
    if len(parts) not in (2, 3) or not parts[0].isidentifier():
        raise ScoreError(f"{name}:{number}: write 'voice: <name> <program 0-127> [velocity]'")
    program = _int(parts[1], 0, 127, f"{name}:{number}: program")
    velocity = _int(parts[2], 1, 127, f"{name}:{number}: velocity") if len(parts) == 3 else 100
    return parts[0], program, velocity, []


def _int(text: str, low: int, high: int, what: str) -> int:
    if not re.fullmatch(r"\d+", text.strip()) or not low <= int(text) <= high:
        raise ScoreError(f"{what}: {text!r} is not a whole number from {low} to {high}")
    return int(text)


def _meter(text: str, name: str) -> tuple[int, int] | None:
    if text.strip() == "free":
        return None  # a cadenza, a fermata: the bars are not checked (MIDI says 4/4)
    found = re.fullmatch(r"(\d+)/(1|2|4|8|16)", text.strip())
    if found is None or int(found.group(1)) == 0:
        raise ScoreError(f"{name}: meter {text!r} is not like 4/4, 3/4 or 6/8")
    return int(found.group(1)), int(found.group(2))


def _notes(lines: list[tuple[int, str]], meter: tuple[int, int] | None, pickup: Fraction | None,
           name: str, voice: str) -> tuple[Note, ...]:
    bar_beats = Fraction(4 * meter[0], meter[1]) if meter else Fraction(0)
    notes: list[Note] = []
    now = Fraction(0)
    previous = Fraction(1)
    bar_start = Fraction(0)
    bars: list[tuple[int, Fraction]] = []  # (line, length) of each bar closed by '|'
    for number, line in lines:
        for token in line.split():
            if token == "|":
                if now > bar_start:
                    bars.append((number, now - bar_start))
                bar_start = now
                continue
            try:
                pitches, previous = parse_note(token, previous)
            except ValueError as err:
                raise ScoreError(f"{name}:{number}: voice {voice}: {err}") from None
            notes.append(Note(now, previous, pitches))
            now += previous
    if now > bar_start:
        bars.append((lines[-1][0] if lines else 0, now - bar_start))
    if not notes:
        raise ScoreError(f"{name}: voice {voice} has no notes")
    for index, (number, length) in enumerate(bars if meter else []):
        first, last = index == 0, index == len(bars) - 1
        wanted = pickup if first and pickup is not None else bar_beats
        if length == wanted or (last and length < bar_beats):
            continue
        raise ScoreError(f"{name}:{number}: voice {voice}: bar {index + 1} lasts "
                         f"{_show(length)} quarter notes, not {_show(wanted)}")
    return tuple(notes)


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else str(float(value))


def read_score(path: Path) -> Score:
    return parse_score(path.read_text(encoding="utf-8"), path.stem)
