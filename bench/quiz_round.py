"""A quiz night's rounds with 200 teams: a plain round, a wager round (each team stakes, then
answers) and a knock-out round (teams fall; a team out is refused). How soon is each stake
and lock-in acknowledged, all of them after the last tap, and the reveal on the projector
after the answers close?

A real `tourelle serve` (threading mode) runs one quiz-round game whose plan holds the
rounds asked (`--round`, all three by default) of `--questions` choice questions each. The
teams are one phone each: socket.io-client in one Node process (bench/node_phones.py, the
pages' client, so that the phones' CPU is not the bench's). For each question every phone
waits for it (a wager question: first for the bets, stage `wager`), then taps at a random
moment within `--spread` s of seeing it, and notes CLOCK_MONOTONIC (one clock for every
process on this machine) at the tap and at the acknowledgement. A refusal (a team out of a
knock-out round, a lock-in after the close) is an acknowledgement too, and must come as
soon. The last stake closes the bets; the last lock-in of the teams still in closes the
answers: "close" is when the host handled that event (its journal row's `mono_ns`, the
same clock), and the projector (a /screen client here) is timed from it to its first state
at stage `reveal` (for the bets: to its first state with the question).

Targets (issue 44): every stake and lock-in acknowledged within 300 ms of the last tap,
the reveal within 100 ms of the close.

Run: .venv/bin/python bench/quiz_round.py [--round all|plain|wager|knockout] [--teams 200]
     [--questions 3] [--spread 2.0] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import sqlite3
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import socketio  # noqa: E402

from bench.burst import cpu_seconds  # noqa: E402
from bench.node_phones import NodePhones  # noqa: E402
from tests.live import LiveServer, Peer  # noqa: E402
from tests.synthetic import write_pack  # noqa: E402

MS = 1_000_000
KINDS = ("plain", "wager", "knockout")
ACK_TARGET_MS = 300.0  # every tap acknowledged within this of the last tap
REVEAL_TARGET_MS = 100.0  # the reveal on the projector within this of the close
FLOOR = 10  # the wager floor: every team may stake up to 10, whatever its score


def round_plan(kind: str, questions: int) -> dict[str, Any]:
    plan: dict[str, Any] = {"title": kind, "questions": questions, "mix": "choice",
                            "seconds": 60}
    if kind == "wager":
        plan.update(wager=True, wager_floor=FLOOR, wager_cap=0)
    if kind == "knockout":
        plan.update(knockout=True, knockout_survivors=1, knockout_bonus=20)
    return plan


def is_right(kind: str, seat: int, number: int, pick: random.Random) -> bool:
    """A knock-out round: a team is right at question n when bit n-1 of its seat is 0, so
    that half the teams still in fall each time and the round lasts its questions (200
    teams: 100, 50, 25 left). Other rounds: a coin (stakes won and lost)."""
    if kind == "knockout":
        return not (seat >> (number - 1)) & 1
    return pick.random() < 0.5


class Screen:
    """The projector: when its first state of each (round, question, stage) came."""

    def __init__(self, url: str, game: str) -> None:
        self.seen: dict[tuple[int, int, str], int] = {}
        self.cond = threading.Condition()
        self.client = socketio.Client(reconnection=False)
        self.client.on("state", self._state, namespace="/screen")
        self.client.connect(url, namespaces=["/screen"], transports=["websocket"])
        assert self.client.call("watch", {"game": game}, namespace="/screen")["ok"]

    def _state(self, payload: dict[str, Any]) -> None:
        now = time.monotonic_ns()
        view = payload.get("view") or {}
        with self.cond:
            self.seen.setdefault((view.get("round"), view.get("number"), view.get("stage")), now)
            self.cond.notify_all()

    def wait(self, key: tuple[int, int, str], timeout: float = 60) -> int | None:
        with self.cond:
            self.cond.wait_for(lambda: key in self.seen, timeout)
            return self.seen.get(key)


class Host:
    """The host page's client: moves the night on with `next` where the host would."""

    def __init__(self, server: LiveServer, game: str) -> None:
        self.peer = Peer(server, "/host", auth={"key": server.key})
        self.game = game
        assert self.peer.call("watch", {"game": game})["ok"]

    def latest(self, wanted: Any = lambda view: True, timeout: float = 60) -> dict[str, Any]:
        """The newest view once it is as wanted (Peer.wait_for would take an older one)."""
        deadline = time.monotonic() + timeout
        with self.peer._changed:
            while True:
                views = [s.get("view") or {} for s in self.peer.states[-1:]]
                if views and views[0].get("round") is not None and wanted(views[0]):
                    return views[0]
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"the host's view stays {views}"[:800])
                self.peer._changed.wait(left)

    def command(self, kind: str) -> None:
        reply = self.peer.call("command", {"game": self.game, "type": kind}, timeout=30)
        assert reply["ok"], reply

    def to_question(self, round_: int, number: int) -> None:
        """`next` through the title card, reveals and boards until question `number` of
        round `round_` is asked (or its bets are)."""
        while True:
            view = self.latest()
            if (view["round"], view["number"]) == (round_, number) and view["stage"] in (
                    "wager", "drawing", "answering"):
                return
            step = view["step"]
            if view["stage"] in ("intro", "reveal", "board"):
                self.command("next")
            self.latest(lambda v, step=step: v.get("step") != step)

    def at(self, round_: int, number: int, stage: str) -> dict[str, Any]:
        return self.latest(lambda v: (v["round"], v["number"], v["stage"])
                           == (round_, number, stage))


