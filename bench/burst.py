"""A burst of buzzer presses on a slow card: 200 phones press within 100 ms.

A real `tourelle serve` subprocess (threading mode) runs a 200-seat buzzer board;
its journal sleeps `--fsync-delay-ms` after every commit (the slow SD card's
fsync, TOURELLE_FSYNC_DELAY_MS). 200 phone clients (python-socketio, websocket, in
spawned processes of 50: phones are devices of their own) hold the seats; the host
opens a ranking window; the phones press, spread evenly over `--spread-ms` (100);
the host closes the window once every press is acknowledged. Measured:
each press's acknowledgement time from the burst's start (every press must be
acknowledged, and each is acknowledged only once its row is committed), and the
time until the projector shows the decision (the final ranking, every
press in it). Then the journal is read: every acknowledged press is in it.

`--group-commit off` runs the Session one event per commit (TOURELLE_GROUP_COMMIT=0),
the behaviour before group commit; `both` (default) runs off, then on.

`--in-process` leaves out the sockets: the Session and journal in this process, one
thread per press calling `submit`, with the views either built and encoded for all
202 audiences (`--publish on`, as the server does) or not at all (`--publish off`):
what the Session and the journal cost alone.

Run: .venv/bin/python bench/burst.py --fsync-delay-ms 10 [--phones 200] [--rounds 3]
     .venv/bin/python bench/burst.py --fsync-delay-ms 10 --in-process [--publish off]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import pstats
import signal
import sqlite3
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

import psutil  # noqa: E402
import socketio  # noqa: E402

from bench.node_phones import NodePhones  # noqa: E402
from bench.pilab import join_from_env  # noqa: E402
from tests.live import ROOT, free_port  # noqa: E402
from tests.synthetic import write_pack  # noqa: E402

MS = 1_000_000


def start_server(data: Path, port: int, env: dict[str, str],
                 async_mode: str = "threading", workers: int = 1) -> subprocess.Popen[bytes]:
    packs = data / "packs"
    packs.mkdir(parents=True)
    write_pack(packs / "p.yaml", 20, "fr")
    log = open(data / "server.log", "wb")  # noqa: SIM115 - lives as long as the server
    process = subprocess.Popen(
        [sys.executable, "-m", "host", "serve", "--bind", "127.0.0.1", "--port", str(port),
         "--data", str(data), "--packs", str(packs), "--no-bundled-packs", "--no-mdns",
         "--threads", "512", "--async-mode", async_mode,
         *(["--workers", str(workers)] if workers > 1 else [])],
        cwd=ROOT, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        env={**os.environ, **env, "PYTHONUNBUFFERED": "1"},
        preexec_fn=join_from_env,  # bench/pilab.py: the host alone under a Pi's quota
    )
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=1):
                if workers <= 1 or _workers_up(data, workers):
                    return process
        except OSError:
            pass
        time.sleep(0.1)
    raise RuntimeError("the server did not start; see " + str(data / "server.log"))


def _workers_up(data: Path, workers: int) -> bool:
    """`serve --workers W`: every worker listed in workers.json (host/workers/)."""
    try:
        return len(json.loads((data / "workers.json").read_text())) == workers
    except (OSError, ValueError):
        return False


class Screen:
    """The projector: when the final decision (the ranking) of each window reaches it."""

    def __init__(self, url: str, game: str) -> None:
        self.client = socketio.Client(reconnection=False)
        self.decided: dict[int, tuple[int, int]] = {}  # window -> (ns, presses ranked)
        self.cond = threading.Condition()
        self.client.on("state", self._state, namespace="/screen")
        self.client.connect(url, namespaces=["/screen"], transports=["websocket"])
        self.client.call("watch", {"game": game}, namespace="/screen")

    def _state(self, payload: dict[str, Any]) -> None:
        now = time.monotonic_ns()
        view = payload.get("view") or {}
        if view.get("final"):
            with self.cond:
                self.decided.setdefault(int(view["window"]), (now, len(view.get("ranking") or [])))
                self.cond.notify_all()

    def wait(self, window: int, timeout: float = 120) -> tuple[int, int] | None:
        with self.cond:
            if not self.cond.wait_for(lambda: window in self.decided, timeout):
                return None
            return self.decided[window]


def phone(url: str, game: str, seat: int) -> socketio.Client:
    client = socketio.Client(reconnection=False)
    client.connect(url, namespaces=["/seat"], transports=["websocket"], wait_timeout=20)
    reply = client.call("join", {"game": game, "seat": seat, "token": f"burst-phone-{seat:06d}"},
                        namespace="/seat", timeout=20)
    assert reply["ok"], reply
    return client


PHONES_PER_PROCESS = 50


def phone_worker(url: str, game: str, seats: list[int], orders: Any, results: Any) -> None:
    """A batch of phones in a process of its own (phones are devices of their own: their
    clients' work must not be counted as the host's). Each burst order is (start ns on
    CLOCK_MONOTONIC, shared by every process here, spread ms, phones in all)."""
    clients = {seat: phone(url, game, seat) for seat in seats}
    results.put(("joined", []))
    while (order := orders.get()) != "stop":
        start, spread_ms, total = order
        acked: dict[int, int] = {}
        answers: dict[int, Any] = {}
        done = threading.Event()
        lock = threading.Lock()

        def on_ack(seat: int, acked: dict[int, int] = acked, answers: dict[int, Any] = answers,
                   lock: threading.Lock = lock, done: threading.Event = done) -> Any:
            def ack(answer: dict[str, Any]) -> None:
                with lock:
                    acked[seat] = time.monotonic_ns()
                    answers[seat] = answer
                    if len(acked) == len(clients):
                        done.set()
            return ack

        for seat in seats:
            due = start + int(seat * spread_ms * MS / max(1, total - 1))
            while time.monotonic_ns() < due:
                time.sleep(0.0002)
            clients[seat].emit("buzz", {}, namespace="/seat", callback=on_ack(seat))
        done.wait(120)
        with lock:
            results.put(("burst", [(seat, acked.get(seat), answers.get(seat)) for seat in seats]))
    for client in clients.values():
        client.disconnect()


class Phones:
    """Every seat's phone, in spawned processes of PHONES_PER_PROCESS."""

    def __init__(self, url: str, game: str, count: int) -> None:
        self.count = count
        context = mp.get_context("spawn")
        self.workers = []
        for first in range(0, count, PHONES_PER_PROCESS):
            seats = list(range(first, min(count, first + PHONES_PER_PROCESS)))
            orders, results = context.Queue(), context.Queue()
            worker = context.Process(target=phone_worker, args=(url, game, seats, orders,
                                                                 results), daemon=True)
            worker.start()
            self.workers.append((worker, orders, results))
        for _, _, results in self.workers:
            assert results.get(timeout=300)[0] == "joined"

    def burst(self, spread_ms: float) -> tuple[int, list[int | None], list[Any]]:
        start = time.monotonic_ns() + 200 * MS  # every process has its order by then
        for _, orders, _ in self.workers:
            orders.put((start, spread_ms, self.count))
        acked: list[int | None] = [None] * self.count
        answers: list[Any] = [None] * self.count
        for _, _, results in self.workers:
            for seat, at, answer in results.get(timeout=300)[1]:
                acked[seat], answers[seat] = at, answer
        return start, acked, answers

    @property
    def pids(self) -> list[int]:
        return [w.pid for w, _, _ in self.workers if w.pid is not None]

    def close(self) -> None:
        for worker, orders, _ in self.workers:
            orders.put("stop")
            worker.join(30)


