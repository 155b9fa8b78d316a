"""A phone for the Wi-Fi lab: python-socketio speaking the documented /seat protocol.

It behaves like host/static/js/phone.js: its own clock (seconds off the host's
and drifting by tens of ppm), `join` with its token and clock id, NTP-style
`ping` then `sync` {c0, h, c1} (5 quick ones after joining, then every 100 ms
while a buzz window is open, every 10 s otherwise), taps sent as `buzz` actions
with `t_client` on its clock and an action id `aid`, an outbox that keeps every
action until the host acks it and sends it again after a reconnect (the host
answers a repeat with the first ack), and quick reconnects (250-500 ms apart)
that rejoin the seat.

The phone knows the true host time of each of its taps (the bench and the
server share CLOCK_MONOTONIC), so a bench can tell right orders from wrong.
"""

from __future__ import annotations

import contextlib
import itertools
import threading
import time
import uuid
from collections import OrderedDict
from typing import Any

import socketio

from host.session.phone_parts import merge

MS = 1_000_000
FAST_S = 0.1
SLOW_S = 10.0
BURST, BURST_S = 5, 0.15  # after a join: 5 pings 150 ms apart


class LabPhone:
    def __init__(self, url: str, game: str, seat: int, offset_s: float = 1800.0,
                 drift_ppm: float = 0.0, name: str | None = None,
                 token: str | None = None) -> None:
        self.url = url
        self.game = game
        self.seat = seat
        self.name = name or f"P{seat}"
        self.token = token or f"lab-phone-{seat:04d}-{uuid.uuid4().hex[:12]}"
        self.clock_id = uuid.uuid4().hex[:16]
        self.offset_ns = round(offset_s * 1e9)
        self.rate = 1 + drift_ppm / 1_000_000
        self.client = socketio.Client(reconnection=True, reconnection_attempts=0,
                                      reconnection_delay=0.25, reconnection_delay_max=0.5,
                                      randomization_factor=0.2)
        self.states: list[tuple[int, dict[str, Any]]] = []  # (host ns received, state)
        self.acks: dict[str, dict[str, Any]] = {}  # aid -> first ack received
        self.ack_count: dict[str, int] = {}
        self.outbox: OrderedDict[str, tuple[dict[str, Any], int]] = OrderedDict()
        self.joins: list[tuple[int, dict[str, Any]]] = []  # (host ns, join ack)
        self.disconnects: list[int] = []
        self.syncs = 0
        self.generation = 0  # one per successful join
        self._ids = itertools.count(1)
        self._joined = False
        self._lock = threading.Condition()
        self._wake = threading.Event()
        self._stop = False
        self._last_ping = 0.0
        self._burst = 0
        self.client.on("connect", self._on_connect, namespace="/seat")
        self.client.on("disconnect", self._on_disconnect, namespace="/seat")
        self.own: dict[str, Any] | None = None  # its private part (host/session/phone_parts.py)
        self.client.on("private", self._on_private, namespace="/seat")
        self.client.on("public", self._on_public, namespace="/seat")
        self._worker = threading.Thread(target=self._run, name=f"phone-{seat}", daemon=True)

    # ------------------------------------------------------------------ clock

    def phone_ms(self, host_ns: int) -> float:
        """This phone's clock (ms, like performance.timeOrigin + performance.now())."""
        return (host_ns * self.rate + self.offset_ns) / MS

    def now_ms(self) -> float:
        return self.phone_ms(time.monotonic_ns())

    # ------------------------------------------------------------------ life

    def start(self, timeout: float = 20) -> LabPhone:
        self.client.connect(self.url, namespaces=["/seat"], transports=["websocket"],
                            wait_timeout=timeout)
        self._worker.start()
        if not self.wait_joined(timeout):
            raise TimeoutError(f"phone {self.seat} did not join")
        return self

    def close(self) -> None:
        self._stop = True
        self._wake.set()
        with contextlib.suppress(Exception):
            self.client.disconnect()
        if self._worker.is_alive():
            self._worker.join(5)

    @property
    def joined(self) -> bool:
        return self._joined

    def wait_joined(self, timeout: float) -> bool:
        with self._lock:
            return self._lock.wait_for(lambda: self._joined, timeout)

    def _on_connect(self) -> None:
        self._wake.set()

    def _on_disconnect(self, *args: Any) -> None:
        with self._lock:
            self._joined = False
            self.disconnects.append(time.monotonic_ns())
            self._lock.notify_all()

    def _on_private(self, payload: dict[str, Any]) -> None:
        self.own = payload
        if "public" in payload:  # a changed private part brings the public one along
            self._on_public(payload["public"])

    def _on_public(self, payload: dict[str, Any]) -> None:
        """Like phone.js: the page draws the merge of both parts when the public one comes."""
        self._on_state(merge(payload, self.own))

    def _on_state(self, payload: dict[str, Any]) -> None:
        with self._lock:
            self.states.append((time.monotonic_ns(), payload))
            self._lock.notify_all()

    def _run(self) -> None:
        while not self._stop:
            self._wake.wait(0.02)
            self._wake.clear()
            if self._stop:
                return
            if not self.client.connected:
                continue
            if not self._joined:
                self._join()
                continue
            self._flush()
            now = time.monotonic()
            every = BURST_S if self._burst > 0 else FAST_S if self.fast() else SLOW_S
            if now >= self._last_ping + every:
                self._last_ping = now
                self._burst = max(0, self._burst - 1)
                self.ping()

    def _join(self) -> None:
        try:
            ack = self.client.call("join", {"token": self.token, "game": self.game,
                                            "seat": self.seat, "name": self.name,
                                            "clock": self.clock_id},
                                   namespace="/seat", timeout=5)
        except Exception:  # noqa: BLE001 - timed out or the link dropped: try again
            return
        if not ack or not ack.get("ok"):
            return
        with self._lock:
            self.joins.append((time.monotonic_ns(), ack))
            self.generation += 1
            self._joined = True
            self._lock.notify_all()
        self._last_ping = 0.0
        self._burst = BURST  # a few quick samples after joining, as phone.js
        self._flush()

    def fast(self) -> bool:
        """Fast pings while a window is open or about to be decided (as phone.js)."""
        view = self.states[-1][1].get("view") if self.states else None
        return bool(view) and view.get("phase") in ("armed", "floor", "closed")

    # ------------------------------------------------------------------ sync

    def ping(self) -> None:
        c0 = self.now_ms()

        def pong(ack: Any) -> None:
            if not isinstance(ack, dict) or not ack.get("ok"):
                return
            c1 = self.now_ms()
            with contextlib.suppress(Exception):
                self.client.emit("sync", {"c0": c0, "h": ack["h"], "c1": c1},
                                 namespace="/seat", callback=self._synced)

        with contextlib.suppress(Exception):
            self.client.emit("ping", {"c": c0}, namespace="/seat", callback=pong)

    def _synced(self, ack: Any) -> None:
        if isinstance(ack, dict) and ack.get("ok"):
            self.syncs += 1

    # ------------------------------------------------------------------ actions

    def tap(self, at_ns: int | None = None) -> str:
        """Tap BUZZ at host time `at_ns` (now if None; waits until then); returns its aid."""
        if at_ns is not None:
            while (left := at_ns - time.monotonic_ns()) > 0:
                time.sleep(min(left / 1e9, 0.05) if left > 2 * MS else 0)
        else:
            at_ns = time.monotonic_ns()
        aid = f"{self.clock_id[:8]}-{next(self._ids)}"
        message = {"type": "buzz", "t_client": self.phone_ms(at_ns), "aid": aid}
        with self._lock:
            self.outbox[aid] = (message, -1)
        self._flush()
        return aid

    def _flush(self) -> None:
        """Send what the host has not acked, once per connection (resent after a rejoin)."""
        if not self._joined:
            return
        with self._lock:
            generation = self.generation
            due = [(aid, msg) for aid, (msg, sent) in self.outbox.items() if sent != generation]
            for aid, msg in due:
                self.outbox[aid] = (msg, generation)
        for aid, msg in due:
            try:
                self.client.emit("action", msg, namespace="/seat",
                                 callback=lambda ack, aid=aid: self._acked(aid, ack))
            except Exception:  # noqa: BLE001 - dropped: the next join sends it again
                with self._lock:
                    if aid in self.outbox:
                        self.outbox[aid] = (msg, -1)

    def _acked(self, aid: str, ack: Any) -> None:
        with self._lock:
            self.ack_count[aid] = self.ack_count.get(aid, 0) + 1
            self.acks.setdefault(aid, ack if isinstance(ack, dict) else {"ok": False})
            self.outbox.pop(aid, None)
            self._lock.notify_all()

    def wait_acked(self, aid: str, timeout: float) -> dict[str, Any] | None:
        with self._lock:
            self._lock.wait_for(lambda: aid in self.acks, timeout)
            return self.acks.get(aid)

    def wait_state(self, predicate: Any, timeout: float, after_ns: int = 0) -> tuple[int, Any]:
        """The first state received after `after_ns` that matches; (received ns, state)."""
        def found() -> tuple[int, Any] | None:
            return next(((t, s) for t, s in self.states if t >= after_ns and predicate(s)), None)

        with self._lock:
            self._lock.wait_for(lambda: found() is not None, timeout)
            hit = found()
        if hit is None:
            raise TimeoutError(f"phone {self.seat}: no matching state")
        return hit
