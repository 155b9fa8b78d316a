"""bench/quiz_round.py with six teams, as a smoke test: the bench still runs its three rounds
against a real server, every stake and lock-in comes back, and the knock-out round refuses
exactly the teams it knocked out.

The figures (milliseconds) are the bench's, read on a quiet machine (docs/PERFORMANCE.md,
"A quiz night of 200 teams: wagers and a knock-out round"); here they only have to exist.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest

from tests.live import ROOT

pytestmark = pytest.mark.slow  # ~20 s, Node phones: `make test` runs it, `make unit` not


def test_the_quiz_bench_plays_a_plain_a_wager_and_a_knockout_round() -> None:
    done = subprocess.run([sys.executable, "bench/quiz_round.py", "--teams", "6",
                           "--spread", "0.2", "--json"], cwd=ROOT, capture_output=True,
                          text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-3000:]
    figures = json.loads(done.stdout)
    rows = figures["rows"]
    assert [(r["round"], r["question"], r["phase"]) for r in rows] == [
        ("plain", 1, "lock-in"), ("plain", 2, "lock-in"), ("plain", 3, "lock-in"),
        ("wager", 1, "stake"), ("wager", 1, "lock-in"), ("wager", 2, "stake"),
        ("wager", 2, "lock-in"), ("wager", 3, "stake"), ("wager", 3, "lock-in"),
        ("knockout", 1, "lock-in"), ("knockout", 2, "lock-in"), ("knockout", 3, "lock-in")]
    for row in rows:
        assert row["taps"] == row["acked"] == 6, row
        assert 0 < row["ack_p50"] <= row["ack_p95"] <= row["ack_max"], row
        assert math.isfinite(row["shown_after_close"]) and row["shown_after_close"] > 0, row
        if row["round"] != "knockout":
            assert row["refused"] == {}, row  # every stake within the floor, one per team
    # Right at question n when bit n-1 of the seat is 0: after question 1 seats 1, 3, 5 are
    # out, after question 2 seat 2 too. A team out is refused, before the close or after it.
    knockout = [sum(r["refused"].values()) for r in rows if r["round"] == "knockout"]
    assert knockout == [0, 3, 4]
    assert set().union(*(r["refused"] for r in rows)) <= {"out_of_turn", "stale"}
    assert {(t["round"], t["phase"]) for t in figures["summary"]} == {
        ("plain", "lock-in"), ("wager", "stake"), ("wager", "lock-in"),
        ("knockout", "lock-in")}
    assert len(figures["load_start"]) == len(figures["load_end"]) == 3
