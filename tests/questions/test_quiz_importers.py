"""Importers on sample files: what imports, what is skipped and why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from openpyxl import Workbook
from quiz_helpers import SAMPLES

from host.quiz.errors import ImportFailed
from host.quiz.importers import (
    ImportOptions,
    import_csv,
    import_gift,
    import_kahoot,
    import_opentdb,
)
from host.quiz.packs import load_pack
from host.quiz.validate import check_question
from host.quiz.writer import write_pack


def assert_all_valid(questions: list[dict[str, Any]], language: str) -> None:
    for question in questions:
        assert check_question(question, language) == []


# Open Trivia DB


def test_opentdb_imports_multiple_choice_and_unescapes_html() -> None:
    result = import_opentdb(SAMPLES / "opentdb.json")
    assert_all_valid(result.questions, "en")
    first, true_false, second = result.questions
    assert (true_false["options"], true_false["answer"]) == (["True", "False"], "True")
    assert first["prompt"] == 'What is the capital of "the Big Apple"\'s state, New York?'
    assert first["options"][0] == first["answer"] == "Albany"
    assert (first["category"], first["difficulty"]) == ("geography", 2)
    assert (second["answer"], second["category"], second["difficulty"]) == (
        "HTML & CSS",
        "technology",
        4,
    )
    assert [q["id"] for q in result.questions] == ["en-opentdb-001", "en-opentdb-002",
                                                   "en-opentdb-003"]


def test_opentdb_true_false_in_french_uses_french_words() -> None:
    result = import_opentdb(SAMPLES / "opentdb.json", ImportOptions(language="fr"))
    (true_false,) = [q for q in result.questions if q["prompt"] == "The Sun is a star."]
    assert (true_false["options"], true_false["answer"]) == (["Vrai", "Faux"], "Vrai")


def test_opentdb_skips_broken_questions_with_warnings() -> None:
    warnings = import_opentdb(SAMPLES / "opentdb.json").warnings
    assert not any("result 2" in w for w in warnings)  # a true/false question imports
    assert any(
        "result 4: skipped: field 'options': 'Antonio Vivaldi' appears twice" in w for w in warnings
    )


def test_opentdb_category_option_overrides(tmp_path: Path) -> None:
    result = import_opentdb(
        SAMPLES / "opentdb.json", ImportOptions(language="fr", category="society")
    )
    assert {q["category"] for q in result.questions} == {"society"}
    assert all(q["id"].startswith("fr-opentdb-") for q in result.questions)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"response_code": 1, "results": []}', "response_code 1: no results"),
        ('{"questions": []}', "no 'results' list"),
        ("{not json", "not JSON"),
    ],
)
def test_opentdb_refuses_other_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "x.json"
    path.write_text(content, "utf-8")
    with pytest.raises(ImportFailed, match=message):
        import_opentdb(path)


# Kahoot


def make_kahoot(path: Path, rows: list[list[Any]]) -> Path:
    """A workbook laid out like Kahoot's quiz template: instructions, header, rows."""
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Quiz template"])
    sheet.append(
        ["Add questions, at least two answer alternatives, time limit and choose correct answers."]
    )
    sheet.append([])
    sheet.append(
        [
            None,
            "Question - max 120 characters",
            "Answer 1 - max 75 characters",
            "Answer 2 - max 75 characters",
            "Answer 3 - max 75 characters",
            "Answer 4 - max 75 characters",
            "Time limit (sec) – 5, 10, 20, 30, 60, 90, 120, or 240 secs",
            "Correct answer(s) - choose at least one",
        ]
    )
    for number, row in enumerate(rows, start=1):
        sheet.append([number, *row])
    book.save(path)
    return path


def test_kahoot_template_rows(tmp_path: Path) -> None:
    path = make_kahoot(
        tmp_path / "Friday quiz.xlsx",
        [
            ["Which river flows through Vienna?", "Rhine", "Danube", "Elbe", "Vltava", 20, 2],
            ["How many legs has a spider?", 6, 8, 10, 4, 20, "2"],
            ["True or false: the sun is a star", "True", "False", None, None, 10, 1],
            ["Only one answer?", "Yes", None, None, None, 10, 1],
            ["Pick two", "a", "b", "c", "d", 20, "1,3"],
            [None, None, None, None, None, None, None],
            ["Which is a mammal?", "Whale", "Shark", "Trout", "Eel", 20, 1],
        ],
    )
    result = import_kahoot(path, ImportOptions(category="nature"))
    assert_all_valid(result.questions, "en")
    assert [q["answer"] for q in result.questions] == ["Danube", "8", "True", "Whale"]
    assert result.questions[2]["options"] == ["True", "False"]
    assert result.questions[0]["options"] == ["Danube", "Rhine", "Elbe", "Vltava"]
    assert result.questions[1]["options"] == ["8", "6", "10", "4"]
    assert [q["id"] for q in result.questions] == [
        "en-friday-quiz-001",
        "en-friday-quiz-002",
        "en-friday-quiz-003",
        "en-friday-quiz-004",
    ]
    assert any("row 8: skipped: 1 answer(s) (a choice needs at least 2)" in w
               for w in result.warnings)
    assert any("row 9: skipped: correct answer(s) '1,3'" in w for w in result.warnings)


