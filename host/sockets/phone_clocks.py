"""Per-client clock estimators: map a phone's (or a remote buzzer box's) time to host time.

Each connected client that pings gets a `ClockEstimator` (buzzers.clocksync),
keyed by its Socket.IO id and tagged with the game it plays in. The socket
layer feeds it samples (`sync`) and asks it to map a tap's client time to host
time (`map_time`). A client whose estimate is not usable yet (too few samples,
or gone stale) gets its receive time instead: never trust a clock we have not
measured.

The registry also answers "how late may a press from this game's phones still
arrive?" (`settle_ns`): the worst plausible one-way delay of the game's fresh
clients, which is how long the buzzer arbiter waits before deciding. A client
that stops pinging goes stale and stops counting, so no disconnect hook is
needed.

Phones report milliseconds (`performance.timeOrigin + performance.now()`);
devices report nanoseconds. Times are converted once, here, with `unit_ns`.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from buzzers.clocksync import ClockEstimator, ClockSyncError
from host.buzzer_board.arbiter import settle_delay_ns

MS = 1_000_000  # ns per ms
DEVICE_MAX_DELAY_NS = 2_000_000_000  # a wired box's press may be this stale when it arrives
STALL_MAX_NS = 15_000_000_000  # a phone's tap may wait this long for its link to come back
ANSWERS_KEPT = 4096  # pings answered and not yet followed by their sync


@dataclass(frozen=True)
class Mapped:
    """A client time mapped to host time: `t_ns` (clamped), `u_ns` its uncertainty.

    `synced` is False when no usable estimate existed and `t_ns` is the receive time.
    """

    t_ns: int
    u_ns: int
    synced: bool


@dataclass
class _Client:
    estimator: ClockEstimator
    game: str | None
    unit_ns: int
    device: bool


class PhoneClocks:
    """The clock estimators of every client of one host (thread-safe)."""

    def __init__(self, make_estimator: Callable[[], ClockEstimator] = ClockEstimator) -> None:
        self._make = make_estimator
        self._clients: dict[str, _Client] = {}
        self._clock_ids: dict[str, str] = {}
        # (connection, a ping's host time) -> when the host answered it, until its sync
        self._answers: OrderedDict[tuple[str, int], int] = OrderedDict()
        self._lock = threading.Lock()

    def claim(self, client: str, clock_id: str | None) -> bool:
        """`client` (a seat) is now measured on the clock `clock_id`; says if samples were kept.

        A phone that comes back on the same clock (a reconnect, the same page)
        keeps its samples, so a tap made while it was cut off maps at once; a
        new clock (another phone, a reload, or no id given) starts afresh.
        """
        with self._lock:
            same = clock_id is not None and self._clock_ids.get(client) == clock_id
            if not same:
                self._clients.pop(client, None)
                if clock_id is None:
                    self._clock_ids.pop(client, None)
                else:
                    self._clock_ids[client] = clock_id
            return same

    def answered(self, connection: str, host_ns: int, reply_ns: int) -> None:
        """The host answered the ping `host_ns` of `connection` at `reply_ns`."""
        with self._lock:
            self._answers[(connection, host_ns)] = reply_ns
            while len(self._answers) > ANSWERS_KEPT:
                self._answers.popitem(last=False)

    def answer_of(self, connection: str, host_ns: int) -> int | None:
        """When the host answered that ping (None: not known, a client's made-up `h`)."""
        with self._lock:
            return self._answers.pop((connection, host_ns), None)

    def add_sample(self, client: str, game: str | None, client_send: float, host_ns: int,
                   client_receive: float, unit_ns: int = MS, device: bool = False,
                   host_reply_ns: int | None = None) -> int:
        """Record one ping round trip (client times in `unit_ns`); returns its rtt in ns.
        `host_reply_ns`: when the host answered it, if it knows.

        Raises ClockSyncError for a sample that makes no sense (negative or huge rtt).
        """
        if unit_ns <= 0:
            raise ClockSyncError("unit_ns must be > 0")
        with self._lock:
            entry = self._clients.get(client)
            if entry is None or entry.unit_ns != unit_ns:
                entry = _Client(self._make(), game, unit_ns, device)
                self._clients[client] = entry
            entry.game = game
            sample = entry.estimator.add_sample(
                round(client_send * unit_ns), host_ns, round(client_receive * unit_ns),
                host_reply_ns)
        return sample.rtt_ns

    def usable(self, client: str, now_ns: int) -> bool:
        with self._lock:
            entry = self._clients.get(client)
            return entry is not None and not entry.estimator.needs_resync(now_ns)

    def map_time(self, client: str, client_t: float | None, received_ns: int,
                 heard_before_ns: int | None = None) -> Mapped:
        """The host time of a client-stamped event received at `received_ns` (host ns).

        The result never lies after the receive time, nor before it by more than
        the client's worst measured delay (phones) or `DEVICE_MAX_DELAY_NS` (devices).
        A phone's link may have stalled or dropped: `heard_before_ns` is when the
        host last heard from it before this message. A message cannot have been
        made before the previous one was sent, so after a silence longer than its
        worst delay (a cut, a reconnect) the tap may be as old as that previous
        message, at most `STALL_MAX_NS`: a tap made while cut off keeps its time.
        """
        with self._lock:
            entry = self._clients.get(client)
            if (client_t is None or entry is None
                    or entry.estimator.needs_resync(received_ns)):
                return Mapped(received_ns, 0, False)
            estimator = entry.estimator
            host_t, uncertainty = estimator.to_host(round(client_t * entry.unit_ns))
            if entry.device:
                t_ns = min(received_ns, max(received_ns - DEVICE_MAX_DELAY_NS, host_t))
            else:
                plausible = estimator.plausible_delay_ns
                earliest = received_ns - plausible
                if heard_before_ns is not None and heard_before_ns < earliest:
                    earliest = max(heard_before_ns - plausible, received_ns - STALL_MAX_NS)
                t_ns = estimator.clamp(host_t, received_ns, earliest)
            # A clamped claim is less certain by what the clamp moved: a tie, not a sure order.
            uncertainty += abs(t_ns - host_t)
        return Mapped(t_ns, uncertainty, True)

    def settle_ns(self, game: str, now_ns: int) -> int:
        """How long a buzz decision in `game` waits: the worst delay of its fresh phones.

        Devices do not count (a wired box on the LAN is fast and measured per press);
        0 when no phone of the game is synced.
        """
        with self._lock:
            delays = [
                entry.estimator.max_delay_ns for entry in self._clients.values()
                if entry.game == game and not entry.device
                and not entry.estimator.needs_resync(now_ns)
            ]
        return settle_delay_ns(delays)

    def forget(self, client: str) -> None:
        with self._lock:
            self._clients.pop(client, None)
            self._clock_ids.pop(client, None)

    def __len__(self) -> int:
        return len(self._clients)


_BY_OWNER: weakref.WeakKeyDictionary[Any, PhoneClocks] = weakref.WeakKeyDictionary()
_BY_OWNER_LOCK = threading.Lock()


def clocks_of(owner: Any) -> PhoneClocks:
    """The one registry of a host (`owner` is its Hub), shared by every namespace."""
    with _BY_OWNER_LOCK:
        found = _BY_OWNER.get(owner)
        if found is None:
            found = _BY_OWNER[owner] = PhoneClocks()
        return found
