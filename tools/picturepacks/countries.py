"""The countries drawn: which ones, named how, and which of their land makes the outline."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tools.picturepacks.geometry import Frame, Point, Ring, ring_centre, ring_km2, unwrap_ring
from tools.picturepacks.source import polygons_of

MIN_AREA_KM2 = 2_500.0  # smaller countries are hard to tell from their outline alone
NEAR = 0.6  # land kept: within this many main-landmass diagonals of it...
MIN_SHARE = 0.002  # ...and at least this share of the country's land

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


@dataclass
class Country:
    """A country ready to draw and to ask about."""

    code: str
    names: dict[str, str]
    continent: str
    rings: list[Ring]  # projected, simplified; outer rings and holes alike (even-odd fill)
    centre: Point  # longitude, latitude of the main landmass
    lonlat: list[Ring]  # the kept rings before projection
    area_km2: float
    width: float
    height: float


def load_countries(package: Path) -> list[Country]:
    """Every country worth drawing, in code order (SKIP and the too small left out)."""
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


def build_country(code: str, names: dict[str, str], continent: str,
                  geometry: dict[str, Any]) -> Country | None:
    """The country's main landmass and the land near it, projected; None if too small."""
    polygons = [p for p in polygons_of(geometry) if len(p[0]) >= 4]
    if not polygons:
        return None
    main = max(polygons, key=lambda p: ring_km2(p[0]))
    ref_lon = ring_centre(main[0])[0]
    polygons = [[unwrap_ring(ring, ref_lon) for ring in p] for p in polygons]
    main = max(polygons, key=lambda p: ring_km2(p[0]))
    total = sum(ring_km2(p[0]) for p in polygons)
    xs = [x for x, _ in main[0]]
    ys = [y for _, y in main[0]]
    diagonal = math.hypot(max(xs) - min(xs), max(ys) - min(ys))
    reach = NEAR * diagonal + 1.0

    def near(ring: Ring) -> bool:
        cx, cy = ring_centre(ring)
        dx = max(min(xs) - cx, 0.0, cx - max(xs))
        dy = max(min(ys) - cy, 0.0, cy - max(ys))
        return math.hypot(dx, dy) <= reach

    clip = CLIP.get(code)

    def inside(ring: Ring) -> bool:
        if clip is None:
            return True
        cx, cy = ring_centre(ring)
        return clip[0] <= cx <= clip[2] and clip[1] <= cy <= clip[3]

    kept = [p for p in polygons
            if p is main or (near(p[0]) and inside(p[0]) and ring_km2(p[0]) >= MIN_SHARE * total)]
    area = sum(ring_km2(p[0]) - sum(ring_km2(h) for h in p[1:]) for p in kept)
    if area < MIN_AREA_KM2:
        return None
    lonlat = [ring for p in kept for ring in p]
    frame = Frame.around(lonlat)
    rings = frame.project(lonlat)
    if not rings:
        return None
    return Country(code, names, continent, rings, ring_centre(main[0]), lonlat, area, frame.width,
                   frame.height)
