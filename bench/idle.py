"""What connected phones cost while nothing happens: server CPU and memory, N phones idle.

A fresh `tourelle serve` (bench/clients.py's Server), a paused buzzer board of N seats,
N phones as socket.io-client in one Node process (bench/node_phones.py), joined; then
the server's CPU time (its process tree) over `--seconds` of nothing but the transport's
own pings, and its RSS.

Run: .venv/bin/python bench/idle.py [--phones 500] [--seconds 20] [--modes threading eventlet]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

import socketio

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.clients import FROZEN_PACE, MIB, Server  # noqa: E402
from bench.node_phones import NodePhones  # noqa: E402


def measure(mode: str, phones: int, seconds: float, threads: int) -> tuple[float, float]:
    """(share of one core, RSS MiB) with `phones` idle phones joined."""
    with tempfile.TemporaryDirectory(prefix="tourelle-idle-") as folder:
        server = Server(mode, threads, Path(folder)).start()
        host = socketio.Client(reconnection=False)
        group: NodePhones | None = None
        try:
            host.connect(server.url, namespaces=["/host"], transports=["websocket"],
                         auth={"key": server.key()}, wait_timeout=30)
            made = host.call("create", {"kind": "buzzer", "pace": FROZEN_PACE, "start": True,
                                        "seats": [{} for _ in range(phones)]},
                             namespace="/host", timeout=30)
            if not made.get("ok"):
                raise RuntimeError(f"could not create the board: {made}")
            host.call("command", {"game": made["game"], "type": "pause"}, namespace="/host",
                      timeout=30)
            group = NodePhones(server.url, made["game"], phones)
            time.sleep(3)  # the joins' publications are over
            cpu, started = server.cpu_seconds(), time.monotonic()
            time.sleep(seconds)
            share = (server.cpu_seconds() - cpu) / (time.monotonic() - started)
            return share, server.rss_bytes() / MIB
        finally:
            if group is not None:
                group.close()
            host.disconnect()
            server.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--phones", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--modes", nargs="+", default=["threading"],
                        choices=("threading", "gevent", "eventlet"))
    parser.add_argument("--threads", type=int, default=640)
    args = parser.parse_args()
    print(f"command: python bench/idle.py {' '.join(sys.argv[1:])}")
    print(f"machine: {os.cpu_count()} CPUs; load average at start: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"{'mode':<10} {'phones':>6} {'idle CPU':>14} {'RSS':>9}")
    for mode in args.modes:
        share, rss = measure(mode, args.phones, args.seconds, args.threads)
        print(f"{mode:<10} {args.phones:>6} {share * 100:>8.1f}% core {rss:>6.1f}Mi", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
