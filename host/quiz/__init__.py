"""Question packs: the format, loading with precise problems, importers, the bank.

The format is documented in docs/QUESTIONS.md and questions/schema.json.
"""

from __future__ import annotations

from host.quiz.bank import QuestionBank, Selection
from host.quiz.errors import BankExhausted, ImportFailed, QuizError, SelectionError
from host.quiz.memory import QuestionMemory
from host.quiz.packs import (
    LoadedPack,
    PackProblem,
    bundled_packs_dir,
    load_pack,
    load_packs,
)
from host.quiz.question import Question

__all__ = [
    "BankExhausted",
    "ImportFailed",
    "LoadedPack",
    "PackProblem",
    "Question",
    "QuestionBank",
    "QuestionMemory",
    "QuizError",
    "Selection",
    "SelectionError",
    "bundled_packs_dir",
    "load_pack",
    "load_packs",
]
