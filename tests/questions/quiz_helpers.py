"""Helpers shared by the question pack tests (a unique module name, unlike conftest)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

SAMPLES = Path(__file__).parent / "samples"


def line_of(path: Path, text: str, occurrence: int = 1) -> int:
    """The 1-based line of the n-th line containing `text` (so tests need no hard-coded lines)."""
    seen = 0
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if text in line:
            seen += 1
            if seen == occurrence:
                return number
    raise AssertionError(f"{text!r} not found {occurrence} times in {path}")


def good_question(**changes: Any) -> dict[str, Any]:
    question: dict[str, Any] = {
        "id": "en-geo-001",
        "category": "geography",
        "difficulty": 2,
        "kind": "choice",
        "prompt": "Which river flows through Vienna?",
        "options": ["Danube", "Rhine", "Elbe", "Vltava"],
        "answer": "Danube",
        "source": "Britannica",
    }
    question.update(changes)
    return {k: v for k, v in question.items() if v is not DROP}


DROP = object()  # a value that removes the field from good_question()
