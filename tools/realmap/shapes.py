"""The plain shapes every step of the map builder passes along."""

from __future__ import annotations

from typing import Any

Point = tuple[float, float]
Ring = list[Point]
Key = tuple[float, float]
Properties = dict[str, Any]
