"""Typed answers in the quiz round (`text` questions): checking what a team typed, the
host's review queue (typed answers grouped by their normalised form, each group with its
automatic verdict and the host's ruling), and who was right at the reveal.

A group's verdict is the host's latest ruling on it when there is one, else the automatic
one (host/quiz/matching.py against the question's accepted answers and threshold).
Rulings are events (`accept`, `reject` with the group's `key`), so they are journaled and
the host's undo takes them back.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import Any

from host.games.contract import BadEvent, Event, OutOfTurn
from host.people.names import RUDE_TYPED, NameFilter
from host.quiz.matching import (
    DEFAULT_SIMILARITY,
    MAX_TYPED,
    fold,
    key_of,
    normalise,
    verdict_of_key,
)
from host.quiz_round.state import Asked, QuizState

# The bundled list is checked here (a pure table); the host's own words at the socket layer
# (host/sockets/seat.py, the kind's typed_text_actions), with the same reason.
RUDE = RUDE_TYPED


@functools.cache
def _rude_words() -> NameFilter:
    """The name filter's bundled list (host/names_blocked.txt), read once: a fixed table."""
    return NameFilter(None)


def is_text(asked: Asked | None) -> bool:
    return asked is not None and asked.content.get("kind") == "text"


def check_typed(value: Any) -> str:
    """What a team typed, trimmed; refused when empty, too long or rude."""
    if not isinstance(value, str):
        raise BadEvent("a typed answer is text")
    text = " ".join(value.split())
    if len(text) > MAX_TYPED:
        raise BadEvent(f"an answer has at most {MAX_TYPED} characters")
    if not normalise(text):
        raise BadEvent("type an answer (letters or digits)")
    if _rude_words().blocked(text) is not None:
        raise BadEvent(RUDE)
    return text


def accepted_keys(content: dict[str, Any]) -> list[str]:
    return [fold(a) for a in content.get("accept") or [content["answer"]]]


def auto_verdict(content: dict[str, Any], key: str) -> bool:
    threshold = int(content.get("similarity") or DEFAULT_SIMILARITY)
    return verdict_of_key(key, accepted_keys(content), threshold)


def ruling(asked: Asked, key: str) -> bool | None:
    return next((right for k, right in reversed(asked.rulings) if k == key), None)


def groups(asked: Asked) -> list[dict[str, Any]]:
    """The review queue: one row per normalised answer, most teams first, with the first
    spelling typed, the teams (seats), the automatic verdict, the host's ruling and the
    verdict that counts."""
    found: dict[str, dict[str, Any]] = {}
    accepted = accepted_keys(asked.content)
    for answer in sorted(asked.answers, key=lambda a: (a.t_ns, a.seat)):
        key = key_of(str(answer.value), accepted)  # "Le Paz" is not "La Paz"
        row = found.setdefault(key, {"key": key, "shown": str(answer.value), "seats": []})
        row["seats"].append(answer.seat)
    rows = []
    for row in found.values():
        auto = auto_verdict(asked.content, row["key"])
        ruled = ruling(asked, row["key"])
        rows.append({**row, "teams": len(row["seats"]), "auto": auto, "ruling": ruled,
                     "right": auto if ruled is None else ruled})
    return sorted(rows, key=lambda r: (-r["teams"], r["key"]))


def right_seats(asked: Asked) -> set[int]:
    return {seat for row in groups(asked) if row["right"] for seat in row["seats"]}


def on_ruling(state: QuizState, event: Event) -> QuizState:
    """The host accepts or rejects a group of typed answers (every team that gave it)."""
    asked = state.asked
    if not is_text(asked) or state.stage not in ("answering", "review"):
        raise OutOfTurn("there are no typed answers to review now")
    assert asked is not None
    key = event.get("key")
    accepted = accepted_keys(asked.content)
    if not isinstance(key, str) or key not in {key_of(str(a.value), accepted)
                                               for a in asked.answers}:
        raise BadEvent(f"no team gave the answer {key!r}")
    right = event.get("type") == "accept"
    return replace(state, asked=replace(asked, rulings=asked.rulings + ((key, right),)))


def outcome_extra(asked: Asked) -> dict[str, Any]:
    """What the reveal adds for a text question: the accepted answers, and the spellings
    the host accepted beyond them (shown after the reveal only)."""
    rows = groups(asked)
    return {"accepted": list(asked.content.get("accept") or [asked.content["answer"]]),
            "host_accepted": [r["shown"] for r in rows if r["right"] and not r["auto"]]}


def sample_answers(content: dict[str, Any]) -> list[str]:
    """Answers the contract's random players type: the accepted one, a typo of it, a miss."""
    first = str(content["answer"])
    return [first, first + "x", "zzz"]
