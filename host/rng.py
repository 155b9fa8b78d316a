"""A seeded random generator that is a plain integer, so it lives inside game state.

Game engines are pure: they may not call `random`. They keep an `int` in their
state and draw from it with these functions, which return the drawn value and
the next generator state. The algorithm is SplitMix64: tiny, fast, and good
enough for shuffles and picks; the same seed gives the same game on every
machine and Python version.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """The generator state for a user-facing seed."""
    return seed & _MASK


def next_u64(state: int) -> tuple[int, int]:
    """Draw 64 random bits: returns (value, new_state)."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n), without modulo bias: returns (value, new_state)."""
    if n <= 0:
        raise ValueError("randbelow needs n > 0")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def choice(state: int, items: Sequence[T]) -> tuple[T, int]:
    """A uniformly chosen item: returns (item, new_state)."""
    index, state = randbelow(state, len(items))
    return items[index], state


def shuffled(state: int, items: Sequence[T]) -> tuple[list[T], int]:
    """A Fisher-Yates shuffled copy: returns (list, new_state)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j, state = randbelow(state, i + 1)
        out[i], out[j] = out[j], out[i]
    return out, state


def derive(seed: int, label: str) -> int:
    """An independent generator state for a named purpose (e.g. a bot's seat)."""
    state = seed_state(seed)
    for ch in label.encode():
        value, state = next_u64(state ^ ch)
        state ^= value
    return state
