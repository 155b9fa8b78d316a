"""Pieces every card bot uses: choosing the best-scored move, with noise for weaker levels."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from host import rng
from host.games.contract import Event


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
