"""What every buzzer source looks like, and the per-seat hold-off they share.

A source (GPIO buttons, USB keys, the terminal keyboard) is built with a
callback `on_press(Press)`; `start()` begins listening and `close()` stops and
frees the hardware. Callbacks may run on a driver thread: a receiver should only
put the press on a queue. Sources never order presses: each press carries the
time it happened, and the arbiter orders by that time, not by callback order.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol

from buzzers.press import Press

PressCallback = Callable[[Press], None]


class BuzzerError(RuntimeError):
    """A buzzer source could not start or was misused."""


class BuzzerSource(Protocol):
    """A source of presses: built with `on_press`, then started and closed."""

    def start(self) -> None: ...

    def close(self) -> None: ...


class HoldOff:
    """Accepts a seat's first edge and ignores that seat for `holdoff_ns` after it.

    A mechanical switch bounces for a few milliseconds: the first edge is the
    press, the rest are noise. Thread-safe, because driver callbacks for
    different pins may run on different threads.
    """

    def __init__(self, holdoff_ns: int) -> None:
        if holdoff_ns < 0:
            raise ValueError(f"hold-off must be >= 0 ns, got {holdoff_ns}")
        self.holdoff_ns = holdoff_ns
        self._last: dict[int, int] = {}
        self._lock = threading.Lock()

    def accept(self, seat: int, t_ns: int) -> bool:
        """Whether a press of `seat` at `t_ns` is a new press (and record it if so)."""
        with self._lock:
            last = self._last.get(seat)
            if last is not None and abs(t_ns - last) < self.holdoff_ns:
                return False
            self._last[seat] = t_ns
            return True
