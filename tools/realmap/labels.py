"""Where a territory's name goes: a point well inside it, out of its holes."""

from __future__ import annotations

import math

from host.territory.mapgen import (
    best_point,
    label_point,
    point_in_polygon,
    polygon_area,
    segment_distance,
)
from tools.realmap.shapes import Point, Ring


def inner_point(rings: list[Ring]) -> Point:
    """Where the label goes: a point well inside the largest ring, out of its holes.

    A state around a city-state (Brandenburg around Berlin) has a hole; its
    widest point must not fall in the hole, so holes count as outline too.
    """
    largest = max(rings, key=polygon_area)
    holes = [r for r in rings if r is not largest and point_in_polygon(r[0], largest)]
    if not holes:
        return label_point(largest, steps=16, rounds=4)
    return _label_point_with_holes([largest, *holes])


def _label_point_with_holes(rings: list[Ring], steps: int = 16, rounds: int = 4) -> Point:
    """Coarse-to-fine grid search for the point farthest from every ring, inside the first
    ring and outside the others."""
    edges = [(r[k], r[(k + 1) % len(r)]) for r in rings for k in range(len(r))]

    def score(p: Point) -> float:
        if not point_in_polygon(p, rings[0]) or any(point_in_polygon(p, h) for h in rings[1:]):
            return -math.inf
        return min(segment_distance(p, a, b) for a, b in edges)

    return best_point(score, rings[0], steps, rounds)
