"""Typed answers against a `text` question's accepted answers (pure, no I/O).

Both sides are folded the same way: case, accents and ligatures folded, punctuation and
runs of spaces made single spaces. A leading article (French: le, la, les, l', un, une,
des, du, de la, de l'; English: the, a, an) is dropped from a typed answer ("le castor"
for "castor") and from an accepted answer a team typed without it ("baroque" for "le
baroque"), unless an accepted answer starts with another article of the same kind
(definite, indefinite, partitive): then the article is part of the name and kept whole
("Le Paz" is not "La Paz", "Du Moines" is not "Des Moines"; `key_of`, the form the review
groups typed answers by). Articles of other kinds or languages are set aside ("un castor"
for "le castor", "les Beatles" for "The Beatles"). What is left is compared exactly,
then, for typos, by rapidfuzz's optimal-string-alignment similarity (an insertion,
deletion, substitution or swap of two neighbours each counts one) on the letters without
spaces ("newyork" is "New York"). A question's `similarity` is the lowest share (percent)
of its length a typed answer must keep right; the default 82 accepts one typo in a word
of 6 letters or more (83 %) and none in shorter words, so "chat" never passes for "char"
(tests/questions/test_matching.py measures it).
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
_ARTICLE_KINDS = (frozenset({"le", "la", "les", "l"}), frozenset({"un", "une", "des"}),
                  frozenset({"du", "de la", "de l", "des"}), frozenset({"a", "an"}))
_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae", "ß": "ss", "ø": "o", "ł": "l", "đ": "d"})


def fold(text: str) -> str:
    """Lower case, no accents, ligatures spelt out, punctuation as spaces, single spaces."""
    text = unicodedata.normalize("NFKD", str(text).casefold())
    text = "".join(c for c in text if not unicodedata.combining(c)).translate(_LIGATURES)
    text = re.sub(r"[^\w]+|_", " ", text)
    return " ".join(text.split())


def normalise(text: str) -> str:
    """Folded, one leading article dropped (unless the article is all there is): a typed
    answer's key where no accepted answer has a clashing article (`key_of`)."""
    folded = fold(text)
    for article in ARTICLES:
        if folded.startswith(article + " "):
            return folded[len(article) + 1:]
    return folded


def _article(folded: str) -> tuple[str | None, str]:
    """(the leading article, the rest), or (None, the whole) when there is none or it is all
    there is."""
    for article in ARTICLES:
        if folded.startswith(article + " "):
            return article, folded[len(article) + 1:]
    return None, folded


def _clashes(article: str, accepted_keys: Iterable[str]) -> bool:
    """Whether an accepted answer starts with another article of the same kind (definite,
    indefinite, partitive: "le"/"la", "du"/"des"): then the article is part of the name
    ("Le Paz" is not "La Paz"); "un castor" for "le castor" still sets both aside."""
    for answer in accepted_keys:
        theirs, _ = _article(answer)
        if theirs and theirs != article and any(
                article in kind and theirs in kind for kind in _ARTICLE_KINDS):
            return True
    return False


def key_of(text: str, accepted_keys: Iterable[str] = ()) -> str:
    """The form a typed answer is grouped, ruled and compared by: folded, its leading article
    dropped unless an accepted answer (folded) starts with another article of its kind
    ("Le Paz" stays "le paz" against "La Paz"; "Le Castor!" is "castor")."""
    folded = fold(text)
    article, rest = _article(folded)
    if article is None or _clashes(article, accepted_keys):
        return folded
    return rest


def _compared(key: str, accepted: str) -> tuple[str, str]:
    """A typed answer's key and one folded accepted answer as they are compared: the
    accepted answer's article set aside unless the key kept a clashing one."""
    theirs, rest = _article(accepted)
    mine, _ = _article(key)
    if theirs is None or (mine is not None and mine != theirs):
        return key, accepted
    return key if mine is None else _article(key)[1], rest


def similarity(typed: str, accepted: str) -> float:
    """How alike two normalised answers are, in percent (spaces ignored)."""
    return float(OSA.normalized_similarity(typed.replace(" ", ""),
                                           accepted.replace(" ", "")) * 100)


def is_right(typed: str, accepted: Iterable[str], threshold: int = DEFAULT_SIMILARITY) -> bool:
    """Whether a typed answer matches one of the accepted answers (both raw text)."""
    keys = [fold(answer) for answer in accepted]
    return verdict_of_key(key_of(typed, keys), keys, threshold)


def verdict_of_key(key: str, accepted_keys: Iterable[str], threshold: int) -> bool:
    """`is_right` for a typed answer's key (`key_of`) against folded accepted answers."""
    if not key:
        return False
    for answer in accepted_keys:
        mine, theirs = _compared(key, answer)
        if mine == theirs or similarity(mine, theirs) >= threshold:
            return True
    return False
