"""Input that has reached the host: when each message arrived, and what is not yet handled.

Why: a buzz decision waits, after the first press, the phones' worst recent uplink (their
clock pings), so that an earlier press still on its way counts. Measured when a handler
thread read the ping, that uplink also counted the host's own lateness: the thread's wake
after the segment came in (this 2-core VM: up to 4 ms once in 2,000 wakes, with nothing
else running; a Pi behind a phones' round, its switch interval) and its wait for the
interpreter. The worst of 200 phones' pings always met some, and every decision waited it.

The kernel stamps a TCP segment when it arrives (`SO_TIMESTAMPNS`, given by `recvmsg`):
with it a ping's host time is when it reached the host, and its uplink is the network's
alone. What the host's lateness covered, a timer now does itself: before it fires it waits
until every message that reached the host before it fell due has been handled, or handed
to the Session (host/session/in_flight.py), and until no connection whose thread is reading holds
bytes it has not parsed (`Inbound.when_settled`, at most `CAP_SECONDS`). A press already
at the host when the time was up counts however slow the host is to read it, which the
old margin promised only up to the worst lateness its pings had met.

Only connections read inline (host/wire/reader.py: threading mode) are known here; eventlet's
and long-polling ones are not, and keep their handler's time as their arrival.
"""

from __future__ import annotations

import socket
import struct
import sys
import threading
import time
from collections.abc import Callable

SO_TIMESTAMPNS_NEW = 64  # Linux >= 5.1: struct __kernel_timespec (two 64-bit fields)
SO_TIMESTAMPNS_OLD = 35  # older kernels: the native struct timespec
MAX_QUEUED_NS = 1_000_000_000  # a stamp older than this: a clock step, not a queue
CAP_SECONDS = 0.25  # a timer waits at most this long for input that reached the host
_ANCILLARY = socket.CMSG_SPACE(16) if hasattr(socket, "CMSG_SPACE") else 64
_TCP_INFO = getattr(socket, "TCP_INFO", None) if sys.platform.startswith("linux") else None
_BYTES_RECEIVED_AT = 128  # struct tcp_info's tcpi_bytes_received (Linux >= 4.1)
_TCP_INFO_SIZE = _BYTES_RECEIVED_AT + 8

try:  # not on Windows: there no count, and nothing is waited for
    import fcntl
    import termios
except ImportError:  # pragma: no cover
    pass


def stamp_arrivals(sock: socket.socket) -> bool:
    """Ask the kernel to stamp what `sock` receives; False where it cannot (not Linux:
    the option numbers are Linux's, and mean other things elsewhere)."""
    if not sys.platform.startswith("linux"):
        return False
    for option in (SO_TIMESTAMPNS_NEW, SO_TIMESTAMPNS_OLD):
        try:
            sock.setsockopt(socket.SOL_SOCKET, option, 1)
            return True
        except (OSError, AttributeError):
            continue
    return False


def kernel_stamp_ns(ancillary: list[tuple[int, int, bytes]]) -> int | None:
    """The receive stamp in `recvmsg`'s ancillary data (CLOCK_REALTIME ns), if any."""
    for level, kind, data in ancillary:
        if level != socket.SOL_SOCKET:
            continue
        if kind == SO_TIMESTAMPNS_NEW and len(data) >= 16:
            seconds, nanos = struct.unpack("qq", data[:16])
        elif kind == SO_TIMESTAMPNS_OLD and len(data) >= struct.calcsize("@ll"):
            seconds, nanos = struct.unpack("@ll", data[:struct.calcsize("@ll")])
        else:
            continue
        return seconds * 1_000_000_000 + nanos
    return None


def on_host_clock(realtime_ns: int | None) -> int:
    """A kernel stamp as host (monotonic) time; now when there is none or it is not
    believable (ahead of now, or older than `MAX_QUEUED_NS`: the wall clock stepped)."""
    now = time.monotonic_ns()
    if realtime_ns is None:
        return now
    arrived = realtime_ns - (time.time_ns() - now)
    return arrived if now - MAX_QUEUED_NS <= arrived <= now else now


