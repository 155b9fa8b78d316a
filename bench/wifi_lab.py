"""Fairness, tap-to-projector latency and reconnects, measured through a shaped Wi-Fi link.

A real `tourelle serve` subprocess (tests/live.py's LiveServer) runs G buzzer
games of two seats. Each seat is a python-socketio phone (bench/lab_phone.py:
the documented /seat protocol, its own clock seconds off and drifting) whose
every byte crosses its own Wi-Fi link of the lab (bench/netlab.py). The host
commands and the projector clients talk to the server directly (on the Pi).

- fairness: in "ranking" windows, the two phones tap 5, 10 or 20 ms apart (who
  goes first is drawn); the server ranks them. Counted, in the same run: the
  share of pairs whose arrival order (the order the Session took them, from the
  acks' journal sequence numbers) is wrong, the share our ranking gets wrong
  (`misordered_ours`: tie or not, the later tap ranked first), the share it
  declares a tie (margin within the two taps' uncertainties), and, among
  those, the share wrong *and* not declared a tie (`misordered_untied`);
- latency: "first" windows, one phone taps; from the tap to the projector
  client receiving the floor, with the settle wait the server chose;
- reconnect: a phone's link is reset for 3 s in a "ranking" window; it taps
  while cut off, the other phone taps later; the time from the link's return
  to the phone's seat and state being back, whether its tap arrived exactly
  once and was ranked by its tap time (first).

Run: .venv/bin/python bench/wifi_lab.py [--profile wifi|bad-wifi] [--pairs N] [--quick] [--json]
"""

from __future__ import annotations

import contextlib
import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import socketio  # noqa: E402

from bench.lab_phone import LabPhone  # noqa: E402
from bench.netlab import PROFILES, WifiLab  # noqa: E402
from tests.live import LiveServer  # noqa: E402
from tests.synthetic import write_pack  # noqa: E402

MS = 1_000_000
GAPS_MS = (5, 10, 20)


@dataclass
class PairResult:
    gap_ms: int
    wrong_arrival: bool
    wrong_ours: bool
    tie: bool
    margin_ms: float
    u_ms: float


@dataclass
class Figures:
    pairs: list[PairResult] = field(default_factory=list)
    latency_ms: list[float] = field(default_factory=list)
    settle_ms: list[float] = field(default_factory=list)
    reconnect_ms: list[float] = field(default_factory=list)
    reconnect_ok: list[bool] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


