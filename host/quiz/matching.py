"""Typed answers against a `text` question's accepted answers (pure, no I/O).

Both sides are normalised the same way: case, accents and ligatures folded, punctuation
and runs of spaces made single spaces, one leading article dropped (French: le, la, les,
l', un, une, des, du, de la, de l'; English: the, a, an). What is left is compared
exactly, then, for typos, by rapidfuzz's optimal-string-alignment similarity (an
insertion, deletion, substitution or swap of two neighbours each counts one) on the
letters without spaces ("newyork" is "New York"). A question's `similarity` is the
lowest share (percent) of its length a typed answer must keep right; the default 82
accepts one typo in a word of 6 letters or more (83 %) and none in shorter words, so
"chat" never passes for "char" (tests/questions/test_matching.py measures it).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

from rapidfuzz.distance import OSA

DEFAULT_SIMILARITY = 82
MIN_SIMILARITY = 50  # below it, nearly anything would pass
MAX_SIMILARITY = 100  # exact after normalising
MAX_TYPED = 64  # characters a team may type (the phone's field says so)

# Longest first, so "de la" goes before "de"; each is dropped once, from the start only.
ARTICLES = ("de la", "de l", "les", "le", "la", "l", "une", "un", "des", "du",
            "the", "an", "a")
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "ł": "l", "đ": "d"})


def fold(text: str) -> str:
    """Lower case, no accents, ligatures spelt out, punctuation as spaces, single spaces."""
    text = unicodedata.normalize("NFKD", str(text).casefold())
    text = "".join(c for c in text if not unicodedata.combining(c)).translate(_LIGATURES)
    text = re.sub(r"[^\w]+|_", " ", text)
    return " ".join(text.split())


def normalise(text: str) -> str:
    """The form answers are grouped and compared by: folded, one leading article dropped
    (unless the article is all there is)."""
    folded = fold(text)
    for article in ARTICLES:
        if folded.startswith(article + " "):
            return folded[len(article) + 1:]
    return folded


def similarity(typed: str, accepted: str) -> float:
    """How alike two normalised answers are, in percent (spaces ignored)."""
    return float(OSA.normalized_similarity(typed.replace(" ", ""),
                                           accepted.replace(" ", "")) * 100)


def is_right(typed: str, accepted: Iterable[str], threshold: int = DEFAULT_SIMILARITY) -> bool:
    """Whether a typed answer matches one of the accepted answers (both raw text)."""
    key = normalise(typed)
    if not key:
        return False
    return any(key == normalise(answer) or similarity(key, normalise(answer)) >= threshold
               for answer in accepted)


def verdict_of_key(key: str, accepted_keys: Iterable[str], threshold: int) -> bool:
    """`is_right` for an answer already normalised, against normalised accepted answers."""
    return bool(key) and any(key == answer or similarity(key, answer) >= threshold
                             for answer in accepted_keys)
