"""The edge's shape check: a client message becomes a well-formed event or a clear refusal.

Types only: whether the action is legal now is the engine's business. A bool
is not accepted where an int is wanted (Python would let it through).
"""

from __future__ import annotations

import json
from typing import Any

MAX_MESSAGE_BYTES = 4096
# A host's `create` names every seat: the buzzer board's 500 seats of 24-character names
# are about 18 KB (the 4 KB of a player's message refused a 230-seat board).
MAX_CREATE_BYTES = 65536
MAX_STRING = 64


# A field whose allowed types include None may be left out (or sent as null).
OPTIONAL: type = type(None)


class BadMessage(ValueError):
    code = "bad_message"


def require_dict(payload: Any, what: str = "message",
                 limit: int = MAX_MESSAGE_BYTES) -> dict[str, Any]:
    if not isinstance(payload, dict):
        raise BadMessage(f"the {what} must be a JSON object")
    try:
        size = len(json.dumps(payload))
    except (TypeError, ValueError):
        raise BadMessage(f"the {what} is not plain JSON") from None
    if size > limit:
        raise BadMessage(f"the {what} is too large ({size} bytes, at most {limit})")
    return payload


def check_field(name: str, value: Any, types: tuple[type, ...]) -> None:
    if isinstance(value, bool) and bool not in types:
        raise BadMessage(f"field {name!r} must be {_names(types)}, not a boolean")
    if not isinstance(value, types):
        raise BadMessage(f"field {name!r} must be {_names(types)}")
    if isinstance(value, str) and len(value) > MAX_STRING:
        raise BadMessage(f"field {name!r} is too long (at most {MAX_STRING} characters)")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2**53:
        raise BadMessage(f"field {name!r} is out of range")


def parse_action(
    payload: Any, fields: dict[str, dict[str, tuple[type, ...]]], extra: dict[str, tuple[type, ...]]
) -> dict[str, Any]:
    """Check an action against the game's field table; returns a fresh event dict."""
    message = require_dict(payload, "action")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise BadMessage("an action needs a 'type' string")
    if kind not in fields:
        raise BadMessage(f"unknown action {kind[:MAX_STRING]!r}")
    allowed = {**fields[kind], **extra}
    event: dict[str, Any] = {"type": kind}
    for name, value in message.items():
        if name == "type":
            continue
        if name not in allowed:
            raise BadMessage(f"unexpected field {str(name)[:MAX_STRING]!r} in {kind!r}")
        check_field(name, value, allowed[name])
        event[name] = value
    missing = [name for name, types in fields[kind].items()
               if name not in event and name != "seat" and OPTIONAL not in types]
    if missing:
        raise BadMessage(f"{kind!r} needs field(s) {', '.join(missing)}")
    return event


# A field's types in a refusal's words ("an integer or a number"); host/messages/fr.py has
# their French, so a French page never reads "doit être an integer".
TYPE_WORDS: dict[Any, str] = {int: "an integer", str: "a string", bool: "true or false",
                              float: "a number", list: "a list", dict: "an object",
                              OPTIONAL: "null"}


def _names(types: tuple[type, ...]) -> str:
    return " or ".join(TYPE_WORDS.get(t, t.__name__) for t in types)
