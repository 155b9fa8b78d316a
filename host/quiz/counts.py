"""`tourelle questions count`: what a pub quiz can draw, per language, as a terminal table.

Kinds as a host plans rounds: a choice of "Vrai"/"Faux" (or "True"/"False") is a
true/false question, apart from the other choice questions; then numeric, typed
(text) and ordering questions. Then categories and difficulties, and the share
of questions with an explanation (`explain`) and with a date (`as_of`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from host.quiz.question import Question
from host.quiz.validate import CATEGORIES, MAX_DIFFICULTY, MIN_DIFFICULTY, TRUE_FALSE

COUNT_KINDS: tuple[str, ...] = ("true/false", "other choice", "numeric", "text", "order")


def count_kind(question: Question) -> str:
    """The question's kind as `count` shows it (a two-option true/false apart)."""
    if question.kind != "choice":
        return question.kind
    pair = TRUE_FALSE.get(question.language)
    return "true/false" if pair and sorted(question.options) == sorted(pair) else "other choice"


@dataclass(frozen=True)
class LanguageCounts:
    """One language's counts: each row's label and number, in the table's order."""

    language: str
    total: int
    kinds: dict[str, int]
    categories: dict[str, int]
    difficulties: dict[int, int]
    explained: int
    dated: int


def language_counts(questions: Iterable[Question], language: str) -> LanguageCounts:
    mine = [q for q in questions if q.language == language]
    kinds = {kind: 0 for kind in COUNT_KINDS}
    categories = {category: 0 for category in CATEGORIES}
    difficulties = {level: 0 for level in range(MIN_DIFFICULTY, MAX_DIFFICULTY + 1)}
    for question in mine:
        kinds[count_kind(question)] += 1
        categories[question.category] += 1
        difficulties[question.difficulty] += 1
    return LanguageCounts(language, len(mine), kinds, categories, difficulties,
                          explained=sum(1 for q in mine if q.explain),
                          dated=sum(1 for q in mine if q.as_of))


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def count_table(columns: Sequence[LanguageCounts]) -> str:
    """The counts as a plain text table: one pair of columns (number, share) per language."""
    rows: list[tuple[str, list[int]]] = [("questions", [c.total for c in columns])]
    sections: list[tuple[str, list[tuple[str, list[int]]]]] = [
        ("kind", [(k, [c.kinds[k] for c in columns]) for k in COUNT_KINDS]),
        ("category", [(k, [c.categories[k] for c in columns]) for k in CATEGORIES]),
        ("difficulty", [(str(k), [c.difficulties[k] for c in columns])
                        for k in range(MIN_DIFFICULTY, MAX_DIFFICULTY + 1)]),
        ("with", [("an explanation", [c.explained for c in columns]),
                  ("as_of (dated)", [c.dated for c in columns])]),
    ]
    width = 18

    def line(label: str, values: list[int]) -> str:
        cells = "".join(f"{n:>8} {_share(n, c.total):>7}" for n, c in zip(values, columns,
                                                                            strict=True))
        return f"{label:<{width}}{cells}"

    out = [f"{'':<{width}}" + "".join(f"{c.language:>16}" for c in columns)]
    out += [line(label, values) for label, values in rows]
    for title, items in sections:
        out.append(title)
        out += [line("  " + label, values) for label, values in items]
    return "\n".join(out)
