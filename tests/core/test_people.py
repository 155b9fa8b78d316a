"""People, not colours (issue 27): a night's totals follow a player or a team from seat to
seat, a phone's name names its seat before and after the start, the host renames at any
time, rude names are refused. A real server, real Socket.IO phones, the real journal."""

from __future__ import annotations

import secrets
from typing import Any

from host.people.night import Rule, game_points
from host.people.teams import member_id
from host.session.core import token_hash
from tests.live import LiveServer, Peer


def host_peer(server: LiveServer) -> Peer:
    return Peer(server, "/host", auth={"key": server.key})


def results(server: LiveServer, game: str) -> dict[str, Any]:
    return server.get(f"/api/games/{game}/results.json?key={server.key}")


class Phone(Peer):
    """A phone with its own token, as a person carries it from game to game."""

    def __init__(self, server: LiveServer, name: str) -> None:
        super().__init__(server, "/seat")
        self.name = name
        self.token = secrets.token_hex(12)
        self.member = member_id(token_hash(self.token))

    def join(self, game: str, seat: int | None = None, name: str | None = None) -> Any:
        message: dict[str, Any] = {"game": game, "token": self.token,
                                   "name": self.name if name is None else name}
        if seat is not None:
            message["seat"] = seat
        return self.call("join", message)


def board(host: Peer, night: str | None, seats: int = 3, start: bool = False,
          teams: bool = False, names: list[str] | None = None) -> str:
    message: dict[str, Any] = {"kind": "buzzer", "start": start, "teams": teams,
                               "seats": [{"name": n} for n in (names or [""] * seats)]}
    if night is not None:
        message["night"] = night
    created = host.call("create", message)
    assert created["ok"], created
    return str(created["game"])


def win(host: Peer, game: str, seat: int, start: bool = True) -> None:
    """`seat` answers one question right, then the host ends the game."""
    if start:
        assert host.call("command", {"game": game, "type": "start"})["ok"]
    for command in ({"type": "open", "mode": "first"}, {"type": "buzz", "seat": seat},
                    {"type": "right"}, {"type": "end"}):
        reply = host.call("command", {"game": game, **command})
        assert reply["ok"], (command, reply)


def own_points(server: LiveServer, games: list[str], ident: str) -> int:
    """A player's points computed apart from the night: from each game's results (who sat
    where, its places), by the default rule."""
    total = 0
    for game in games:
        found = results(server, game)
        seat = next((p["seat"] for p in found["players"] if p["id"] == ident), None)
        if seat is not None:
            total += game_points(Rule(), {"players": found["players"]})[seat]
    return total


def test_a_player_who_changes_colour_keeps_their_total(server: LiveServer) -> None:
    host = host_peer(server)
    night = host.call("night", {"name": "Jeudi"})["night"]
    ana, bob, chloe = (Phone(server, n) for n in ("Ana", "Bob", "Chloé"))
    first = board(host, night)
    for seat, phone in enumerate((ana, bob, chloe)):
        assert phone.join(first, seat)["ok"]
    win(host, first, seat=0)  # Ana (red) wins the first game
    second = board(host, night, start=True)  # "create and start"
    for seat, phone in ((2, ana), (0, bob), (1, chloe)):  # everybody changes colour
        joined = phone.join(second, seat)
        assert joined["ok"] and joined["seat"] == seat and joined["name"] == phone.name
    win(host, second, seat=0, start=False)  # Bob, now red, wins the second

    table = server.get(f"/api/nights/{night}")["standings"]["table"]
    by_name = {row["name"]: row for row in table}
    assert set(by_name) == {"Ana", "Bob", "Chloé"}
    # Ana: 10 then 6 (2nd, tied); Bob: 6 then 10; Chloé: 6 and 6. Red's 20 is nobody's.
    assert {n: r["points"] for n, r in by_name.items()} == {"Ana": 16, "Bob": 16, "Chloé": 12}
    assert by_name["Ana"]["games"] == {first: 10, second: 6}
    assert by_name["Ana"]["id"] == f"phone:{ana.member}" and by_name["Ana"]["seat"] == 2
    assert [r["place"] for r in table] == [1, 1, 3]
    for phone in (ana, bob, chloe):
        ident = f"phone:{phone.member}"
        assert by_name[phone.name]["points"] == own_points(server, [first, second], ident)
    # The second game's seats show the names the phones typed, after "create and start".
    shown = server.get(f"/api/games/{second}")
    assert [s["name"] for s in shown["meta"]["seats"]] == ["Bob", "Chloé", "Ana"]
    csv_text = urlopen_text(f"{server.url}/api/nights/{night}.csv?key={server.key}")
    assert csv_text.splitlines()[0].startswith("place,name,id,seat,")
    assert f"Ana,phone:{ana.member},2," in csv_text


def urlopen_text(url: str, headers: dict[str, str] | None = None) -> str:
    import urllib.request
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=5) as answer:
        return str(answer.read().decode())