def spread(values: list[float]) -> str:
    """min / p50 / max in ms."""
    if not values:
        return "-"
    return f"{min(values):.0f} / {statistics.median(values):.0f} / {max(values):.0f}"


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of these processes and their children (the gunicorn worker)."""
    total = 0.0
    for pid in pids:
        try:
            root = psutil.Process(pid)
            for process in [root, *root.children(recursive=True)]:
                times = process.cpu_times()
                total += times.user + times.system
        except psutil.NoSuchProcess:
            pass
    return total


def host_counts(pid: int) -> tuple[float, float, int, int]:
    """The host's process tree: user and system CPU seconds, and its threads' voluntary and
    involuntary context switches (/proc/<pid>/task/*/status: a thread's own; a burst in
    threading mode is 200 threads taking turns at the interpreter)."""
    user = system = 0.0
    voluntary = involuntary = 0
    try:
        root = psutil.Process(pid)
        processes = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return user, system, voluntary, involuntary
    for process in processes:
        try:
            times = process.cpu_times()
        except psutil.NoSuchProcess:
            continue
        user, system = user + times.user, system + times.system
        for status in Path(f"/proc/{process.pid}/task").glob("*/status"):
            try:
                for line in status.read_text().splitlines():
                    if line.startswith("voluntary_ctxt_switches:"):
                        voluntary += int(line.split()[1])
                    elif line.startswith("nonvoluntary_ctxt_switches:"):
                        involuntary += int(line.split()[1])
            except OSError:
                pass  # a thread that ended meanwhile
    return user, system, voluntary, involuntary


def profile_dump(server: subprocess.Popen[bytes], path: Path) -> dict[Any, Any]:
    """The serving process's profile so far (host/serve/profiling.py): SIGUSR2 to the
    gunicorn worker (a greenlet mode: the server's own process), then its file read."""
    path.unlink(missing_ok=True)
    children = psutil.Process(server.pid).children()
    worker = children[0] if children else psutil.Process(server.pid)
    worker.send_signal(signal.SIGUSR2)
    deadline = time.monotonic() + 60
    while not path.exists():
        if time.monotonic() > deadline:
            raise RuntimeError("no profile written; see the server's log")
        time.sleep(0.05)
    return dict(pstats.Stats(str(path)).stats)  # type: ignore[attr-defined]


def print_profile_difference(before: dict[Any, Any], after: dict[Any, Any], top: int) -> None:
    """What the bursts cost: the CPU seconds (each thread's own clock) by function between
    two dumps, the `top` largest by own time and by time inside."""
    rows = []
    for func, (_cc, calls, own, inside, _callers) in after.items():
        was = before.get(func, (0, 0, 0.0, 0.0, {}))
        rows.append((own - was[2], inside - was[3], calls - was[1], func))
    total = sum(row[0] for row in rows)
    print(f"profile of the bursts: {total:.2f} s of the host's CPU in Python's view")
    for title, key in (("own time", 0), ("time inside (cumulative)", 1)):
        print(f"  by {title}:   own s   inside s    calls  function")
        for own, inside, calls, (file, line, name) in sorted(
                rows, key=lambda row: -row[key])[:top]:
            where = f"{Path(file).name}:{line}" if line else file
            print(f"  {'':>{len(title) + 4}}{own:7.3f}  {inside:9.3f}  {calls:7d}  {name} "
                  f"({where})")


def run(args: argparse.Namespace, group: bool) -> dict[str, Any]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="tourelle-burst-") as tmp:
        data = Path(tmp)
        env = {"TOURELLE_FSYNC_DELAY_MS": str(args.fsync_delay_ms),
               "TOURELLE_GROUP_COMMIT": "1" if group else "0",
               **({"TOURELLE_PROFILE": str(data / "profile")} if args.profile else {})}
        server = start_server(data, port, env, args.async_mode, args.workers)
        try:
            key = (data / "host_key").read_text().strip()
            host = socketio.Client(reconnection=False)
            host.connect(url, namespaces=["/host"], transports=["websocket"], auth={"key": key})
            created = host.call("create", {
                "kind": "buzzer", "seats": [{"name": f"P{i}"} for i in range(args.phones)],
                "settings": {"settle_ms": args.settle_ms}}, namespace="/host", timeout=30)
            assert created["ok"], created
            game = created["game"]
            phones: Phones | NodePhones = (NodePhones if args.phone_client == "node"
                                           else Phones)(url, game, args.phones)
            screen = Screen(url, game)
            assert host.call("command", {"game": game, "type": "start"}, namespace="/host")["ok"]
            rounds = []
            if args.profile:
                before = profile_dump(server, data / "profile")
            for window in range(1, args.rounds + 1):
                opened = host.call("command", {"game": game, "type": "open", "mode": "ranking"},
                                   namespace="/host", timeout=30)
                assert opened["ok"], opened
                time.sleep(0.3)
                phone_pids = phones.pids
                counts_before, phones_before = host_counts(server.pid), cpu_seconds(phone_pids)
                if isinstance(phones, NodePhones):
                    start, by_seat, said = phones.burst(args.spread_ms, args.phones)
                    acked = [by_seat.get(s) for s in range(args.phones)]
                    answers = [said.get(s) for s in range(args.phones)]
                else:
                    start, acked, answers = phones.burst(args.spread_ms)
                # Closed once every press is acknowledged, so that no press comes after it.
                host.emit("command", {"game": game, "type": "close"}, namespace="/host")
                decided = screen.wait(window)
                counts = [after - was for after, was in
                          zip(host_counts(server.pid), counts_before, strict=True)]
                cpu = (counts[0] + counts[1], cpu_seconds(phone_pids) - phones_before)
                latencies = [(t - start) / MS for t in acked if t is not None]
                ok_seqs = [a["seq"] for a in answers if a and a.get("ok")]
                rounds.append({
                    "acked": len(latencies), "ok": len(ok_seqs),
                    "refused": sorted({a.get("code", "") for a in answers
                                       if a and not a.get("ok")}),
                    "ack_p50": statistics.median(latencies) if latencies else None,
                    "ack_max": max(latencies) if latencies else None,
                    "decision": None if decided is None else (decided[0] - start) / MS,
                    "ranked": None if decided is None else decided[1],
                    "seqs": ok_seqs, "start": start, "cpu": cpu, "acks": spread(latencies),
                    "counts": counts,
                })
                time.sleep(0.5)
            if args.profile:
                print_profile_difference(before, profile_dump(server, data / "profile"),
                                         args.profile)
            phones.close()
            for client in [screen.client, host]:
                client.disconnect()
        finally:
            server.terminate()
            server.wait(15)
        db = sqlite3.connect(data / "journal.sqlite")
        # seq -> (the host's stamp when the press arrived, the event's mono_ns in the journal)
        rows = {int(s): (json.loads(body).get("t_ns"), int(mono))
                for s, mono, body in db.execute(
                    "SELECT seq, mono_ns, body FROM events WHERE game_id=?", (game,))}
        db.close()
        for r in rounds:
            seqs = r.pop("seqs")
            start = r.pop("start")
            r["missing"] = len([s for s in seqs if s not in rows])
            # Where the time goes, on the host's clock (CLOCK_MONOTONIC, shared by every
            # process of this machine): arrival at the host, and the event's handling.
            heard = [(rows[s][0] - start) / MS for s in seqs if s in rows and rows[s][0]]
            handled = [(rows[s][1] - start) / MS for s in seqs if s in rows]
            r["heard"] = spread(heard)
            r["handled"] = spread(handled)
        return {"group": group, "rounds": rounds}


