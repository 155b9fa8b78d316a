"""One row per person or team in a night's table (issue 42): a team's phone that plays
a game alone counts for its team, robots are listed after the people and never placed,
a team keeps its name from game to game (host/people/night.py, host/session/seats.py)."""

from __future__ import annotations

import urllib.error
import urllib.request
from typing import Any

import pytest

from host.people.night import NightRules, PlayedGame, csv_rows, standings
from tests.core.test_people import Phone, board, host_peer, win
from tests.live import LiveServer


def seats(*held: tuple[str, list[str]], team: bool) -> list[dict[str, Any]]:
    return [{"seat": n, "name": name, "phones": phones, "team": team}
            for n, (name, phones) in enumerate(held)]


def placed(*names: str) -> dict[str, Any]:
    """A finished game's result: `names` in seat order, first seat first, and so on."""
    return {"players": [{"seat": n, "name": name, "score": 10 - n, "place": n + 1}
                        for n, name in enumerate(names)]}


def test_a_teams_phone_alone_counts_for_its_team_once_per_game() -> None:
    team_game = PlayedGame("g1", "quiz-round", "over", seats(
        ("Les Ours", ["a1", "a2"]), ("Les Loups", ["b1", "b2"]), team=True),
        placed("Les Ours", "Les Loups"))
    # Then a buzzer board, one phone a seat: b2 first, a1, b1, a2.
    alone = PlayedGame("g2", "buzzer", "over", seats(
        ("Béa", ["b2"]), ("Ana", ["a1"]), ("Bob", ["b1"]), ("Alex", ["a2"]), team=False),
        placed("Béa", "Ana", "Bob", "Alex"))
    table = standings(NightRules(), [team_game, alone])["table"]
    # One row a team, named as a team; its points alone: its best member's (10, 6).
    assert [(r["id"], r["name"], r["points"], r["games"]) for r in table] == [
        ("team:a1", "Les Ours", 16, {"g1": 10, "g2": 6}),
        ("team:b1", "Les Loups", 16, {"g1": 6, "g2": 10})]
    assert [r["place"] for r in table] == [1, 1]
    assert [r["seat"] for r in table] == [None, None]  # no team colour in a game alone


def test_a_phone_alone_before_its_team_game_counts_for_that_team() -> None:
    alone = PlayedGame("g1", "buzzer", "over", seats(("Zoé", ["z"]), ("Ana", ["a1"]),
                                                     team=False), placed("Zoé", "Ana"))
    team_game = PlayedGame("g2", "quiz-round", "over", seats(
        ("Les Ours", ["a1", "a2"]), ("Zoé", ["z"]), team=True), placed("Les Ours", "Zoé"))
    table = standings(NightRules(), [alone, team_game])["table"]
    assert [(r["id"], r["name"], r["points"]) for r in table] == [
        ("team:z", "Zoé", 16), ("team:a1", "Les Ours", 16)]


def test_robots_play_but_take_no_place() -> None:
    game = PlayedGame("g1", "territory", "over", [
        {"seat": 0, "name": "Robot 1", "bot": 3},
        {"seat": 1, "name": "Ana", "phones": ["a1"]},
        {"seat": 2, "name": "Bob", "phones": ["b1"]},
        {"seat": 3, "name": "Chloé", "phones": ["c1"]}],
        {"players": [{"seat": 0, "name": "Robot 1", "score": 9, "place": 1},
                     {"seat": 1, "name": "Ana", "score": 5, "place": 2},
                     {"seat": 2, "name": "Bob", "score": 5, "place": 2},
                     {"seat": 3, "name": "Chloé", "score": 1, "place": 4}]})
    table = standings(NightRules(), [game])["table"]
    assert [(r["name"], r["place"], r["bot"]) for r in table] == [
        ("Ana", 1, False), ("Bob", 1, False), ("Chloé", 3, False), ("Robot 1", None, True)]
    rows = csv_rows({"standings": {"played": [{"game": "g1", "kind": "territory"}],
                                   "table": table}})
    assert rows[-1][:2] == ["", "Robot 1"]  # listed apart: no place


