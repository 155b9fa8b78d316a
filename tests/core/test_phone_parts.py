"""Phones get one public part for all and their own private part (host/session/phone_parts.py),
on a real server with real Socket.IO clients."""

from __future__ import annotations

import time
from typing import Any

from tests.buzzer_board.test_live import join_phone, new_board
from tests.live import LiveServer, Peer


def events(peer: Peer, after: int) -> list[tuple[str, Any]]:
    return [(name, args[0]) for name, args in peer.events[after:] if name in ("public", "private")]


def test_a_phone_sees_its_private_change_before_the_public_one_and_only_when_it_changed(
    server: LiveServer,
) -> None:
    host, game = new_board(server, 3)
    phones = [join_phone(server, game, seat) for seat in range(3)]
    for seat, phone in enumerate(phones):  # a join brings both parts, private first
        phone.wait_for(lambda s: (s.get("view") or {}).get("phase") is not None)
        names = [name for name, _ in events(phone, 0)]
        assert names[:2] == ["private", "public"], names
        assert phone.own is not None and phone.own["meta"]["seat"] == seat
        assert phone.last()["meta"]["seats"] == [s for s in phone.last()["meta"]["seats"]
                                                 if s["seat"] == seat]
    assert host.call("command", {"game": game, "type": "open", "mode": "first"})["ok"]
    for phone in phones:
        phone.wait_for(lambda s: s["view"]["phase"] == "armed" and s["view"]["legal"])
    time.sleep(0.2)
    marks = [len(phone.events) for phone in phones]

    assert phones[0].call("action", {"type": "buzz", "t_client": time.monotonic_ns() / 1e6
                                     + 10_000.0})["ok"]
    # The presser: its own part (no buzz left to offer) comes before the public part
    # that shows the press, and the merged state has both.
    state = phones[0].wait_for(lambda s: s["view"]["you"]["seat"] == 0
                               and not s["view"]["legal"] and s["view"]["settling"]
                               or s["view"]["floor"] == 0)
    seen = events(phones[0], marks[0])
    first_private = next(i for i, (name, _) in enumerate(seen) if name == "private")
    assert any(name == "public" for name, _ in seen[first_private:])
    assert state["view"]["you"]["seat"] == 0
    # Phone 1 got the public change, and its own part again only if it changed.
    phones[1].wait_for(lambda s: s["view"]["floor"] == 0 or s["view"]["settling"])
    publics = [p for name, p in events(phones[1], marks[1]) if name == "public"]
    privates = [p for name, p in events(phones[1], marks[1]) if name == "private"]
    assert publics
    views = [p["view"] for p in privates]
    assert all(a != b for a, b in zip(views, views[1:], strict=False)), "a private part repeated"
    # Every public part is the same message for every phone (one room, one emit).
    last = publics[-1]
    assert "you" not in last["view"] and "legal" not in last["view"]
    phones[2].wait_for(lambda s: s["meta"]["seq"] == last["meta"]["seq"])
    assert last in [p for name, p in events(phones[2], marks[2]) if name == "public"]


def test_a_phone_that_takes_another_seat_leaves_the_old_seat_room(server: LiveServer) -> None:
    host, game = new_board(server, 2)
    phone = Peer(server, "/seat")
    assert phone.call("join", {"game": game, "seat": 0, "token": "t" * 16})["ok"]
    phone.wait_for(lambda s: s.get("view") is not None)
    assert host.call("command", {"game": game, "type": "release", "seat": 0})["ok"]
    assert phone.call("join", {"game": game, "seat": 1, "token": "t" * 16})["ok"]
    phone.wait_for(lambda s: (s.get("view") or {}).get("you", {}).get("seat") == 1)
    mark = len(phone.events)
    assert host.call("command", {"game": game, "type": "open", "mode": "first"})["ok"]
    phone.wait_for(lambda s: s["view"]["phase"] == "armed")
    time.sleep(0.3)
    seats = {p["meta"]["seat"] for name, p in events(phone, mark) if name == "private"}
    assert seats <= {1}, seats
