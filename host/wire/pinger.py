"""Engine.IO's pings from one timer thread (threading mode), not a new thread per ping.

Why: in threading mode python-engineio starts a thread for every ping it schedules: each
connection's next ping is a thread that sleeps the ping interval (5 s here), sends the
ping and ends. With 500 phones that is 500 sleeping threads at any time and 100 thread
starts a second while nothing happens. Here one thread keeps every connection's next
ping in a heap and sends each when it is due, with the same rule as the library's own
(`Socket._send_ping`): a socket closing or closed gets no ping; `last_ping` is set just
before the ping is queued, and the library's own checks time the pong out from there.

Eventlet's green threads cost nothing to start; that mode keeps the library's way.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from typing import Any

log = logging.getLogger(__name__)


class Pinger:
    """Sends each scheduled socket its ping when due, from one daemon thread."""

    def __init__(self) -> None:
        self._due: list[tuple[float, int, Any]] = []  # (monotonic due, tie-breaker, socket)
        self._order = itertools.count()
        self._wake = threading.Condition()
        self._thread: threading.Thread | None = None

    def schedule(self, socket: Any, delay: float) -> None:
        with self._wake:
            heapq.heappush(self._due, (time.monotonic() + delay, next(self._order), socket))
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="engineio-pings",
                                                daemon=True)
                self._thread.start()
            self._wake.notify()

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._due or self._due[0][0] > time.monotonic():
                    self._wake.wait(self._due[0][0] - time.monotonic() if self._due else None)
                _, _, socket = heapq.heappop(self._due)
            try:
                ping(socket)
            except Exception:  # one socket's failure must never stop the others' pings
                log.exception("engine.io ping to %s failed", getattr(socket, "sid", "?"))


def ping(socket: Any) -> None:
    """What python-engineio's `Socket._send_ping` does once its sleep is over."""
    from engineio import packet

    if not socket.closing and not socket.closed:
        socket.last_ping = time.time()
        socket.send(packet.Packet(packet.PING))


PINGER = Pinger()


def install() -> None:
    """Route python-engineio's threading sockets' `schedule_ping` to PINGER (idempotent).

    The library's rule stays: a new ping is scheduled only once the previous one was
    answered (`last_ping` set), and `last_ping` is cleared while one is pending."""
    from engineio import socket as engineio_socket

    cls = engineio_socket.Socket
    if getattr(cls, "_tourelle_pinger", False):
        return
    if not all(hasattr(cls, name) for name in ("schedule_ping", "_send_ping")):
        log.warning("python-engineio: pings left as the library sends them")
        return

    def schedule_ping(self: Any) -> None:
        if self.last_ping:
            self.last_ping = None
            PINGER.schedule(self, self.server.ping_interval)

    cls.schedule_ping = schedule_ping
    cls._tourelle_pinger = True