def test_kahoot_without_category_skips_with_a_hint(tmp_path: Path) -> None:
    path = make_kahoot(tmp_path / "k.xlsx", [["Q?", "a", "b", "c", "d", 20, 1]])
    result = import_kahoot(path)
    assert result.questions == []
    assert result.warnings == ["k.xlsx: row 5: skipped: no category (give --category)"]


def test_kahoot_refuses_a_sheet_without_the_header(tmp_path: Path) -> None:
    book = Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Name", "Score"])
    book.save(tmp_path / "scores.xlsx")
    with pytest.raises(ImportFailed, match="no header row"):
        import_kahoot(tmp_path / "scores.xlsx")
    (tmp_path / "fake.xlsx").write_text("not a zip", "utf-8")
    with pytest.raises(ImportFailed, match="not a readable .xlsx"):
        import_kahoot(tmp_path / "fake.xlsx")


# GIFT


def test_gift_imports_choice_numeric_and_missing_word() -> None:
    result = import_gift(SAMPLES / "quiz.gift")
    assert_all_valid(result.questions, "en")
    by_prompt = {q["prompt"]: q for q in result.questions}
    vienna = by_prompt["Which river flows through Vienna?"]
    assert (vienna["answer"], vienna["options"], vienna["category"]) == (
        "Danube",
        ["Danube", "Rhine", "Elbe", "Vltava"],
        "geography",
    )
    assert (
        by_prompt["How tall is the Eiffel Tower's original structure, in metres?"]["answer"] == 300
    )
    assert by_prompt["How many cantons does Switzerland have?"]["answer"] == 26
    assert by_prompt["How many bones are in the adult human body?"]["answer"] == 206
    assert by_prompt["The Danube flows into the _____."]["answer"] == "Black Sea"
    assert by_prompt["Vienna is the capital of Austria."]["options"] == ["True", "False"]
    assert by_prompt["Vienna is the capital of Austria."]["answer"] == "True"
    assert by_prompt["Which is a river?"]["options"] == ["Danube", "Alps", "Paris"]
    vienna_typed = by_prompt["Name the capital of Austria."]
    assert (vienna_typed["kind"], vienna_typed["answer"], vienna_typed["accept"]) == (
        "text", "Vienna", ["Wien"])
    capitals = by_prompt["Match the capitals. In this order: 1. Austria 2. France 3. Spain"]
    assert (capitals["kind"], capitals["answer"]) == ("order", ["Vienna", "Paris", "Madrid"])
    rivers = by_prompt["Pick the rivers."]  # a multiple-answer question: two right options
    assert (rivers["options"], rivers["answer"]) == (
        ["Danube", "Rhine", "Alps", "Paris"], ["Danube", "Rhine"])
    assert len(result.questions) == 11


def test_gift_escapes_titles_and_feedback() -> None:
    result = import_gift(SAMPLES / "quiz.gift")
    (escaped,) = [q for q in result.questions if q["prompt"].startswith("Ratio")]
    assert escaped["prompt"] == "Ratio 1:2 written in set notation {a} means a = b?"
    assert escaped["options"] == ["Yes, 1:2", "No", "Only ~ sometimes", "Never # ever"]
    assert not any("::" in q["prompt"] for q in result.questions)


@pytest.mark.parametrize(
    "why",
    [
        "matching question imported as an ordering question",
        "skipped: essay question",
        "skipped: field 'answer': must be a positive integer, not a string",
        "tolerance ±2 dropped (the nearest answer wins)",
    ],
)
def test_gift_warns_about_what_it_skips(why: str) -> None:
    warnings = import_gift(SAMPLES / "quiz.gift").warnings
    assert any(w.endswith(why) for w in warnings), warnings


def test_gift_warning_lines_point_at_the_question() -> None:
    warnings = import_gift(SAMPLES / "quiz.gift").warnings
    (match,) = [w for w in warnings if "matching question imported" in w]
    lines = (SAMPLES / "quiz.gift").read_text("utf-8").splitlines()
    line = int(match.split(":")[1])
    assert lines[line - 1].startswith("::Match::")


def test_gift_without_questions_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.gift"
    path.write_text("// only a comment\n", "utf-8")
    with pytest.raises(ImportFailed, match="no GIFT question"):
        import_gift(path)


# CSV


