"""Choice questions with several right options (`answer` a list of option texts): the checks
with file and line, the French of each finding, the engine's form and the writer."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from quiz_helpers import good_question, line_of

from host import messages, rng
from host.quiz import load_pack
from host.quiz.validate import check_question
from host.quiz.writer import pack_text

FRUITS = ["Apple", "Stone", "Pear", "Brick"]


def several(**changes: Any) -> dict[str, Any]:
    return good_question(**{"prompt": "Which of these are fruits?", "options": FRUITS,
                            "answer": ["Apple", "Pear"], **changes})


def findings(question: Any) -> list[tuple[str | None, str]]:
    return [(f.field, f.message) for f in check_question(question, "en")]


def test_a_good_question_with_several_right_options_has_no_findings() -> None:
    assert findings(several()) == []
    assert findings(several(answer=["Brick"])) == []  # one right, in a list: tick it alone
    assert findings(several(answer=["Apple", "Stone", "Pear"])) == []  # all but one
    assert findings(good_question()) == []  # one right answer as a text: as before


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ([], "lists no right option (name at least one, or write the one right option as a "
             "text)"),
        (["Apple", "Plum"], 'right answer 2 "Plum" is not one of the options'),
        (["Apple", "Pear", "Apple"], 'right answer 3 "Apple" is given twice'),
        (["Apple", 3], "right answer 2 must be the text of an option, not an integer"),
        (FRUITS, "names all 4 options as right: at least one must be wrong"),
        (["Pear", "Brick", "Stone", "Apple"],
         "names all 4 options as right: at least one must be wrong"),
    ],
)
def test_each_bad_list_of_right_options_is_named_in_both_languages(
        answer: list[Any], expected: str) -> None:
    assert findings(several(answer=answer)) == [("answer", expected)]
    assert messages.french(expected) is not None, expected


def test_a_list_answer_waits_for_good_options() -> None:
    """Options that are no texts are named first; the list is not checked against them."""
    assert findings(several(options=["Apple", 2], answer=["Apple"])) == [
        ("options", "option 2 must be a non-empty string, not an integer "
                    '(write it in quotes: "2")')]


def test_a_pack_file_names_the_file_and_line_of_a_bad_list(
        write_pack: Callable[..., Path]) -> None:
    path = write_pack([several(id="en-geo-001"),
                       several(id="en-geo-002", answer=["Apple", "Apple"],
                               prompt="Which are fruits, again?")])
    pack = load_pack(path)
    assert [q.id for q in pack.questions] == ["en-geo-001"]
    assert pack.questions[0].answer == ("Apple", "Pear") and pack.questions[0].several
    (problem,) = pack.problems
    assert (problem.question_id, problem.field) == ("en-geo-002", "answer")
    assert problem.line == line_of(path, "answer:", 2) + 1  # the list's first line
    assert str(problem) == (f'{path}:{problem.line}: question \'en-geo-002\': field '
                            f'\'answer\': right answer 2 "Apple" is given twice')


def test_the_engine_form_gives_the_right_options_shown_indexes(
        write_pack: Callable[..., Path]) -> None:
    question = load_pack(write_pack([several()])).questions[0]
    shown_orders = set()
    for seed in range(30):
        form, _ = question.to_engine(rng.seed_state(seed))
        assert form["kind"] == "choice" and form["several"] is True
        assert sorted(form["options"]) == sorted(FRUITS)
        assert [form["options"][i] for i in form["answer"]] == [
            o for o in form["options"] if o in ("Apple", "Pear")]
        assert form["answer"] == sorted(form["answer"])
        shown_orders.add(tuple(form["options"]))
    assert len(shown_orders) > 5
    one = load_pack(write_pack([good_question()], name="one.yaml")).questions[0]
    form, _ = one.to_engine(rng.seed_state(1))
    assert isinstance(form["answer"], int) and "several" not in form and not one.several


def test_the_writer_keeps_the_list_and_it_loads_again(tmp_path: Path,
                                                      write_pack: Callable[..., Path]) -> None:
    question = load_pack(write_pack([several()])).questions[0]
    text = pack_text("again", "en", "Again", [question.to_pack_form()])
    assert "answer: [Apple, Pear]" in text
    path = tmp_path / "again.yaml"
    path.write_text(text, encoding="utf-8")
    again = load_pack(path)
    assert again.errors == [] and again.questions[0].answer == ("Apple", "Pear")
