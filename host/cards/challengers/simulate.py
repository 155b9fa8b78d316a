"""Bot-against-bot games for `tourelle cards simulate` (the caller does the timing)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from host import rng
from host.cards.challengers.bots import bot_move
from host.cards.challengers.game import Challengers
from host.cards.challengers.state import ROBOT, State
from host.cards.tally import Tally, bot_levels


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
    levels = bot_levels(levels, players)
    game = Challengers()
    tally = Tally(players)
    robot_wins = 0
    for index in range(games):
        state = play_game(game, settings or {}, levels, rng.derive(seed, f"game:{index}"))
        robot_wins += state.winner == ROBOT
        fans = [0] * players
        for side in state.players():
            if 0 <= side.seat < players:  # the robot's fans are not a seat's
                fans[side.seat] = side.total_fans()
        tally.add(state.winner, fans, state.step, end=state.end)
    return tally.summary(game.name, levels=levels, robot_wins=robot_wins) | {"ends": tally.ends}
