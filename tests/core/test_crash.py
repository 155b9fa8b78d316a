"""SIGKILL the host at random points of bot games: every restart resumes the journal's state.

Each restart's first published host view (with its journal sequence number) is
kept; at the end, the journal is replayed up to that sequence number and must
give exactly that view. Each game must then finish normally, and the journal's
earlier rows must never change across kills. If a game ends before enough
kills, another one starts: the kills continue on it.
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Any

import pytest

from host.games import registry
from host.store.journal import Journal
from host.store.replay import rebuild
from tests.live import LiveServer, Peer

KILLS = int(os.environ.get("TOURELLE_KILLS", "22"))  # `make test`: 6; `make soak`: 22


def normal(data: object) -> object:
    return json.loads(json.dumps(data))


def new_bot_game(server: LiveServer, seed: int) -> str:
    host = Peer(server, "/host", auth={"key": server.key})
    created = host.call("create", {
        "kind": "territory", "map": "generated:12:4", "seed": seed, "pace": 0.05,
        "seats": [{"bot": 2}, {"bot": 4}, {"bot": 5}], "start": True,
    })
    host.close()
    assert created["ok"], created
    return str(created["game"])


def first_view_after_restart(server: LiveServer, game_id: str) -> dict[str, Any]:
    watcher = Peer(server, "/host", auth={"key": server.key})
    answer = watcher.call("watch", {"game": game_id})
    assert answer["ok"], answer
    first = watcher.wait_for(lambda s: s["meta"]["game"] == game_id)
    watcher.close()
    return first


@pytest.mark.slow
def test_sigkill_at_random_points_then_resume(tmp_path: Path, packs: Path) -> None:
    chooser = random.Random(2026)
    server = LiveServer(data=tmp_path / "data", packs=packs).start()
    journal_path = tmp_path / "data" / "journal.sqlite"
    games = [new_bot_game(server, 99)]
    seen: list[dict[str, Any]] = []  # the first host view after each restart
    prefix: list[tuple[str, int, str]] = []
    for _ in range(KILLS):
        time.sleep(chooser.uniform(0.05, 0.5))
        server.kill()
        journal = Journal(journal_path)
        rows = [(game, r.seq, json.dumps(r.body, sort_keys=True))
                for game in games for r in journal.rows(game)]
        journal.close()
        # Rows written before this kill are still there, unchanged.
        assert [row for row in rows if row[:2] in {p[:2] for p in prefix}] == prefix
        prefix = rows
        server.start()
        view = first_view_after_restart(server, games[-1])
        seen.append(view)
        if view["meta"]["status"] == "over":
            games.append(new_bot_game(server, 99 + len(games)))

    finals = {}
    for game_id in games:
        watcher = Peer(server, "/host", auth={"key": server.key})
        watcher.call("watch", {"game": game_id})
        finals[game_id] = watcher.wait_for(lambda s: s["meta"]["status"] == "over", timeout=180)
        watcher.close()
    server.stop()

    journal = Journal(journal_path)
    for game_id in games:
        record = journal.game(game_id)
        assert record is not None and record.status == "over"
        rows = journal.rows(game_id)
        game = registry.kind("territory").make(record.config)
        for view in (v for v in seen if v["meta"]["game"] == game_id):
            upto = [r for r in rows if r.seq <= view["meta"]["seq"]]
            rebuilt = rebuild(game, record.config, upto)
            assert normal(game.view(rebuilt.state, "host")) == view["view"]
        final_state = rebuild(game, record.config, rows).state
        assert game.is_over(final_state)
        assert normal(game.view(final_state, "host")) == finals[game_id]["view"]
    assert len(seen) == KILLS
