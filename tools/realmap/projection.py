"""Projecting longitude/latitude into the map's viewBox (Lambert conformal conic)."""

from __future__ import annotations

import math
from collections.abc import Callable

from tools.realmap.shapes import Point, Ring

VIEW_WIDTH = 1000.0
MARGIN = 10.0


def lambert_projection(
    regions: dict[str, list[Ring]], parallels: tuple[float, float], centre: Point
) -> Callable[[Point], Point]:
    """A function (lon, lat) -> viewBox (x, y): Lambert conformal conic, fitted to the width."""
    lat1, lat2 = (math.radians(v) for v in parallels)
    lon0, lat0 = (math.radians(v) for v in centre)
    n = math.log(math.cos(lat1) / math.cos(lat2)) / math.log(
        math.tan(math.pi / 4 + lat2 / 2) / math.tan(math.pi / 4 + lat1 / 2)
    )
    f = math.cos(lat1) * math.tan(math.pi / 4 + lat1 / 2) ** n / n
    rho0 = f / math.tan(math.pi / 4 + lat0 / 2) ** n

    def raw(p: Point) -> Point:
        lon, lat = math.radians(p[0]), math.radians(p[1])
        rho = f / math.tan(math.pi / 4 + lat / 2) ** n
        return rho * math.sin(n * (lon - lon0)), rho0 - rho * math.cos(n * (lon - lon0))

    points = [raw(p) for rings in regions.values() for ring in rings for p in ring]
    min_x, max_x = min(p[0] for p in points), max(p[0] for p in points)
    max_y = max(p[1] for p in points)
    scale = (VIEW_WIDTH - 2 * MARGIN) / (max_x - min_x)

    def project(p: Point) -> Point:
        x, y = raw(p)
        return MARGIN + (x - min_x) * scale, MARGIN + (max_y - y) * scale

    return project
