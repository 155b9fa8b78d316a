"""Hand-written checks for the question pack format.

They match questions/schema.json (draft 2020-12) without a jsonschema
dependency, and say more than a schema validator would: which option is
wrong, what the right type would be. Checks work on plain Python values;
packs.py adds the file and line to each finding.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from host.quiz.audio import CLIP_KINDS, check_clip
from host.quiz.dated import check_as_of
from host.quiz.findings import ONLY_NUMERIC, ONLY_TEXT, Finding, describe_type, not_taken
from host.quiz.matching import MAX_SIMILARITY, MAX_TYPED, MIN_SIMILARITY, normalise
from host.quiz.media import MediaKind, check_ref
from host.quiz.pictures import PICTURE
from host.quiz.several import check_several, is_several

LANGUAGES: tuple[str, ...] = ("en", "fr")
KINDS: tuple[str, ...] = ("choice", "numeric", "text", "order")  # order: host/quiz/ordering.py
CATEGORIES: tuple[str, ...] = (
    "geography",
    "history",
    "science",
    "nature",
    "sport",
    "arts",
    "music",
    "screen",
    "food",
    "technology",
    "language",
    "society",
)
MIN_DIFFICULTY = 1
MAX_DIFFICULTY = 5
MIN_OPTIONS = 2  # true/false as two options
MAX_OPTIONS = 6
TRUE_FALSE = {"fr": ("Vrai", "Faux"), "en": ("True", "False")}  # a true/false question's options

PACK_FIELDS: tuple[str, ...] = ("pack", "language", "title", "questions")
QUESTION_FIELDS: tuple[str, ...] = (
    "id",
    "category",
    "difficulty",
    "kind",
    "prompt",
    "options",
    "answer",
    "unit",
    "source",
    "image",
    "explain",
    "accept",
    "similarity",
    "audio",
    "video",
    "clip",
    "as_of",
)
MAX_EXPLAIN = 300  # an explanation shown after the answer: a sentence or two
_REQUIRED: tuple[str, ...] = ("id", "category", "difficulty", "kind", "prompt", "answer", "source")

# Pack ids and question ids: lower-case words joined by dashes; a question id
# starts with its pack's language and ends with a number ("en-geo-007").
PACK_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
QUESTION_ID_RE = re.compile(r"^[a-z]{2}(?:-[a-z0-9]+)+-[0-9]+$")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _text(value: Any) -> bool:
    return isinstance(value, str) and value.strip() != ""


def check_pack_header(data: Mapping[str, Any]) -> list[Finding]:
    """Findings for the pack's own fields (not its questions)."""
    found: list[Finding] = []
    for key in data:
        if key not in PACK_FIELDS:
            found.append(Finding(str(key), f"unknown field (allowed: {', '.join(PACK_FIELDS)})"))
    for key in PACK_FIELDS:
        if key not in data:
            found.append(Finding(key, "missing"))
    pack = data.get("pack")
    if "pack" in data and not (isinstance(pack, str) and PACK_ID_RE.match(pack)):
        found.append(Finding("pack", f"{pack!r} is not a pack id (lower-case words joined by '-')"))
    language = data.get("language")
    if "language" in data and language not in LANGUAGES:
        found.append(Finding("language", f"{language!r} is not one of {', '.join(LANGUAGES)}"))
    if "title" in data and not _text(data.get("title")):
        found.append(
            Finding("title", f"must be a non-empty string, not {describe_type(data.get('title'))}")
        )
    if "questions" in data and not isinstance(data.get("questions"), list):
        found.append(
            Finding("questions", f"must be a list, not {describe_type(data.get('questions'))}")
        )
    return found


