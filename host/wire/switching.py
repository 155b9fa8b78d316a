"""The interpreter's switch interval, short while the room is calm and long inside a burst.

A thread that holds the interpreter lets a waiting one have it after the switch interval.
Short (2 ms, host/serve/server.py) is what a single press needs: its thread waits at most
that long behind one building a phones' round. Inside a burst of presses (a whole hall
pressing within 100 ms), 200 connection threads want the interpreter at once; each is
forced off mid-press every 2 ms and the lock passes among them, each hand-over a context
switch. On the Pi 4 model a burst's host CPU tripled that way (26,000 switches against
2,500 unmodelled, docs/PERFORMANCE.md). So while many presses are on their way into the
Sessions (`InFlight.carrying`), the interval is long: each press's thread runs until it
waits for its commit. The first presses of a burst still meet the short interval.

Off (every call a no-op) until the serving process turns it on: tests and benches that
run Sessions in their own process keep their interval.
"""

from __future__ import annotations

import sys
import threading

BUSY_AT = 8  # presses in flight at once, process-wide, that make a burst
BUSY_INTERVAL_S = 0.02


class Switching:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._carried = 0
        self._calm_s: float | None = None  # None: off
        self.bursts = 0  # bursts seen (tests/core/test_switching.py reads it)

    def turn_on(self, calm_s: float) -> None:
        """In the serving process: `calm_s` outside bursts (and now)."""
        with self._lock:
            self._calm_s = calm_s
            sys.setswitchinterval(calm_s)

    def entered(self) -> None:
        """A press is on its way into a Session."""
        with self._lock:
            self._carried += 1
            if self._calm_s is not None and self._carried == BUSY_AT:
                self.bursts += 1
                sys.setswitchinterval(BUSY_INTERVAL_S)

    def left(self) -> None:
        """A press's way in ended (its outcome is known)."""
        with self._lock:
            self._carried -= 1
            if self._calm_s is not None and self._carried == 0:
                sys.setswitchinterval(self._calm_s)


SWITCHING = Switching()
