"""The checks Challengers!, Q Squared Joe NG and Watchtower make before their own rules:
the seats a game is dealt, the form of an event, and that a seat is in the game.

The refusals' English texts are the keys of their French (host/messages/fr.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

from host.games.contract import BadEvent, BadSettings, Event, GameError


class Seated(Protocol):
    @property
    def seat(self) -> int: ...


SeatedT = TypeVar("SeatedT", bound=Seated)


def check_seats(seats: list[dict[str, Any]], game: str, low: int, high: int) -> None:
    """Refuses fewer than `low` or more than `high` seats, and seats that do not each carry a
    distinct whole number `seat`."""
    if not low <= len(seats) <= high:
        raise BadSettings(f"{game} needs {low} to {high} players")
    numbers = [seat.get("seat") for seat in seats]
    if any(not isinstance(n, int) for n in numbers) or len(set(numbers)) != len(numbers):
        raise BadSettings("every seat needs a distinct whole number 'seat'")


def checked_event(state: Any, event: Event, actions: Sequence[str]) -> int | None:
    """The seat acting in `event`, or None for the Session's timeout.

    Refuses an event that is not a dict with a `type`, any event once the game is
    over, a type not in `actions` and a seat that is not a whole number. Whether
    that seat is in the game and may act now is the game's own rule.
    """
    if not isinstance(event, dict) or not isinstance(event.get("type"), str):
        raise BadEvent("an event must be a dict with a 'type'")
    if state.over:
        raise GameError("the game is over")
    if event["type"] == "timeout":
        return None
    if event["type"] not in actions:
        raise BadEvent(f"unknown event type {event['type']!r}; expected one of {actions}")
    seat = event.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise BadEvent("the event needs a whole number 'seat'")
    return seat


def at_seat(players: Iterable[SeatedT], seat: int) -> SeatedT:
    """The player (or side) at `seat`; refuses a seat that is not in the game."""
    for player in players:
        if player.seat == seat:
            return player
    raise GameError(f"there is no seat {seat!r} in this game")
