"""An ordering question on a real server with real Socket.IO clients: three teams lock in
their orders (a full one, a partial one, one refused then sent right); the projector and
every phone's shared part hold the items as shown, the same for all, and never the right
order before the reveal; each phone then sees its own order's points."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.core.test_no_answer_leak import secrets_in
from tests.live import LiveServer, Peer
from tests.quiz_round.test_live import join, no_answer_in, phone_ms, view_of
from tests.synthetic import write_pack


@pytest.fixture
def packs(tmp_path: Path) -> Iterator[Path]:
    """Ordering questions only (3 to 6 items), for the `server` fixture."""
    folder = tmp_path / "packs"
    folder.mkdir()
    write_pack(folder / "synthetic-fr.yaml", 0, "fr", ordered=8)
    yield folder


def test_three_teams_order_the_items_and_the_room_never_sees_the_answer_first(
        server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    reply = host.call("create", {
        "kind": "quiz-round", "seats": [{"name": n} for n in ("Ana", "Bea", "Cal")],
        "settings": {"plan": [{"questions": 1, "mix": "order", "speed_bonus": 0}],
                     "intro_seconds": 0, "reveal_seconds": 0, "board_seconds": 0}})
    assert reply["ok"], reply
    game = reply["game"]
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    phones = [join(server, game, seat, f"order-phone-{seat:02d}-0000", f"P{seat}")
              for seat in range(3)]
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    assert host.call("command", {"game": game, "type": "next"})["ok"]
    seen = view_of(host, lambda v: v["stage"] == "answering")
    shown, right = seen["question"]["options"], seen["truth"]["answer"]
    assert seen["question"]["kind"] == "order" and right != sorted(right)  # never as shown
    no_answer_in(view_of(screen, lambda v: v["stage"] == "answering"))
    for phone in phones:
        mine = view_of(phone, lambda v: v["stage"] == "answering")
        no_answer_in(mine)
        assert mine["question"]["options"] == shown
    publics = [json.dumps(phone.publics[-1], sort_keys=True) for phone in phones]
    assert len(set(publics)) == 1, "every phone gets the same shared part"
    partial = [right[1], right[0], *right[2:]]  # the first two swapped
    assert phones[0].call("action", {"type": "answer", "value": right,
                                     "t_client": phone_ms()})["ok"]
    assert phones[1].call("action", {"type": "answer", "value": partial,
                                     "t_client": phone_ms()})["ok"]
    bad = phones[2].call("action", {"type": "answer", "value": [0, 0, *right[2:]],
                                    "t_client": phone_ms()})
    assert not bad["ok"] and bad["code"] == "bad_event", bad
    assert bad["text"]["fr"].startswith("Une réponse à remettre dans l’ordre"), bad
    assert phones[2].call("action", {"type": "answer", "value": list(range(len(right))),
                                     "t_client": phone_ms()})["ok"]
    reveal = view_of(host, lambda v: v["stage"] == "reveal")
    count = len(right)
    in_place = sum(1 for a, b in zip(range(count), right, strict=True) if a == b)
    points = {row["seat"]: row["points"] for row in reveal["rows"]}
    assert points == {0: 10, 1: (10 * (count - 2) + count // 2) // count,
                      2: (10 * in_place + count // 2) // count}
    assert view_of(screen, lambda v: v["stage"] == "reveal")["outcome"]["answer"] == right
    you = view_of(phones[1], lambda v: v["stage"] == "reveal")["you"]["result"]
    assert (you["value"], you["in_place"], you["right"]) == (partial, count - 2, False)
    early = [s["view"] for peer in [screen, *phones] for s in peer.states
             if s.get("view") and s["view"]["stage"] in ("intro", "drawing", "answering")]
    assert early and all(secrets_in(v) == [] for v in early)
    for peer in [*phones, screen, host]:
        peer.close()
