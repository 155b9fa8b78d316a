"""Audiences as the card games read them: their names ("screen", "host", "seat:<n>"), and
a report with what one audience may not see blanked out."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from host.games.contract import BadEvent


def parse_audience(audience: str, check_seat: Callable[[int], object]) -> tuple[str, int | None]:
    """("screen" | "host", None) or ("seat", n); `check_seat(n)` raises for a seat not in
    the game. Refuses any other audience with BadEvent."""
    if audience in ("screen", "host"):
        return audience, None
    if audience.startswith("seat:"):
        try:
            seat = int(audience.removeprefix("seat:"))
        except ValueError:
            raise BadEvent(f"bad audience {audience!r}") from None
        check_seat(seat)
        return "seat", seat
    raise BadEvent(f"unknown audience {audience!r}; expected screen, host or seat:<n>")


def seat_of(audience: str) -> int | None:
    """The seat a "seat:<n>" audience is, None for the screen and the host."""
    return int(audience.removeprefix("seat:")) if audience.startswith("seat:") else None


def held_by_others(
    players: Iterable[Any], own: int | None, held: Callable[[Any], Iterable[str]]
) -> set[str]:
    """The cards every player but the seat `own` holds out of sight (`held(player)`: a hand,
    an army); every player's for the screen (`own` None)."""
    return {card for player in players if player.seat != own for card in held(player)}


def blank_hidden(report: Any, hidden: set[str]) -> Any:
    """The last move's report with every card now hidden from this audience blanked out
    (None), at any depth. A card the move showed may be back in hiding after it: in a
    hand, an army, the barracks."""
    if isinstance(report, str):
        return None if report in hidden else report
    if isinstance(report, list):
        return [blank_hidden(value, hidden) for value in report]
    if isinstance(report, dict):
        return {key: blank_hidden(value, hidden) for key, value in report.items()}
    return report


def outcome_fields(state: Any, hidden: set[str]) -> dict[str, Any]:
    """The fields Q Squared Joe NG's and Watchtower's views end with: whether and how the game
    ended, its winner, and the last move's report with what this audience may not see blanked."""
    return {
        "over": state.over,
        "winner": state.winner,
        "end": state.end,
        "last": blank_hidden(state.last, hidden),
    }
