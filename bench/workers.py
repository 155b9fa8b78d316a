"""Past one process: a broadcast to 500 and 1,000 phones with 1, 2 and 4 server processes.

For each number of processes W (`tourelle serve --workers W`, Redis started by the host)
and each room size N, bench/clients.py's seats scenario: N Node phones (the pages'
socket.io client) join a paused buzzer board through the shared port (the kernel spreads
their connections over the W processes), 500 seats at most and the rest on /screen; the
host alternates pause and resume; each client notes when the state arrives. Printed per
row: the delivery p50/p99 and the last client's time, the server's CPU per broadcast in
all and split by process (the owner, its busiest worker, Redis), and how the phones
spread.

Run: .venv/bin/python bench/workers.py [--workers 1 2 4] [--phones 500 1000] [--rounds 10]
     .venv/bin/python bench/pilab.py --model pi4 --cores 4 -- bench/workers.py ...
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import bench.clients as clients  # noqa: E402
from bench.clients import Figures, Server, measure_on, percentile  # noqa: E402

MS = 1_000_000
BOARD_SEATS = 500


@dataclass
class House(Server):
    """bench/clients.py's server with W processes; CPU also counted per process."""

    workers: int = 1
    per_role: dict[str, float] = field(default_factory=dict)  # CPU s within the rounds
    _calls: int = 0
    _before: dict[str, float] = field(default_factory=dict)

    def start(self, timeout: float = 180.0) -> House:
        super().start(timeout)
        deadline = time.monotonic() + timeout
        while self.workers > 1 and time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError):
                table = json.loads((self.data / "workers.json").read_text())
                if len(table) == self.workers and all(
                        _healthy(entry["port"]) for entry in table.values()):
                    return self
            time.sleep(0.2)
        if self.workers > 1:
            logs = {p.name: p.read_text(errors="replace")[-300:]
                    for p in sorted(self.data.glob("*.log"))}
            listed = (self.data / "workers.json").read_text() if (
                self.data / "workers.json").exists() else "none"
            self.stop()
            raise RuntimeError(f"the workers did not start: workers.json {listed}; {logs}")
        return self

    def roles(self) -> dict[str, list[psutil.Process]]:
        """The server's processes by role: owner, w1.., redis, and the rest (arbiters)."""
        tree = self._tree()
        table = {}
        with contextlib.suppress(OSError, ValueError):
            table = json.loads((self.data / "workers.json").read_text())
        by_pid = {entry["pid"]: name for name, entry in table.items()}
        roles: dict[str, list[psutil.Process]] = {}
        for proc in tree:
            with contextlib.suppress(psutil.NoSuchProcess):
                name = by_pid.get(proc.pid) or by_pid.get(proc.ppid())
                if name is None:
                    name = "redis" if "redis" in proc.name() else "arbiter"
                roles.setdefault(name, []).append(proc)
        return roles

    def cpu_by_role(self) -> dict[str, float]:
        out: dict[str, float] = {}
        for name, procs in self.roles().items():
            for proc in procs:
                with contextlib.suppress(psutil.NoSuchProcess):
                    times = proc.cpu_times()
                    out[name] = out.get(name, 0.0) + times.user + times.system
        return out

    def cpu_seconds(self) -> float:
        """broadcast_rounds calls this before and after each round: the rounds' CPU is
        also kept per process."""
        now = self.cpu_by_role()
        self._calls += 1
        if self._calls % 2 == 1:
            self._before = now
        else:
            for name, seconds in now.items():
                self.per_role[name] = (self.per_role.get(name, 0.0)
                                       + seconds - self._before.get(name, 0.0))
        return sum(now.values())

    def phones_by_process(self) -> dict[str, int]:
        """How many established connections each process holds on the shared port."""
        counts: dict[str, int] = {}
        for name, procs in self.roles().items():
            for proc in procs:
                with contextlib.suppress(psutil.NoSuchProcess, psutil.AccessDenied):
                    counts[name] = counts.get(name, 0) + sum(
                        1 for c in proc.net_connections("tcp")
                        if c.status == "ESTABLISHED" and c.laddr and c.laddr.port == self.port)
        return counts


