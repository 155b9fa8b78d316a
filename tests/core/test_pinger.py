"""Engine.IO pings from one timer thread: due order, the library's rules, a real server."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from engineio import packet
from engineio import socket as engineio_socket

from host.wire import pinger
from host.wire.pinger import Pinger
from tests.core.test_broadcast import wait_for
from tests.live import LiveServer, RawEngineIO


class FakeSocket:
    """What the pinger touches of an engine.io socket."""

    def __init__(self, name: str, log: list[str], closing: bool = False) -> None:
        self.name, self.log = name, log
        self.closing = closing
        self.closed = False
        self.last_ping: float | None = None
        self.sid = name
        self.server = type("Server", (), {"ping_interval": 0.05})()
        self.thread = ""  # the thread that sent the last ping

    def send(self, pkt: Any) -> None:
        assert pkt.packet_type == packet.PING
        self.log.append(self.name)
        self.thread = threading.current_thread().name


def test_pings_go_when_due_in_due_order_and_never_to_a_closing_socket() -> None:
    log: list[str] = []
    timer = Pinger()
    late, early, gone, middle = (FakeSocket("late", log), FakeSocket("early", log),
                                 FakeSocket("gone", log, closing=True), FakeSocket("middle", log))
    started = time.monotonic()
    timer.schedule(late, 0.15)
    timer.schedule(early, 0.02)
    timer.schedule(gone, 0.05)
    timer.schedule(middle, 0.08)
    wait_for(lambda: len(log) == 3)
    assert time.monotonic() - started >= 0.15
    assert log == ["early", "middle", "late"]
    assert gone.last_ping is None and all(s.last_ping for s in (early, middle, late))
    time.sleep(0.1)
    assert log == ["early", "middle", "late"]  # each scheduled ping goes once


def test_a_failing_socket_does_not_stop_the_others() -> None:
    log: list[str] = []
    timer = Pinger()
    broken = FakeSocket("broken", log)
    broken.send = None  # type: ignore[assignment,method-assign]
    timer.schedule(broken, 0.0)
    timer.schedule(FakeSocket("next", log), 0.02)
    wait_for(lambda: log == ["next"])


def test_the_library_schedules_its_next_ping_through_the_one_timer() -> None:
    """The library's rule: a ping is scheduled once the previous one was answered (its
    `last_ping` set), and `last_ping` is cleared while one is pending."""
    pinger.install()
    pinger.install()  # idempotent
    log: list[str] = []
    answered = FakeSocket("answered", log)
    answered.last_ping = time.time()
    pending = FakeSocket("pending", log)  # last_ping None: a ping is already on its way
    engineio_socket.Socket.schedule_ping(answered)  # type: ignore[arg-type]
    engineio_socket.Socket.schedule_ping(pending)  # type: ignore[arg-type]
    assert answered.last_ping is None
    wait_for(lambda: log == ["answered"])
    assert answered.last_ping is not None
    assert answered.thread == "engineio-pings"  # the one timer's, not a thread of its own


@pytest.mark.slow
def test_a_served_connection_is_pinged_again_after_each_pong(tmp_path: Path,
                                                             packs: Path) -> None:
    """A real `tourelle serve` (threading): a ping every interval, each after the pong to
    the one before; the connection stays open."""
    server = LiveServer(data=tmp_path / "data", packs=packs).start()
    try:
        raw = RawEngineIO(server)
        try:
            raw.read_until(lambda: raw.texts)
            interval = json.loads(raw.texts[0][1:])["pingInterval"] / 1000
            pings_at = []
            for _ in range(2):
                raw.read_until(lambda: raw.texts[-1] == "2")
                pings_at.append(time.monotonic())
                raw.send("3")  # pong
                raw.texts.append("(pong sent)")
            assert interval * 0.8 <= pings_at[1] - pings_at[0] <= interval * 1.6
        finally:
            raw.close()
    finally:
        server.stop()
