"""The demo's bots are named after their own seat's colour, as the pages name the colours."""

from __future__ import annotations

import json
from pathlib import Path

from host.serve.demo import BOT_NAMES, bot_seats

TABLES = Path(__file__).resolve().parents[2] / "host" / "static" / "words"


def page_colours() -> dict[str, list[str]]:
    """`colours` of each language's catalog (host/static/words/fr.json, en.json)."""
    colours = {}
    for lang in ("fr", "en"):
        colours[lang] = json.loads((TABLES / f"{lang}.json").read_text(encoding="utf-8"))["colours"]
    return colours


def test_each_demo_bot_bears_its_own_seats_colour() -> None:
    colours = page_colours()
    for language in ("fr", "en"):
        seats = bot_seats(4, language)
        assert [s["name"] for s in seats] == colours[language]
        assert BOT_NAMES[language] == colours[language]
    assert bot_seats(4, "fr")[3]["name"] == "Vert"  # the green seat (seat 3), not "Jaune"
