"""A Wi-Fi lab in user space: an asyncio TCP proxy that shapes each phone's link.

Every phone gets its own `Link`: a listening port on 127.0.0.1 that forwards to
the host (also on loopback). Each chunk read from one side is delivered to the
other after a one-way delay drawn from the link's `Profile`, never before a
chunk read earlier in the same direction (TCP keeps order, so one slow segment
holds back everything behind it: head-of-line blocking). The model, per
direction (up = phone to host, down = host to phone):

- a base delay, uniform in [lo, hi] ms (the radio, the AP, the stacks);
- a Pareto jitter tail (contention, MAC retries, rate changes), capped;
- loss as a TCP retransmission: with probability `loss`, + an RTO of 200 ms or
  more (Linux's minimum RTO), doubling while the retransmission is lost too;
- power-save spikes: the phone's radio dozes; episodes start at random (mean
  `spike_every_s`) and last 100-300 ms (1-3 beacon intervals of 102.4 ms);
  while one lasts, nothing crosses the link in either direction;
- cuts on demand: `hold` (everything waits N seconds, the connection survives,
  as when the phone roams or the AP stalls) or `reset` (every connection of the
  link is aborted with an RST and new ones are refused for N seconds, as when
  the phone's Wi-Fi drops and the browser closes its sockets).

No `tc netem` (the kernel here lacks it), no namespaces, no root: the lab only
listens on and connects to 127.0.0.0/8, and `WifiLab.close()` (or leaving its
`with` block, even on an error) aborts every connection and stops the loop.

Used by bench/wifi_lab.py and the tests in tests/netlab/.
"""

from __future__ import annotations

import asyncio
import ipaddress
import random
import threading
import time
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

T = TypeVar("T")
CutMode = Literal["hold", "reset"]


@dataclass(frozen=True)
class Direction:
    """One direction's delay model, in ms."""

    base_ms: tuple[float, float]  # uniform base delay
    jitter_scale_ms: float  # Pareto tail: scale * (pareto(alpha) - 1), capped
    jitter_alpha: float
    jitter_cap_ms: float
    loss: float  # probability that a chunk needs a TCP retransmission

    def sample_ms(self, rnd: random.Random, rto_ms: tuple[float, float]) -> float:
        delay = rnd.uniform(*self.base_ms)
        delay += min(self.jitter_cap_ms,
                     self.jitter_scale_ms * (rnd.paretovariate(self.jitter_alpha) - 1))
        rto = rnd.uniform(*rto_ms)
        while rnd.random() < self.loss:  # each retransmission may be lost too (RTO doubles)
            delay += rto
            rto *= 2
        return delay


@dataclass(frozen=True)
class Profile:
    name: str
    up: Direction
    down: Direction
    rto_ms: tuple[float, float] = (200.0, 230.0)
    spike_every_s: float = 0.0  # mean time between power-save episodes (0: none)
    spike_ms: tuple[float, float] = (100.0, 300.0)
    doc: str = ""


# Where the numbers come from: docs/WIFI-LAB.md (what is measured elsewhere, what is our estimate).
PROFILES: dict[str, Profile] = {
    "lan": Profile(
        "lan",
        up=Direction((0.05, 0.1), 0.0, 3.0, 0.0, 0.0),
        down=Direction((0.05, 0.1), 0.0, 3.0, 0.0, 0.0),
        doc="wired, for the lab's own tests",
    ),
    "wifi": Profile(
        "wifi",
        up=Direction((1.5, 4.0), 1.0, 2.5, 40.0, 0.01),
        down=Direction((2.0, 6.0), 1.5, 2.5, 60.0, 0.01),
        spike_every_s=5.0,
        spike_ms=(100.0, 300.0),
        doc="a home/pub AP, 5-20 phones, phones in power save between taps",
    ),
    "bad-wifi": Profile(
        "bad-wifi",
        up=Direction((3.0, 12.0), 3.0, 1.8, 150.0, 0.03),
        down=Direction((4.0, 16.0), 4.0, 1.8, 200.0, 0.03),
        spike_every_s=2.0,
        spike_ms=(100.0, 400.0),
        doc="a crowded 2.4 GHz channel, far from the AP, 40+ phones",
    ),
}


def check_loopback(host: str) -> None:
    """The workplace rule: the lab talks to 127.0.0.0/8 only."""
    if not ipaddress.ip_address(host).is_loopback:
        raise ValueError(f"the Wi-Fi lab only uses loopback addresses, not {host!r}")


@dataclass
class _Pipe:
    """One direction of one connection: chunks waiting for their delivery time."""

    writer: asyncio.StreamWriter
    direction: Direction
    last_at: float = 0.0
    queue: asyncio.Queue[tuple[float, bytes] | None] = field(default_factory=asyncio.Queue)


