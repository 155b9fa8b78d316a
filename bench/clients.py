"""How long does one state broadcast take to reach N connected clients, and what does it cost?

For each audience, N and async mode (threading: gunicorn gthread; eventlet), a
fresh `tourelle serve` is started, a game is created, started and paused, and N
real python-socketio clients (websocket transport) connect. Two audiences:

- seats: every client is a phone joined to its own seat of a buzzer board
  (up to 500 seats; each seat gets its own small part, and one public part goes to all). Without
  the buzzer kind, the territory game's 4 seats and the rest on /screen.
- screens: every client watches /screen (one room, one view for all).

The clients run in several spawned processes (`--per-process` each, threads
inside), so one process's GIL is not the bottleneck being measured.

The broadcast: the bench sends a host `pause` or `resume` command (they
alternate) and notes `time.monotonic_ns()` just before the send; each client
notes the same clock (CLOCK_MONOTONIC: one clock for every process on this
machine) when the state with that command's journal sequence number arrives.
So a latency is command -> journal (fsync) -> publish -> delivery, as a host's
tap on "pause" is seen by the room. The host's own acknowledgement time is
shown too. RSS is summed over the server's process tree (psutil), idle (game
made, nobody connected) and with the N clients connected after the rounds.

Run: .venv/bin/python bench/clients.py [--sizes 50 200] [--seat-sizes 50]
     [--modes threading eventlet]
     [--audiences seats screens] [--rounds 20] [--threads 256] [--per-process 50]
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing as mp
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from multiprocessing.sharedctypes import Synchronized
from multiprocessing.synchronize import Event as MpEvent
from pathlib import Path
from collections.abc import Callable
from typing import Any

import psutil
import socketio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.node_phones import NodePhones  # noqa: E402
from bench.pilab import join_from_env  # noqa: E402
MIB = 1024 * 1024
MS = 1_000_000
# Every time limit multiplied by this: the paused game must not move on by itself.
FROZEN_PACE = 100.0


# -- the server ----------------------------------------------------------------
@dataclass
class Server:
    mode: str
    threads: int
    data: Path
    port: int = 0
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 60.0) -> Server:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = int(sock.getsockname()[1])
        log = open(self.data / "server.log", "wb")  # noqa: SIM115 (the child keeps it)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "host", "serve", "--bind", "127.0.0.1",
             "--port", str(self.port), "--data", str(self.data), "--async-mode", self.mode,
             "--threads", str(self.threads)],
            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=join_from_env,  # bench/pilab.py: the host alone under a Pi's quota
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server died on start: see {self.data / 'server.log'}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=1):
                    return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("server did not start in time")

    def key(self) -> str:
        return (self.data / "host_key").read_text().strip()

    def _tree(self) -> list[psutil.Process]:
        """The serving process and its children (gunicorn's worker)."""
        assert self.process is not None
        root = psutil.Process(self.process.pid)
        return [root, *root.children(recursive=True)]

    def rss_bytes(self) -> int:
        """Resident memory summed over the tree (pages shared by parent and worker count twice)."""
        total = 0
        for proc in self._tree():
            with contextlib.suppress(psutil.NoSuchProcess):
                total += proc.memory_info().rss
        return total

    def cpu_seconds(self) -> float:
        """User + system CPU time used so far by the server's process tree."""
        total = 0.0
        for proc in self._tree():
            with contextlib.suppress(psutil.NoSuchProcess):
                times = proc.cpu_times()
                total += times.user + times.system
        return total

    def http_ms(self) -> float | None:
        """How long a plain page request (/healthz) takes now; None if it gets no answer in 3 s."""
        t0 = time.monotonic_ns()
        try:
            with urllib.request.urlopen(self.url + "/healthz", timeout=3):
                return (time.monotonic_ns() - t0) / MS
        except OSError:
            return None

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)


# -- the clients (run in worker processes) -------------------------------------
@dataclass(frozen=True)
class ClientSpec:
    namespace: str  # /seat or /screen
    token: str = ""  # a seat's join token


