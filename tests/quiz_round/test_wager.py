"""Wager questions (issue 44, point 1): each team stakes before the question shows, from 0
to its score (the floor when that is more, never above the cap); right wins the stake,
wrong or no answer loses it; every refused stake changes nothing. Then a real Session: the
stakes are journaled, kept by an undo of a later decision, dropped with a notice when their
wager stage is taken back, and the game replays from its journal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games.contract import BadEvent, BadSettings, GameError, OutOfTurn, StaleEvent
from host.messages import text as message_text
from host.quiz_round.state import QuizState, parse_settings
from host.room.hub import Hub
from host.session.core import HOST, Origin
from host.store.journal import Journal
from host.store.replay import rebuild
from tests.quiz_round.helpers import GAME, S, answer, choice_q, row
from tests.synthetic import synthetic_bank


def st(session: Any) -> QuizState:
    assert session.state is not None
    return session.state


def stake(state: QuizState, seat: int, points: Any) -> QuizState:
    return GAME.apply(state, {"type": "stake", "seat": seat, "points": points})


def wager_game(teams: int = 3, scores: tuple[int, ...] = (), **settings: Any) -> QuizState:
    """A wager round's first question, at its wager stage, the teams on `scores`."""
    from dataclasses import replace

    state = GAME.setup({"intro_seconds": 4, "wager": True, "questions": 2, "rounds": 1,
                        **settings}, [{"seat": i, "name": f"T{i}"} for i in range(teams)], 1)
    if scores:
        state = replace(state, scores=scores)
    state = GAME.apply(state, {"type": "next"})
    assert state.stage == "wager"
    return state


def show(state: QuizState, question: dict[str, Any]) -> QuizState:
    if state.stage == "wager":
        state = GAME.apply(state, {"type": "next"})
    request = GAME.needs(state)
    assert request is not None and state.stage == "drawing"
    return GAME.apply(state, {"type": "question", "request_id": request.request_id,
                              "question": question, "t_ns": 0})


def test_a_wager_round_asks_the_stakes_before_the_question_is_drawn() -> None:
    state = wager_game(scores=(50, 20, 0))
    assert GAME.needs(state) is None  # nothing of the question exists while teams bet
    timer = GAME.timer(state)
    assert timer is not None and timer.label == "wager" and timer.seconds == 20
    assert GAME.legal_actions(state, 0) == [
        {"type": "stake", "seat": 0, "points": p} for p in (0, 25, 50)]
    screen = GAME.view(state, "screen")
    assert screen["stage"] == "wager" and screen["question"] is None
    assert screen["wager"] == {"floor": 10, "cap": 0, "staked": 0}
    assert GAME.view(state, "seat:2")["you"]["wager"] == {"stake": None, "most": 10}


def test_right_wins_the_stake_wrong_and_no_answer_lose_it() -> None:
    state = wager_game(teams=4, scores=(50, 20, 0, 30), speed_bonus=5)
    state = stake(stake(stake(state, 0, 40), 1, 20), 2, 10)
    assert state.stage == "wager"  # seat 3 has not staked yet
    screen = GAME.view(state, "screen")
    assert screen["wager"]["staked"] == 3 and "40" not in str(screen["wager"])
    state = show(state, choice_q(answer=1))
    state = answer(state, 0, 1, t_ns=S)  # right: +40, no speed bonus on a stake
    state = answer(state, 1, 2, t_ns=S)  # wrong: -20
    state = answer(state, 3, 1, t_ns=S)  # right with no stake (0): nothing
    state = GAME.apply(state, {"type": "close"})  # seat 2 staked 10 and gave no answer
    assert state.scores == (90, 0, -10, 30)
    assert row(state, 0)["points"] == 40 and row(state, 0)["bonus"] == 0
    assert row(state, 2)["value"] is None and row(state, 2)["points"] == -10
    outcome = GAME.view(state, "screen")["outcome"]
    assert [(s["name"], s["stake"], s["points"]) for s in outcome["stakes"]] == [
        ("T0", 40, 40), ("T1", 20, -20), ("T2", 10, -10)]
    assert outcome["counts"] == [0, 2, 1, 0] and outcome["answered"] == 3
    assert GAME.view(state, "seat:2")["you"]["result"]["points"] == -10


def test_a_joker_does_not_double_a_stake() -> None:
    state = GAME.setup({"intro_seconds": 4, "wager": True, "rounds": 1, "questions": 1},
                       [{"seat": i, "name": f"T{i}"} for i in range(2)], 1)
    state = GAME.apply(state, {"type": "joker", "seat": 0})
    state = GAME.apply(state, {"type": "next"})
    state = stake(state, 0, 10)  # the floor, on 0 points
    state = show(state, choice_q(answer=0))
    state = answer(state, 0, 0)
    state = GAME.apply(state, {"type": "close"})
    assert state.scores == (10, 0)


def test_everyone_staked_draws_the_question_at_once() -> None:
    state = wager_game(teams=2, scores=(5, 5))
    state = stake(stake(state, 0, 5), 1, 0)
    assert state.stage == "drawing"


@pytest.mark.parametrize("points, why", [
    (51, "your stake is at most 50 points"), (-1, "a stake is a whole number of points, from 0"),
    ("10", "a stake is a whole number of points, from 0"),
    (True, "a stake is a whole number of points, from 0")])
def test_a_bad_stake_is_refused_and_changes_nothing(points: Any, why: str) -> None:
    state = wager_game(scores=(50, 0, 0))
    with pytest.raises(BadEvent, match=why):
        stake(state, 0, points)
    assert GAME.view(state, "screen")["wager"]["staked"] == 0


