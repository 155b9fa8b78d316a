"""A Raspberry Pi modelled on this machine: the host's processes under a CPU quota.

The host (`tourelle serve` and every process it starts) runs in a cgroup whose
CPU quota is one Pi core's speed as a share of one core of this machine; the
clients (phones, projector, the bench itself) stay outside it, as they are other
devices. Python holds one core at a time (the interpreter lock), so the host is
mostly bound by one core's speed: a quota of that share models it. It is
pessimistic for the work that runs beside the lock (the kernel's network stack,
zlib, SQLite), which a Pi spreads over its four cores and the quota does not.

Calibration, measured on this machine at each run and compared with published
figures (the sources are in `MODELS`):
- Python: an n-body simulation (5 bodies, 0.01 steps, the Computer Language
  Benchmarks Game's problem), here on this Python; a Pi 4's published time for
  5,000,000 steps of the same problem in Python.
- sysbench's `cpu` test (single thread, primes up to 10000, Debian's sysbench),
  when installed: the published events per second of a Pi 4 and a Pi 5.
A Pi 5 has no published Python n-body time we could find: its Python share is
the Pi 4's times the two boards' sysbench ratio.

The quota's period is short (`PERIOD_US`), so a throttled host stalls for a few
milliseconds, not the default 100 ms; it cannot be shorter than the kernel's
1 ms minimum quota allows.

Run: .venv/bin/python bench/pilab.py --model pi4 -- bench/buzz_latency.py --phones 0,50
     .venv/bin/python bench/pilab.py --model pi4 --cores 4 -- bench/workers.py --workers 1 4
     .venv/bin/python bench/pilab.py --calibrate
`--cores N` gives the host's process tree N cores' worth of the model (one process is
bound by one core anyway; several processes, `serve --workers`, spread over them).
The benches' servers join the cgroup named in TOURELLE_BENCH_CGROUP (`join_from_env`).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

CPU_ROOT = Path("/sys/fs/cgroup/cpu")  # cgroup v1's cpu controller, as mounted here and in CI
ENV = "TOURELLE_BENCH_CGROUP"
PERIOD_US = 6000  # the shortest period whose quota stays >= 1 ms for a Pi 4's share
MIN_QUOTA_US = 1000
NBODY_STEPS = 300_000
SYSBENCH_HERE = ("sysbench", "cpu", "--threads=1", "--time=5", "run")


@dataclass(frozen=True)
class PiModel:
    name: str
    # Published: seconds for 5,000,000 n-body steps in Python (None: derived), sysbench events/s
    nbody_5m_s: float | None
    sysbench_eps: float
    source: str


PI4 = PiModel("pi4", 158.26 * 1.5 / 1.8 / 1.3, 812.0, (
    "n-body 5M steps in Python: 158.26 s on a Pi 4 at 1.5 GHz, performance governor "
    "(chaitanyamehta.github.io/projects/performance-analysis-of-programming-languages), "
    "scaled to today's 1.8 GHz boards and by 1/1.3 for CPython 3.11's faster interpreter "
    "(the page's Python version is not given; 3.7-3.9 was the Pi OS Python then); "
    "sysbench cpu single thread 812 events/s on a Pi 4 at 1.8 GHz (zbotic.in, Pi 5 vs Pi 4)"))
PI5 = PiModel("pi5", None, 1847.0, (
    "sysbench cpu single thread 1847 events/s on a Pi 5 at 2.4 GHz (zbotic.in, Pi 5 vs Pi 4); "
    "its Python share is the Pi 4's times 1847/812"))
MODELS = {m.name: m for m in (PI4, PI5)}


def nbody_seconds(steps: int = NBODY_STEPS) -> float:
    """This machine's time for `steps` n-body steps on this Python (one core, unthrottled)."""
    bodies = [([0.0, 0.0, 0.0], [0.0, 0.0, 0.0], 39.47841760435743),
              ([4.84, -1.16, -0.10], [0.606, 2.81, -0.025], 0.0377),
              ([8.34, 4.12, -0.40], [-1.01, 1.83, 0.0084], 0.0113),
              ([12.89, -15.11, -0.22], [1.08, 0.87, -0.011], 0.0017),
              ([15.38, -25.92, 0.18], [0.98, 0.59, -0.035], 0.0020)]
    pairs = [(bodies[i], bodies[j]) for i in range(5) for j in range(i + 1, 5)]
    dt = 0.01
    started = time.perf_counter()
    for _ in range(steps):
        for (p1, v1, m1), (p2, v2, m2) in pairs:
            dx, dy, dz = p1[0] - p2[0], p1[1] - p2[1], p1[2] - p2[2]
            mag = dt * ((dx * dx + dy * dy + dz * dz) ** -1.5)
            b1, b2 = m1 * mag, m2 * mag
            v1[0] -= dx * b2
            v1[1] -= dy * b2
            v1[2] -= dz * b2
            v2[0] += dx * b1
            v2[1] += dy * b1
            v2[2] += dz * b1
        for p, v, _ in bodies:
            p[0] += dt * v[0]
            p[1] += dt * v[1]
            p[2] += dt * v[2]
    return time.perf_counter() - started


def sysbench_eps() -> float | None:
    if shutil.which("sysbench") is None:
        return None
    out = subprocess.run(SYSBENCH_HERE, capture_output=True, text=True, check=False).stdout
    found = re.search(r"events per second:\s*([\d.]+)", out)
    return float(found.group(1)) if found else None