class Inlet:
    """One connection's socket, read by one thread: when the data of its last read arrived,
    since when it holds a message not yet handled (None: none), whether its thread is busy
    (handling a message, or waiting for its outcome) rather than reading, and how many of
    the bytes the kernel received it has accounted for (read and parsed)."""

    def __init__(self, sock: socket.socket, inbound: Inbound) -> None:
        self.sock = sock
        self.fd = sock.fileno()  # its key in the registry (the socket forgets it once closed)
        self.inbound = inbound
        self.stamped = stamp_arrivals(sock)
        self.arrived_ns = 0
        self.unhandled_since: int | None = None
        self.busy = False
        # Bytes before now were the HTTP upgrade's, less any the client sent since (still
        # queued): queued first, so a segment landing between the two reads makes the count
        # too high, never too low (a count too low would hold every timer to its cap).
        queued = _queued_bytes(sock)
        received = _received_bytes(sock)
        self.accounted = received - queued if received is not None and queued is not None else 0

    def read(self, size: int) -> bytes:
        """Up to `size` bytes (b"" once closed), noting when they arrived."""
        if not self.stamped:
            data = self.sock.recv(size)
            self.arrived_ns = time.monotonic_ns()
            return data
        data, ancillary, _, _ = self.sock.recvmsg(size, _ANCILLARY)
        self.arrived_ns = on_host_clock(kernel_stamp_ns(ancillary))
        return data

    def took(self, size: int, whole: bool) -> None:
        """The last read's `size` bytes are parsed; `whole`: a message is whole, to be
        handled. Marked handling before counted, so a check between the two sees either."""
        if whole:
            self.handling()
        self.accounted += size
        if not whole:
            self.inbound.changed(self)

    def handling(self) -> None:
        """A message of the last read is handled on this thread from now."""
        if self.unhandled_since is None:
            self.unhandled_since = self.arrived_ns
        self.busy = True
        self.inbound.current.inlet = self
        self.inbound.changed(self)

    def idle(self) -> None:
        """Nothing of this connection is left to handle: its thread reads again."""
        self.busy = False
        self.unhandled_since = None
        self.inbound.changed(self)

    def unread(self) -> bool:
        """Whether the kernel holds bytes for it that its thread has not accounted for: still
        queued, or taken by a read whose thread has not run since (it waits for the
        interpreter). The kernel's count where it has one (Linux's TCP_INFO), else queued
        bytes only."""
        received = _received_bytes(self.sock)
        if received is not None:
            return received > self.accounted
        return bool(_queued_bytes(self.sock))


def _received_bytes(sock: socket.socket) -> int | None:
    """TCP's count of the bytes received in order on `sock` (`tcpi_bytes_received`)."""
    if _TCP_INFO is None:
        return None
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, _TCP_INFO, _TCP_INFO_SIZE)
    except (OSError, AttributeError, ValueError):
        return None
    if len(info) < _TCP_INFO_SIZE:
        return None
    return int(struct.unpack_from("Q", info, _BYTES_RECEIVED_AT)[0])


def _queued_bytes(sock: socket.socket) -> int | None:
    """Bytes waiting in `sock`'s receive queue."""
    try:
        answer = fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0")
    except (OSError, ValueError, NameError):
        return None
    return int(struct.unpack("i", answer)[0])


