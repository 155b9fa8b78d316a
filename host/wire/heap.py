"""The interpreter's heap, made cheap to collect once the server is loaded.

Python's cycle collector walks every tracked object on a full (oldest
generation) collection, and it holds the interpreter while it does: with the
app loaded (Flask, Socket.IO, the games, the shipped maps and packs: some
70,000 objects) a full collection took 17-50 ms on the development container,
and nothing else ran meanwhile. A press, a ping or the projector's update that
met one waited for it; a ping that met one made a phone look 40 ms slower, and
every buzz decision then waited 40 ms longer for that phone (the settle wait).
What is loaded at start-up lives as long as the process, so it is moved out of
the collector's sight (`gc.freeze`, the documented way for long-lived servers):
later collections walk only what the night has made since. Those still pause
the host for a few ms; a clock-sync ping that met one is not taken as the
phone's network (`Pauses`).
"""

from __future__ import annotations

import gc
import time
from collections import deque


frozen = 0  # objects frozen at start-up (`/healthz` says it)


def freeze_loaded() -> int:
    """Collect what start-up left behind, then freeze the rest, and from then on note
    the collector's long pauses (`PAUSES`); returns how many objects the collector will
    no longer walk."""
    global frozen
    gc.collect()
    gc.freeze()
    PAUSES.install()
    frozen = gc.get_freeze_count()  # it walks the whole frozen list: counted once, here
    return frozen


class Pauses:
    """The collector's recent long pauses, as (start, end) in `time.monotonic_ns`.

    A ping that met one measured the host stopped, not the network: a phone
    looked that much slower, and every buzz decision of its game would wait
    that much longer for it (the settle wait is the game's worst recent uplink).
    `held(start, end)` tells the clock sync to leave such a sample out.
    """

    def __init__(self, longer_than_ns: int = 2_000_000, keep: int = 64) -> None:
        self.longer_than_ns = longer_than_ns
        self._pauses: deque[tuple[int, int]] = deque(maxlen=keep)
        self._started = 0

    def _watch(self, phase: str, _info: dict[str, int]) -> None:
        now = time.monotonic_ns()
        if phase == "start":
            self._started = now
        elif now - self._started > self.longer_than_ns:
            self.note(self._started, now)

    def note(self, start_ns: int, end_ns: int) -> None:
        self._pauses.append((start_ns, end_ns))

    def install(self) -> None:
        if self._watch not in gc.callbacks:
            gc.callbacks.append(self._watch)

    def remove(self) -> None:
        if self._watch in gc.callbacks:
            gc.callbacks.remove(self._watch)

    def held(self, start_ns: int, end_ns: int) -> bool:
        """Whether a long pause overlapped [start_ns, end_ns]."""
        return any(began <= end_ns and ended >= start_ns for began, ended in list(self._pauses))


PAUSES = Pauses()  # one collector per process: installed by the serving path
