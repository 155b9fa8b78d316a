"""How late this machine wakes a sleeping thread: the floor under every hop between threads.

One thread sleeps `--sleep-us` (500 µs) again and again for `--seconds`, with nothing else
of ours running (or beside `--burners` processes spinning on a core each), and counts the
wakes that came more than 1 ms late, and how late the worst were. A press, or a phone's
clock ping, crosses a few such wakes on its way into the host; a buzz decision's settle
wait is the phones' worst ping uplink, so a late wake in any one ping ends up in it
(host/wire/reader.py, docs/PERFORMANCE.md "seventh look").

Run: .venv/bin/python bench/wake_jitter.py [--seconds 5] [--burners 0]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import os
import time

LATE_NS = 1_000_000


def spin() -> None:
    while True:
        pass


def measure(seconds: float, sleep_us: int) -> tuple[int, list[float]]:
    """(wakes, lateness in ms of the wakes more than 1 ms late)."""
    late: list[float] = []
    wakes = 0
    pause = sleep_us / 1e6
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        start = time.monotonic_ns()
        time.sleep(pause)
        lateness = time.monotonic_ns() - start - sleep_us * 1000
        wakes += 1
        if lateness > LATE_NS:
            late.append(lateness / 1e6)
    return wakes, late


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--sleep-us", type=int, default=500)
    parser.add_argument("--burners", type=int, default=0,
                        help="processes spinning on a core each meanwhile")
    args = parser.parse_args()
    burners = [mp.Process(target=spin, daemon=True) for _ in range(args.burners)]
    for burner in burners:
        burner.start()
    try:
        wakes, late = measure(args.seconds, args.sleep_us)
    finally:
        for burner in burners:
            burner.terminate()
    worst = sorted(late, reverse=True)[:5]
    print(f"wake jitter: {wakes} sleeps of {args.sleep_us} µs over {args.seconds:g} s, "
          f"{args.burners} burner(s), {os.cpu_count()} cores, load "
          f"{os.getloadavg()[0]:.2f}")
    print(f"  more than 1 ms late: {len(late)} (1 in {wakes // max(1, len(late))}); "
          f"worst ms: {', '.join(f'{x:.2f}' for x in worst) or '-'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
