"""Where the packs and their pictures go, on disk and as the packs refer to them."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PACKS = ROOT / "questions" / "packs"
IMAGES = PACKS / "images" / "countries"
IMAGE_REF = "images/countries"  # as written in the packs, relative to them
DEPT_IMAGES = PACKS / "images" / "departements"
DEPT_REF = "images/departements"
