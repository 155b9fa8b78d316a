"""gunicorn's gthread worker, with a connection's lingering close moved off its main loop,
and the websockets cut when the worker is told to stop.

Since gunicorn 26, a connection that ends (``Connection: close``, an error) is closed
"gracefully" on the worker's main thread: it half-closes, then waits up to 2 s for the
client to close its side. A phone that vanishes from the Wi-Fi at that moment, or any client
that simply keeps its socket open, then stops the whole worker - no new connection accepted,
no keep-alive request read - for 2 s each time. Here the same lingering close runs on a
small pool of its own, so the room never waits for one client.

A websocket never ends by itself: told to stop (SIGTERM: a restart, `systemctl stop`), the
worker waited out its graceful timeout for the phones' and screens' sockets, then could not
exit (their request threads still ran) and was killed, logged as "Worker was sent SIGKILL!
Perhaps out of memory?". Now the stop cuts them at once (every event is already committed;
a cut socket is a dropped Wi-Fi to its page, which reconnects by itself) and ordinary
requests still finish within the graceful timeout.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from gunicorn.workers import gthread

LINGERING_CLOSERS = 16  # closes waiting beyond these only wait longer themselves


class ThreadWorker(gthread.ThreadWorker):
    closers = ThreadPoolExecutor(LINGERING_CLOSERS, thread_name_prefix="linger")

    def init_process(self) -> None:
        self._websockets: set[socket.socket] = set()  # the upgraded connections' sockets
        self._websockets_lock = threading.Lock()
        super().init_process()  # runs the worker's loop

    def handle_request(self, req: Any, conn: Any) -> Any:
        upgrade = any(name == "UPGRADE" and value.strip().lower() == "websocket"
                      for name, value in req.headers)
        if not upgrade:
            return super().handle_request(req, conn)
        with self._websockets_lock:
            self._websockets.add(conn.sock)
        try:
            return super().handle_request(req, conn)
        finally:
            with self._websockets_lock:
                self._websockets.discard(conn.sock)

    def handle_exit(self, sig: Any, frame: Any) -> None:
        """SIGTERM: stop accepting (gthread's), and cut the websockets now."""
        super().handle_exit(sig, frame)
        with self._websockets_lock:  # never held by this (the main) thread meanwhile
            open_sockets = list(self._websockets)
        for sock in open_sockets:
            with contextlib.suppress(OSError):  # closed already
                sock.shutdown(socket.SHUT_RDWR)  # its request thread reads the end

    def finish_request(self, conn: Any, fs: Any) -> None:
        if not getattr(conn, "closes_elsewhere", False):
            conn.close = self._close_elsewhere(conn.close)
            conn.closes_elsewhere = True
        super().finish_request(conn, fs)

    def _close_elsewhere(self, close: Any) -> Any:
        def closing(graceful: bool = False) -> None:
            if graceful:
                self.closers.submit(close, True)
            else:
                close()

        return closing
