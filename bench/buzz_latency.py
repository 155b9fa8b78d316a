"""From a GPIO edge to the decision on the projector: p50/p99, with 0, 50 and 200 phones.

A real `tourelle serve` subprocess (threading mode) runs a 201-seat buzzer game.
In this process: a buzzer box (`BuzzerLink` + `GpioBuzzers` on gpiozero's
MockFactory, the same code as `tourelle buzzers run`) and a projector client on
/screen. In a process of their own (as phones are devices of their own): N phone
clients (python-socketio, websocket transport) joined as seats and clock-synced,
so the host's settle wait covers their measured delay.

Each trial: the host opens a window, the mock pin is driven low (the edge is
stamped), and we time until the screen client receives the view with that
seat on the floor; the host then marks it right. The figure includes the
settle wait (0 with no synced phone; the phones' worst recent uplink + 1 ms
otherwise), every view the server publishes to every seat, and both socket hops.

Run: .venv/bin/python bench/buzz_latency.py [--trials 20] [--phones 0,50,200]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import socketio  # noqa: E402
from gpiozero.pins.mock import MockFactory  # noqa: E402

from buzzers.config import parse_config  # noqa: E402
from buzzers.gpio import GpioBuzzers  # noqa: E402
from bench.node_phones import NodePhones  # noqa: E402
from bench.pilab import join_from_env  # noqa: E402
from buzzers.run import NATIVE_UTF8, BuzzerLink  # noqa: E402
from tests.live import ROOT, free_port  # noqa: E402
from tests.synthetic import write_pack  # noqa: E402

MS = 1_000_000
SEATS = 201
PIN = 17


def start_server(data: Path, port: int, threads: int, workers: int = 1,
                 async_mode: str = "threading") -> subprocess.Popen[bytes]:
    packs = data / "packs"
    packs.mkdir(parents=True)
    write_pack(packs / "p.yaml", 20, "fr")
    log = open(data / "server.log", "wb")  # noqa: SIM115 - lives as long as the server
    process = subprocess.Popen(
        [sys.executable, "-m", "host", "serve", "--bind", "127.0.0.1", "--port", str(port),
         "--data", str(data), "--packs", str(packs), "--no-bundled-packs",
         "--threads", str(threads), "--workers", str(workers), "--async-mode", async_mode],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        preexec_fn=join_from_env,  # bench/pilab.py: the host alone under a Pi's quota
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                if workers == 1 or _all_workers_up(data, workers):
                    return process
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start; see " + str(data / "server.log"))


def _all_workers_up(data: Path, workers: int) -> bool:
    """With --workers: every process listed in workers.json answers on its own address."""
    try:
        table = json.loads((data / "workers.json").read_text())
        for entry in table.values():
            with urllib.request.urlopen(f"http://127.0.0.1:{entry['port']}/healthz", timeout=1):
                pass
    except (OSError, ValueError):
        return False
    return len(table) == workers


def client(utf8_in_python: bool = False) -> socketio.Client:
    """A measuring client. websocket-client checks each text frame's UTF-8 in pure Python
    before decoding it (2-3 ms for a 201-seat projector state here, the largest part of the
    screen client's own time); a browser does it natively, so the clients that stand for
    the projector and the host page skip it (the decode still refuses bad UTF-8), unless
    `utf8_in_python` (`--utf8-in-python`: how this bench measured until 2026-11-26)."""
    options = {} if utf8_in_python else dict(NATIVE_UTF8)  # the library pops from it
    return socketio.Client(reconnection=False, websocket_extra_options=options)


class Screen:
    """A projector client noting when each window's floor reaches it."""

    def __init__(self, url: str, game: str, utf8_in_python: bool = False) -> None:
        self.client = client(utf8_in_python)
        self.floor_at: dict[int, int] = {}  # window -> monotonic ns the floor arrived
        self.cond = threading.Condition()
        self.client.on("state", self._state, namespace="/screen")
        self.client.connect(url, namespaces=["/screen"], transports=["websocket"])
        self.client.call("watch", {"game": game}, namespace="/screen")

    def _state(self, payload: dict[str, Any]) -> None:
        now = time.monotonic_ns()
        view = payload.get("view") or {}
        if view.get("floor") is not None:
            with self.cond:
                self.floor_at.setdefault(int(view["window"]), now)
                self.cond.notify_all()

    def wait(self, window: int, timeout: float = 10) -> int:
        with self.cond:
            if not self.cond.wait_for(lambda: window in self.floor_at, timeout):
                raise TimeoutError(f"window {window}: no floor on the screen")
            return self.floor_at[window]

    def close(self) -> None:
        self.client.disconnect()


def screen_process(url: str, game: str, windows: Any, floors: Any,
                   utf8_in_python: bool = False) -> None:
    """The projector in a process of its own, as the projector is a device of its own: in
    the bench's process it shared one interpreter lock with the host page's client and the
    buzzer box's own /screen client, which decode the same publication at the same moment
    (docs/PERFORMANCE.md, 'Within a frame'). Times are CLOCK_MONOTONIC, shared by processes."""
    screen = Screen(url, game, utf8_in_python)
    floors.put("watching")
    while (window := windows.get()) is not None:
        try:
            floors.put((window, screen.wait(window)))
        except TimeoutError:
            floors.put((window, None))
    screen.close()


class ScreenProcess:
    """`Screen`'s interface, with the client in a spawned process."""

    def __init__(self, url: str, game: str, utf8_in_python: bool = False) -> None:
        context = mp.get_context("spawn")
        self.windows, self.floors = context.Queue(), context.Queue()
        self.worker = context.Process(target=screen_process, daemon=True,
                                      args=(url, game, self.windows, self.floors,
                                            utf8_in_python))
        self.worker.start()
        assert self.floors.get(timeout=60) == "watching"

    def wait(self, window: int, timeout: float = 10) -> int:
        self.windows.put(window)
        got, arrived = self.floors.get(timeout=timeout + 5)
        if got != window or arrived is None:
            raise TimeoutError(f"window {window}: no floor on the screen")
        return int(arrived)

    def close(self) -> None:
        self.windows.put(None)
        self.worker.join(15)


def phone_process(url: str, game: str, count: int, first: int, orders: Any, done: Any) -> None:
    """The phones live in a process of their own, as phones are devices of their own: their
    clients' work (each receives every publication) must not delay the projector client."""
    phones = [phone(url, game, first + i) for i in range(count)]
    done.put("joined")
    while (order := orders.get()) != "stop":
        if order == "sync":
            for client in phones:
                sync_phone(client)
        done.put(order)
    for client in phones:
        client.disconnect()


class NodeBatches:
    """Phones in batches, each batch a Node process (bench/node_phones.py): the pages'
    own socket.io client, so the phones' work stays small beside the host's."""

    def __init__(self, url: str, game: str) -> None:
        self.url, self.game = url, game
        self.count = 0
        self.batches: list[NodePhones] = []

    def grow(self, count: int) -> None:
        if count > self.count:
            self.batches.append(NodePhones(self.url, self.game, count - self.count,
                                           first=self.count + 1))
            self.count = count

    def sync(self) -> None:
        for batch in self.batches:
            batch.sync()

    def close(self) -> None:
        for batch in self.batches:
            batch.close()


class Phones:
    """Phones in batches, each batch a spawned process of python-socketio clients driven
    through queues (`--phone-client python`)."""

    def __init__(self, url: str, game: str) -> None:
        self.url, self.game = url, game
        self.count = 0
        self.batches: list[tuple[Any, Any, Any]] = []
        self.context = mp.get_context("spawn")

    def grow(self, count: int) -> None:
        if count > self.count:
            orders, done = self.context.Queue(), self.context.Queue()
            worker = self.context.Process(target=phone_process, daemon=True, args=(
                self.url, self.game, count - self.count, self.count + 1, orders, done))
            worker.start()
            assert done.get(timeout=300) == "joined"
            self.batches.append((worker, orders, done))
            self.count = count

    def sync(self) -> None:
        for _, orders, _ in self.batches:
            orders.put("sync")
        for _, _, done in self.batches:
            assert done.get(timeout=300) == "sync"

    def close(self) -> None:
        for worker, orders, _ in self.batches:
            orders.put("stop")
            worker.join(30)


def phone(url: str, game: str, seat: int) -> socketio.Client:
    client = socketio.Client(reconnection=False)
    client.connect(url, namespaces=["/seat"], transports=["websocket"], wait_timeout=20)
    reply = client.call("join", {"game": game, "seat": seat, "token": f"bench-phone-{seat:06d}"},
                        namespace="/seat", timeout=20)
    assert reply["ok"], reply
    return client


def sync_phone(client: socketio.Client, rounds: int = 3) -> None:
    for _ in range(rounds):
        c0 = time.monotonic_ns() / MS
        h = client.call("ping", {"c": c0}, namespace="/seat", timeout=20)["h"]
        client.call("sync", {"c0": c0, "h": h, "c1": time.monotonic_ns() / MS},
                    namespace="/seat", timeout=20)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--workers", type=int, default=1,
                        help="server processes (serve --workers): the box, the projector and "
                        "the phones land on any of them")
    parser.add_argument("--phones", default="0,50,200")
    parser.add_argument("--async-mode", choices=("threading", "gevent", "eventlet"),
                        default="threading")
    parser.add_argument("--gap-ms", type=float, default=10.0,
                        help="the pause after a window's verdict before the next opens")
    parser.add_argument("--breakdown", action="store_true",
                        help="where each trial's time went, from the journal")
    parser.add_argument("--show-slow", type=float, default=None, metavar="MS",
                        help="print each trial slower than MS, and how long after a sync")
    parser.add_argument("--reaction-ms", type=float, default=20.0,
                        help="from the window's opening to the press (20: a press that "
                             "races the opening's own broadcast; a human takes 200 or more)")
    parser.add_argument("--screen-inline", action="store_true",
                        help="the projector's client in this process, beside the host page's "
                        "and the buzzer box's clients (how this bench ran until 2026-11-25)")
    parser.add_argument("--utf8-in-python", action="store_true",
                        help="the projector's and host page's clients check UTF-8 in pure "
                        "Python, as this bench did until 2026-11-26 (a browser does it natively)")
    parser.add_argument("--phone-client", choices=("node", "python"), default="node",
                        help="phones as socket.io-client in Node processes (the pages' "
                        "client) or as python-socketio clients in a spawned process")
    args = parser.parse_args()
    counts = [int(x) for x in args.phones.split(",")]
    if max(counts) >= SEATS:
        parser.error(f"at most {SEATS - 1} phones")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        server = start_server(data, port, threads=max(counts) + 64, workers=args.workers,
                              async_mode=args.async_mode)
        phones: Phones | NodeBatches | None = None
        try:
            key = (data / "host_key").read_text().strip()
            host = client(args.utf8_in_python)
            host.connect(url, namespaces=["/host"], transports=["websocket"],
                         auth={"key": key})
            made = host.call("create", {"kind": "buzzer", "start": True,
                                        "seats": [{"name": f"S{i}"} for i in range(SEATS)]},
                             namespace="/host", timeout=30)
            game = made["game"]
            phones = (NodeBatches if args.phone_client == "node" else Phones)(url, game)
            screen: Screen | ScreenProcess = (
                Screen(url, game, args.utf8_in_python) if args.screen_inline
                else ScreenProcess(url, game, args.utf8_in_python))
            factory = MockFactory()
            config = parse_config({"holdoff_ms": 1, "seats": [{"seat": 0, "name": "Box",
                                                               "pin": PIN}]})
            link = BuzzerLink(url, key, game=game)
            gpio = GpioBuzzers(config, link.send, pin_factory=factory)
            gpio.start()
            link.start(sync_rounds=5)
            pin = factory.pin(PIN)
            window = 0
            rows = []
            trials: list[tuple[int, int, int, int]] = []  # phones, window, edge, on screen
            for count in counts:
                phones.grow(count)
                synced_at = 0.0
                latencies: list[float] = []
                for _ in range(args.trials):
                    if time.monotonic() - synced_at > 15:  # estimates go stale after 30 s
                        phones.sync()
                        synced_at = time.monotonic()
                    host.call("command", {"game": game, "type": "open", "mode": "first"},
                              namespace="/host", timeout=30)
                    window += 1
                    time.sleep(args.reaction_ms / 1000)
                    edge = time.monotonic_ns()
                    pin.drive_low()
                    arrived = screen.wait(window)
                    pin.drive_high()
                    latencies.append((arrived - edge) / MS)
                    trials.append((count, window, edge, arrived))
                    if args.show_slow is not None and latencies[-1] > args.show_slow:
                        print(f"  slow: {count} phones, trial {len(latencies)}: "
                              f"{latencies[-1]:.1f} ms, {time.monotonic() - synced_at:.1f} s "
                              "after the phones' clock sync", flush=True)
                    host.call("command", {"game": game, "type": "right"}, namespace="/host",
                              timeout=30)
                    time.sleep(args.gap_ms / 1000)
                settle = _settle_ms(url, game)
                rows.append((count, statistics.median(latencies), pct(latencies, 0.99),
                             max(latencies), settle))
            print(f"buzz latency, GPIO edge -> screen floor ({args.trials} trials each, "
                  f"{SEATS}-seat game, press {args.reaction_ms:g} ms after the opening, "
                  f"projector client {'inline' if args.screen_inline else 'own process'}"
                  f"{', UTF-8 checked in Python' if args.utf8_in_python else ''}, "
                  f"{os.cpu_count()} cores, {args.workers} server process(es), {args.async_mode})")
            print(f"{'phones':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'settle ms':>10}")
            for count, p50, p99, worst, settle in rows:
                print(f"{count:>6} {p50:>8.1f} {p99:>8.1f} {worst:>8.1f} {settle:>10.1f}")
            link.close()
            gpio.close()
            screen.close()
            host.disconnect()
        finally:
            if phones is not None:
                phones.close()
            server.terminate()
            server.wait(15)
        if args.breakdown:
            print_breakdown(data / "journal.sqlite", game, trials)
    return 0


