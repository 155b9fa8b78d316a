"""Contrast and tap targets of a catalogued screen as drawn (tests/browser/access.js)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from tests.browser.screen_catalog import Screen

MEASURE = (Path(__file__).parent / "access.js").read_text(encoding="utf-8")


def low_contrast(page: Any) -> list[str]:
    """Every visible text under 4.5:1 against its background (WCAG 2), as drawn now."""
    return list(page.evaluate(MEASURE, "contrast"))


def small_targets(page: Any) -> list[str]:
    """Every visible control under 44x44 CSS px with no documented alternative."""
    return list(page.evaluate(MEASURE, "taps"))


def in_language(screen: Screen, language: str) -> Screen:
    """The same screen as a game in `language` would send it (the pages read
    meta.config.language)."""
    out = copy.deepcopy(screen)
    for payload in (out.screen, out.phone):
        if payload is not None:
            payload["meta"].setdefault("config", {})["language"] = language
    return out
