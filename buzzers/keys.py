"""USB keyboards and arcade encoders as buzzers (evdev), with a terminal fallback.

evdev gives every key event a kernel timestamp, by default on CLOCK_REALTIME
(which jumps when NTP corrects it). We switch each device to CLOCK_MONOTONIC
with the EVIOCSCLOCKID ioctl, so stamps compare with host `time.monotonic_ns()`.
The stamp is taken when the USB report arrives, up to one polling interval
after the press (8 ms for a plain keyboard, 1 ms for most encoders): that is
the press's `uncertainty_ns` (config `key_uncertainty_ms`).

`evdev` is optional (Linux only, `pip install tourelle[keys]`). Where it is
missing, `TerminalKeys` reads the host's own terminal in cbreak mode and stamps
each character when it is read; coarser, but enough for a test night.

The mapping and stamping logic is in pure functions (`event_time_ns`,
`press_from_event`, `press_from_char`) so it is tested with fake events.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import struct
import sys
import termios
import threading
import time
import tty
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Protocol, TextIO

from buzzers.config import BuzzerConfig
from buzzers.press import Press
from buzzers.source import BuzzerError, HoldOff, PressCallback

EV_KEY = 1
KEY_DOWN = 1  # 0 is up, 2 is autorepeat


def _iow(kind: str, number: int, size: int) -> int:
    """Linux's _IOW(type, nr, size) ioctl request number."""
    write = 1
    return (write << 30) | (size << 16) | (ord(kind) << 8) | number


EVIOCSCLOCKID = _iow("E", 0xA0, struct.calcsize("i"))


class KeyEvent(Protocol):
    """The part of evdev's InputEvent we read."""

    type: int
    code: int
    value: int
    sec: int
    usec: int


def event_time_ns(event: KeyEvent) -> int:
    """The event's kernel stamp in ns (host monotonic once EVIOCSCLOCKID was set)."""
    return int(event.sec) * 1_000_000_000 + int(event.usec) * 1_000


def key_map(config: BuzzerConfig, codes_by_name: Mapping[str, Any]) -> dict[int, int]:
    """Key code -> seat, resolving names like "KEY_1" with evdev's `ecodes.ecodes`."""
    mapping: dict[int, int] = {}
    for seat in config.seats:
        if seat.key is None:
            continue
        if isinstance(seat.key, int):
            code = seat.key
        else:
            resolved = codes_by_name.get(seat.key)
            if not isinstance(resolved, int):
                raise BuzzerError(f"seat {seat.seat}: unknown key name {seat.key!r}")
            code = resolved
        mapping[code] = seat.seat
    return mapping


def press_from_event(
    event: KeyEvent, seats_by_code: Mapping[int, int], uncertainty_ns: int
) -> Press | None:
    """The press a key-down event means, or None (other keys, key-up, autorepeat)."""
    if event.type != EV_KEY or event.value != KEY_DOWN:
        return None
    seat = seats_by_code.get(event.code)
    if seat is None:
        return None
    return Press(event_time_ns(event), seat, "key", uncertainty_ns)


def press_from_char(
    char: str, seats_by_char: Mapping[str, int], t_ns: int, uncertainty_ns: int
) -> Press | None:
    """The press a terminal character means (case-insensitive), or None."""
    seat = seats_by_char.get(char, seats_by_char.get(char.lower()))
    if seat is None:
        return None
    return Press(t_ns, seat, "key", uncertainty_ns)


def use_monotonic_clock(fd: int) -> None:
    """Ask the kernel to stamp this input device's events on CLOCK_MONOTONIC."""
    fcntl.ioctl(fd, EVIOCSCLOCKID, struct.pack("i", time.CLOCK_MONOTONIC))


