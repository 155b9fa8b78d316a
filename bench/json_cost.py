"""What JSON encoding costs in one publication to 200 phones, and what orjson would save.

A 200-seat buzzer board in process (no sockets) with a ranking of all 200 presses,
the largest state it publishes. One publication is what the Session sends: the
projector's and host page's payloads, the public part for every phone, and each
seat's private part (host/session/phone_parts.py). Timed: building those payloads from
the state, and encoding them as python-socketio does (json.dumps with compact
separators), against orjson.dumps when orjson is installed. The issue asked for
orjson "if it measurably pays": this prints the share encoding has of a
publication's work, and the whole saving.

Run: .venv/bin/python bench/json_cost.py [--phones 200] [--repeat 50]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host.session import phone_parts  # noqa: E402
from host.clock import RealClock, ThreadScheduler  # noqa: E402
from host.room.hub import Hub  # noqa: E402
from host.store.journal import Journal  # noqa: E402
from host.session.core import HOST, Origin  # noqa: E402
from tests.synthetic import synthetic_bank  # noqa: E402

MS = 1_000_000


def publication(session: Any) -> list[dict[str, Any]]:
    """Every payload of one publication, built as the Session builds them."""
    meta = session.meta()
    out = [session.publication._payload(session.state, "screen", meta),
           session.publication._payload(session.state, "host", meta)]
    private_keys = session.kind.private_keys
    shared = None
    for entry in meta["seats"]:
        seat = entry["seat"]
        view = session.publication._view_of(session.state, f"seat:{seat}")
        public, own = phone_parts.split(view, private_keys)
        if shared is None:
            shared = phone_parts.public_payload(meta, public)
            out.append(shared)
        out.append(phone_parts.private_payload(meta, seat, own, entry))
    return out


def median_ms(run: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=50)
    args = parser.parse_args()
    print("$ " + " ".join([".venv/bin/python", *sys.argv]))
    print(f"load: {os.getloadavg()[0]:.2f}; nproc: {os.cpu_count()}")
    clock = RealClock()
    with tempfile.TemporaryDirectory(prefix="tourelle-json-") as tmp:
        journal = Journal(Path(tmp) / "journal.sqlite")
        hub = Hub(journal, synthetic_bank(10), publish=None, clock=clock,
                  scheduler_factory=lambda: ThreadScheduler(clock))
        session = hub.create_game("buzzer", [{"name": f"Player {i}"} for i in range(args.phones)],
                                  seed=1)
        session.submit(HOST, {"type": "start"})
        session.submit(HOST, {"type": "open", "mode": "ranking"})
        for seat in range(args.phones):
            session.submit(Origin("seat", seat), {"type": "buzz", "t_ns": clock.now_ns(),
                                                  "source": "phone", "u_ns": MS})
        payloads = publication(session)
        build = median_ms(lambda: publication(session), args.repeat)

        def stdlib() -> None:
            for payload in payloads:
                json.dumps(["state", payload], separators=(",", ":"))

        encode = median_ms(stdlib, args.repeat)
        size = sum(len(json.dumps(p, separators=(",", ":"))) for p in payloads)
        print(f"{len(payloads)} payloads, {size / 1024:.1f} KB in all")
        print(f"build (views, parts): median {build:.2f} ms")
        print(f"encode, json (stdlib): median {encode:.2f} ms "
              f"({100 * encode / (build + encode):.0f}% of build + encode)")
        try:
            import orjson
        except ImportError:
            print("orjson: not installed (pip install orjson to compare)")
        else:
            def fast() -> None:
                for payload in payloads:
                    orjson.dumps(["state", payload])

            quick = median_ms(fast, args.repeat)
            print(f"encode, orjson {orjson.__version__}: median {quick:.2f} ms; saves "
                  f"{encode - quick:.2f} ms per publication "
                  f"({100 * (encode - quick) / (build + encode):.0f}% of build + encode)")
        hub.close()
        journal.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
