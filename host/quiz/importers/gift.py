"""Moodle GIFT text to pack questions.

Imports multiple choice ({=right ~wrong ~wrong ~wrong}, exactly one right
answer and four in all) and numeric questions ({#42}, {#42:0}; a tolerance is
dropped since the nearest answer wins). Text after the answer block makes a
"missing word" question: the block becomes "_____" in the prompt. Other kinds
(true/false, short answer, matching, essay, partial credit) are skipped with
a warning. Comments (`//` lines), titles (`::title::`), format markers
(`[html]`...) and escapes (\\: \\= \\~ \\{ \\} \\# \\\\ \\n) are understood;
`$CATEGORY: a/b/geography` sets the category when its last part is ours.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from host.quiz.errors import ImportFailed
from host.quiz.importers.common import (
    Draft,
    ImportOptions,
    ImportResult,
    finish,
    parse_int,
    read_text,
)
from host.quiz.validate import CATEGORIES

_ESCAPABLE = ":=~{}#\\"
_PRIVATE = 0xE000  # escaped characters hide in Unicode's private use area while parsing
_WEIGHT = re.compile(r"^%(-?\d+(?:\.\d+)?)%")
_FORMAT = re.compile(r"^\s*\[(html|moodle|plain|markdown)\]", re.IGNORECASE)
_NUMBER = re.compile(r"^(-?\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?$")


def import_gift(path: str | Path, options: ImportOptions | None = None) -> ImportResult:
    path = Path(path)
    options = options or ImportOptions()
    text = read_text(path)
    result = ImportResult()
    drafts: list[Draft] = []
    category: str | None = None
    for line, block in _blocks(text):
        if block.startswith("$CATEGORY:"):
            first, _, block = block.partition("\n")
            category = _category(first, path, line, result)
            line += 1
            if not block.strip():
                continue
        draft = _draft(f"{path.name}:{line}", block, category, result)
        if draft is not None:
            drafts.append(draft)
    if not drafts and not result.warnings:
        raise ImportFailed(f"{path}: no GIFT question found")
    finish(drafts, path, options, result)
    return result


def _blocks(text: str) -> list[tuple[int, str]]:
    """Questions with their first line: blank lines separate them, // lines are comments."""
    blocks: list[tuple[int, str]] = []
    current: list[str] = []
    start = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        if raw.lstrip().startswith("//"):
            continue
        if raw.strip():
            if not current:
                start = number
            current.append(raw.strip())
        elif current:
            blocks.append((start, "\n".join(current)))
            current = []
    if current:
        blocks.append((start, "\n".join(current)))
    return blocks


def _category(line_text: str, path: Path, line: int, result: ImportResult) -> str | None:
    name = line_text.partition(":")[2].strip().rsplit("/", 1)[-1].strip().lower()
    if name in CATEGORIES:
        return name
    result.warnings.append(f"{path.name}:{line}: $CATEGORY {name!r} is not one of ours; ignored")
    return None


def _protect(text: str) -> str:
    def hide(match: re.Match[str]) -> str:
        char = match.group(1)
        if char == "n":
            return "\n"
        return chr(_PRIVATE + ord(char)) if char in _ESCAPABLE else match.group(0)

    return re.sub(r"\\(.)", hide, text)


def _restore(text: str) -> str:
    return re.sub("[\ue000-\ue0ff]", lambda m: chr(ord(m.group(0)) - _PRIVATE), text)


def _clean(text: str, is_html: bool) -> str:
    if is_html:
        text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    return " ".join(_restore(text).split())


def _draft(origin: str, block: str, category: str | None, result: ImportResult) -> Draft | None:
    def skip(why: str) -> Draft | None:
        result.warnings.append(f"{origin}: skipped: {why}")
        return None

    text = _protect(block)
    text = re.sub(r"^::.*?::", "", text, count=1, flags=re.DOTALL).strip()
    marker = _FORMAT.match(text)
    is_html = bool(marker and marker.group(1).lower() == "html")
    if marker:
        text = text[marker.end() :]
    opening = text.find("{")
    closing = text.find("}", opening + 1)
    if opening < 0:
        return skip("no answer block {...} (a description, not a question)")
    if closing < 0:
        return skip("'{' is never closed")
    before, inside, after = text[:opening], text[opening + 1 : closing].strip(), text[closing + 1 :]
    prompt = before
    if after.strip():
        after = after.strip()
        prompt = f"{before.rstrip()} _____{'' if after[0] in '.,;:!?' else ' '}{after}"
    data: dict[str, object] = {
        "category": category,
        "difficulty": 3,
        "prompt": _clean(prompt, is_html),
    }
    if not inside:
        return skip("essay question")
    if re.match(r"^(T|F|TRUE|FALSE)\s*(#|$)", inside, re.IGNORECASE):
        return skip("true/false question")
    if inside.startswith("#"):
        return _numeric(origin, inside[1:].strip(), data, result)
    if "->" in inside:
        return skip("matching question")
    return _choice(origin, inside, data, is_html, result)


def _numeric(origin: str, body: str, data: dict[str, object], result: ImportResult) -> Draft | None:
    body = body.split("#", 1)[0].strip()  # drop feedback
    match = _NUMBER.match(body)
    if match is None:
        shown = _restore(body)
        result.warnings.append(
            f"{origin}: skipped: numeric answer {shown!r} (only {{#42}} or {{#42:0}} import)"
        )
        return None
    value, tolerance = match.groups()
    answer = parse_int(value)
    if tolerance is not None and float(tolerance) != 0 and isinstance(answer, int):
        result.warnings.append(
            f"{origin}: tolerance ±{tolerance} dropped (the nearest answer wins)"
        )
    data.update(kind="numeric", answer=answer)
    return Draft(origin, data)


def _choice(
    origin: str, inside: str, data: dict[str, object], is_html: bool, result: ImportResult
) -> Draft | None:
    rights: list[str] = []
    wrongs: list[str] = []
    for mark, raw in re.findall(r"([=~])([^=~]*)", inside):
        answer = raw.split("#", 1)[0].strip()  # drop feedback
        weight = _WEIGHT.match(answer)
        right = mark == "="
        if weight:
            answer = answer[weight.end() :].strip()
            percent = float(weight.group(1))
            if 0 < percent < 100:
                result.warnings.append(f"{origin}: skipped: partial credit ({percent:g}%)")
                return None
            right = percent >= 100
        (rights if right else wrongs).append(_clean(answer, is_html))
    if not wrongs:
        result.warnings.append(f"{origin}: skipped: short answer question (no ~wrong answers)")
        return None
    if len(rights) != 1:
        result.warnings.append(f"{origin}: skipped: {len(rights)} right answers (need exactly one)")
        return None
    data.update(kind="choice", options=[rights[0], *wrongs], answer=rights[0])
    return Draft(origin, data)