def test_csv_imports_good_rows_and_explains_bad_ones() -> None:
    result = import_csv(SAMPLES / "questions.csv")
    assert_all_valid(result.questions, "en")
    assert [q["prompt"][:20] for q in result.questions] == [
        "Which river flows th",
        "How tall is the Eiff",
        "How many players in ",
    ]
    tower = result.questions[1]
    assert (tower["kind"], tower["answer"], tower["unit"]) == ("numeric", 300, "m")
    assert "options" not in tower
    assert result.questions[2]["source"] == "imported from questions.csv (no source given)"
    french = import_csv(SAMPLES / "questions.csv", ImportOptions(language="fr"))
    assert french.questions[2]["source"] == "importé de questions.csv (aucune source donnée)"
    assert [q["id"] for q in result.questions] == [f"en-questions-00{n}" for n in (1, 2, 3)]
    joined = "\n".join(result.warnings)
    assert "questions.csv:4: skipped: field 'answer': \"Pluto\" is not one of the options" in joined
    assert "questions.csv:5: skipped: field 'difficulty': 9 is not between 1 and 5" in joined
    assert "questions.csv:7: skipped: field 'answer': must be a positive integer" in joined


def test_csv_with_semicolons_and_capitalised_header() -> None:
    result = import_csv(SAMPLES / "questions-semicolon.csv", ImportOptions(language="fr"))
    assert result.warnings == []
    assert [q["answer"] for q in result.questions] == ["Roquefort", 46]
    assert result.questions[0]["prompt"] == "Quel fromage est à pâte persillée ?"


def test_csv_missing_columns_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "q.csv"
    path.write_text("kind,prompt,answer\nnumeric,How many?,3\n", "utf-8")
    with pytest.raises(ImportFailed, match="missing column"):
        import_csv(path)


# The written pack loads again.


@pytest.mark.parametrize(
    ("importer", "sample"),
    [(import_opentdb, "opentdb.json"), (import_gift, "quiz.gift"), (import_csv, "questions.csv")],
)
def test_written_pack_loads_cleanly(tmp_path: Path, importer: Any, sample: str) -> None:
    result = importer(SAMPLES / sample, ImportOptions())
    out = tmp_path / "imported.yaml"
    write_pack(out, "imported", "en", "Imported", result.questions)
    pack = load_pack(out)
    assert pack.errors == []
    assert [q.id for q in pack.questions] == [q["id"] for q in result.questions]
    assert [q.answer for q in pack.questions] == [  # an ordering answer loads as a tuple
        tuple(q["answer"]) if isinstance(q["answer"], list) else q["answer"]
        for q in result.questions]


def test_gift_imports_a_moodle_style_bank_whole() -> None:
    """Every question kind of Moodle's own GIFT fixture, in a file of ours: choice with 3
    options, true/false, numeric ranges, a short answer, a matching question (as an ordering
    one) import; the rest is skipped, each with its reason."""
    result = import_gift(SAMPLES / "moodle-like.gift", ImportOptions(category="society"))
    assert_all_valid(result.questions, "en")
    by_prompt = {q["prompt"]: q for q in result.questions}
    colour = by_prompt["Which colour is a ripe tomato?"]
    assert (colour["options"], colour["answer"]) == (["red", "blue", "green"], "red")
    assert by_prompt["Pick a number between 4 and 10."]["answer"] == 7
    assert by_prompt["How many players in a rugby union team, between 14 and 16?"]["answer"] == 15
    truths = {prompt: by_prompt[prompt]["answer"] for prompt in (
        "A week has eight days.", "Water boils at 100 degrees Celsius at sea level.",
        "The Moon orbits the Earth.")}
    assert truths == {"A week has eight days.": "False",
                      "Water boils at 100 degrees Celsius at sea level.": "True",
                      "The Moon orbits the Earth.": "True"}
    diver = by_prompt["Which bird is the fastest diver?"]
    assert (diver["kind"], diver["answer"], diver.get("accept")) == (
        "text", "Peregrine falcon", None)
    castles = by_prompt["Pair each castle with its country. In this order: 1. A castle on a "
                        "rock above Edinburgh. 2. A royal castle on the Loire. 3. A castle on "
                        "the Rhine."]
    assert (castles["kind"], castles["answer"]) == ("order", ["Scotland", "France", "Germany"])
    assert any("extra answer 'Spain' dropped" in w for w in result.warnings)
    fruits = by_prompt["Which of these are fruits?"]  # a multiple-answer question
    assert (fruits["kind"], fruits["options"], fruits["answer"]) == (
        "choice", ["apple", "stone", "pear", "brick"], ["apple", "pear"])
    assert len(result.questions) == 9
    skipped = sorted(w.split("skipped: ", 1)[1] for w in result.warnings if "skipped: " in w)
    # The short answer imports as typed (its 50 % variant dropped); only the essay is left.
    assert skipped == ["essay question"]
    assert not any("taken as equal" in w for w in result.warnings)  # 50 % and 50 %
    assert any("'Falcon' worth 50 % dropped" in w for w in result.warnings)
    assert any("range 14..16 taken as 15" in w for w in result.warnings)


