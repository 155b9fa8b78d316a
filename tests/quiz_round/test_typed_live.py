"""Typed answers on a real server with real Socket.IO clients: 40 teams type the answer,
its variants, typos, near misses and one rude word; the host's review queue groups them;
the host accepts one group (every team of it is scored), undoes it, accepts it again and
reveals. The projector and the phones' shared part never hold a typed answer before it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.core.test_no_answer_leak import secrets_in
from tests.live import LiveServer, Peer
from tests.quiz_round.test_live import join, phone_ms, view_of
from tests.synthetic import write_pack

TEAMS = 40


@pytest.fixture
def typed_server(tmp_path: Path) -> Iterator[LiveServer]:
    folder = tmp_path / "packs"
    folder.mkdir()
    write_pack(folder / "synthetic-fr.yaml", 5, "fr", typed=5)
    live = LiveServer(data=tmp_path / "data", packs=folder).start()
    yield live
    live.stop()


def typed_answers(answer: str) -> list[str]:
    """What 40 teams type: the answer as written and shouted, a typo, the accepted variant,
    a near miss the machine refuses (the host accepts it), and plain wrong answers."""
    number = answer.rsplit(" ", 1)[1]
    right = [answer, answer.upper() + " !", f"castor {number}", f"Le catsor {number}",
             f"Beaver {number}"]
    return (right * 4 + [f"un ragondin {number}"] * 10 + [f"Loutre {number}"] * 10)[:TEAMS]


def test_forty_teams_type_the_host_accepts_a_group_and_undo_restores(
        typed_server: LiveServer) -> None:
    server = typed_server
    host = Peer(server, "/host", auth={"key": server.key})
    reply = host.call("create", {
        "kind": "quiz-round", "seats": [{"name": f"Équipe {i}"} for i in range(TEAMS)],
        "settings": {"rounds": 1, "questions": 1, "mix": "text", "intro_seconds": 0,
                     "reveal_seconds": 0, "board_seconds": 0, "seconds": 120}})
    assert reply["ok"], reply
    game = reply["game"]
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    phones = [join(server, game, seat, f"typed-phone-{seat:02d}-0000", f"P{seat}")
              for seat in range(TEAMS)]
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    assert host.call("command", {"game": game, "type": "next"})["ok"]
    seen = view_of(host, lambda v: v["stage"] == "answering")
    answer = seen["truth"]["answer"]
    assert seen["question"]["kind"] == "text" and "accept" not in seen["question"]
    texts = typed_answers(answer)

    rude = phones[0].call("action", {"type": "answer", "value": "espèce de connard",
                                     "t_client": phone_ms()})
    assert not rude["ok"] and "rude word" in rude["reason"], rude
    for seat, text in enumerate(texts):
        ack = phones[seat].call("action", {"type": "answer", "value": text,
                                           "t_client": phone_ms()})
        assert ack["ok"], (seat, text, ack)

    review = view_of(host, lambda v: v["stage"] == "review")
    number = answer.rsplit(" ", 1)[1]
    groups = {g["key"]: (g["teams"], g["auto"]) for g in review["groups"]}
    assert groups == {f"castor {number}": (12, True),  # as written, shouted, without "Le"
                      f"catsor {number}": (4, True),  # a swap: one typo
                      f"beaver {number}": (4, True),  # the accepted variant
                      f"ragondin {number}": (10, False), f"loutre {number}": (10, False)}
    for peer in [screen, *phones]:  # nobody but the host sees a typed answer
        shown = view_of(peer, lambda v: v["stage"] == "review")
        shared = {k: v for k, v in shown.items() if k != "you"}
        assert secrets_in(shared) == [] and "ragondin" not in str(shared)

    ragondin = f"ragondin {number}"
    assert host.call("command", {"game": game, "type": "accept", "key": ragondin})["ok"]
    view_of(host, lambda v: any(g["key"] == ragondin and g["right"] for g in v.get("groups", [])))
    seen_before = len(host.states)
    assert host.call("command", {"game": game, "type": "undo"})["ok"]
    host.wait_for(lambda s: any(s is later for later in host.states[seen_before:])
                  and s["view"]["stage"] == "review"
                  and all(g["ruling"] is None and g["right"] == g["auto"]
                          for g in s["view"]["groups"]), timeout=20)
    bad = host.call("command", {"game": game, "type": "accept", "key": "licorne"})
    assert not bad["ok"], bad
    assert host.call("command", {"game": game, "type": "accept", "key": ragondin})["ok"]
    assert host.call("command", {"game": game, "type": "next"})["ok"]

    reveal = view_of(screen, lambda v: v["stage"] == "reveal")
    assert reveal["outcome"]["right"] == 30  # 20 by the machine, 10 by the host
    assert reveal["outcome"]["host_accepted"] == [f"un ragondin {number}"]
    scored = {p["seat"]: p["score"] for p in reveal["players"]}
    assert all(scored[seat] >= 10 for seat in range(30))  # points, and some speed bonus
    assert all(scored[seat] == 0 for seat in range(30, TEAMS))
    mine = view_of(phones[20], lambda v: v["stage"] == "reveal")["you"]
    assert mine["result"]["right"] and mine["locked"] == f"un ragondin {number}"
    for peer in [*phones, screen, host]:
        peer.close()
