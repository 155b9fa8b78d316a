"""What the reveal of a territory question says: each numeric answer's row, and what decided.

The pages word it (host/static/js/kinds/territory.js, "reveal"); here is only what is true:
a numeric answer is "right" when it is exact (or the host ruled it right), otherwise it is
ranked by closeness; the time shown for an answer is how long after the question's first
lock-in it came (never negative); a speed margin is given only where speed decided (two
answers equally close). A silent seat the host judged right reads like any row: no distance,
no time, and never the judging's sort key.
"""

from __future__ import annotations

from typing import Any

from host.territory.judging import is_correct_choice, numeric_blocks, numeric_key
from host.territory.state import Attack, Question


def _ms(ns: int) -> float:
    return ns / 1e6


def numeric_rows(q: Question) -> list[dict[str, Any]]:
    """The seats best first: rank (None: no answer), real distance, right, time after the first."""
    truth = q.content["answer"] if q.content is not None else None
    times = [a.t_ns for a in q.answers]
    first = min(times) if times else None
    rows: list[dict[str, Any]] = []
    previous: tuple[int, int, int] | None = None  # the last ranked row's judging key
    for rank, block in enumerate(numeric_blocks(q), start=1):
        for seat in block:
            key = numeric_key(q, seat)
            answer = q.answer_of(seat)
            ruled = q.override_of(seat)
            ranked = key[0] == 0
            distance = None
            if answer is not None and truth is not None:
                distance = abs(answer.value - truth)
            margin = None
            if ranked and previous is not None and previous[1] == key[1] and answer is not None:
                margin = _ms(key[2] - previous[2])  # equally close: speed decided
            rows.append({
                "seat": seat,
                "answered": ranked,
                "distance": distance,
                "rank": rank if ranked else None,
                "right": ruled is True or (ruled is None and distance == 0),
                "overridden": ruled,
                "after_ms": None if answer is None or first is None else _ms(answer.t_ns - first),
                "margin_ms": margin,
            })
            if ranked:
                previous = key
    return rows


def numeric_decision(q: Question, seats: list[int]) -> dict[str, Any]:
    """Who of `seats` came out ahead and why: by "right", "closest", "faster" (equally close),
    "alone" (the only answer), "tie" (the same answer at the same time) or "nobody".

    `seat` is the one ahead (None for "nobody"), `over` the next one, `ms` the speed
    margin (by "faster"), `distance` the winner's distance (by "closest").
    """
    ranked = sorted((numeric_key(q, s), s) for s in seats)
    ranked = [(key, s) for key, s in ranked if key[0] == 0]
    if not ranked:
        return {"seat": None, "by": "nobody"}
    (key, seat) = ranked[0]
    if len(ranked) == 1:
        return {"seat": seat, "by": "alone"}
    (key2, seat2) = ranked[1]
    out: dict[str, Any] = {"seat": seat, "over": seat2}
    if key == key2:
        out["by"] = "tie"
    elif key[1] == key2[1]:
        out.update(by="faster", ms=_ms(key2[2] - key[2]))
    elif q.override_of(seat) is True or key[1] == 0:
        out["by"] = "right"
    else:
        answer = q.answer_of(seat)
        distance = abs(answer.value - q.content["answer"]) if answer and q.content else None
        out.update(by="closest", distance=distance)
    return out


def speed_decision(q: Question, attack: Attack, attacker_wins: bool) -> dict[str, Any]:
    """The duel's speed question: the attacker takes it only strictly ahead; otherwise the
    defender holds (also on a tie, or when nobody answered)."""
    decided = numeric_decision(q, [attack.attacker, attack.defender])
    holder = attack.attacker if attacker_wins else attack.defender
    if decided["seat"] != holder:  # a tie or nobody: the defender holds by the rule
        return {"seat": holder, "by": decided["by"] if decided["by"] == "nobody" else "tie",
                "over": attack.attacker}
    return decided


def choice_duel_decision(q: Question, attack: Attack, result: str) -> dict[str, Any]:
    """The duel's choice question: the attacker wins on a right answer the defender missed;
    the defender holds when the attacker missed; both right go to a speed question."""
    if result == "attacker_wins":
        return {"seat": attack.attacker, "by": "right", "over": attack.defender}
    if result == "hold":
        return {"seat": attack.defender, "by": "missed", "over": attack.attacker}
    return {"seat": None, "by": "both_right"}


def conquest_decision(q: Question, marks: list[tuple[int, str]]) -> dict[str, Any]:
    """Campaign conquest: every right answer takes the territory its player marked (`taken`
    names it, for the reveal to say which)."""
    taken = [(seat, tid) for seat, tid in marks if is_correct_choice(q, seat)]
    return {"seat": None, "by": "conquest", "winners": [seat for seat, _ in taken],
            "taken": [{"seat": seat, "territory": tid} for seat, tid in taken]}