def print_breakdown(journal: Path, game: str, trials: list[tuple[int, int, int, int]]) -> None:
    """Where each trial's time went, from the journal (CLOCK_MONOTONIC everywhere, one
    machine): the edge to the press reaching the host (the kernel's stamp, `rx_ns`), to its
    row (`mono_ns`: handled and committed), to the settle wait's decision row, to the
    projector. Medians and maxima per phone count, ms."""
    import sqlite3

    db = sqlite3.connect(journal)
    rows = [(int(mono), json.loads(body)) for mono, body in db.execute(
        "SELECT mono_ns, body FROM events WHERE game_id=? ORDER BY seq", (game,))]
    db.close()
    by_window: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    window = 0
    for mono, body in rows:
        if body.get("type") == "open":
            window += 1
        by_window.setdefault(window, []).append((mono, body))
    parts: dict[int, list[tuple[float, float, float, float]]] = {}
    for count, win, edge, arrived in trials:
        events = by_window.get(win, [])
        press = next(((m, b) for m, b in events if b.get("type") == "buzz"), None)
        decided = next((m for m, b in events if b.get("type") == "timeout"), None)
        if press is None:
            continue
        rx = int(press[1].get("rx_ns") or press[0])
        decided = decided if decided is not None else press[0]
        parts.setdefault(count, []).append(((rx - edge) / MS, (press[0] - rx) / MS,
                                            (decided - press[0]) / MS, (arrived - decided) / MS))
    print("where the time went (ms, median / max): edge -> at the host -> handled -> "
          "decided -> on the projector")
    for count, values in parts.items():
        columns = list(zip(*values, strict=True))
        print(f"{count:>6} phones: " + ",  ".join(
            f"{statistics.median(c):.1f} / {max(c):.1f}" for c in columns))


def _settle_ms(url: str, game: str) -> float:
    """The settle wait of the last window, from the projector's view over HTTP."""
    import json

    with urllib.request.urlopen(f"{url}/api/games/{game}", timeout=10) as answer:
        return float(json.loads(answer.read())["view"]["settle_ms"])


if __name__ == "__main__":
    raise SystemExit(main())
