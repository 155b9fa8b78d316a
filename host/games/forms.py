"""Settings as form fields: what the host page shows for each game kind.

A kind declares its rule settings as a small schema (`choice`, `integer`,
`boolean`, each with a French and English label); the host page turns it into
form fields (GET /api/kinds). The engines still check their settings
themselves: this schema describes them for people, it is not the rules'
authority.
"""

from __future__ import annotations

import json
from typing import Any

from host.games.contract import GameKind, Label


def label(fr: str, en: str) -> Label:
    return {"fr": fr, "en": en}


def choice(key: str, text: Label, default: str, *choices: tuple[str, Label]) -> dict[str, Any]:
    return {"key": key, "type": "choice", "default": default, "label": text,
            "choices": [{"value": value, "label": shown} for value, shown in choices]}


def integer(key: str, text: Label, default: int, low: int, high: int) -> dict[str, Any]:
    return {"key": key, "type": "int", "default": default, "label": text, "min": low,
            "max": high}


def boolean(key: str, text: Label, default: bool = False) -> dict[str, Any]:
    return {"key": key, "type": "bool", "default": default, "label": text}


def json_value(key: str, text: Label) -> dict[str, Any]:
    """A setting that is JSON (a list or an object): the kind's page script draws its
    editor (`settingEditor`), the command line takes it as JSON text; default: unset."""
    return {"key": key, "type": "json", "default": None, "label": text}


def describe(kind: GameKind) -> dict[str, Any]:
    """One kind as /api/kinds lists it."""
    return {
        "name": kind.name,
        "label": dict(kind.label),
        "min_seats": kind.min_seats,
        "max_seats": kind.max_seats,
        "map": kind.uses_map,
        "questions": kind.uses_questions,
        "bots": kind.bots,
        "leave_out": kind.leave_out,
        "paper": kind.paper_teams,
        "settings": [dict(field) for field in kind.settings],
    }


def defaults(kind: GameKind) -> dict[str, Any]:
    """Every setting at its default value."""
    return {field["key"]: field["default"] for field in kind.settings}



def parse_value(field: dict[str, Any], text: str) -> Any:
    """A setting typed on a command line (`key=value`), read as its field's type."""
    kind = field["type"]
    if kind == "int":
        try:
            number = int(text)
        except ValueError:
            raise ValueError(f"{field['key']} takes a whole number, not {text!r}") from None
        if not field["min"] <= number <= field["max"]:
            raise ValueError(f"{field['key']} is from {field['min']} to {field['max']}, "
                             f"not {number}")
        return number
    if kind == "bool":
        if text.lower() in ("1", "true", "yes", "on"):
            return True
        if text.lower() in ("0", "false", "no", "off"):
            return False
        raise ValueError(f"{field['key']} takes yes or no, not {text!r}")
    if kind == "json":
        try:
            return json.loads(text)
        except ValueError:
            raise ValueError(f"{field['key']} takes JSON, not {text!r}") from None
    if kind == "choice":
        allowed = [option["value"] for option in field["choices"]]
        if text not in allowed:
            raise ValueError(f"{field['key']} is one of {', '.join(allowed)}, not {text!r}")
    return text
