"""A colour tapped by mistake is cheap: a phone leaves its seat (or its team) in the lobby and
takes another; once the game runs only the host frees a seat. A real server, real Socket.IO
phones, the real journal."""

from __future__ import annotations

from tests.core.test_people import Phone, board, host_peer
from tests.live import LiveServer


def seat_names(server: LiveServer, game: str) -> list[str]:
    return [s["name"] for s in server.get(f"/api/games/{game}")["meta"]["seats"]]


def test_a_phone_leaves_its_colour_in_the_lobby_and_takes_another(server: LiveServer) -> None:
    host = host_peer(server)
    game = board(host, None, names=["Les Castors", "Les Loutres", "Les Hérons"])
    zoe, other = Phone(server, "Zoé"), Phone(server, "Bob")
    assert zoe.join(game, 0)["ok"]
    assert seat_names(server, game)[0] == "Zoé"  # the phone named its seat
    assert other.join(game, 0)["code"] == "taken"

    left = zoe.call("leave", {})
    assert left == {"ok": True, "game": game, "seat": 0}
    # The seat is free again, under the name it had before the phone named it.
    assert seat_names(server, game) == ["Les Castors", "Les Loutres", "Les Hérons"]
    assert other.join(game, 0)["ok"]
    moved = zoe.join(game, 1)
    assert moved["ok"] and moved["seat"] == 1 and not moved["rejoined"]
    assert seat_names(server, game) == ["Bob", "Zoé", "Les Hérons"]
    # Its actions now go for its new seat only: the old one's room no longer hears it.
    assert zoe.call("leave", {})["ok"] and zoe.call("leave", {})["code"] == "forbidden"


def test_a_team_phone_leaves_its_team_in_the_lobby(server: LiveServer) -> None:
    host = host_peer(server)
    game = board(host, None, teams=True, names=["Rouges", "Bleus"])
    ana, alex = Phone(server, "Ana"), Phone(server, "Alex")
    assert ana.join(game, 0)["ok"] and alex.join(game, 0)["ok"]
    assert alex.call("leave", {})["ok"]
    team = server.get(f"/api/games/{game}")["meta"]["seats"][0]["team"]
    assert [phone["name"] for phone in team] == ["Ana"]  # the team keeps its other phone
    assert seat_names(server, game) == ["Rouges", "Bleus"]  # and its name
    assert alex.join(game, 1)["ok"]
    team = server.get(f"/api/games/{game}")["meta"]["seats"][1]["team"]
    assert [phone["name"] for phone in team] == ["Alex"]


def test_once_the_game_runs_leaving_is_refused_in_both_languages(server: LiveServer) -> None:
    host = host_peer(server)
    game = board(host, None, names=["Les Castors", "Les Loutres"])
    zoe = Phone(server, "Zoé")
    assert zoe.join(game, 0)["ok"]
    assert host.call("command", {"game": game, "type": "start"})["ok"]
    refused = zoe.call("leave", {})
    assert refused["ok"] is False and refused["code"] == "illegal"
    assert refused["text"]["fr"].startswith("La partie a commencé")
    assert "host" in refused["text"]["en"]
    assert seat_names(server, game)[0] == "Zoé"
    again = zoe.join(game)  # still its seat
    assert again["ok"] and again["seat"] == 0 and again["rejoined"]
    assert Phone(server, "Bob").call("leave", None)["code"] == "forbidden"  # never joined