class Table:
    """One game of two lab phones, its host client and its projector client."""

    def __init__(self, server: LiveServer, lab: WifiLab, index: int, rnd: random.Random) -> None:
        self.index = index
        self.rnd = rnd
        self.host = socketio.Client(reconnection=False)
        self.host.connect(server.url, namespaces=["/host"], transports=["websocket"],
                          auth={"key": server.key}, wait_timeout=20)
        made = self.host.call("create", {"kind": "buzzer", "start": True,
                                         "seats": [{"name": "A"}, {"name": "B"}]},
                              namespace="/host", timeout=30)
        assert made["ok"], made
        self.game = made["game"]
        self.screen_states: list[tuple[int, dict[str, Any]]] = []
        self.cond = threading.Condition()
        self.screen = socketio.Client(reconnection=False)
        self.screen.on("state", self._on_screen, namespace="/screen")
        self.screen.connect(server.url, namespaces=["/screen"], transports=["websocket"],
                            wait_timeout=20)
        self.screen.call("watch", {"game": self.game}, namespace="/screen", timeout=20)
        self.links = [lab.link(server.port) for _ in range(2)]
        self.phones = [
            LabPhone(f"http://127.0.0.1:{link.port}", self.game, seat,
                     offset_s=rnd.uniform(1000, 7200), drift_ppm=rnd.uniform(-50, 50))
            for seat, link in enumerate(self.links)
        ]
        for phone in self.phones:
            phone.start()

    def _on_screen(self, payload: dict[str, Any]) -> None:
        with self.cond:
            self.screen_states.append((time.monotonic_ns(), payload))
            self.cond.notify_all()

    def command(self, kind: str, **extra: Any) -> dict[str, Any]:
        return dict(self.host.call("command", {"game": self.game, "type": kind, **extra},
                                   namespace="/host", timeout=30))

    def reset(self) -> None:
        """Back to idle whatever the window's phase (close twice: closed, then idle)."""
        view = self.projector()
        if view and view.get("phase") not in ("idle", None):
            self.command("close")
            view = self.projector()
            if view and view.get("phase") != "idle":
                self.command("close")

    def projector(self) -> dict[str, Any] | None:
        with self.cond:
            return self.screen_states[-1][1].get("view") if self.screen_states else None

    def wait_screen(self, predicate: Any, after_ns: int, timeout: float) -> tuple[int, Any]:
        def hit() -> tuple[int, Any] | None:
            return next(((t, s) for t, s in self.screen_states
                         if t >= after_ns and s.get("view") and predicate(s["view"])), None)

        with self.cond:
            self.cond.wait_for(lambda: hit() is not None, timeout)
            found = hit()
        if found is None:
            raise TimeoutError(f"table {self.index}: no matching projector state")
        return found

    def open(self, mode: str) -> int:
        opened = time.monotonic_ns()
        reply = self.command("open", mode=mode)
        if not reply.get("ok"):
            raise RuntimeError(f"open refused: {reply}")
        for phone in self.phones:  # the phones see the window open (and ping fast)
            phone.wait_state(lambda s: (s.get("view") or {}).get("phase") == "armed", 10,
                             opened)
        return opened

    # ------------------------------------------------------------------ fairness

    def pair(self, gap_ms: int) -> PairResult:
        opened = self.open("ranking")
        first = self.rnd.randrange(2)
        t0 = time.monotonic_ns() + round(self.rnd.uniform(0.25, 0.6) * 1e9)
        times = {first: t0, 1 - first: t0 + gap_ms * MS}
        aids: dict[int, str] = {}
        threads = [threading.Thread(target=lambda s=seat: aids.__setitem__(
            s, self.phones[s].tap(times[s]))) for seat in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        acks = {s: self.phones[s].wait_acked(aids[s], 15) for s in (0, 1)}
        for seat, ack in acks.items():
            if not ack or not ack.get("ok"):
                raise RuntimeError(f"seat {seat}'s tap refused: {ack}")
        _, state = self.wait_screen(lambda v: len(v.get("ranking", [])) >= 2, opened, 10)
        ranking = state["view"]["ranking"]
        self.reset()
        assert acks[0] is not None and acks[1] is not None
        seqs = {s: int(acks[s]["seq"]) for s in (0, 1)}
        second = ranking[1]
        return PairResult(
            gap_ms=gap_ms,
            wrong_arrival=seqs[1 - first] < seqs[first],
            wrong_ours=ranking[0]["seat"] != first,
            tie=bool(second["tie"]),
            margin_ms=float(second["margin_ms"]),
            u_ms=float(ranking[0]["u_ms"]) + float(second["u_ms"]),
        )

    # ------------------------------------------------------------------ latency

    def latency(self) -> tuple[float, float]:
        """One tap in a "first" window: ms from the tap to the floor on the projector."""
        opened = self.open("first")
        seat = self.rnd.randrange(2)
        tap_at = time.monotonic_ns() + round(self.rnd.uniform(0.2, 0.5) * 1e9)
        self.phones[seat].tap(tap_at)
        arrived, state = self.wait_screen(lambda v: v.get("floor") is not None, opened, 10)
        view = state["view"]
        self.command("right")
        return (arrived - tap_at) / MS, float(view["settle_ms"])

    # ------------------------------------------------------------------ reconnect

    def reconnect(self, cut_s: float = 3.0) -> tuple[float, bool, str]:
        """Reset one phone's link for `cut_s` mid-window; it taps while cut off."""
        opened = self.open("ranking")
        cut_seat = self.rnd.randrange(2)
        phone, other = self.phones[cut_seat], self.phones[1 - cut_seat]
        link = self.links[cut_seat]
        joins_before = len(phone.joins)
        time.sleep(0.3)
        cut_at = time.monotonic_ns()
        link.cut(cut_s, "reset")
        back_at = cut_at + round(cut_s * 1e9)
        aid = phone.tap(cut_at + 500 * MS)  # tapped while cut off
        other_aid = other.tap(cut_at + 1000 * MS)
        ack = phone.wait_acked(aid, cut_s + 10)
        other_ack = other.wait_acked(other_aid, 10)
        if len(phone.joins) <= joins_before:
            return float("nan"), False, "the phone never rejoined"
        rejoined_at = phone.joins[joins_before][0]
        state_at, _ = phone.wait_state(lambda s: True, 5, back_at)
        back_ms = (max(rejoined_at, state_at) - back_at) / MS
        _, state = self.wait_screen(lambda v: len(v.get("ranking", [])) >= 2, opened, 10)
        ranking = [r["seat"] for r in state["view"]["ranking"]]
        self.reset()
        problems = []
        if not ack or not ack.get("ok"):
            problems.append(f"cut phone's tap: {ack}")
        if not other_ack or not other_ack.get("ok"):
            problems.append(f"other phone's tap: {other_ack}")
        if ranking != [cut_seat, 1 - cut_seat]:
            problems.append(f"ranking {ranking}, expected the cut phone first")
        return back_ms, not problems, "; ".join(problems)

    def close(self) -> None:
        for phone in self.phones:
            phone.close()
        for client in (self.screen, self.host):
            with contextlib.suppress(Exception):
                client.disconnect()


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run(profile: str, pairs: int, tables: int, latency_taps: int, reconnects: int,
        seed: int) -> tuple[list[dict[str, Any]], Figures]:
    figures = Figures()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        packs = root / "packs"
        packs.mkdir()
        write_pack(packs / "p.yaml", 5, "fr")
        server = LiveServer(data=root / "data", packs=packs).start()
        lab = WifiLab(profile, seed)
        made: list[Table] = []
        try:
            for index in range(tables):
                made.append(Table(server, lab, index, random.Random(seed * 100 + index)))
            time.sleep(1.5)  # the phones' first sync burst
            jobs: list[list[tuple[str, int]]] = [[] for _ in made]
            work = [("pair", gap) for gap in GAPS_MS for _ in range(pairs)]
            random.Random(seed).shuffle(work)
            work = ([("reconnect", 0)] * reconnects + [("latency", 0)] * latency_taps
                    + work)
            for i, job in enumerate(work):
                jobs[i % len(made)].append(job)
            threads = [threading.Thread(target=_play, args=(table, todo, figures))
                       for table, todo in zip(made, jobs, strict=True)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
        finally:
            for table in made:
                table.close()
            lab.close()
            server.stop()
    return rows_of(profile, figures), figures


def _play(table: Table, todo: list[tuple[str, int]], figures: Figures) -> None:
    for kind, gap in todo:
        try:
            if kind == "pair":
                result = table.pair(gap)
                with figures.lock:
                    figures.pairs.append(result)
            elif kind == "latency":
                latency, settle = table.latency()
                with figures.lock:
                    figures.latency_ms.append(latency)
                    figures.settle_ms.append(settle)
            else:
                back, ok, why = table.reconnect()
                with figures.lock:
                    figures.reconnect_ms.append(back)
                    figures.reconnect_ok.append(ok)
                    if not ok:
                        figures.failures.append(f"reconnect: {why}")
        except Exception as err:  # noqa: BLE001 - count it, reset the table, go on
            with figures.lock:
                figures.failures.append(f"{kind} {gap}: {type(err).__name__}: {err}")
            with contextlib.suppress(Exception):
                table.reset()


def rows_of(profile: str, figures: Figures) -> list[dict[str, Any]]:
    rows = []
    for gap in GAPS_MS:
        done = [p for p in figures.pairs if p.gap_ms == gap]
        n = len(done) or 1
        rows.append({
            "profile": profile,
            "gap_ms": gap,
            "pairs": len(done),
            "misordered_arrival": sum(p.wrong_arrival for p in done) / n,
            "misordered_ours": sum(p.wrong_ours for p in done) / n,
            "misordered_untied": sum(p.wrong_ours and not p.tie for p in done) / n,
            "ties": sum(p.tie for p in done) / n,
            "tie_margin_p50_ms": _p50([p.u_ms for p in done if p.tie]),
            "tap_to_projector_p50_ms": _p50(figures.latency_ms),
            "tap_to_projector_p99_ms": pct(figures.latency_ms, 0.99),
            "settle_p50_ms": _p50(figures.settle_ms),
            "reconnect_p50_ms": _p50(figures.reconnect_ms),
            "reconnect_max_ms": max(figures.reconnect_ms, default=float("nan")),
            "reconnects_ok": f"{sum(figures.reconnect_ok)}/{len(figures.reconnect_ok)}",
        })
    return rows


def _p50(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def print_table(rows: list[dict[str, Any]]) -> None:
    head = (f"{'profile':<9} {'gap':>5} {'pairs':>5} {'wrong by arrival':>16} "
            f"{'wrong by ours':>13} {'(untied)':>8} {'ties':>6} {'tap->proj p50/p99':>18} "
            f"{'settle p50':>10} {'reconnect p50/max':>18} {'ok':>5}")
    print(head)
    print("-" * len(head))
    for r in rows:
        print(f"{r['profile']:<9} {r['gap_ms']:>2} ms {r['pairs']:>5} "
              f"{100 * r['misordered_arrival']:>15.1f}% {100 * r['misordered_ours']:>12.1f}% "
              f"{100 * r['misordered_untied']:>7.1f}% {100 * r['ties']:>5.1f}% "
              f"{r['tap_to_projector_p50_ms']:>8.0f}/{r['tap_to_projector_p99_ms']:<6.0f} ms "
              f"{r['settle_p50_ms']:>7.0f} ms "
              f"{r['reconnect_p50_ms']:>8.0f}/{r['reconnect_max_ms']:<6.0f} ms "
              f"{r['reconnects_ok']:>5}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--profile", choices=sorted(set(PROFILES) - {"lan"}), default="wifi")
    parser.add_argument("--pairs", type=int, default=300, help="tap pairs per gap")
    parser.add_argument("--tables", type=int, default=6, help="games played at once")
    parser.add_argument("--latency-taps", type=int, default=30)
    parser.add_argument("--reconnects", type=int, default=6)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--quick", action="store_true",
                        help="CI form: 40 pairs per gap, 12 latency taps, 2 reconnects")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.quick:
        args.pairs, args.latency_taps, args.reconnects = 40, 12, 2
    started = time.monotonic()
    load = os.getloadavg()
    rows, figures = run(args.profile, args.pairs, args.tables, args.latency_taps,
                        args.reconnects, args.seed)
    took = time.monotonic() - started
    if args.json:  # strict JSON: a figure with nothing measured is null, not NaN
        rows = [{k: None if isinstance(v, float) and v != v else v for k, v in row.items()}
                for row in rows]
        print(json.dumps({"rows": rows, "failures": figures.failures, "seconds": round(took, 1),
                          "load_at_start": [round(x, 2) for x in load]}, indent=1))
    else:
        print(f"Wi-Fi lab, profile {args.profile}: {args.pairs} pairs per gap on {args.tables} "
              f"games at once, {args.latency_taps} latency taps, {args.reconnects} 3 s cuts; "
              f"seed {args.seed}; {os.cpu_count()} cores, load {load[0]:.1f} at the start")
        print_table(rows)
        for failure in figures.failures:
            print("failure:", failure)
        print(f"({took:.0f} s)")
    return 1 if figures.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
