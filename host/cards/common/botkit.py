"""Pieces every card bot uses: the start of a turn, the bot built on a game's own choice,
and choosing the best-scored move with noise for weaker levels."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from host import rng
from host.games.contract import Event, Game


@dataclass(frozen=True)
class Turn:
    """A bot's turn as every card bot starts it: its legal moves, its level's parameters
    (the first is the share of random moves), whether this move is a random one, and the
    generator state after that draw."""

    actions: list[Event]
    level: tuple[Any, ...]
    random: bool
    rng: int


def start_turn(game: Game, state: Any, seat: int, level: int,
               levels: Mapping[int, tuple[Any, ...]], rng_state: int) -> Turn | None:
    """None when the seat has no legal move (the generator is then left as it was)."""
    if level not in levels:
        raise ValueError(f"bot level must be 1..5, not {level!r}")
    actions = game.legal_actions(state, seat)
    if not actions:
        return None
    params = levels[level]
    roll, rng_state = rng.next_u64(rng_state)
    return Turn(actions, params, roll / 2**64 < params[0], rng_state)


# (state, seat, turn) -> (event, generator state): how a game's bot picks among its moves.
Choice = Callable[[Any, int, Turn], tuple[Event, int]]
BotMove = Callable[[Game, Any, int, int, int], tuple[Event | None, int]]


def card_bot(levels: Mapping[int, tuple[Any, ...]], choose: Choice) -> BotMove:
    """A card game's `bot_move(game, state, seat, level, rng_state)`: no move (None, the
    generator as it was) when the seat has no legal move, else `choose(state, seat, turn)`."""

    def bot_move(game: Game, state: Any, seat: int, level: int,
                 rng_state: int) -> tuple[Event | None, int]:
        turn = start_turn(game, state, seat, level, levels, rng_state)
        if turn is None:
            return None, rng_state
        return choose(state, seat, turn)

    return bot_move


def best_move(actions: Sequence[Event], score: Callable[[Event], float], noise: float,
              rng_state: int) -> tuple[Event, int]:
    """The best-scored action; each score is blurred by `noise` (a weaker bot's misjudgement)
    and equal best scores are broken at random. Returns (action, new generator state)."""
    best: list[Event] = []
    best_score = float("-inf")
    for action in actions:
        value = score(action)
        if noise:
            roll, rng_state = rng.next_u64(rng_state)
            value += noise * (roll / 2**64 - 0.5)
        if value > best_score + 1e-9:
            best, best_score = [action], value
        elif value > best_score - 1e-9:
            best.append(action)
    return rng.choice(rng_state, best)
