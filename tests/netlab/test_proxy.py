"""The Wi-Fi lab's proxy itself: delays, order, cuts, loopback only, teardown."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest

from bench.netlab import PROFILES, Direction, Profile, WifiLab

pytestmark = pytest.mark.netlab

SLOW = Profile("slow", up=Direction((30.0, 30.0), 0.0, 3.0, 0.0, 0.0),
               down=Direction((20.0, 20.0), 0.0, 3.0, 0.0, 0.0))


@pytest.fixture
def echo() -> Iterator[int]:
    """A loopback echo server; yields its port."""
    server = socket.create_server(("127.0.0.1", 0))
    server.settimeout(0.2)
    stop = threading.Event()

    def serve(conn: socket.socket) -> None:
        with conn:
            while chunk := conn.recv(65536):
                conn.sendall(chunk)

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield int(server.getsockname()[1])
    stop.set()
    thread.join(2)
    server.close()


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def read_exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def test_each_direction_is_delayed_and_order_is_kept(echo: int) -> None:
    with WifiLab(SLOW) as lab:
        link = lab.link(echo)
        sock = connect(link.port)
        started = time.monotonic()
        sent = b"".join(f"{i:04d}".encode() for i in range(200))
        for i in range(200):  # many small writes, each a chunk of its own delay
            sock.sendall(f"{i:04d}".encode())
        assert read_exactly(sock, len(sent)) == sent  # in order, nothing lost
        assert time.monotonic() - started >= 0.050  # 30 ms up + 20 ms down at least
        sock.close()


def test_a_hold_cut_delays_everything_then_delivers_it_once(echo: int) -> None:
    with WifiLab("lan") as lab:
        link = lab.link(echo)
        sock = connect(link.port)
        sock.sendall(b"warm")
        assert read_exactly(sock, 4) == b"warm"
        link.cut(1.0, "hold")
        time.sleep(0.05)
        started = time.monotonic()
        sock.sendall(b"held")
        assert read_exactly(sock, 4) == b"held"
        assert time.monotonic() - started >= 0.8
        sock.close()


def test_a_reset_cut_drops_connections_and_refuses_new_ones_until_it_ends(echo: int) -> None:
    with WifiLab("lan") as lab:
        link = lab.link(echo)
        sock = connect(link.port)
        sock.sendall(b"ping")
        assert read_exactly(sock, 4) == b"ping"
        link.cut(1.0, "reset")
        time.sleep(0.1)
        with pytest.raises(OSError):
            sock.sendall(b"gone")
            read_exactly(sock, 4)
        with pytest.raises(OSError):
            fresh = connect(link.port)
            fresh.sendall(b"x")
            read_exactly(fresh, 1)
        time.sleep(1.0)
        again = connect(link.port)
        again.sendall(b"back")
        assert read_exactly(again, 4) == b"back"
        again.close()
        assert link.refused >= 1


def test_the_lab_talks_to_loopback_only_and_closes_everything(echo: int) -> None:
    lab = WifiLab("wifi")
    try:
        with pytest.raises(ValueError, match="loopback"):
            lab.link(80, host="10.0.0.1")
        link = lab.link(echo)
        sock = connect(link.port)
        sock.sendall(b"hi")
        assert read_exactly(sock, 2) == b"hi"
    finally:
        lab.close()
    with pytest.raises(OSError):
        connect(link.port).recv(1)
    assert not lab._thread.is_alive()


def test_the_profiles_are_wifi_like() -> None:
    import random

    rnd = random.Random(3)
    for name, median_lo, median_hi in (("wifi", 2, 8), ("bad-wifi", 5, 25)):
        profile = PROFILES[name]
        delays = sorted(profile.down.sample_ms(rnd, profile.rto_ms) for _ in range(20_000))
        assert median_lo <= delays[len(delays) // 2] <= median_hi
        assert delays[-1] >= 200  # a retransmission now and then
