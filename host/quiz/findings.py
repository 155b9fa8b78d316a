"""What a check finds wrong in a question, and the small rules the kinds share.

Below host/quiz/validate.py and the kinds' own checks (host/quiz/ordering.py): each
names a finding the same way, and validate.py calls the kinds' checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Finding:
    """One thing wrong with a value: the field it is in and what is wrong."""

    field: str | None
    message: str


# A reader's names for YAML's types; bool before int (True is an int to Python).
_TYPE_NAMES: tuple[tuple[type, str], ...] = (
    (type(None), "empty (null)"),
    (bool, "a boolean (true/false)"),
    (int, "an integer"),
    (float, "a decimal number"),
    (str, "a string"),
    (list, "a list"),
    (dict, "a mapping"),
)


def describe_type(value: Any) -> str:
    """A reader's name for a YAML value's type ("a number", "a list"...)."""
    return next((name for kind, name in _TYPE_NAMES if isinstance(value, kind)),
                f"a {type(value).__name__}")


ONLY_NUMERIC = ("unit", "only numeric questions have a unit")
ONLY_TEXT = (("accept", "only text questions have this field"),
             ("similarity", "only text questions have this field"))


def not_taken(data: Mapping[str, Any], *fields: tuple[str, str]) -> list[Finding]:
    """A finding for each of `fields` (key, why) the question has though its kind takes none."""
    return [Finding(key, why) for key, why in fields if key in data]