def test_a_team_that_changes_colour_and_captain_keeps_its_identity(server: LiveServer) -> None:
    host = host_peer(server)
    night = host.call("night", {"name": "Équipes"})["night"]
    a1, a2, b1, b2 = (Phone(server, n) for n in ("Alice", "Anton", "Bruno", "Béa"))
    first = board(host, night, seats=2, teams=True, names=["Les Aigles", "Les Blaireaux"])
    for phone, seat in ((a1, 0), (a2, 0), (b1, 1), (b2, 1)):
        assert phone.join(first, seat)["ok"]
    win(host, first, seat=0)
    # Next game: the teams swap colours, Anton captains the eagles, Bea the badgers.
    second = board(host, night, seats=2, teams=True, names=["Rouge", "Bleu"])
    for phone, seat in ((b2, 0), (a2, 1), (a1, 1)):
        assert phone.join(second, seat)["ok"]
    assert host.call("command", {"game": second, "type": "rename", "seat": 1,
                                 "name": "Les Aigles"})["ok"]
    win(host, second, seat=1)
    table = server.get(f"/api/nights/{night}")["standings"]["table"]
    # The badgers' phones brought their name to the next game (issue 42).
    assert [(r["id"], r["name"], r["points"], r["seat"]) for r in table] == [
        (f"team:{a1.member}", "Les Aigles", 20, 1),
        (f"team:{b1.member}", "Les Blaireaux", 12, 0)]


def test_names_after_the_start_renames_and_restart(server: LiveServer) -> None:
    host = host_peer(server)
    game = board(host, None, seats=2, start=True)  # unnamed seats: generated names
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": game})["ok"]
    generated = [s["name"] for s in screen.wait_for(lambda s: s["view"])["meta"]["seats"]]
    assert all(not name.startswith("#") and " " in name for name in generated), generated
    zoe = Phone(server, "Zoé 🦊 des Grands Champs Verts")  # 30 characters: 24 kept
    joined = zoe.join(game, 0)
    assert joined["ok"] and joined["name"] == "Zoé 🦊 des Grands Champs Verts"[:24].strip()
    name = joined["name"]

    def named(state: dict[str, Any], seat: int, wanted: str) -> bool:
        scores = (state.get("view") or {}).get("scores")
        entries = [s for s in state["meta"]["seats"] if s["seat"] == seat]
        return (bool(entries) and entries[0]["name"] == wanted
                and (scores is None or scores[seat]["name"] == wanted))

    screen.wait_for(lambda s: named(s, 0, name))
    zoe.wait_for(lambda s: s["meta"]["seats"][0]["name"] == name)
    for command in ({"type": "open", "mode": "first"}, {"type": "buzz", "seat": 1},
                    {"type": "wrong"}):
        assert host.call("command", {"game": game, **command})["ok"]
    # The host renames the other seat while the game runs; the buzzer's floor says it too.
    assert host.call("command", {"game": game, "type": "rename", "seat": 1,
                                 "name": "Les Castors"})["ok"]
    screen.wait_for(lambda s: named(s, 1, "Les Castors"))
    # Undo takes back the host's "wrong" (journaled before the rename), not the new name.
    assert host.call("command", {"game": game, "type": "undo"})["ok"]
    floor = screen.wait_for(lambda s: (s["view"] or {}).get("floor") == 1
                            and s["view"].get("floor_name") == "Les Castors")
    assert named(floor, 1, "Les Castors")
    assert host.call("command", {"game": game, "type": "right"})["ok"]
    server.kill()
    server.start()
    shown = server.get(f"/api/games/{game}")
    assert named(shown, 0, name) and named(shown, 1, "Les Castors")
    host = host_peer(server)
    assert host.call("command", {"game": game, "type": "end"})["ok"]
    assert [p["name"] for p in results(server, game)["players"]] == ["Les Castors", name]
    # Renamed once over: the stored result says so (a night's table reads it).
    assert host.call("command", {"game": game, "type": "rename", "seat": 1,
                                 "name": ""})["ok"]
    over = results(server, game)["players"]
    assert over[0]["name"] not in ("", "Les Castors") and over[0]["seat"] == 1


def test_rude_names_are_refused_and_replaced(server: LiveServer) -> None:
    host = host_peer(server)
    game = board(host, None, seats=6)
    for seat, rude in enumerate(["C0NN4RD", "Gros   con", "enculé!"]):
        phone = Phone(server, rude)
        joined = phone.join(game, seat)
        assert joined["ok"] and joined["name"] != rude, joined
        assert "not accepted" in joined["name_refused"]["en"]
        assert joined["name"] in joined["name_refused"]["fr"]
        assert server.get(f"/api/games/{game}")["meta"]["seats"][seat]["name"] == joined["name"]
    assert Phone(server, "Constance").join(game, 3)["name"] == "Constance"
    added = host.call("block_name", {"word": "Brocoli"})
    assert added["ok"] and added["word"] == "brocoli" and "brocoli" in added["words"]
    assert not host.call("block_name", {"word": "two words"})["ok"]
    refused = Phone(server, "BROCÔLI").join(game, 4)
    assert "name_refused" in refused and refused["name"] != "BROCÔLI"
    assert (server.data / "names-blocked.txt").read_text().split() == ["brocoli"]
    blank = Phone(server, "").join(game, 5)  # no name typed: the seat's made-up one
    seat_name = server.get(f"/api/games/{game}")["meta"]["seats"][5]["name"]
    assert blank["ok"] and blank["name"] == seat_name and not seat_name.startswith("#")
