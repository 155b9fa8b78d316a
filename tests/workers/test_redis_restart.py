"""Redis stopped and started in the middle of a game of two processes.

The house uses a Redis of the test's own (`--redis URL`), so the test decides when it
stops. While it is away: the host page (on the owner) is told in both languages, the
game is paused, a phone on the worker is refused with a reason. When it is back: the
host page is told, the game carries on, and the phone's process publishes again.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from host.workers.redis_local import LocalRedis
from tests.live import LiveServer, Peer
from tests.workers.conftest import processes, wait_for_workers

pytestmark = pytest.mark.slow


def link_events(peer: Peer) -> list[dict]:
    return [args[0] for event, args in list(peer.events) if event == "link"]


def wait(predicate, timeout: float = 30, what: str = "") -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        time.sleep(0.05)


def test_redis_stopped_then_started_pauses_and_resumes(tmp_path: Path, packs: Path) -> None:
    redis = LocalRedis(tmp_path / "redis").start()
    server = LiveServer(data=tmp_path / "data", packs=packs,
                        extra=("--workers", "2", "--redis", redis.url)).start(timeout=60)
    try:
        wait_for_workers(server, 2)
        house = processes(server)
        host = Peer(house["owner"], "/host", auth={"key": server.key})  # type: ignore[arg-type]
        made = host.call("create", {"kind": "buzzer", "start": True,
                                    "seats": [{"name": "Alice"}, {"name": "Bruno"}]})
        assert made["ok"], made
        game = made["game"]
        assert host.call("watch", {"game": game})["ok"]
        phone = Peer(house["w1"], "/seat")  # type: ignore[arg-type]
        joined = phone.call("join", {"game": game, "seat": 1, "token": "redis-phone-000001"})
        assert joined["ok"], joined
        screen = Peer(house["w1"], "/screen")  # type: ignore[arg-type]
        assert screen.call("watch", {"game": game})["ok"]
        # A second host page, on the worker: it hears of the outage from its own process.
        host_on_worker = Peer(house["w1"], "/host", auth={"key": server.key})  # type: ignore[arg-type]

        before = len(screen.states)  # the worker's projector hears nothing while Redis is away
        redis.stop()
        wait(lambda: any(not e["up"] for e in link_events(host)), what="no 'link lost'")
        lost = next(e for e in link_events(host) if not e["up"])
        assert "Redis" in lost["text"]["fr"] and "Redis" in lost["text"]["en"]
        wait(lambda: any(not e["up"] for e in link_events(host_on_worker)),
             what="no 'link lost' on the worker's host page")
        host.wait_for(lambda s: s["meta"]["paused"])
        refused = phone.call("buzz", {"t_client": 0.0})
        assert not refused["ok"] and refused["code"] == "busy" and refused["text"]["fr"]

        redis = LocalRedis(tmp_path / "redis").start()
        wait(lambda: any(e["up"] for e in link_events(host)), what="no 'link back'")
        wait(lambda: any(e["up"] for e in link_events(host_on_worker)),
             what="no 'link back' on the worker's host page")
        host.wait_for(lambda s: not s["meta"]["paused"])
        # The worker's projector hears the owner again: a state published after the outage
        # reaches it (the worker subscribes again on its own, maybe after the resume: the
        # owner publishes every game again when it sees one more subscriber).
        wait(lambda: any(not s["meta"]["paused"] and s["meta"]["status"] == "running"
                         for s in screen.states[before:]), what="no state after the outage")
        assert host.call("command", {"game": game, "type": "open", "mode": "first"})["ok"]
        pressed = phone.call("buzz", {"t_client": 0.0})
        assert pressed["ok"], pressed
        screen.wait_for(lambda s: (s.get("view") or {}).get("floor") == 1)
    finally:
        server.stop()
        redis.stop()
