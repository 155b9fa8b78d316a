"""Who may send what to a game: the Session's role check, before the engine sees an event.

The edge (host/sockets/__init__.py) has checked the message's shape and bound a phone to its
seat; here the event's type is checked against the sender's role and the kind's
actions (host/games/contract.py: `host_actions`, `seat_actions`). It reads only the
kind and the seats, so it is tested on its own (tests/core/test_session_parts.py).
"""

from __future__ import annotations

from typing import Any

from host.games.contract import Event, GameKind
from host.session.terms import Origin, Outcome


def check_role(kind: GameKind, seats: list[dict[str, Any]], origin: Origin,
               event: Event) -> Outcome | None:
    """Who may send what: timers only time out, the host sends host commands (and a seat's
    action for a seat without a phone), a phone or a bot acts only for its own seat
    (`event["seat"]` is set to it here). None: allowed."""
    name = event["type"]
    role = origin.role
    if role == "timer":
        if name == "timeout":
            return None
        return Outcome.refuse("forbidden", "timers only time out")
    if role == "session":
        return None
    if name in ("timeout", "question"):
        return Outcome.refuse("forbidden", f"'{name}' comes from the host itself")
    if role == "host":
        if name in kind.host_actions:
            return None
        if name in kind.seat_actions and isinstance(event.get("seat"), int):
            return None  # the host may act for a seat whose player has no phone
        return Outcome.refuse("unknown_event", f"unknown host command {name!r}")
    if role in ("seat", "bot"):
        if name in kind.host_actions and name not in kind.seat_actions:
            # (Watchtower's seats end their turn with an `end`, the host ends the game with one)
            return Outcome.refuse("forbidden", f"only the host may send {name!r}")
        if name not in kind.seat_actions:
            return Outcome.refuse("unknown_event", f"unknown action {name!r}")
        if origin.seat is None:
            return Outcome.refuse("forbidden", "join a seat first")
        if "seat" in event and event["seat"] != origin.seat:
            return Outcome.refuse("forbidden", "you can only act for your own seat")
        if role == "bot" and not seats[origin.seat].get("bot"):
            return Outcome.refuse("forbidden", "that seat is not a bot")
        if role == "seat" and seats[origin.seat].get("bot"):
            return Outcome.refuse("forbidden", "a bot plays this seat now; ask the host "
                                               "to hand it back")
        event["seat"] = origin.seat
        return None
    return Outcome.refuse("forbidden", f"the {role} role cannot send {name!r}")