def run_clients(url: str, game_id: str, specs: list[ClientSpec], received: Synchronized[int],
                ready: Any, stop: MpEvent) -> None:
    """One worker process: connect its clients, note each state's arrival, report at the end."""
    receipts: list[dict[int, int]] = [{} for _ in specs]
    clients: list[socketio.Client] = []

    def connect(index: int) -> socketio.Client:
        spec = specs[index]
        seen = receipts[index]
        client = socketio.Client(reconnection=False)

        def on_state(payload: dict[str, Any]) -> None:
            now = time.monotonic_ns()
            seq = int(payload["meta"]["seq"])
            if seq not in seen:
                seen[seq] = now
                with received.get_lock():
                    received.value += 1

        # A phone's state is whole when its public part comes (its private part precedes it).
        event = "public" if spec.namespace == "/seat" else "state"
        client.on(event, on_state, namespace=spec.namespace)
        client.connect(url, namespaces=[spec.namespace], transports=["websocket"],
                       wait_timeout=30)
        if spec.namespace == "/seat":
            # A busy session answers "busy" but still binds the seat later: the same token
            # then gets it back ("rejoined"), as a phone that retries would.
            for _ in range(10):
                answer = client.call("join", {"game": game_id, "token": spec.token},
                                     namespace="/seat", timeout=30)
                if answer.get("code") != "busy":
                    break
        else:
            answer = client.call("watch", {"game": game_id}, namespace="/screen", timeout=30)
        if not answer.get("ok"):
            raise RuntimeError(f"client {index} was refused: {answer}")
        return client

    try:
        with ThreadPoolExecutor(max_workers=8) as pool:
            clients = list(pool.map(connect, range(len(specs))))
        ready.put(("ready", len(clients)))
    except Exception as err:  # the parent reports it; no partial run is measured
        ready.put(("failed", f"{type(err).__name__}: {err}"))
        stop.wait(600)
    else:
        stop.wait(600)
        ready.put(("receipts", receipts))
    for client in clients:
        client.disconnect()


# -- one configuration -----------------------------------------------------------
@dataclass
class Figures:
    mode: str
    kind: str
    clients: int
    seats: int
    processes: int
    latencies_ns: list[int]
    completes_ns: list[int]  # per round: until the last client had it
    acks_ns: list[int]
    lost: int
    rss_idle: int
    rss_connected: int
    cpu_per_broadcast: float  # server CPU seconds per broadcast round
    http_ms: float | None  # a /healthz request with the N clients connected
    join_seconds: float  # from starting the client processes until all are in


def plan_clients(count: int, seats: int) -> list[ClientSpec]:
    seated = min(count, seats)
    return ([ClientSpec("/seat", f"bench-seat-token-{i:04d}") for i in range(seated)]
            + [ClientSpec("/screen") for _ in range(count - seated)])


def measure(mode: str, count: int, args: argparse.Namespace) -> Figures:
    with tempfile.TemporaryDirectory(prefix="tourelle-bench-") as folder:
        server = Server(mode, args.threads, Path(folder)).start()
        try:
            return measure_on(server, count, args)
        finally:
            server.stop()


def game_for(audience: str, count: int) -> tuple[str, int, int]:
    """(game kind, seats in the game, seats the clients take) for an audience scenario.

    "seats": every client is a phone on its own seat (its own view, one emit each): the
    buzzer board when it is registered with room for them, else the territory game's
    seats and the rest on /screen. "screens": every client watches /screen (one room).
    """
    from host.games import registry

    if audience == "screens":
        kind = registry.kind("territory")
        return kind.name, kind.min_seats, 0
    for name in ("buzzer", "territory"):
        if name in registry.names():
            kind = registry.kind(name)
            if kind.max_seats >= count or name == "territory":
                seats = max(kind.min_seats, min(count, kind.max_seats))
                return name, seats, min(count, seats)
    raise RuntimeError("no game kind to seat the clients")


