"""The buzzer board's rules alone: a ranking window's 200 presses applied one after the other.

No server, no socket, no journal: the engine's own share of a burst (each press a new
state, as the Session's worker makes it). The figure is the median over the trials.

Run: .venv/bin/python bench/buzz_engine.py [--presses 200] [--trials 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host.games import registry  # noqa: E402


def burst_ms(presses: int) -> float:
    game = registry.kind("buzzer").make({})
    state = game.setup({}, [{"name": f"p{i}"} for i in range(presses + 1)], 1)
    state = game.apply(state, {"type": "open", "mode": "ranking", "t_ns": 1_000_000})
    began = time.perf_counter()
    for seat in range(presses):
        # each phone's own settle wait (its uplink), as a served press carries it
        state = game.apply(state, {"type": "buzz", "seat": seat, "t_ns": 2_000_000 + seat * 1000,
                                   "settle_ns": 5_000_000 + (seat % 7) * 1000})
    return (time.perf_counter() - began) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=200)
    parser.add_argument("--trials", type=int, default=20)
    args = parser.parse_args()
    times = [burst_ms(args.presses) for _ in range(args.trials)]
    print(f"{args.presses} presses applied to a ranking window: median "
          f"{statistics.median(times):.2f} ms, min {min(times):.2f}, max {max(times):.2f} "
          f"({args.trials} trials)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
