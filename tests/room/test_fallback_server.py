"""Where gunicorn cannot run (Windows: no `fcntl`), `tourelle serve` falls back to Werkzeug's
threaded server by itself and says so; a night's main path runs on it: the host creates a
game, a phone joins and buzzes, the projector sees the floor, a reconnect keeps the seat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.live import LiveServer, Peer, fallback_env


@pytest.fixture
def fallback(tmp_path: Path, packs: Path) -> Iterator[LiveServer]:
    live = LiveServer(data=tmp_path / "data", packs=packs, fallback=True).start()
    yield live
    live.stop()


@pytest.mark.slow  # a real server on Werkzeug: in `make test`, not the `make unit` loop
def test_without_gunicorn_the_host_serves_on_werkzeug_and_a_game_runs(
        fallback: LiveServer) -> None:
    assert "Server    : werkzeug (gunicorn cannot run here" in fallback.log()
    host = Peer(fallback, "/host", auth={"key": fallback.key})
    made = host.call("create", {"kind": "buzzer", "seats": [{"name": "Ana"}, {"name": "Bob"}],
                                "start": True})
    assert made["ok"], made
    game = made["game"]
    screen = Peer(fallback, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    phone = Peer(fallback, "/seat")
    joined = phone.call("join", {"game": game, "token": "fallback-phone-0001", "name": "Zoé"})
    assert joined["ok"] and joined["seat"] == 0, joined
    assert host.call("command", {"game": game, "type": "open", "mode": "first"})["ok"]
    phone.wait_for(lambda s: s["view"] is not None and s["view"]["phase"] == "armed")
    assert phone.call("buzz", {})["ok"]
    floor = screen.wait_for(lambda s: s["view"] is not None and s["view"]["floor"] == 0)
    assert floor["view"]["floor_name"] == "Zoé"
    phone.close()
    again = Peer(fallback, "/seat")
    back = again.call("join", {"game": game, "token": "fallback-phone-0001"})
    assert back["ok"] and back["seat"] == 0 and back["rejoined"], back
    for peer in (again, screen, host):
        peer.close()


def test_with_gunicorn_the_banner_names_it(server: LiveServer) -> None:
    expected = "werkzeug" if fallback_env() else "gunicorn"  # TOURELLE_TEST_SERVER=fallback
    assert f"Server    : {expected}" in server.log()
