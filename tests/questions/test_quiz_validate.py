"""The hand-written checks: each kind of bad question, and agreement with schema.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from quiz_helpers import DROP, good_question

from host.quiz import validate
from host.quiz.validate import check_pack_header, check_question

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "questions" / "schema.json").read_text())
QUESTION_SCHEMA = SCHEMA["$defs"]["question"]


def findings(question: Any, language: str | None = "en") -> list[tuple[str | None, str]]:
    return [(f.field, f.message) for f in check_question(question, language)]


def test_good_questions_have_no_findings() -> None:
    assert findings(good_question()) == []
    numeric = good_question(kind="numeric", options=DROP, answer=42, unit="km", image=None)
    assert findings(numeric) == []


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"answer": DROP}, ("answer", "missing")),
        ({"source": DROP}, ("source", "missing")),
        ({"source": "  "}, ("source", "must be a non-empty string, not a string")),
        ({"prompt": 12}, ("prompt", "must be a non-empty string, not an integer")),
        ({"difficulty": 6}, ("difficulty", "6 is not between 1 and 5")),
        ({"difficulty": True}, ("difficulty", "must be an integer, not a boolean (true/false)")),
        ({"difficulty": 2.5}, ("difficulty", "must be an integer, not a decimal number")),
        (
            {"category": "cooking"},
            ("category", "'cooking' is not one of " + ", ".join(validate.CATEGORIES)),
        ),
        ({"kind": "open"}, ("kind", "'open' is not one of choice, numeric, text, order")),
        ({"id": "geo-1"}, ("id", "'geo-1' is not of the form <lang>-<category short>-<number>")),
        ({"id": 7}, ("id", "must be a string, not an integer")),
        ({"colour": "red"}, ("colour", "unknown field")),
        ({"options": DROP}, ("options", "missing (a choice question needs 2 to 6 options)")),
        ({"options": "Danube"}, ("options", "must be a list, not a string")),
        ({"options": ["Danube"]}, ("options", "has 1 option, needs 2 to 6")),
        ({"options": ["Danube", *"BCDEFG"]}, ("options", "has 7 options, needs 2 to 6")),
        ({"options": ["Danube", "Rhine", "Rhine", "Elbe"]}, ("options", "'Rhine' appears twice")),
        (
            {"options": ["Danube", 2, "Elbe", "Po"]},
            (
                "options",
                'option 2 must be a non-empty string, not an integer (write it in quotes: "2")',
            ),
        ),
        ({"answer": "Paris"}, ("answer", '"Paris" is not one of the options')),
        ({"answer": 1}, ("answer", "must be the text of an option (or a list of the right "
                                        "ones), not an integer")),
        ({"unit": "m"}, ("unit", "only numeric questions have a unit")),
        ({"image": 5}, ("image", "must be a path or null, not an integer")),
    ],
)
def test_each_bad_choice_field(changes: dict[str, Any], expected: tuple[str, str]) -> None:
    assert findings(good_question(**changes)) == [expected]


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (0, "0 is not a positive integer"),
        (-3, "-3 is not a positive integer"),
        (2.5, "must be a positive integer, not a decimal number"),
        ("300", "must be a positive integer, not a string"),
        (True, "must be a positive integer, not a boolean (true/false)"),
    ],
)
def test_bad_numeric_answers(answer: Any, message: str) -> None:
    question = good_question(kind="numeric", options=DROP, answer=answer)
    assert findings(question) == [("answer", message)]


def test_numeric_question_with_options() -> None:
    question = good_question(kind="numeric", answer=3)
    assert findings(question) == [("options", "a numeric question has no options")]


def test_not_a_mapping() -> None:
    assert findings(["a", "list"]) == [(None, "a question must be a mapping, not a list")]


def test_language_prefix_only_checked_when_known() -> None:
    question = good_question(id="fr-geo-001")
    assert findings(question, None) == []
    assert findings(question, "en")[0][0] == "id"


def test_pack_header_findings() -> None:
    good = {"pack": "my-pack", "language": "fr", "title": "T", "questions": []}
    assert check_pack_header(good) == []
    bad = {"pack": "My Pack", "language": "de", "title": "", "questions": {}}
    fields = [f.field for f in check_pack_header(bad)]
    assert fields == ["pack", "language", "title", "questions"]
    assert [f.message for f in check_pack_header({})] == ["missing"] * 4


# Agreement with questions/schema.json: the same vocabulary and patterns.


def test_schema_lists_the_same_categories_kinds_and_languages() -> None:
    props = QUESTION_SCHEMA["properties"]
    assert tuple(props["category"]["enum"]) == validate.CATEGORIES
    assert tuple(props["kind"]["enum"]) == validate.KINDS
    assert tuple(SCHEMA["$defs"]["language"]["enum"]) == validate.LANGUAGES


def test_schema_has_the_same_fields_and_required_fields() -> None:
    props = QUESTION_SCHEMA["properties"]
    assert set(props) == set(validate.QUESTION_FIELDS)
    required = {
        key
        for key in validate.QUESTION_FIELDS
        if findings(good_question(**{key: DROP})) == [(key, "missing")]
    }
    assert set(QUESTION_SCHEMA["required"]) == required
    assert tuple(SCHEMA["required"]) == validate.PACK_FIELDS


def test_schema_has_the_same_patterns_and_ranges() -> None:
    props = QUESTION_SCHEMA["properties"]
    assert props["id"]["pattern"] == validate.QUESTION_ID_RE.pattern
    assert SCHEMA["properties"]["pack"]["pattern"] == validate.PACK_ID_RE.pattern
    assert (props["difficulty"]["minimum"], props["difficulty"]["maximum"]) == (
        validate.MIN_DIFFICULTY,
        validate.MAX_DIFFICULTY,
    )
    assert props["options"]["minItems"] == validate.MIN_OPTIONS
    assert props["options"]["maxItems"] == validate.MAX_OPTIONS
