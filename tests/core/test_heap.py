"""What the server loaded at start-up is out of the cycle collector's walk, and a clock
sample that met one of its pauses is left out (host/wire/heap.py)."""

from __future__ import annotations

import gc
import time

from host.wire.heap import PAUSES, Pauses
from host.sockets.phone_clocks import clocks_of
from host.sockets.base import record_sync
from tests.live import LiveServer

MS = 1_000_000


def test_the_serving_process_froze_what_it_loaded(live: LiveServer) -> None:
    health = live.get("/healthz")
    # Flask, Socket.IO, the games and the shipped maps: tens of thousands of objects
    # that a full collection would otherwise walk while every press waits.
    assert health["heap_frozen"] > 20_000
    # host/serve/server.py: a thread waits 2 ms, not 5, for a busy one to let the interpreter go.
    assert health["switch_interval_ms"] == 2.0


def test_a_collection_is_noted_as_a_pause() -> None:
    pauses = Pauses(longer_than_ns=0)
    before = time.monotonic_ns()
    pauses.install()
    try:
        gc.collect()
    finally:
        pauses.remove()
    after = time.monotonic_ns()
    assert pauses.held(before, after)
    assert not pauses.held(before - 10_000 * MS, before - 1)


class _Owner:
    """Stands for the Hub: the clock registry is keyed by its owner."""


def test_a_ping_that_met_a_pause_is_not_taken_as_the_phones_network() -> None:
    owner = _Owner()
    clocks = clocks_of(owner)
    h = time.monotonic_ns()
    PAUSES.note(h - 40 * MS, h - 1 * MS)  # the host stopped 40 ms just before answering
    held = record_sync(owner, "seat:1", "g", {"c0": 1000.0, "h": h, "c1": 1041.0}, MS, False)
    assert held["kept"] is False
    assert len(clocks) == 0
    later = h + 5_000 * MS  # seconds after the pause: an honest sample
    kept = record_sync(owner, "seat:1", "g", {"c0": 6000.0, "h": later, "c1": 6002.0}, MS, False)
    assert kept["kept"] is True
    assert kept["rtt_ms"] == 2.0
    assert len(clocks) == 1
