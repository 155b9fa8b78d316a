"""A game as the host form asks for it: the `/host` `create` message, checked for its shape.

One reading for the two ways a game is asked for: the host form's `create` (now) and a
night plan's game (prepared ahead, host/room/plans.py), which is the same payload saved.
Whether the game can be made (seat counts, settings, questions) is the Hub's check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from host.people.teams import team_rules
from host.schema import BadMessage, check_field, require_dict

# The fields of a game's payload; a plan's game holds these (never `night` or `start`).
GAME_FIELDS = ("kind", "map", "seats", "settings", "language", "questions", "pace", "seed",
               "title", "teams", "team_answers")


@dataclass(frozen=True)
class GameRequest:
    kind: str
    seats: list[dict[str, Any]]
    options: dict[str, Any] = field(default_factory=dict)  # Hub.create_game's keywords
    start: bool = False


def read_seats(seats: Any) -> list[dict[str, Any]]:
    if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
        raise BadMessage("'seats' must be a list of objects like {\"name\": ..., \"bot\": 3}")
    for seat in seats:
        if "name" in seat:
            check_field("name", seat["name"], (str,))
        if "paper" in seat:  # a table without phones (a kind with paper_teams)
            check_field("paper", seat["paper"], (bool,))
            if seat["paper"] and seat.get("bot") is not None:
                raise BadMessage("a paper team is people, not a bot")
        if seat.get("bot") is not None:
            check_field("bot", seat["bot"], (int,))
            if not 1 <= seat["bot"] <= 5:
                raise BadMessage("a bot level is 1 to 5")
    return seats


def read_game(message: dict[str, Any]) -> GameRequest:
    """The `create` message (or a plan's game) as Hub.create_game's arguments; BadMessage
    says what is wrong with its shape."""
    kind = message.get("kind", "territory")
    check_field("kind", kind, (str,))
    seats = read_seats(message.get("seats"))
    settings = message.get("settings", {})
    require_dict(settings, "settings")
    options: dict[str, Any] = {"settings": settings}
    for name, types in (("map", (str,)), ("seed", (int,)), ("language", (str,)),
                        ("title", (str,))):
        if name in message:
            check_field(name, message[name], types)
            options["game_map" if name == "map" else name] = message[name]
    if "pace" in message:
        check_field("pace", message["pace"], (int, float))
        options["pace"] = float(message["pace"])
    if "questions" in message:
        options["questions"] = require_dict(message["questions"], "questions")
    try:
        rules = team_rules(message.get("teams"), message.get("team_answers"))
    except ValueError as err:
        raise BadMessage(str(err)) from None
    if rules.enabled:
        options["teams"] = rules
    if "night" in message:
        check_field("night", message["night"], (str,))
        options["night"] = message["night"]
    return GameRequest(kind, seats, options, bool(message.get("start")))


def as_plan_game(message: dict[str, Any]) -> dict[str, Any]:
    """A form's payload as a plan keeps it: its game's fields only, checked."""
    read_game(message)
    return {k: message[k] for k in GAME_FIELDS if k in message}
