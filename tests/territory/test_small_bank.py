"""A pack with only 5 numeric questions still plays a whole bot game: the bank reuses."""

from __future__ import annotations

from pathlib import Path

from host.serve.demo import run_headless
from host.quiz.bank import QuestionBank
from tests.synthetic import synthetic_bank


def test_a_five_numeric_question_bank_plays_a_whole_game(tmp_path: Path) -> None:
    big = synthetic_bank(5)
    small = QuestionBank([q for q in big.questions if q.kind == "numeric"][:5]
                         + [q for q in big.questions if q.kind == "choice"][:5])
    summary = run_headless(3, data_dir=tmp_path, bank=small)
    assert summary["status"] == "over"
