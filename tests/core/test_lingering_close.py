"""A client that never closes its side of a finished connection does not stall the server.

gunicorn >= 26 lingers up to 2 s on such a socket; on its main loop that stopped every
other request meanwhile (host/serve/gunicorn_worker.py moves the wait elsewhere).
"""

from __future__ import annotations

import socket
import time
import urllib.request

from tests.live import LiveServer

SILENT_CLIENTS = 5
REQUEST = b"GET /api/maps/nowhere HTTP/1.1\r\nHost: tourelle\r\nConnection: close\r\n\r\n"


def test_clients_that_keep_finished_sockets_open_do_not_stall_others(server: LiveServer) -> None:
    silent = []
    for _ in range(SILENT_CLIENTS):
        sock = socket.create_connection(("127.0.0.1", server.port))
        sock.sendall(REQUEST)
        silent.append(sock)  # never read, never closed
    try:
        time.sleep(0.2)  # every one answered, each now lingering
        started = time.monotonic()
        # Stalled, the server would answer after SILENT_CLIENTS x 2 s.
        with urllib.request.urlopen(server.url + "/healthz", timeout=SILENT_CLIENTS) as answer:
            assert answer.status == 200
        assert time.monotonic() - started < 2.0  # not even one lingering close
    finally:
        for sock in silent:
            sock.close()
