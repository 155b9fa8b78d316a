"""Facts that change carry their date: `as_of` in the pack format, and the check's warning
about dated facts older than the host's threshold (host/quiz/dated.py)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from quiz_helpers import good_question, line_of

from host.quiz import load_pack
from host.quiz.cli import main
from host.quiz.dated import facts_since, is_stale
from host.quiz.validate import check_question

TODAY = datetime.date.today()


@pytest.mark.parametrize("value", [2023, "2023", "2023-01-01", datetime.date(2023, 1, 1)])
def test_a_year_or_an_iso_date_is_a_good_as_of(value: Any) -> None:
    assert check_question(good_question(as_of=value), "en") == []


@pytest.mark.parametrize("value", ["last year", 23, "2023-13-01", "2023/01/01", True, [2023],
                                   datetime.datetime(2023, 1, 1, 12)])
def test_anything_else_is_refused_on_the_as_of_field(value: Any) -> None:
    found = check_question(good_question(as_of=value), "en")
    assert [f.field for f in found] == ["as_of"]
    assert "nor an ISO date" in found[0].message


def test_a_loaded_question_keeps_its_date_as_text(write_pack: Callable[..., Path]) -> None:
    path = write_pack([good_question(id="en-geo-001", as_of=2021),
                       good_question(id="en-geo-002", prompt="Second?", as_of="2019-03-01"),
                       good_question(id="en-geo-003", prompt="Third?")])
    pack = load_pack(path)
    assert pack.problems == []
    assert [q.as_of for q in pack.questions] == ["2021", "2019-03-01", None]
    assert pack.questions[0].to_pack_form()["as_of"] == 2021  # written back as the pack had it
    assert "as_of" not in pack.questions[2].to_pack_form()


def test_a_year_counts_as_its_last_day() -> None:
    today = datetime.date(2026, 12, 7)
    assert not is_stale("2021", today, 5)  # 2021-12-31 is within five years of 2026-12-07
    assert is_stale("2020", today, 5)
    assert is_stale("2021-12-06", today, 5) and not is_stale("2021-12-07", today, 5)
    assert not is_stale(None, today, 0)  # an undated question is never stale
    assert facts_since(datetime.date(2028, 2, 29), 5) == "2023-02-28"


def test_check_warns_of_old_dated_facts_with_file_and_line(
    write_pack: Callable[..., Path], capsys: pytest.CaptureFixture[str]
) -> None:
    old, recent = TODAY.year - 7, TODAY.year - 1
    path = write_pack([good_question(id="en-geo-001", as_of=old),
                       good_question(id="en-geo-002", prompt="Second?", as_of=recent),
                       good_question(id="en-geo-003", prompt="Third?")])
    assert main(["questions", "check", str(path)]) == 0  # a warning, not an error
    out = capsys.readouterr().out
    line = line_of(path, f"as_of: {old}")
    assert (f"{path}:{line}: warning: question 'en-geo-001': field 'as_of': dated {old}, "
            "about 7 years ago (more than 5)") in out
    assert "en-geo-002" not in out and "0 errors, 1 warnings" in out
    # The host's threshold: a year old is too old at 0 years; nothing is at 10.
    assert main(["questions", "check", "--max-age-years", "0", str(path)]) == 0
    assert "0 errors, 2 warnings" in capsys.readouterr().out
    assert main(["questions", "check", "--max-age-years", "10", str(path)]) == 0
    assert "0 errors, 0 warnings" in capsys.readouterr().out


def test_the_bundled_packs_date_their_changing_facts() -> None:
    """Populations, records, counts "in 2025" and office holders carry `as_of` (issue 46)."""
    from host.quiz.bank import QuestionBank

    bank = QuestionBank.bundled()
    assert bank.get("fr-ord-004").as_of == "2023"  # INSEE's figures: Lyon and Toulouse close
    assert bank.get("fr-geo-192").as_of == "2025-01-01"
    assert bank.get("en-soc-096").as_of == "2025"  # NATO's members
    for language in ("fr", "en"):
        dated = [q for q in bank.questions if q.language == language and q.as_of]
        assert len(dated) >= 20
