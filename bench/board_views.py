"""A big hall's ranking window: the host's CPU per press for a 500-seat buzzer board.

Each press in a "ranking" window changes every phone's view (its status, its place), so
each one is published to every seat. An in-process Session (real journal in a temporary
folder, virtual clock, the publication's own views and phone parts; nothing sent) takes
--presses presses from even seats; printed: the time per press (submit to published),
median over the first, middle and last third of the presses, and the whole.

Run: .venv/bin/python bench/board_views.py [--seats 500] [--presses 250] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from host.clock import VirtualClock, VirtualScheduler  # noqa: E402
from host.room.hub import Hub  # noqa: E402
from host.store.journal import Journal  # noqa: E402
from host.session.core import HOST, Origin  # noqa: E402
from tests.synthetic import synthetic_bank  # noqa: E402

MS = 1_000_000


def one_window(seats: int, presses: int) -> list[float]:
    """Seconds per press, in press order."""
    with tempfile.TemporaryDirectory() as folder:
        clock = VirtualClock()
        scheduler = VirtualScheduler(clock)
        sent = [0]

        def publish(game: str, audience: str, payload: Any, skip: Any = ()) -> None:
            sent[0] += 1

        hub = Hub(Journal(Path(folder) / "j.sqlite"), synthetic_bank(10), publish=publish,
                  clock=clock, scheduler_factory=lambda: scheduler, threaded=False)
        session = hub.create_game("buzzer", [{"name": f"P{i}"} for i in range(seats)],
                                  settings={}, seed=5)
        assert session.submit(HOST, {"type": "start"}).ok
        assert session.submit(HOST, {"type": "open", "mode": "ranking"}).ok
        times = []
        for n in range(presses):
            seat = (2 * n) % seats
            event = {"type": "buzz", "t_ns": clock.now_ns() + seat * MS, "source": "phone",
                     "u_ns": MS, "settle_ns": 0}
            started = time.perf_counter()
            assert session.submit(Origin("seat", seat), event).ok
            times.append(time.perf_counter() - started)
        assert sent[0] >= presses
        return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seats", type=int, default=500)
    parser.add_argument("--presses", type=int, default=250)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    runs = [one_window(args.seats, args.presses) for _ in range(args.repeat)]
    third = max(1, args.presses // 3)
    print(f"ranking window, {args.seats} seats, {args.presses} presses, {args.repeat} runs: "
          "ms per press (submit to published), median")
    print("presses       " + "   ".join(f"run {i + 1}" for i in range(args.repeat)))
    parts = {f"1-{third}": slice(0, third), f"{third + 1}-{2 * third}": slice(third, 2 * third),
             f"{2 * third + 1}-{args.presses}": slice(2 * third, None), "all": slice(None)}
    for name, part in parts.items():
        cells = "  ".join(f"{statistics.median(run[part]) * 1000:7.2f}" for run in runs)
        print(f"{name:12s} {cells}")
    total = [sum(run) for run in runs]
    print(f"whole window s {'  '.join(f'{t:7.2f}' for t in total)}")


if __name__ == "__main__":
    main()
