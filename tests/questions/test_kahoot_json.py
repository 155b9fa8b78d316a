"""A kahoot saved as JSON: quiz questions become choices, "type answer" questions `text`
ones and "puzzle" questions `order` ones; the rest is skipped with its reason, and the pack
written loads and checks clean."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from host import messages
from host.serve.cli import main
from host.quiz.errors import ImportFailed
from host.quiz.importers import ImportOptions, import_kahoot
from host.quiz.validate import check_question


def choice(text: str, correct: bool = True) -> dict[str, Any]:
    return {"answer": text, "correct": correct}


# Laid out as Kahoot's own pages load a kahoot (type, question, time, choices...).
QUESTIONS: list[Any] = [
    {"type": "content", "title": "Welcome!", "description": "Get ready"},
    {"type": "quiz", "question": "Which river flows through <b>Vienna</b>?", "time": 20000,
     "pointsMultiplier": 1, "choices": [choice("Rhine", False), choice("Danube"),
                                        choice("Elbe", False), choice("Vltava", False)]},
    {"type": "quiz", "question": "True or false: the Sun is a star", "time": 10000,
     "choices": [choice("True"), choice("False", False)]},
    {"type": "open_ended", "question": "What was Pantone&#39;s colour of 2019?", "time": 30000,
     "pointsMultiplier": 2, "choices": [choice("Living Coral"), choice("Coral")]},
    {"type": "jumble", "question": "Place these planets in order from the Sun:", "time": 60000,
     "choices": [choice("Mercury"), choice("Venus"), choice("Earth"), choice("Mars")]},
    {"type": "survey", "question": "Favourite film?", "choices": [choice("Jaws")]},
    {"type": "quiz", "question": "Pick two", "choices": [choice("a"), choice("b"),
                                                       choice("c", False)]},
    {"type": "quiz", "question": "Find the flag of Switzerland",
     "choices": [{"correct": True, "image": {"id": "x"}}, {"correct": False, "image": {}}]},
    {"type": "jumble", "question": "Order two", "choices": [choice("a"), choice("a")]},
    {"type": "open_ended", "question": "Nothing right", "choices": [choice("x", False)]},
    "a stray string",
]


def kahoot_file(tmp_path: Path, document: Any, name: str = "Friday kahoot.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(document), "utf-8")
    return path


def test_quiz_type_answer_and_puzzle_questions_import(tmp_path: Path) -> None:
    path = kahoot_file(tmp_path, {"title": "Friday", "questions": QUESTIONS})
    result = import_kahoot(path, ImportOptions(category="science"))
    for question in result.questions:
        assert check_question(question, "en") == []
    assert [(q["id"], q["kind"]) for q in result.questions] == [
        ("en-friday-kahoot-001", "choice"), ("en-friday-kahoot-002", "choice"),
        ("en-friday-kahoot-003", "text"), ("en-friday-kahoot-004", "order")]
    vienna, sun, pantone, planets = result.questions
    assert vienna["prompt"] == "Which river flows through Vienna?"  # Kahoot's <b> dropped
    assert (vienna["options"], vienna["answer"]) == (["Danube", "Rhine", "Elbe", "Vltava"],
                                                     "Danube")
    assert (sun["options"], sun["answer"]) == (["True", "False"], "True")
    assert pantone["prompt"] == "What was Pantone's colour of 2019?"
    assert (pantone["answer"], pantone["accept"]) == ("Living Coral", ["Coral"])
    assert planets["answer"] == ["Mercury", "Venus", "Earth", "Mars"]  # a puzzle's right order
    assert "options" not in planets
    skipped = [w for w in result.warnings if ": skipped: " in w]
    assert sorted(skipped) == sorted([  # a question's own checks come after the reading
        "Friday kahoot.json: question 1: skipped: a 'content' slide asks nothing to score",
        "Friday kahoot.json: question 6: skipped: a 'survey' slide asks nothing to score",
        "Friday kahoot.json: question 7: skipped: 2 right answers (one answer per team here)",
        "Friday kahoot.json: question 8: skipped: its answers are pictures, not text",
        "Friday kahoot.json: question 9: skipped: field 'answer': has 2 items, needs 3 to 6",
        "Friday kahoot.json: question 9: skipped: field 'answer': item 2 repeats item 1 ('a')",
        "Friday kahoot.json: question 10: skipped: no accepted answer",
        "Friday kahoot.json: question 11: skipped: not a question object",
    ])
    for warning in skipped:  # each said in French too (a pack field keeps its name: answer)
        french = messages.french(warning)
        assert french is not None and "ignorée" in french and "skipped" not in french, french
        assert not {"right", "slide", "pictures", "object", "items"} & set(french.split()), french


def test_a_kahoot_under_its_kahoot_key_imports_and_the_cli_writes_a_clean_pack(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = kahoot_file(tmp_path, {"kahoot": {"questions": QUESTIONS[3:5]}}, "planets.json")
    out = tmp_path / "planets.yaml"
    assert main(["questions", "import", "kahoot", str(path), "-o", str(out),
                 "--category", "science"]) == 0
    pack = yaml.safe_load(out.read_text("utf-8"))
    assert [q["kind"] for q in pack["questions"]] == ["text", "order"]
    capsys.readouterr()
    assert main(["questions", "check", str(out)]) == 0


@pytest.mark.parametrize(("content", "words"), [
    ("{not json", "not JSON"),
    ('{"title": "no questions"}', "no 'questions' list"),
    ("[1, 2]", "no 'questions' list"),
])
def test_a_file_that_is_not_a_kahoot_is_refused(tmp_path: Path, content: str, words: str) -> None:
    path = tmp_path / "k.json"
    path.write_text(content, "utf-8")
    with pytest.raises(ImportFailed, match=words) as caught:
        import_kahoot(path, ImportOptions(category="science"))
    assert messages.french(str(caught.value)) is not None
