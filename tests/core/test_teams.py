"""Teams on one seat, on a real server with real Socket.IO phones (host/people/teams.py)."""

from __future__ import annotations

from typing import Any

from host.store.journal import Journal
from tests.live import LiveServer, Peer


def team_board(server: LiveServer, answers: str | None = None) -> tuple[Peer, str]:
    host = Peer(server, "/host", auth={"key": server.key})
    create: dict[str, Any] = {"kind": "buzzer", "seats": [{"name": "Rouge"}, {"name": "Bleu"}],
                              "teams": True}
    if answers is not None:
        create["team_answers"] = answers
    reply = host.call("create", create)
    assert reply["ok"], reply
    return host, reply["game"]


def join(server: LiveServer, game: str, name: str, seat: int | None = 0) -> tuple[Peer, dict]:
    phone = Peer(server, "/seat")
    message: dict[str, Any] = {"game": game, "token": f"team-phone-{name:>12}", "name": name}
    if seat is not None:
        message["seat"] = seat
    return phone, phone.call("join", message)


def seat_entry(peer: Peer, seat: int, predicate: Any) -> dict[str, Any]:
    state = peer.wait_for(lambda s: any(e["seat"] == seat and predicate(e)
                                        for e in s["meta"].get("seats", [])), timeout=10)
    return next(e for e in state["meta"]["seats"] if e["seat"] == seat)


def test_three_phones_one_team_the_first_press_counts(server: LiveServer) -> None:
    host, game = team_board(server)
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    joined = [join(server, game, name) for name in ("Alice", "Bruno", "Chloé")]
    assert [answer["ok"] for _, answer in joined] == [True, True, True]
    assert [answer["seat"] for _, answer in joined] == [0, 0, 0]
    assert [answer["captain"] for _, answer in joined] == [True, False, False]
    phones = [phone for phone, _ in joined]
    entry = seat_entry(screen, 0, lambda e: len(e.get("team", [])) == 3)
    assert entry["name"] == "Rouge"  # a team phone's name is its own, not the team's
    team = entry["team"]
    assert [(p["name"], p["captain"]) for p in team] == [
        ("Alice", True), ("Bruno", False), ("Chloé", False)]
    assert all("token" not in p for p in team) and all(len(p["id"]) == 8 for p in team)

    assert host.call("command", {"game": game, "type": "start"})["ok"]
    assert host.call("command", {"game": game, "type": "open", "mode": "ranking"})["ok"]
    first = phones[1].call("buzz", {"t_client": 0.0})
    assert first["ok"], first
    for phone in (phones[0], phones[2]):
        late = phone.call("buzz", {"t_client": 0.0})
        assert not late["ok"] and late["code"] == "stale"
        assert "your team has already answered (Bruno)" in late["reason"]
    # Every phone of the team sees the seat's own view, and who answered.
    views = [phone.wait_for(lambda s: (s.get("view") or {}).get("you", {}).get("status") == "buzzed"
                            and any(e.get("last_by") == "Bruno" for e in s["meta"]["seats"]))
             for phone in phones]
    assert views[0]["view"]["you"] == views[1]["view"]["you"] == views[2]["view"]["you"]
    assert host.call("command", {"game": game, "type": "close"})["ok"]

    journal = Journal(server.data / "journal.sqlite")
    presses = [row for row in journal.rows(game) if row.body.get("type") == "buzz"]
    journal.close()
    assert len(presses) == 1
    assert presses[0].origin == {"role": "seat", "seat": 0, "member": team[1]["id"]}


def test_captain_only_and_the_host_hands_over_the_captaincy(server: LiveServer) -> None:
    host, game = team_board(server, answers="captain")
    (alice, _), (bruno, _) = join(server, game, "Alice"), join(server, game, "Bruno")
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    assert host.call("command", {"game": game, "type": "open", "mode": "ranking"})["ok"]
    refused = bruno.call("buzz", {"t_client": 0.0})
    assert refused == {"ok": False, "code": "not_captain",
                       "reason": "only your team's captain (Alice) answers",
                       "text": {"fr": "Seul le capitaine de votre équipe (Alice) répond.",
                                "en": "Only your team's captain (Alice) answers."}}
    assert alice.call("buzz", {"t_client": 0.0})["ok"]
    assert host.call("command", {"game": game, "type": "close"})["ok"]

    team = seat_entry(host, 0, lambda e: len(e.get("team", [])) == 2)["team"]
    handed = host.call("command", {"game": game, "type": "captain", "seat": 0,
                                   "phone": team[1]["id"]})
    assert handed["ok"], handed
    assert host.call("command", {"game": game, "type": "open", "mode": "ranking"})["ok"]
    assert alice.call("buzz", {"t_client": 0.0})["code"] == "not_captain"
    assert bruno.call("buzz", {"t_client": 0.0})["ok"]


