"""Loading packs: good files load, each bad question is a located problem."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from quiz_helpers import SAMPLES, good_question, line_of

from host import rng
from host.quiz import PackProblem, bundled_packs_dir, load_pack, load_packs


def test_good_pack_loads_every_question_without_problems() -> None:
    pack = load_pack(SAMPLES / "good.yaml")
    assert pack.problems == []
    assert [q.id for q in pack.questions] == [
        "en-geo-001",
        "en-geo-002",
        "en-sci-001",
        "en-his-001",
    ]
    assert (pack.pack_id, pack.language, pack.title) == ("test-good", "en", "Test pack (good)")
    tower = pack.questions[1]
    assert (tower.kind, tower.answer, tower.unit, tower.image) == ("numeric", 300, "m", None)
    assert pack.questions[2].options == ("Carbon dioxide", "Oxygen", "Nitrogen", "Helium")


def test_json_pack_with_tab_indentation_loads() -> None:
    pack = load_pack(SAMPLES / "good.json")
    assert pack.problems == []
    assert [q.language for q in pack.questions] == ["fr", "fr"]
    assert pack.questions[0].answer == "Le Rhône"


MIXED = SAMPLES / "mixed.yaml"


@pytest.mark.parametrize(
    ("qid", "field", "line_text", "message"),
    [
        ("en-geo-101", "answer", 'answer: "Paris"', '"Paris" is not one of the options'),
        ("en-geo-102", "options", 'options: ["Madrid"]', "has 1 option, needs 2 to 6"),
        ("en-geo-103", "answer", "answer: -9", "-9 is not a positive integer"),
        ("en-geo-105", "difficulty", "difficulty: hard", "must be an integer, not a string"),
        ("en-geo-106", "kind", "kind: truefalse",
         "'truefalse' is not one of choice, numeric, text, order"),
        ("en-geo-107", "difficulty", "id: en-geo-107", "missing"),
    ],
)
def test_mixed_pack_names_file_line_question_and_field(
    qid: str, field: str, line_text: str, message: str
) -> None:
    problems = [p for p in load_pack(MIXED).problems if p.question_id == qid]
    assert len(problems) == 1
    problem = problems[0]
    assert (problem.field, problem.message, problem.severity) == (field, message, "error")
    line = line_of(MIXED, line_text)
    assert problem.line == line
    assert str(problem) == f"{MIXED}:{line}: question '{qid}': field '{field}': {message}"


def test_mixed_pack_still_loads_its_good_questions() -> None:
    pack = load_pack(MIXED)
    assert [q.id for q in pack.questions] == ["en-geo-104", "en-geo-108"]
    # The second en-geo-104 (a numeric question) is the duplicate that was refused.
    assert pack.questions[0].kind == "choice"


def test_duplicate_id_in_one_pack_points_at_the_first() -> None:
    duplicates = [p for p in load_pack(MIXED).problems if "duplicate" in p.message]
    assert len(duplicates) == 1
    first = line_of(MIXED, "id: en-geo-104", 1)
    assert duplicates[0].line == line_of(MIXED, "id: en-geo-104", 2)
    assert duplicates[0].message == f"duplicate id, first used at {MIXED}:{first}"


def test_duplicate_id_across_packs_is_a_problem_of_the_later_pack() -> None:
    good, other = load_packs([SAMPLES / "good.yaml", SAMPLES / "other-pack.yaml"])
    assert good.problems == []
    assert [q.id for q in other.questions] == ["en-geo-201"]
    assert [(p.question_id, p.field) for p in other.errors] == [("en-geo-001", "id")]
    assert str(SAMPLES / "good.yaml") in other.errors[0].message


def test_the_same_pack_alone_has_no_duplicate() -> None:
    assert load_pack(SAMPLES / "other-pack.yaml").problems == []


def test_file_that_is_not_yaml_gives_one_problem_with_the_parser_line() -> None:
    pack = load_pack(SAMPLES / "not-yaml.yaml")
    assert pack.questions == []
    assert len(pack.problems) == 1
    problem = pack.problems[0]
    assert problem.message.startswith("not valid YAML:")
    assert problem.line is not None and problem.line > line_of(
        SAMPLES / "not-yaml.yaml", "Unclosed"
    )


def test_yaml_error_line_is_the_broken_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("pack: x\nlanguage: en\ntitle: [unclosed\nquestions: []\n: : :\n", "utf-8")
    (problem,) = load_pack(path).problems
    assert problem.line is not None and problem.line >= 3
    assert str(problem).startswith(f"{path}:{problem.line}: not valid YAML")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "the file is empty"),
        ("- just\n- a list\n", "a pack must be a mapping with pack, language, title, questions"),
    ],
)
def test_empty_or_wrong_root(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(content, "utf-8")
    assert [p.message for p in load_pack(path).problems] == [message]


def test_missing_file_and_non_utf8_file(tmp_path: Path) -> None:
    (missing,) = load_pack(tmp_path / "nope.yaml").problems
    assert missing.line is None and missing.message.startswith("cannot read the file")
    latin = tmp_path / "latin.yaml"
    latin.write_bytes("pack: x\ntitle: caf\xe9\n".encode("latin-1"))
    (problem,) = load_pack(latin).problems
    assert (problem.line, problem.message) == (2, "not UTF-8 text")


def test_header_problems_are_located(write_pack: Callable[..., Path]) -> None:
    path = write_pack([good_question()], language="de", extra="x")
    pack = load_pack(path)
    by_field = {p.field: p for p in pack.problems}
    assert by_field["language"].line == line_of(path, "language: de")
    assert by_field["language"].message == "'de' is not one of en, fr"
    assert by_field["extra"].message.startswith("unknown field")
    # Without a language no question can be built.
    assert pack.questions == []


def test_missing_title_still_loads_questions(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "pack: p\nlanguage: en\nquestions:\n  - {id: en-geo-001, category: geography, "
        "difficulty: 1, kind: numeric, prompt: 'How many?', answer: 3, source: s}\n",
        "utf-8",
    )
    pack = load_pack(path)
    assert [(p.field, p.message, p.line) for p in pack.problems] == [("title", "missing", 1)]
    assert [q.answer for q in pack.questions] == [3]


def test_key_given_twice_in_a_question(tmp_path: Path) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(
        "pack: p\nlanguage: en\ntitle: t\nquestions:\n"
        "  - id: en-geo-001\n    category: geography\n    difficulty: 1\n    kind: numeric\n"
        "    prompt: 'How many?'\n    answer: 3\n    answer: 4\n    source: s\n",
        "utf-8",
    )
    pack = load_pack(path)
    assert [(p.field, p.message, p.line) for p in pack.problems] == [("answer", "given twice", 11)]
    assert pack.questions == []


def test_question_that_is_not_a_mapping(write_pack: Callable[..., Path]) -> None:
    path = write_pack(["just a string", good_question()])
    pack = load_pack(path)
    assert [p.message for p in pack.problems] == ["a question must be a mapping, not str"]
    assert len(pack.questions) == 1


def test_wrong_language_prefix_in_id(write_pack: Callable[..., Path]) -> None:
    path = write_pack([good_question(id="fr-geo-001")])
    (problem,) = load_pack(path).problems
    assert (problem.field, problem.message) == (
        "id",
        "'fr-geo-001' must start with the pack's language 'en-'",
    )


def test_same_prompt_twice_is_only_a_warning(write_pack: Callable[..., Path]) -> None:
    second = good_question(id="en-geo-002", prompt="which river flows through VIENNA")
    pack = load_pack(write_pack([good_question(), second]))
    assert [(p.severity, p.question_id) for p in pack.problems] == [("warning", "en-geo-002")]
    assert len(pack.questions) == 2 and pack.errors == []
    assert "warning: question 'en-geo-002'" in str(pack.problems[0])


def test_image_is_resolved_next_to_the_pack(
    tmp_path: Path, write_pack: Callable[..., Path]
) -> None:
    (tmp_path / "img").mkdir()
    (tmp_path / "img" / "tower.png").write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 16)
    missing = good_question(id="en-geo-002", prompt="Other?", image="img/none.png")
    pack = load_pack(write_pack([good_question(image="img/tower.png"), missing]))
    assert pack.questions[0].image == str((tmp_path / "img" / "tower.png").resolve())
    assert [(p.field, p.question_id) for p in pack.problems] == [("image", "en-geo-002")]


def test_loaded_question_to_engine_shuffles_and_points_at_the_right_option() -> None:
    question = load_pack(SAMPLES / "good.yaml").questions[0]
    orders = set()
    for seed in range(40):
        form, state = question.to_engine(rng.seed_state(seed))
        assert state != rng.seed_state(seed)
        assert sorted(form["options"]) == sorted(question.options)
        assert form["options"][form["answer"]] == "Danube"
        orders.add(tuple(form["options"]))
    assert len(orders) > 5
    assert question.to_engine(7) == question.to_engine(7)


def test_numeric_to_engine_keeps_value_and_unit() -> None:
    tower = load_pack(SAMPLES / "good.yaml").questions[1]
    form, state = tower.to_engine(99)
    assert state == 99
    assert form == {
        "id": "en-geo-002",
        "kind": "numeric",
        "prompt": tower.prompt,
        "category": "geography",
        "difficulty": 3,
        "language": "en",
        "source": tower.source,
        "options": [],
        "answer": 300,
        "unit": "m",
    }


def test_load_packs_expands_folders(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    for name in ("good.yaml", "good.json"):
        (tmp_path / "sub" / name).write_bytes((SAMPLES / name).read_bytes())
    (tmp_path / "sub" / "notes.txt").write_text("not a pack", "utf-8")
    packs = load_packs([tmp_path])
    assert sorted(Path(p.path).name for p in packs) == ["good.json", "good.yaml"]
    assert all(p.problems == [] for p in packs)


def test_bundled_packs_dir_is_the_repo_folder_outside_a_wheel() -> None:
    repo = Path(__file__).resolve().parents[2]
    assert bundled_packs_dir() == repo / "questions" / "packs"


def test_problem_text_without_line_or_question() -> None:
    assert str(PackProblem("a.yaml", None, "cannot read")) == "a.yaml: cannot read"
