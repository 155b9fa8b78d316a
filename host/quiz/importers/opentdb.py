"""Open Trivia Database JSON (the api.php answer) to pack questions.

"multiple" questions import as choices; "boolean" (true/false) ones as a choice
between "True" and "False" (the pack language's words: "Vrai"/"Faux" in French).
Texts come HTML-escaped ("&quot;", "&#039;"), so they are unescaped.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from host.quiz.errors import ImportFailed
from host.quiz.importers.common import Draft, ImportOptions, ImportResult, finish
from host.quiz.validate import TRUE_FALSE

SOURCE = "Open Trivia Database (opentdb.com), CC BY-SA 4.0"

DIFFICULTY = {"easy": 2, "medium": 3, "hard": 4}

CATEGORY = {
    "General Knowledge": "society",
    "Entertainment: Books": "arts",
    "Entertainment: Film": "screen",
    "Entertainment: Music": "music",
    "Entertainment: Musicals & Theatres": "arts",
    "Entertainment: Television": "screen",
    "Entertainment: Video Games": "screen",
    "Entertainment: Board Games": "society",
    "Entertainment: Comics": "arts",
    "Entertainment: Japanese Anime & Manga": "screen",
    "Entertainment: Cartoon & Animations": "screen",
    "Science & Nature": "science",
    "Science: Computers": "technology",
    "Science: Mathematics": "science",
    "Science: Gadgets": "technology",
    "Mythology": "history",
    "Sports": "sport",
    "Geography": "geography",
    "History": "history",
    "Politics": "society",
    "Art": "arts",
    "Celebrities": "society",
    "Animals": "nature",
    "Vehicles": "technology",
}

RESPONSE_CODES = {
    1: "no results (not enough questions for the query)",
    2: "invalid parameter",
    3: "token not found",
    4: "token empty (all questions already served)",
    5: "rate limit",
}


def import_opentdb(path: str | Path, options: ImportOptions | None = None) -> ImportResult:
    path = Path(path)
    options = options or ImportOptions()
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError) as err:
        raise ImportFailed(f"{path}: cannot read: {err}") from err
    except json.JSONDecodeError as err:
        raise ImportFailed(f"{path}:{err.lineno}: not JSON: {err.msg}") from err
    if not isinstance(data, dict) or not isinstance(data.get("results"), list):
        raise ImportFailed(f"{path}: not an Open Trivia DB answer (no 'results' list)")
    code = data.get("response_code", 0)
    if code != 0:
        meaning = RESPONSE_CODES.get(code, "unknown code")
        raise ImportFailed(f"{path}: Open Trivia DB response_code {code}: {meaning}")
    result = ImportResult()
    drafts = []
    for number, item in enumerate(data["results"], start=1):
        draft = _draft(path, number, item, result, options)
        if draft is not None:
            drafts.append(draft)
    finish(drafts, path, options, result)
    return result


def _draft(
    path: Path, number: int, item: Any, result: ImportResult, options: ImportOptions
) -> Draft | None:
    origin = f"{path.name}: result {number}"
    if not isinstance(item, dict):
        result.warnings.append(f"{origin}: skipped: not an object")
        return None
    kind = item.get("type")
    if kind not in ("multiple", "boolean"):
        result.warnings.append(f"{origin}: skipped: type {kind!r} (only 'multiple' and "
                               "'boolean' import)")
        return None
    right = html.unescape(str(item.get("correct_answer", "")))
    wrong = [html.unescape(str(w)) for w in item.get("incorrect_answers") or []]
    if kind == "boolean":
        true, false = TRUE_FALSE.get(options.language, TRUE_FALSE["en"])
        right = true if right.strip().lower() == "true" else false
        wrong = [false if right == true else true]
    category = html.unescape(str(item.get("category", "")))
    if category not in CATEGORY and options.category is None:
        result.warnings.append(f"{origin}: category {category!r} has no match (give --category)")
    return Draft(
        origin,
        {
            "category": CATEGORY.get(category),
            "difficulty": DIFFICULTY.get(str(item.get("difficulty")), 3),
            "kind": "choice",
            "prompt": html.unescape(str(item.get("question", ""))),
            "options": [right, *wrong],
            "answer": right,
            "source": SOURCE,
        },
    )