def check_question(data: Any, language: str | None) -> list[Finding]:
    """Findings for one question; an empty list means it is good.

    `language` is the pack's language (the id must start with it); None skips
    that check (the pack's own language is broken and reported separately).
    """
    if not isinstance(data, Mapping):
        return [Finding(None, f"a question must be a mapping, not {describe_type(data)}")]
    found: list[Finding] = []
    for key in data:
        if key not in QUESTION_FIELDS:
            found.append(Finding(str(key), "unknown field"))
    for key in _REQUIRED:
        if key not in data:
            found.append(Finding(key, "missing"))
    found += _check_id(data, language)
    found += _check_simple_fields(data)
    kind = data.get("kind")
    if kind == "choice":
        found += _check_choice(data)
    elif kind == "numeric":
        found += _check_numeric(data)
    elif kind == "text":
        found += check_text(data)
    elif kind == "order":
        from host.quiz.ordering import check_order  # it imports this module's Finding

        found += check_order(data)
    elif "kind" in data:
        found.append(Finding("kind", f"{kind!r} is not one of {', '.join(KINDS)}"))
    return found


def _check_id(data: Mapping[str, Any], language: str | None) -> list[Finding]:
    if "id" not in data:
        return []
    qid = data["id"]
    if not isinstance(qid, str):
        return [Finding("id", f"must be a string, not {describe_type(qid)}")]
    if not QUESTION_ID_RE.match(qid):
        return [Finding("id", f"{qid!r} is not of the form <lang>-<category short>-<number>")]
    if language is not None and not qid.startswith(language + "-"):
        return [Finding("id", f"{qid!r} must start with the pack's language '{language}-'")]
    return []


def _check_simple_fields(data: Mapping[str, Any]) -> list[Finding]:
    found: list[Finding] = []
    if "category" in data and data["category"] not in CATEGORIES:
        found.append(
            Finding("category", f"{data['category']!r} is not one of {', '.join(CATEGORIES)}")
        )
    if "difficulty" in data:
        level = data["difficulty"]
        if not _is_int(level):
            found.append(Finding("difficulty", f"must be an integer, not {describe_type(level)}"))
        elif not MIN_DIFFICULTY <= level <= MAX_DIFFICULTY:
            found.append(
                Finding(
                    "difficulty", f"{level} is not between {MIN_DIFFICULTY} and {MAX_DIFFICULTY}"
                )
            )
    for key in ("prompt", "source"):
        if key in data and not _text(data[key]):
            found.append(
                Finding(key, f"must be a non-empty string, not {describe_type(data[key])}")
            )
    explain = data.get("explain")
    if explain is not None and not _text(explain):
        found.append(Finding("explain", f"must be a non-empty string or null, not "
                                        f"{describe_type(explain)}"))
    elif isinstance(explain, str) and len(explain) > MAX_EXPLAIN:
        found.append(Finding("explain", f"has {len(explain)} characters, at most {MAX_EXPLAIN}"))
    if (problem := check_as_of(data.get("as_of"))) is not None:  # a fact that changes
        found.append(Finding("as_of", problem))
    found += _check_audio(data)
    found += _check_media_ref(data, PICTURE)
    return found


def _check_choice(data: Mapping[str, Any]) -> list[Finding]:
    found = not_taken(data, *ONLY_TEXT, ONLY_NUMERIC)
    if "options" not in data:
        return found + [Finding("options", f"missing (a choice question needs {MIN_OPTIONS} "
                                           f"to {MAX_OPTIONS} options)")]
    options = data["options"]
    if not isinstance(options, list):
        return found + [Finding("options", f"must be a list, not {describe_type(options)}")]
    if not MIN_OPTIONS <= len(options) <= MAX_OPTIONS:
        count = f"{len(options)} option" + ("" if len(options) == 1 else "s")
        found.append(Finding("options", f"has {count}, needs {MIN_OPTIONS} to {MAX_OPTIONS}"))
    texts_ok = True
    for number, option in enumerate(options, start=1):
        if not _text(option):
            texts_ok = False
            hint = (
                f' (write it in quotes: "{option}")'
                if _is_int(option) or isinstance(option, float | bool)
                else ""
            )
            found.append(
                Finding(
                    "options",
                    f"option {number} must be a non-empty string, "
                    f"not {describe_type(option)}{hint}",
                )
            )
    if texts_ok:
        seen: set[str] = set()
        for option in options:
            if option in seen:
                found.append(Finding("options", f"{option!r} appears twice"))
            seen.add(option)
    if "answer" in data:
        answer = data["answer"]
        if is_several(answer):  # several right options: host/quiz/several.py
            if texts_ok:
                found += check_several(data, options)
        elif not isinstance(answer, str):
            found.append(Finding("answer", f"must be the text of an option (or a list of the "
                                           f"right ones), not {describe_type(answer)}"))
        elif texts_ok and answer not in options:
            found.append(Finding("answer", f"{_quoted(answer)} is not one of the options"))
    return found


