"""What each real map is made of: which admin-1 units, grouped how, drawn how."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tools.realmap.shapes import Point, Properties


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
