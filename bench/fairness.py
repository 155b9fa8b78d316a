"""How often do two phone presses a few ms apart come out in the wrong order?

Simulates phones on Wi-Fi: each has its own clock (an offset of up to an hour
and a rate error of up to +-50 ppm) and every message, ping or tap, takes a
one-way delay drawn from a Wi-Fi-like model: a few ms base, a heavy tail, and
10% spikes of 50-300 ms. Each phone syncs with 30 pings (one a second) through
that model, then taps. For pairs of taps 1, 5, 10 and 20 ms apart on two phones it
counts how often the later tap is ranked first:

- by arrival order (what a naive server does), and
- by our method: map each tap's claimed phone time onto the host clock
  (`ClockEstimator.press`: the intersection of the samples' offset bounds,
  then clamp to the network's plausible delay) and rank with the arbiter
  (ties broken by earliest stamp).

A "first" window decides `settle` after the first press arrives: a truly earlier
tap arriving later than that is lost. It also counts how often that happens with
the wait taken from the phones' worst recent uplinks (`max_delay_ns`, what the host
waits) and, for comparison, from their worst round trips (the wait before
2026-11-26), and prints both waits.

`--network lan` draws the delays from a quiet wired-like link instead (0.2-0.6 ms, a
short tail, 1% hiccups of 1-5 ms), where the margin the wait adds on top of the worst
uplink (`settle_delay_ns`'s slack) is not hidden by Wi-Fi's spikes: a second table
counts the late taps for margins of 0 to 5 ms.

The same through a real server and shaped TCP links: bench/wifi_lab.py.

Seeded; prints two tables. Run: .venv/bin/python bench/fairness.py [--pairs N] [--seed S]
[--network wifi|lan]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from buzzers.clocksync import ClockEstimator  # noqa: E402
from host.buzzer_board.arbiter import SLACK_NS, Entry, rank, settle_delay_ns  # noqa: E402

MS = 1_000_000
S = 1_000 * MS
GAPS_MS = (1, 5, 10, 20)


MARGINS_MS = (0, 1, 2, 5)


def wifi_delay_ns(rnd: random.Random) -> int:
    """Wi-Fi-like: 2-6 ms base, a Pareto tail, and 10% spikes of 50-300 ms."""
    delay = rnd.uniform(2, 6) + min(rnd.paretovariate(2.5) - 1, 40) * 2
    if rnd.random() < 0.10:
        delay += rnd.uniform(50, 300)
    return round(delay * MS)


def lan_delay_ns(rnd: random.Random) -> int:
    """A quiet wired-like link: 0.2-0.6 ms, a short Pareto tail, 1% hiccups of 1-5 ms."""
    delay = rnd.uniform(0.2, 0.6) + min(rnd.paretovariate(3) - 1, 10) * 0.1
    if rnd.random() < 0.01:
        delay += rnd.uniform(1, 5)
    return round(delay * MS)


one_way_delay_ns = wifi_delay_ns  # main() picks the network


@dataclass
class Phone:
    offset_ns: int
    rate: float  # phone seconds per host second
    clock: ClockEstimator

    def phone_time(self, host_ns: int) -> int:
        return round(host_ns * self.rate) + self.offset_ns


def synced_phone(rnd: random.Random, sync_start_ns: int) -> Phone:
    phone = Phone(
        offset_ns=rnd.randint(-3600 * S, 3600 * S),
        rate=1 + rnd.uniform(-50, 50) / 1_000_000,
        clock=ClockEstimator(),
    )
    for i in range(30):
        sent = sync_start_ns + i * S
        answered = sent + one_way_delay_ns(rnd)
        back = answered + one_way_delay_ns(rnd)
        phone.clock.add_sample(phone.phone_time(sent), answered, phone.phone_time(back))
    return phone


def waits(fleet: list[Phone]) -> tuple[int, int]:
    """The settle wait from the phones' worst uplinks (ours) and worst round trips."""
    uplinks = settle_delay_ns(phone.clock.max_delay_ns for phone in fleet)
    round_trips = settle_delay_ns(
        max(sample.rtt_ns for sample in phone.clock.samples) for phone in fleet)
    return uplinks, round_trips


