"""The English typed-answer packs (questions/packs/en-typed-*.yaml) against the real matcher:
each question's answer and accepted forms count as right at its threshold, and each near
miss listed for it in questions/near-misses/en-typed.txt (a wrong answer a team might type,
"Austria" for "Australia") does not."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from host.quiz.matching import DEFAULT_SIMILARITY, is_right
from host.quiz.validate import check_question

ROOT = Path(__file__).resolve().parents[2]
PACKS = sorted((ROOT / "questions" / "packs").glob("en-typed-*.yaml"))
NEAR_MISSES: dict[str, list[str]] = yaml.safe_load(
    (ROOT / "questions" / "near-misses" / "en-typed.txt").read_text(encoding="utf-8"))


def _questions() -> list[dict[str, Any]]:
    found = []
    for path in PACKS:
        pack = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert pack["language"] == "en"
        found += pack["questions"]
    return found


QUESTIONS = _questions()
BY_ID = {question["id"]: question for question in QUESTIONS}


def test_the_packs_hold_typed_questions_each_with_an_explanation_and_near_misses() -> None:
    assert PACKS and len(QUESTIONS) == len(BY_ID)
    for question in QUESTIONS:
        assert question["id"].startswith("en-txt-")
        assert question["kind"] == "text"
        assert check_question(question, "en") == [], question["id"]
        assert question.get("explain"), question["id"]
        assert 1 <= len(NEAR_MISSES.get(question["id"], [])) <= 3, question["id"]
    assert set(NEAR_MISSES) == set(BY_ID)


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda question: question["id"])
def test_answer_and_accepted_forms_are_right_and_near_misses_wrong(
        question: dict[str, Any]) -> None:
    accepted = [question["answer"], *question.get("accept", [])]
    threshold = question.get("similarity", DEFAULT_SIMILARITY)
    for typed in accepted:
        assert is_right(typed, accepted, threshold), typed
    for typed in NEAR_MISSES[question["id"]]:
        assert not is_right(typed, accepted, threshold), typed