class Link:
    """One phone's shaped link: 127.0.0.1:`port` -> `target`."""

    def __init__(self, lab: WifiLab, profile: Profile, target: tuple[str, int], seed: int) -> None:
        check_loopback(target[0])
        self.lab = lab
        self.profile = profile
        self.target = target
        self.rnd = random.Random(seed)
        self.port = 0
        self.blocked_until = 0.0  # loop time: nothing crosses before it (a cut)
        self.refusing_until = 0.0  # loop time: new connections are refused (a reset cut)
        self.connections: set[tuple[asyncio.StreamWriter, asyncio.StreamWriter]] = set()
        self.tasks: set[asyncio.Task[Any]] = set()
        self.server: asyncio.base_events.Server | None = None
        self.spike: tuple[float, float] = (0.0, 0.0)  # current/next power-save episode
        self.accepted = 0
        self.refused = 0
        self.cuts: list[tuple[float, float, CutMode]] = []  # (start, end) in time.monotonic()

    # ---------------------------------------------------------------- delays

    def _spike_end(self, now: float) -> float:
        """If a power-save episode covers `now`, when it ends; else 0."""
        if self.profile.spike_every_s <= 0:
            return 0.0
        start, end = self.spike
        while end <= now:
            start = max(now, end) + self.rnd.expovariate(1 / self.profile.spike_every_s)
            end = start + self.rnd.uniform(*self.profile.spike_ms) / 1000
            self.spike = (start, end)
            if start > now:
                return 0.0
        return end if start <= now else 0.0

    def deliver_at(self, pipe: _Pipe, now: float) -> float:
        at = now + pipe.direction.sample_ms(self.rnd, self.profile.rto_ms) / 1000
        at = max(at, self._spike_end(now))
        at = max(at, pipe.last_at)  # in order, like TCP
        pipe.last_at = at
        return at

    # ---------------------------------------------------------------- proxy

    async def start(self) -> None:
        self.server = await asyncio.start_server(self._accept, "127.0.0.1", 0)
        self.port = int(self.server.sockets[0].getsockname()[1])

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        loop = asyncio.get_running_loop()
        if loop.time() < self.refusing_until:
            self.refused += 1
            writer.transport.abort()  # the phone's network is down: its connection fails
            return
        self.accepted += 1
        # The handshake crosses the link too (one round trip), and waits out a hold.
        handshake = (self.profile.up.sample_ms(self.rnd, self.profile.rto_ms)
                     + self.profile.down.sample_ms(self.rnd, self.profile.rto_ms)) / 1000
        await asyncio.sleep(max(handshake, self.blocked_until - loop.time()))
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        pair = (writer, up_writer)
        self.connections.add(pair)
        up = _Pipe(up_writer, self.profile.up)
        down = _Pipe(writer, self.profile.down)
        for coro in (self._read(reader, up), self._read(up_reader, down),
                     self._write(up), self._write(down)):
            task = asyncio.ensure_future(coro)
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _read(self, reader: asyncio.StreamReader, pipe: _Pipe) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                chunk = await reader.read(65536)
                if not chunk:
                    break
                pipe.queue.put_nowait((self.deliver_at(pipe, loop.time()), chunk))
        except (ConnectionError, OSError):
            pass
        pipe.queue.put_nowait(None)

    async def _write(self, pipe: _Pipe) -> None:
        loop = asyncio.get_running_loop()
        try:
            while True:
                item = await pipe.queue.get()
                if item is None:
                    if pipe.writer.can_write_eof():
                        pipe.writer.write_eof()
                    return
                at, chunk = item
                while (wait := max(at, self.blocked_until) - loop.time()) > 0:
                    await asyncio.sleep(wait)
                pipe.writer.write(chunk)
                await pipe.writer.drain()
        except (ConnectionError, OSError, RuntimeError):
            pipe.writer.transport.abort()

    # ---------------------------------------------------------------- cuts

    def _cut(self, seconds: float, mode: CutMode) -> None:
        loop = asyncio.get_running_loop()
        until = loop.time() + seconds
        self.blocked_until = max(self.blocked_until, until)
        now = time.monotonic()
        self.cuts.append((now, now + seconds, mode))
        if mode == "reset":
            self.refusing_until = max(self.refusing_until, until)
            for phone_side, host_side in list(self.connections):
                phone_side.transport.abort()
                host_side.transport.abort()
            self.connections.clear()

    def cut(self, seconds: float, mode: CutMode = "reset") -> None:
        """Cut the link for `seconds` (from any thread): `hold` everything, or `reset` it."""
        if mode not in ("hold", "reset"):
            raise ValueError(f"mode must be 'hold' or 'reset', not {mode!r}")
        self.lab.call_soon(self._cut, seconds, mode)

    async def close(self) -> None:
        if self.server is not None:
            self.server.close()
        for phone_side, host_side in list(self.connections):
            phone_side.transport.abort()
            host_side.transport.abort()
        self.connections.clear()
        for task in list(self.tasks):
            task.cancel()
        if self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)
        if self.server is not None:
            await self.server.wait_closed()


class WifiLab:
    """The proxy's event loop in a thread, and the links it serves. Use it as a context manager."""

    def __init__(self, profile: str | Profile = "wifi", seed: int = 1) -> None:
        self.profile = PROFILES[profile] if isinstance(profile, str) else profile
        self.seed = seed
        self.links: list[Link] = []
        self.loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._run, name="wifi-lab", daemon=True)
        self._thread.start()
        self._closed = False

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def run(self, coro: Coroutine[Any, Any, T], timeout: float = 10) -> T:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def call_soon(self, fn: Any, *args: Any) -> None:
        self.loop.call_soon_threadsafe(fn, *args)

    def link(self, port: int, host: str = "127.0.0.1", profile: str | Profile | None = None,
             seed: int | None = None) -> Link:
        """A new shaped link to host:port; connect to 127.0.0.1:link.port instead."""
        chosen = self.profile if profile is None else (
            PROFILES[profile] if isinstance(profile, str) else profile)
        link = Link(self, chosen, (host, port),
                    self.seed * 1000 + len(self.links) if seed is None else seed)
        self.run(link.start())
        self.links.append(link)
        return link

    def close(self) -> None:
        """Abort every connection, close every port, stop the loop (idempotent)."""
        if self._closed:
            return
        self._closed = True
        try:
            for link in self.links:
                self.run(link.close())
        finally:
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(10)
            self.loop.close()

    def __enter__(self) -> WifiLab:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
