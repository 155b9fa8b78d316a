"""A real `tourelle serve --async-mode gevent` and `eventlet`, driven by real Socket.IO clients.

The same short game as a night in threading mode: the host creates a territory
game with two phones and a bot, the phones join and answer, and the game moves
on through its timers (greenlets under gevent and eventlet). Bad messages still
get a typed refusal, both as the acknowledgement and as an `error` event.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import socketio

from tests.live import LiveServer, Peer

# A greenlet mode's server a test: in `make test` (beside its greenlet passes); `make unit`
# plays games on threading-mode servers, the default.
pytestmark = pytest.mark.slow

# pace 0.25: 5 s to answer a numeric question, 1.5 s of reveal, 2.5 s to pick.
PACE = 0.25


@pytest.fixture(params=["gevent", "eventlet"])
def eventlet_server(request: pytest.FixtureRequest, tmp_path: Path,
                    packs: Path) -> Iterator[LiveServer]:
    """A server in one of the greenlet modes (the name stays: eventlet came first)."""
    live = LiveServer(data=tmp_path / "data", packs=packs, async_mode=request.param).start()
    yield live
    live.stop()
    # A green thread that dies only logs its traceback: that must not happen either.
    assert "Traceback" not in live.log(), live.log()[-4000:]


def correct_sum(prompt: str) -> int:
    """The synthetic numeric questions ask "Combien font i + i?"."""
    found = re.search(r"(\d+) \+ (\d+)", prompt)
    assert found, prompt
    return int(found.group(1)) + int(found.group(2))


def stage(state: dict[str, Any]) -> str | None:
    view = state.get("view")
    return None if view is None else str(view["stage"])


def test_healthz_reports_the_greenlet_mode(eventlet_server: LiveServer) -> None:
    health = eventlet_server.get("/healthz")
    assert health["ok"] is True
    assert health["async_mode"] == eventlet_server.async_mode
    assert health["heap_frozen"] > 20_000  # host/wire/heap.py, in a greenlet mode's path too


@pytest.mark.slow  # a real eventlet server and a game: in `make test`, not `make unit`
def test_a_short_game_with_two_phones_and_a_bot(eventlet_server: LiveServer) -> None:
    host = Peer(eventlet_server, "/host", auth={"key": eventlet_server.key})
    created = host.call("create", {
        "kind": "territory", "map": "generated:10:3", "seed": 7, "pace": PACE,
        "seats": [{"name": "Ana"}, {"name": "Bob"}, {"bot": 3}],
    })
    assert created["ok"], created
    game_id = created["game"]
    screen = Peer(eventlet_server, "/screen")
    assert screen.call("watch", {"game": game_id})["ok"]

    phones = {}
    for name, token in (("Ana", "a" * 20), ("Bob", "b" * 20)):
        phone = Peer(eventlet_server, "/seat")
        joined = phone.call("join", {"game": game_id, "token": token, "name": name})
        assert joined["ok"], joined
        phones[joined["seat"]] = phone
    assert sorted(phones) == [0, 1]
    lobby = screen.wait_for(lambda s: [p["name"] for p in s["meta"]["seats"][:2]] == ["Ana", "Bob"])
    assert lobby["meta"]["status"] == "lobby"

    assert host.call("command", {"game": game_id, "type": "start"})["ok"]
    for seat, phone in phones.items():
        asked = phone.wait_for(lambda s: stage(s) == "answering")
        question = asked["view"]["question"]
        assert question["kind"] == "numeric" and seat in question["seats"]
        assert "answer" not in question["content"]  # a phone never sees the answer early
        answered = phone.call("action", {
            "type": "answer", "value": correct_sum(question["content"]["prompt"]),
            "stage": asked["meta"]["stage"],
        })
        assert answered["ok"], answered

    # Both phones' answers reach the room; the reveal then the pick come from timers.
    revealed = screen.wait_for(lambda s: stage(s) == "reveal")
    assert {0, 1} <= set(revealed["view"]["question"]["answered"])
    picking = screen.wait_for(lambda s: stage(s) == "pick", timeout=20)
    assert picking["meta"]["seq"] > revealed["meta"]["seq"]
    owned = screen.wait_for(
        lambda s: any(t["owner"] is not None for t in (s["view"] or {}).get("territories", [])),
        timeout=20,
    )
    assert owned["meta"]["status"] == "running"

    for peer in (*phones.values(), screen, host):
        peer.close()


def test_bad_messages_get_typed_errors(eventlet_server: LiveServer) -> None:
    host = Peer(eventlet_server, "/host", auth={"key": eventlet_server.key})
    created = host.call("create", {"kind": "territory", "map": "generated:10:3", "pace": PACE,
                                   "seats": [{"name": "Ana"}, {"bot": 2}]})
    assert created["ok"], created
    phone = Peer(eventlet_server, "/seat")

    not_joined = phone.call("action", {"type": "answer", "value": 3})
    assert not_joined["ok"] is False and not_joined["code"] == "forbidden"
    not_an_object = phone.call("join", "let me in")
    assert not_an_object["ok"] is False and not_an_object["code"] == "bad_message"
    assert "JSON object" in not_an_object["reason"]
    unknown = phone.call("dance", {})
    assert unknown["ok"] is False and unknown["code"] == "unknown_event"
    bad_command = host.call("command", {"type": "start", "now": True})
    assert bad_command["ok"] is False and bad_command["code"] == "bad_message"

    # Each refusal was also sent as an `error` event, in order.
    codes = [error["code"] for error in phone.errors]
    assert codes == ["forbidden", "bad_message", "unknown_event"]
    assert [error["code"] for error in host.errors] == ["bad_message"]
    phone.close()
    host.close()


def test_host_namespace_refuses_a_wrong_key(eventlet_server: LiveServer) -> None:
    with pytest.raises(socketio.exceptions.ConnectionError):
        Peer(eventlet_server, "/host", auth={"key": "not-the-key"})