def test_a_team_named_by_the_host_keeps_its_name_in_the_next_game(server: LiveServer) -> None:
    """"Les Ours" in the first game of the night, "Jaune" on the next game's form: the
    team's phones bring its name; the table and the game's seats read it."""
    host = host_peer(server)
    night = host.call("night", {"name": "Jeudi"})["night"]
    a1, a2, b1, b2 = (Phone(server, n) for n in ("Ana", "Alex", "Bob", "Béa"))
    first = board(host, night, seats=2, teams=True, names=["Rouge", "Jaune"])
    for phone, seat in ((b1, 0), (b2, 0), (a1, 1), (a2, 1)):
        assert phone.join(first, seat)["ok"]
    assert host.call("command", {"game": first, "type": "rename", "seat": 1,
                                 "name": "Les Ours"})["ok"]
    win(host, first, seat=1)
    second = board(host, night, seats=2, teams=True, names=["Rouge", "Jaune"])
    for phone, seat in ((a2, 1), (a1, 1), (b1, 0), (b2, 0)):  # Alex comes back first
        assert phone.join(second, seat)["ok"]
    shown = server.get(f"/api/games/{second}")
    assert [s["name"] for s in shown["meta"]["seats"]] == ["Rouge", "Les Ours"]
    win(host, second, seat=0)
    table = server.get(f"/api/nights/{night}")["standings"]["table"]
    assert [(r["name"], r["points"]) for r in table] == [("Rouge", 16), ("Les Ours", 16)]
    # A name the host gives in this game stays this game's.
    third = board(host, night, seats=2, teams=True, names=["Rouge", "Jaune"])
    assert host.call("command", {"game": third, "type": "rename", "seat": 1,
                                 "name": "Les Grizzlis"})["ok"]
    assert a1.join(third, 1)["ok"]
    shown = server.get(f"/api/games/{third}")
    assert [s["name"] for s in shown["meta"]["seats"]] == ["Rouge", "Les Grizzlis"]


def test_a_team_keeps_its_captain_across_the_nights_games(server: LiveServer) -> None:
    """Issue 42: the captain was whichever phone followed first into the next game. A phone
    that led its team in the night's latest team game leads it again when it comes back,
    even after a teammate; a team whose captain is not there is led by its first phone."""
    host = host_peer(server)
    night = host.call("night", {"name": "Jeudi"})["night"]
    a1, a2, b1, b2 = (Phone(server, n) for n in ("Ana", "Alex", "Bob", "Béa"))
    first = board(host, night, seats=2, teams=True)
    for phone, seat in ((a1, 0), (a2, 0), (b1, 1), (b2, 1)):
        assert phone.join(first, seat)["ok"]
    win(host, first, seat=0)

    def captains(game: str) -> list[str | None]:
        seats = server.get(f"/api/games/{game}")["meta"]["seats"]
        return [next((p["name"] for p in s.get("team") or [] if p.get("captain")), None)
                for s in seats]

    assert captains(first) == ["Ana", "Bob"]
    second = board(host, night, seats=2, teams=True)
    assert a2.join(second, 0)["captain"] is True  # Alex comes back first: leads for now
    joined = a1.join(second, 0)
    assert joined["ok"] and joined["captain"] is True  # Ana, the team's captain, leads again
    assert b2.join(second, 1)["captain"] is True  # Bob is not here yet: Béa leads
    assert captains(second) == ["Ana", "Béa"]
    win(host, second, seat=1)
    third = board(host, night, seats=2, teams=True)
    for phone, seat in ((a2, 0), (b1, 1), (b2, 1), (a1, 0)):
        assert phone.join(third, seat)["ok"]
    assert captains(third) == ["Ana", "Béa"]  # the latest team game's captains


def test_a_game_for_an_ended_night_is_refused_in_words(server: LiveServer) -> None:
    """After "Terminer la soirée" a create naming that night says so by its name (the host
    page no longer sends it, tests/browser/test_night_seams_browser.py)."""
    host = host_peer(server)
    night = host.call("night", {"name": "Quiz du jeudi"})["night"]
    assert host.call("night_end", {"night": night})["ok"]
    refused = host.call("create", {"kind": "buzzer", "night": night,
                                   "seats": [{"name": "Rouge"}, {"name": "Bleu"}]})
    assert not refused["ok"]
    assert night not in refused["text"]["fr"] and night not in refused["text"]["en"]
    assert refused["text"]["fr"] == ("La soirée « Quiz du jeudi » est terminée : créez la "
                                     "partie hors soirée, ou ouvrez une nouvelle soirée.")
    assert refused["text"]["en"] == ("The night “Quiz du jeudi” is over: create the game "
                                     "outside any night, or open a new night.")
    assert host.call("create", {"kind": "buzzer", "seats": [{"name": "Rouge"},
                                                            {"name": "Bleu"}]})["ok"]


def test_the_nights_csv_needs_the_host_key(server: LiveServer) -> None:
    """Like a game's results: the header X-Tourelle-Key or ?key= (a plain download link)."""
    host = host_peer(server)
    night = host.call("night", {"name": "Jeudi"})["night"]
    url = f"{server.url}/api/nights/{night}.csv"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(url, timeout=5)
    assert refused.value.code == 403
    with urllib.request.urlopen(f"{url}?key={server.key}", timeout=5) as answer:
        assert answer.read().decode().startswith("place,name,id,seat,")
    asked = urllib.request.Request(url, headers={"X-Tourelle-Key": server.key})
    with urllib.request.urlopen(asked, timeout=5) as answer:
        assert answer.status == 200
