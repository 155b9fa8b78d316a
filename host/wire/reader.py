"""Each WebSocket read by the thread that handles its messages (threading mode).

Why: simple-websocket, which python-engineio uses in threading mode, starts a thread per
connection that only reads the socket and hands each message, through an event, to the
connection's handler thread (engine.io's; our handlers run there, `async_handlers` off).
Every message crossed two threads: a press, and a phone's clock ping, woke one thread that
woke another, each wake a chance for the scheduler to come late. On this 2-core container
a thread that sleeps 0.5 ms wakes more than 1 ms late about once in 1,700 times, up to 4 ms,
with nothing else running (docs/PERFORMANCE.md, "seventh look"); the settle wait of a buzz is
the phones' worst ping uplink, so each hop's rare lateness ends up in every decision's wait.
Here the handler thread reads the socket itself: one wake per message, and one thread fewer
per connection (200 phones: 200 threads fewer, their stacks and the scheduler's work).

What does not change: frames are parsed by the same wsproto connection and simple-websocket
code (`_handle_events`: pings answered, close handshake); writes are unchanged (the outbox,
or the library's writer thread). What does: while a handler runs, the connection's next
frames wait in the kernel instead of in an unbounded list in the server's memory, so a
client that floods is slowed down by TCP rather than growing the server.

Eventlet mode keeps the library's reading: a green thread is cheap to wake.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

from host.wire.inbound import INBOUND

log = logging.getLogger(__name__)


class _NoThread:
    """Stands for the reader thread simple-websocket would start: it is never started."""

    def __init__(self, target: Any = None, **_: Any) -> None:
        self.name = "inline-reader"

    def start(self) -> None:
        pass


def _server_class() -> type:
    import simple_websocket
    from simple_websocket.ws import LocalProtocolError

    class InlineServer(simple_websocket.Server):
        """simple-websocket's Server, read by the thread that calls `receive`."""

        connected: bool  # the library's attribute, untyped there

        def __init__(self, environ: dict[str, Any], **options: Any) -> None:
            super().__init__(environ, thread_class=_NoThread, **options)
            self.inlet = INBOUND.open(self.sock)  # when its input arrives, what is unread

        def receive(self, timeout: float | None = None) -> Any:
            """The next message, reading the socket until one is whole (`timeout` is not
            supported: engine.io never passes one). Raises ConnectionClosed once closed."""
            if timeout is not None:
                raise ValueError("an inline reader waits for a whole message")
            inlet = self.inlet
            if self.input_buffer:
                inlet.handling()  # the next message of the last read
            else:
                inlet.idle()  # the last message is handled
            while self.connected and not self.input_buffer:
                data = b""
                try:
                    data = inlet.read(self.receive_bytes)
                    if not data:
                        raise OSError("closed by the client")
                    self.ws.receive_data(data)
                    self.connected = self._handle_events()
                except (OSError, LocalProtocolError):
                    self.connected = False
                inlet.took(len(data), whole=bool(self.input_buffer))  # whole: handling
            if self.input_buffer:
                return self.input_buffer.pop(0)
            self._release()
            raise simple_websocket.ConnectionClosed(self.close_reason, self.close_message)

        def _release(self) -> None:
            """Close the socket once reading ended, as the library's reader thread did."""
            INBOUND.close(self.inlet)
            with contextlib.suppress(OSError):
                self.sock.close()

    return InlineServer


def install() -> None:
    """Make python-engineio's threading driver read each WebSocket inline (idempotent)."""
    try:
        from engineio.async_drivers import _websocket_wsgi
        from engineio.async_drivers import threading as driver
    except ImportError:  # pragma: no cover - another python-engineio layout
        log.warning("python-engineio: WebSockets left to one reader thread each")
        return
    library = driver._async.get("websocket")
    if getattr(library, "_tourelle_inline", False):
        return
    if library is not _websocket_wsgi.SimpleWebSocketWSGI:
        log.warning("python-engineio: WebSockets left to the library's reader (%s)", library)
        return
    server_class = _server_class()

    class InlineWebSocketWSGI(_websocket_wsgi.SimpleWebSocketWSGI):
        """The library's wrapper, its simple-websocket Server read inline."""

        _tourelle_inline = True

        def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
            self.ws = server_class(environ, **self.server_args)
            try:
                answer = self.app(self)
            finally:  # however the connection ended, nothing of it is waited for any more
                INBOUND.close(self.ws.inlet)
            if self.ws.mode == "gunicorn":
                raise StopIteration()
            if self.ws.mode == "werkzeug":
                raise ConnectionError()
            return answer

    driver._async["websocket"] = InlineWebSocketWSGI
