"""Places from an order: one rule for tied places in every game."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence


def places(order: Sequence[int], key: Callable[[int], Hashable]) -> dict[int, int]:
    """Each seat's place, `order` being the seats best first: seats next to each other
    in `order` with equal keys share a place, and the next place skips (1, 1, 3)."""
    found: dict[int, int] = {}
    for index, seat in enumerate(order):
        before = order[index - 1] if index else None
        if before is not None and key(before) == key(seat):
            found[seat] = found[before]
        else:
            found[seat] = index + 1
    return found
