"""Issue 42, point 18: no "(s)" plural in what people read. The pages' words
(host/static/words/) and the server's refusals in both languages (host/messages/) say
"1 tour debout" and "2 tours debout"; the count picks the form (French: 0 and 1 are
singular; English: 1 alone)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from host import messages
from host.cards.challengers.cards import POOL, effect_text
from host.messages.fr_editor import ENGLISH_WEB

ROOT = Path(__file__).resolve().parents[2]
# "tour(s)", "réponse(s)", "inconnu(s)": a word's plural left to the reader ("Temps (s)",
# seconds, is a unit)
LAZY_PLURAL = re.compile(r"\w\((?:s|es|x)\)")


def page_words() -> list[tuple[str, str]]:
    found = []
    for path in sorted((ROOT / "host/static/words").rglob("*.json")):
        for key, value in json.loads(path.read_text(encoding="utf-8")).items():
            for text in value if isinstance(value, list) else [value]:
                if isinstance(text, str):
                    found.append((f"{path.name}:{key}", text))
    return found


def test_no_page_word_leaves_its_plural_to_the_reader() -> None:
    lazy = [f"{where}: {text}" for where, text in page_words() if LAZY_PLURAL.search(text)]
    assert not lazy, "\n".join(lazy)


def test_no_refusal_leaves_its_plural_to_the_reader() -> None:
    outputs = [*messages.FRENCH.values(), *ENGLISH_WEB.values()]
    outputs += [text for pair in messages.CODES.values() for text in pair]
    # (placeholders and quoted names left out: Kahoot's column is "Correct answer(s)")
    lazy = [text for text in outputs
            if LAZY_PLURAL.search(re.sub(r"\{[^{}]*\}|«[^»]*»", "", text))]
    assert not lazy, "\n".join(lazy)


def test_no_card_text_leaves_its_plural_to_the_reader() -> None:
    texts = {lang: [effect_text(card, lang) for card in POOL] for lang in ("fr", "en")}
    lazy = [text for found in texts.values() for text in found if LAZY_PLURAL.search(text)]
    assert not lazy, "\n".join(lazy)
    assert "gagnez 1 fan" in texts["fr"] and "gain 1 fan" in texts["en"]


@pytest.mark.parametrize(("reason", "fr", "en"), [
    ("house 2 has only 1 card(s)", "La maison 2 n’a que 1 carte.", "House 2 has only 1 card."),
    ("house 2 has only 3 card(s)", "La maison 2 n’a que 3 cartes.",
     "House 2 has only 3 cards."),
    ("unknown pack(s): fr-quiz", "Pack inconnu : fr-quiz.", "Unknown pack: fr-quiz."),
    ("unknown pack(s): fr-quiz, en-quiz", "Packs inconnus : fr-quiz, en-quiz.",
     "Unknown packs: fr-quiz, en-quiz."),
    ("'create' needs field(s) kind", "'create' a besoin du champ kind.",
     "'create' needs the field kind."),
    ("'create' needs field(s) kind, seats", "'create' a besoin des champs kind, seats.",
     "'create' needs the fields kind, seats."),
    ("a deck keeps at least 12 card", "Un deck garde au moins 12 cartes.",
     "A deck keeps at least 12 cards."),
])
def test_a_refusal_says_its_count_in_the_right_form(reason: str, fr: str, en: str) -> None:
    assert messages.text("illegal", reason) == {"fr": fr, "en": en}
