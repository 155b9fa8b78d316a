"""Seeded bot games on every available map for 2, 3 and 4 players.

Each game is driven like the Session would (see `play_bot_game` in conftest):
invariants are checked after every event and every game must end. The number
of games per (map, player count) is TOURELLE_RANDOM_GAMES (default 1000; a tenth on
the shipped maps after the first, and a fortieth per mode and player count).
"""

from __future__ import annotations

import os

import pytest

from host.territory.board import Board
from host.territory.gamemap import GameMap
from host.territory.mapgen import generate_map
from host.territory.maps import load_map, shipped_map_names
from host.territory.setup import draw_castles

pytestmark = pytest.mark.random_play  # `make soak` plays these at 1,000 games

GAMES = int(os.environ.get("TOURELLE_RANDOM_GAMES", "1000"))
# The duel and campaign modes (docs/rules/territory.md, "Modes"): player counts each allows,
# and games per case: a fortieth of GAMES (25 in `make soak`, 7 in `make test`; 40 cases at
# ~50 ms a game).
MODE_PLAYERS = {"duel": (2,), "campaign": (2, 3, 4)}
MODE_GAMES = int(os.environ.get("TOURELLE_MODE_GAMES", str(max(1, GAMES // 40))))
# GAMES games on the first shipped map and the fixtures and generated maps; a tenth of that
# on the other shipped maps (100 each in `make soak`, 30 in `make test`): their rules are the
# same, their shapes are what is new, and 1,000 games on each would add minutes to every run.
FIRST_MAP = "shipped:france-regions"

FIXTURES = ["fixture:grid12", "fixture:ring8", "fixture:islands"]
SHIPPED = [f"shipped:{name}" for name in shipped_map_names()]
GENERATED = [f"generated:{size}" for size in (12, 24, 40)]


def build(spec: str, kit) -> GameMap:
    source, _, name = spec.partition(":")
    if source == "fixture":
        return kit.maps[name]()
    if source == "shipped":
        return load_map(name)
    return generate_map(int(name), seed=int(name))


def castle_room(game_map: GameMap, players: int) -> bool:
    """Whether the map can hold this many non-adjacent castles (else setup refuses it)."""
    try:
        draw_castles(Board.of(game_map), players, 1)
    except Exception:
        return False
    return True


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("spec", FIXTURES + SHIPPED + GENERATED)
def test_bot_games_end_and_keep_invariants(kit, spec, players):
    game_map = build(spec, kit)
    if not castle_room(game_map, players):
        pytest.skip(f"{spec} has no room for {players} castles")
    game = kit.TerritoryGame(game_map)
    rounds_seen = set()
    games = GAMES if spec == FIRST_MAP or not spec.startswith("shipped:") else max(1, GAMES // 10)
    for seed in range(games):
        final, events = kit.play_bot_game(game, players, seed)
        assert game.is_over(final)
        result = game.result(final)
        ranks = sorted(p["place"] for p in result["players"])
        assert ranks == list(range(1, players + 1))  # never a tie at the end
        rounds_seen.add(final.round)
    assert GAMES == 0 or max(rounds_seen) >= 1


@pytest.mark.parametrize("mode, players",
                         [(mode, n) for mode, counts in MODE_PLAYERS.items() for n in counts])
@pytest.mark.parametrize("spec", FIXTURES + SHIPPED + GENERATED)
def test_mode_bot_games_end_and_keep_invariants(kit, spec, mode, players):
    """The same seeded bot games in the duel and campaign modes, on every map."""
    game_map = build(spec, kit)
    if not castle_room(game_map, players):
        pytest.skip(f"{spec} has no room for {players} castles")
    game = kit.TerritoryGame(game_map)
    for seed in range(MODE_GAMES):
        final, _ = kit.play_bot_game(game, players, seed, settings={"mode": mode})
        assert game.is_over(final) and final.settings.mode == mode
        ranks = sorted(p["place"] for p in game.result(final)["players"])
        assert ranks == list(range(1, players + 1))


def test_every_real_map_is_played() -> None:
    """The real maps shipped (docs/MAPS.md) are all among the maps the games above use."""
    for name in ("france-regions", "france-regions-2015", "germany-states", "europe-countries"):
        assert f"shipped:{name}" in SHIPPED
