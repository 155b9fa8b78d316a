"""SIGKILL the host at random points of a bot game: every restart resumes the journal's state.

Each restart's first published host view (with its journal sequence number) is
kept; at the end, the journal is replayed up to that sequence number and must
give exactly that view. The game must then finish normally, and the journal's
earlier rows must never change across kills.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest

from host.games import registry
from host.journal import Journal
from host.replay import rebuild
from tests.live import LiveServer, Peer

KILLS = 22


def normal(data: object) -> object:
    return json.loads(json.dumps(data))


@pytest.mark.slow
def test_sigkill_at_random_points_then_resume(tmp_path: Path, packs: Path) -> None:
    chooser = random.Random(2026)
    server = LiveServer(data=tmp_path / "data", packs=packs).start()
    host = Peer(server, "/host", auth={"key": server.key})
    created = host.call("create", {
        "kind": "territory", "map": "generated:12:4", "seed": 99, "pace": 0.05,
        "seats": [{"bot": 2}, {"bot": 4}, {"bot": 5}], "start": True,
    })
    assert created["ok"], created
    game_id = created["game"]
    host.close()
    journal_path = tmp_path / "data" / "journal.sqlite"
    seen: list[dict] = []  # first host view after each restart
    prefix: list[tuple[int, str]] = []
    kills = 0
    while kills < KILLS:
        time.sleep(chooser.uniform(0.05, 0.5))
        server.kill()
        kills += 1
        rows = Journal(journal_path).rows(game_id)
        # Rows written before this kill are still there, unchanged.
        now = [(r.seq, json.dumps(r.body, sort_keys=True)) for r in rows]
        assert now[: len(prefix)] == prefix
        prefix = now
        server.start()
        watcher = Peer(server, "/host", auth={"key": server.key})
        answer = watcher.call("watch", {"game": game_id})
        assert answer["ok"], answer
        first = watcher.wait_for(lambda s: s["meta"]["game"] == game_id)
        seen.append(first)
        watcher.close()
        if first["meta"]["status"] == "over":
            break
    assert kills >= 20, f"the game ended after {kills} kills; make it longer"
    watcher = Peer(server, "/host", auth={"key": server.key})
    watcher.call("watch", {"game": game_id})
    final = watcher.wait_for(lambda s: s["meta"]["status"] == "over", timeout=120)
    watcher.close()
    server.stop()

    record = Journal(journal_path).game(game_id)
    assert record is not None and record.status == "over"
    rows = Journal(journal_path).rows(game_id)
    game = registry.kind("territory").make(record.config)
    for view in seen:
        upto = [r for r in rows if r.seq <= view["meta"]["seq"]]
        rebuilt = rebuild(game, record.config, upto)
        assert normal(game.view(rebuilt.state, "host")) == view["view"]
    final_state = rebuild(game, record.config, rows).state
    assert normal(game.view(final_state, "host")) == final["view"]
    assert game.is_over(final_state)