def run(pairs: int, seed: int, phones: int) -> tuple[list[tuple[float, ...]], tuple[int, int]]:
    rnd = random.Random(seed)
    sync_start = 1_000 * S
    fleet = [synced_phone(rnd, sync_start) for _ in range(phones)]
    wait_up, wait_rtt = waits(fleet)
    taps_from = sync_start + 30 * S
    rows: list[tuple[float, ...]] = []
    for gap_ms in GAPS_MS:
        wrong_arrival = wrong_ours = ties = late_up = late_rtt = 0
        late_by_margin = dict.fromkeys(MARGINS_MS, 0)
        for _ in range(pairs):
            first, second = rnd.sample(fleet, 2)
            t_first = taps_from + rnd.randrange(30 * S)
            t_second = t_first + gap_ms * MS
            entries = []
            arrivals = []
            for seat, (phone, t) in enumerate(((first, t_first), (second, t_second))):
                received = t + one_way_delay_ns(rnd)
                arrivals.append(received)
                press = phone.clock.press(seat, phone.phone_time(t), received)
                entries.append(Entry(seat, press.t_ns, press.source, press.uncertainty_ns))
            wrong_arrival += arrivals[1] < arrivals[0]
            behind = arrivals[0] - arrivals[1]  # how long after the later tap the earlier came
            late_up += behind > wait_up
            late_rtt += behind > wait_rtt
            for margin in MARGINS_MS:
                late_by_margin[margin] += behind > wait_up - SLACK_NS + margin * MS
            ranking, _ = rank(entries, "earliest_stamp", 0)
            wrong_ours += ranking[0].seat != 0
            ties += ranking[1].tie
        rows.append((gap_ms, 100 * wrong_arrival / pairs, 100 * wrong_ours / pairs,
                     100 * ties / pairs, 100 * late_up / pairs, 100 * late_rtt / pairs,
                     *(100 * late_by_margin[m] / pairs for m in MARGINS_MS)))
    return rows, (wait_up, wait_rtt)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=20_000, help="press pairs per gap")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--phones", type=int, default=8)
    parser.add_argument("--network", choices=("wifi", "lan"), default="wifi")
    args = parser.parse_args()
    global one_way_delay_ns
    one_way_delay_ns = wifi_delay_ns if args.network == "wifi" else lan_delay_ns
    started = time.perf_counter()
    rows, (wait_up, wait_rtt) = run(args.pairs, args.seed, args.phones)
    print(f"{args.network}: {args.phones} phones, {args.pairs} pairs per gap, seed {args.seed}; "
          "settle wait "
          f"{wait_up / MS:.0f} ms from uplinks (ours), {wait_rtt / MS:.0f} ms from round trips")
    header = ("gap", "wrong by arrival", "wrong by ours", "ours: tie flagged",
              "late, uplink wait", "late, round-trip wait")
    print(" | ".join(f"{h:>{max(6, len(h))}}" for h in header))
    print("-" * 110)
    for gap_ms, arrival, ours, ties, late_up, late_rtt, *_ in rows:
        cells = [f"{gap_ms:>3.0f} ms"] + [f"{v:.2f}%" for v in (arrival, ours, ties, late_up,
                                                                  late_rtt)]
        print(" | ".join(f"{c:>{max(6, len(h))}}" for c, h in zip(cells, header, strict=True)))
    print(f"\nearlier taps lost, by the margin on top of the worst uplink "
          f"({(wait_up - SLACK_NS) / MS:.2f} ms):")
    print("gap    | " + " | ".join(f"{m} ms" for m in MARGINS_MS))
    for gap_ms, *values in rows:
        print(f"{gap_ms:>3.0f} ms | " + " | ".join(f"{v:.3f}%" for v in values[5:]))
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
