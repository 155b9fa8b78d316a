"""Ordering questions in the quiz round (`order`): put 3 to 6 items back in their order.

The question comes with its items as `options`, in the order the room sees them (the
bank's seeded shuffle, never the right order: host/quiz/ordering.py), and `answer`, the
shown indexes in the right order. A team's answer is a permutation of the shown indexes:
the item it puts first, then second... (docs/PROTOCOL.md).

Scoring (docs/rules/quiz-round.md): each item in its right place earns its share of the
round's points (Moodle's Ordering question, "absolute position" grading); a team with every
item in place is right (the speed bonus, the fastest team and the count of right teams).
"""

from __future__ import annotations

from typing import Any

from host.games.contract import BadEvent
from host.quiz.ordering import MAX_ITEMS, MIN_ITEMS
from host.quiz_round.state import Asked


def is_order(asked: Asked | None) -> bool:
    return asked is not None and asked.content.get("kind") == "order"


def _is_index(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_permutation(value: Any, count: int) -> bool:
    return (isinstance(value, list | tuple) and len(value) == count
            and all(_is_index(v) for v in value) and sorted(value) == list(range(count)))


def check_content(content: dict[str, Any]) -> dict[str, Any]:
    """An ordering question as the engine takes it: 3 to 6 text items and the right order."""
    items = content.get("options")
    if (not isinstance(items, list | tuple) or not MIN_ITEMS <= len(items) <= MAX_ITEMS
            or not all(isinstance(item, str) for item in items)):
        raise BadEvent(f"an ordering question needs {MIN_ITEMS} to {MAX_ITEMS} text items")
    if not is_permutation(content.get("answer"), len(items)):
        raise BadEvent("an ordering question's answer puts each of its items once")
    return content


def check_answer(value: Any, content: dict[str, Any]) -> list[int]:
    """A team's order: every shown item's number once, first item first."""
    count = len(content["options"])
    if not isinstance(value, list) or not all(_is_index(v) for v in value):
        raise BadEvent("an ordering answer is the list of the items' numbers, first item first")
    if len(value) != count:
        raise BadEvent(f"an ordering answer puts all {count} items in order, not {len(value)}")
    if sorted(value) != list(range(count)):
        raise BadEvent(f"an ordering answer gives each item from 0 to {count - 1} once")
    return [int(v) for v in value]


def in_place(value: list[int], truth: list[int]) -> int:
    """How many items the team put in their right place."""
    return sum(1 for mine, right in zip(value, truth, strict=True) if mine == right)


def share(value: list[int], truth: list[int]) -> float:
    """The share of the points an order earns: its items in place over all the items."""
    return in_place(value, truth) / len(truth)


def outcome_extra(rows: list[dict[str, Any]], count: int) -> dict[str, Any]:
    """What the reveal adds: how many teams had each number of items in place (`in_place`:
    index k is the teams with k of the `count` items in their right place)."""
    counts = [0] * (count + 1)
    for row in rows:
        counts[row["in_place"]] += 1
    return {"in_place": counts}


def sample_orders(count: int) -> list[list[int]]:
    """Orders the contract's random teams lock in: the shown order turned round and
    reversed (made from the shown order only, so they never tell the right one)."""
    shown = list(range(count))
    turns = [shown[k:] + shown[:k] for k in range(count)]
    return turns + [list(reversed(turn)) for turn in turns]