def _healthy(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
            return True
    except OSError:
        return False


def measure(workers: int, phones: int, args: argparse.Namespace) -> tuple[Figures, House,
                                                                          dict[str, int]]:
    keep = args.keep and tempfile.mkdtemp(prefix="tourelle-bench-workers-")
    with (contextlib.nullcontext(keep) if keep
          else tempfile.TemporaryDirectory(prefix="tourelle-bench-workers-")) as folder:
        if keep:
            print(f"(the server's data folder, kept: {folder})", flush=True)
        house = House("threading", args.threads, Path(folder), workers=workers)
        _serve_workers(house)
        house.start()
        try:
            spread: dict[str, int] = {}
            original = house.http_ms

            def http_ms() -> float | None:  # called once every phone is in: count them then
                spread.update(house.phones_by_process())
                return original()

            house.http_ms = http_ms  # type: ignore[method-assign]
            figures = measure_on(house, phones, args)
            return figures, house, spread
        finally:
            house.stop()


_ORIGINAL_POPEN = clients.subprocess.Popen
_CURRENT: list[House] = []  # the house being started (bench/clients.py starts its server)


class _Popen(_ORIGINAL_POPEN):  # type: ignore[misc,valid-type]
    """bench/clients.py's `serve` command, with `--workers W` of the house being started."""

    def __init__(self, command: list[str], *a: object, **k: object) -> None:
        if _CURRENT and _CURRENT[-1].workers > 1 and command[3:4] == ["serve"]:
            command = [*command, "--workers", str(_CURRENT[-1].workers)]
        super().__init__(command, *a, **k)


def _serve_workers(house: House) -> None:
    """`tourelle serve --workers W` instead of bench/clients.py's plain `serve`."""
    _CURRENT[:] = [house]
    clients.subprocess.Popen = _Popen  # type: ignore[misc]


def buzzer_board(audience: str, count: int) -> tuple[str, int, int]:
    """Every room on a buzzer board: up to its 500 seats seated, the rest on /screen (the
    clients' bench would put 1,000 on the territory game's 4 seats and 996 screens)."""
    seats = min(count, BOARD_SEATS)
    return "buzzer", seats, seats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--phones", type=int, nargs="+", default=[500, 1000])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--threads", type=int, default=1200)
    parser.add_argument("--keep", action="store_true",
                        help="keep each server's data folder (its logs) and print where")
    args = parser.parse_args()
    args.audience_now, args.phone_client, args.per_process = "seats", "node", 50
    clients.game_for = buzzer_board
    print(f"bench/workers.py: {os.cpu_count()} CPUs here, server and clients share them; "
          f"load average at start {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'W':>2} {'phones':>6} {'p50 ms':>7} {'p99 ms':>7} {'all-in':>7} {'lost':>4} "
          f"{'CPU/bc':>7} {'owner':>7} {'worker max':>10} {'redis':>6}  phones per process")
    for workers in args.workers:
        for phones in args.phones:
            try:
                f, house, spread = measure(workers, phones, args)
            except Exception as err:  # one configuration failing must not hide the others
                print(f"{workers:>2} {phones:>6}  FAILED: {err}", flush=True)
                continue
            rounds = args.rounds
            role = {k: v / rounds * 1000 for k, v in house.per_role.items()}
            worker_max = max((v for k, v in role.items() if k.startswith("w")), default=0.0)
            owner = role.get("owner", sum(role.values()) if workers == 1 else 0.0)
            allin = sorted(f.completes_ns)[len(f.completes_ns) // 2] / MS if f.completes_ns \
                else float("nan")
            print(f"{workers:>2} {phones:>6} {percentile(f.latencies_ns, 0.5):>7.1f} "
                  f"{percentile(f.latencies_ns, 0.99):>7.1f} {allin:>7.1f} {f.lost:>4} "
                  f"{f.cpu_per_broadcast * 1000:>5.1f}ms {owner:>5.1f}ms {worker_max:>8.1f}ms "
                  f"{role.get('redis', 0.0):>4.1f}ms  "
                  + " ".join(f"{k}={v}" for k, v in sorted(spread.items())), flush=True)
    print(f"load average at end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
