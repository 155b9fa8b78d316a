"""A map of territories as an immutable value (the rules engine's view of a map).

Loading, checking and generating maps live in `maps.py` and `mapgen.py`; the
JSON format is documented in docs/MAPS.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Territory:
    id: str
    name_fr: str
    name_en: str
    path: str  # SVG path data in the map's viewBox
    label_xy: tuple[float, float]  # where to print the name and value


@dataclass(frozen=True)
class GameMap:
    id: str
    name_fr: str
    name_en: str
    view_box: tuple[float, float, float, float]
    territories: dict[str, Territory]
    # Symmetric neighbour sets, shared borders plus the extra links (sea crossings).
    adjacency: dict[str, frozenset[str]]
    # Extra links drawn as dashed lines (already included in `adjacency`).
    links: tuple[tuple[str, str], ...] = ()
    # Territories that may hold a castle; empty means every territory.
    castle_sites: tuple[str, ...] = ()
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    def neighbours(self, territory_id: str) -> frozenset[str]:
        return self.adjacency.get(territory_id, frozenset())

    def sites(self) -> tuple[str, ...]:
        return self.castle_sites or tuple(sorted(self.territories))
