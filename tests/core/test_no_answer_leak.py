"""No correct answer reaches the projector or a phone before its reveal, over real sockets."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from tests.live import Peer

SECRET_KEYS = {"answer", "answers", "outcome"}


def secrets_in(node: Any, path: str = "") -> list[str]:
    """Where a payload holds an answer, anyone's answers or an outcome."""
    found = []
    if isinstance(node, dict):
        for key, value in node.items():
            if key in SECRET_KEYS:
                found.append(f"{path}.{key}")
            found.extend(secrets_in(value, f"{path}.{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(secrets_in(value, f"{path}[{i}]"))
    return found


def before_reveal(payload: dict[str, Any]) -> bool:
    view = payload.get("view") or {}
    return bool(view.get("question")) and view.get("stage") not in ("reveal", "over")


class AnsweringPhone(Peer):
    """A phone that answers every question it is asked, from its own view."""

    def __init__(self, server: Any, game_id: str, seat: int) -> None:
        super().__init__(server, "/seat")
        self.seat = seat
        self.answered: set[str] = set()
        joined = self.call("join", {"game": game_id, "seat": seat,
                                    "token": secrets.token_hex(12)})
        assert joined["ok"], joined

    def _on_state(self, payload: dict[str, Any]) -> None:
        super()._on_state(payload)
        view = payload.get("view") or {}
        question = view.get("question") or {}
        request = question.get("request_id")
        content = question.get("content") or {}
        if (view.get("stage") == "answering" and self.seat in question.get("seats", [])
                and request not in self.answered and content):
            self.answered.add(request)
            value = 1 if content.get("kind") == "choice" else 50 + self.seat
            self.client.emit("action", {"type": "answer", "value": value,
                                        "stage": payload["meta"]["stage"]}, namespace="/seat")


@pytest.mark.slow
@pytest.mark.parametrize("teams", [False, True], ids=["one-phone-seats", "a-team-of-two"])
def test_every_payload_of_a_game_is_free_of_answers_before_the_reveal(server, teams) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    created = host.call("create", {"kind": "territory", "map": "generated:10:2", "seed": 8,
                                   "pace": 0.04, "seats": [{"name": "A"}, {"name": "B"},
                                                           {"bot": 4}], "teams": teams})
    assert created["ok"], created
    game_id = created["game"]
    screen = Peer(server, "/screen")
    screen.call("watch", {"game": game_id})
    # With teams, seat 0 is a team of two phones that both answer (the second is refused).
    phones = [AnsweringPhone(server, game_id, seat) for seat in ((0, 1, 0) if teams else (0, 1))]
    assert host.call("command", {"game": game_id, "type": "start"})["ok"]
    screen.wait_for(lambda s: s["meta"]["status"] == "over", timeout=240)

    checked = 0
    for peer in [screen, *phones]:
        for payload in peer.states:
            if before_reveal(payload):
                assert secrets_in(payload["view"]) == [], payload
                checked += 1
    assert checked > 20
    # The same scan finds the answers in what the host page got: the check can fail.
    host_leaks = [p for p in host.states if before_reveal(p) and secrets_in(p["view"])]
    assert host_leaks
    # The phones really played: their answers are in the reveals.
    assert any((p["view"] or {}).get("stage") == "reveal" for p in phones[0].states)
    assert all(phone.answered for phone in phones)
