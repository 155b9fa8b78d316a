"""Phones for the benches: socket.io-client in one Node process (bench/phones.mjs).

The phone pages run socket.io-client; so do these phones, on one event loop. 200
python-socketio clients (three threads each) took 5 s of CPU during a 200-press
burst against the host's 0.9 s, on the host's own two cores: the benches then
measured the clients. Node and `npm ci` (package.json) are part of `make test`.
"""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "phones.mjs"
MS = 1_000_000


class NodePhones:
    """Seats first .. first + count - 1, each a phone joined to `game`."""

    def __init__(self, url: str, game: str, count: int, first: int = 0,
                 screens: bool = False) -> None:
        """`screens`: projectors watching the game on /screen instead of phones."""
        self.count, self.first = count, first
        self.process = subprocess.Popen(
            ["node", str(SCRIPT), url, game, str(first), str(count)]
            + (["screens"] if screens else []), cwd=ROOT,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin, self.stdout = self.process.stdin, self.process.stdout
        joined = self._read()
        assert joined.get("joined") == count, joined
        self.messages = 0  # messages the phones received during the last burst

    def _order(self, order: dict[str, Any]) -> None:
        self.stdin.write(json.dumps(order) + "\n")
        self.stdin.flush()

    def _read(self) -> dict[str, Any]:
        line = self.stdout.readline()
        if not line:
            raise RuntimeError(f"the Node phones stopped (exit {self.process.poll()})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    @property
    def pids(self) -> list[int]:
        return [self.process.pid]

    def sync(self, rounds: int = 3) -> None:
        """Every phone runs the pages' clock sync with the host (ping, then sync)."""
        self._order({"sync": rounds})
        assert self._read().get("synced") == self.count

    def burst(self, spread_ms: float, total: int) -> tuple[int, dict[int, int | None],
                                                           dict[int, Any]]:
        """Every phone presses `buzz` at start + seat * spread / (total - 1); returns the
        start (CLOCK_MONOTONIC ns) and, per seat, when its acknowledgement came and what
        it said."""
        start = time.monotonic_ns() + 200 * MS  # the Node process has its order by then
        self._order({"burst": {"start_ns": str(start), "spread_ms": spread_ms,
                               "total": total}})
        reply = self._read()
        self.messages = reply["messages"]
        acked = {seat: None if at is None else int(at) for seat, at, _ in reply["burst"]}
        answers = {seat: answer for seat, _, answer in reply["burst"]}
        return start, acked, answers

    def act(self, stage: str, round_: int, number: int,
            moves: list[tuple[int, float, dict[str, Any]]]) -> list[tuple[int, int | None,
                                                                          int | None, Any]]:
        """Each (seat, delay ms, event): that phone sends `action` with the event `delay` ms
        after its view first reached `stage` of question `number` of round `round_` (a quiz
        round's, 1-based); returns, per
        move, (seat, tap ns, acknowledgement ns, what it said), CLOCK_MONOTONIC."""
        self._order({"act": {"stage": stage, "round": round_, "number": number,
                             "moves": [[seat, delay, event] for seat, delay, event in moves]}})
        return [(seat, None if tap is None else int(tap), None if ack is None else int(ack),
                 answer) for seat, tap, ack, answer in self._read()["acted"]]

    def wait_for(self, seq: int) -> int:
        """Until every client has had a state of sequence `seq` or later (15 s at most);
        returns how many have."""
        self._order({"await": seq})
        seen: int = self._read()["seen"]
        return seen

    def receipts(self) -> list[dict[int, int]]:
        """Per client: sequence number -> CLOCK_MONOTONIC ns when its state first came."""
        self._order({"receipts": True})
        return [{int(seq): int(ns) for seq, ns in seen.items()}
                for seen in self._read()["receipts"]]

    def close(self) -> None:
        try:
            self._order({"stop": True})
            self.process.wait(30)
        except (OSError, subprocess.TimeoutExpired):
            self.process.kill()