def test_gift_multiple_answers_become_a_choice_with_several_right_options(
        tmp_path: Path) -> None:
    """A multiple-response question as Moodle's fixture has one: positive weights are the right
    options, negative ones the wrong ones, in the file's order; unequal weights are said; a
    question whose every answer is right is skipped with its reason."""
    path = tmp_path / "several.gift"
    path.write_text(
        "::Mammals:: Which of these are mammals?\n{\n"
        "    ~%50%whale # yes\n    ~%-100%shark # [html]a fish\n"
        "    ~%50%bat # yes\n    ~%-100%[plain]penguin # a bird\n}\n\n"
        "::Uneven:: Which are prime?{~%70%2 ~%30%3 ~%-50%4 ~6}\n\n"
        "::All:: Which are even?{~%50%2 ~%50%4}\n", encoding="utf-8")
    result = import_gift(path, ImportOptions(category="science"))
    assert_all_valid(result.questions, "en")
    mammals, primes = result.questions
    assert (mammals["kind"], mammals["options"], mammals["answer"]) == (
        "choice", ["whale", "shark", "bat", "penguin"], ["whale", "bat"])
    assert "explain" not in mammals  # an option's own feedback is not the question's
    assert (primes["options"], primes["answer"]) == (["2", "3", "4", "6"], ["2", "3"])
    assert any(w.endswith("several.gift:9: weights 70%, 30% taken as equal (each right tick "
                          "counts the same)") for w in result.warnings), result.warnings
    assert any(w.endswith("several.gift:11: skipped: no wrong answer (every option is right)")
               for w in result.warnings), result.warnings


def test_gift_short_answer_becomes_a_text_question(tmp_path: Path) -> None:
    """Moodle's fixture's short answer ("Which is the best animal?"): the full-credit
    answers are accepted, the part-credit one and the `*` wildcard dropped with a warning."""
    path = tmp_path / "animal.gift"
    path.write_text("::Q5:: Which is the best animal?{\n   =Frog#Good!\n   =Toad\n"
            "   =%50%Cat#What is it with Moodlers and cats?\n   =%0%*#Completely wrong.\n}\n",
                    encoding="utf-8")
    result = import_gift(path, ImportOptions(category="nature"))
    assert_all_valid(result.questions, "en")
    (animal,) = result.questions
    assert (animal["kind"], animal["answer"], animal["accept"], animal["explain"]) == (
        "text", "Frog", ["Toad"], "Good!")
    assert any("'Cat' worth 50 % dropped" in w for w in result.warnings)
    assert any("wildcard answer '*' dropped" in w for w in result.warnings)


def test_gift_true_false_in_a_french_pack() -> None:
    result = import_gift(SAMPLES / "moodle-like.gift",
                         ImportOptions(category="society", language="fr"))
    (week,) = [q for q in result.questions if q["prompt"] == "A week has eight days."]
    assert (week["options"], week["answer"]) == (["Vrai", "Faux"], "Faux")


def test_csv_true_false_and_six_option_rows(tmp_path: Path) -> None:
    path = tmp_path / "mixed-options.csv"
    path.write_text(
        "kind,category,difficulty,prompt,option1,option2,option3,option4,option5,option6,"
        "answer,source\n"
        "choice,nature,1,La baleine est un mammifère.,Vrai,Faux,,,,,Vrai,Britannica\n"
        "choice,nature,2,Lequel est un félin ?,Lynx,Loup,Ours,Renard,Blaireau,Hérisson,Lynx,"
        "Britannica\n", "utf-8")
    result = import_csv(path, ImportOptions(language="fr"))
    assert_all_valid(result.questions, "fr")
    assert [len(q["options"]) for q in result.questions] == [2, 6]
    assert result.questions[0]["options"] == ["Vrai", "Faux"]


@pytest.mark.parametrize(("pairs", "why"), [
    ("=A -> x =B -> y", "matching question with 2 pairs (an ordering question takes 3 to 6)"),
    ("=A -> x =B -> y =C -> x", "matching question whose answers repeat"),
    ("=A -> x =B -> y =C", "matching pair 'C' has no answer"),
])
def test_gift_matching_that_is_no_ordering_is_skipped(tmp_path: Path, pairs: str,
                                                       why: str) -> None:
    path = tmp_path / "pairs.gift"
    path.write_text(f"::P:: Pair them. {{{pairs}}}\n", encoding="utf-8")
    result = import_gift(path, ImportOptions(category="society"))
    assert result.questions == []
    assert any(w.endswith("skipped: " + why) for w in result.warnings), result.warnings
