"""gunicorn's gthread worker, with a connection's lingering close moved off its main loop.

Since gunicorn 26, a connection that ends (``Connection: close``, an error) is closed
"gracefully" on the worker's main thread: it half-closes, then waits up to 2 s for the
client to close its side. A phone that vanishes from the Wi-Fi at that moment, or any client
that simply keeps its socket open, then stops the whole worker - no new connection accepted,
no keep-alive request read - for 2 s each time. Here the same lingering close runs on a
small pool of its own, so the room never waits for one client.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from gunicorn.workers import gthread

LINGERING_CLOSERS = 16  # closes waiting beyond these only wait longer themselves


class ThreadWorker(gthread.ThreadWorker):
    closers = ThreadPoolExecutor(LINGERING_CLOSERS, thread_name_prefix="linger")

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
