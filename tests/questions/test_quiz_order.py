"""Ordering questions in packs (`kind: order`): the checks with file and line, the French of
each finding, and the engine's form (shown shuffled, never in the right order)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from quiz_helpers import DROP, good_question, line_of

from host import messages, rng
from host.serve.cli import main
from host.quiz import load_pack
from host.quiz.validate import check_question

PLANETS = ["Mercury", "Venus", "Earth", "Mars"]


def order_question(**changes: Any) -> dict[str, Any]:
    return good_question(**{"kind": "order", "options": DROP, "answer": PLANETS,
                            "prompt": "Put these planets in order from the Sun.", **changes})


def findings(question: Any) -> list[tuple[str | None, str]]:
    return [(f.field, f.message) for f in check_question(question, "en")]


def test_a_good_ordering_question_has_no_findings() -> None:
    assert findings(order_question()) == []
    assert findings(order_question(answer=["a", "b", "c"])) == []
    assert findings(order_question(answer=list("abcdef"))) == []


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"answer": ["Mercury", "Venus"]}, ("answer", "has 2 items, needs 3 to 6")),
        ({"answer": list("abcdefg")}, ("answer", "has 7 items, needs 3 to 6")),
        ({"answer": ["Mercury", "Venus", "venus!"]},
         ("answer", "item 3 repeats item 2 ('venus!')")),
        ({"answer": ["Mercury", "", "Earth"]},
         ("answer", "item 2 must be a non-empty text, not a string")),
        ({"answer": ["Mercury", 3, "Earth"]},
         ("answer", "item 2 must be a non-empty text, not an integer")),
        ({"answer": ["Mercury", "x" * 49, "Earth"]},
         ("answer", "item 2 has 49 characters, at most 48")),
        ({"answer": "Mercury"},
         ("answer", "must be the list of items in their right order, not a string")),
        ({"answer": DROP}, ("answer", "missing")),
        ({"options": PLANETS},
         ("options", "an ordering question has no options (its answer lists the items in order)")),
        ({"unit": "km"}, ("unit", "only numeric questions have a unit")),
        ({"accept": ["x"]}, ("accept", "only text questions have this field")),
    ],
)
def test_each_bad_ordering_question_is_named(changes: dict[str, Any],
                                             expected: tuple[str, str]) -> None:
    assert findings(order_question(**changes)) == [expected]
    assert messages.french(expected[1]) is not None, expected[1]


def test_an_ordering_list_is_refused_for_the_other_kinds() -> None:
    """A choice reads a list as its right options (host/quiz/several.py): none is an option."""
    assert findings(good_question(answer=PLANETS)) == [
        ("answer", f'right answer {n} "{planet}" is not one of the options')
        for n, planet in enumerate(PLANETS, start=1)]
    assert findings(good_question(kind="numeric", options=DROP, answer=PLANETS)) == [
        ("answer", "must be a positive integer, not a list")]


def test_a_pack_file_names_the_file_and_line_of_a_bad_ordering_question(
        write_pack: Callable[..., Path]) -> None:
    path = write_pack([order_question(id="en-geo-001"),
                       order_question(id="en-geo-002", answer=["Mercury", "Venus"],
                                      prompt="Order these two.")])
    pack = load_pack(path)
    assert [q.id for q in pack.questions] == ["en-geo-001"]
    assert pack.questions[0].answer == tuple(PLANETS)
    (problem,) = pack.problems
    assert (problem.question_id, problem.field) == ("en-geo-002", "answer")
    assert problem.line == line_of(path, "answer:", 2) + 1  # the list's first line
    assert str(problem).startswith(f"{path}:{problem.line}: question 'en-geo-002'")


def test_questions_check_accepts_good_ordering_questions_and_refuses_bad_ones(
        write_pack: Callable[..., Path], capsys: pytest.CaptureFixture[str]) -> None:
    good = write_pack([order_question()], name="good.yaml")
    assert main(["questions", "check", str(good)]) == 0
    bad = write_pack([order_question(answer=["Mercury", "Mercury", "Venus"])], name="bad.yaml")
    assert main(["questions", "check", str(bad)]) == 1
    assert "item 2 repeats item 1" in capsys.readouterr().out


def test_the_engine_form_shows_the_items_shuffled_never_in_the_right_order(
        write_pack: Callable[..., Path]) -> None:
    question = load_pack(write_pack([order_question(answer=["a", "b", "c"])])).questions[0]
    seen = set()
    for seed in range(60):
        form, after = question.to_engine(rng.seed_state(seed))
        assert form["kind"] == "order" and after != rng.seed_state(seed)
        shown, answer = form["options"], form["answer"]
        assert sorted(shown) == ["a", "b", "c"] and shown != ["a", "b", "c"]
        assert [shown[i] for i in answer] == ["a", "b", "c"]
        assert question.to_engine(rng.seed_state(seed))[0] == form  # seeded: the same again
        seen.add(tuple(shown))
    assert len(seen) == 5  # every order but the right one
    assert question.to_pack_form()["answer"] == ["a", "b", "c"]
