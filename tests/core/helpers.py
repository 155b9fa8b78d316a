"""Shared steps for live-server tests: a running game with every seat held by a phone."""

from __future__ import annotations

import secrets
import sqlite3
from pathlib import Path
from typing import Any

from tests.live import LiveServer, Peer


def journal_count(server: LiveServer, game_id: str) -> int:
    db = sqlite3.connect(server.data / "journal.sqlite")
    try:
        (count,) = db.execute("SELECT COUNT(*) FROM events WHERE game_id=?", (game_id,)).fetchone()
        return int(count)
    finally:
        db.close()


def stable_view(server: LiveServer, game_id: str) -> dict[str, Any]:
    """The public view, less the countdown (which moves by itself)."""
    view = server.get(f"/api/games/{game_id}")
    if view["meta"].get("timer"):
        view["meta"]["timer"].pop("left", None)
    return view


def phones_game(server: LiveServer, seats: int = 3, pace: float = 100.0,
                extra: dict[str, Any] | None = None) -> tuple[Peer, str, list[Peer]]:
    """A started game whose seats are all held by phones; long time limits by default."""
    host = Peer(server, "/host", auth={"key": server.key})
    created = host.call("create", {"kind": "territory", "map": "generated:14:3", "seed": 5,
                                   "pace": pace, "seats": [{"name": f"P{i}"} for i in range(seats)],
                                   **(extra or {})})
    assert created["ok"], created
    game_id = created["game"]
    phones = []
    for seat in range(seats):
        phone = Peer(server, "/seat")
        joined = phone.call("join", {"game": game_id, "token": secrets.token_hex(12),
                                     "seat": seat})
        assert joined["ok"] and joined["seat"] == seat, joined
        phones.append(phone)
    assert host.call("command", {"game": game_id, "type": "start"})["ok"]
    return host, game_id, phones


def data_dir(server: LiveServer) -> Path:
    return server.data
