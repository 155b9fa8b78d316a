"""Scoring one question: who was right, their points, and what the reveal shows.

Pure functions of the question, the answers and the round's plan (docs/rules/quiz-round.md):

- choice: the right option earns the round's points; with several right options, each
  right tick earns its share and each wrong tick takes one off, never below 0
  (host/quiz_round/several.py);
- order: each item in its right place earns its share of the round's points (half up);
  every item in place is a right answer (host/quiz_round/ordering.py);
- text: a typed answer whose group the review found right (the host's ruling, else the
  automatic verdict: host/quiz_round/typed.py) earns the round's points;
- numeric: distances to the answer rank the teams (equal distances share a place);
  `rank` pays all, two thirds and one third of the points to the three closest places
  (a tie shares its place, and the place after it is skipped: 1, 2, 2, 4), `closest`
  pays the closest place only, `tolerance` pays every answer within `tolerance_pct` % of
  the answer (and the closest place, so someone always scores when anyone answered);
- speed bonus: a right answer earns up to `speed_bonus` more, falling linearly from the
  moment the question was shown to the end of its time (host-clock lock-in times); a paper
  team's answer has no lock-in time and earns none (host/quiz_round/paper.py).
"""

from __future__ import annotations

import math
from typing import Any

from host.games.ranking import places
from host.quiz_round import ordering, reveal, several, typed
from host.quiz_round.state import Answer, Asked, RoundPlan, Settings

# numeric `rank` scoring: the three closest places earn 3/3, 2/3 and 1/3 of the points (the
# pub quiz's 3-2-1 for the closest guesses), as (numerator, denominator)
RANK_SHARES = ((3, 3), (2, 3), (1, 3))
NS = 1_000_000_000


def half_up(value: float) -> int:
    """Points are whole: halves round up (2.5 -> 3), never to the even neighbour."""
    return math.floor(value + 0.5)


def half_up_ratio(numerator: int, denominator: int) -> int:
    """numerator / denominator rounded half up, in whole numbers (no floating point: 4.5
    is 5 however it was reached)."""
    return (2 * numerator + denominator) // (2 * denominator)


def speed_bonus(plan: RoundPlan, elapsed_ns: int) -> int:
    """Extra points for a right answer locked in `elapsed_ns` after the question showed:
    `speed_bonus` x (time left / time), rounded half up, in integer nanoseconds."""
    if plan.speed_bonus <= 0:
        return 0
    total = plan.seconds * NS
    left = total - min(total, max(0, elapsed_ns))
    return half_up_ratio(plan.speed_bonus * left, total)


def number_of(answer: Answer) -> int:
    """A numeric answer's value (the rules kept only whole numbers for these)."""
    assert isinstance(answer.value, int)
    return answer.value


def order_of(answer: Answer) -> list[int]:
    """An ordering answer's order (the rules kept only permutations for these)."""
    assert isinstance(answer.value, list)
    return answer.value


def numeric_places(answers: tuple[Answer, ...], truth: int) -> dict[int, int]:
    """Each answering seat's place by distance to the truth (1 = closest; ties share)."""
    distance = {a.seat: abs(number_of(a) - truth) for a in answers}
    order = sorted(answers, key=lambda a: (distance[a.seat], a.seat))
    return places([a.seat for a in order], lambda seat: distance[seat])


def _base_points(content: dict[str, Any], answer: Answer, place: int | None, plan: RoundPlan,
                 settings: Settings, typed_right: set[int]) -> tuple[int, bool]:
    """(points before the speed bonus, right) for one answer."""
    truth = content["answer"]
    if content["kind"] == "text":  # right by the review's verdicts (typed.py)
        right = answer.seat in typed_right
        return (plan.points if right else 0), right
    if content["kind"] == "order":
        placed = ordering.in_place(order_of(answer), truth)
        return half_up_ratio(plan.points * placed, len(truth)), placed == len(truth)
    if several.is_several_content(content):  # per tick, right minus wrong (several.py)
        return several.points(plan.points, several.ticks_of(answer), truth)
    if content["kind"] == "choice":
        right = answer.value == truth
        return (plan.points if right else 0), right
    assert place is not None
    mode = settings.numeric_scoring
    if mode == "tolerance":
        within = abs(number_of(answer) - truth) * 100 <= settings.tolerance_pct * abs(truth)
        right = within or place == 1
        return (plan.points if right else 0), right
    if mode == "closest":
        return (plan.points if place == 1 else 0), place == 1
    if place > len(RANK_SHARES):
        return 0, False
    numerator, denominator = RANK_SHARES[place - 1]
    return half_up_ratio(plan.points * numerator, denominator), place == 1


