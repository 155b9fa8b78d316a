"""The questions: the right name and its nearest neighbours as options, and a difficulty."""

from __future__ import annotations

import math
from typing import Any

from tools.picturepacks.countries import Country
from tools.picturepacks.departements import Departement
from tools.picturepacks.layout import DEPT_REF, IMAGE_REF
from tools.picturepacks.source import PACKAGE, PACKAGE_VERSION

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
PROMPTS = {"en": "Which country has this outline?", "fr": "Quel pays a cette silhouette ?"}
DEPT_SOURCE = (f"Carte : Natural Earth 1:10m Admin 1 - States, Provinces et Admin 0 - Countries "
               f"(domaine public), via le paquet npm {PACKAGE} {PACKAGE_VERSION} ; dessinée par "
               "tools/build_picture_packs.py")
DEPT_PROMPT = "Quel département est en couleur sur la carte ?"
WELL_KNOWN_DEPTS = {"75", "2A", "2B", "13", "29", "33", "59", "69", "06", "67", "974"}


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
    """One choice question per country, in the given language."""
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


def departement_questions(depts: list[Departement]) -> list[dict[str, Any]]:
    """One choice question per département (French only)."""
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
