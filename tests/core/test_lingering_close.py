"""A client that never closes its side of a finished connection does not stall the server,
and open websockets do not hold a stopping server (host/serve/gunicorn_worker.py).

gunicorn >= 26 lingers up to 2 s on such a socket; on its main loop that stopped every
other request meanwhile (host/serve/gunicorn_worker.py moves the wait elsewhere).
"""

from __future__ import annotations

import socket
import threading
import time
import urllib.request
from pathlib import Path

from tests.live import LiveServer, Peer

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


def test_a_host_told_to_stop_cuts_its_websockets_and_exits_by_itself(
        tmp_path: Path, packs: Path) -> None:
    """SIGTERM (a restart, `systemctl stop`) while a host page and a phone are connected: the
    worker waited out its graceful timeout for their websockets, could not exit while their
    threads ran, and was killed ("Worker was sent SIGKILL! Perhaps out of memory?" in the
    host's log). Now it cuts them, and each client sees its connection end (a page then
    reconnects). With a patient graceful timeout (60 s, for ordinary requests) the old
    worker outlived the test's 10 s wait and was killed by it."""
    server = LiveServer(data=tmp_path / "data", packs=packs,
                        env={"TOURELLE_GRACEFUL_TIMEOUT": "60"}).start()
    host = Peer(server, "/host", auth={"key": server.key})
    phone = Peer(server, "/seat")
    ended = threading.Event()
    phone.client.on("disconnect", lambda *_args: ended.set(), namespace="/seat")
    try:
        server.stop()  # SIGTERM to the server's process group, as a service manager sends
        assert server.process is not None and server.process.returncode == 0
        assert "SIGKILL" not in server.log(), server.log()[-2000:]
        assert ended.wait(10), "the phone never saw its connection end"
    finally:
        for peer in (host, phone):
            peer.client.disconnect()
        server.stop()
