"""The quality checks of `tourelle questions check` (host/quiz/lint.py).

Each fixture in samples/lint-*.yaml is well formed but poor: the check must fail on
it and name the file and line of every problem, and pass its good questions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from quiz_helpers import SAMPLES, good_question, line_of

from host.quiz import lint
from host.quiz.bank import QuestionBank
from host.quiz.cli import main
from host.quiz.lint import (
    check_options,
    check_unit,
    content_words,
    is_year_question,
    lint_packs,
    prompt_units,
    year_counts,
)
from host.quiz.packs import load_packs
from host.quiz.question import Question


def field_line(path: Path, qid: str, field: str) -> int:
    """The line of `field` in question `qid` (so tests need no hard-coded lines)."""
    lines = path.read_text("utf-8").splitlines()
    start = line_of(path, f"id: {qid}")
    for number in range(start, len(lines) + 1):
        if lines[number - 1].strip().startswith(f"{field}:"):
            return number
    raise AssertionError(f"no {field} in {qid}")


def check_output(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(["questions", "check", str(path)])
    return code, capsys.readouterr().out


def findings_by_id(out: str, path: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in out.splitlines():
        if line.startswith(f"{path}:") and "question '" in line:
            qid = line.split("question '", 1)[1].split("'", 1)[0]
            found.setdefault(qid, []).append(line)
    return found


def question(**changes: Any) -> Question:
    data: dict[str, Any] = {
        "id": "en-geo-001",
        "language": "en",
        "category": "geography",
        "difficulty": 2,
        "kind": "numeric",
        "prompt": "How long is the Panama Canal, in kilometres?",
        "answer": 82,
        "source": "Wikipedia",
        "unit": "km",
    }
    data.update(changes)
    return Question(**data)


def test_near_duplicate_prompts_fail_with_file_and_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = SAMPLES / "lint-near-duplicate.yaml"
    code, out = check_output(path, capsys)
    assert code == 1
    mona = field_line(path, "en-art-001", "prompt")
    assert (
        f"{path}:{field_line(path, 'en-art-002', 'prompt')}: question 'en-art-002': "
        f"field 'prompt': prompt nearly repeats question 'en-art-001' with the same answer "
        f"({path}:{mona})"
    ) in out
    everest = field_line(path, "en-geo-001", "prompt")
    assert (
        f"{path}:{field_line(path, 'en-geo-002', 'prompt')}: question 'en-geo-002': "
        f"field 'prompt': prompt nearly repeats question 'en-geo-001' ({path}:{everest})"
    ) in out
    # "a standard guitar" / "a standard bass guitar": same template, different answers.
    assert set(findings_by_id(out, path)) == {"en-art-002", "en-geo-002"}
    assert out.splitlines()[-1] == "6 good questions in 1 files: 2 errors, 0 warnings"


def test_options_that_repeat_or_give_the_answer_away_fail_with_file_and_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = SAMPLES / "lint-options.yaml"
    code, out = check_output(path, capsys)
    assert code == 1
    expected = {
        "en-geo-001": "'ZURICH' repeats 'Zürich' (ignoring case, accents)",
        "en-lan-001": "the answer 'Present, appearing or found everywhere at once' "
        "is much longer than every other option",
        "en-spo-001": "the answer '42.195 km' is the only option that contains a number",
        "en-scr-001": "the answer 'The Office (US)' is the only option that has a bracket",
        "en-geo-003": "the answer 'Québec' is written in the prompt",
        "en-nat-001": "the answer 'Kitten' is the only option that starts with a capital",
    }
    found = findings_by_id(out, path)
    assert set(found) == set(expected)  # U2, ABBA, Explorer 1, True/False pass
    for qid, message in expected.items():
        line = field_line(path, qid, "options")
        assert found[qid] == [f"{path}:{line}: question '{qid}': field 'options': {message}"]


def test_units_that_contradict_the_prompt_fail_with_file_and_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    path = SAMPLES / "lint-units.yaml"
    code, out = check_output(path, capsys)
    assert code == 1
    expected = {
        "en-geo-001": "the unit 'm' contradicts the prompt, which asks in km",
        "en-his-001": "the prompt asks for a year, so the unit 'years' contradicts it",
        "en-tec-001": "the unit 'm' contradicts the prompt, which asks in ft",
        "en-sci-001": "the unit 'km/h' contradicts the prompt, which asks in m/s",
    }
    found = findings_by_id(out, path)
    assert set(found) == set(expected)
    for qid, message in expected.items():
        line = field_line(path, qid, "unit")
        assert found[qid] == [f"{path}:{line}: question '{qid}': field 'unit': {message}"]


def test_near_duplicates_are_found_across_files_within_a_language(
    write_pack: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    prompt = "Which river flows through the city of Vienna?"
    first = write_pack([good_question(prompt=prompt)], name="a.yaml")
    second = write_pack(
        [good_question(id="en-geo-002", prompt="Through the city of Vienna flows which river?")],
        name="b.yaml",
        pack="test-b",
    )
    french = write_pack(
        [good_question(id="fr-geo-001", prompt=prompt)], name="c.yaml", pack="test-c",
        language="fr",
    )
    code, out = check_output(first.parent, capsys)
    assert code == 1
    found = findings_by_id(out, second)
    assert list(found) == ["en-geo-002"] and f"({first}:" in found["en-geo-002"][0]
    assert findings_by_id(out, first) == {}
    assert findings_by_id(out, french) == {}  # another language: not compared


def test_the_good_samples_have_no_quality_findings() -> None:
    packs = load_packs([SAMPLES / "good.yaml", SAMPLES / "good.json"])
    assert lint_packs(packs) == []


@pytest.mark.parametrize(
    ("prompt", "unit", "contradicts"),
    [
        ("How long is the Rhine, in kilometres?", "km", False),
        ("How long is the Rhine, in kilometres?", "m", True),
        ("Quelle est la longueur du Rhin, en kilomètres ?", "m", True),
        ("Quelle est la longueur du Rhin, en kilomètres ?", "km", False),
        ("En quelle année le mur de Berlin est-il tombé ?", "m", True),
        ("En quelle année le mur de Berlin est-il tombé ?", "année", False),
        ("What is the top speed, in kilometres per hour?", "km/h", False),
        ("What is the top speed, in kilometres per hour?", "km", True),
        ("How many players are on a team?", "km", False),  # the prompt names no unit
        ("How many metres of rope does each of the players carry?", "players", False),
    ],
)
def test_check_unit(prompt: str, unit: str, contradicts: bool) -> None:
    findings = check_unit(question(prompt=prompt, unit=unit))
    assert bool(findings) is contradicts
    assert all(field == "unit" for field, _ in findings)


def test_compound_units_are_read_before_their_parts() -> None:
    assert prompt_units("How fast, in kilometres per hour?") == {"km/h"}
    assert prompt_units("How far, in kilometres, and how long, in hours?") == {"km", "h"}
    assert prompt_units("How many players are on a team?") == set()


def test_check_options_ignores_two_way_questions_and_shared_forms() -> None:
    def choice(options: list[str], answer: str, prompt: str = "Which one?") -> Question:
        return question(kind="choice", options=tuple(options), answer=answer, unit=None,
                        prompt=prompt)

    assert check_options(choice(["Yes, a very long answer indeed", "No"], "No")) == []
    assert check_options(choice(["U2", "The Cranberries", "Thin Lizzy"], "U2")) == []
    assert check_options(choice(["1066", "1067", "1068"], "1066")) == []
    assert check_options(choice(["Paris", "Lyon", "Nice"], "Paris", "Is Paris big?")) != []
    assert check_options(
        choice(["Paris", "Lyon", "Nice"], "Paris", "Paris or Lyon: which is bigger?")
    ) == []  # another option is in the prompt too


def test_the_prefix_filter_misses_no_similar_pair() -> None:
    rng = random.Random(7)
    vocabulary = [f"w{i}" for i in range(12)]
    sets = [frozenset(rng.sample(vocabulary, rng.randint(1, 6))) for _ in range(300)]
    candidates = lint._candidates(sets)
    pairs = 0
    for later, words in enumerate(sets):
        similar = {
            earlier
            for earlier in range(later)
            if lint._similar(words, sets[earlier], lint.SAME_ANSWER_JACCARD)
        }
        pairs += len(similar)
        assert similar <= set(candidates[later])
    assert pairs > 100  # the sample does exercise the filter


def test_content_words_drop_stop_words_and_plurals() -> None:
    assert content_words("How many strings does a guitar have?", "en") == frozenset(
        {"many", "string", "guitar"}
    )
    assert content_words("Combien de cordes a une guitare ?", "fr") == frozenset(
        {"combien", "corde", "guitare"}
    )


def test_year_questions_are_counted_per_language() -> None:
    year = question(prompt="In which year did the Titanic sink?", answer=1912, unit="year")
    année = question(id="fr-his-001", language="fr", prompt="En quelle année ?", unit=None)
    count = question(prompt="How many years did the war last?", answer=116, unit="years")
    assert is_year_question(year) and is_year_question(année) and not is_year_question(count)
    assert year_counts([year, count, année]) == {"en": (2, 1), "fr": (1, 1)}


def test_stats_prints_the_share_of_year_answers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "stats", str(SAMPLES / "good.yaml")]) == 0
    assert "en: 1 of 2 numeric questions ask for a year (50.0%)" in capsys.readouterr().out
    assert main(["questions", "stats", "--json", str(SAMPLES / "good.yaml")]) == 0
    assert json.loads(capsys.readouterr().out)["numeric_years"] == {"en": 1}


@pytest.mark.slow  # loads every bundled pack and picture (~5 s on a busy machine)
def test_bundled_packs_meet_the_issue_18_targets() -> None:
    """At least 1,000 questions and 400 numeric per language, at most 25% of them years."""
    bank = QuestionBank.bundled()
    per_language = bank.stats()["per_language"]
    for language, (numeric, years) in year_counts(bank.questions).items():
        assert per_language[language]["total"] >= 1000, language
        assert numeric >= 400, language
        assert years <= 0.25 * numeric, language
    assert set(per_language) == {"en", "fr"}
