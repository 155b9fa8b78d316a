"""Seeded bot games on every available map for 2, 3 and 4 players.

Each game is driven like the Session would (see `play_bot_game` in conftest):
invariants are checked after every event and every game must end. The number
of games per (map, player count) is TOURELLE_RANDOM_GAMES (default 1000).
"""

from __future__ import annotations

import os

import pytest

from host.territory.board import Board
from host.territory.gamemap import GameMap
from host.territory.mapgen import generate_map
from host.territory.maps import load_map, shipped_map_names
from host.territory.setup import draw_castles

GAMES = int(os.environ.get("TOURELLE_RANDOM_GAMES", "1000"))

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
    for seed in range(GAMES):
        final, events = kit.play_bot_game(game, players, seed)
        assert game.is_over(final)
        result = game.result(final)
        ranks = sorted(p["place"] for p in result["players"])
        assert ranks == list(range(1, players + 1))  # never a tie at the end
        rounds_seen.add(final.round)
    assert GAMES == 0 or max(rounds_seen) >= 1
