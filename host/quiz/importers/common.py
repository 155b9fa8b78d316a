"""What every importer shares: options, id numbering, checking the result."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from host.quiz.errors import ImportFailed
from host.quiz.validate import CATEGORIES, LANGUAGES, check_question

DEFAULT_DIFFICULTY = 3


@dataclass(frozen=True)
class ImportOptions:
    """Choices the user makes on the command line.

    `category` puts every question in that category (otherwise the source's
    own category when it maps to ours). `id_prefix` starts every id; by
    default "<language>-<file name>", so imported ids never clash with the
    bundled packs' "<language>-<category>-<number>".
    """

    language: str = "en"
    category: str | None = None
    id_prefix: str | None = None

    def __post_init__(self) -> None:
        if self.language not in LANGUAGES:
            raise ValueError(f"unknown language {self.language!r} (known: {', '.join(LANGUAGES)})")
        if self.category is not None and self.category not in CATEGORIES:
            raise ValueError(f"unknown category {self.category!r} (known: {', '.join(CATEGORIES)})")

    def prefix_for(self, path: Path) -> str:
        if self.id_prefix:
            return self.id_prefix
        stem = slug(path.stem)
        if stem.startswith(self.language + "-"):
            stem = stem[len(self.language) + 1 :]
        return f"{self.language}-{stem or 'imported'}"


@dataclass
class ImportResult:
    """Questions in pack form (already checked) and what was skipped or guessed."""

    questions: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)


@dataclass
class Draft:
    """A question read from a source file, before numbering and checking."""

    origin: str  # "file:line" or "file: row 4", for warnings
    data: dict[str, Any]


def read_text(path: Path) -> str:
    """A UTF-8 file (a BOM is dropped); ImportFailed names the file when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as err:
        raise ImportFailed(f"{path}: cannot read as UTF-8 text: {err}") from err


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def provenance(path: Path, language: str = "en") -> str:
    """The 'source' of a question whose file gave none: where it came from, in the pack's
    language (a French pack's editor showed this English line among French words)."""
    if language == "fr":
        return f"importé de {path.name} (aucune source donnée)"
    return f"imported from {path.name} (no source given)"


def finish(drafts: list[Draft], path: Path, options: ImportOptions, result: ImportResult) -> None:
    """Number the drafts, check each one, keep the good ones in `result`."""
    prefix = options.prefix_for(path)
    number = 0
    unsourced = 0
    for draft in drafts:
        data = dict(draft.data)
        if options.category is not None:
            data["category"] = options.category
        if data.get("category") is None:
            result.warnings.append(f"{draft.origin}: skipped: no category (give --category)")
            continue
        if not data.get("source"):
            data["source"] = provenance(path, options.language)
            unsourced += 1
        numbered = not data.get("id")
        if numbered:
            data["id"] = f"{prefix}-{number + 1:03d}"
        data = _ordered(data)
        findings = check_question(data, options.language)
        if findings:
            for finding in findings:
                where = f"field '{finding.field}': " if finding.field else ""
                result.warnings.append(f"{draft.origin}: skipped: {where}{finding.message}")
            continue
        number += numbered
        result.questions.append(data)
    if unsourced:
        result.warnings.append(
            f"{unsourced} question(s) had no source; their 'source' names the imported file: "
            "add where each fact can be checked"
        )


_ORDER = ("id", "category", "difficulty", "kind", "prompt", "options", "answer", "unit", "source")


def _ordered(data: dict[str, Any]) -> dict[str, Any]:
    out = {key: data[key] for key in _ORDER if key in data and data[key] is not None}
    out.update({k: v for k, v in data.items() if k not in out and v is not None})
    return out


def cell_text(value: Any) -> str:
    """A spreadsheet or CSV cell as text (2.0 -> "2")."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def parse_int(text: str) -> int | str:
    """The integer in `text`, or the text itself so the checker can say what is wrong."""
    cleaned = text.strip().replace("\u202f", "").replace("\xa0", "").replace(" ", "")
    try:
        return int(cleaned)
    except ValueError:
        try:
            value = float(cleaned)
        except ValueError:
            return text
        return int(value) if value.is_integer() else text


def imported_title(name: str, language: str) -> str:
    """An imported pack's title when the host gives none, in the pack's language (the host
    page and the editor list it as it is)."""
    return f"Importé de {name}" if language == "fr" else f"Imported from {name}"
