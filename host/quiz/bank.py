"""Drawing questions for a game: no repeat within a game, few across games.

The bank is pure like an engine: it reads no clock and draws with the
integer generator of host/rng.py; what past games used comes in as an
argument (see memory.py), so the Session decides when to read and save it.
A bank loaded from files can `reload()` them (the host page's pack editor
saved one): the new questions are swapped in as one value, so a draw in a
running game sees either the old packs or the new ones, never half of each.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Container, Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from host import rng
from host.quiz.dated import as_of_text, fact_date
from host.quiz.errors import BankExhausted, QuizError, SelectionError
from host.quiz.packs import LoadedPack, PackCache, PackProblem, bundled_packs_dir
from host.quiz.question import Question
from host.quiz.rounds import LoadedRounds, ReadyRound, check_rounds, load_rounds, split_files
from host.quiz.validate import CATEGORIES, KINDS, LANGUAGES, MAX_DIFFICULTY, MIN_DIFFICULTY


def bundled_paths() -> list[Path]:
    """The bundled packs' folder and, beside it, the bundled ready rounds' (if any)."""
    packs = bundled_packs_dir()
    rounds = packs.parent / "rounds"
    return [packs, rounds] if rounds.is_dir() else [packs]


@dataclass(frozen=True)
class Selection:
    """Which questions a game wants; None means any language / category / pack."""

    language: str | None = None
    categories: frozenset[str] | None = None
    min_difficulty: int = MIN_DIFFICULTY
    max_difficulty: int = MAX_DIFFICULTY
    packs: frozenset[str] | None = None  # pack ids; unknown ones are refused by require_kinds
    # Leave out facts dated (`as_of`) before this ISO day (host/quiz/dated.py); never relaxed.
    facts_since: str | None = None
    # Choice questions with several right options (host/quiz/several.py) are drawn only for
    # a game that asks for them (the quiz round's choice questions, narrow "several": true):
    # a territory duel or a buzz question takes one answer.
    several: bool = False

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
        if self.packs is not None and not self.packs:
            raise SelectionError("no pack chosen: choose at least one pack")
        if self.facts_since is not None and as_of_text(self.facts_since) is None:
            since = self.facts_since
            raise SelectionError(f"facts_since {since!r} is not an ISO date")
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
            and (self.packs is None or question.pack in self.packs)
            and (self.facts_since is None or question.as_of is None
                 or fact_date(question.as_of).isoformat() >= self.facts_since)
            and (self.several or not question.several)
        )

    def narrowed(self, narrow: Mapping[str, Any] | None) -> Selection:
        """This selection within a narrower one (a quiz round's own categories, packs or
        difficulties): each part is the overlap, or the narrower part where this one has
        none. An overlap that is empty keeps the narrower part (the round's choice wins).
        SelectionError for unknown categories or an empty list."""
        if not narrow:
            return self
        changes: dict[str, Any] = {}
        for key in ("categories", "packs"):
            if narrow.get(key):
                wanted = frozenset(narrow[key])
                mine: frozenset[str] | None = getattr(self, key)
                changes[key] = wanted if mine is None or not mine & wanted else mine & wanted
        low = max(self.min_difficulty, int(narrow.get("min_difficulty", MIN_DIFFICULTY)))
        high = min(self.max_difficulty, int(narrow.get("max_difficulty", MAX_DIFFICULTY)))
        if narrow.get("several"):
            changes["several"] = True
        if narrow.get("facts_since"):  # the later of the two days
            changes["facts_since"] = max(str(narrow["facts_since"]), self.facts_since or "")
        if low <= high:
            changes.update(min_difficulty=low, max_difficulty=high)
        else:
            changes.update(min_difficulty=int(narrow.get("min_difficulty", MIN_DIFFICULTY)),
                           max_difficulty=int(narrow.get("max_difficulty", MAX_DIFFICULTY)))
        return replace(self, **changes)

    def relaxations(self) -> list[Selection]:
        """This selection, then wider ones: any difficulty, then any category, then any pack.

        The language is never relaxed: a question the room cannot read is no use.
        The packs go last: a game on a pack of choice questions only (a Kahoot
        import) still gets its numeric questions from the other packs.
        """
        steps = [self]
        wider = replace(self, min_difficulty=MIN_DIFFICULTY, max_difficulty=MAX_DIFFICULTY)
        widest = replace(wider, categories=None)
        for step in (wider, widest, replace(widest, packs=None)):
            if step != steps[-1]:
                steps.append(step)
        return steps


Remembered = AbstractSet[str] | Mapping[str, float]


@dataclass(frozen=True)
class PackInfo:
    """One loaded pack file as the bank saw it: what the host page lists."""

    pack_id: str
    path: str
    language: str | None
    title: str | None
    question_ids: tuple[str, ...]
    errors: int = 0
    warnings: int = 0


@dataclass(frozen=True)
class _Content:
    """Everything a bank draws from, replaced as one value by `reload`."""

    by_id: dict[str, Question]
    by_kind: dict[str, list[Question]]
    problems: tuple[PackProblem, ...] = ()
    packs: tuple[PackInfo, ...] = ()
    rounds: tuple[ReadyRound, ...] = ()  # ready rounds whose every question is here


def _content(questions: Iterable[Question], problems: Sequence[PackProblem],
             packs: Sequence[PackInfo], rounds: Sequence[LoadedRounds] = ()) -> _Content:
    by_id: dict[str, Question] = {}
    for question in questions:
        if question.id in by_id:
            raise QuizError(f"question id {question.id!r} given twice")
        by_id[question.id] = question
    ordered = sorted(by_id.values(), key=lambda q: q.id)
    by_kind = {kind: [q for q in ordered if q.kind == kind] for kind in KINDS}
    ready, faults = check_rounds(rounds, by_id)
    problems = [*problems, *(p for loaded in rounds for p in loaded.problems), *faults]
    return _Content(by_id, by_kind, tuple(problems), tuple(packs), tuple(ready))


def _pack_info(pack: LoadedPack) -> PackInfo | None:
    if pack.pack_id is None:
        return None
    errors = len(pack.errors)
    return PackInfo(pack.pack_id, pack.path, pack.language, pack.title,
                    tuple(q.id for q in pack.questions), errors, len(pack.problems) - errors)


@dataclass
class _Source:
    """The files a bank came from, so it can read them again (the changed ones only)."""

    paths: tuple[str | Path, ...]
    cache: PackCache = field(default_factory=PackCache)
    lock: threading.Lock = field(default_factory=threading.Lock)


class QuestionBank:
    """Every loaded question, ready to draw from."""

    def __init__(self, questions: Iterable[Question], problems: Sequence[PackProblem] = (),
                 packs: Sequence[PackInfo] = ()) -> None:
        self._content = _content(questions, problems, packs)
        self._source: _Source | None = None

    @property
    def _by_id(self) -> dict[str, Question]:
        return self._content.by_id

    @property
    def _by_kind(self) -> dict[str, list[Question]]:
        return self._content.by_kind

    @property
    def problems(self) -> list[PackProblem]:
        return list(self._content.problems)

    @property
    def packs(self) -> list[PackInfo]:
        """The pack files loaded (those whose pack id could be read), in load order."""
        return list(self._content.packs)

    @staticmethod
    def _load(source: _Source) -> _Content:
        pack_paths, rounds_paths = split_files(source.paths)  # rounds files: rounds.py
        packs = source.cache.load(pack_paths)
        infos = [info for info in map(_pack_info, packs) if info is not None]
        return _content([q for pack in packs for q in pack.questions],
                        [p for pack in packs for p in pack.problems], infos,
                        [load_rounds(path) for path in rounds_paths])

    @classmethod
    def from_paths(cls, paths: Iterable[str | Path]) -> QuestionBank:
        """A bank of the good questions in these files and folders; problems kept aside."""
        bank = cls([])
        bank._source = _Source(tuple(paths))
        bank._content = cls._load(bank._source)
        return bank

    def reload(self) -> None:
        """Read the bank's files and folders again (a pack was saved or imported).

        The new content replaces the old in one assignment: a draw that
        started before keeps the old packs, the next one sees the new.
        """
        if self._source is None:
            raise QuizError("this bank was not loaded from files: nothing to reload")
        with self._source.lock:
            self._content = self._load(self._source)

    @classmethod
    def bundled(cls) -> QuestionBank:
        """A bank of the packs shipped with Tourelle, and their ready rounds."""
        folder = bundled_packs_dir()
        if not folder.is_dir():
            return cls([], [PackProblem(str(folder), None, "bundled packs folder not found")])
        return cls.from_paths(bundled_paths())

    def ready_rounds(self, language: str | None = None) -> list[ReadyRound]:
        """The ready rounds (rounds.py) whose questions are all loaded, in file order."""
        return [r for r in self._content.rounds if language is None or r.language == language]

    def __len__(self) -> int:
        return len(self._by_id)

    def __contains__(self, qid: object) -> bool:
        return qid in self._by_id

    def get(self, qid: str) -> Question:
        return self._by_id[qid]

    def picked(self, qid: str) -> dict[str, Any]:
        """A question picked by its id, in engine form, its options always in the same order
        (shuffled by a generator named for the question alone): the night's projector and
        the answer sheet printed ahead show the same letters (host/room/printing.py)."""
        form, _ = self.get(qid).to_engine(rng.derive(0, f"picked:{qid}"))
        return form

    @property
    def questions(self) -> list[Question]:
        return sorted(self._by_id.values(), key=lambda q: q.id)

    def matching(self, kind: str, selection: Selection,
                 content: _Content | None = None) -> list[Question]:
        """The questions of this kind the selection allows, ordered by id."""
        if kind not in KINDS:
            raise SelectionError(f"unknown question kind {kind!r} (known: {', '.join(KINDS)})")
        return [q for q in (content or self._content).by_kind[kind] if selection.matches(q)]

    def pack_ids(self) -> set[str]:
        return {info.pack_id for info in self._content.packs} | {
            q.pack for q in self._content.by_id.values() if q.pack}

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
        content = self._content  # one draw reads one version of the packs (see reload)
        for step, wider in enumerate(selection.relaxations()):
            candidates = [q for q in self.matching(kind, wider, content)
                          if q.id not in used_in_game]
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
        asked = self.matching(kind, selection, content) or self.matching(
            kind, selection.relaxations()[-1], content)
        if asked:
            pool = _least_recent_in_game(asked, used_in_game)
            question, rng_state = rng.choice(rng_state, pool)
            form, rng_state = question.to_engine(rng_state)
            form["relaxed"] = not self.matching(kind, selection, content)
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
        if selection.packs is not None:
            unknown = sorted(selection.packs - self.pack_ids())
            if unknown:
                raise SelectionError(f"unknown pack(s): {', '.join(unknown)}")
        widest = selection.relaxations()[-1]
        missing = [kind for kind in kinds if not self.matching(kind, widest)]
        if missing:
            where = f" in '{selection.language}'" if selection.language else ""
            raise BankExhausted(
                f"the question bank has no {' or '.join(missing)} question{where}; "
                "this game needs some: add a pack with them"
            )

    def stats(self) -> dict[str, Any]:
        """Counts by language, kind, category and difficulty, and picture questions, overall and
        per language."""
        questions = list(self._by_id.values())
        return {
            **_counts(questions),
            "per_language": {
                lang: _counts([q for q in questions if q.language == lang])
                for lang in sorted({q.language for q in questions})
            },
        }


    def pack_summaries(self, remembered: Container[str] = ()) -> list[dict[str, Any]]:
        """Each pack with its counts and how many of its questions past games have not asked.

        `remembered` holds the ids past games used (QuestionMemory.used()).
        """
        content = self._content
        out = []
        for info in content.packs:
            questions = [content.by_id[qid] for qid in info.question_ids if qid in content.by_id]
            out.append({
                "id": info.pack_id, "title": info.title, "language": info.language,
                "path": info.path, "errors": info.errors, "warnings": info.warnings,
                **{key: value for key, value in _counts(questions).items() if key != "language"},
                "not_asked": sum(q.id not in remembered for q in questions),
            })
        return out


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
        "pictures": sum(1 for q in questions if q.image),
        "language": tally(q.language for q in questions),
        "kind": tally(q.kind for q in questions),
        "category": tally(q.category for q in questions),
        "difficulty": tally(q.difficulty for q in questions),
    }
