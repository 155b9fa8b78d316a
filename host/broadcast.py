"""Broadcasting a game's views off the Session's worker: the projector first, phones after.

Why: with 200 phones, building and sending 200 seat views after every event
took hundreds of milliseconds on the Session's worker, and the next press sat
in the queue behind them: a phone that was merely connected slowed the
projector down. Here one thread per game publishes, in this order, the
projector, the host page, then the seats, always from the newest state:

- a change arriving while seats are being sent stops that round; the next
  round starts again with the projector, so no seat's work stands between an
  event and the projector's emit (a round after a stopped one runs to its end,
  so phones are never starved by a long burst);
- after a round, the next waits until `gap` seconds have passed since it began
  (30 ms): a burst of presses publishes a bounded number of states, the
  newest winning. Every page draws from the newest state alone, so merging
  loses nothing a player should see.

An inline Session (tests, the headless demo) publishes at once, in the same
order, with no thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

GAP_SECONDS = 0.03
T = TypeVar("T")

# One round of publication for a snapshot: it yields after each audience it sent, so the
# publisher can stop between two audiences when a newer snapshot has come. The flag says
# whether the state changed (a full round) or only some phones must catch up (a join).
Round = Callable[[T, bool], Iterator[str]]


class Broadcaster(Generic[T]):
    """Runs a round for the newest snapshot, one at a time, at most once per `gap`."""

    def __init__(self, name: str, send: Round[T], threaded: bool = True,
                 gap: float = GAP_SECONDS) -> None:
        self._send = send
        self._gap = gap
        self._threaded = threaded
        self._wake = threading.Condition()
        self._newest: tuple[T] | None = None  # a 1-tuple: a snapshot may itself be None
        self._full = True
        self._stopped = False
        self.rounds = 0  # rounds started (for tests and benches)
        if threaded:
            threading.Thread(target=self._run, name=f"publish-{name}", daemon=True).start()

    def changed(self, snapshot: T, full: bool = True) -> None:
        """A new snapshot to publish; an older one not yet sent is dropped (a full round
        asked for and not yet run stays full)."""
        if not self._threaded:
            self.rounds += 1
            for _ in self._send(snapshot, full):
                pass
            return
        with self._wake:
            self._full = full or (self._newest is not None and self._full)
            self._newest = (snapshot,)
            self._wake.notify()

    def stop(self) -> None:
        with self._wake:
            self._stopped = True
            self._wake.notify()

    def _run(self) -> None:
        stopped = False  # whether the last round stopped for a newer state
        while True:
            with self._wake:
                while self._newest is None and not self._stopped:
                    self._wake.wait()
                newest = self._newest
                if self._stopped or newest is None:
                    return
                (snapshot,), self._newest = newest, None
                full = self._full
            started = time.monotonic()
            self.rounds += 1
            may_stop, stopped = not stopped, False
            try:
                for _audience in self._send(snapshot, full):
                    if may_stop and self._newest is not None:
                        stopped = True  # a newer state: start again with the projector
                        break
            except Exception:  # a failed broadcast must never stop the next ones
                log.exception("publication %s failed", threading.current_thread().name)
            rest = self._gap - (time.monotonic() - started)
            if rest > 0:
                time.sleep(rest)
