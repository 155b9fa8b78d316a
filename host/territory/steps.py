"""The territory rules' smallest steps: a new stage (hence a new timer id), a question asked,
a territory's owner and value, a seat's score. Each builds a new state; none decides."""

from __future__ import annotations

from typing import Any

from host.territory.state import (
    Question,
    TerritoryState,
    evolve,
)


def next_stage(state: TerritoryState, stage: str, **changes: Any) -> TerritoryState:
    """A new stage with a new sequence number, hence a new timer id."""
    return evolve(state, stage=stage, seq=state.seq + 1, **changes)


def ask(state: TerritoryState, purpose: str, kind: str, seats: tuple[int, ...]) -> TerritoryState:
    request = Question(purpose, kind, f"q{state.seq + 1}", seats)
    return next_stage(state, "awaiting_question", question=request)


def set_territory(state: TerritoryState, index: int, owner: int, value: int) -> TerritoryState:
    return evolve(
        state, owners=with_item(state.owners, index, owner),
        values=with_item(state.values, index, value),
    )


def add_score(
    state: TerritoryState, seat: int, points: int, bonus: bool = False
) -> TerritoryState:
    players = tuple(
        evolve(p, score=p.score + points, bonus=p.bonus + (points if bonus else 0))
        if p.seat == seat
        else p
        for p in state.players
    )
    return evolve(state, players=players)


def with_item(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return items[:index] + (value,) + items[index + 1 :]