def pct(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def phase_row(kind: str, round_: int, number: int, phase: str,
              taps: list[tuple[int, int | None, int | None, Any]]) -> dict[str, Any]:
    """One question's stakes or lock-ins, as the phones saw them."""
    done = [(tap, ack, answer) for _, tap, ack, answer in taps if tap and ack]
    acks = [(ack - tap) / MS for tap, ack, _ in done] or [float("nan")]
    refused: dict[str, int] = {}
    for _, _, answer in done:
        if not answer.get("ok"):
            refused[answer.get("code", "?")] = refused.get(answer.get("code", "?"), 0) + 1
    return {
        "round": kind, "round_no": round_, "question": number, "phase": phase,
        "taps": len(taps), "acked": len(done), "refused": refused,
        "tapped_over_s": (max(t for t, _, _ in done) - min(t for t, _, _ in done)) / 1e9
        if done else 0.0,
        "acks": acks, "ack_p50": statistics.median(acks), "ack_p95": pct(acks, 0.95),
        "ack_max": max(acks),
        "last_ack_after_last_tap": (max(a for _, a, _ in done) - max(t for t, _, _ in done))
        / MS if done else float("nan"),
        "seqs": [answer["seq"] for _, _, answer in done if answer.get("ok") and "seq" in answer],
    }


def play(args: argparse.Namespace, server: LiveServer, kinds: list[str]) -> list[dict[str, Any]]:
    host_peer = Peer(server, "/host", auth={"key": server.key})
    reply = host_peer.call("create", {
        "kind": "quiz-round", "seats": [{"name": f"T{i}"} for i in range(args.teams)],
        "settings": {"plan": [round_plan(kind, args.questions) for kind in kinds],
                     "intro_seconds": 0, "reveal_seconds": 0, "board_seconds": 0,
                     "wager_seconds": 0}}, timeout=30)
    assert reply["ok"], reply
    host_peer.close()
    game = reply["game"]
    phones = NodePhones(server.url, game, args.teams)
    screen = Screen(server.url, game)
    host = Host(server, game)
    pick = random.Random(44)
    rows: list[dict[str, Any]] = []
    pid = [server.process.pid] if server.process else []
    try:
        host.command("start")
        for round_, kind in enumerate(kinds, 1):
            for number in range(1, args.questions + 1):
                host.to_question(round_, number)
                if kind == "wager":
                    moves = [(seat, pick.uniform(0, args.spread * 1000),
                              {"type": "stake", "points": seat % (FLOOR + 1)})
                             for seat in range(args.teams)]
                    cpu = cpu_seconds(pid)
                    row = phase_row(kind, round_, number, "stake",
                                    phones.act("wager", round_, number, moves))
                    row["shown"] = screen.wait((round_, number, "answering"))
                    row["server_cpu_s"] = cpu_seconds(pid) - cpu
                    rows.append(row)
                right: int = host.at(round_, number, "answering")["truth"]["answer"]
                moves = [(seat, pick.uniform(0, args.spread * 1000), {
                    "type": "answer", "value": right if is_right(kind, seat, number, pick)
                    else (right + 1) % 4}) for seat in range(args.teams)]
                cpu = cpu_seconds(pid)
                row = phase_row(kind, round_, number, "lock-in",
                                phones.act("answering", round_, number, moves))
                row["shown"] = screen.wait((round_, number, "reveal"))
                row["server_cpu_s"] = cpu_seconds(pid) - cpu
                rows.append(row)
                outcome = host.at(round_, number, "reveal")["outcome"]
                if (outcome.get("knockout") or {}).get("over"):
                    break  # the knock-out round is won: its other questions are not asked
    finally:
        phones.close()
        screen.client.disconnect()
        host.peer.close()
    return rows


def add_close(rows: list[dict[str, Any]], journal: Path) -> None:
    """The close of each phase: when the host handled its last accepted stake or lock-in
    (the event that closed the bets or the answers); the projector timed from it."""
    db = sqlite3.connect(journal)
    handled = {int(seq): int(mono) for seq, mono in db.execute("SELECT seq, mono_ns FROM events")}
    db.close()
    for row in rows:
        seqs = row.pop("seqs")
        shown = row.pop("shown")
        closed = handled.get(max(seqs)) if seqs else None
        row["shown_after_close"] = (shown - closed) / MS if shown and closed else float("nan")


def summary(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per round kind and phase: the acknowledgements over all its questions, the worst
    question's last acknowledgement and reveal, and whether each target is met."""
    out = []
    for kind in KINDS:
        for phase in ("stake", "lock-in"):
            mine = [r for r in rows if r["round"] == kind and r["phase"] == phase]
            if not mine:
                continue
            tail = max(r["last_ack_after_last_tap"] for r in mine)
            shown = max(r["shown_after_close"] for r in mine)
            everyone = all(r["acked"] == r["taps"] for r in mine)
            acks = [ms for r in mine for ms in r["acks"]]
            out.append({
                "round": kind, "phase": phase, "questions": len(mine),
                "ack_p50": statistics.median(acks), "ack_p95": pct(acks, 0.95),
                "ack_max": max(acks),
                "last_ack_after_last_tap_max": tail,
                "ack_target_met": everyone and tail <= ACK_TARGET_MS,
                "shown_after_close_max": shown,
                "reveal_target_met": None if phase == "stake" else shown <= REVEAL_TARGET_MS,
            })
    return out


def print_table(args: argparse.Namespace, rows: list[dict[str, Any]],
                totals: list[dict[str, Any]]) -> None:
    print(f"{args.teams} teams (one Node phone each), taps within {args.spread:g} s of seeing "
          "the question (or the bets); ack = tap to acknowledgement on the phone, ms")
    print("round     q  phase    taps  acked  refused                 ack p50   p95   max"
          "  last ack after last tap  projector after close  server CPU")
    for r in rows:
        refused = ", ".join(f"{code} {n}" for code, n in sorted(r["refused"].items())) or "-"
        shown = "question" if r["phase"] == "stake" else "reveal"
        print(f"{r['round']:<9} {r['question']:>1}  {r['phase']:<7} {r['taps']:>5} "
              f"{r['acked']:>6}  {refused:<22} {r['ack_p50']:7.1f} {r['ack_p95']:5.1f} "
              f"{r['ack_max']:5.1f}  {r['last_ack_after_last_tap']:20.1f} ms"
              f"  {shown} {r['shown_after_close']:6.1f} ms  {r['server_cpu_s']:6.2f} s")
    print("summary (every tap of the round's questions): ack p50, p95 and max, "
          f"targets: all acked within {ACK_TARGET_MS:g} ms of the last tap, the reveal "
          f"within {REVEAL_TARGET_MS:g} ms of the close")
    for t in totals:
        reveal = ("" if t["reveal_target_met"] is None else
                  f"; reveal after close max {t['shown_after_close_max']:.1f} ms: "
                  f"{'met' if t['reveal_target_met'] else 'MISSED'}")
        question = (f"; question on the projector after the bets close max "
                    f"{t['shown_after_close_max']:.1f} ms" if t["phase"] == "stake" else "")
        print(f"  {t['round']:<9} {t['phase']:<7} p50 {t['ack_p50']:.1f} p95 "
              f"{t['ack_p95']:.1f} max {t['ack_max']:.1f} ms; last ack after last tap max "
              f"{t['last_ack_after_last_tap_max']:.1f} ms: "
              f"{'met' if t['ack_target_met'] else 'MISSED'}{reveal}{question}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--round", choices=("all", *KINDS), default="all")
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--spread", type=float, default=2.0, help="seconds")
    parser.add_argument("--json", action="store_true", help="the figures as one JSON object")
    args = parser.parse_args()
    kinds = list(KINDS) if args.round == "all" else [args.round]
    if "knockout" in kinds and args.questions < 3:
        parser.error("a knock-out round here has 3 questions or more")
    load_start = os.getloadavg()
    root = Path(tempfile.mkdtemp(prefix="bench-quiz-"))
    (root / "packs").mkdir()
    write_pack(root / "packs" / "p.yaml", 20 * args.questions, "fr")
    server = LiveServer(data=root / "data", packs=root / "packs",
                        extra=("--threads", str(args.teams + 64))).start()
    if not args.json:
        print("$ " + " ".join([os.path.relpath(sys.executable), *sys.argv]))
        print(f"server pid {server.process.pid if server.process else '?'}; load average at "
              f"the start {' '.join(f'{x:.2f}' for x in load_start)}; {os.cpu_count()} cores",
              flush=True)
    try:
        rows = play(args, server, kinds)
    finally:
        server.stop()
    add_close(rows, root / "data" / "journal.sqlite")
    shutil.rmtree(root, ignore_errors=True)
    totals = summary(rows)
    for row in rows:
        del row["acks"]
    load_end = os.getloadavg()
    if args.json:
        print(json.dumps({"rows": rows, "summary": totals, "load_start": load_start,
                          "load_end": load_end}))
    else:
        print_table(args, rows, totals)
        print(f"load average at the end {' '.join(f'{x:.2f}' for x in load_end)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
