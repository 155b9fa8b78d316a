"""Plane geometry for the pictures: areas, the projection frame, outline simplification."""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]
Ring = list[Point]

VIEW = 1000.0  # the longer side of each picture's viewBox
MARGIN = 12.0
TOLERANCE = 1.6  # Douglas-Peucker tolerance, viewBox units
MIN_RING = 60.0  # viewBox units^2: smaller islands and lakes are dropped


def ring_area(ring: Ring) -> float:
    """Shoelace area (positive whatever the winding)."""
    total = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        total += x1 * y2 - x2 * y1
    return abs(total) / 2


def ring_km2(ring: Ring) -> float:
    """A ring's area on the ground, roughly (equirectangular at its own latitude)."""
    lat = sum(y for _, y in ring) / len(ring)
    return ring_area(ring) * 111.32 * 111.32 * math.cos(math.radians(lat))


def ring_centre(ring: Ring) -> Point:
    """The mean of a ring's points."""
    return (sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring))


def unwrap_ring(ring: Ring, reference_lon: float) -> Ring:
    """Moves a ring across the 180th meridian next to the main landmass (Russia, Fiji)."""
    lon = ring_centre(ring)[0]
    shift = 360.0 * round((reference_lon - lon) / 360.0)
    return ring if shift == 0 else [(x + shift, y) for x, y in ring]


@dataclass(frozen=True)
class Frame:
    """Equirectangular around the middle latitude of some land, fitted into VIEW units."""

    k: float  # cos(middle latitude)
    x0: float
    y1: float
    scale: float
    width: float
    height: float

    @classmethod
    def around(cls, rings: list[Ring]) -> Frame:
        all_x = [x for r in rings for x, _ in r]
        all_y = [y for r in rings for _, y in r]
        k = math.cos(math.radians((min(all_y) + max(all_y)) / 2))
        x0, x1 = min(all_x) * k, max(all_x) * k
        y0, y1 = min(all_y), max(all_y)
        scale = (VIEW - 2 * MARGIN) / max(x1 - x0, y1 - y0)
        return cls(k, x0, y1, scale, (x1 - x0) * scale + 2 * MARGIN,
                   (y1 - y0) * scale + 2 * MARGIN)

    def point(self, lon: float, lat: float) -> Point:
        return ((lon * self.k - self.x0) * self.scale + MARGIN,
                (self.y1 - lat) * self.scale + MARGIN)

    def project(self, rings: list[Ring], min_ring: float = MIN_RING) -> list[Ring]:
        """The rings in this frame, simplified; the ones left too small are dropped."""
        out: list[Ring] = []
        for ring in rings:
            simple = simplify([self.point(x, y) for x, y in ring], TOLERANCE)
            if len(simple) >= 4 and ring_area(simple) >= min_ring:
                out.append(simple)
        return out


def simplify(points: Ring, tolerance: float) -> Ring:
    """Douglas-Peucker on a closed ring (iterative, so long coasts do not recurse deep)."""
    if len(points) < 4:
        return points
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    # Split a closed ring at its farthest point from the start, so both halves have ends.
    far = max(range(len(points)), key=lambda i: _dist2(points[0], points[i]))
    keep[far] = True
    stack = [(0, far), (far, len(points) - 1)]
    while stack:
        first, last = stack.pop()
        if last - first < 2:
            continue
        index, worst = first, 0.0
        for i in range(first + 1, last):
            d = _segment_distance(points[i], points[first], points[last])
            if d > worst:
                index, worst = i, d
        if worst > tolerance:
            keep[index] = True
            stack += [(first, index), (index, last)]
    return [p for p, k in zip(points, keep, strict=True) if k]


def _dist2(a: Point, b: Point) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    length2 = _dist2(a, b)
    if length2 == 0:
        return math.sqrt(_dist2(p, a))
    t = max(0.0, min(1.0, ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1]))
                     / length2))
    return math.sqrt(_dist2(p, (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))))
