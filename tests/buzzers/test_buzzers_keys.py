from __future__ import annotations

from dataclasses import dataclass

import pytest

from buzzers.config import parse_config
from buzzers.keys import (
    EV_KEY,
    EVIOCSCLOCKID,
    event_time_ns,
    key_map,
    press_from_char,
    press_from_event,
)
from buzzers.press import Press
from buzzers.source import BuzzerError

CONFIG = parse_config(
    {
        "seats": [
            {"seat": 1, "name": "Red", "key": "KEY_1", "char": "a"},
            {"seat": 2, "name": "Blue", "key": 3, "char": "z"},
            {"seat": 3, "name": "Green"},
        ]
    }
)
CODES = {"KEY_1": 2, "KEY_2": 3, "KEY_A": 30}
EV_SYN = 0


@dataclass
class FakeEvent:
    type: int
    code: int
    value: int
    sec: int
    usec: int


def test_event_stamp_is_kernel_seconds_and_microseconds() -> None:
    assert event_time_ns(FakeEvent(EV_KEY, 2, 1, 12, 345_678)) == 12_345_678_000


def test_keymap_resolves_names_and_codes() -> None:
    assert key_map(CONFIG, CODES) == {2: 1, 3: 2}
    bad = parse_config({"seats": [{"seat": 1, "key": "KEY_NOPE"}]})
    with pytest.raises(BuzzerError, match="unknown key name 'KEY_NOPE'"):
        key_map(bad, CODES)


def test_only_key_down_of_a_mapped_key_is_a_press() -> None:
    seats = key_map(CONFIG, CODES)
    down = FakeEvent(EV_KEY, 3, 1, 5, 250)
    assert press_from_event(down, seats, 8_000_000) == Press(5_000_250_000, 2, "key", 8_000_000)
    assert press_from_event(FakeEvent(EV_KEY, 3, 0, 5, 300), seats, 0) is None  # key up
    assert press_from_event(FakeEvent(EV_KEY, 3, 2, 5, 400), seats, 0) is None  # autorepeat
    assert press_from_event(FakeEvent(EV_KEY, 30, 1, 5, 500), seats, 0) is None  # unmapped
    assert press_from_event(FakeEvent(EV_SYN, 3, 1, 5, 600), seats, 0) is None  # not a key


def test_terminal_chars_map_to_seats() -> None:
    seats = {"a": 1, "z": 2}
    assert press_from_char("A", seats, 99, 10) == Press(99, 1, "key", 10)
    assert press_from_char("z", seats, 7, 0) == Press(7, 2, "key", 0)
    assert press_from_char("q", seats, 7, 0) is None


def test_clock_ioctl_request_matches_linux_header() -> None:
    # _IOW('E', 0xa0, int) from <linux/input.h>
    assert EVIOCSCLOCKID == 0x400445A0


def test_terminal_fallback_reads_a_pty_and_stamps_on_read() -> None:
    import os
    import pty
    import queue

    from buzzers.keys import TerminalKeys

    master, slave = pty.openpty()
    presses: queue.Queue[Press] = queue.Queue()
    with os.fdopen(slave, "r") as stream:
        keys = TerminalKeys(CONFIG, presses.put, stream=stream, clock_ns=lambda: 42)
        keys.start()
        try:
            os.write(master, b"qz")
            press = presses.get(timeout=5)
        finally:
            keys.close()
    os.close(master)
    assert press == Press(42, 2, "key", CONFIG.key_uncertainty_ns)
    assert presses.empty()