def measure_on(server: Server, count: int, args: argparse.Namespace) -> Figures:
    kind, seats, seated = game_for(args.audience_now, count)
    host = socketio.Client(reconnection=False)
    host.connect(server.url, namespaces=["/host"], transports=["websocket"],
                 auth={"key": server.key()}, wait_timeout=30)

    def command(body: dict[str, Any]) -> dict[str, Any]:
        answer: dict[str, Any] = host.call("command", body, namespace="/host", timeout=30)
        return answer

    created = host.call("create", {"kind": kind, "pace": FROZEN_PACE, "start": True,
                                   "seats": [{"name": f"P{i + 1}"} for i in range(seats)]},
                        namespace="/host", timeout=30)
    if not created.get("ok"):
        raise RuntimeError(f"could not create a {kind} game: {created}")
    game_id = created["game"]
    paused = command({"game": game_id, "type": "pause"})
    if not paused.get("ok"):
        raise RuntimeError(f"could not pause the game: {paused}")
    time.sleep(0.5)
    rss_idle = server.rss_bytes()

    if args.phone_client == "node":
        return measure_node(server, count, seated, game_id, command, rss_idle, args,
                            host, kind)
    specs = plan_clients(count, seated)
    groups = [specs[i:i + args.per_process] for i in range(0, count, args.per_process)]
    context = mp.get_context("spawn")
    received = context.Value("q", 0)
    ready = context.Queue()
    stop = context.Event()
    workers = [context.Process(target=run_clients,
                               args=(server.url, game_id, group, received, ready, stop))
               for group in groups]
    joining = time.monotonic()
    for worker in workers:
        worker.start()
    try:
        for _ in workers:
            status, detail = ready.get(timeout=300)
            if status != "ready":
                raise RuntimeError(f"a client process failed: {detail}")
        join_seconds = time.monotonic() - joining
        time.sleep(0.5)  # the watch/join states are in
        http = server.http_ms()
        cpu_before = server.cpu_seconds()

        def arm() -> Callable[[int], int]:
            """Before a round's command: a wait for its state, by the shared counter."""
            before = received.value

            def delivered(_seq: int) -> int:
                deadline = time.monotonic() + 15
                while received.value < before + count and time.monotonic() < deadline:
                    time.sleep(0.002)
                return min(count, received.value - before)
            return delivered

        # CPU over the rounds and their gaps here (the table's python figures).
        sent, acks, lost, _ = broadcast_rounds(command, game_id, args.rounds, count, arm,
                                               server.cpu_seconds)
        cpu = (server.cpu_seconds() - cpu_before) / args.rounds
        rss_connected = server.rss_bytes()
    finally:
        stop.set()
    receipts: list[dict[int, int]] = []
    for _ in workers:
        status, detail = ready.get(timeout=60)
        receipts.extend(detail)
    for worker in workers:
        worker.join(30)
    host.disconnect()
    latencies, completes = delivery_times(sent, receipts)
    return Figures(server.mode, kind, count, seated, len(workers), latencies, completes,
                   acks, lost, rss_idle, rss_connected, cpu, http, join_seconds)


def measure_node(server: Server, count: int, seated: int, game_id: str, command: Any,
                 rss_idle: int, args: argparse.Namespace, host: socketio.Client,
                 kind: str) -> Figures:
    """The same rounds with the clients in Node processes (bench/node_phones.py): the
    pages' own socket.io client on one event loop, so the clients' work stays small
    beside the server's on these shared cores."""
    joining = time.monotonic()
    groups: list[NodePhones] = []
    try:
        if seated:
            groups.append(NodePhones(server.url, game_id, seated))
        if count > seated:
            groups.append(NodePhones(server.url, game_id, count - seated, first=seated,
                                     screens=True))
        join_seconds = time.monotonic() - joining
        time.sleep(0.5)  # the watch/join states are in
        http = server.http_ms()
        sent, acks, lost, cpu = broadcast_rounds(
            command, game_id, args.rounds, count,
            lambda: lambda seq: sum(g.wait_for(seq) for g in groups), server.cpu_seconds)
        cpu /= args.rounds  # the rounds only, not the gaps after them
        rss_connected = server.rss_bytes()
        receipts = [seen for g in groups for seen in g.receipts()]
    finally:
        for group in groups:
            group.close()
        host.disconnect()
    latencies, completes = delivery_times(sent, receipts)
    return Figures(server.mode, kind, count, seated, len(groups), latencies, completes,
                   acks, lost, rss_idle, rss_connected, cpu, http, join_seconds)


# Between two broadcasts: longer than the phones' pacing (host/wire/broadcast.py, a phones'
# round at most every 200 ms), which would otherwise be measured instead of the delivery.
ROUND_GAP = 0.25


def broadcast_rounds(command: Any, game_id: str, rounds: int, count: int,
                     arm: Callable[[], Callable[[int], int]], cpu_seconds: Callable[[], float],
                     ) -> tuple[dict[int, int], list[int], int, float]:
    """Alternate resume/pause. Before each command `arm()` gives the round's wait: called
    with the state's sequence number, it returns how many of the `count` clients had it.
    Returns {seq: send time}, the ack times, the missed deliveries, and the server's CPU
    seconds within the rounds (from the command until the wait ends, gaps left out)."""
    sent: dict[int, int] = {}
    acks: list[int] = []
    lost = 0
    cpu = 0.0
    for number in range(rounds):
        delivered = arm()
        kind = "resume" if number % 2 == 0 else "pause"
        cpu_before = cpu_seconds()
        t0 = time.monotonic_ns()
        answer = command({"game": game_id, "type": kind})
        acks.append(time.monotonic_ns() - t0)
        if not answer.get("ok"):
            raise RuntimeError(f"{kind} was refused: {answer}")
        sent[int(answer["seq"])] = t0
        lost += count - delivered(int(answer["seq"]))
        cpu += cpu_seconds() - cpu_before
        time.sleep(ROUND_GAP)  # let the room settle before the next broadcast
    return sent, acks, lost, cpu


