"""A kahoot as JSON (the document Kahoot's own pages load: `{"title", "questions": [...]}`,
or that document under a `"kahoot"` key) to pack questions.

Each question has a `type`, its `question` text (light HTML: <b>, <i>, entities) and its
`choices` ({"answer": text, "correct": bool}):

- `quiz`: one right choice among 2 to 6 becomes a `choice` question (a true/false quiz is
  two choices); several right choices are skipped (one answer per team here);
- `open_ended` (Kahoot's "Type answer"): every choice is an accepted answer; the first
  becomes a `text` question's answer, the others its `accept` list;
- `jumble` (Kahoot's "Puzzle"): the choices are listed in their right order (the game
  shuffles them); they become an `order` question's answer;
- `survey`, `content`, `word_cloud` and other slides ask nothing to score: skipped with
  their reason, as are choices that are pictures (no text).

The time limit and points multiplier are ignored (the host sets its own); difficulty 3.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from host.quiz.errors import ImportFailed
from host.quiz.importers.common import (
    DEFAULT_DIFFICULTY,
    Draft,
    ImportOptions,
    ImportResult,
    finish,
    read_text,
)

KINDS = {"quiz": "choice", "open_ended": "text", "jumble": "order"}


def import_kahoot_json(path: Path, options: ImportOptions) -> ImportResult:
    try:
        document = json.loads(read_text(path))
    except json.JSONDecodeError as err:
        raise ImportFailed(f"{path}:{err.lineno}: not JSON: {err.msg}") from err
    if isinstance(document, dict) and isinstance(document.get("kahoot"), dict):
        document = document["kahoot"]
    questions = document.get("questions") if isinstance(document, dict) else None
    if not isinstance(questions, list):
        raise ImportFailed(f"{path}: no 'questions' list (is this a kahoot's JSON?)")
    result = ImportResult()
    drafts = []
    for number, item in enumerate(questions, start=1):
        draft = _draft(f"{path.name}: question {number}", item, result)
        if draft is not None:
            drafts.append(draft)
    finish(drafts, path, options, result)
    return result


def plain(text: Any) -> str:
    """Kahoot's light HTML as plain text: a line break or paragraph a space, other tags
    (<b>, <i>...) dropped, entities decoded, spaces squeezed."""
    spaced = re.sub(r"<\s*(?:br|/?p|/?div)\b[^>]*>", " ", str(text or ""), flags=re.IGNORECASE)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", spaced)).split())


def _draft(origin: str, item: Any, result: ImportResult) -> Draft | None:
    if not isinstance(item, dict):
        result.warnings.append(f"{origin}: skipped: not a question object")
        return None
    kind = KINDS.get(str(item.get("type")))
    if kind is None:
        result.warnings.append(f"{origin}: skipped: a {item.get('type')!r} slide asks nothing "
                               "to score")
        return None
    choices = [c for c in item.get("choices") or [] if isinstance(c, dict)]
    if any("answer" not in c for c in choices):
        result.warnings.append(f"{origin}: skipped: its answers are pictures, not text")
        return None
    texts = [plain(c.get("answer")) for c in choices]
    right = [text for text, c in zip(texts, choices, strict=True) if c.get("correct")]
    data: dict[str, Any] = {"category": None, "difficulty": DEFAULT_DIFFICULTY, "kind": kind,
                            "prompt": plain(item.get("question"))}
    if kind == "choice":
        if len(right) != 1:
            result.warnings.append(f"{origin}: skipped: {len(right)} right answers (one "
                                   "answer per team here)")
            return None
        data["options"] = [right[0], *(t for t in texts if t != right[0])]
        data["answer"] = right[0]
    elif kind == "text":
        if not right:
            result.warnings.append(f"{origin}: skipped: no accepted answer")
            return None
        data["answer"] = right[0]
        if len(right) > 1:
            data["accept"] = right[1:]
    else:
        data["answer"] = texts  # a puzzle lists its blocks in their right order
    return Draft(origin, data)