def _check_numeric(data: Mapping[str, Any]) -> list[Finding]:
    found = not_taken(data, *ONLY_TEXT, ("options", "a numeric question has no options"))
    if "answer" in data:
        answer = data["answer"]
        if not _is_int(answer):
            found.append(
                Finding("answer", f"must be a positive integer, not {describe_type(answer)}")
            )
        elif answer <= 0:
            found.append(Finding("answer", f"{answer} is not a positive integer"))
    unit = data.get("unit")
    if "unit" in data and unit is not None and not _text(unit):
        found.append(Finding("unit", f"must be a short string, not {describe_type(unit)}"))
    return found


def _check_audio(data: Mapping[str, Any]) -> list[Finding]:
    """`audio` or `video` (a file beside the pack, played on the projector) and its `clip`."""
    found = [finding for kind in CLIP_KINDS for finding in _check_media_ref(data, kind)]
    if data.get("audio") and data.get("video"):
        found.append(Finding("video", "a question has one clip: a sound or a video, not both"))
    if data.get("image") and data.get("video"):
        found.append(Finding("video", "a question shows a picture or a video, not both"))
    clip = data.get("clip")
    if clip is not None:
        if not data.get("audio") and not data.get("video"):
            found.append(Finding("clip", "a clip needs its audio or video file"))
        elif (problem := check_clip(clip)) is not None:
            found.append(Finding("clip", problem))
    return found


def _check_media_ref(data: Mapping[str, Any], kind: MediaKind) -> list[Finding]:
    """A media field (`image`, `audio`, `video`): null, or a file beside the pack."""
    ref = data.get(kind.field)
    if ref is not None and not _text(ref):
        return [Finding(kind.field, f"must be a path or null, not {describe_type(ref)}")]
    if isinstance(ref, str) and (problem := check_ref(kind, ref)) is not None:
        return [Finding(kind.field, problem)]
    return []


# A field only one kind of question takes, and what a question of another kind is told.
def check_text(data: Mapping[str, Any]) -> list[Finding]:
    """A typed-answer question: `answer` the answer shown at the reveal, `accept` other
    spellings that count as right, `similarity` the typo threshold (host/quiz/matching.py)."""
    found = not_taken(data, ("options", "a text question has no options (teams type the answer)"),
                      ONLY_NUMERIC)
    answers: list[str] = []
    if "answer" in data:
        answer = data["answer"]
        if not _text(answer):
            found.append(Finding("answer",
                                 f"must be the answer's text, not {describe_type(answer)}"))
        elif len(answer) > MAX_TYPED:
            found.append(Finding("answer", f"has {len(answer)} characters, at most {MAX_TYPED}"))
        else:
            answers.append(answer)
    accept = data.get("accept")
    if accept is not None:
        if not isinstance(accept, list):
            found.append(Finding("accept",
                                 f"must be a list of answers, not {describe_type(accept)}"))
        else:
            for number, variant in enumerate(accept, start=1):
                if not _text(variant) or len(variant) > MAX_TYPED:
                    found.append(Finding("accept", f"answer {number} must be text of 1 to "
                                                   f"{MAX_TYPED} characters"))
                else:
                    answers.append(variant)
    seen: dict[str, str] = {}
    for text in answers:
        key = normalise(text)
        if not key:
            found.append(Finding("accept", f"{_quoted(text)} has no letters or digits"))
        elif key in seen:
            found.append(Finding("accept", f"{_quoted(text)} is the same answer as "
                                           f"{_quoted(seen[key])} once normalised"))
        else:
            seen[key] = text
    if "similarity" in data:
        level = data["similarity"]
        if not _is_int(level) or not MIN_SIMILARITY <= level <= MAX_SIMILARITY:
            found.append(Finding("similarity", f"must be a whole percent from {MIN_SIMILARITY} "
                                               f"to {MAX_SIMILARITY}, not {level!r}"))
    return found


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'
