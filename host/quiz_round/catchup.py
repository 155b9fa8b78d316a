"""Catch-up: a handicap for the trailing teams at half-time, so most of the room is still in
it (SpeedQuizzing's handicaps; docs/rules/quiz-round.md, "Catch-up").

The game's `catch_up` rule is given once, as the half-time round closes (the round
ceil(n / 2) of n, the one the half-time board follows): in the engine's step from that
round to the next (the board's timeout or the host's next), so it is journaled with it and
an undo of that `next` takes it back. Two rules, on the standings as the round closes:

- `bottom_third`: each team with fewer than max(1, teams // 3) teams strictly below it gets
  `catch_up_points` (a tie at the border takes every tied team in), but never a team level
  with the leader (when all are level nobody trails);
- `per_place`: each team gets `catch_up_points` x (its place - 1) (competition ranking:
  tied teams share a place), never more than its gap to the leader: a handicap brings a
  team level with the leader at most, never past it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from host.games.ranking import by_score
from host.quiz_round.state import QuizState

RULES = ("off", "bottom_third", "per_place")
SHOWN = 40  # the teams the room's list names, most points first (the board's 40)


def half_time(rounds: int) -> int:
    """The round (1-based) that closes the first half: n / 2 of an even plan, the middle
    one, ceil(n / 2), of an odd one; 0: no half-time (one round)."""
    return (rounds + 1) // 2 if rounds > 1 else 0


def bottom_third(scores: tuple[int, ...], points: int) -> dict[int, int]:
    """seat -> points of the `bottom_third` rule (only the teams it gives to)."""
    best = max(scores, default=0)
    wanted = max(1, len(scores) // 3)
    given = {}
    for seat, score in enumerate(scores):
        below = sum(1 for other in scores if other < score)
        if below < wanted and score < best:
            given[seat] = points
    return given


def per_place(scores: tuple[int, ...], points: int) -> dict[int, int]:
    """seat -> points of the `per_place` rule (only the teams it gives to)."""
    _, place = by_score(scores)
    best = max(scores, default=0)
    given = {}
    for seat, score in enumerate(scores):
        extra = min(points * (place[seat] - 1), best - score)
        if extra > 0:
            given[seat] = extra
    return given


def handicaps(rule: str, scores: tuple[int, ...], points: int) -> dict[int, int]:
    if rule == "bottom_third":
        return bottom_third(scores, points)
    if rule == "per_place":
        return per_place(scores, points)
    return {}


def is_half_time(state: QuizState) -> bool:
    """The round now closing is the half-time one."""
    return state.round + 1 == half_time(len(state.settings.rounds))


def at_half_time(state: QuizState) -> QuizState:
    """The state as the round now closing ends: the catch-up given when it is the half-time
    round and the game has a rule (scores and `catch_up` changed), else as it is."""
    settings = state.settings
    if settings.catch_up == "off" or not is_half_time(state):
        return state
    given = handicaps(settings.catch_up, state.scores, settings.catch_up_points)
    scores = tuple(score + given.get(seat, 0) for seat, score in enumerate(state.scores))
    return replace(state, scores=scores, catch_up=tuple(sorted(given.items())))


def given_now(state: QuizState) -> bool:
    return state.round >= half_time(len(state.settings.rounds)) > 0


def room(state: QuizState) -> dict[str, Any] | None:
    """The room's part: the rule, its points, the round it follows, and once given each team
    it gave to; before, on the half-time board, who it would give to as things stand."""
    settings = state.settings
    if settings.catch_up == "off":
        return None
    done = given_now(state)
    if done:
        given = dict(state.catch_up)
    elif is_half_time(state) and state.stage == "board" and state.round_end:
        given = handicaps(settings.catch_up, state.scores, settings.catch_up_points)
    else:
        given = {}
    return {"rule": settings.catch_up, "points": settings.catch_up_points,
            "after_round": half_time(len(settings.rounds)), "done": done,
            "teams": [{"seat": seat, "name": state.names[seat], "points": points}
                      for seat, points in sorted(given.items(),
                                                 key=lambda g: (-g[1], g[0]))[:SHOWN]],
            "count": len(given)}


def of_seat(state: QuizState, seat: int) -> int:
    """What the catch-up gave this team (0: nothing, or not given yet)."""
    return dict(state.catch_up).get(seat, 0) if given_now(state) else 0
