"""Phones follow the room (host/room/following.py), lobby games end or go, removed phones stay
out (host/room/bans.py), and the host's night and game live on the host (host/room/host_state.py):
a real server, real Socket.IO clients, each one a phone with its own token."""

from __future__ import annotations

import secrets
import time
from typing import Any

from tests.live import LiveServer, Peer

BOARD = {"kind": "buzzer", "seats": [{"name": "Rouge"}, {"name": "Bleu"}, {"name": "Vert"}]}


class Phone:
    """A phone page's part of the protocol: a token kept across reloads, its game and seat."""

    def __init__(self, server: LiveServer, token: str | None = None) -> None:
        self.server = server
        self.token = token or secrets.token_hex(16)
        self.peer = Peer(server, "/seat")
        self.game: str | None = None
        self.seat: int | None = None

    def join(self, game: str | None = None, seat: int | None = None,
             name: str | None = None) -> dict[str, Any]:
        message: dict[str, Any] = {"token": self.token}
        if game is not None:
            message["game"] = game
        if seat is not None:
            message["seat"] = seat
        if name is not None:
            message["name"] = name
        ack = self.peer.call("join", message)
        if ack["ok"]:
            self.game, self.seat = ack["game"], ack["seat"]
        return dict(ack)

    def rejoin(self) -> dict[str, Any]:
        """What the page sends on a reload, or when told the room moved."""
        return self.join(self.game)

    def reload(self) -> Phone:
        self.peer.close()
        again = Phone(self.server, self.token)
        again.game, again.seat = self.game, self.seat
        return again

    def heard(self, event: str, predicate: Any = lambda payload: True,
              timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for name, args in list(self.peer.events):
                if name == event and args and predicate(args[0]):
                    return dict(args[0])
            time.sleep(0.02)
        raise TimeoutError(f"no {event!r}; got {[n for n, _ in self.peer.events][-10:]}")


def create(host: Peer, **extra: Any) -> str:
    created = host.call("create", {**BOARD, **extra})
    assert created["ok"], created
    return str(created["game"])


def end(host: Peer, game: str) -> None:
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    ended = host.call("command", {"game": game, "type": "end"})
    assert ended["ok"], ended


def test_phones_follow_the_room_outside_a_night(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    first = create(host)
    ana, bob = Phone(server), Phone(server)
    assert ana.join(first, 0, "Ana")["ok"] and bob.join(first, 2, "Bob")["ok"]
    end(host, first)
    # Nowhere to go yet: a reload comes back to the finished game (its podium).
    ana = ana.reload()
    back = ana.rejoin()
    assert back["ok"] and back["game"] == first and back["rejoined"], back

    second = create(host)
    moved = ana.heard("room", lambda p: p["game"] == second)
    assert moved == {"game": second}
    followed = ana.rejoin()
    assert followed["ok"] and followed["game"] == second and followed["seat"] == 0
    assert followed["moved_from"] == first
    # A reload later rejoins the new game, never the finished one.
    bob = bob.reload()
    bob.game = first  # the page still holds the old game (it slept through the move)
    assert bob.rejoin()["game"] == second and bob.seat == 2
    ana = ana.reload()
    again = ana.rejoin()
    assert again["game"] == second and again["seat"] == 0 and again["rejoined"]
    assert server.get("/api/seats")["current"] == second

    # A new phone that only saw the finished game is offered the free seats.
    late = Phone(server)
    offered = late.join(first)
    assert not offered["ok"] and offered["code"] == "moved" and offered["game"] == second
    assert offered["free"] == [1]


def test_an_old_room_code_and_lobby_games_that_end_or_go(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    forgotten = create(host)
    early = Phone(server)
    assert early.join(forgotten, 1)["ok"]
    current = create(host)  # the projector now shows this one
    stale = Phone(server)
    refused = stale.join(forgotten, 0)
    assert not refused["ok"] and refused["code"] == "not_shown", refused
    assert refused["game"] == current and current[:4].upper() in refused["reason"]
    assert stale.join(current, 0)["ok"]
    # A phone of the forgotten lobby follows the room to its own seat.
    assert early.rejoin()["game"] == current and early.seat == 1

    # The host ends the forgotten lobby game, and deletes the current one.
    ended = host.call("command", {"game": forgotten, "type": "end"})
    assert ended["ok"] and ended["status"] == "over"
    listed = {g["id"]: g["status"] for g in server.get("/api/games")["games"]}
    assert listed[forgotten] == "over"
    started = create(host)
    assert host.call("command", {"game": started, "type": "start"})["ok"]
    refused_delete = host.call("command", {"game": started, "type": "delete"})
    assert not refused_delete["ok"] and refused_delete["code"] == "illegal"
    deleted = host.call("command", {"game": current, "type": "delete"})
    assert deleted["ok"] and deleted["status"] == "deleted"
    assert current not in {g["id"] for g in server.get("/api/games")["games"]}
    # Its phones follow the room (the started game) to their own seats.
    assert stale.rejoin()["game"] == started and stale.seat == 0
    server.kill()
    server.start()
    assert current not in {g["id"] for g in server.get("/api/games")["games"]}
    assert server.get("/api/games")["current"] == started


def test_a_night_keeps_each_phone_on_its_own_seat_or_team(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    night = host.call("night", {"name": "Jeudi"})["night"]
    teams = create(host, night=night, teams=True)
    captain, mate, solo = Phone(server), Phone(server), Phone(server)
    assert captain.join(teams, 0, "Ana")["captain"]
    assert mate.join(teams, 0, "Alex")["ok"] and mate.seat == 0
    assert solo.join(teams, 1, "Bob")["ok"]
    end(host, teams)

    # The next game has one phone per seat: the captain keeps the seat, the teammate is
    # offered the seats nobody of the night holds (never the captain's, nor Bob's).
    single = create(host, night=night)
    offered = mate.rejoin()
    assert not offered["ok"] and offered["code"] == "moved", offered
    assert offered["game"] == single and offered["free"] == [2]
    assert captain.rejoin()["seat"] == 0 and captain.game == single
    assert solo.rejoin()["seat"] == 1 and solo.game == single
    assert mate.join(single, 2)["ok"]
    end(host, single)

    # A team game again: everyone on the seat they had, the two teammates together.
    again = create(host, night=night, teams=True)
    for phone in (mate, captain, solo):
        phone.heard("room", lambda p: p["game"] == again)
        assert phone.rejoin()["game"] == again
    assert (captain.seat, mate.seat, solo.seat) == (0, 2, 1)

    # After the night ends the phones stay on its last podium, then follow the next game.
    end(host, again)
    assert host.call("night_end", {"night": night})["ok"]
    assert solo.rejoin()["game"] == again
    after = create(host)
    for phone in (mate, captain, solo):
        phone.heard("room", lambda p: p["game"] == after)
        assert phone.rejoin()["game"] == after
    assert (captain.seat, mate.seat, solo.seat) == (0, 2, 1)


def test_the_host_removes_a_phone_and_keeps_it_out(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    night = host.call("night", {"name": "Vendredi"})["night"]
    game = create(host, night=night)
    rude, kind = Phone(server), Phone(server)
    assert rude.join(game, 0)["ok"] and kind.join(game, 1)["ok"]
    refused = host.call("command", {"game": game, "type": "remove_phone", "seat": 2})
    assert not refused["ok"] and "no such phone" in refused["reason"]
    removed = host.call("command", {"game": game, "type": "remove_phone", "seat": 0,
                                    "ban": "night"})
    assert removed["ok"] and removed["banned"] == "night", removed
    told = rude.heard("removed")
    assert told["scope"] == "night" and "tonight" in told["reason"]
    assert not rude.peer.call("action", {"type": "buzz"})["ok"]
    back = rude.rejoin()
    assert not back["ok"] and back["code"] == "banned" and back["scope"] == "night"
    assert server.get("/api/seats")["games"][game]["free"][0] == 0
    # The ban holds in the night's next game, and after a restart; others are not touched.
    end(host, game)
    following = create(host, night=night)
    server.kill()
    server.start()
    rude = rude.reload()
    assert rude.join(following, 0)["code"] == "banned"
    host = Peer(server, "/host", auth={"key": server.key})
    listed = host.call("bans", {"game": following})
    assert listed["bans"] == [{"scope": "night", "phone": removed["removed"]}]
    # A mistake: the host lets it back in.
    wrong = host.call("command", {"game": following, "type": "unban", "phone": "00000000",
                                  "scope": "night"})
    assert not wrong["ok"] and wrong["code"] == "stale"
    back_in = host.call("command", {"game": following, "type": "unban",
                                    "phone": removed["removed"], "scope": "night"})
    assert back_in == {"ok": True, "bans": []}
    assert rude.join(following, 0)["ok"]
    kind = kind.reload()
    assert kind.rejoin()["game"] == following and kind.seat == 1

    # A game's ban keeps the phone out of that game only.
    other = Phone(server)
    assert other.join(following, 2)["ok"]
    assert host.call("command", {"game": following, "type": "remove_phone", "seat": 2,
                                 "ban": "game"})["ok"]
    assert other.join(following, 2)["code"] == "banned"
    solo = create(host)
    assert other.join(solo, 0)["ok"]


def test_the_host_state_lives_on_the_host(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    assert host.call("host_state", {}) == {"ok": True, "night": None, "game": None,
                                           "plan": None, "break": None,
                                           "projector_needs_click": False,
                                           "projector_sound_on": False}
    night = host.call("night", {"name": "Samedi"})["night"]
    game = create(host, night=night)
    other = create(host)
    assert host.call("watch", {"game": game})["ok"]
    reopened = Peer(server, "/host", auth={"key": server.key})
    state = reopened.call("host_state", {})
    assert state["night"] == {"id": night, "name": "Samedi", "status": "open"}
    assert state["game"] == game and other != game
    # Every host page hears a change of night.
    assert reopened.call("host_state", {"night": None})["night"] is None
    deadline = time.monotonic() + 5
    while not any(n == "host_state" and a[0]["night"] is None for n, a in host.events):
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert reopened.call("host_state", {"night": night})["night"]["id"] == night
    bad = reopened.call("host_state", {"night": "nope"})
    assert not bad["ok"] and bad["code"] == "bad_message"
    server.kill()
    server.start()
    after = Peer(server, "/host", auth={"key": server.key}).call("host_state", {})
    assert after["night"]["id"] == night and after["game"] == game


def test_a_lobby_game_ended_or_deleted_counts_for_nothing_in_a_night(
        server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    night = host.call("night", {"name": "Dimanche"})["night"]
    played = create(host, night=night)
    assert host.call("command", {"game": played, "type": "start"})["ok"]
    for command in ({"type": "open", "mode": "first"}, {"type": "buzz", "seat": 1},
                    {"type": "right"}, {"type": "end"}):
        assert host.call("command", {"game": played, **command})["ok"], command
    before = server.get(f"/api/nights/{night}")["standings"]
    ended = create(host, night=night)
    assert host.call("command", {"game": ended, "type": "end"})["status"] == "over"
    deleted = create(host, night=night)
    assert host.call("command", {"game": deleted, "type": "delete"})["ok"]
    after = server.get(f"/api/nights/{night}")["standings"]
    assert [g["game"] for g in after["played"]] == [played]
    points = {row["id"]: row["points"] for row in after["table"]}
    assert points == {row["id"]: row["points"] for row in before["table"]}
    assert sorted(points.values()) == [6, 6, 10]


def test_a_projector_waiting_for_a_click_to_play_sound_is_told_to_every_host_page(
        server: LiveServer) -> None:
    """/screen `sound` {"needs_click": true}: every host page gets `projector_sound` and a host
    page opened later reads it in `host_state`; it ends when that projector plays or leaves.
    A projector that says its sound plays (false, from its start) reads as "sound on"."""
    host = Peer(server, "/host", auth={"key": server.key})
    screen = Peer(server, "/screen")
    told: list[Any] = []

    def told_to_host(needs_click: bool, sound_on: bool = False) -> None:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            told[:] = [args[0] for event, args in host.events if event == "projector_sound"]
            if told and told[-1] == {"needs_click": needs_click, "sound_on": sound_on}:
                return
            time.sleep(0.02)
        raise AssertionError(f"host told {told}")

    assert screen.call("sound", {"needs_click": "yes"})["code"] == "bad_message"
    assert host.call("host_state", {})["projector_needs_click"] is False
    assert screen.call("sound", {"needs_click": True}) == {"ok": True}
    told_to_host(True)
    later = Peer(server, "/host", auth={"key": server.key})
    assert later.call("host_state", {})["projector_needs_click"] is True
    assert screen.call("sound", {"needs_click": False}) == {"ok": True}
    told_to_host(False, sound_on=True)
    assert later.call("host_state", {})["projector_sound_on"] is True
    assert screen.call("sound", {"needs_click": True})["ok"]
    told_to_host(True)
    screen.close()  # a projector gone waits for nothing
    told_to_host(False)
    assert later.call("host_state", {})["projector_needs_click"] is False
    assert len(told) == 4


def test_the_host_tests_the_sound_and_a_projector_says_only_its_kinds_words(
        server: LiveServer) -> None:
    """/host `sound_test` reaches every projector (it plays a chime, then says `sound`
    again); a projector's `action` is limited to its game kind's `screen_actions` (a buzzer
    board has none)."""
    host = Peer(server, "/host", auth={"key": server.key})
    screen = Peer(server, "/screen")
    game = create(host)
    assert screen.call("watch", {"game": game})["ok"]
    assert host.call("sound_test", {}) == {"ok": True}
    deadline = time.monotonic() + 10
    while not any(name == "sound_test" for name, _ in screen.events):
        assert time.monotonic() < deadline, screen.events
        time.sleep(0.02)
    refused = screen.call("action", {"game": game, "type": "start"})
    assert refused["ok"] is False and refused["code"] == "bad_message"