class Inbound:
    """Every inline-read connection of the process, and the timers waiting for them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._inlets: dict[int, Inlet] = {}  # by file descriptor
        self._waiting: list[_Waiter] = []
        self._wait_lock = threading.Lock()
        self.current = threading.local()  # the inlet whose message this thread handles

    def open(self, sock: socket.socket) -> Inlet:
        inlet = Inlet(sock, self)
        with self._lock:
            self._inlets[inlet.fd] = inlet
        return inlet

    def close(self, inlet: Inlet) -> None:
        """The connection is done (before its socket is closed)."""
        inlet.unhandled_since = None
        with self._lock:
            if self._inlets.get(inlet.fd) is inlet:  # not a later connection on its number
                del self._inlets[inlet.fd]
        self.changed(inlet, closed=True)

    def arrived_ns(self) -> int:
        """When the message this thread handles reached the host (now, if not known)."""
        inlet = getattr(self.current, "inlet", None)
        if inlet is None or inlet.unhandled_since is None:
            return time.monotonic_ns()
        return inlet.unhandled_since

    def handed_over(self) -> None:
        """This thread's message is in other hands now (a press carried into its Session:
        host/session/in_flight.py waits for it from here)."""
        inlet = getattr(self.current, "inlet", None)
        if inlet is not None and inlet.unhandled_since is not None:
            inlet.unhandled_since = None
            self.changed(inlet)

    def __len__(self) -> int:
        return len(self._inlets)

    # -- waiting -----------------------------------------------------------------
    @staticmethod
    def holds(inlet: Inlet, before_ns: int) -> bool:
        """Whether `inlet` holds input that reached the host before `before_ns`: a message
        being handled, or (its thread reading) bytes it has not accounted for. A busy
        thread's next bytes may have come later: its next read says when."""
        if inlet.sock.fileno() == -1:  # closed
            return False
        since = inlet.unhandled_since
        if since is not None and since <= before_ns:
            return True
        return not inlet.busy and inlet.unread()

    def pending(self, before_ns: int) -> list[Inlet]:
        with self._lock:
            inlets = list(self._inlets.values())
        return [inlet for inlet in inlets if self.holds(inlet, before_ns)]

    def settled(self, before_ns: int) -> bool:
        """Whether no connection holds input that reached the host before `before_ns`."""
        return not self.pending(before_ns)

    def when_settled(self, fire: Callable[[], None],
                     later: Callable[[float, Callable[[], None]], None]) -> None:
        """Run `fire` now if `settled`, else once it is, at most `CAP_SECONDS` from now
        (`later(seconds, fn)` arms that): a stuck handler never freezes a game. Only the
        connections found holding input are looked at again, each as it changes: any
        other one's input came later (a burst of presses costs one look each, not a look
        at every connection for each)."""
        before = time.monotonic_ns()
        found = self.pending(before)
        if not found:
            fire()
            return
        waiter = _Waiter(before, set(found), _Once(fire))
        with self._wait_lock:
            self._waiting.append(waiter)
        later(CAP_SECONDS, waiter.once)
        for inlet in found:  # any of them may have changed while they were being found
            self.changed(inlet)

    def changed(self, inlet: Inlet, closed: bool = False) -> None:
        """`inlet` read, handled or closed: the waiters for nothing else run. (A waiter
        stays listed while it is checked, so a change made meanwhile finds it.)"""
        if not self._waiting:
            return
        ready = []
        with self._wait_lock:
            keep = []
            for waiter in self._waiting:
                if inlet in waiter.pending and (closed or not self.holds(inlet, waiter.before)):
                    waiter.pending.discard(inlet)
                if waiter.once.done:
                    continue
                if waiter.pending:
                    keep.append(waiter)
                else:
                    ready.append(waiter.once)
            self._waiting = keep
        for once in ready:
            once()


class _Waiter:
    """A timer waiting for the input of some connections that came before `before`."""

    def __init__(self, before: int, pending: set[Inlet], once: _Once) -> None:
        self.before = before
        self.pending = pending
        self.once = once


class _Once:
    """A firing run by whichever comes first: its input all in, or the cap."""

    def __init__(self, fire: Callable[[], None]) -> None:
        self._fire: Callable[[], None] | None = fire
        self._lock = threading.Lock()

    @property
    def done(self) -> bool:
        return self._fire is None

    def __call__(self) -> None:
        with self._lock:
            fire, self._fire = self._fire, None
        if fire is not None:
            fire()


INBOUND = Inbound()  # one per process: its connections, whatever their game
