"""Every WebSocket's messages written by one thread (threading mode), screens before phones.

Why: python-engineio gives each connection a writer thread that sleeps on its own queue. A
round of 200 phones woke 200 threads at once, and each wanted the interpreter lock to
frame and write its one message: a press arriving meanwhile, and the projector's answer to
it, queued behind them for the lock, 15-25 ms on a 2-core box (docs/PERFORMANCE.md,
"Within a frame", sixth look). Here one thread writes every connection's messages in turn;
the press's threads compete with that one thread, not with 200.

- Two lanes of connections: one with a phone's state waiting (`/seat` events) waits behind
  one with anything else waiting (the projector, the host page, a buzzer box, an
  acknowledgement), even between two phones of a round. Anything else, to a connection
  with nothing waiting, is written at once by the thread that sends it: no thread to wake
  on the projector's path. Each connection's own messages keep their order.
- A slow phone never blocks the others: a message is written only if the kernel takes it
  at once (a non-blocking send). What it does not take (a phone asleep, a congested
  Wi-Fi) is handed, in order, to that connection's own writer thread, python-engineio's,
  which waits for it as before; the connection's later messages follow it there until
  its thread has written them all.
- Only MESSAGE packets of connections opened as WebSocket come here (the pages' and the
  buzzer boxes' way). Pings, the close packet, long-polling and a connection upgraded from
  it stay as the library does them.

Eventlet's green threads are cheap to wake; that mode keeps the library's way.
"""

from __future__ import annotations

import logging
import socket as net
import threading
from collections import deque
from typing import Any

log = logging.getLogger(__name__)

BULK_NAMESPACES = ("/seat",)  # events to phones: the many, never in a hurry for 1 ms


class Spilled:
    """A message the kernel did not take at once, for the connection's own thread: `data`,
    already framed (`framed`) or still to frame."""

    __slots__ = ("data", "framed")

    def __init__(self, data: Any, framed: bool) -> None:
        self.data = data
        self.framed = framed

    def encode(self) -> Spilled:  # the library's writer calls pkt.encode() and sends that
        return self


class Link:
    """One open WebSocket as the shared writer sees it: the library's `ws` wrapper, its
    socket, a lock held while either thread frames or writes, and how many spilled
    messages its own thread still has to write."""

    def __init__(self, ws: Any, sock: net.socket, queue: Any) -> None:
        self.ws = ws  # engineio's SimpleWebSocketWSGI: .ws is simple_websocket's Server
        self.sock = sock
        self.queue = queue  # the engine.io socket's queue, read by its own writer thread
        self.lock = threading.Lock()
        self.spilled = 0  # guarded by `state`
        self.state = threading.Lock()
        # The outbox's view (guarded by its lock): messages posted and not yet handed to
        # `write`, the lane the link waits in, and whether a thread is writing it now.
        self.waiting: deque[Any] = deque()
        self.lane: str | None = None
        self.writing = False

    def write(self, data: Any) -> None:
        """From the outbox's thread, or inline from a sending thread: write at once if the
        kernel takes it, else spill."""
        if not self.ws.ws.connected:
            return  # closing: its own thread ends the connection
        with self.state:
            if self.spilled or not self.lock.acquire(blocking=False):
                self._spill(Spilled(data, framed=False))
                return
        try:
            frame = _frame(self.ws.ws.ws, data)
            try:
                sent = self.sock.send(frame, net.MSG_DONTWAIT)
            except BlockingIOError:
                sent = 0
            if sent < len(frame):
                with self.state:
                    self._spill(Spilled(frame[sent:], framed=True))
        finally:
            self.lock.release()

    def _spill(self, message: Spilled) -> None:
        self.spilled += 1  # the caller holds `state`
        self.queue.put(message)

    def written(self) -> None:
        with self.state:
            self.spilled -= 1


def _frame(connection: Any, data: Any) -> bytes:
    """The bytes of one WebSocket message, as simple-websocket frames it: `connection` is its
    wsproto `WSConnection`."""
    from wsproto.events import BytesMessage, TextMessage

    event = BytesMessage(data=data) if isinstance(data, bytes) else TextMessage(data=str(data))
    return bytes(connection.send(event))


