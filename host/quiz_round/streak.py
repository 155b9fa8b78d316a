"""The streak bonus: a few points more for a run of right answers (Kahoot's answer streak;
docs/rules/quiz-round.md, "The streak bonus").

Each team's run counts its right answers in a row, across rounds. At each reveal a right
answer adds one to it and anything else (a wrong or part-right answer, no answer) sets it
to 0; a buzz question leaves every run as it was (one team answers aloud, the others cannot).
A right answer that makes a run of 3 or 4 earns the round's `streak_3`, of 5 or more its
`streak_5`, on top of its points (a joker does not double it: it is paid after).
"""

from __future__ import annotations

from typing import Any

from host.quiz_round.state import RoundPlan


def bonus(plan: RoundPlan, run: int) -> int:
    if run >= 5:
        return plan.streak_5
    return plan.streak_3 if run >= 3 else 0


def pay(plan: RoundPlan, runs: tuple[int, ...], outcome: dict[str, Any]
        ) -> tuple[tuple[int, ...], dict[int, int]]:
    """The runs after this reveal and the bonus each right answer earns (seat -> points, only
    those above 0); the rows earning one get `streak` (the run) and `streak_bonus`, and
    their points grow by it (the outcome is the caller's new one)."""
    right = {row["seat"]: row for row in outcome["rows"] if row["right"]}
    new_runs = tuple(run + 1 if seat in right else 0 for seat, run in enumerate(runs))
    paid: dict[int, int] = {}
    for seat, row in right.items():
        extra = bonus(plan, new_runs[seat])
        row["streak"] = new_runs[seat]
        if extra:
            row["streak_bonus"] = extra
            row["points"] += extra
            paid[seat] = extra
    return new_runs, paid
