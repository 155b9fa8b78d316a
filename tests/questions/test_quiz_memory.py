"""The SQLite memory of questions used in past games."""

from __future__ import annotations

from pathlib import Path

from host.quiz import QuestionBank, QuestionMemory
from host.quiz.bank import Selection
from host.quiz.memory import MEMORY_FILENAME
from host.quiz.question import Question


def test_mark_used_then_used_gives_ids_with_times(tmp_path: Path) -> None:
    with QuestionMemory(tmp_path / "m.sqlite3") as memory:
        memory.mark_used(["a", "b"], when=100.0)
        memory.mark_used(["b", "c", "c"], when=200.0)
        assert memory.used() == {"a": 100.0, "b": 200.0, "c": 200.0}
        assert (memory.times_used("b"), memory.times_used("c"), memory.times_used("z")) == (2, 1, 0)


def test_memory_survives_reopening_and_reset_forgets(tmp_path: Path) -> None:
    with QuestionMemory.in_dir(tmp_path / "data") as memory:
        memory.mark_used(["a", "b"])
    assert (tmp_path / "data" / MEMORY_FILENAME).is_file()
    with QuestionMemory.in_dir(tmp_path / "data") as memory:
        assert set(memory.used()) == {"a", "b"}
        assert memory.reset() == 2
        assert memory.used() == {}


def test_memory_feeds_the_bank_least_recent_first(tmp_path: Path) -> None:
    questions = [
        Question(f"en-geo-00{i}", "en", "geography", 2, "numeric", f"Q{i}?", i + 1, "s")
        for i in range(3)
    ]
    bank = QuestionBank(questions)
    with QuestionMemory(tmp_path / "m.sqlite3") as memory:
        memory.mark_used(["en-geo-000", "en-geo-002"], when=50.0)
        memory.mark_used(["en-geo-001"], when=10.0)
        memory.mark_used(["en-geo-002"], when=60.0)
        form, _ = bank.draw("numeric", Selection(), set(), memory.used(), 0)
    assert (form["id"], form["reused"]) == ("en-geo-001", True)
