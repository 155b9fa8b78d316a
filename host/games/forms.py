"""Settings as form fields: what the host page shows for each game kind.

A kind declares its rule settings as a small schema (`choice`, `integer`,
`boolean`, each with a French and English label); the host page turns it into
form fields (GET /api/kinds). The engines still check their settings
themselves: this schema describes them for people, it is not the rules'
authority.
"""

from __future__ import annotations

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
        "settings": [dict(field) for field in kind.settings],
    }


def defaults(kind: GameKind) -> dict[str, Any]:
    """Every setting at its default value."""
    return {field["key"]: field["default"] for field in kind.settings}

