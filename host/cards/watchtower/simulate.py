"""Bot-against-bot games for `tourelle cards simulate` (the caller does the timing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from host import rng
from host.cards.watchtower.bots import bot_move
from host.cards.watchtower.game import Watchtower
from host.cards.watchtower.state import State
from host.cards.tally import Tally, bot_levels


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
    levels = bot_levels(levels, players)
    game = Watchtower()
    tally = Tally(players)
    for index in range(games):
        state = play_game(game, settings or {}, levels, rng.derive(seed, f"game:{index}"))
        result = game.result(state)
        scores = [0] * players
        for entry in result["players"]:
            scores[entry["seat"]] = entry["score"]
        tally.add(result["winner"], scores, result["moves"], end=result["end"])
    return tally.summary(game.name, levels=levels) | {"ends": tally.ends}
