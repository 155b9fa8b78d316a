"""The French typed-answer bank (questions/packs/fr-typed-*.yaml) against the real matcher
(host/quiz/matching.py): every question's answer and accepted forms pass, and the wrong but
near answers a team might type (questions/near-misses/fr-typed.yaml: a neighbouring country, a
namesake, the next king of the same name, a one-letter slip) are refused at the question's
threshold. A question carries `similarity` only where the default would let a near miss pass,
and no higher than that near miss needs, so the other typos stay tolerated."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
import yaml

from host.quiz.matching import DEFAULT_SIMILARITY, is_right, normalise
from host.quiz.packs import LoadedPack, load_packs
from host.quiz.question import Question

ROOT = Path(__file__).resolve().parents[2]
PACK_FILES = sorted((ROOT / "questions" / "packs").glob("fr-typed-*.yaml"))
NEAR_MISSES_FILE = ROOT / "questions" / "near-misses" / "fr-typed.yaml"
MAX_PER_PACK = 150


@pytest.fixture(scope="module")
def packs() -> list[LoadedPack]:
    return load_packs(PACK_FILES)


@pytest.fixture(scope="module")
def questions(packs: list[LoadedPack]) -> list[Question]:
    return [q for pack in packs for q in pack.questions]


@pytest.fixture(scope="module")
def near_misses() -> dict[str, list[str]]:
    loaded = yaml.safe_load(NEAR_MISSES_FILE.read_text("utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def forms(question: Question) -> list[str]:
    """Every answer the question counts as right, the shown one first."""
    return [str(question.answer), *question.accept]


def threshold(question: Question) -> int:
    return question.similarity or DEFAULT_SIMILARITY


def shouted(text: str) -> str:
    """How a hurried team types it: capitals, no accents."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).upper()


def test_the_packs_load_clean_and_hold_only_typed_french_questions(
        packs: list[LoadedPack], questions: list[Question]) -> None:
    assert len(PACK_FILES) >= 4
    for number, pack in enumerate(packs, start=1):
        assert pack.problems == [], pack.path
        assert pack.pack_id == f"fr-typed-{number}"
        assert pack.language == "fr"
        assert pack.title and pack.title.startswith(f"Réponses à taper — {number} : ")
        assert 0 < len(pack.questions) <= MAX_PER_PACK
    ids = [q.id for q in questions]
    assert ids == [f"fr-txt-{n:04d}" for n in range(1, len(ids) + 1)]
    assert len(questions) >= 580
    for q in questions:
        assert q.kind == "text", q.id
        assert q.language == "fr", q.id
        assert q.explain, q.id


def test_the_answer_and_every_accepted_form_are_right(questions: list[Question]) -> None:
    wrong = [(q.id, typed) for q in questions for form in forms(q)
             for typed in (form, shouted(form))
             if not is_right(typed, forms(q), threshold(q))]
    assert wrong == []


def test_every_question_has_one_to_three_near_misses(
        questions: list[Question], near_misses: dict[str, list[str]]) -> None:
    assert set(near_misses) == {q.id for q in questions}
    for qid, near in near_misses.items():
        assert isinstance(near, list) and 1 <= len(near) <= 3, qid
        assert all(isinstance(n, str) and normalise(n) for n in near), qid
        assert len({normalise(n) for n in near}) == len(near), qid


def test_every_near_miss_is_refused(
        questions: list[Question], near_misses: dict[str, list[str]]) -> None:
    passed = [(q.id, near) for q in questions for near in near_misses[q.id]
              if is_right(near, forms(q), threshold(q))]
    assert passed == []


def test_a_threshold_is_raised_only_as_far_as_a_near_miss_needs(
        questions: list[Question], near_misses: dict[str, list[str]]) -> None:
    raised = [q for q in questions if q.similarity is not None]
    assert raised, "the bank has answers one letter from a wrong one (Louis XIV and Louis XV)"
    for q in raised:
        level = threshold(q)
        assert level > DEFAULT_SIMILARITY, q.id
        near = near_misses[q.id]
        assert any(is_right(n, forms(q), DEFAULT_SIMILARITY) for n in near), q.id
        assert any(is_right(n, forms(q), level - 1) for n in near), q.id


@pytest.mark.parametrize(("answer", "typed"), [
    ("Louis XIV", "louis 14"),  # a regnal number in figures
    ("Louis XIV", "Louis Quatorze"),
    ("Élisabeth Ire", "Elizabeth 1"),  # the English spelling
    ("Hollywood", "holywood"),  # a listed misspelling where the threshold is raised
    ("Atatürk", "ATATURK"),
])
def test_numbers_and_spellings_a_pub_types_are_right(
        questions: list[Question], answer: str, typed: str) -> None:
    question = next(q for q in questions if q.answer == answer)
    assert is_right(typed, forms(question), threshold(question))


def test_no_accepted_form_is_written_twice_or_already_matched_as_a_typo(
        questions: list[Question]) -> None:
    """`accept` adds what the matcher cannot find itself: not the answer with or without an
    article or accents (normalising does that), nor a one-letter slip it already tolerates."""
    redundant = []
    for q in questions:
        for number, form in enumerate(q.accept):
            others = [str(q.answer), *q.accept[:number]]
            if is_right(form, others, threshold(q)):
                redundant.append((q.id, form))
    assert redundant == []


def test_roman_numerals_in_an_answer_come_with_figures(questions: list[Question]) -> None:
    """Teams type "Louis 14" as often as "Louis XIV": a regnal numeral needs its figures."""
    roman = re.compile(r"\b(?:I{1,3}|IV|VI{0,3}|IX|XI{0,3}|XIV|XVI{0,3})\b")
    missing = [q.id for q in questions if roman.search(str(q.answer))
               and not any(re.search(r"\d", form) for form in q.accept)]
    assert missing == []