def test_the_floor_and_the_cap_bound_the_stake() -> None:
    state = wager_game(scores=(500, 3, -20), wager_floor=15, wager_cap=100)
    assert [GAME.view(state, f"seat:{s}")["you"]["wager"]["most"] for s in range(3)] == [
        100, 15, 15]
    with pytest.raises(BadEvent, match="at most 100"):
        stake(state, 0, 101)
    with pytest.raises(BadEvent, match="at most 15"):
        stake(state, 1, 16)
    state = stake(state, 2, 15)
    assert state.stakes == ((2, 15),)


def test_a_second_stake_a_late_stake_and_a_stake_off_a_wager_round_are_refused() -> None:
    state = stake(wager_game(scores=(50, 0, 0)), 0, 10)
    with pytest.raises(StaleEvent, match="already locked in its stake"):
        stake(state, 0, 5)
    shown = show(state, choice_q())
    with pytest.raises(StaleEvent, match="stakes are closed: the question is out"):
        stake(shown, 1, 0)
    assert shown.asked is not None and shown.asked.stakes == ((0, 10),)
    plain = GAME.apply(GAME.setup({}, [{"seat": i, "name": "x"} for i in range(2)], 1),
                       {"type": "next"})
    with pytest.raises(OutOfTurn, match="no stake is asked now"):
        stake(plain, 0, 0)


@pytest.mark.parametrize("reason", [
    "your stake is at most 50 points", "a stake is a whole number of points, from 0",
    "stakes are closed: the question is out", "no stake is asked now",
    "your team has already locked in its stake"])
def test_every_stake_refusal_has_its_french(reason: str) -> None:
    text = message_text("illegal", reason)
    assert text["fr"] and text["fr"] != text["en"] and "stake" not in text["fr"]


def test_a_buzz_round_takes_no_stakes() -> None:
    with pytest.raises(BadSettings, match="buzz round takes no stakes"):
        parse_settings({"plan": [{"mix": "buzz", "wager": True}]})
    with pytest.raises(BadSettings, match="true or false"):
        parse_settings({"wager": 1})
    assert parse_settings({"plan": [{"wager": True, "wager_cap": 50}, {}]}).rounds[1].wager is False


# -- through the Session: journaled, undone, replayed ---------------------------


def test_stakes_are_journaled_kept_by_undo_and_dropped_with_a_notice(tmp_path: Path) -> None:
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal(tmp_path / "wager.sqlite")
    hub = Hub(journal, synthetic_bank(20), publish=None, clock=clock,
              scheduler_factory=lambda: scheduler, threaded=False)
    session = hub.create_game("quiz-round", [{"name": n} for n in ("Ana", "Bob", "Chloé")],
                              settings={"intro_seconds": 0, "reveal_seconds": 0, "rounds": 1,
                                        "questions": 2, "mix": "choice", "wager": True,
                                        "wager_seconds": 0}, seed=5)
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok  # title card -> wager stage
    seat = [Origin("seat", n, "phone") for n in range(3)]
    assert session.submit(seat[0], {"type": "stake", "seat": 0, "points": 10}).ok
    assert session.submit(HOST, {"type": "adjust", "seat": 1, "points": 15, "reason": "x"}).ok
    assert session.submit(seat[1], {"type": "stake", "seat": 1, "points": 15}).ok  # its 15
    assert session.submit(seat[2], {"type": "stake", "seat": 2, "points": 5}).ok
    assert session.submit(HOST, {"type": "undo"}).ok  # the score edit, made before two stakes
    # seat 2's stake still applies and is kept; seat 1's 15 was within its score only by
    # the edit (the floor is 10): it no longer applies, and its phone says so
    assert st(session).stakes == ((0, 10), (2, 5)) and st(session).scores == (0, 0, 0)
    assert "mise" in session.view("seat:1")["view"]["undone"]["fr"]
    refused = session.submit(seat[0], {"type": "stake", "seat": 0, "points": 3}).as_json()
    assert not refused["ok"] and "déjà" in refused["text"]["fr"]
    assert session.submit(seat[1], {"type": "stake", "seat": 1, "points": 10}).ok
    assert st(session).stage == "answering"  # every team staked: the question at once
    late = session.submit(seat[2], {"type": "stake", "seat": 2, "points": 0}).as_json()
    assert not late["ok"] and "question" in late["text"]["fr"]
    asked = st(session).asked
    assert asked is not None
    right = asked.content["answer"]
    for n in range(3):
        done = session.submit(seat[n], {"type": "answer", "seat": n, "value": right,
                                        "t_ns": clock.now_ns()})
        assert done.ok
    assert st(session).stage == "reveal" and st(session).scores == (10, 10, 5)
    assert session.submit(HOST, {"type": "next"}).ok  # question 2's wager stage
    assert st(session).stage == "wager" and st(session).number == 1
    assert session.submit(seat[2], {"type": "stake", "seat": 2, "points": 10}).ok
    assert session.submit(HOST, {"type": "undo"}).ok  # that next: the stake's stage is gone
    assert st(session).stage == "reveal"
    told = session.view("seat:2")["view"]["undone"]
    assert "mise" in told["fr"] and "stake" in told["en"]
    again = rebuild(session.game, journal.game(session.id).config,  # type: ignore[union-attr]
                    journal.rows(session.id))
    assert session.game.to_json(again.state) == session.game.to_json(session.state)
    with pytest.raises(GameError):  # the stake no longer applies: a reveal is on
        session.game.apply(session.state, {"type": "stake", "seat": 2, "points": 10})
    journal.close()
