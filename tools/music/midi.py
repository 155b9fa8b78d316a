"""A score as a Standard MIDI File (type 1): one track for the tempo and the meter, one
per voice on its own channel with its General MIDI program.

The file format is the MIDI Manufacturers Association's "Standard MIDI Files 1.0": a few
dozen lines of bytes, so we write it here rather than add a dependency for a tool that
runs when the clips are rendered again. `events` is the pure part the tests read.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from fractions import Fraction

from tools.music.score import Score, Voice

TICKS_PER_QUARTER = 480
ARTICULATION = Fraction(9, 10)  # a note sounds for this share of its length: repeats are heard
TAIL_SECONDS = 1.2  # the end of the file after the last note: room for the sound to die away
_PERCUSSION_CHANNEL = 9


@dataclass(frozen=True, order=True)
class Event:
    """One channel event: at `tick`, `kind` 'off' (sorted before 'on' at the same tick),
    'on' or 'program', with its channel, note (or program) and velocity."""

    tick: int
    kind: str
    channel: int
    data: int
    velocity: int = 0


def channel_of(index: int) -> int:
    """The channel of the voice at `index`, skipping channel 10 (percussion in GM)."""
    return index if index < _PERCUSSION_CHANNEL else index + 1


def voice_events(voice: Voice, channel: int) -> list[Event]:
    """The program change, then a note-on and a note-off per pitch, sorted by time."""
    found = [Event(0, "program", channel, voice.program)]
    for note in voice.notes:
        on = round(note.start * TICKS_PER_QUARTER)
        off = on + max(1, round(note.beats * ARTICULATION * TICKS_PER_QUARTER))
        for pitch in note.pitches:
            found.append(Event(on, "on", channel, pitch, voice.velocity))
            found.append(Event(off, "off", channel, pitch))
    return sorted(found, key=lambda e: (e.tick, {"program": 0, "off": 1, "on": 2}[e.kind]))


def events(score: Score) -> list[list[Event]]:
    """Each voice's events, in the score's order."""
    return [voice_events(voice, channel_of(i)) for i, voice in enumerate(score.voices)]


def end_tick(score: Score) -> int:
    tail = Fraction(TAIL_SECONDS) * score.tempo / 60
    return round((score.beats + tail) * TICKS_PER_QUARTER)


def variable_length(value: int) -> bytes:
    """MIDI's variable-length quantity: 7 bits a byte, the high bit set on all but the last."""
    if value < 0:
        raise ValueError("a delta time is not negative")
    out = [value & 0x7F]
    value >>= 7
    while value:
        out.append(0x80 | (value & 0x7F))
        value >>= 7
    return bytes(reversed(out))


def _status(event: Event) -> bytes:
    if event.kind == "program":
        return bytes([0xC0 | event.channel, event.data])
    if event.kind == "on":
        return bytes([0x90 | event.channel, event.data, event.velocity])
    return bytes([0x80 | event.channel, event.data, 0])


def _track(body: list[tuple[int, bytes]], end: int) -> bytes:
    data = bytearray()
    now = 0
    for tick, message in body:
        data += variable_length(tick - now) + message
        now = tick
    data += variable_length(max(0, end - now)) + b"\xff\x2f\x00"  # end of track
    return b"MTrk" + struct.pack(">I", len(data)) + bytes(data)


def midi_bytes(score: Score) -> bytes:
    """The whole file."""
    end = end_tick(score)
    numerator, denominator = score.meter
    tempo = round(60_000_000 / score.tempo)  # microseconds per quarter note
    conductor = [(0, b"\xff\x51\x03" + tempo.to_bytes(3, "big")),
                 (0, bytes([0xFF, 0x58, 0x04, numerator, denominator.bit_length() - 1, 24, 8]))]
    tracks = [_track(conductor, end)]
    for voice_list in events(score):
        tracks.append(_track([(e.tick, _status(e)) for e in voice_list], end))
    header = b"MThd" + struct.pack(">IHHH", 6, 1, len(tracks), TICKS_PER_QUARTER)
    return header + b"".join(tracks)
