"""A night: points per game, the running table, its CSV, and kill -9 (host/people/night.py)."""

from __future__ import annotations

import csv
import io
import urllib.request
from typing import Any

import pytest

from host.people.night import NightError, NightRules, PlayedGame, Rule, csv_rows, game_points, \
    parse_rules, standings
from tests.live import LiveServer, Peer


def result(*scores: int, places: list[int] | None = None) -> dict[str, Any]:
    players = [{"seat": seat, "name": ("Rouge", "Bleu", "Vert", "Jaune")[seat], "score": score}
               for seat, score in enumerate(scores)]
    if places is not None:
        for player, place in zip(players, places, strict=True):
            player["place"] = place
    return {"players": players}


def test_places_give_points_and_equal_scores_share_the_better_place() -> None:
    assert game_points(Rule(), result(5, 9, 1, 0)) == {1: 10, 0: 6, 2: 3, 3: 0}
    assert game_points(Rule(), result(7, 7, 1)) == {0: 10, 1: 10, 2: 3}
    # A result that ranks its players itself (a tie-break of its own) is followed.
    assert game_points(Rule(), result(7, 7, 1, places=[2, 1, 3])) == {0: 6, 1: 10, 2: 3}
    assert game_points(Rule(scale=0.1), result(1234, 56)) == {0: 123, 1: 6}


def test_the_table_adds_finished_games_only_with_each_kinds_rule() -> None:
    rules = parse_rules({"default": {"places": [5, 2]}, "territory": {"scale": 0.01}})
    seats = [{"seat": 0, "name": "Rouge"}, {"seat": 1, "name": "Bleu"}]
    games = [PlayedGame("g1", "buzzer", "over", seats, result(3, 1)),
             PlayedGame("g2", "territory", "over", seats, result(1000, 2500)),
             PlayedGame("g3", "buzzer", "running", seats, None)]
    table = standings(rules, games)
    assert [g["game"] for g in table["played"]] == ["g1", "g2"]
    assert [(t["seat"], t["points"], t["place"]) for t in table["table"]] == [(1, 27, 1),
                                                                               (0, 15, 2)]
    assert table["table"][0]["games"] == {"g1": 2, "g2": 25}
    rows = csv_rows({"standings": table})
    assert rows[0] == ["place", "name", "id", "seat", "buzzer:g1", "territory:g2", "total"]
    assert rows[1] == ["1", "Bleu", "name:Bleu", "1", "2", "25", "27"]  # no phone: its name


@pytest.mark.parametrize("rules", [[], {"default": {"places": []}}, {"quiz": {"scale": 0}},
                                   {"x": {"places": [1], "scale": 2}},
                                   {"x": {"places": [True]}}])
def test_bad_rules_are_refused(rules: Any) -> None:
    with pytest.raises(NightError):
        parse_rules(rules)


def test_rules_round_trip() -> None:
    rules = NightRules(Rule((3, 1)), {"buzzer": Rule(scale=2.0)})
    assert parse_rules(rules.as_json()) == rules


def play_board(host: Peer, night: str, winner: int, finish: bool = True) -> str:
    """A 3-team buzzer board in the night; `winner` answers one question right."""
    created = host.call("create", {"kind": "buzzer", "night": night, "start": True,
                                   "seats": [{"name": "Rouge"}, {"name": "Bleu"},
                                             {"name": "Vert"}]})
    assert created["ok"], created
    game = created["game"]
    for command in ({"type": "open", "mode": "first"}, {"type": "buzz", "seat": winner},
                    {"type": "right"}):
        assert host.call("command", {"game": game, **command})["ok"], command
    if finish:
        assert host.call("command", {"game": game, "type": "end"})["ok"]
    return str(game)


def table(server: LiveServer, night: str) -> list[tuple[int, str, int]]:
    got = server.get(f"/api/nights/{night}")
    return [(t["seat"], t["name"], t["points"]) for t in got["standings"]["table"]]


def test_a_night_of_two_games_survives_kill_9(server: LiveServer) -> None:
    host = Peer(server, "/host", auth={"key": server.key})
    opened = host.call("night", {"name": "Quiz du jeudi"})
    assert opened["ok"], opened
    night = opened["night"]
    first = play_board(host, night, winner=1)
    after_first = table(server, night)
    assert after_first == [(1, "Bleu", 10), (0, "Rouge", 6), (2, "Vert", 6)]

    server.kill()
    server.start()
    assert table(server, night) == after_first
    host = Peer(server, "/host", auth={"key": server.key})
    second = play_board(host, night, winner=2, finish=False)
    server.kill()  # in the middle of the second game: only the first one counts
    server.start()
    assert table(server, night) == after_first
    host = Peer(server, "/host", auth={"key": server.key})
    assert host.call("watch", {"game": second})["ok"]
    assert host.call("command", {"game": second, "type": "end"})["ok"]
    final = table(server, night)
    # Each game: the winner 10, the two others tied at 0 share 2nd place (6 each).
    assert {seat: points for seat, _, points in final} == {1: 16, 2: 16, 0: 12}

    # Every game of the night carries the table in its meta (the projector draws it).
    screen = Peer(server, "/screen")
    assert screen.call("watch", {"game": first})["ok"]
    shown = screen.wait_for(lambda s: (s["meta"].get("night") or {}).get("id") == night)
    assert shown["meta"]["night"]["standings"]["table"][0]["points"] == 16
    ended = host.call("night_end", {"night": night})
    assert ended["ok"] and ended["night"]["status"] == "over"
    screen.wait_for(lambda s: s["meta"]["night"]["status"] == "over")
    refused = host.call("create", {"kind": "buzzer", "night": night, "seats": [{}, {}]})
    assert not refused["ok"] and "is over" in refused["reason"]

    csv_url = f"{server.url}/api/nights/{night}.csv?key={server.key}"
    with urllib.request.urlopen(csv_url, timeout=5) as answer:
        rows = list(csv.reader(io.StringIO(answer.read().decode())))
    assert rows[0][-1] == "total" and len(rows) == 4
    assert sorted(row[-1] for row in rows[1:]) == ["12", "16", "16"]
