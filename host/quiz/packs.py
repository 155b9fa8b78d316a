"""Loading question packs with precise, per-question problems.

A pack is a YAML (or JSON) file in the format of questions/schema.json. The
file is composed into YAML nodes first, so every problem can name its line;
each question is checked on its own, so one bad question does not stop the
good ones in the same file from loading.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from host.quiz.audio import SOUND, VIDEO
from host.quiz.dated import as_of_text
from host.quiz.media import check_in_pack, check_ref
from host.quiz.pictures import PICTURE
from host.quiz.question import Question
from host.quiz.validate import (
    LANGUAGES,
    Finding,
    check_pack_header,
    check_question,
)

PACK_SUFFIXES: tuple[str, ...] = (".yaml", ".yml", ".json")

# libyaml's parser (when PyYAML was built with it) is much faster and keeps the marks.
YAML_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def as_yaml(text: str, suffix: str) -> str:
    """A pack file's text as YAML reads it. JSON is YAML, except that YAML refuses tabs as
    indentation; valid JSON has no raw tab inside strings, so every tab is layout."""
    return text.replace("\t", "  ") if suffix == ".json" else text


@dataclass(frozen=True)
class PackProblem:
    """Something wrong in a pack file, located as precisely as the file allows."""

    path: str
    line: int | None
    message: str
    question_id: str | None = None
    field: str | None = None
    severity: str = "error"  # "error" (the question or file is skipped) or "warning"
    subject: str = "question"  # what question_id names: a question, or a ready round (rounds.py)

    def __str__(self) -> str:
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        parts = [where]
        if self.severity != "error":
            parts.append(self.severity)
        if self.question_id is not None:
            parts.append(f"{self.subject} '{self.question_id}'")
        if self.field is not None:
            parts.append(f"field '{self.field}'")
        parts.append(self.message)
        return ": ".join(parts)


@dataclass
class LoadedPack:
    """What one file gave: its good questions and every problem found."""

    path: str
    pack_id: str | None = None
    language: str | None = None
    title: str | None = None
    questions: list[Question] = field(default_factory=list)
    problems: list[PackProblem] = field(default_factory=list)
    # question id -> field -> line, and "" -> the question's own line (lint.py's findings)
    lines: dict[str, dict[str, int]] = field(default_factory=dict)

    @property
    def errors(self) -> list[PackProblem]:
        return [p for p in self.problems if p.severity == "error"]


def bundled_packs_dir() -> Path:
    """Where the bundled packs are: inside an installed wheel, else in the repo."""
    host_dir = Path(__file__).resolve().parent.parent
    installed = host_dir / "_bundled" / "questions" / "packs"
    if installed.is_dir():
        return installed
    return host_dir.parent / "questions" / "packs"


# Files a folder search passes over: the pack format's own JSON Schema lives in questions/.
NOT_PACKS = frozenset({"schema.json", "package.json", "package-lock.json"})
# Folders it passes over: questions/near-misses/ holds test data (wrong answers per question
# id that the matcher must refuse, tests/quiz/test_typed_bank_fr.py), not packs.
NOT_PACK_FOLDERS = frozenset({"near-misses"})


def pack_files(paths: Iterable[str | Path]) -> list[Path]:
    """The pack files named: files as given, folders searched for *.yaml, *.yml, *.json."""
    out: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            out += sorted(p for p in path.rglob("*")
                          if p.suffix in PACK_SUFFIXES and p.is_file() and p.name not in NOT_PACKS
                          and not NOT_PACK_FOLDERS.intersection(p.relative_to(path).parts[:-1]))
        else:
            out.append(path)
    unique: dict[Path, Path] = {}
    for path in out:
        unique.setdefault(path.resolve(), path)
    return list(unique.values())


def load_pack(path: str | Path) -> LoadedPack:
    """Load one pack file; bad questions become problems, good ones load."""
    return _PackReader(_Registry()).read(Path(path))


def load_packs(paths: Iterable[str | Path]) -> list[LoadedPack]:
    """Load files and folders of packs; ids must be unique across all of them."""
    registry = _Registry()
    return [_PackReader(registry).read(path) for path in pack_files(paths)]


class PackCache:
    """`load_packs` for a host that loads the same packs again (the host page saved one).

    A file is read again only if it, or a file before it, changed (size or mtime) since
    the last load: what a file reports depends on the ids its predecessors claimed, so
    the unchanged files up to the first changed one are kept, with what they claimed,
    and the rest are read as `load_packs` reads them. The host page's packs come last,
    so saving one does not read the bundled packs again.
    """

    def __init__(self) -> None:
        self._files: list[_CachedFile] = []

    def load(self, paths: Iterable[str | Path]) -> list[LoadedPack]:
        files = pack_files(paths)
        registry = _Registry()
        kept: list[_CachedFile] = []
        for path, before in zip(files, self._files, strict=False):
            if before.path != path or before.stamp is None or _stamp(path) != before.stamp:
                break
            for table, claimed in zip(_tables(registry), before.claims, strict=True):
                table.update(claimed)
            kept.append(before)
        for path in files[len(kept):]:
            sizes = [len(table) for table in _tables(registry)]
            stamp = _stamp(path)  # before reading: a change while it is read shows next time
            loaded = _PackReader(registry).read(path)
            claims = [list(table.items())[size:]
                      for table, size in zip(_tables(registry), sizes, strict=True)]
            kept.append(_CachedFile(path, stamp, loaded, claims))
        self._files = kept
        return [entry.loaded for entry in kept]


@dataclass
class _CachedFile:
    path: Path
    stamp: tuple[int, int] | None  # (mtime ns, size) when it was read
    loaded: LoadedPack
    claims: list[list[tuple[Any, str]]]  # what it added to each registry table


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


def _tables(registry: _Registry) -> list[dict[Any, str]]:
    return [registry.question_ids, registry.pack_ids, registry.prompts]


@dataclass
class _Registry:
    """What earlier files (and questions) claimed: ids, pack ids, prompts."""

    question_ids: dict[str, str] = field(default_factory=dict)  # id -> "path:line"
    pack_ids: dict[str, str] = field(default_factory=dict)
    prompts: dict[tuple[str, ...], str] = field(default_factory=dict)


def _line(node: yaml.Node) -> int:
    return int(node.start_mark.line) + 1


def _normalised(prompt: str) -> str:
    return re.sub(r"\W+", " ", prompt.casefold()).strip()


class _PackReader:
    def __init__(self, registry: _Registry) -> None:
        self.registry = registry
        self.constructor = SafeConstructor()

    def value(self, node: yaml.Node) -> Any:
        return self.constructor.construct_document(node)

    def read(self, path: Path) -> LoadedPack:
        self.pack = LoadedPack(path=str(path))
        self.path = path
        root = self._compose()
        if root is not None:
            self._read_root(root)
        return self.pack

    def problem(self, line: int | None, message: str, **extra: Any) -> None:
        self.pack.problems.append(PackProblem(self.pack.path, line, message, **extra))

    def _compose(self) -> yaml.MappingNode | None:
        try:
            raw = self.path.read_bytes()
        except OSError as err:
            self.problem(None, f"cannot read the file: {err.strerror or err}")
            return None
        try:
            text = raw.decode("utf-8-sig")
        except UnicodeDecodeError as err:
            self.problem(raw[: err.start].count(b"\n") + 1, "not UTF-8 text")
            return None
        try:
            root = yaml.compose(as_yaml(text, self.path.suffix), Loader=YAML_LOADER)
        except yaml.MarkedYAMLError as err:
            mark = err.problem_mark or err.context_mark
            line = None if mark is None else mark.line + 1
            message = f"not valid YAML: {err.problem or err.context}"
            if err.context and err.problem and err.context_mark and err.context_mark != mark:
                message += f" ({err.context} at line {err.context_mark.line + 1})"
            self.problem(line, message)
            return None
        except yaml.YAMLError as err:
            self.problem(None, f"not valid YAML: {err}")
            return None
        if root is None:
            self.problem(1, "the file is empty")
            return None
        if not isinstance(root, yaml.MappingNode):
            self.problem(
                _line(root), "a pack must be a mapping with pack, language, title, questions"
            )
            return None
        return root

    def _fields(self, node: yaml.MappingNode, qid: str | None = None) -> dict[str, yaml.Node]:
        """Key -> value node; a key given twice is a problem (YAML keeps the last silently)."""
        fields: dict[str, yaml.Node] = {}
        for key_node, value_node in node.value:
            key = str(self.value(key_node))
            if key in fields:
                self.problem(_line(key_node), "given twice", question_id=qid, field=key)
            fields[key] = value_node
        return fields

    def _read_root(self, root: yaml.MappingNode) -> None:
        fields = self._fields(root)
        header = {key: self.value(node) for key, node in fields.items() if key != "questions"}
        if "questions" in fields:
            qnode = fields["questions"]
            header["questions"] = [] if isinstance(qnode, yaml.SequenceNode) else self.value(qnode)
        for finding in check_pack_header(header):
            line = _line(fields[finding.field]) if finding.field in fields else _line(root)
            self.problem(line, finding.message, field=finding.field)
        pack_id = header.get("pack")
        if isinstance(pack_id, str):
            self.pack.pack_id = pack_id
            first = self.registry.pack_ids.setdefault(pack_id, f"{self.path}")
            if first != str(self.path):
                self.problem(
                    _line(fields["pack"]),
                    f"pack id '{pack_id}' already used by {first}",
                    field="pack",
                )
        title = header.get("title")
        self.pack.title = title if isinstance(title, str) else None
        language = header.get("language")
        self.pack.language = language if language in LANGUAGES else None
        questions = fields.get("questions")
        if isinstance(questions, yaml.SequenceNode):
            for item in questions.value:
                self._read_question(item)

    def _read_question(self, node: yaml.Node) -> None:
        if not isinstance(node, yaml.MappingNode):
            self.problem(
                _line(node), f"a question must be a mapping, not {node.tag.rsplit(':', 1)[-1]}"
            )
            return
        id_node: yaml.Node | None = next(
            (v for k, v in node.value if getattr(k, "value", None) == "id"), None
        )
        raw_id = self.value(id_node) if id_node is not None else None
        qid = raw_id if isinstance(raw_id, str) else None
        errors_before = len(self.pack.errors)
        fields = self._fields(node, qid)
        data = {key: self.value(value) for key, value in fields.items()}
        findings = check_question(data, self.pack.language)
        findings += media_findings(self.path, data)
        for finding in findings:
            self._report(node, fields, qid, finding)
        if len(self.pack.errors) > errors_before or self.pack.language is None or qid is None:
            return
        where = f"{self.path}:{_line(node)}"
        first = self.registry.question_ids.setdefault(qid, where)
        if first != where:
            self._report(node, fields, qid, Finding("id", f"duplicate id, first used at {first}"))
            return
        if (asked_by := self._same_prompt(data, qid)) is not None:
            same = Finding("prompt", f"same prompt as question '{asked_by}'")
            self._report(node, fields, qid, same, severity="warning")
        self.pack.questions.append(self._build(data, qid))
        self.pack.lines[qid] = {"": _line(node), **{k: _line(v) for k, v in fields.items()}}

    def _report(
        self, node: yaml.Node, fields: dict[str, yaml.Node], qid: str | None, finding: Finding,
        severity: str = "error",
    ) -> None:
        """A finding at its field's line (the question's own line for a missing field)."""
        line = _line(fields[finding.field]) if finding.field in fields else _line(node)
        self.problem(line, finding.message, question_id=qid, field=finding.field,
                     severity=severity)

    def _same_prompt(self, data: dict[str, Any], qid: str) -> str | None:
        """The question that asked the same prompt first, or None (this one is noted)."""
        # A question is its prompt and its media: "Which country is this?" asked of two
        # pictures, or "Which song is this?" of two clips (or two parts of one recording),
        # is two questions, not a repeat.
        media = tuple(
            str((self.path.parent / data[field]).resolve()) if isinstance(data.get(field), str)
            else "" for field in ("image", "audio", "video"))
        clip = repr(data.get("clip")) if data.get("audio") or data.get("video") else ""
        key = (str(self.pack.language), _normalised(data["prompt"]), *media, clip)
        first = self.registry.prompts.setdefault(key, qid)
        return None if first == qid else first

    def _build(self, data: dict[str, Any], qid: str) -> Question:
        image = data.get("image")
        image_path = (self.path.parent / image).resolve() if image else None
        audio = data.get("audio")
        audio_path = (self.path.parent / audio).resolve() if audio else None
        video = data.get("video")
        video_path = (self.path.parent / video).resolve() if video else None
        return Question(
            id=qid,
            language=str(self.pack.language),
            category=data["category"],
            difficulty=data["difficulty"],
            kind=data["kind"],
            prompt=data["prompt"].strip(),
            answer=_answer(data),
            source=data["source"].strip(),
            options=tuple(data.get("options") or ()),
            unit=data.get("unit") or None,
            image=str(image_path) if image_path else None,
            image_version=file_version(image_path) if image_path else "",
            image_ref=image if image_path else None,
            pack=self.pack.pack_id or "",
            explain=(data.get("explain") or "").strip() or None,
            accept=tuple(a.strip() for a in data.get("accept") or ()),
            audio=str(audio_path) if audio_path else None,
            audio_version=file_version(audio_path) if audio_path else "",
            audio_ref=data.get("audio") if audio_path else None,
            video=str(video_path) if video_path else None,
            video_version=file_version(video_path) if video_path else "",
            video_ref=video if video_path else None,
            clip=(float(data["clip"][0]), float(data["clip"][1])) if data.get("clip") else None,
            similarity=data.get("similarity"),
            as_of=as_of_text(data.get("as_of")),
        )


def _answer(data: dict[str, Any]) -> str | int | tuple[str, ...]:
    """A checked question's answer: a typed answer trimmed, an ordering's items trimmed, a
    choice's several right options as a tuple (host/quiz/several.py)."""
    if data["kind"] == "text":
        return str(data["answer"]).strip()
    if data["kind"] == "order":
        return tuple(str(item).strip() for item in data["answer"])
    if isinstance(data["answer"], list):  # a choice's right options, as its options are
        return tuple(str(item) for item in data["answer"])
    answer: str | int = data["answer"]
    return answer


MEDIA_KINDS = (PICTURE, SOUND, VIDEO)  # a question's files beside its pack


def media_findings(pack_file: Path, data: dict[str, Any], upload_advice: bool = False
                   ) -> list[Finding]:
    """The picture, sound or video files a question names: there, inside the pack's
    folder and good (the fields' form is checked by check_question). `upload_advice`: the
    editor's words for a missing file."""
    found: list[Finding] = []
    for kind in MEDIA_KINDS:
        ref = data.get(kind.field)
        if not isinstance(ref, str) or not ref.strip() or check_ref(kind, ref) is not None:
            continue
        if upload_advice and not (pack_file.parent / ref).is_file():
            advice = f"no file {ref!r} next to the pack (upload the {kind.noun} first)"
            found.append(Finding(kind.field, advice))
            continue
        found += [Finding(kind.field, problem) for problem in check_in_pack(kind, pack_file, ref)]
    return found


def file_version(path: Path) -> str:
    """A short digest of a picture's bytes: its URL changes when the picture does."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:12]
    except OSError:
        return ""
