"""A player's message is small (4 KB at most); a host's `create` names every seat."""

from __future__ import annotations

from host.buzzer_board.state import MAX_SEATS
from tests.live import Peer


def test_a_host_creates_a_full_buzzer_board_with_long_names(server) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    seats = [{"name": f"Équipe numéro {i:03d} du fond"[:24]} for i in range(MAX_SEATS)]
    made = host.call("create", {"kind": "buzzer", "seats": seats})
    assert made["ok"], made  # about 18 KB: the 4 KB of a player's message refused 230 seats
    games = host.call("games", {})
    (made_game,) = [g for g in games["games"] if g["id"] == made["game"]]
    assert len(made_game["seats"]) == MAX_SEATS == 500


def test_an_oversized_create_or_player_message_is_refused_with_its_size(server) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    huge = host.call("create", {"kind": "buzzer", "seats": [{"name": "x" * 20}] * 4000})
    assert not huge["ok"] and huge["code"] == "bad_message"
    assert "too large" in huge["reason"] and "at most 65536" in huge["reason"]
    phone = Peer(server, "/seat")
    join = phone.call("join", {"game": "x", "token": "t" * 32, "pad": "y" * 5000})
    assert not join["ok"] and "at most 4096" in join["reason"]
