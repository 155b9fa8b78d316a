"""The music round's score format and MIDI writer (tools/music): pure, no rendering."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tools.music.midi import TICKS_PER_QUARTER, Event, events, midi_bytes, variable_length
from tools.music.score import Note, ScoreError, midi_pitch, parse_score

HEADER = """title: Test tune
composer: Nobody
work: A test
year: 1800
public-domain: made up for the test
tempo: 120
meter: 4/4
"""


def score(body: str, extra: str = ""):  # type: ignore[no-untyped-def]
    return parse_score(HEADER + extra + body, "test")


@pytest.mark.parametrize(("text", "pitch"), [
    ("C4", 60), ("A4", 69), ("F#4", 66), ("Bb3", 58), ("B#3", 60), ("Cb4", 59), ("C-1", 0),
    ("G9", 127), ("E##4", 66), ("Dbb4", 60)])
def test_pitches_are_midi_numbers_with_middle_c_60(text: str, pitch: int) -> None:
    assert midi_pitch(text) == pitch


@pytest.mark.parametrize("text", ["H4", "C", "c4", "G#9", "C#10", "4C"])
def test_a_wrong_pitch_is_refused(text: str) -> None:
    with pytest.raises(ValueError):
        midi_pitch(text)


def test_notes_keep_the_last_length_and_chords_and_rests_are_notes() -> None:
    tune = score("voice: melody 73\nC4 D4:0.5 E4 F4:2 | F#4+A4:1 r G4:1/3 A4 B4 r:1 | C5:4 |\n")
    notes = tune.voices[0].notes
    assert [n.beats for n in notes[:3]] == [1, Fraction(1, 2), Fraction(1, 2)]
    assert notes[4] == Note(Fraction(4), Fraction(1), (66, 69))
    assert notes[5].pitches == () and notes[5].beats == 1
    assert [n.beats for n in notes[6:9]] == [Fraction(1, 3)] * 3
    assert notes[-1].start == 8 and tune.beats == 12 and tune.seconds == 6.0
    assert tune.voices[0].program == 73 and tune.voices[0].velocity == 100


def test_comments_are_set_aside_but_sharps_are_not() -> None:
    tune = score("# a comment line\nvoice: melody 0 90  # the right hand\nF#4:4 | # sharp above\n")
    assert tune.voices[0].notes[0].pitches == (66,) and tune.voices[0].velocity == 90


def test_a_bar_that_does_not_add_up_is_refused_with_its_line_and_number() -> None:
    with pytest.raises(ScoreError, match=r"test:10: voice melody: bar 2 lasts 3\.5 quarter notes,"
                                         r" not 4"):
        score("voice: melody 0\nC4:4 |\nD4:2 E4:1.5 |\nC4:4 |\n")


def test_the_pickup_and_a_short_last_bar_are_allowed() -> None:
    tune = score("voice: melody 0\nG3 | C4:4 | C4:2\n", "pickup: 1\n")
    assert tune.beats == 7
    with pytest.raises(ScoreError, match="bar 1 lasts 2"):
        score("voice: melody 0\nG3:2 | C4:4 |\n", "pickup: 1\n")


def test_a_free_meter_checks_no_bars() -> None:
    tune = parse_score(HEADER.replace("meter: 4/4", "meter: free") + "voice: organ 19\n"
                       "A5:0.125 G5 A5:1.75 | D5:3 |\n", "free")
    assert tune.beats == 5 and tune.meter == (4, 4)


@pytest.mark.parametrize(("text", "message"), [
    (HEADER.replace("tempo: 120\n", ""), "missing tempo"),
    (HEADER + "key: C\n", "unknown field 'key'"),
    (HEADER + "C4 D4\n", "notes before any 'voice:' line"),
    (HEADER + "voice: melody 200\nC4\n", "program"),
    (HEADER + "voice: melody 0\nC4 X4\n", "'X4' is not a pitch"),
    (HEADER + "voice: melody 0\nC4:0\n", "lasts more than nothing"),
    (HEADER.replace("4/4", "4/5") + "voice: m 0\nC4\n", "meter"),
])
def test_a_wrong_score_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ScoreError, match=message):
        parse_score(text, "bad")


def test_a_tune_becomes_the_midi_events_of_its_notes() -> None:
    tune = score("voice: melody 73 90\nC4 r:0.5 E4:0.5 r:2 | G4+C5:2 |\nvoice: bass 32\nC3:4\n")
    melody, bass = events(tune)
    q = TICKS_PER_QUARTER
    assert melody == [
        Event(0, "program", 0, 73),
        Event(0, "on", 0, 60, 90), Event(round(q * 0.9), "off", 0, 60),
        Event(q * 3 // 2, "on", 0, 64, 90), Event(q * 3 // 2 + round(q * 0.45), "off", 0, 64),
        Event(4 * q, "on", 0, 67, 90), Event(4 * q, "on", 0, 72, 90),
        Event(4 * q + round(q * 1.8), "off", 0, 67), Event(4 * q + round(q * 1.8), "off", 0, 72),
    ]
    assert bass == [Event(0, "program", 1, 32), Event(0, "on", 1, 48, 100),
                    Event(round(q * 3.6), "off", 1, 48)]


def test_a_repeated_note_is_released_before_it_sounds_again() -> None:
    (melody,) = events(score("voice: m 0\nE4 E4 E4 E4 |\n"))
    times = [(e.tick, e.kind) for e in melody if e.kind != "program"]
    assert times == sorted(times) and all(
        off < on for (off, _), (on, _) in zip(times[1::2], times[2::2], strict=False))


@pytest.mark.parametrize(("value", "encoded"), [
    (0, "00"), (0x40, "40"), (0x7F, "7F"), (0x80, "8100"), (0x2000, "C000"), (0x3FFF, "FF7F"),
    (0x4000, "818000"), (0x100000, "C08000"), (0x1FFFFF, "FFFF7F"), (0x0FFFFFFF, "FFFFFF7F")])
def test_delta_times_are_midi_variable_length_quantities(value: int, encoded: str) -> None:
    # The examples of the Standard MIDI File 1.0 specification.
    assert variable_length(value) == bytes.fromhex(encoded)


def test_the_file_has_a_conductor_track_and_one_track_per_voice() -> None:
    data = midi_bytes(score("voice: a 0\nC4:4 |\nvoice: b 0\nC3:4 |\n"))
    assert data[:14] == b"MThd" + bytes.fromhex("00000006 0001 0003 01E0".replace(" ", ""))
    assert data.count(b"MTrk") == 3
    assert b"\xff\x51\x03\x07\xa1\x20" in data  # 120 quarter notes a minute: 500,000 us each
    assert b"\xff\x58\x04\x04\x02\x18\x08" in data  # 4/4
    assert data.endswith(b"\xff\x2f\x00")


def test_the_listen_check_measures_the_melody_where_it_sounds_alone() -> None:
    from tools.music.listen import first_notes

    tune = score("voice: melody 0\nC5 D5 E5:0.25 E5:0.75 F5 |\nvoice: bass 32\nr:2 C3:2 |\n")
    # 120 a minute: half a second a quarter; notes under the bass wait while some sound alone
    assert first_notes(tune) == [(0.0, 0.5, 72, frozenset({0})), (0.5, 0.5, 74, frozenset({2}))]
    under = score("voice: melody 0\nE5:4 |\nvoice: bass 32\nC3:4 |\n")
    assert first_notes(under) == [(0.0, 2.0, 76, frozenset({0, 4}))]
    short = score("voice: melody 0\nC5:0.125 D5:3.875 |\n")  # 62 ms: too short to measure
    assert [pitch for _, _, pitch, _ in first_notes(short)] == [74]
