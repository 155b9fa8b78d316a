"""Shared borders: neighbours found from them, and each stretch simplified once.

Both territories along a border get exactly the same simplified line, so the
map has no gaps or overlaps and the file stays small.
"""

from __future__ import annotations

import math
from collections import defaultdict

from tools.realmap.shapes import Point, Ring


def edge_owners(regions: dict[str, list[Ring]]) -> dict[frozenset[Point], set[str]]:
    """For each boundary edge, the regions whose boundary contains it."""
    owners: dict[frozenset[Point], set[str]] = defaultdict(set)
    for code, rings in regions.items():
        for ring in rings:
            for k in range(len(ring)):
                owners[frozenset((ring[k], ring[(k + 1) % len(ring)]))].add(code)
    return owners


def neighbours(
    regions: dict[str, list[Ring]], owners: dict[frozenset[Point], set[str]]
) -> dict[str, set[str]]:
    """Regions sharing at least one boundary edge."""
    result: dict[str, set[str]] = {code: set() for code in regions}
    for codes in owners.values():
        for code in codes:
            result[code] |= codes - {code}
    return result


def simplify_shared(
    regions: dict[str, list[Ring]], owners: dict[frozenset[Point], set[str]], tolerance: float
) -> dict[str, list[Ring]]:
    """Simplify every ring stretch by stretch; a shared stretch is simplified once."""
    done: dict[tuple[Point, ...], list[Point]] = {}
    result: dict[str, list[Ring]] = {}
    for code, rings in regions.items():
        out = []
        for ring in rings:
            simplified = _simplify_ring(ring, owners, done, tolerance)
            if len(simplified) >= 3:
                out.append(simplified)
        result[code] = out
    return result


def _simplify_ring(
    ring: Ring,
    owners: dict[frozenset[Point], set[str]],
    done: dict[tuple[Point, ...], list[Point]],
    tolerance: float,
) -> Ring:
    size = len(ring)
    labels = [frozenset(owners[frozenset((ring[k], ring[(k + 1) % size]))]) for k in range(size)]
    breaks = [k for k in range(size) if labels[k] != labels[k - 1]]
    if not breaks:
        # A ring with one neighbour all round (an island): start at its smallest point.
        start = min(range(size), key=lambda k: ring[k])
        loop = ring[start:] + ring[:start] + [ring[start]]
        return douglas_peucker(loop, tolerance)[:-1]
    out: Ring = []
    for index, start in enumerate(breaks):
        end = breaks[(index + 1) % len(breaks)]
        stretch = [ring[k % size] for k in range(start, end + (size if end <= start else 0) + 1)]
        out.extend(_simplify_stretch(stretch, done, tolerance)[:-1])
    return out


def _simplify_stretch(
    stretch: list[Point], done: dict[tuple[Point, ...], list[Point]], tolerance: float
) -> Ring:
    """Douglas-Peucker in a canonical direction, cached, so both sides agree."""
    forward = stretch[0] <= stretch[-1]
    key = tuple(stretch if forward else stretch[::-1])
    if key not in done:
        done[key] = douglas_peucker(list(key), tolerance)
    result = done[key]
    return list(result) if forward else result[::-1]


def douglas_peucker(points: list[Point], tolerance: float) -> list[Point]:
    """Keep the end points and every point farther than `tolerance` from the simplified line."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    todo = [(0, len(points) - 1)]
    while todo:
        first, last = todo.pop()
        far, far_index = 0.0, -1
        for k in range(first + 1, last):
            d = _distance_to_line(points[k], points[first], points[last])
            if d > far:
                far, far_index = d, k
        if far > tolerance:
            keep[far_index] = True
            todo += [(first, far_index), (far_index, last)]
    return [p for p, kept in zip(points, keep, strict=True) if kept]


def _distance_to_line(p: Point, a: Point, b: Point) -> float:
    length = math.dist(a, b)
    if length == 0:
        return math.dist(p, a)
    return abs((b[0] - a[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (b[1] - a[1])) / length
