"""The départements drawn: the 96 of metropolitan France, read from the admin-1 units."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from tools.picturepacks.geometry import Point, Ring
from tools.picturepacks.source import polygons_of


@dataclass
class Departement:
    """A département ready to draw on the map of France and to ask about."""

    code: str  # "75", "2A"
    name: str
    centre: Point  # longitude, latitude (Natural Earth's label point)
    lonlat: list[Ring]


def load_departements(package: Path) -> list[Departement]:
    """The 96 départements of metropolitan France, in code order."""
    data = json.loads((package / "data" / "build.json").read_text(encoding="utf-8"))
    out = []
    for feature in data["features"]:
        props = feature["properties"]
        if props.get("iso_a2") != "FR" or props.get("type") != "Metropolitan département":
            continue
        rings = [ring for polygon in polygons_of(feature["geometry"]) for ring in polygon]
        out.append(Departement(props["iso_3166_2"].removeprefix("FR-"), props["name_fr"],
                               (float(props["longitude"]), float(props["latitude"])), rings))
    return sorted(out, key=lambda d: d.code)
