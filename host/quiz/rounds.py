"""Ready rounds: themed rounds of picked questions a host adds to the plan as one round.

A rounds file is YAML beside the packs (the bundled ones in questions/rounds/):

    language: fr
    rounds:
      - id: capitales
        title: "Capitales du monde"
        questions:
          - fr-geo-001
          - ...

It is told from a pack by its top-level `rounds:` key (a pack has `pack:`), so a folder
may hold both. Each round has an id (unique in its language), a title in its language (at
most 60 characters, as a round's title on the host form) and 8 to 10 question ids, none
twice, each a question of the file's language that the bank loaded. `tourelle questions
check` reports each problem with the file and line; the bank keeps the good rounds, and the
host form offers them ("Manche prête : ..."): a round of those ids, in that order.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from host.quiz.packs import YAML_LOADER, PackProblem, pack_files
from host.quiz.question import Question
from host.quiz.validate import LANGUAGES, PACK_ID_RE, describe_type

MIN_READY = 8  # questions in a ready round
MAX_READY = 10
MAX_TITLE = 60  # a round's title on the host form (host/quiz_round/state.py)
ROUND_FIELDS = ("id", "title", "questions")

_ROUNDS_KEY = re.compile(r"^rounds\s*:", re.MULTILINE)
_PACK_KEY = re.compile(r"^pack\s*:", re.MULTILINE)


@dataclass(frozen=True)
class ReadyRound:
    """One ready round as its file gives it."""

    id: str
    language: str
    title: str
    ids: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "language": self.language, "title": self.title,
                "ids": list(self.ids)}


@dataclass
class LoadedRounds:
    """What one rounds file gave: its rounds (well formed, ids not yet looked up), the
    line of each round and of each of its ids, and the problems of its form."""

    path: str
    language: str | None = None
    rounds: list[ReadyRound] = field(default_factory=list)
    lines: dict[str, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    problems: list[PackProblem] = field(default_factory=list)


def is_rounds_file(path: Path) -> bool:
    """A YAML file with a top-level `rounds:` key and no `pack:` key."""
    if path.suffix not in (".yaml", ".yml"):
        return False
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return False
    return bool(_ROUNDS_KEY.search(text)) and not _PACK_KEY.search(text)


def split_files(paths: Iterable[str | Path]) -> tuple[list[Path], list[Path]]:
    """The files named (folders searched as for packs): (pack files, rounds files)."""
    packs: list[Path] = []
    rounds: list[Path] = []
    for path in pack_files(paths):
        (rounds if is_rounds_file(path) else packs).append(path)
    return packs, rounds


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


class _Reader:
    def __init__(self, path: Path) -> None:
        self.loaded = LoadedRounds(str(path))
        self.path = path
        self.constructor = SafeConstructor()

    def problem(self, line: int | None, message: str, round_id: str | None = None,
                field: str | None = None) -> None:
        self.loaded.problems.append(PackProblem(self.loaded.path, line, message, round_id, field,
                                                subject="round"))

    def value(self, node: yaml.Node) -> Any:
        return self.constructor.construct_document(node)

    def read(self) -> LoadedRounds:
        try:
            root = yaml.compose(self.path.read_text(encoding="utf-8-sig"), Loader=YAML_LOADER)
        except (OSError, UnicodeDecodeError) as err:
            self.problem(None, f"cannot read the file: {err}")
            return self.loaded
        except yaml.YAMLError as err:
            mark = getattr(err, "problem_mark", None)
            self.problem(None if mark is None else mark.line + 1, f"not valid YAML: {err}")
            return self.loaded
        if not isinstance(root, yaml.MappingNode):
            self.problem(1, "a rounds file is a mapping with language and rounds")
            return self.loaded
        fields = {str(self.value(k)): v for k, v in root.value}
        for key in fields:
            if key not in ("language", "rounds"):
                self.problem(_line(fields[key]), "unknown field (allowed: language, rounds)",
                             field=key)
        language = self.value(fields["language"]) if "language" in fields else None
        if language not in LANGUAGES:
            line = _line(fields["language"]) if "language" in fields else _line(root)
            self.problem(line, f"{language!r} is not one of {', '.join(LANGUAGES)}",
                         field="language")
            return self.loaded
        self.loaded.language = str(language)
        rounds = fields.get("rounds")
        if not isinstance(rounds, yaml.SequenceNode):
            self.problem(_line(rounds) if rounds is not None else _line(root),
                         "must be a list of rounds", field="rounds")
            return self.loaded
        for node in rounds.value:
            self._round(node)
        return self.loaded

    def _round(self, node: yaml.Node) -> None:
        if not isinstance(node, yaml.MappingNode):
            self.problem(_line(node), "a round is a mapping with id, title, questions")
            return
        fields = {str(self.value(k)): v for k, v in node.value}
        key_lines = {str(self.value(k)): _line(k) for k, _ in node.value}  # a field's own line
        data = {key: self.value(value) for key, value in fields.items()}
        rid = data.get("id") if isinstance(data.get("id"), str) else None
        before = len(self.loaded.problems)

        def bad(key: str, message: str) -> None:
            self.problem(key_lines.get(key, _line(node)), message, rid, key)

        for key in fields:
            if key not in ROUND_FIELDS:
                bad(key, f"unknown field (allowed: {', '.join(ROUND_FIELDS)})")
        for key in ROUND_FIELDS:
            if key not in fields:
                bad(key, "missing")
        if "id" in fields and not (rid and PACK_ID_RE.match(rid)):
            bad("id", f"{data['id']!r} is not a round id (lower-case words joined by '-')")
        elif rid in self.loaded.lines:
            bad("id", f"round id '{rid}' given twice")
        title = data.get("title")
        if "title" in fields and not (isinstance(title, str) and title.strip()
                                      and len(title) <= MAX_TITLE):
            bad("title", f"must be text of 1 to {MAX_TITLE} characters, not "
                         f"{describe_type(title)}")
        ids = fields.get("questions")
        items = ids.value if isinstance(ids, yaml.SequenceNode) else None
        if "questions" in fields and items is None:
            bad("questions",
                f"must be a list of question ids, not {describe_type(data['questions'])}")
        elif items is not None:
            if not MIN_READY <= len(items) <= MAX_READY:
                bad("questions", f"has {len(items)} questions, a ready round has "
                                 f"{MIN_READY} to {MAX_READY}")
            for item in items:
                if not isinstance(self.value(item), str):
                    self.problem(_line(item), "a question id is text, not "
                                 f"{describe_type(self.value(item))}", rid, "questions")
        if (len(self.loaded.problems) > before or rid is None or items is None
                or not isinstance(title, str)):
            return
        qids = tuple(str(self.value(item)) for item in items)
        self.loaded.rounds.append(ReadyRound(rid, str(self.loaded.language), title.strip(), qids))
        self.loaded.lines[rid] = (_line(node), tuple(_line(item) for item in items))


def load_rounds(path: str | Path) -> LoadedRounds:
    """Read one rounds file; what is wrong in its form becomes located problems."""
    return _Reader(Path(path)).read()


def check_rounds(files: Iterable[LoadedRounds], questions: Mapping[str, Question]
                 ) -> tuple[list[ReadyRound], list[PackProblem]]:
    """The rounds whose every id is a question of their language the bank holds, once, and
    whose id no earlier round of the language took; and a problem for each of the others'
    faults, at the id's own line."""
    good: list[ReadyRound] = []
    problems: list[PackProblem] = []
    taken: dict[tuple[str, str], str] = {}  # (language, round id) -> where
    for loaded in files:
        for ready in loaded.rounds:
            line, lines = loaded.lines[ready.id]

            def fault(at: int, message: str, key: str = "questions", ready: ReadyRound = ready,
                      loaded: LoadedRounds = loaded) -> None:
                problems.append(PackProblem(loaded.path, at, message, ready.id, key,
                                            subject="round"))

            before = len(problems)
            first = taken.setdefault((ready.language, ready.id), f"{loaded.path}:{line}")
            if first != f"{loaded.path}:{line}":
                fault(line, f"round id '{ready.id}' already used at {first}", "id")
            seen: set[str] = set()
            for qid, at in zip(ready.ids, lines, strict=True):
                question = questions.get(qid)
                if qid in seen:
                    fault(at, f"question '{qid}' is in the round twice")
                elif question is None:
                    fault(at, f"no question '{qid}' in the packs")
                elif question.language != ready.language:
                    fault(at, f"question '{qid}' is in {question.language}, the round in "
                              f"{ready.language}")
                seen.add(qid)
            if len(problems) == before:
                good.append(ready)
    return good, problems