def delivery_times(sent: dict[int, int],
                   receipts: list[dict[int, int]]) -> tuple[list[int], list[int]]:
    """Every client's latency per round, and per round until the last client had it."""
    latencies = [seen[seq] - t0 for seen in receipts for seq, t0 in sent.items() if seq in seen]
    completes = [max(seen[seq] for seen in receipts if seq in seen) - t0
                 for seq, t0 in sent.items() if any(seq in seen for seen in receipts)]
    return latencies, completes


# -- output --------------------------------------------------------------------
def percentile(values: list[int], share: float) -> float:
    """Nearest-rank percentile, in milliseconds."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, round(share * len(ordered)))
    return ordered[rank - 1] / MS


HEADER = (f"{'mode':<10} {'game':<9} {'N':>4} {'seats':>5} {'procs':>5} {'p50 ms':>7} "
          f"{'p99 ms':>7} {'max ms':>7} {'all-in p50':>10} {'ack p50':>8} {'lost':>4} "
          f"{'RSS idle':>9} {'RSS N':>7} {'CPU/bc':>7} {'http ms':>7} {'join s':>6}")


def row(f: Figures) -> str:
    return (f"{f.mode:<10} {f.kind:<9} {f.clients:>4} {f.seats:>5} {f.processes:>5} "
            f"{percentile(f.latencies_ns, 0.5):>7.1f} {percentile(f.latencies_ns, 0.99):>7.1f} "
            f"{max(f.latencies_ns, default=0) / MS:>7.1f} "
            f"{statistics.median(f.completes_ns) / MS if f.completes_ns else float('nan'):>10.1f} "
            f"{percentile(f.acks_ns, 0.5):>8.1f} {f.lost:>4} "
            f"{f.rss_idle / MIB:>7.1f}Mi {f.rss_connected / MIB:>5.1f}Mi "
            f"{f.cpu_per_broadcast * 1000:>5.1f}ms "
            f"{'blocked' if f.http_ms is None else format(f.http_ms, '.1f'):>7} "
            f"{f.join_seconds:>6.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 200])
    parser.add_argument("--modes", nargs="+", default=["threading", "eventlet"],
                        choices=("threading", "gevent", "eventlet"))
    parser.add_argument("--rounds", type=int, default=20, help="broadcasts per configuration")
    parser.add_argument("--threads", type=int, default=256,
                        help="gunicorn threads in threading mode (tourelle serve --threads)")
    parser.add_argument("--per-process", type=int, default=50, help="clients per client process")
    parser.add_argument("--seat-sizes", type=int, nargs="+", default=[50],
                        help="N for the seats audience (200 seats take minutes to join: see "
                             "docs/PERFORMANCE.md)")
    parser.add_argument("--audiences", nargs="+", default=["seats", "screens"],
                        choices=("seats", "screens"),
                        help="seats: each client a phone on its own seat (buzzer board); "
                             "screens: each client a projector on /screen")
    parser.add_argument("--phone-client", choices=("node", "python"), default="node",
                        help="clients as socket.io-client in Node (the pages' client, one "
                        "event loop) or as python-socketio clients in spawned processes")
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.per_process < 1 or min(args.sizes + args.seat_sizes) < 1:
        parser.error("rounds, per-process and sizes must be at least 1")
    sys.path.insert(0, str(ROOT))

    print(f"command: {' '.join([Path(sys.executable).name, 'bench/clients.py', *sys.argv[1:]])}")
    print(f"machine: {os.cpu_count()} CPUs, python {sys.version.split()[0]}; server and clients "
          "share them")
    print(f"broadcast: host pause/resume x{args.rounds}; seats = each client joins its own seat "
          "on /seat (buzzer board if registered, else territory's seats + the rest on /screen);"
          " screens = each client watches /screen (territory game)")
    print(f"clients: {args.phone_client}: " + ("socket.io-client in one Node process per "
          "audience; " if args.phone_client == "node" else
          f"{args.per_process} per process (spawned processes, threads inside); ") +
          f"threading = gunicorn gthread --threads {args.threads}")
    print("latency: command sent -> state received (journal fsync included); all-in = until the"
          " last client; ack = host's reply; RSS summed over the server's process tree")
    print("CPU/bc = server CPU time per broadcast round (node: from the command until every "
          "client has it; python: the rounds and their gaps); http = a /healthz request while the N"
          " clients are connected ('blocked' = no answer in 3 s); join = until all N are in"
          " (client processes start included)")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(HEADER)
    started = time.monotonic()
    for audience in args.audiences:
        print(f"-- {audience}")
        args.audience_now = audience
        for count in args.seat_sizes if audience == "seats" else args.sizes:
            for mode in args.modes:
                try:
                    print(row(measure(mode, count, args)), flush=True)
                except Exception as err:  # one broken configuration should not hide the others
                    print(f"{mode:<10} {'':<9} {count:>4}  FAILED: {err}", flush=True)
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"total {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
