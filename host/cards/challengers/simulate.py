"""Bot-against-bot games for `tourelle cards simulate` (the caller does the timing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from host import rng
from host.cards.challengers.bots import bot_move
from host.cards.challengers.game import Challengers
from host.cards.challengers.state import ROBOT, State


def play_game(
    game: Challengers,
    settings: dict[str, Any],
    levels: Sequence[int],
    seed: int,
) -> State:
    """One whole game between bots (seat i plays at levels[i]); seats act in seat order."""
    seats = [{"seat": i, "name": f"Bot {i}", "bot": level} for i, level in enumerate(levels)]
    state = game.setup(settings, seats, seed)
    bot_rngs = {i: rng.derive(seed, f"bot:{i}") for i in range(len(levels))}
    while not game.is_over(state):
        moved = False
        for seat in range(len(levels)):
            event, bot_rngs[seat] = bot_move(game, state, seat, levels[seat], bot_rngs[seat])
            if event is not None:
                state = game.apply(state, event)
                moved = True
                break
        if not moved:  # cannot happen: a running game always waits for some seat
            raise RuntimeError("no seat has a legal move")
    return state


def simulate(
    games: int,
    seed: int,
    players: int,
    levels: Sequence[int] | None = None,
    settings: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Counts over `games` bot games: wins per seat, robot wins, draws, average fans and moves."""
    levels = list(levels) if levels is not None else [5] * players
    if len(levels) != players:
        raise ValueError("give one bot level per player")
    game = Challengers()
    wins = [0] * players
    scores = [0] * players
    draws = robot_wins = moves = 0
    ends: dict[str, int] = {}
    for index in range(games):
        state = play_game(game, settings or {}, levels, rng.derive(seed, f"game:{index}"))
        moves += state.step
        ends[str(state.end)] = ends.get(str(state.end), 0) + 1
        if state.winner is None:
            draws += 1
        elif state.winner == ROBOT:
            robot_wins += 1
        else:
            wins[state.winner] += 1
        for side in state.players():
            scores[side.seat] += side.total_fans()
    return {
        "game": game.name,
        "games": games,
        "players": players,
        "levels": levels,
        "wins": wins,
        "robot_wins": robot_wins,
        "draws": draws,
        "ends": ends,
        "average_score": [s / games if games else 0.0 for s in scores],
        "average_moves": moves / games if games else 0.0,
    }