class _Reader:
    """A daemon thread waiting on some fds, stoppable through a self-pipe."""

    def __init__(self, fds: Iterable[int], on_ready: Callable[[int], None]) -> None:
        self._fds = list(fds)
        self._on_ready = on_ready
        self._stop_r, self._stop_w = os.pipe()
        self._thread = threading.Thread(target=self._run, name="buzzer-keys", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        while True:
            ready, _, _ = select.select([*self._fds, self._stop_r], [], [])
            if self._stop_r in ready:
                return
            for fd in ready:
                self._on_ready(fd)

    def stop(self) -> None:
        os.write(self._stop_w, b"x")
        if self._thread.is_alive():
            self._thread.join(timeout=2)
        os.close(self._stop_r)
        os.close(self._stop_w)


class EvdevKeys:
    """Seats' keys on USB keyboards or arcade encoders, through evdev.

    `device_paths`: /dev/input/event* to read; by default every device that
    has at least one of the configured keys.
    """

    def __init__(
        self,
        config: BuzzerConfig,
        on_press: PressCallback,
        device_paths: Iterable[str] | None = None,
        holdoff_ns: int | None = None,
    ) -> None:
        self.config = config
        self.on_press = on_press
        self.device_paths = list(device_paths) if device_paths is not None else None
        self.holdoff = HoldOff(config.holdoff_ns if holdoff_ns is None else holdoff_ns)
        self._devices: dict[int, Any] = {}
        self._reader: _Reader | None = None
        self._seats_by_code: dict[int, int] = {}

    def start(self) -> None:
        try:
            import evdev  # type: ignore[import-not-found,unused-ignore]
        except ImportError as exc:
            raise BuzzerError("evdev is not installed (pip install 'tourelle[keys]')") from exc
        self._seats_by_code = key_map(self.config, evdev.ecodes.ecodes)
        if not self._seats_by_code:
            raise BuzzerError("no seat has a 'key' in the buzzer config")
        paths = self.device_paths if self.device_paths is not None else evdev.list_devices()
        for path in paths:
            device = evdev.InputDevice(path)
            keys = set(device.capabilities().get(EV_KEY, []))
            if self.device_paths is None and not keys & set(self._seats_by_code):
                device.close()
                continue
            use_monotonic_clock(device.fd)
            self._devices[device.fd] = device
        if not self._devices:
            raise BuzzerError("no input device has the configured keys")
        self._reader = _Reader(self._devices, self._read)
        self._reader.start()

    def _read(self, fd: int) -> None:
        try:
            events = list(self._devices[fd].read())
        except OSError:  # unplugged: stop listening to it
            return
        for event in events:
            press = press_from_event(event, self._seats_by_code, self.config.key_uncertainty_ns)
            if press is not None and self.holdoff.accept(press.seat, press.t_ns):
                self.on_press(press)

    def close(self) -> None:
        if self._reader is not None:
            self._reader.stop()
            self._reader = None
        for device in self._devices.values():
            device.close()
        self._devices.clear()


class TerminalKeys:
    """Seats' `char` keys typed on the host's terminal (cbreak mode), stamped on read."""

    def __init__(
        self,
        config: BuzzerConfig,
        on_press: PressCallback,
        stream: TextIO | None = None,
        clock_ns: Callable[[], int] = time.monotonic_ns,
        holdoff_ns: int | None = None,
    ) -> None:
        self.config = config
        self.on_press = on_press
        # holding a key down makes the terminal repeat it: treat that like bounce
        self.holdoff = HoldOff(config.holdoff_ns if holdoff_ns is None else holdoff_ns)
        self.stream = stream if stream is not None else sys.stdin
        self.clock_ns = clock_ns
        self.seats_by_char = {s.char: s.seat for s in config.seats if s.char is not None}
        self._saved: list[Any] | None = None
        self._reader: _Reader | None = None

    def start(self) -> None:
        if not self.seats_by_char:
            raise BuzzerError("no seat has a 'char' in the buzzer config")
        fd = self.stream.fileno()
        if not os.isatty(fd):
            raise BuzzerError("the terminal fallback needs an interactive terminal")
        self._saved = termios.tcgetattr(fd)
        tty.setcbreak(fd)
        self._reader = _Reader([fd], self._read)
        self._reader.start()

    def _read(self, fd: int) -> None:
        data = os.read(fd, 64)
        t_ns = self.clock_ns()
        for char in data.decode(errors="ignore"):
            press = press_from_char(char, self.seats_by_char, t_ns, self.config.key_uncertainty_ns)
            if press is not None and self.holdoff.accept(press.seat, press.t_ns):
                self.on_press(press)

    def close(self) -> None:
        if self._reader is not None:
            self._reader.stop()
            self._reader = None
        if self._saved is not None:
            with contextlib.suppress(termios.error):
                termios.tcsetattr(self.stream.fileno(), termios.TCSADRAIN, self._saved)
            self._saved = None


def evdev_available() -> bool:
    try:
        import evdev  # type: ignore[import-not-found,unused-ignore]  # noqa: F401
    except ImportError:
        return False
    return True
