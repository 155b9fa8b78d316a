"""Where a territory's name goes: a point well inside it, out of its holes."""

from __future__ import annotations

import math

from host.territory.mapgen import (
    label_point,
    point_in_polygon,
    polygon_area,
    polygon_centroid,
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

    xs = [p[0] for p in rings[0]]
    ys = [p[1] for p in rings[0]]
    best = polygon_centroid(rings[0])
    best_score = score(best)
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    for _ in range(rounds):
        dx, dy = (x1 - x0) / steps, (y1 - y0) / steps
        for gx in range(steps + 1):
            for gy in range(steps + 1):
                p = (x0 + gx * dx, y0 + gy * dy)
                s = score(p)
                if s > best_score:
                    best, best_score = p, s
        x0, x1 = best[0] - 1.5 * dx, best[0] + 1.5 * dx
        y0, y1 = best[1] - 1.5 * dy, best[1] + 1.5 * dy
    return best
