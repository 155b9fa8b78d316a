"""Choice questions with several right answers ("tick every right answer").

A `choice` question's `answer` is the text of its right option; a list of option texts
makes it a question with several right options (`answer: [Apple, Pear]`): teams tick every
option they think right and lock the ticks in as one answer. The list names at least one
option and never all of them (a question where every tick is right asks nothing), each
once. One right answer written as a text stays as it always was, so every pack written
before keeps its meaning.

The pack checks live here (validate.py calls `check_several` for a list answer); the
engine form (question.py) gives the shown indexes of the right options, in shown order,
and `several: true`, which the room sees (the phone shows ticks, not buttons).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from host.quiz.findings import Finding, describe_type


def is_several(answer: Any) -> bool:
    """A choice question's answer that lists its right options (a list or a tuple)."""
    return isinstance(answer, list | tuple)


def check_several(data: Mapping[str, Any], options: Sequence[Any]) -> list[Finding]:
    """A list `answer` of a choice question whose options are good texts: each item an
    option's text, none twice, at least one, not every option."""
    answer = data["answer"]
    if not answer:
        return [Finding("answer", "lists no right option (name at least one, or write the "
                                  "one right option as a text)")]
    found: list[Finding] = []
    seen: set[str] = set()
    for number, item in enumerate(answer, start=1):
        if not isinstance(item, str):
            found.append(Finding("answer", f"right answer {number} must be the text of an "
                                           f"option, not {describe_type(item)}"))
        elif item not in options:
            found.append(Finding("answer", f"right answer {number} {_quoted(item)} is not one "
                                           f"of the options"))
        elif item in seen:
            found.append(Finding("answer", f"right answer {number} {_quoted(item)} is given "
                                           f"twice"))
        else:
            seen.add(item)
    if not found and len(seen) == len(options):
        found.append(Finding("answer", f"names all {len(options)} options as right: at least "
                                       f"one must be wrong"))
    return found


def right_indexes(shown: Sequence[str], answer: Sequence[str]) -> list[int]:
    """The shown indexes of the right options, in shown order (the engine's `answer`)."""
    return [index for index, option in enumerate(shown) if option in answer]


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '\\"') + '"'
