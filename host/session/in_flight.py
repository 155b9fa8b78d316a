"""Presses on their way into a Session: heard by the socket layer, not yet taken.

A buzz decision is due a settle wait after the first press; a later press made before it
(a phone's, over Wi-Fi) counts if it reaches the host in time. "Reaches" used to mean
"is taken by the Session before the timer thread submits the decision", so the wait
carried a 5 ms margin for the race between a handler that has stamped a press and the
timer: on a loaded host (a phones' round, a Raspberry Pi) a handler can take longer than
that. Here the race is settled instead: the socket layer holds a ticket from the moment
it stamps a timed action until the Session has it, and a timer that falls due meanwhile
fires right after those tickets are given back, never before. Tickets taken after the
timer fell due are not waited for, and a cap keeps a stuck handler from freezing a game.

Before its stamp a press can be held too. In threading mode the timer first waits for
every message that reached the host before it fell due to be read and handled, or to take
its ticket here (host/wire/inbound.py: the kernel says what arrived and when). Where that is
not known (eventlet), a collector pause (host/wire/heap.py), which stops every thread, the
socket readers with the timer, is allowed for: a timer that falls due within
`PAUSE_MARGIN_NS` of such a pause gives the readers that long again first.
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Callable, Iterator

from host.wire.heap import Pauses
from host.wire.inbound import Inbound
from host.wire.switching import SWITCHING

CAP_SECONDS = 0.25  # a timer waits at most this long for presses heard before it
PAUSE_MARGIN_NS = 5_000_000  # after a collector pause, the readers' time to catch up


class _Once:
    """A timer's firing, run by whichever comes first: the last ticket or the cap."""

    def __init__(self, fire: Callable[[], None]) -> None:
        self._fire: Callable[[], None] | None = fire
        self._lock = threading.Lock()

    def __call__(self) -> None:
        with self._lock:
            fire, self._fire = self._fire, None
        if fire is not None:
            fire()


class InFlight:
    """The tickets of one Session's presses on their way in (thread-safe)."""

    def __init__(self, pauses: Pauses | None = None, inbound: Inbound | None = None) -> None:
        self.pauses = pauses  # the process's collector pauses (None: virtual time)
        self.inbound = inbound  # what has reached the host unhandled (None: virtual time)
        self._lock = threading.Lock()
        self._next = 0
        self._open: set[int] = set()  # until the press's outcome
        self._travelling: set[int] = set()  # until it is in the Session's queue
        self._mine = threading.local()  # the ticket this thread carries
        # (tickets below this number are waited for, the firing)
        self._waiting: list[tuple[int, _Once]] = []

    @contextlib.contextmanager
    def carrying(self) -> Iterator[None]:
        """Around a stamped press's way into the Session (its `submit`)."""
        with self._lock:
            ticket = self._next
            self._next += 1
            self._open.add(ticket)
            self._travelling.add(ticket)
        self._mine.ticket = ticket
        if self.inbound is not None:
            self.inbound.handed_over()  # its connection's message is carried here now
        SWITCHING.entered()
        try:
            yield
        finally:
            SWITCHING.left()
            self._mine.ticket = None
            self._give_back(ticket)

    def queued(self) -> None:
        """This thread's event is in the Session's queue: a timeout put there now is handled
        after it, so the timer need not wait for it any longer, whether it is a press this
        thread carries (its ticket) or any other message it was handling (host/wire/inbound.py)."""
        if self.inbound is not None:
            self.inbound.handed_over()
        ticket = getattr(self._mine, "ticket", None)
        if ticket is not None:
            self._give_back(ticket, arrived_only=True)

    def _give_back(self, ticket: int, arrived_only: bool = False) -> None:
        with self._lock:
            if not arrived_only:
                self._open.discard(ticket)
            self._travelling.discard(ticket)
            oldest = min(self._travelling, default=self._next)
            ready = [fire for below, fire in self._waiting if oldest >= below]
            self._waiting = [(below, fire) for below, fire in self._waiting if oldest < below]
        for fire in ready:
            fire()

    def fire_after_heard(self, fire: Callable[[], None],
                         later: Callable[[float, Callable[[], None]], None],
                         after_pause: bool = False) -> None:
        """Run `fire` once every message that reached the host so far is handled or
        carried (host/wire/inbound.py), and every press carried so far is in the Session: now, or
        when they are (each wait at most `CAP_SECONDS`: `later(seconds, fn)` arms that),
        or, just after a collector pause, `PAUSE_MARGIN_NS` later."""
        now = time.monotonic_ns()
        if (not after_pause and self.pauses is not None
                and self.pauses.held(now - PAUSE_MARGIN_NS, now)):
            later(PAUSE_MARGIN_NS / 1e9, lambda: self.fire_after_heard(fire, later, True))
            return
        if self.inbound is not None:
            self.inbound.when_settled(lambda: self._fire_after_carried(fire, later), later)
        else:
            self._fire_after_carried(fire, later)

    def _fire_after_carried(self, fire: Callable[[], None],
                            later: Callable[[float, Callable[[], None]], None]) -> None:
        with self._lock:
            if not self._travelling:
                waiting = None
            else:
                waiting = _Once(fire)
                self._waiting.append((self._next, waiting))
        if waiting is None:
            fire()
        else:
            later(CAP_SECONDS, waiting)

    def __len__(self) -> int:
        with self._lock:
            return len(self._open)
