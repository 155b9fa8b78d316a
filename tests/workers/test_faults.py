"""Processes killed mid-game: nothing acknowledged is lost, phones come back.

A house of three processes (`serve --workers 3`, a real redis-server). A 12-seat buzzer
board, six phones on each worker; rounds of a ranking window where every phone presses
at once. Killed with SIGKILL in the middle of a burst: a worker (the owner drops its
connections and starts it again; its phones rejoin their seats), then the owner's
process (gunicorn starts it again; it resumes the game from the journal and starts new
workers). After each, every press whose acknowledgement a phone received is in the
journal.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from typing import Any

import psutil
import pytest

from host.store.journal import Journal
from tests.live import LiveServer, Peer
from tests.workers.conftest import Process, processes, wait_for_workers

pytestmark = pytest.mark.slow

SEATS = 12


MISSED: list[Any] = []  # the answers (or errors) of presses that got no sequence number


def acked_presses(phones: list[Peer], acked: set[int], lock: threading.Lock) -> None:
    """Every phone presses at once; the sequence numbers acknowledged are kept."""
    def press(phone: Peer) -> None:
        try:
            answer = phone.call("buzz", {"t_client": 0.0}, timeout=20)
        except Exception as error:  # noqa: BLE001 - a phone cut off by the kill gets no answer
            answer = repr(error)
        with lock:
            if isinstance(answer, dict) and answer.get("ok") and "seq" in answer:
                acked.add(int(answer["seq"]))
            else:
                MISSED.append(answer)

    threads = [threading.Thread(target=press, args=(phone,)) for phone in phones]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def journaled(server: LiveServer, game: str) -> set[int]:
    journal = Journal(server.data / "journal.sqlite")
    try:
        return {row.seq for row in journal.rows(game)}
    finally:
        journal.close()


def join(process: Process, game: str, seat: int) -> Peer:
    phone = Peer(process, "/seat")  # type: ignore[arg-type]
    answer = phone.call("join", {"game": game, "seat": seat, "token": f"fault-phone-{seat:04d}"})
    assert answer["ok"], answer
    return phone


def kill_tree(pid: int) -> None:
    """SIGKILL a process and its children (a gunicorn arbiter and its worker).

    The arbiter goes first: killed after its worker, it could start a new worker in
    between (it did, on a busy machine), an orphan that answers on the killed process's
    address for a moment and then leaves: the test then saw the restarted worker
    "answer" before it listened."""
    process = psutil.Process(pid)
    for each in [process, *process.children(recursive=True)]:
        with contextlib.suppress(psutil.NoSuchProcess):
            each.send_signal(signal.SIGKILL)


def running(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def wait_until(predicate: Any, timeout: float = 60, what: str = "") -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.1)
    raise TimeoutError(what)


def test_kill_9_of_a_worker_then_of_the_owner_mid_burst(three: LiveServer) -> None:
    house = processes(three)
    host = Peer(house["owner"], "/host", auth={"key": three.key})  # type: ignore[arg-type]
    made = host.call("create", {"kind": "buzzer", "start": True,
                                "seats": [{"name": f"S{i}"} for i in range(SEATS)]})
    assert made["ok"], made
    game = made["game"]
    phones = [join(house["w1" if seat % 2 else "w2"], game, seat) for seat in range(SEATS)]
    acked: set[int] = set()
    lock = threading.Lock()

    def round_of_presses() -> threading.Thread:
        opened = host.call("command", {"game": game, "type": "open", "mode": "ranking"})
        assert opened["ok"], opened
        burst = threading.Thread(target=acked_presses, args=(phones, acked, lock))
        burst.start()
        return burst

    round_of_presses().join()
    assert host.call("command", {"game": game, "type": "close"})["ok"]
    assert len(acked) == SEATS, MISSED  # every phone, on either worker, was answered

    # 1. A worker killed in the middle of a burst.
    burst = round_of_presses()
    kill_tree(house["w1"].pid)
    burst.join()
    assert acked <= journaled(three, game), "an acknowledged press is missing"
    restarted = wait_until(lambda: (p := processes(three))["w1"].pid != house["w1"].pid and p,
                           what="w1 was not started again")
    wait_for_workers(three, 3)
    host.call("command", {"game": game, "type": "close"})
    # Its phones come back to their seats, on the new w1.
    for seat in range(1, SEATS, 2):
        phones[seat].client.disconnect()
        again = Peer(restarted["w1"], "/seat")  # type: ignore[arg-type]
        answer = again.call("join", {"game": game, "token": f"fault-phone-{seat:04d}"})
        assert answer["ok"] and answer["rejoined"] and answer["seat"] == seat, answer
        phones[seat] = again
    before = len(acked)
    MISSED.clear()
    round_of_presses().join()
    assert len(acked) == before + SEATS, MISSED
    assert host.call("command", {"game": game, "type": "close"})["ok"]

    # 2. The owner's process killed in the middle of a burst: replaced, from the journal.
    owner_pid = processes(three)["owner"].pid
    old_workers = [p.pid for name, p in processes(three).items() if name != "owner"]
    burst = round_of_presses()
    os.kill(owner_pid, signal.SIGKILL)
    burst.join()
    assert acked <= journaled(three, game), "an acknowledged press is missing"
    wait_until(lambda: processes(three)["owner"].pid != owner_pid, what="no new owner")
    wait_for_workers(three, 3)
    house = processes(three)
    host = Peer(house["w2"], "/host", auth={"key": three.key})  # type: ignore[arg-type]
    assert host.call("watch", {"game": game})["ok"]
    seq = max(journaled(three, game))
    state = host.wait_for(lambda s: s["meta"]["seq"] == seq)
    assert state["meta"]["status"] == "running"
    # The old workers are gone (they never outlive their owner), the new ones serve.
    wait_until(lambda: not any(running(pid) for pid in old_workers),
               what="a worker outlived its owner")
    phone = Peer(house["w1"], "/seat")  # type: ignore[arg-type]
    assert phone.call("join", {"game": game, "token": "fault-phone-0001"})["ok"]
