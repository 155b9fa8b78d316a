"""Bot-against-bot games for `tourelle cards simulate` (the caller does the timing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from host import rng
from host.cards.watchtower.bots import bot_move
from host.cards.watchtower.game import Watchtower
from host.cards.watchtower.state import State


def play_game(
    game: Watchtower,
    settings: dict[str, Any],
    levels: Sequence[int],
    seed: int,
) -> State:
    """One whole game between bots of the given levels (seat i plays at levels[i])."""
    seats = [{"seat": i, "name": f"Bot {i}", "bot": level} for i, level in enumerate(levels)]
    state = game.setup(settings, seats, seed)
    bot_rngs = {i: rng.derive(seed, f"bot:{i}") for i in range(len(levels))}
    while not game.is_over(state):
        seat = game.waiting_for(state)
        assert seat is not None
        event, bot_rngs[seat] = bot_move(game, state, seat, levels[seat], bot_rngs[seat])
        if event is None:  # cannot happen: the waited-for seat always has a move
            raise RuntimeError(f"seat {seat} found no legal move")
        state = game.apply(state, event)
    return state


def simulate(
    games: int,
    seed: int,
    players: int,
    levels: Sequence[int] | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Counts over `games` bot games: wins per seat, draws, ends, average score and moves."""
    levels = list(levels) if levels is not None else [5] * players
    if len(levels) != players:
        raise ValueError("give one bot level per player")
    game = Watchtower()
    wins = [0] * players
    scores = [0] * players
    ends: dict[str, int] = {}
    draws = moves = 0
    for index in range(games):
        state = play_game(game, settings or {}, levels, rng.derive(seed, f"game:{index}"))
        result = game.result(state)
        moves += result["moves"]
        ends[str(result["end"])] = ends.get(str(result["end"]), 0) + 1
        if result["winner"] is None:
            draws += 1
        else:
            wins[result["winner"]] += 1
        for entry in result["seats"]:
            scores[entry["seat"]] += entry["score"]
    return {
        "game": game.name,
        "games": games,
        "players": players,
        "levels": levels,
        "wins": wins,
        "draws": draws,
        "ends": ends,
        "average_score": [s / games if games else 0.0 for s in scores],
        "average_moves": moves / games if games else 0.0,
    }