@dataclass(frozen=True)
class Calibration:
    here_nbody_5m_s: float
    here_sysbench_eps: float | None

    def share(self, model: PiModel) -> float:
        """A Pi core's Python speed as a share of one core of this machine."""
        pi4_python = self.here_nbody_5m_s / (PI4.nbody_5m_s or 1.0)
        if model.nbody_5m_s is not None:
            return self.here_nbody_5m_s / model.nbody_5m_s
        return pi4_python * model.sysbench_eps / PI4.sysbench_eps

    def sysbench_share(self, model: PiModel) -> float | None:
        return None if not self.here_sysbench_eps else model.sysbench_eps / self.here_sysbench_eps


def calibrate() -> Calibration:
    return Calibration(nbody_seconds() * 5_000_000 / NBODY_STEPS, sysbench_eps())


class CpuCgroup:
    """One cgroup v1 cpu group with a quota per period; removed on `remove()`."""

    def __init__(self, name: str, share: float, period_us: int = PERIOD_US,
                 root: Path = CPU_ROOT) -> None:
        self.path = root / name
        self.period_us = period_us
        self.quota_us = max(MIN_QUOTA_US, round(share * period_us))
        self.path.mkdir()
        try:
            (self.path / "cpu.cfs_period_us").write_text(str(period_us))
            (self.path / "cpu.cfs_quota_us").write_text(str(self.quota_us))
        except OSError:
            self.path.rmdir()
            raise

    def join(self, pid: int = 0) -> None:
        """Move a process (0: the caller) in; its later children are born inside."""
        (self.path / "cgroup.procs").write_text(str(pid))

    def throttled(self) -> tuple[int, float]:
        """(periods throttled, seconds throttled) so far."""
        stats = dict(line.split() for line in (self.path / "cpu.stat").read_text().splitlines())
        return int(stats.get("nr_throttled", 0)), int(stats.get("throttled_time", 0)) / 1e9

    def remove(self) -> None:
        """Move what is still inside back to the parent, then remove the group."""
        parent = self.path.parent / "cgroup.procs"
        for pid in (self.path / "cgroup.procs").read_text().split():
            with suppress(OSError):  # it ended meanwhile
                parent.write_text(pid)
        deadline = time.monotonic() + 5
        while True:
            try:
                self.path.rmdir()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)


def own_group(root: Path = CPU_ROOT) -> Path:
    """This process's own cpu cgroup: the lab's group is made inside it, so a bench run with
    a priority of its own (cpu.shares) keeps it for the host."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        _, controllers, path = line.split(":", 2)
        if "cpu" in controllers.split(","):
            return root / path.lstrip("/")
    return root


def unavailable(root: Path = CPU_ROOT) -> str | None:
    """Why a cpu cgroup cannot be made here, or None."""
    if not (root / "cpu.cfs_quota_us").exists():
        return f"{root} is not a cgroup v1 cpu controller"
    if not os.access(root, os.W_OK):
        return f"{root} is not writable (root is needed)"
    return None


@contextmanager
def cgroup(name: str, share: float) -> Iterator[CpuCgroup]:
    group = CpuCgroup(name, share, root=own_group())
    try:
        yield group
    finally:
        group.remove()


def join_from_env() -> None:
    """For a bench's server `Popen(preexec_fn=...)`: join the lab's cgroup, if one is named."""
    path = os.environ.get(ENV)
    if path:
        (Path(path) / "cgroup.procs").write_text("0")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", choices=sorted(MODELS), action="append")
    parser.add_argument("--calibrate", action="store_true", help="print the shares and stop")
    parser.add_argument("--share", type=float, help="a share of one core instead of a model's")
    parser.add_argument("--cores", type=int, default=1,
                        help="Pi cores the host may use: the quota is this many times one "
                        "core's share (1 for one process; up to 4 with serve --workers 4)")
    parser.add_argument("bench", nargs=argparse.REMAINDER,
                        help="-- then the bench and its arguments")
    args = parser.parse_args()
    found = calibrate()
    print(f"this machine: n-body 5M steps {found.here_nbody_5m_s:.1f} s (Python "
          f"{sys.version.split()[0]}), sysbench {found.here_sysbench_eps or float('nan'):.0f} "
          "events/s")
    for model in MODELS.values():
        sysbench = found.sysbench_share(model)
        print(f"{model.name}: Python share {found.share(model):.3f} of a core here "
              f"(sysbench alone: {sysbench:.3f})" if sysbench else
              f"{model.name}: Python share {found.share(model):.3f} of a core here")
    if args.calibrate or not args.bench:
        return 0
    why = unavailable()
    if why:
        print(f"no Pi lab here: {why}", file=sys.stderr)
        return 2
    command = [sys.executable, *[a for a in args.bench if a != "--"]]
    code = 0
    for name in args.model or ["pi4"]:
        share = (args.share or found.share(MODELS[name])) * args.cores
        with cgroup(f"tourelle-pilab-{os.getpid()}-{name}", share) as group:
            print(f"\n== {name}: the host under {group.quota_us} us per {group.period_us} us "
                  f"({share:.3f} of a core here: {args.cores} Pi core(s)) ==", flush=True)
            code |= subprocess.run(command, env={**os.environ, ENV: str(group.path)},
                                   check=False).returncode
            periods, seconds = group.throttled()
            print(f"(throttled {periods} periods, {seconds:.1f} s in all)")
    return code


if __name__ == "__main__":
    raise SystemExit(main())
