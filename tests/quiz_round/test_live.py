"""A quiz round on a real server with real Socket.IO clients: four teams (one of two
phones) play a round of four questions (three choice, one number) to the final board.

Every lock-in is acknowledged; a team's second phone is told its team already answered;
an answer after the close is refused; the projector and the phones' shared part never
hold the answer before the reveal, and every phone gets the same shared part.
"""

from __future__ import annotations

import json
import time
from typing import Any

from tests.core.test_no_answer_leak import secrets_in
from tests.live import LiveServer, Peer

TEAMS = ["Les Cerveaux", "Pub Fiction", "Quiz Akabusi", "Les Sages"]


def phone_ms() -> float:
    return time.monotonic_ns() / 1e6


def join(server: LiveServer, game: str, seat: int, token: str, name: str) -> Peer:
    phone = Peer(server, "/seat")
    reply = phone.call("join", {"game": game, "seat": seat, "token": token, "name": name})
    assert reply["ok"], reply
    for _ in range(3):  # the clock sync the page does, so taps map to host time
        c0 = phone_ms()
        h = phone.call("ping", {"c": c0})["h"]
        assert phone.call("sync", {"c0": c0, "h": h, "c1": phone_ms()})["ok"]
    return phone


def view_of(peer: Peer, predicate: Any) -> dict[str, Any]:
    return peer.wait_for(lambda s: s.get("view") is not None and predicate(s["view"]),
                         timeout=20)["view"]


def no_answer_in(view: dict[str, Any]) -> None:
    """Before the reveal: no key named for an answer, an outcome or anyone's answers (the
    answer-leak scan of tests/core/test_no_answer_leak.py), nor the host's truth."""
    assert secrets_in(view) == [] and not {"truth", "rows"} & set(view)


