"""Catch-up (issue 44, point 4): a handicap for the trailing teams given once as the
half-time round closes (round n / 2, or ceil(n / 2) of an odd plan): the bottom third (ties
at the border in, never a team level with the leader) or points per place behind the
leader (capped at the gap); shown on the board, the title card and the phones; journaled
with the step that gives it and taken back by undoing that `next`; refusals in French."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games.contract import BadSettings
from host.messages import text as message_text
from host.quiz_round import catchup
from host.quiz_round.state import QuizState, parse_settings
from host.room.hub import Hub
from host.session.core import HOST
from host.store.journal import Journal
from host.store.replay import rebuild
from tests.quiz_round.helpers import GAME, answer, ask, choice_q, start
from tests.synthetic import synthetic_bank


@pytest.mark.parametrize(("rounds", "half"), [(1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (20, 10)])
def test_half_time_closes_round_n_over_2_or_the_middle_one(rounds: int, half: int) -> None:
    assert catchup.half_time(rounds) == half


@pytest.mark.parametrize(("scores", "given"), [
    ((60, 50, 40, 30, 20, 10), {4, 5}),  # 6 teams: the last two
    ((30, 20, 10, 10, 10, 40), {2, 3, 4}),  # a tie at the border takes every tied team in
    ((10, 0), {1}), ((10, 5, 5), {1, 2}), ((9, 8, 7, 6), {3}),
    ((5, 5), set()), ((0, 0, 0), set()),  # all level: nobody trails
    ((10, 10, 0), {2}),
])
def test_the_bottom_third_with_ties(scores: tuple[int, ...], given: set[int]) -> None:
    assert catchup.bottom_third(scores, 5) == {seat: 5 for seat in given}


@pytest.mark.parametrize(("scores", "given"), [
    ((30, 20, 20, 10, 0), {1: 5, 2: 5, 3: 15, 4: 20}),  # places 1, 2, 2, 4, 5
    ((30, 28, 0), {1: 2, 2: 10}),  # never past the leader: capped at the gap
    ((30, 30, 0), {2: 10}),  # a team level with the leader gets nothing
    ((7, 7), {}),
])
def test_points_per_place_behind_the_leader_capped_at_the_gap(scores: tuple[int, ...],
                                                              given: dict[int, int]) -> None:
    assert catchup.per_place(scores, 5) == given


def to_board(state: QuizState, scores: tuple[int, ...]) -> QuizState:
    """Play the round's one question, then its board, with the teams on `scores`."""
    state = ask(state, choice_q(answer=1))
    state = GAME.apply(answer(state, 0, 1), {"type": "close"})
    state = GAME.apply(state, {"type": "next"})
    assert state.stage == "board" and state.round_end
    return replace(state, scores=scores)


def test_the_catch_up_is_given_as_the_half_time_board_ends_and_shown_as_what_it_is() -> None:
    state = start(teams=4, rounds=2, questions=1, catch_up="bottom_third", catch_up_points=7)
    intro = GAME.view(state, "screen")["catch_up"]
    assert intro == {"rule": "bottom_third", "points": 7, "after_round": 1, "done": False,
                     "teams": [], "count": 0}
    state = to_board(state, (30, 20, 10, 10))
    soon = GAME.view(state, "screen")["catch_up"]  # the half-time board: whom it will give to
    assert not soon["done"] and [t["seat"] for t in soon["teams"]] == [2, 3]
    assert state.scores == (30, 20, 10, 10)
    state = GAME.apply(state, {"type": "next"})
    assert state.stage == "intro" and state.round == 1
    assert state.scores == (30, 20, 17, 17) and state.catch_up == ((2, 7), (3, 7))
    screen = GAME.view(state, "screen")
    assert screen["catch_up"]["done"] and screen["catch_up"]["count"] == 2
    rows = {p["seat"]: p for p in screen["players"]}
    assert (rows[2]["catch_up"], rows[2]["round"], rows[0]["catch_up"]) == (7, 0, 0)
    assert GAME.view(state, "seat:3")["you"]["catch_up"] == 7
    assert GAME.view(state, "seat:0")["you"]["catch_up"] == 0