class LinkedSocket:
    """What the library's handler gets instead of its WebSocket wrapper: the same object,
    with `send` taking the link's lock, and writing spilled messages in their place."""

    def __init__(self, inner: Any, link: Link) -> None:
        self._inner = inner
        self._link = link

    def send(self, message: Any) -> Any:
        if not isinstance(message, Spilled):
            with self._link.lock:
                return self._inner.send(message)
        try:
            with self._link.lock:
                if message.framed:
                    self._link.sock.sendall(message.data)
                    return None
                return self._inner.send(message.data)
        finally:
            self._link.written()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class Outbox:
    """The shared writer: connections in two lanes, one daemon thread started when first
    needed. Each connection's messages keep their order; the lanes order connections."""

    def __init__(self, bulk_namespaces: tuple[str, ...] = BULK_NAMESPACES,
                 thread: bool = True) -> None:
        # What `post` gets is engine.io's encoding of a Socket.IO packet: "4" (a MESSAGE),
        # then "2" (an EVENT), then the namespace: '42/seat,["private",...]'.
        self._bulk_prefixes = tuple(f"42{ns}," for ns in bulk_namespaces)
        self._lock = threading.Lock()  # the lanes and every link's `waiting` and `lane`
        self._urgent: deque[Link] = deque()
        self._bulk: deque[Link] = deque()
        self._wake = threading.Event()
        self._thread: threading.Thread | None = None
        self._threaded = thread  # False: the caller writes with `write_one` (tests)

    def post(self, link: Link, data: Any) -> None:
        """An urgent message to a connection with nothing waiting is written at once, in the
        caller's thread (a non-blocking write: no thread to wake on the projector's path, or
        for a press's acknowledgement); anything else waits in its connection's turn."""
        urgent = not (isinstance(data, str) and data.startswith(self._bulk_prefixes))
        with self._lock:
            now = urgent and not link.waiting and not link.writing
            if now:
                link.writing = True
            else:
                link.waiting.append(data)
                if link.lane is None or (urgent and link.lane == "bulk"):
                    link.lane = "urgent" if urgent else "bulk"
                    (self._urgent if urgent else self._bulk).append(link)
                if self._thread is None and self._threaded:
                    self._thread = threading.Thread(target=self._run, name="engineio-outbox",
                                                    daemon=True)
                    self._thread.start()
        if now:
            self._write(link, [data])
        else:
            self._wake.set()

    def pending(self) -> tuple[int, int]:
        """(urgent, bulk) connections waiting for the writer: for tests and benches."""
        return len(self._urgent), len(self._bulk)

    def _run(self) -> None:
        while True:
            self._wake.wait()
            self._wake.clear()
            while self.write_one():
                pass

    def write_one(self) -> bool:
        """Write the messages of the next connection waiting, urgent first; False when none
        waits."""
        with self._lock:
            while self._urgent or self._bulk:
                link = (self._urgent or self._bulk).popleft()
                if link.waiting and not link.writing:  # else: served already, or being
                    # written (it is put back in its lane when that write ends)
                    messages = list(link.waiting)
                    link.waiting.clear()
                    link.lane = None
                    link.writing = True
                    break
            else:
                return False
        self._write(link, messages)
        return True

    def _write(self, link: Link, messages: list[Any]) -> None:
        try:
            for data in messages:
                link.write(data)
        except OSError as exc:  # a connection gone: its own thread closes it
            log.debug("outbox: a message dropped on a closing connection: %r", exc)
        except Exception:  # never the writer of every connection stopped by one
            log.exception("outbox: a message could not be written")
        finally:
            with self._lock:
                link.writing = False
                again = bool(link.waiting)
                if again:  # posted while this thread wrote: in its lane again (the writer
                    # skipped its entry while it was being written; a spare entry is skipped)
                    link.lane = link.lane or "bulk"
                    (self._urgent if link.lane == "urgent" else self._bulk).append(link)
            if again:
                self._wake.set()


OUTBOX = Outbox()


def install(outbox: Outbox = OUTBOX) -> None:
    """Route python-engineio's threading sockets' messages to `outbox` (idempotent)."""
    from engineio import packet
    from engineio import socket as engineio_socket

    cls = engineio_socket.Socket
    if getattr(cls, "_tourelle_outbox", False):
        return
    if not all(hasattr(cls, name) for name in ("send", "_websocket_handler")):
        log.warning("python-engineio: messages left to one writer thread per connection")
        return
    if not hasattr(net, "MSG_DONTWAIT"):  # Windows: no non-blocking send of one call
        return
    library_send = cls.send
    library_handler = cls._websocket_handler

    def _websocket_handler(self: Any, ws: Any) -> Any:
        sock = getattr(getattr(ws, "ws", None), "sock", None)
        if self.connected or not isinstance(sock, net.socket) or sock.gettimeout() is not None:
            # An upgrade from long-polling (its queue may hold messages still to write), or
            # not a plain blocking socket: the library's way.
            return library_handler(self, ws)
        link = Link(ws, sock, self.queue)
        try:
            self._tourelle_link = link
            return library_handler(self, LinkedSocket(ws, link))
        finally:
            self._tourelle_link = None

    def send(self: Any, pkt: Any) -> None:
        link = getattr(self, "_tourelle_link", None)
        if (link is None or pkt.packet_type != packet.MESSAGE or not self.upgraded
                or self.upgrading or self.closing or self.closed):
            library_send(self, pkt)
        elif self.check_ping_timeout():
            outbox.post(link, pkt.encode())

    cls._websocket_handler = _websocket_handler
    cls.send = send
    cls._tourelle_outbox = True
