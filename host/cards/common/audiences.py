"""Audience names ("screen", "host", "seat:<n>") as the card games read them."""

from __future__ import annotations

from collections.abc import Callable

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
