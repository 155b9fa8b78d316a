"""The streak bonus (issue 44, point 7): a right answer that makes a run of 3 or 4 right
answers in a row earns `streak_3`, of 5 or more `streak_5`; anything else breaks the run;
the joker does not double it; a buzz question leaves the runs alone; a correction keeps it
as paid and a void takes it back."""

from __future__ import annotations

from typing import Any

import pytest

from host.games.contract import BadSettings
from host.quiz_round.state import QuizState, parse_settings
from tests.quiz_round.helpers import GAME, S, answer, ask, choice_q, row


def game(**settings: Any) -> QuizState:
    return GAME.setup({"intro_seconds": 4, "rounds": 1, "questions": 7, "mix": "choice",
                       "speed_bonus": 0, "streak_3": 2, "streak_5": 5, "leaderboard": "end",
                       **settings}, [{"seat": i, "name": f"T{i}"} for i in range(2)], 1)


def play(state: QuizState, values: tuple[int, int], n: int) -> QuizState:
    state = ask(state, choice_q(answer=0, qid=f"c{n}"))
    state = answer(answer(state, 0, values[0], t_ns=S), 1, values[1], t_ns=S)
    assert state.stage == "reveal"
    return state


def test_runs_of_3_and_5_earn_their_bonus_and_a_miss_breaks_the_run() -> None:
    state = game()
    # seat 0 right every time; seat 1 right, right, wrong, right, right, right, right
    paid = []
    for n, wrong in enumerate((False, False, True, False, False, False, False)):
        state = play(state, (0, 1 if wrong else 0), n)
        paid.append((row(state, 0)["points"], row(state, 1)["points"]))
        state = GAME.apply(state, {"type": "next"})
    assert paid == [(10, 10), (10, 10), (12, 0), (12, 10), (15, 10), (15, 12), (15, 12)]
    assert state.runs == (7, 4)


def test_the_joker_doubles_the_points_not_the_streak_bonus() -> None:
    state = GAME.apply(game(), {"type": "joker", "seat": 0})
    for n in range(3):
        state = GAME.apply(play(state, (0, 1), n), {"type": "next"})
    assert state.scores == (20 + 20 + 20 + 2, 0)


def test_a_correction_keeps_the_streak_bonus_and_a_void_takes_it_back() -> None:
    state = game()
    for n in range(3):
        state = GAME.apply(play(state, (0, 1), n), {"type": "next"})
    assert state.scores == (32, 0)
    state = GAME.apply(state, {"type": "void", "question": 2, "reason": "bad question"})
    assert state.scores == (20, 0)
    assert state.runs == (3, 0)  # the run is not recounted (docs: corrections)


def test_no_streak_by_default_and_the_settings_are_checked() -> None:
    state = GAME.setup({"intro_seconds": 4, "mix": "choice", "speed_bonus": 0},
                       [{"seat": i, "name": f"T{i}"} for i in range(2)], 1)
    for n in range(3):
        state = GAME.apply(play(state, (0, 0), n), {"type": "next"})
    assert state.scores == (30, 30) and state.runs == (3, 3)
    with pytest.raises(BadSettings, match="streak_3"):
        parse_settings({"streak_3": -1})
    assert parse_settings({"plan": [{"streak_5": 8}]}).rounds[0].streak_5 == 8


def test_a_buzz_question_leaves_the_runs_as_they_were() -> None:
    state = GAME.setup({"intro_seconds": 4, "speed_bonus": 0, "streak_3": 2, "leaderboard": "end",
                        "plan": [{"questions": 2, "mix": "choice"},
                                 {"questions": 1, "mix": "buzz"},
                                 {"questions": 1, "mix": "choice"}]},
                       [{"seat": i, "name": f"T{i}"} for i in range(2)], 1)
    for n in range(2):
        state = GAME.apply(play(state, (0, 0), n), {"type": "next"})
    state = ask(state, choice_q(qid="b1"), at=0)
    state = GAME.apply(state, {"type": "buzz", "seat": 1, "t_ns": S})
    settle = GAME.timer(state)
    while settle is not None and settle.label == "settle":  # the slowest phone's wait
        state = GAME.apply(state, {"type": "timeout", "timer": settle.timer_id})
        settle = GAME.timer(state)
    state = GAME.apply(state, {"type": "right", "t_ns": 2 * S})
    assert state.stage == "reveal" and state.runs == (2, 2)
    state = GAME.apply(state, {"type": "next"})
    state = play(state, (0, 0), 9)
    assert row(state, 0)["points"] == 12 and row(state, 0)["streak"] == 3
