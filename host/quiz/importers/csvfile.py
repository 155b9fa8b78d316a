"""CSV (from a spreadsheet) to pack questions.

Header row, in any order, names case-insensitive:
kind, category, difficulty, prompt, option1, option2, answer, source
and optionally option3 to option6, id and unit. Choice rows give 2 to 6 options
(empty cells are left out: a true/false question fills two) and the right
option's exact text as answer; numeric rows leave the options empty and give a
positive integer.
Comma, semicolon or tab separated (French spreadsheets save with ';'); UTF-8.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

from host.quiz.errors import ImportFailed
from host.quiz.importers.common import (
    Draft,
    ImportOptions,
    ImportResult,
    finish,
    parse_int,
    read_text,
)

REQUIRED_COLUMNS: tuple[str, ...] = (
    "kind",
    "category",
    "difficulty",
    "prompt",
    "option1",
    "option2",
    "answer",
    "source",
)
OPTIONAL_COLUMNS: tuple[str, ...] = ("id", "unit", "option3", "option4", "option5", "option6")
OPTION_COLUMNS = tuple(f"option{n}" for n in range(1, 7))


def import_csv(path: str | Path, options: ImportOptions | None = None) -> ImportResult:
    path = Path(path)
    options = options or ImportOptions()
    text = read_text(path)
    lines = text.splitlines(keepends=True)
    if not lines:
        raise ImportFailed(f"{path}: empty file")
    delimiter = max(",;\t", key=lines[0].count)
    reader = csv.DictReader(lines, delimiter=delimiter)
    header = [name.strip().lower() for name in reader.fieldnames or []]
    missing = [name for name in REQUIRED_COLUMNS if name not in header]
    if missing:
        raise ImportFailed(f"{path}:1: missing column(s): {', '.join(missing)}")
    reader.fieldnames = header
    result = ImportResult()
    drafts: list[Draft] = []
    for row in reader:
        cells = {k: (v or "").strip() for k, v in row.items() if isinstance(k, str)}
        if not any(cells.values()):
            continue
        drafts.append(Draft(f"{path.name}:{reader.line_num}", _question(cells)))
    finish(drafts, path, options, result)
    return result


def _question(cells: dict[str, str]) -> dict[str, Any]:
    kind = cells["kind"].lower()
    data: dict[str, Any] = {
        "id": cells.get("id") or None,
        "category": cells["category"].lower() or None,
        "difficulty": parse_int(cells["difficulty"]) if cells["difficulty"] else 3,
        "kind": kind,
        "prompt": cells["prompt"],
        "source": cells["source"] or None,
    }
    options = [cells.get(column, "") for column in OPTION_COLUMNS]
    if kind == "numeric":
        if any(options):
            data["options"] = [o for o in options if o]
        data["answer"] = parse_int(cells["answer"])
        data["unit"] = cells.get("unit") or None
    else:
        data["options"] = [o for o in options if o]
        data["answer"] = cells["answer"]
    return data
