"""A seat whose phone is gone shows as away after 20 s (scaled by the game's pace), on a real
server; it is back as soon as a phone of the seat reconnects."""

from __future__ import annotations

import time

from tests.live import LiveServer, Peer


def away_of(state: dict, seat: int) -> bool:
    return next(s for s in state["meta"]["seats"] if s["seat"] == seat)["away"]


def test_a_phone_gone_long_enough_shows_as_away(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    game = host.call("create", {"kind": "buzzer", "seats": [{"name": "Ana"}, {"name": "Bob"}],
                                "pace": 0.05, "start": True})["game"]  # away after 1 s
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    token = "away-test-phone-0001"
    phone = Peer(server, "/seat")
    assert phone.call("join", {"game": game, "seat": 0, "token": token})["ok"]
    gone = time.monotonic()
    phone.close()
    state = screen.wait_for(lambda s: away_of(s, 0), timeout=10)
    assert time.monotonic() - gone >= 0.9  # not before its time
    assert not away_of(state, 1)  # a seat no phone ever joined is not "away"
    seen = len(screen.states)
    back = Peer(server, "/seat")
    assert back.call("join", {"game": game, "token": token})["ok"]
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and all(away_of(s, 0) for s in screen.states[seen:]):
        time.sleep(0.05)
    assert not away_of(screen.states[-1], 0)
