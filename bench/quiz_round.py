"""A quiz round with 200 teams: every phone locks in within 2 s; how soon is each tap
acknowledged, and how soon after the window closes does the projector show the reveal?

A real `tourelle serve` (threading mode) runs a quiz round of 200 one-phone teams. The
phones are python-socketio clients (websocket transport) in spawned processes of their
own (`--per-process` each, a thread per phone); a projector client on /screen runs in
this process. For each question every phone waits for it, then taps at a random moment
within the next 2 s (`--spread`): it notes CLOCK_MONOTONIC (one clock for every process
on this machine) before its `action` and when the acknowledgement comes back. The last
lock-in closes the window (every team answered), so the reveal the projector receives
is timed from the last acknowledgement (the window's close, as the host applied it).

Run: .venv/bin/python bench/quiz_round.py [--teams 200] [--questions 3] [--spread 2.0]
     [--per-process 50]
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import socketio  # noqa: E402

from tests.live import LiveServer, Peer  # noqa: E402
from tests.synthetic import write_pack  # noqa: E402

MS = 1_000_000


def phone_process(url: str, game: str, seats: list[int], questions: int, spread: float,
                  results: Any, ready: Any) -> None:
    """This process's phones: join, then tap once per question; report (question, seat,
    tap_ns, ack_ns, ok) rows."""
    clients: dict[int, socketio.Client] = {}
    asked: dict[int, threading.Event] = {}
    for seat in seats:
        client = socketio.Client(reconnection=False)
        events = [threading.Event() for _ in range(questions + 1)]
        asked[seat] = events  # type: ignore[assignment]

        def on_public(payload: dict[str, Any], marks: list[threading.Event] = events) -> None:
            view = payload.get("view") or {}
            if view.get("stage") == "answering" and 1 <= view.get("number", 0) <= questions:
                marks[view["number"]].set()

        client.on("public", on_public, namespace="/seat")
        client.on("private", lambda payload, handler=on_public: handler(payload["public"])
                  if "public" in payload else None, namespace="/seat")
        client.connect(url, namespaces=["/seat"], transports=["websocket"], wait_timeout=20)
        joined = client.call("join", {"game": game, "seat": seat,
                                      "token": f"bench-quiz-{seat:04d}-0123456789"},
                             namespace="/seat", timeout=20)
        assert joined["ok"], joined
        clients[seat] = client
    ready.put(len(seats))
    pick = random.Random(seats[0])

    def tap(seat: int, number: int, delay: float) -> None:
        asked[seat][number].wait(60)  # type: ignore[index]
        time.sleep(delay)
        tap_ns = time.monotonic_ns()
        ack = clients[seat].call("action", {"type": "answer", "value": seat % 4},
                                 namespace="/seat", timeout=30)
        results.put((number, seat, tap_ns, time.monotonic_ns(), bool(ack.get("ok"))))

    for number in range(1, questions + 1):
        threads = [threading.Thread(target=tap, args=(seat, number, pick.uniform(0, spread)))
                   for seat in seats]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    for client in clients.values():
        client.disconnect()


def pct(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--teams", type=int, default=200)
    parser.add_argument("--questions", type=int, default=3)
    parser.add_argument("--spread", type=float, default=2.0)
    parser.add_argument("--per-process", type=int, default=50)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="bench-quiz-"))
    (root / "packs").mkdir()
    write_pack(root / "packs" / "p.yaml", 50, "fr")
    server = LiveServer(data=root / "data", packs=root / "packs",
                        extra=("--threads", str(args.teams + 64))).start()
    try:
        host = Peer(server, "/host", auth={"key": server.key})
        reply = host.call("create", {
            "kind": "quiz-round", "seats": [{"name": f"T{i}"} for i in range(args.teams)],
            "settings": {"plan": [{"questions": args.questions, "mix": "choice",
                                   "seconds": 60}], "intro_seconds": 0, "reveal_seconds": 0,
                         "board_seconds": 0}})
        assert reply["ok"], reply
        game = reply["game"]
        screen = Peer(server, "/screen")
        reveals: dict[int, int] = {}

        def on_screen(payload: dict[str, Any]) -> None:
            view = payload.get("view") or {}
            if view.get("stage") == "reveal":
                reveals.setdefault(view["number"], time.monotonic_ns())

        screen.client.on("state", on_screen, namespace="/screen")
        assert screen.call("watch", {"game": game})["ok"]
        spawn = mp.get_context("spawn")
        results, ready = spawn.Queue(), spawn.Queue()
        seats = list(range(args.teams))
        groups = [seats[i:i + args.per_process] for i in range(0, args.teams, args.per_process)]
        procs = [spawn.Process(target=phone_process, args=(server.url, game, group,
                                                           args.questions, args.spread,
                                                           results, ready)) for group in groups]
        for proc in procs:
            proc.start()
        joined = sum(ready.get(timeout=120) for _ in procs)
        assert host.call("command", {"game": game, "type": "start"})["ok"]
        rows: list[tuple[int, int, int, int, bool]] = []
        for number in range(1, args.questions + 1):
            if number > 1:
                while number - 1 not in reveals:
                    time.sleep(0.01)
            assert host.call("command", {"game": game, "type": "next"})["ok"]
            for _ in range(args.teams):
                rows.append(results.get(timeout=120))
        for proc in procs:
            proc.join(60)
        deadline = time.monotonic() + 10
        while args.questions not in reveals and time.monotonic() < deadline:
            time.sleep(0.01)
        print(f"quiz round: {joined} teams (one phone each), taps spread over {args.spread} s,"
              f" {args.questions} questions, threading mode")
        print("question  taps over  acked  ack p50  ack p99  ack max  all acked after last tap"
              "  reveal after close")
        for number in range(1, args.questions + 1):
            mine = [r for r in rows if r[0] == number]
            acks = [(ack - tap) / MS for _, _, tap, ack, _ in mine]
            last_tap = max(r[2] for r in mine)
            last_ack = max(r[3] for r in mine)
            reveal = (reveals.get(number, 0) - last_ack) / MS
            print(f"{number:8d}  {(last_tap - min(r[2] for r in mine)) / 1e9:7.2f} s"
                  f"  {sum(r[4] for r in mine):5d}  {statistics.median(acks):5.1f} ms"
                  f"  {pct(acks, 0.99):5.1f} ms  {max(acks):5.1f} ms"
                  f"  {(last_ack - last_tap) / MS:20.1f} ms  {reveal:15.1f} ms")
        return 0
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
