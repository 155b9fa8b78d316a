"""Counting bot games for `tourelle cards simulate`: one tally shared by every card game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any


def bot_levels(levels: Sequence[int] | None, players: int, default: int = 5) -> list[int]:
    """One bot level per player (all `default` when none are given)."""
    chosen = list(levels) if levels is not None else [default] * players
    if len(chosen) != players:
        raise ValueError("give one bot level per player")
    return chosen


@dataclass
class Tally:
    """Wins per seat, draws, how games ended, average score and moves."""

    players: int
    games: int = 0
    draws: int = 0
    moves: int = 0
    wins: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    ends: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins = [0] * self.players
        self.scores = [0] * self.players

    def add(self, winner: int | None, scores: Sequence[int], moves: int,
            end: object = None) -> None:
        """One finished game; `winner` None is a draw, a seat outside the table is not counted
        as a seat's win (the caller counts it, e.g. Challengers' robot)."""
        self.games += 1
        self.moves += moves
        if winner is None:
            self.draws += 1
        elif 0 <= winner < self.players:
            self.wins[winner] += 1
        for seat, score in enumerate(scores):
            self.scores[seat] += score
        if end is not None:
            self.ends[str(end)] = self.ends.get(str(end), 0) + 1

    def summary(self, name: str, **extra: Any) -> dict[str, Any]:
        count = self.games or 1
        return {
            "game": name,
            "games": self.games,
            "players": self.players,
            **extra,
            "wins": self.wins,
            "draws": self.draws,
            "average_score": [score / count for score in self.scores],
            "average_moves": self.moves / count,
        }
