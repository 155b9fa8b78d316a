"""Every host command sent by a player or an anonymous client is refused and changes nothing."""

from __future__ import annotations

import pytest
import socketio

from tests.core.helpers import journal_count, phones_game, stable_view
from tests.live import Peer

HOST_COMMANDS = [
    {"type": "start"}, {"type": "pause"}, {"type": "resume"}, {"type": "undo"},
    {"type": "skip"}, {"type": "continue"}, {"type": "end"},
    {"type": "override", "seat": 1, "correct": True}, {"type": "release", "seat": 1},
]
HOST_EVENTS = ["create", "command", "games"]


def test_players_and_anonymous_clients_cannot_command(server) -> None:
    host, game_id, phones = phones_game(server)
    player = phones[0]
    anonymous = Peer(server, "/seat")
    screen = Peer(server, "/screen")
    rows, view = journal_count(server, game_id), stable_view(server, game_id)
    refusals = 0
    for command in HOST_COMMANDS:
        for client in (player, anonymous):
            ack = client.call("action", dict(command))
            assert ack["ok"] is False and ack["reason"], (command, ack)
            refusals += 1
        for client in (player, anonymous, screen):
            for event in HOST_EVENTS:
                ack = client.call(event, {"game": game_id, **command})
                assert ack["ok"] is False and ack["code"] == "unknown_event", (event, ack)
                refusals += 1
    assert refusals == len(HOST_COMMANDS) * (2 + 3 * len(HOST_EVENTS))
    # Each refusal also came as an `error` event to its sender.
    assert len(player.errors) == len(HOST_COMMANDS) * (1 + len(HOST_EVENTS))
    assert journal_count(server, game_id) == rows
    assert stable_view(server, game_id) == view
    # The host itself may.
    assert host.call("command", {"game": game_id, "type": "pause"})["ok"]


@pytest.mark.parametrize("auth", [None, {}, {"key": ""}, {"key": "wrong-key"}, {"key": 12}])
def test_the_host_and_device_namespaces_need_the_host_key(server, auth) -> None:
    for namespace in ("/host", "/device"):
        with pytest.raises(socketio.exceptions.ConnectionError):
            Peer(server, namespace, auth=auth)


def test_a_player_cannot_act_for_another_seat(server) -> None:
    host, game_id, phones = phones_game(server)
    rows = journal_count(server, game_id)
    ack = phones[0].call("action", {"type": "answer", "value": 12, "seat": 1})
    assert ack["ok"] is False and ack["code"] == "forbidden"
    assert journal_count(server, game_id) == rows
    assert phones[1].call("action", {"type": "answer", "value": 12})["ok"]
    assert journal_count(server, game_id) == rows + 1


def test_a_rotated_host_key_takes_effect_at_once(server) -> None:
    from host.serve.cli import main

    old = server.key
    Peer(server, "/host", auth={"key": old}).close()
    assert main(["key", "--data", str(server.data), "--rotate"]) == 0
    new = server.key
    assert new != old
    with pytest.raises(socketio.exceptions.ConnectionError):
        Peer(server, "/host", auth={"key": old})
    Peer(server, "/host", auth={"key": new}).close()


def test_the_host_resets_the_question_memory_and_a_player_cannot(server) -> None:
    from host.quiz.memory import MEMORY_FILENAME, QuestionMemory

    with QuestionMemory(server.data / MEMORY_FILENAME) as memory:
        memory.mark_used(["fr-his-001", "fr-geo-002"])
    player = Peer(server, "/seat")
    assert player.call("reset_memory", {})["code"] == "unknown_event"
    host = Peer(server, "/host", auth={"key": server.key})
    assert host.call("reset_memory", {}) == {"ok": True, "forgotten": 2}
    with QuestionMemory(server.data / MEMORY_FILENAME) as memory:
        assert memory.used() == {}
