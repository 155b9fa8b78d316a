"""`tourelle buzzers run`: this box's buttons and keys, live, as the host's device role.

The link keeps the box's clock mapped onto the host's (ping/sync every few
seconds), sends every press stamped on the box's own monotonic clock (the
host maps it), and follows the projector's view of the current game to light
the LED of the seat that has the floor. Sources know nothing of sockets: they
call `BuzzerLink.send`, which only queues; a sender thread does the network.
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
import time
from collections.abc import Callable
from typing import Any

import socketio

from buzzers.press import Press

log = logging.getLogger(__name__)

FloorCallback = Callable[[int | None], None]
# websocket-client's option (see BuzzerLink); a copy per client: python-engineio pops from it
NATIVE_UTF8 = {"skip_utf8_validation": True}


class BuzzerLink:
    """One buzzer box's connection to a host (namespaces /device and /screen)."""

    def __init__(self, url: str, key: str, on_floor: FloorCallback | None = None,
                 clock_ns: Callable[[], int] = time.monotonic_ns, game: str | None = None,
                 sync_every: float = 5.0) -> None:
        self.url = url
        self.key = key
        self.on_floor = on_floor
        self.clock_ns = clock_ns
        self.game = game
        self.sync_every = sync_every
        self.floor: int | None = None
        self.sent: list[dict[str, Any]] = []  # acks of sent presses, newest last
        # websocket-client checks every text frame's UTF-8 in pure Python before it decodes
        # it (in C, which rejects bad UTF-8 anyway): 2-3 ms of a 2-core x86's CPU for one
        # projector state of a 200-seat board, several times that on a Pi, for every state
        # the box watches. Skipped: the decode still refuses what is not UTF-8.
        self.client = socketio.Client(reconnection=True,
                                      websocket_extra_options=dict(NATIVE_UTF8))
        self._presses: queue.Queue[Press | None] = queue.Queue()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self.client.on("state", self._on_state, namespace="/screen")
        self.client.on("game_created", self._on_created, namespace="/screen")
        self.client.on("connect", self._on_connect, namespace="/screen")

    # -- life cycle ------------------------------------------------------------------------
    def start(self, sync_rounds: int = 5) -> None:
        self.client.connect(self.url, namespaces=["/device", "/screen"],
                            transports=["websocket"], auth={"key": self.key}, wait_timeout=10)
        self.sync(sync_rounds)
        for name, target in (("buzz-send", self._send_loop), ("buzz-sync", self._sync_loop)):
            thread = threading.Thread(target=target, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)

    def close(self) -> None:
        self._stop.set()
        self._presses.put(None)
        for thread in self._threads:
            thread.join(timeout=5)
        self.client.disconnect()

    # -- clock sync ------------------------------------------------------------------------
    def sync(self, rounds: int = 1) -> list[float]:
        """Ping the host `rounds` times; returns the round trips in ms."""
        rtts = []
        for _ in range(rounds):
            c0 = self.clock_ns()
            reply = self.client.call("ping", {"c": c0}, namespace="/device", timeout=5)
            c1 = self.clock_ns()
            answer = self.client.call("sync", {"c0": c0, "h": reply["h"], "c1": c1},
                                      namespace="/device", timeout=5)
            if answer.get("ok"):
                rtts.append(float(answer["rtt_ms"]))
        return rtts

    def _sync_loop(self) -> None:
        while not self._stop.wait(self.sync_every):
            with contextlib.suppress(Exception):  # a missed round is retried next time
                self.sync(1)

    # -- presses out -----------------------------------------------------------------------
    def send(self, press: Press) -> None:
        """Queue a press (safe from a GPIO callback thread: never blocks on the network)."""
        self._presses.put(press)

    def _send_loop(self) -> None:
        while True:
            press = self._presses.get()
            if press is None:
                return
            message: dict[str, Any] = {"seat": press.seat, "t_ns": press.t_ns,
                                       "source": press.source,
                                       "uncertainty_ns": press.uncertainty_ns}
            if self.game is not None:
                message["game"] = self.game
            try:
                ack = self.client.call("press", message, namespace="/device", timeout=5)
            except Exception as exc:  # the host is away: the press is lost, say so
                log.warning("press of seat %d not delivered: %s", press.seat, exc)
                continue
            self.sent.append(ack)
            if not ack.get("ok"):
                log.info("press of seat %d refused: %s", press.seat, ack.get("reason"))

    # -- floor in --------------------------------------------------------------------------
    def _on_connect(self) -> None:
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self, game: str | None = None) -> None:
        payload = {"game": game or self.game} if (game or self.game) else {}
        with contextlib.suppress(Exception):  # no game yet: game_created will tell us
            self.client.call("watch", payload, namespace="/screen", timeout=5)

    def _on_created(self, payload: dict[str, Any]) -> None:
        if self.game is None:
            threading.Thread(target=self._watch, args=(payload.get("game"),),
                             daemon=True).start()

    def _on_state(self, payload: dict[str, Any]) -> None:
        self.set_floor(floor_of(payload))

    def set_floor(self, seat: int | None) -> None:
        if seat == self.floor:
            return
        self.floor = seat
        if self.on_floor is not None:
            self.on_floor(seat)


def floor_of(payload: dict[str, Any]) -> int | None:
    """The seat with the floor in a screen `state` payload (None unless a buzzer game)."""
    meta = payload.get("meta") or {}
    view = payload.get("view") or {}
    if meta.get("kind") != "buzzer" or not isinstance(view, dict):
        return None
    floor = view.get("floor")
    return floor if isinstance(floor, int) else None


def floor_lights(gpio: Any, seats: set[int]) -> FloorCallback:
    """A floor callback lighting `gpio`'s LED for seats this box has (others: all off)."""

    def light(seat: int | None) -> None:
        gpio.set_floor(seat if seat in seats else None)

    return light