def test_an_odd_plan_s_catch_up_follows_its_middle_round_and_comes_once() -> None:
    state = start(teams=3, rounds=3, questions=1, catch_up="per_place", catch_up_points=4)
    state = GAME.apply(to_board(state, (9, 5, 0)), {"type": "next"})
    assert state.scores == (9, 5, 0) and state.catch_up == ()  # round 1 of 3: not yet
    state = GAME.apply(to_board(state, (9, 5, 0)), {"type": "next"})
    assert state.scores == (9, 9, 8) and state.catch_up == ((1, 4), (2, 8))
    state = GAME.apply(to_board(state, (9, 9, 8)), {"type": "next"})
    assert state.stage == "over" and state.scores == (9, 9, 8)


def test_without_boards_the_catch_up_comes_with_the_next_round() -> None:
    state = start(teams=2, rounds=2, questions=1, leaderboard="end", catch_up="bottom_third")
    state = ask(state, choice_q(answer=1))
    state = GAME.apply(answer(answer(state, 0, 1), 1, 0), {"type": "next"})
    assert state.stage == "intro" and state.scores == (15, 5) and state.catch_up == ((1, 5),)


@pytest.mark.parametrize(("settings", "why"), [
    ({"rounds": 1, "catch_up": "bottom_third"},
     "a catch-up comes at half-time: it needs 2 rounds or more"),
    ({"catch_up": "sometimes"}, "setting 'catch_up' is one of off, bottom_third, per_place"),
    ({"catch_up": "per_place", "catch_up_points": 0},
     "setting 'catch_up_points' is a whole number from 1 to 1000"),
])
def test_a_bad_catch_up_is_refused_with_its_french(settings: dict[str, Any], why: str) -> None:
    with pytest.raises(BadSettings, match=why):
        parse_settings(settings)
    words = message_text("illegal", why)
    assert words["fr"] and words["fr"] != words["en"]


def test_the_catch_up_is_journaled_undone_with_its_next_and_replayed(tmp_path: Path) -> None:
    clock = VirtualClock()
    journal = Journal(tmp_path / "catch.sqlite")
    hub = Hub(journal, synthetic_bank(20), publish=None, clock=clock,
              scheduler_factory=lambda: VirtualScheduler(clock), threaded=False)
    session = hub.create_game("quiz-round", [{"name": n} for n in ("Ana", "Bob", "Chloé")],
                              seed=3, settings={"rounds": 2, "questions": 1, "mix": "choice",
                                                "catch_up": "per_place", "catch_up_points": 3,
                                                "intro_seconds": 0, "reveal_seconds": 0,
                                                "board_seconds": 0})
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok  # title card -> the question
    assert session.submit(HOST, {"type": "adjust", "seat": 0, "points": 10, "reason": "x"}).ok
    assert session.submit(HOST, {"type": "adjust", "seat": 1, "points": 4, "reason": "x"}).ok
    assert session.submit(HOST, {"type": "close"}).ok
    assert session.submit(HOST, {"type": "next"}).ok  # the half-time board
    assert session.state.stage == "board"
    assert session.submit(HOST, {"type": "next"}).ok  # round 2: the catch-up given
    assert session.state.scores == (10, 7, 6) and session.state.catch_up == ((1, 3), (2, 6))
    rebuilt = rebuild(session.game, journal.game(session.id).config,  # type: ignore[union-attr]
                      journal.rows(session.id))
    assert rebuilt.state.scores == (10, 7, 6)
    assert session.submit(HOST, {"type": "undo"}).ok  # the half-time board's next
    assert session.state.stage == "board" and session.state.scores == (10, 4, 0)
    assert session.state.catch_up == ()
    journal.close()
