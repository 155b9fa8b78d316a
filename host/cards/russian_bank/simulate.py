"""Bot-versus-bot games for `tourelle cards simulate russian_bank` (the caller times them)."""

from __future__ import annotations

from typing import Any

from host import rng
from host.cards.russian_bank.bots import bot_move
from host.cards.russian_bank.game import RussianBank
from host.cards.russian_bank.state import State
from host.games.contract import GameError


def play_bot_game(
    game: RussianBank,
    seed: int,
    levels: tuple[int, int] = (3, 3),
    settings: dict[str, Any] | None = None,
) -> State:
    """One whole game between two bots; returns the final state."""
    seats = [{"seat": s, "name": f"Bot {s}", "bot": levels[s]} for s in (0, 1)]
    state = game.setup(settings or {}, seats, seed)
    generators = [rng.derive(seed, "russian-bank-bot-0"), rng.derive(seed, "russian-bank-bot-1")]
    while not game.is_over(state):
        event = None
        for seat in (1 - state.turn, state.turn):  # a waiting bot may call stop first
            event, generators[seat] = bot_move(game, state, seat, levels[seat], generators[seat])
            if event is not None:
                break
        if event is None:  # pragma: no cover - bots always have a move on their turn
            raise GameError("a bot found no move on its turn")
        state = game.apply(state, event)
    return state


def simulate(games: int, seed: int, players: int = 2, level: int = 3) -> dict[str, Any]:
    """Bot games from seeds seed, seed+1, ...: wins per seat, average score and moves."""
    if players != 2:
        raise ValueError("Russian Bank is played by exactly two players")
    game = RussianBank()
    wins = [0, 0]
    draws = 0
    points = [0, 0]
    moves = 0
    reasons: dict[str, int] = {}
    for index in range(games):
        final = play_bot_game(game, seed + index, (level, level))
        result = game.result(final)
        if result["winner"] is None:
            draws += 1
        else:
            wins[result["winner"]] += 1
        for seat in (0, 1):
            points[seat] += result["scores"][seat]
        moves += final.moves
        reasons[str(final.over)] = reasons.get(str(final.over), 0) + 1
    count = max(games, 1)
    return {
        "game": game.name,
        "games": games,
        "wins": wins,
        "draws": draws,
        "average_score": [points[0] / count, points[1] / count],
        "average_moves": moves / count,
        "endings": reasons,
    }