def test_a_reload_a_restart_and_a_removal(server: LiveServer) -> None:
    host, game = team_board(server)
    join(server, game, "Alice")
    bruno, _ = join(server, game, "Bruno")
    bruno.close()
    again, answer = join(server, game, "Bruno", seat=None)  # a reload: same token, no seat
    assert answer["ok"] and answer["rejoined"] and answer["seat"] == 0
    assert answer["captain"] is False

    server.stop()
    server.start()
    host = Peer(server, "/host", auth={"key": server.key})
    assert host.call("watch", {"game": game})["ok"]
    team = seat_entry(host, 0, lambda e: len(e.get("team", [])) == 2)["team"]
    assert [p["name"] for p in team] == ["Alice", "Bruno"]

    renamed = host.call("command", {"game": game, "type": "rename", "seat": 0,
                                    "name": "Les Castors"})
    assert renamed["ok"], renamed
    assert seat_entry(host, 0, lambda e: e["name"] == "Les Castors")
    removed = host.call("command", {"game": game, "type": "remove_phone", "seat": 0,
                                    "phone": team[0]["id"]})
    assert removed["ok"], removed
    team = seat_entry(host, 0, lambda e: len(e.get("team", [])) == 1)["team"]
    assert team == [{**team[0], "name": "Bruno", "captain": True}]  # the next phone leads
    alice, answer = join(server, game, "Alice", seat=0)  # the removed phone may come back
    assert answer["ok"] and not answer["rejoined"] and answer["captain"] is False


def test_without_teams_a_second_phone_is_refused_as_taken(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    game = host.call("create", {"kind": "buzzer", "seats": [{"name": "A"}, {"name": "B"}]})["game"]
    _, first = join(server, game, "Alice")
    _, second = join(server, game, "Bruno")
    assert first["ok"] and "captain" not in first
    assert second == {"ok": False, "code": "taken",
                      "reason": "that seat is taken; ask the host to free it",
                      "text": {
                          "fr": "Cette place est prise ; demandez à l’animateur de la libérer.",
                          "en": "That seat is taken; ask the host to free it."}}


def test_bad_team_options_are_refused(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    seats = [{"name": "A"}, {"name": "B"}]
    for bad, reason in (({"teams": "yes"}, "'teams' is true or false"),
                        ({"teams": True, "team_answers": "all"}, "'first' or 'captain'"),
                        ({"team_answers": "first"}, "needs 'teams': true")):
        reply = host.call("create", {"kind": "buzzer", "seats": seats, **bad})
        assert not reply["ok"] and reason in reply["reason"], reply
    game = host.call("create", {"kind": "buzzer", "seats": seats})["game"]
    reply = host.call("command", {"game": game, "type": "captain", "seat": 0, "phone": "x"})
    assert reply == {"ok": False, "code": "illegal", "reason": "this game has no teams",
                     "text": {"fr": "Cette partie n’a pas d’équipes.",
                              "en": "This game has no teams."}}


def test_seat_of_is_safe_while_another_thread_seats_phones() -> None:
    """A join's handler asks `seat_of` on its connection's thread while the Session's worker
    seats other phones: it once raised 'dictionary changed size during iteration' (seen
    with 500 phones joining a house of four processes). Thread switches forced to every
    microsecond make the race show within the loop."""
    import sys
    import threading

    from host.people.teams import Phone, SeatPhones

    phones = SeatPhones()
    for seat in range(200):
        phones.seats[seat] = [Phone(f"token-{seat}")]
    errors: list[Exception] = []
    stop = threading.Event()

    def reader() -> None:
        try:
            while not stop.is_set():
                phones.seat_of("nobody")
        except RuntimeError as err:
            errors.append(err)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    thread = threading.Thread(target=reader)
    thread.start()
    try:
        for seat in range(200, 20_000):
            phones.seats[seat] = [Phone(f"token-{seat}")]
            if errors:
                break
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(interval)
    assert errors == []
    assert phones.seat_of("token-19999") == 19_999
