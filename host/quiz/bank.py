"""Drawing questions for a game: no repeat within a game, few across games.

The bank is pure like an engine: it reads no clock and draws with the
integer generator of host/rng.py; what past games used comes in as an
argument (see memory.py), so the Session decides when to read and save it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from host import rng
from host.quiz.errors import BankExhausted, QuizError, SelectionError
from host.quiz.packs import PackProblem, bundled_packs_dir, load_packs
from host.quiz.question import Question
from host.quiz.validate import CATEGORIES, KINDS, LANGUAGES, MAX_DIFFICULTY, MIN_DIFFICULTY


@dataclass(frozen=True)
class Selection:
    """Which questions a game wants; None means any language / any category."""

    language: str | None = None
    categories: frozenset[str] | None = None
    min_difficulty: int = MIN_DIFFICULTY
    max_difficulty: int = MAX_DIFFICULTY

    def __post_init__(self) -> None:
        if self.language is not None and self.language not in LANGUAGES:
            raise SelectionError(
                f"unknown language {self.language!r} (known: {', '.join(LANGUAGES)})"
            )
        if self.categories is not None:
            unknown = sorted(set(self.categories) - set(CATEGORIES))
            if unknown:
                raise SelectionError(f"unknown categories: {', '.join(unknown)}")
            if not self.categories:
                raise SelectionError("an empty category set matches nothing; use None for any")
        low, high = self.min_difficulty, self.max_difficulty
        if not MIN_DIFFICULTY <= low <= high <= MAX_DIFFICULTY:
            raise SelectionError(
                f"difficulty range {low}..{high} is not within {MIN_DIFFICULTY}..{MAX_DIFFICULTY}"
            )

    def matches(self, question: Question) -> bool:
        return (
            (self.language is None or question.language == self.language)
            and (self.categories is None or question.category in self.categories)
            and self.min_difficulty <= question.difficulty <= self.max_difficulty
        )

    def relaxations(self) -> list[Selection]:
        """This selection, then wider ones: any difficulty, then any category too.

        The language is never relaxed: a question the room cannot read is no use.
        """
        steps = [self]
        wider = replace(self, min_difficulty=MIN_DIFFICULTY, max_difficulty=MAX_DIFFICULTY)
        for step in (wider, replace(wider, categories=None)):
            if step != steps[-1]:
                steps.append(step)
        return steps


Remembered = AbstractSet[str] | Mapping[str, float]


class QuestionBank:
    """Every loaded question, ready to draw from."""

    def __init__(self, questions: Iterable[Question], problems: Sequence[PackProblem] = ()) -> None:
        self._by_id: dict[str, Question] = {}
        for question in questions:
            if question.id in self._by_id:
                raise QuizError(f"question id {question.id!r} given twice")
            self._by_id[question.id] = question
        ordered = sorted(self._by_id.values(), key=lambda q: q.id)
        self._by_kind: dict[str, list[Question]] = {
            kind: [q for q in ordered if q.kind == kind] for kind in KINDS
        }
        self.problems: list[PackProblem] = list(problems)

    @classmethod
    def from_paths(cls, paths: Iterable[str | Path]) -> QuestionBank:
        """A bank of the good questions in these files and folders; problems kept aside."""
        packs = load_packs(paths)
        questions = [q for pack in packs for q in pack.questions]
        return cls(questions, [p for pack in packs for p in pack.problems])

    @classmethod
    def bundled(cls) -> QuestionBank:
        """A bank of the packs shipped with Tourelle."""
        folder = bundled_packs_dir()
        if not folder.is_dir():
            return cls([], [PackProblem(str(folder), None, "bundled packs folder not found")])
        return cls.from_paths([folder])

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, qid: object) -> bool:
        return qid in self._by_id

    def get(self, qid: str) -> Question:
        return self._by_id[qid]

    @property
    def questions(self) -> list[Question]:
        return sorted(self._by_id.values(), key=lambda q: q.id)

    def matching(self, kind: str, selection: Selection) -> list[Question]:
        """The questions of this kind the selection allows, ordered by id."""
        if kind not in KINDS:
            raise SelectionError(f"unknown question kind {kind!r} (known: {', '.join(KINDS)})")
        return [q for q in self._by_kind[kind] if selection.matches(q)]

    def draw(
        self,
        kind: str,
        selection: Selection,
        used_in_game: AbstractSet[str] | Sequence[str],
        remembered: Remembered,
        rng_state: int,
    ) -> tuple[dict[str, Any], int]:
        """One question in engine form, and the new generator state.

        Never a question in `used_in_game`. Prefers questions not in
        `remembered` (past games); when none is left, reuses remembered ones,
        least recently used first if `remembered` maps ids to times ("reused":
        true). When the selection has nothing left for this game, it widens
        the selection ("relaxed": true). When even the widest selection has
        nothing left, it reuses a question already asked in this game, the
        least recently asked first if `used_in_game` is ordered (oldest first),
        drawn with the seeded generator ("reused": true, "reused_in_game":
        true). Raises BankExhausted only when there is no question of the kind.
        """
        for step, wider in enumerate(selection.relaxations()):
            candidates = [q for q in self.matching(kind, wider) if q.id not in used_in_game]
            if not candidates:
                continue
            pool = [q for q in candidates if q.id not in remembered]
            reused = not pool
            if reused:
                pool = _least_recent(candidates, remembered)
            question, rng_state = rng.choice(rng_state, pool)
            form, rng_state = question.to_engine(rng_state)
            form["relaxed"] = step > 0
            form["reused"] = reused
            form["reused_in_game"] = False
            return form, rng_state
        asked = self.matching(kind, selection) or self.matching(kind, selection.relaxations()[-1])
        if asked:
            pool = _least_recent_in_game(asked, used_in_game)
            question, rng_state = rng.choice(rng_state, pool)
            form, rng_state = question.to_engine(rng_state)
            form["relaxed"] = not self.matching(kind, selection)
            form["reused"] = True
            form["reused_in_game"] = True
            return form, rng_state
        where = f" in '{selection.language}'" if selection.language else ""
        raise BankExhausted(f"no {kind} question{where} in the bank")

    def require_kinds(self, kinds: Iterable[str], selection: Selection) -> None:
        """Raise BankExhausted naming every kind the selection's language has no question of.

        Called when a game is created, so a game that could never get a question of a kind
        it needs (e.g. a custom pack of choice questions only) is refused at once.
        """
        widest = selection.relaxations()[-1]
        missing = [kind for kind in kinds if not self.matching(kind, widest)]
        if missing:
            where = f" in '{selection.language}'" if selection.language else ""
            raise BankExhausted(
                f"the question bank has no {' or '.join(missing)} question{where}; "
                "this game needs some: add a pack with them"
            )

    def stats(self) -> dict[str, Any]:
        """Counts by language, kind, category and difficulty, overall and per language."""
        questions = list(self._by_id.values())
        return {
            **_counts(questions),
            "per_language": {
                lang: _counts([q for q in questions if q.language == lang])
                for lang in sorted({q.language for q in questions})
            },
        }


def _least_recent(candidates: list[Question], remembered: Remembered) -> list[Question]:
    if not isinstance(remembered, Mapping) or not candidates:
        return candidates
    oldest = min(remembered.get(q.id, 0.0) for q in candidates)
    return [q for q in candidates if remembered.get(q.id, 0.0) == oldest]


def _least_recent_in_game(
    candidates: list[Question], used_in_game: AbstractSet[str] | Sequence[str]
) -> list[Question]:
    """The candidates asked least recently in this game (all of them if the order is unknown)."""
    if isinstance(used_in_game, AbstractSet):
        return candidates
    last_asked = {qid: index for index, qid in enumerate(used_in_game)}
    oldest = min(last_asked.get(q.id, -1) for q in candidates)
    return [q for q in candidates if last_asked.get(q.id, -1) == oldest]


def _counts(questions: list[Question]) -> dict[str, Any]:
    def tally(values: Iterable[Any]) -> dict[Any, int]:
        return dict(sorted(Counter(values).items()))

    return {
        "total": len(questions),
        "language": tally(q.language for q in questions),
        "kind": tally(q.kind for q in questions),
        "category": tally(q.category for q in questions),
        "difficulty": tally(q.difficulty for q in questions),
    }