def in_process(args: argparse.Namespace, group: bool) -> dict[str, Any]:


    from host.clock import RealClock, ThreadScheduler
    from host.room.hub import Hub
    from host.store.journal import Journal
    from host.session.core import HOST, Origin
    from tests.synthetic import synthetic_bank

    os.environ["TOURELLE_GROUP_COMMIT"] = "1" if group else "0"
    clock = RealClock()
    published = [0]

    def publish(game: str, audience: str, payload: dict[str, Any],
                skip: tuple[str, ...] = ()) -> None:
        json.dumps(payload)
        published[0] += 1

    rounds = []
    with tempfile.TemporaryDirectory(prefix="tourelle-burst-") as tmp:
        journal = Journal(Path(tmp) / "journal.sqlite", slow_commit=args.fsync_delay_ms / 1000)
        hub = Hub(journal, synthetic_bank(10), publish=publish if args.publish == "on" else None,
                  clock=clock, scheduler_factory=lambda: ThreadScheduler(clock))
        session = hub.create_game("buzzer", [{"name": f"P{i}"} for i in range(args.phones)],
                                  seed=1)
        session.submit(HOST, {"type": "start"})
        for _ in range(args.rounds):
            assert session.submit(HOST, {"type": "open", "mode": "ranking"}).ok
            commits, sent = journal.commits, published[0]
            acked: list[float] = [0.0] * args.phones
            answers: list[Any] = [None] * args.phones
            start = time.monotonic()

            def press(seat: int, answers: list[Any] = answers, acked: list[float] = acked,
                      start: float = start) -> None:
                answers[seat] = session.submit(Origin("seat", seat), {
                    "type": "buzz", "t_ns": clock.now_ns(), "source": "phone", "u_ns": MS})
                acked[seat] = (time.monotonic() - start) * 1000

            threads = []
            for seat in range(args.phones):
                due = start + seat * args.spread_ms / 1000 / max(1, args.phones - 1)
                while time.monotonic() < due:
                    time.sleep(0.0002)
                thread = threading.Thread(target=press, args=(seat,))
                thread.start()
                threads.append(thread)
            for thread in threads:
                thread.join()
            seqs = {r.seq for r in journal.rows(session.id)}
            ok = [a for a in answers if a.ok]
            rounds.append({"acked": len(ok), "ok": len(ok), "refused": sorted(
                {a.code for a in answers if not a.ok}), "ack_p50": statistics.median(acked),
                "ack_max": max(acked), "decision": None, "ranked": None,
                "missing": len([a for a in ok if a.seq not in seqs]),
                "commits": journal.commits - commits, "published": published[0] - sent})
            assert session.submit(HOST, {"type": "close"}).ok
            time.sleep(0.3)
        hub.close()
        journal.close()
    return {"group": group, "rounds": rounds}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fsync-delay-ms", type=float, default=10.0)
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--spread-ms", type=float, default=100.0)
    parser.add_argument("--settle-ms", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=1,
                        help="serve --workers W (Redis started by the host): phones spread over "
                             "W processes, the game's Session in its owner")
    parser.add_argument("--group-commit", choices=("on", "off", "both"), default="both")
    parser.add_argument("--in-process", action="store_true", help="no server, no sockets")
    parser.add_argument("--async-mode", choices=("threading", "gevent", "eventlet"),
                        default="threading")
    parser.add_argument("--phone-client", choices=("node", "python"), default="node",
                        help="phones as socket.io-client in one Node process (the pages' "
                        "client) or as python-socketio clients in processes of 50")
    parser.add_argument("--publish", choices=("on", "off"), default="on",
                        help="with --in-process: build and encode every audience's view")
    parser.add_argument("--profile", type=int, default=0, metavar="TOP",
                        help="print the host's CPU by function over the bursts (the TOP "
                             "largest; host/serve/profiling.py, threading mode, one process)")
    args = parser.parse_args()
    print("$ " + " ".join([os.path.relpath(sys.executable, ROOT), *sys.argv]))
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    print(f"nproc: {os.cpu_count()}; fsync delay {args.fsync_delay_ms:g} ms per commit; "
          f"{args.phones} presses over {args.spread_ms:g} ms; ranking window, closed once all "
          "are acknowledged")
    modes = {"on": [True], "off": [False], "both": [False, True]}[args.group_commit]
    for group in modes:
        result = in_process(args, group) if args.in_process else run(args, group)
        label = "group commit" if group else "one commit per event"
        for i, r in enumerate(result["rounds"], 1):
            decision = ("none within 120 s" if r["decision"] is None else
                        f"at {r['decision']:.0f} ms ({r['ranked']} ranked)")
            if args.in_process:
                decision = (f"- (in process: {r['commits']} commits, {r['published']} views "
                            "sent)")
            print(f"{label:>22} round {i}: acked {r['acked']}/{args.phones} (ok {r['ok']}, "
                  f"refused {r['refused'] or '-'}), ack p50 {r['ack_p50']:.0f} ms, "
                  f"max {r['ack_max']:.0f} ms; decision on the projector {decision}; "
                  f"acknowledged but not in the journal: {r['missing']}", flush=True)
            if r.get("heard") is not None:
                print(f"{'':>22}   after the burst's start, min / p50 / max: presses heard "
                      f"by the host {r['heard']} ms, handled {r['handled']} ms, "
                      f"acknowledged on the phones {r['acks']} ms; CPU from the burst to the "
                      f"decision: host {r['cpu'][0]:.2f} s, phones {r['cpu'][1]:.2f} s",
                      flush=True)
            if r.get("counts") is not None:
                user, system, voluntary, involuntary = r["counts"]
                print(f"{'':>22}   host: user {user:.2f} s, system {system:.2f} s; its "
                      f"threads' context switches {voluntary:.0f} voluntary, "
                      f"{involuntary:.0f} involuntary", flush=True)
    print("uptime:", subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
