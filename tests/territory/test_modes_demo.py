"""`tourelle demo --headless --fast --json --mode M --map X --players N` for every mode, shipped
map and player count the mode allows: the game ends, every score is the sum of its territories'
values plus its bonuses, and the winner holds the top score."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from host.serve import cli
from host.serve.demo import run_headless
from host.territory.maps import shipped_map_names

PLAYERS = {"classic": (2, 3, 4), "duel": (2,), "campaign": (2, 3, 4)}
CASES = [(mode, name, players) for mode, counts in PLAYERS.items()
         for name in shipped_map_names() for players in counts]


def check_scores(result: dict) -> None:
    players = result["players"]
    for p in players:
        land = sum(t["value"] for t in p["territories"])
        assert p["score"] == land + p["bonus"], p
    top = max(p["score"] for p in players)
    winner = next(p for p in players if p["name"] == result["winner"])
    assert winner["score"] == top and winner["place"] == 1


@pytest.mark.slow
@pytest.mark.parametrize("mode, name, players", CASES)
def test_demo_ends_with_the_score_invariant(tmp_path: Path, mode, name, players) -> None:
    settings = None if mode == "classic" else {"mode": mode}
    for seed in (3,):  # one seeded demo per case (28 cases, ~2 s each, in `make test`)
        result = run_headless(seed, players=players, game_map=name, data_dir=tmp_path / str(seed),
                              settings=settings)
        assert result["status"] == "over"
        assert len(result["players"]) == players
        check_scores(result)


def test_demo_command_plays_a_campaign_and_prints_json(tmp_path: Path, capsys) -> None:
    code = cli.main(["demo", "--headless", "--fast", "--seed", "3", "--json", "--mode", "campaign",
                     "--players", "3", "--data", str(tmp_path)])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    check_scores(result)
    # Campaign values: castles 1000, conquered land 200, leftovers 300; nothing becomes 400.
    values = {t["value"] for p in result["players"] for t in p["territories"]}
    assert values <= {200, 300, 1000} and 1000 in values


def test_demo_command_refuses_a_duel_for_three(tmp_path: Path, capsys) -> None:
    code = cli.main(["demo", "--headless", "--fast", "--json", "--mode", "duel", "--players", "3",
                     "--data", str(tmp_path)])
    assert code == 2
    assert "duel mode is for 2 players, not 3" in capsys.readouterr().err
    assert not (tmp_path / "journal.sqlite").exists()


def test_demo_duel_defaults_to_two_players(tmp_path: Path, capsys) -> None:
    code = cli.main(["demo", "--headless", "--fast", "--seed", "7", "--json", "--mode", "duel",
                     "--data", str(tmp_path)])
    assert code == 0
    result = json.loads(capsys.readouterr().out)
    assert len(result["players"]) == 2
    check_scores(result)
