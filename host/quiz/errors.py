"""The quiz package's exceptions: one base class, each also a stdlib type."""

from __future__ import annotations


class QuizError(Exception):
    """Base of every error raised by host.quiz."""


class SelectionError(QuizError, ValueError):
    """A question selection that can never match (bad language, category or range)."""


class BankExhausted(QuizError, LookupError):
    """No question of the wanted kind and language is left unused in this game."""


class ImportFailed(QuizError, ValueError):
    """A file an importer cannot read at all (wrong format, missing header...)."""