def test_four_teams_play_a_round_to_the_final_board(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    night = host.call("night", {"name": "Jeudi"})
    assert night["ok"], night
    reply = host.call("create", {
        "kind": "quiz-round", "seats": [{"name": n} for n in TEAMS], "teams": True,
        "night": night["night"],
        "settings": {"rounds": 1, "questions": 4, "intro_seconds": 0, "reveal_seconds": 0,
                     "board_seconds": 0, "seconds": 60, "speed_bonus": 0}})
    assert reply["ok"], reply
    game = reply["game"]
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    phones = [join(server, game, seat, f"quiz-phone-{seat:02d}-0000", f"P{seat}")
              for seat in range(4)]
    second = join(server, game, 0, "quiz-phone-00-0001", "Zoé")  # team 0's second phone
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    view_of(host, lambda v: v["stage"] == "intro")
    expected = [0, 0, 0, 0]
    for number in range(1, 5):
        if number == 1:  # off the round's title card; later questions follow the reveal's next
            assert host.call("command", {"game": game, "type": "next"})["ok"]
        seen = view_of(host, lambda v, n=number: v["stage"] == "answering" and v["number"] == n)
        question, truth = seen["question"], seen["truth"]["answer"]
        no_answer_in(view_of(screen, lambda v, n=number: v["stage"] == "answering"
                             and v["number"] == n))
        for phone in phones + [second]:
            no_answer_in(view_of(phone, lambda v, n=number: v["stage"] == "answering"
                                 and v["number"] == n))
        publics = [phone.publics[-1] for phone in phones + [second]]
        assert all(json.dumps(p, sort_keys=True) == json.dumps(publics[0], sort_keys=True)
                   for p in publics), "every phone gets the same shared part"
        choice = question["kind"] == "choice"
        answers = ([truth, (truth + 1) % len(question["options"]), truth, truth] if choice
                   else [truth + 1, truth + 50, truth - 1000, truth])
        for seat in (0, 1, 2):
            ack = phones[seat].call("action", {"type": "answer", "value": answers[seat],
                                               "t_client": phone_ms()})
            assert ack["ok"], ack
        late = second.call("action", {"type": "answer", "value": answers[0],
                                      "t_client": phone_ms()})
        assert not late["ok"] and "P0" in late["reason"], late  # "your team has already ..."
        if number == 4:  # the host closes the last question early: seat 3 stays silent
            assert host.call("command", {"game": game, "type": "close"})["ok"]
            closed = phones[3].call("action", {"type": "answer", "value": answers[3],
                                               "t_client": phone_ms()})
            assert not closed["ok"], closed
        else:
            ack = phones[3].call("action", {"type": "answer", "value": answers[3],
                                            "t_client": phone_ms()})
            assert ack["ok"], ack
        reveal = view_of(host, lambda v, n=number: v["stage"] == "reveal" and v["number"] == n)
        points = {row["seat"]: row["points"] for row in reveal["rows"]}
        if choice:
            wanted = {0: 10, 1: 0, 2: 10, 3: 10}
            shown = view_of(screen, lambda v, n=number: v["stage"] == "reveal"
                            and v["number"] == n)
            assert shown["outcome"]["counts"][truth] == 3
        else:  # by distance: 1 (seat 0), 50, 1000; seat 3 never answered
            wanted = {0: 10, 1: 7, 2: 3}
        assert points == wanted, (question, points)
        for seat, gained in wanted.items():
            expected[seat] += gained
        mine = view_of(phones[1], lambda v, n=number: v["stage"] == "reveal"
                       and v["number"] == n)["you"]
        assert mine["result"]["points"] == wanted[1]
        assert host.call("command", {"game": game, "type": "next"})["ok"]
    board = view_of(screen, lambda v: v["stage"] == "board")
    assert board["final"] and [p["score"] for p in sorted(board["players"],
                                                         key=lambda p: p["seat"])] == expected
    assert host.call("command", {"game": game, "type": "next"})["ok"]
    over = screen.wait_for(lambda s: s["meta"]["status"] == "over", timeout=20)
    assert over["view"]["over"] is True
    # The result feeds the night's total like any game: 10, 6, 3 by place.
    table = screen.wait_for(lambda s: (s["meta"].get("night") or {}).get("standings", {})
                            .get("played"), timeout=20)["meta"]["night"]["standings"]["table"]
    best = max(range(4), key=lambda seat: expected[seat])
    assert {row["seat"]: row["points"] for row in table}[best] == 10
    # Every payload before a reveal, on the projector and every phone, is free of answers;
    # the same scan finds them in the host page's: the check can fail.
    early = [s["view"] for peer in [screen, *phones, second] for s in peer.states
             if s.get("view") and s["view"]["stage"] in ("intro", "drawing", "answering")]
    assert len(early) > 10 and all(secrets_in(v) == [] for v in early)
    assert any(secrets_in(s["view"]) for s in host.states
               if s.get("view") and s["view"]["stage"] == "answering")
    for peer in phones + [second, screen, host]:
        peer.close()


def test_a_buzz_question_over_real_sockets(server: LiveServer) -> None:
    """Phones buzz (the page's `buzz` message, clock-synced taps); the first takes the
    floor on the projector; a wrong answer hands it on; a right one scores and reveals."""
    host = Peer(server, "/host", auth={"key": server.key})
    reply = host.call("create", {
        "kind": "quiz-round", "seats": [{"name": n} for n in TEAMS[:3]],
        "settings": {"plan": [{"questions": 1, "mix": "buzz", "points": 20}],
                     "intro_seconds": 0, "reveal_seconds": 0, "board_seconds": 0}})
    assert reply["ok"], reply
    game = reply["game"]
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    phones = [join(server, game, seat, f"buzz-phone-{seat:02d}-0000", f"P{seat}")
              for seat in range(3)]
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    assert host.call("command", {"game": game, "type": "next"})["ok"]
    for phone in phones:
        assert view_of(phone, lambda v: v["stage"] == "answering")["you"]["buzz"] == "live"
    refused = phones[0].call("action", {"type": "answer", "value": 0, "t_client": phone_ms()})
    assert not refused["ok"] and "buzz" in refused["reason"]
    assert phones[1].call("buzz", {"t_client": phone_ms()})["ok"]
    shown = view_of(screen, lambda v: (v.get("buzz") or {}).get("floor") is not None)
    assert shown["buzz"]["floor_name"] == "P1" and secrets_in(shown) == []  # its phone named it
    assert view_of(phones[1], lambda v: v["you"]["buzz"] == "floor")
    assert host.call("command", {"game": game, "type": "wrong"})["ok"]
    view_of(phones[2], lambda v: v["you"]["buzz"] == "live" and v["buzz"]["marks"])
    late = phones[1].call("buzz", {"t_client": phone_ms()})
    assert not late["ok"] and "out" in late["reason"]
    assert phones[2].call("buzz", {"t_client": phone_ms()})["ok"]
    view_of(host, lambda v: (v.get("buzz") or {}).get("floor") == 2)
    assert host.call("command", {"game": game, "type": "right"})["ok"]
    reveal = view_of(screen, lambda v: v["stage"] == "reveal")
    assert reveal["outcome"]["buzz"] == [{"seat": 1, "name": "P1", "right": False},
                                         {"seat": 2, "name": "P2", "right": True}]
    assert [p["score"] for p in sorted(reveal["players"], key=lambda p: p["seat"])] == [0, 0, 20]
    for peer in [*phones, screen, host]:
        peer.close()
