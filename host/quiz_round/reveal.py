"""Picture reveal: a picture question shown a piece at a time on the projector, its points
falling step by step (CraftyQuiz's picture reveal; docs/rules/quiz-round.md, "Picture
reveal").

A round with `reveal_steps` N (2 to 12) asks each of its picture questions (an `image`, no
sound or video) in N steps of equal length: step k of N, from the question's zero (its
`t_ns`, the speed bonus's zero, pauses not counted), uncovers `UNCOVERED[k]` of the tiles in
a seeded order, or sharpens the blurred picture; the last step shows it whole. A team right
at step k earns points x (N - k + 1) / N, rounded half up, and no speed bonus: the falling
points are the speed. The step that counts is the one of the lock-in's host time, computed
here; the projector and the phones draw the same steps from the countdown they are sent.

Phones never get the picture (its URL) before the reveal: `phone_question` takes it out.
"""

from __future__ import annotations

from typing import Any

from host.rng import derive, shuffled
from host.quiz_round.state import Asked, QuizState, RoundPlan

NS = 1_000_000_000
COLUMNS, ROWS = 6, 4  # the projector's tiles: 24, a landscape grid
TILES = COLUMNS * ROWS
STYLES = ("tiles", "blur")
MIN_STEPS, MAX_STEPS = 2, 12
MOST_BLUR = 8  # the blur at step 1, in hundredths of the picture's width


def applies(plan: RoundPlan, asked: Asked | None) -> bool:
    """A question revealed by steps: a picture question of a round with `reveal_steps`
    (a question with a sound or video plays as usual: its time waits for the clip)."""
    if asked is None or plan.reveal_steps < MIN_STEPS:
        return False
    content = asked.content
    return bool(content.get("image")) and not content.get("audio") and not content.get("video")


def step_at(elapsed_ns: int, seconds: int, steps: int) -> int:
    """The step (1 to `steps`) showing `elapsed_ns` after the question's zero: each step a
    `steps`-th of the question's time; before the zero, the first; after the time, the last."""
    total = seconds * NS
    elapsed = min(max(0, elapsed_ns), total)
    return min(steps, elapsed * steps // total + 1)


def points_at(points: int, step: int, steps: int) -> int:
    """`points` x (steps - step + 1) / steps, rounded half up in whole numbers: 10 points in
    4 steps pay 10, 8, 5, 3 (7.5 and 2.5 round up)."""
    return (2 * points * (steps - step + 1) + steps) // (2 * steps)


def uncovered(steps: int) -> list[int]:
    """Tiles uncovered at each step (index 0: step 1): `TILES` x k / steps rounded half up,
    at least one at step 1, all at the last."""
    return [max(1, (2 * TILES * k + steps) // (2 * steps)) for k in range(1, steps + 1)]


def blurs(steps: int) -> list[float]:
    """The blur at each step, in hundredths of the picture's width: `MOST_BLUR` at step 1,
    falling evenly to 0 (sharp) at the last."""
    return [round(MOST_BLUR * (steps - k) / (steps - 1), 2) for k in range(1, steps + 1)]


def tile_order(seed: int, request_id: str) -> list[int]:
    """The order the tiles come off in: a shuffle from the game's seed and the question's
    request, so a replay and every screen show the same."""
    order, _ = shuffled(derive(seed, f"reveal:{request_id}"), range(TILES))
    return order


def score(plan: RoundPlan, asked: Asked, elapsed_ns: int, base: int) -> tuple[int, int]:
    """(points, step) of an answer locked in `elapsed_ns` after the question's zero: its base
    points (the round's, or a number's or an order's share) scaled by the step."""
    step = step_at(elapsed_ns, plan.seconds, plan.reveal_steps)
    return points_at(base, step, plan.reveal_steps), step


def outcome_extra(plan: RoundPlan, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The reveal's summary: the points at each step and how many right teams locked in at
    each (the projector's "step 2/4: 8 points, 3 teams")."""
    steps = plan.reveal_steps
    right = [0] * steps
    for row in rows:
        if row["right"]:
            right[row["reveal_step"] - 1] += 1
    return {"reveal": {"steps": steps, "points": [points_at(plan.points, k, steps)
                                                 for k in range(1, steps + 1)],
                       "right": right}}


def room(state: QuizState) -> dict[str, Any] | None:
    """The room's part while a question is revealed by steps: its style, the steps' points,
    the tiles' order and how many each step uncovers (tiles), or its blurs (blur). Nothing
    of the picture itself: the projector has its URL in the question."""
    asked = state.asked
    if state.stage not in ("answering", "review", "reveal") or not applies(state.plan, asked):
        return None
    assert asked is not None
    plan = state.plan
    steps = plan.reveal_steps
    shown: dict[str, Any] = {"steps": steps, "style": plan.reveal_style,
                             "points": [points_at(plan.points, k, steps)
                                        for k in range(1, steps + 1)]}
    if plan.reveal_style == "tiles":
        shown.update(columns=COLUMNS, rows=ROWS, order=tile_order(state.seed, asked.request_id),
                     uncovered=uncovered(steps))
    else:
        shown["blur"] = blurs(steps)
    return shown


def phone_question(room: dict[str, Any]) -> dict[str, Any] | None:
    """The phones' question while a picture is being revealed: without its picture (no URL
    reaches a phone before the reveal); None: the room's question as it is."""
    question = room.get("question")
    if not question or not room.get("reveal") or room.get("stage") == "reveal":
        return None
    return {k: v for k, v in question.items() if k not in ("image", "image_on_phones")}
