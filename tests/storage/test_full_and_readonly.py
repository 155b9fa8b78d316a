"""A real server whose data folder is a 600 KB tmpfs: filled, then remounted read-only.

A game with bots and one phone runs; the card fills mid-game: the game pauses
with `meta.storage == "full"`, the phone's action is refused with code
`storage`, nothing moves; space is freed and the game goes on by itself (or on
the host's `resume`) and plays to the end; its state equals the journal's
replay, and the log has no traceback.
"""

from __future__ import annotations

import json
import secrets
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.live import ROOT, Peer
from tests.storage.helpers import TinyServer, fill, remount, replay_view, tiny_fs, tiny_server

pytestmark = pytest.mark.slow


def normal(data: object) -> object:
    return json.loads(json.dumps(data))


@pytest.fixture
def tiny(tmp_path: Path) -> Iterator[Path]:
    with tiny_fs(tmp_path / "card", "600k") as folder:
        yield folder


@pytest.fixture
def server(tiny: Path, packs: Path, tmp_path: Path) -> Iterator[TinyServer]:
    live = tiny_server(tiny, packs, tmp_path).start()
    yield live
    live.stop()


def start_game(server: TinyServer) -> tuple[Peer, Peer, str]:
    host = Peer(server, "/host", auth={"key": server.key})
    created = host.call("create", {
        "kind": "territory", "map": "generated:12:4", "seed": 7, "pace": 0.05,
        "seats": [{"name": "Ana"}, {"bot": 2}, {"bot": 4}],
    })
    assert created["ok"], created
    game_id = str(created["game"])
    assert host.call("watch", {"game": game_id})["ok"]
    phone = Peer(server, "/seat")
    joined = phone.call("join", {"game": game_id, "token": secrets.token_hex(12), "seat": 0})
    assert joined["ok"], joined
    assert host.call("command", {"game": game_id, "type": "start"})["ok"]
    host.wait_for(lambda s: s["meta"]["seq"] >= 12, timeout=30)  # mid-game
    return host, phone, game_id


def refused_for_storage(phone: Peer, reason: str) -> dict[str, Any]:
    answer = phone.call("action", {"type": "answer", "value": 1})
    assert answer["ok"] is False and answer["code"] == "storage", answer
    assert answer["storage"] == reason, answer
    return dict(answer)


def still(server: TinyServer, game_id: str, seconds: float) -> int:
    """The game's seq, checked not to move for `seconds` (nothing is journaled)."""
    before = server.get(f"/api/games/{game_id}")["meta"]["seq"]
    time.sleep(seconds)
    after = server.get(f"/api/games/{game_id}")["meta"]["seq"]
    assert after == before
    return int(after)


def doctor_storage(server: TinyServer) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, "-m", "host", "doctor", "--port", str(server.port), "--data",
         str(server.data), "--json"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    checks = json.loads(done.stdout)["checks"]
    return dict(next(c for c in checks if c["check"] == "storage"))


def finish_and_compare(server: TinyServer, host: Peer, game_id: str) -> None:
    final = host.wait_for(lambda s: s["meta"]["status"] == "over", timeout=240)
    server.stop()
    view, over, status = replay_view(server.data / "journal.sqlite", game_id)
    assert over and status == "over"
    assert normal(view) == final["view"]
    assert "Traceback" not in server.log(), server.log()[-3000:]


def test_the_card_fills_mid_game_then_space_is_freed(server: TinyServer) -> None:
    host, phone, game_id = start_game(server)
    filler = fill(server.data)
    paused = host.wait_for(lambda s: s["meta"]["storage"] == "full", timeout=30)
    assert paused["meta"]["paused"] is True
    answer = refused_for_storage(phone, "full")
    assert "full" in answer["reason"] and "free space" in answer["reason"]
    public = server.get(f"/api/games/{game_id}")["meta"]
    assert public["storage"] == "full" and public["paused"] is True
    seq = still(server, game_id, 3.0)
    # The journal is sound and holds exactly what was shown: the replay gives that view.
    assert normal(replay_view(server.data / "journal.sqlite", game_id, seq)[0]) == normal(
        host.wait_for(lambda s: s["meta"]["seq"] == seq and s["meta"]["storage"])["view"])

    doctor = doctor_storage(server)
    assert doctor["status"] == "fail" and f"{game_id} (full)" in doctor["detail"], doctor

    filler.unlink()  # nobody presses resume: the probe finds the space
    host.wait_for(lambda s: s["meta"]["storage"] is None and s["meta"]["seq"] > seq,
                  timeout=20)
    finish_and_compare(server, host, game_id)


def test_the_card_turns_read_only_then_read_write(server: TinyServer) -> None:
    host, phone, game_id = start_game(server)
    filler = fill(server.data)
    host.wait_for(lambda s: s["meta"]["storage"] == "full", timeout=30)
    # No file stays open for writing once the journal failed: the card can be remounted.
    remount(server.data, "ro")
    host.wait_for(lambda s: s["meta"]["storage"] == "readonly", timeout=20)
    answer = refused_for_storage(phone, "readonly")
    assert "read-only" in answer["reason"]
    seq = still(server, game_id, 2.5)

    remount(server.data, "rw")
    filler.unlink()
    resumed = host.call("command", {"game": game_id, "type": "resume"})
    # The host's resume probes at once (unless the periodic probe was first).
    assert resumed["ok"] or resumed["code"] == "stale", resumed
    host.wait_for(lambda s: s["meta"]["storage"] is None and s["meta"]["seq"] > seq,
                  timeout=20)
    assert phone.call("action", {"type": "answer", "value": 1})["code"] != "storage"
    finish_and_compare(server, host, game_id)
