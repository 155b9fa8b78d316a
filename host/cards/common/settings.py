"""The settings checks Challengers!, Q Squared Joe NG and Watchtower write alike.

The refusals' English texts are the keys of their French (host/messages/fr.py).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from host.games.contract import BadSettings


def refuse_unknown(data: dict[str, Any], settings_class: type) -> None:
    """Refuses a setting the game's `Settings` dataclass has no field for."""
    unknown = sorted(set(data) - {field.name for field in fields(settings_class)})
    if unknown:
        raise BadSettings(f"unknown setting(s): {', '.join(unknown)}")


def check_turn_seconds(seconds: object) -> None:
    """A decision's time limit is a positive number, or None for no limit."""
    if seconds is not None and (not isinstance(seconds, (int, float)) or seconds <= 0):
        raise BadSettings("turn_seconds must be a positive number, or null")
