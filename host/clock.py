"""Clocks and timers: real ones for a live night, virtual ones for `demo --fast` and tests.

Every time in an event is host `time.monotonic_ns()`. Sessions never call
`time` themselves: they take a Clock and a Scheduler, so a headless demo can
run a whole game in milliseconds with the same code, by jumping the virtual
clock to the next timer instead of waiting for it.
"""

from __future__ import annotations

import heapq
import itertools
import threading
import time
from collections.abc import Callable
from typing import Protocol


class Clock(Protocol):
    def now_ns(self) -> int: ...


class Scheduler(Protocol):
    """Calls `fire()` once, `delay` seconds from now, unless cancelled first."""

    def call_later(self, key: str, delay: float, fire: Callable[[], None]) -> None: ...

    def cancel(self, key: str) -> None: ...

    def cancel_all(self) -> None: ...


class RealClock:
    def now_ns(self) -> int:
        return time.monotonic_ns()


class ThreadScheduler:
    """One daemon thread that fires named timers on time (re-arming a key replaces it)."""

    def __init__(self, clock: Clock | None = None) -> None:
        self._clock = clock or RealClock()
        self._heap: list[tuple[int, int, str]] = []
        self._live: dict[str, tuple[int, Callable[[], None]]] = {}
        self._order = itertools.count()
        self._cond = threading.Condition()
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="tourelle-timers", daemon=True)
        self._thread.start()

    def call_later(self, key: str, delay: float, fire: Callable[[], None]) -> None:
        due = self._clock.now_ns() + int(max(0.0, delay) * 1e9)
        with self._cond:
            token = next(self._order)
            self._live[key] = (token, fire)
            heapq.heappush(self._heap, (due, token, key))
            self._cond.notify()

    def cancel(self, key: str) -> None:
        with self._cond:
            self._live.pop(key, None)

    def cancel_all(self) -> None:
        with self._cond:
            self._live.clear()
            self._heap.clear()

    def close(self) -> None:
        with self._cond:
            self._closed = True
            self._cond.notify()

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._closed:
                    if self._heap:
                        due, token, key = self._heap[0]
                        live = self._live.get(key)
                        if live is None or live[0] != token:
                            heapq.heappop(self._heap)
                            continue
                        wait = (due - self._clock.now_ns()) / 1e9
                        if wait <= 0:
                            heapq.heappop(self._heap)
                            del self._live[key]
                            fire = live[1]
                            break
                        self._cond.wait(wait)
                    else:
                        self._cond.wait()
                else:
                    return
            fire()


class VirtualClock:
    """A clock that only moves when told to (by the VirtualScheduler)."""

    def __init__(self, start_ns: int = 1_000_000_000) -> None:
        self.t_ns = start_ns

    def now_ns(self) -> int:
        return self.t_ns


class VirtualScheduler:
    """Timers on a VirtualClock: `run_next()` jumps the clock to the earliest one and fires it."""

    def __init__(self, clock: VirtualClock) -> None:
        self.clock = clock
        self._heap: list[tuple[int, int, str]] = []
        self._live: dict[str, tuple[int, Callable[[], None]]] = {}
        self._order = itertools.count()

    def call_later(self, key: str, delay: float, fire: Callable[[], None]) -> None:
        token = next(self._order)
        self._live[key] = (token, fire)
        heapq.heappush(self._heap, (self.clock.t_ns + int(max(0.0, delay) * 1e9), token, key))

    def cancel(self, key: str) -> None:
        self._live.pop(key, None)

    def cancel_all(self) -> None:
        self._live.clear()
        self._heap.clear()

    def run_next(self) -> bool:
        """Fire the earliest live timer; False when none is left."""
        while self._heap:
            due, token, key = heapq.heappop(self._heap)
            live = self._live.get(key)
            if live is None or live[0] != token:
                continue
            del self._live[key]
            self.clock.t_ns = max(self.clock.t_ns, due)
            live[1]()
            return True
        return False