def score_question(asked: Asked, plan: RoundPlan, settings: Settings,
                   names: tuple[str, ...]) -> dict[str, Any]:
    """The reveal of a closed question: per answer its points, and the room's summary.

    `rows` has one entry per answering seat (seat order); `counts` the teams per option
    (choice); `closest` the five best numeric answers; `fastest` the first right team.
    """
    content = asked.content
    answers = asked.answers
    zero = asked.shown_ns if asked.shown_ns is not None else min(
        (a.t_ns for a in answers), default=0)
    numeric = content["kind"] == "numeric"
    place = numeric_places(answers, content["answer"]) if numeric else {}
    text = content["kind"] == "text"
    typed_right = typed.right_seats(asked) if text else set()
    stepped = reveal.applies(plan, asked)  # a picture revealed by steps: points by step
    rows: list[dict[str, Any]] = []
    for answer in sorted(answers, key=lambda a: a.seat):
        base, right = _base_points(content, answer, place.get(answer.seat), plan, settings,
                                   typed_right)
        elapsed = answer.t_ns - zero - (answer.paused_ns - asked.paused_ns)  # pauses: no time
        bonus = speed_bonus(plan, elapsed) if right and not answer.paper and not stepped else 0
        rows.append({"seat": answer.seat, "value": answer.value, "right": right,
                     "points": base + bonus, "bonus": bonus, "place": place.get(answer.seat),
                     "ms": max(0, elapsed) // 1_000_000})
        if stepped:  # the falling points are the speed: no bonus (reveal.py); a paper sheet
            # comes in at the end: the last step's points
            at = plan.seconds * 1_000_000_000 if answer.paper else elapsed
            rows[-1]["points"], rows[-1]["reveal_step"] = reveal.score(plan, asked, at, base)
        if answer.paper:  # from a paper sheet: no tap time (host/quiz_round/paper.py)
            rows[-1].update(paper=True, ms=None)
        if content["kind"] == "order":
            rows[-1]["in_place"] = ordering.in_place(order_of(answer), content["answer"])
        elif several.is_several_content(content):
            rows[-1].update(several.row_extra(several.ticks_of(answer), content["answer"]))
    right_rows = [r for r in rows if r["right"]]
    first = min((r for r in right_rows if r["ms"] is not None),
                key=lambda r: (r["ms"], r["seat"]), default=None)
    outcome: dict[str, Any] = {
        "answer": content["answer"],
        "rows": rows,
        "answered": len(rows),
        "right": len(right_rows),
        "fastest": None if first is None else {"seat": first["seat"],
                                               "name": names[first["seat"]], "ms": first["ms"]},
    }
    if stepped:
        outcome.update(reveal.outcome_extra(plan, rows))
    if content.get("explain"):  # shown after the answer, never before (views.py)
        outcome["explain"] = content["explain"]
    if numeric:
        best = sorted(rows, key=lambda r: (r["place"], r["seat"]))[:5]
        outcome["closest"] = [{"seat": r["seat"], "name": names[r["seat"]], "value": r["value"],
                               "place": r["place"], "points": r["points"]} for r in best]
        values = [r["value"] for r in rows]
        outcome["spread"] = [min(values), max(values)] if values else None
    elif text:
        outcome.update(typed.outcome_extra(asked))
    elif content["kind"] == "order":
        outcome.update(ordering.outcome_extra(rows, len(content["options"])))
    elif several.is_several_content(content):  # a bar per option: the teams that ticked it
        outcome["counts"] = several.counts(rows, len(content["options"]))
    else:
        counts = [0] * len(content["options"])
        for row in rows:
            counts[row["value"]] += 1
        outcome["counts"] = counts
    return outcome
