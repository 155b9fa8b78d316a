"""Kahoot quiz spreadsheets (.xlsx, Kahoot's import template) to pack questions.

The template starts with a few lines of instructions, then a header row
("Question - max 120 characters", "Answer 1 - max 75 characters" ... "Answer
4", "Time limit (sec)", "Correct answer(s) - choose at least one"), then one
row per question. The header is found by its texts, not by its position, so
small layout changes still import. The time limit is ignored (the host sets
its own); a question with 2 to 4 answers imports (a true/false question is two
answers); one with several right answers or fewer than 2 answers is skipped
with a warning.

A kahoot saved as JSON (`.json`) goes to kahoot_json.py: its "type answer" and "puzzle"
questions import too (as `text` and `order` questions).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

from host.quiz.errors import ImportFailed
from host.quiz.importers.common import Draft, ImportOptions, ImportResult, cell_text, finish
from host.quiz.importers.kahoot_json import import_kahoot_json

_HEADER_SCAN_ROWS = 30


def import_kahoot(path: str | Path, options: ImportOptions | None = None) -> ImportResult:
    path = Path(path)
    options = options or ImportOptions()
    if path.suffix.lower() == ".json":
        return import_kahoot_json(path, options)
    # Imported here: openpyxl is 0.14 s of the host's 1.2 s of imports (measured on a 2-core
    # VM), paid at every start for a file a host may never upload.
    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        workbook = load_workbook(path, read_only=True, data_only=True)
    except (OSError, InvalidFileException, zipfile.BadZipFile, KeyError) as err:
        raise ImportFailed(f"{path}: not a readable .xlsx file: {err}") from err
    try:
        rows = [tuple(row) for row in workbook.worksheets[0].iter_rows(values_only=True)]
    finally:
        workbook.close()
    header_at, columns = _find_header(rows, path)
    result = ImportResult()
    drafts: list[Draft] = []
    for index in range(header_at + 1, len(rows)):
        draft = _draft(path, index + 1, rows[index], columns, result)
        if draft is not None:
            drafts.append(draft)
    finish(drafts, path, options, result)
    return result


def _find_header(rows: list[tuple[Any, ...]], path: Path) -> tuple[int, dict[str, int]]:
    """The header row's index and the column of each field we read."""
    for index, row in enumerate(rows[:_HEADER_SCAN_ROWS]):
        columns: dict[str, int] = {}
        for col, cell in enumerate(row):
            text = cell_text(cell).lower()
            if text.startswith("question"):
                columns.setdefault("question", col)
            elif match := re.match(r"answer\s*([1-4])\b", text):
                columns.setdefault(f"answer{match.group(1)}", col)
            elif text.startswith("correct"):
                columns.setdefault("correct", col)
        if {"question", "answer1", "answer2", "correct"} <= columns.keys():
            return index, columns
    raise ImportFailed(
        f"{path}: no header row with 'Question', 'Answer 1', 'Answer 2' and 'Correct answer(s)' "
        "(is this Kahoot's quiz template?)"
    )


def _draft(
    path: Path, line: int, row: tuple[Any, ...], columns: dict[str, int], result: ImportResult
) -> Draft | None:
    def cell(name: str) -> str:
        col = columns.get(name)
        return cell_text(row[col]) if col is not None and col < len(row) else ""

    prompt = cell("question")
    if not prompt:
        return None  # the template's empty numbered rows
    origin = f"{path.name}: row {line}"
    answers = [cell(f"answer{n}") for n in range(1, 5)]
    given = [a for a in answers if a]
    if len(given) < 2:
        result.warnings.append(f"{origin}: skipped: {len(given)} answer(s) (a choice needs "
                               "at least 2)")
        return None
    marks = [m for m in re.split(r"[,;\s]+", cell("correct")) if m]
    if (len(marks) != 1 or marks[0] not in {"1", "2", "3", "4"}
            or not answers[int(marks[0]) - 1]):
        result.warnings.append(
            f"{origin}: skipped: correct answer(s) {cell('correct')!r} "
            "(need exactly one answer number, 1 to 4)"
        )
        return None
    right_index = int(marks[0]) - 1
    right = answers[right_index]
    others = [a for i, a in enumerate(answers) if i != right_index and a]
    return Draft(
        origin,
        {
            "category": None,
            "difficulty": 3,
            "kind": "choice",
            "prompt": prompt,
            "options": [right, *others],
            "answer": right,
        },
    )
