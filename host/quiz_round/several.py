"""Choice questions with several right options in the quiz round ("tick every right answer").

The question comes as a `choice` with `several: true` and `answer` the shown indexes of its
right options (host/quiz/several.py). A team ticks the options it thinks right and locks the
ticks in as its one answer (no changing, as every answer of the round): a list of option
indexes, each once, at least one (docs/PROTOCOL.md).

Scoring (docs/rules/quiz-round.md, "Several right answers"): with R right options, each right
tick earns points / R and each wrong tick takes points / R off, never below 0, rounded half
up; every right option ticked and no wrong one is the round's points, and a right answer (the
speed bonus, the streak, the count of right teams, a stake won).
"""

from __future__ import annotations

from typing import Any

from host.games.contract import BadEvent
from host.quiz_round.state import Answer, Asked


def is_several(asked: Asked | None) -> bool:
    return asked is not None and is_several_content(asked.content)


def is_several_content(content: dict[str, Any]) -> bool:
    return content.get("kind") == "choice" and content.get("several") is True


def _is_index(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_content(content: dict[str, Any]) -> dict[str, Any]:
    """The right options of a question that has several (its options are checked already):
    shown indexes, each once, at least one and not all."""
    answer, count = content.get("answer"), len(content["options"])
    if (not isinstance(answer, list) or not answer or len(answer) >= count
            or not all(_is_index(i) and 0 <= i < count for i in answer)
            or len(set(answer)) != len(answer)):
        raise BadEvent(f"a question with several right options lists 1 to {count - 1} of its "
                       f"options once each")
    return {**content, "answer": sorted(answer)}


def check_answer(value: Any, content: dict[str, Any]) -> list[int]:
    """A team's ticks: option indexes, each once, at least one (kept in option order)."""
    count = len(content["options"])
    if not isinstance(value, list) or not all(_is_index(v) for v in value):
        raise BadEvent("ticks are the list of the ticked options' numbers")
    if not value:
        raise BadEvent("tick at least one option before you lock in")
    for index in value:
        if not 0 <= index < count:
            raise BadEvent(f"a tick is an option from 0 to {count - 1}, not {index}")
    twice = sorted({v for v in value if value.count(v) > 1})
    if twice:
        raise BadEvent(f"option {twice[0]} is ticked twice")
    return sorted(int(v) for v in value)


def ticks_of(answer: Answer) -> list[int]:
    """A team's ticks (the rules kept only lists of options for these)."""
    assert isinstance(answer.value, list)
    return answer.value


def tally(ticks: list[int], truth: list[int]) -> tuple[int, int]:
    """(right ticks, wrong ticks)."""
    hits = sum(1 for i in ticks if i in truth)
    return hits, len(ticks) - hits


def points(plan_points: int, ticks: list[int], truth: list[int]) -> tuple[int, bool]:
    """(points before the speed bonus, right): plan_points x (right - wrong ticks) / right
    options, never below 0, halves up; right is every right option and no wrong one."""
    hits, misses = tally(ticks, truth)
    earned = max(0, hits - misses)
    return (2 * plan_points * earned + len(truth)) // (2 * len(truth)), (
        hits == len(truth) and misses == 0)


def row_extra(ticks: list[int], truth: list[int]) -> dict[str, int]:
    """What a team's reveal row adds: its right and wrong ticks (the phone's "2 of 3 right,
    1 wrong")."""
    hits, misses = tally(ticks, truth)
    return {"hits": hits, "misses": misses}


def counts(rows: list[dict[str, Any]], count: int) -> list[int]:
    """The teams that ticked each option (the projector's bar per option)."""
    ticked = [0] * count
    for row in rows:
        if isinstance(row.get("value"), list):
            for index in row["value"]:
                ticked[index] += 1
    return ticked


def sample_ticks(count: int) -> list[list[int]]:
    """Tick lists the contract's random teams lock in: made from the option count only, so
    they never tell the right options (one option, the first and last, all of them)."""
    return [[i] for i in range(count)] + [[0, count - 1], list(range(count))]


BAD_TICKS: tuple[Any, ...] = ([], [0, 0], [99], [-1], ["0"], [True], 0)  # refused, each


def narrow_for(mix: str, kind: str, narrow: dict[str, Any] | None) -> dict[str, Any] | None:
    """A round's narrowing for a question of `kind`: a choice question of a round that is no
    buzz round may have several right options (the bank draws them only when asked: a buzz
    question is one answer said aloud)."""
    if kind != "choice" or mix == "buzz":
        return narrow
    return {**(narrow or {}), "several": True}
