"""The bundled packs: they check clean and hold what a night needs in each language."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.serve.cli import main
from host.quiz.bank import QuestionBank

ROOT = Path(__file__).resolve().parents[2]


def test_questions_check_of_the_bundled_folder_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "check", str(ROOT / "questions")]) == 0
    assert " 0 errors" in capsys.readouterr().out


@pytest.mark.parametrize("language", ["fr", "en"])
def test_each_language_has_enough_questions_across_categories(language: str) -> None:
    stats = QuestionBank.bundled().stats()["per_language"][language]
    assert stats["kind"]["choice"] >= 250
    assert stats["kind"]["numeric"] >= 120
    assert stats["kind"]["order"] >= 12  # ordering questions (questions/packs/*-order.yaml)
    assert len(stats["category"]) >= 8


def test_stats_prints_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["questions", "stats"]) == 0
    out = capsys.readouterr().out
    assert "fr" in out and "en" in out and "numeric" in out
