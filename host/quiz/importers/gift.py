"""Moodle GIFT text to pack questions.

Imports multiple choice ({=right ~wrong ~wrong}, exactly one right answer and
2 to 6 in all), true/false ({T}, {FALSE}: a choice between the pack language's
"Vrai"/"Faux" or "True"/"False") and numeric questions ({#42}, {#42:5} and
{#40..44}: a tolerance or range becomes its middle value, since the nearest
answer wins; the first of several answers). Text after the answer block makes a
"missing word" question: the block becomes "_____" in the prompt. Short answers
({=Vienna =Wien}, no ~wrong answer) become `text` questions: the first full-credit
answer shown, the others accepted, part-credit answers and the `*` wildcard dropped
with a warning. Matching questions ({=left -> right}) become ordering questions: the lefts
numbered in the prompt, the rights to put in their order. Multiple-answer questions
({~%50%apple ~%50%pear ~%-100%stone}) become choice questions with several right options
(every answer with a positive weight). Essays are skipped with a warning.
Comments (`//` lines), titles (`::title::`), format markers (`[html]`...) and
escapes (\\: \\= \\~ \\{ \\} \\# \\\\ \\n) are understood;
`$CATEGORY: a/b/geography` sets the category when its last part is ours.
Feedback becomes the question's `explain` (shown after the answer): the general
feedback (`####text` in the block), else the right option's (`=right#text`).
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
from host.quiz.matching import normalise
from host.quiz.validate import CATEGORIES, TRUE_FALSE

_ESCAPABLE = ":=~{}#\\"
_PRIVATE = 0xE000  # escaped characters hide in Unicode's private use area while parsing
_WEIGHT = re.compile(r"^%(-?\d+(?:\.\d+)?)%")
_FORMAT = re.compile(r"^\s*\[(html|moodle|plain|markdown)\]", re.IGNORECASE)
_NUMBER = re.compile(r"^(-?\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?$")
_RANGE = re.compile(r"^(-?\d+(?:\.\d+)?)\.\.(-?\d+(?:\.\d+)?)$")
_TRUE_FALSE = re.compile(r"^(T|F|TRUE|FALSE)\s*(#|$)", re.IGNORECASE)


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
        draft = _draft(f"{path.name}:{line}", block, category, result, options.language)
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


def _draft(origin: str, block: str, category: str | None, result: ImportResult,
           language: str) -> Draft | None:
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
    if before.rstrip()[-1:] in (".", "?", "!", ":") and not any(c.isalnum() for c in after):
        after = ""  # a whole sentence, then stray punctuation: not a missing word
    if after.strip():
        after = after.strip()
        prompt = f"{before.rstrip()} _____{'' if after[0] in '.,;:!?' else ' '}{after}"
    data: dict[str, object] = {
        "category": category,
        "difficulty": 3,
        "prompt": _clean(prompt, is_html),
    }
    inside, _, general = inside.partition("####")  # the general feedback
    inside = inside.strip()
    if not inside:
        return skip("essay question")
    draft = _kind(origin, inside, data, is_html, result, language)
    if draft is not None and _clean(general, is_html):
        draft.data["explain"] = _clean(general, is_html)
    return draft


def _kind(origin: str, inside: str, data: dict[str, object], is_html: bool,
          result: ImportResult, language: str) -> Draft | None:
    """The question of the answer block `inside`: true/false, numeric or choice."""
    if truth := _TRUE_FALSE.match(inside):
        true, false = TRUE_FALSE.get(language, TRUE_FALSE["en"])
        answer = true if truth.group(1).upper().startswith("T") else false
        data.update(kind="choice", options=[true, false], answer=answer)
        return Draft(origin, data)
    if inside.startswith("#"):
        return _numeric(origin, inside[1:].strip(), data, result)
    if "->" in inside:
        return _matching(origin, inside, data, is_html, result, language)
    return _choice(origin, inside, data, is_html, result)


_IN_ORDER = {"fr": "Dans l’ordre :", "en": "In this order:"}


def _matching(origin: str, inside: str, data: dict[str, object], is_html: bool,
              result: ImportResult, language: str) -> Draft | None:
    """A matching question ({=left -> right ...}) as an ordering one: the lefts numbered in the
    prompt, the rights to put in their order ("1. A forum… 2. A choice… → Forum, Choice").
    Matching every left to its right is the same as ordering the rights by the lefts. A right
    with no left (Moodle's extra wrong answer, `= -> Chat`) is dropped: an ordering question
    has no spare items."""
    pairs: list[tuple[str, str]] = []
    for raw in re.findall(r"=([^=]*)", inside):
        left, arrow, right = raw.partition("->")
        left = _clean(_FORMAT.sub("", left, count=1), is_html)  # "[html]A forum… -> Forum"
        right = _clean(_FORMAT.sub("", right, count=1), is_html)
        if not arrow or not right:
            pair = raw.strip()
            result.warnings.append(f"{origin}: skipped: matching pair {pair!r} has no answer")
            return None
        if not left:
            result.warnings.append(f"{origin}: extra answer {right!r} dropped (an ordering "
                                   "question has no spare items)")
            continue
        pairs.append((left, right))
    rights = [right for _, right in pairs]
    if not 3 <= (count := len(pairs)) <= 6:
        result.warnings.append(f"{origin}: skipped: matching question with {count} pairs "
                               "(an ordering question takes 3 to 6)")
        return None
    if len({normalise(r) for r in rights}) != len(rights):
        result.warnings.append(f"{origin}: skipped: matching question whose answers repeat")
        return None
    numbered = " ".join(f"{n}. {left}" for n, (left, _) in enumerate(pairs, start=1))
    prompt = f"{data['prompt']} {_IN_ORDER.get(language, _IN_ORDER['en'])} {numbered}"
    data.update(kind="order", prompt=prompt.strip(), answer=rights)
    result.warnings.append(f"{origin}: matching question imported as an ordering question")
    return Draft(origin, data)


def _numeric(origin: str, body: str, data: dict[str, object], result: ImportResult) -> Draft | None:
    # The first answer: "=2000:0 =1900:1", "3:2~#wrong" and "3:2#feedback" all give "3:2".
    body = re.split(r"[~#=]", body.lstrip("=").strip(), maxsplit=1)[0].strip()
    span = _RANGE.match(body)
    match = _NUMBER.match(body)
    if span is not None:
        low, high = float(span.group(1)), float(span.group(2))
        middle = (low + high) / 2
        answer = parse_int(f"{middle:g}")
        result.warnings.append(f"{origin}: range {body} taken as {middle:g} "
                               "(the nearest answer wins)")
    elif match is not None:
        value, tolerance = match.groups()
        answer = parse_int(value)
        if tolerance is not None and float(tolerance) != 0 and isinstance(answer, int):
            result.warnings.append(
                f"{origin}: tolerance ±{tolerance} dropped (the nearest answer wins)"
            )
    else:
        shown = _restore(body)
        result.warnings.append(
            f"{origin}: skipped: numeric answer {shown!r} "
            "(only {#42}, {#42:5} or {#40..44} import)"
        )
        return None
    data.update(kind="numeric", answer=answer)
    return Draft(origin, data)


def _choice(
    origin: str, inside: str, data: dict[str, object], is_html: bool, result: ImportResult
) -> Draft | None:
    rights: list[str] = []
    wrongs: list[str] = []
    partial: list[tuple[str, float]] = []
    shown: list[str] = []  # every answer, in the file's order
    feedback = ""
    for mark, raw in re.findall(r"([=~])([^=~]*)", inside):
        answer, _, said = raw.partition("#")  # an option's feedback after '#'
        answer = answer.strip()
        if marker := _FORMAT.match(answer):  # "[plain]blue"
            answer = answer[marker.end():].strip()
        weight = _WEIGHT.match(answer)
        right = mark == "="
        if weight:
            answer = answer[weight.end() :].strip()
            if marker := _FORMAT.match(answer):  # "%-100%[plain]brick"
                answer = answer[marker.end():].strip()
            percent = float(weight.group(1))
            if 0 < percent < 100:
                partial.append((_clean(answer, is_html), percent))
                shown.append(_clean(answer, is_html))
                continue
            right = percent >= 100
        (rights if right else wrongs).append(_clean(answer, is_html))
        shown.append(_clean(answer, is_html))
        if right and not feedback:
            feedback = _clean(said, is_html)
    if "~" not in inside:  # no wrong option (an escaped one is hidden): a short answer
        partial += [(answer, 0.0) for answer in wrongs]  # Moodle's =%0% answers score nothing
        return _short_answer(origin, rights, partial, feedback, data, result)
    if partial:  # ~%50%apple ~%50%pear ~%-100%stone: a multiple-answer question
        return _several(origin, partial, shown, rights, data, result)
    if not wrongs:
        result.warnings.append(f"{origin}: skipped: no ~wrong answers")
        return None
    if len(rights) != 1:
        result.warnings.append(f"{origin}: skipped: {len(rights)} right answers (need exactly one)")
        return None
    data.update(kind="choice", options=[rights[0], *wrongs], answer=rights[0])
    if feedback:
        data["explain"] = feedback
    return Draft(origin, data)


def _several(origin: str, partial: list[tuple[str, float]], shown: list[str],
             rights: list[str], data: dict[str, object], result: ImportResult) -> Draft | None:
    """A multiple-answer question (`~%50%apple ~%50%pear ~%-100%stone`): every answer with a
    positive weight is a right option, every other one a wrong option, in the file's order
    (host/quiz/several.py). Each right tick counts the same in a quiz round
    (docs/rules/quiz-round.md), so unequal weights are said in a warning; an answer worth the
    whole (`=` or `%100%`) beside them is one more right option."""
    right = {answer for answer, _ in partial} | set(rights)
    if len({percent for _, percent in partial}) > 1 or rights:
        weights = ", ".join([f"{p:g}%" for _, p in partial] + ["100%" for _ in rights])
        result.warnings.append(f"{origin}: weights {weights} taken as equal (each right tick "
                               "counts the same)")
    if len(right) == len(set(shown)):
        result.warnings.append(f"{origin}: skipped: no wrong answer (every option is right)")
        return None
    data.update(kind="choice", options=shown, answer=[a for a in shown if a in right])
    return Draft(origin, data)


def _short_answer(origin: str, rights: list[str], partial: list[tuple[str, float]],
                  feedback: str, data: dict[str, object], result: ImportResult) -> Draft | None:
    """A short-answer question ({=answer1 =answer2}): a `text` question whose first
    full-credit answer is shown and the others accepted. Answers worth part of the points
    are dropped (a typed answer is right or wrong here), and so is Moodle's `*` wildcard."""
    for answer, percent in partial:
        if "*" in answer:
            result.warnings.append(f"{origin}: wildcard answer {answer!r} dropped")
        else:
            result.warnings.append(f"{origin}: answer {answer!r} worth {percent:g} % dropped "
                                   "(only full-credit answers are accepted)")
    accepted: list[str] = []
    for answer in rights:
        if "*" in answer:
            result.warnings.append(f"{origin}: wildcard answer {answer!r} dropped")
        elif answer and normalise(answer) not in {normalise(a) for a in accepted}:
            accepted.append(answer)
    if not accepted:
        result.warnings.append(f"{origin}: skipped: short answer question with no full-credit "
                               "answer")
        return None
    data.update(kind="text", answer=accepted[0])
    if accepted[1:]:
        data["accept"] = accepted[1:]
    if feedback:
        data["explain"] = feedback
    return Draft(origin, data)
