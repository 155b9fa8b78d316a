"""Ordering questions (`kind: order`): a pack gives 3 to 6 items as its `answer`, in their
right order ("Mercury, Venus, Earth, Mars"); the room sees them shuffled, never in the right
order, and each team puts them back in order.

The pack checks live here (validate.py calls `check_order`) and so does the shuffle the
engine form gets (question.py calls `shown_order` with the Session's seeded generator).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from host import rng
from host.quiz.matching import normalise
from host.quiz.findings import ONLY_NUMERIC, ONLY_TEXT, Finding, describe_type, not_taken

MIN_ITEMS = 3
MAX_ITEMS = 6
MAX_ITEM = 48  # characters: six items of this length fit a 360x640 phone without scrolling


def check_order(data: Mapping[str, Any]) -> list[Finding]:
    """An ordering question: `answer` the items in their right order; no options or unit."""
    found = not_taken(data, ("options", "an ordering question has no options (its answer lists "
                                        "the items in order)"), ONLY_NUMERIC, *ONLY_TEXT)
    if "answer" not in data:
        return found
    items = data["answer"]
    if not isinstance(items, list):
        return found + [Finding("answer", f"must be the list of items in their right order, "
                                          f"not {describe_type(items)}")]
    if not MIN_ITEMS <= len(items) <= MAX_ITEMS:
        found.append(Finding("answer", f"has {len(items)} items, needs {MIN_ITEMS} to "
                                       f"{MAX_ITEMS}"))
    seen: dict[str, int] = {}
    for number, item in enumerate(items, start=1):
        if not isinstance(item, str) or not item.strip():
            found.append(Finding("answer", f"item {number} must be a non-empty text, "
                                           f"not {describe_type(item)}"))
            continue
        if len(item) > MAX_ITEM:
            found.append(Finding("answer", f"item {number} has {len(item)} characters, "
                                           f"at most {MAX_ITEM}"))
        key = normalise(item) or item.strip()
        if key in seen:
            found.append(Finding("answer", f"item {number} repeats item {seen[key]} "
                                           f"({item.strip()!r})"))
        else:
            seen[key] = number
    return found


def shown_order(rng_state: int, items: Sequence[str]) -> tuple[list[int], int]:
    """A seeded shuffle of the items' indexes that is never the right order (0, 1, 2...).

    Returns (order, new generator state): order[i] is the right-order index of the item
    shown in place i. A shuffle that lands on the right order is drawn again (at most 1 in
    6 for three items), so the room never sees the answer as it is shown.
    """
    right = list(range(len(items)))
    if len(right) < 2:
        return right, rng_state
    while True:
        order, rng_state = rng.shuffled(rng_state, right)
        if order != right:
            return order, rng_state
