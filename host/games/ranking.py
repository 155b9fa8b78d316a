"""Places from an order: one rule for tied places in every game."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any


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


def by_score(scores: Sequence[int]) -> tuple[list[int], dict[int, int]]:
    """Seats best first (higher score, then lower seat number) and each seat's place."""
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    return order, places(order, lambda s: scores[s])


def scored_result(over: bool, names: Sequence[str], scores: Sequence[int]) -> dict[str, Any]:
    """The start of a result for a game won on points (the buzzer board, the quiz round):
    whether it is over, the players best first with their places, and the winner."""
    order, place = by_score(scores)
    return {
        "over": over,
        "players": [{"seat": s, "name": names[s], "score": scores[s], "place": place[s]}
                    for s in order],
        "winner": order[0] if order else None,
    }
