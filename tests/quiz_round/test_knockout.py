"""The knock-out round (issue 44, point 3): a wrong or missing answer puts a team out until the
round ends, and its answers are refused with why; the answers close once every team still in
has answered; if all the teams still in fall on one question, none does; the round ends at
the reveal that leaves the host's number of teams in (or when its questions run out), and
they earn the bonus; the next round has everyone back. Then a real Session: the knock-outs
replay from the journal, and an undo decides them again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games.contract import BadSettings, OutOfTurn
from host.messages import text as message_text
from host.quiz_round.state import QuizState, parse_settings
from host.room.hub import Hub
from host.session.core import HOST, Origin
from host.store.journal import Journal
from host.store.replay import rebuild
from tests.quiz_round.helpers import GAME, S, answer, ask, choice_q, row, start
from tests.synthetic import synthetic_bank


def reveal(state: QuizState, answers: dict[int, int], right: int = 1) -> QuizState:
    if state.stage == "reveal":
        state = GAME.apply(state, {"type": "next"})
    state = ask(state, choice_q(answer=right))
    for seat, value in answers.items():
        state = answer(state, seat, value, t_ns=S)
    return GAME.apply(state, {"type": "close"}) if state.stage == "answering" else state


def knockout(teams: int = 4, questions: int = 4, rounds: int = 1, **settings: Any) -> QuizState:
    return start(teams, rounds=rounds, questions=questions, speed_bonus=0, mix="choice",
                 knockout=True, **settings)


def test_a_wrong_or_missing_answer_is_out_until_the_round_ends() -> None:
    state = knockout()
    state = reveal(state, {0: 1, 1: 2, 2: 1})  # seat 1 wrong, seat 3 silent: both out
    assert state.out == ((1, 0), (3, 0))
    assert row(state, 1)["out"] is True and "out" not in row(state, 0)
    assert state.outcome is not None and state.outcome["knockout"] == {
        "fell": ["Team 1", "Team 3"], "fell_count": 2, "all_stay": False, "in": 2,
        "over": False}
    assert GAME.view(state, "seat:1")["you"]["knockout"] == {"out": True, "at": 1}
    assert GAME.view(state, "seat:0")["you"]["knockout"] == {"out": False, "at": None}
    board = {p["seat"]: p for p in GAME.view(state, "screen")["players"]}
    assert board[1]["out"] is True and board[0]["in"] is True
    assert GAME.view(state, "screen")["knockout"] == {"survivors": 1, "bonus": 20, "in": 2,
                                                      "out": 2}
    state = ask(GAME.apply(state, {"type": "next"}), choice_q())
    before = GAME.to_json(state)
    with pytest.raises(OutOfTurn, match="out until the round ends"):
        answer(state, 1, 1)
    assert GAME.to_json(state) == before and GAME.legal_actions(state, 1) == []
    state = answer(answer(state, 0, 1), 2, 1)
    assert state.stage == "reveal"  # every team still in has answered: closed at once


def test_the_round_ends_when_the_host_s_number_remain_and_they_earn_the_bonus() -> None:
    state = knockout(teams=4, questions=5, rounds=2, knockout_survivors=2, knockout_bonus=15)
    state = reveal(state, {0: 1, 1: 1, 2: 1, 3: 2})  # 3 in
    state = reveal(state, {0: 1, 1: 2, 2: 1})  # 2 in: the round is won
    assert state.outcome is not None and state.outcome["knockout"]["over"] is True
    assert state.outcome["knockout"]["survivors"] == ["Team 0", "Team 2"]
    assert row(state, 0)["survivor"] == 15
    assert state.scores == (35, 10, 35, 0)
    state = GAME.apply(state, {"type": "next"})
    assert state.stage == "board" and state.round_end  # after 2 of its 5 questions
    state = GAME.apply(state, {"type": "next"})
    assert state.stage == "intro" and state.round == 1 and state.out == ()  # all back in
    assert GAME.view(state, "seat:3")["you"]["knockout"] == {"out": False, "at": None}


def test_all_the_teams_still_in_wrong_on_one_question_stay_in() -> None:
    state = knockout(teams=3, questions=3)
    state = reveal(state, {0: 1, 1: 1, 2: 2})  # seat 2 out
    state = reveal(state, {0: 2, 1: 3})  # both still in are wrong: nobody falls
    assert state.out == ((2, 0),)
    assert state.outcome is not None and state.outcome["knockout"]["all_stay"] is True
    state = reveal(state, {0: 1, 1: 1})  # the questions run out: both survive
    assert state.outcome is not None and state.outcome["knockout"]["over"] is True
    assert state.scores == (40, 40, 0)  # 10 + 0 + 10 and the bonus


def test_a_knock_out_round_s_bonus_is_kept_by_a_void_and_nobody_comes_back() -> None:
    state = knockout(teams=2, questions=3)
    state = reveal(state, {0: 1, 1: 2})  # seat 1 out: the round is won
    assert state.scores == (30, 0)
    state = GAME.apply(state, {"type": "void", "question": 0, "reason": "two answers"})
    assert state.scores == (20, 0) and state.out == ((1, 0),)


def test_the_knock_out_settings_are_checked() -> None:
    with pytest.raises(BadSettings, match="knockout_survivors"):
        parse_settings({"knockout": True, "knockout_survivors": 0})
    with pytest.raises(BadSettings, match="knockout_bonus"):
        parse_settings({"plan": [{"knockout": True, "knockout_bonus": -1}]})
    with pytest.raises(BadSettings, match="a buzz round cannot be"):
        parse_settings({"plan": [{"knockout": True, "mix": "buzz"}]})
    fr = message_text("bad_settings", "round 2: a knock-out round cannot be a wipeout or "
                                      "double-or-nothing round")["fr"]
    assert "élimination" in fr and "knock" not in fr
    plan = parse_settings({"plan": [{"knockout": True, "knockout_survivors": 3}, {}]})
    assert plan.rounds[0].knockout_survivors == 3 and not plan.rounds[1].knockout


def test_the_out_refusal_has_its_french() -> None:
    text = message_text("out_of_turn", "your team is out until the round ends")
    assert text["fr"] == "Votre équipe est éliminée jusqu’à la fin de la manche."


# -- through the Session: journaled, undone, replayed ---------------------------


def test_knock_outs_replay_and_an_undo_decides_them_again(tmp_path: Path) -> None:
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal(tmp_path / "knockout.sqlite")
    hub = Hub(journal, synthetic_bank(20), publish=None, clock=clock,
              scheduler_factory=lambda: scheduler, threaded=False)
    session = hub.create_game("quiz-round", [{"name": n} for n in ("Ana", "Bob", "Chloé")],
                              settings={"intro_seconds": 0, "reveal_seconds": 0, "rounds": 1,
                                        "questions": 3, "mix": "choice", "knockout": True},
                              seed=5)
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok
    seat = [Origin("seat", n, "phone") for n in range(3)]
    right = session.state.asked.content["answer"]
    wrong = (right + 1) % len(session.state.asked.content["options"])
    assert session.submit(seat[0], {"type": "answer", "seat": 0, "value": right,
                                    "t_ns": clock.now_ns()}).ok
    assert session.submit(seat[1], {"type": "answer", "seat": 1, "value": wrong,
                                    "t_ns": clock.now_ns()}).ok
    assert session.submit(HOST, {"type": "close"}).ok  # seats 1 and 2 out: the round is won
    assert session.state.out == ((1, 0), (2, 0))
    assert session.submit(HOST, {"type": "undo"}).ok  # the close: the question reopens
    assert session.state.stage == "answering" and session.state.out == ()
    assert session.submit(seat[2], {"type": "answer", "seat": 2, "value": right,
                                    "t_ns": clock.now_ns()}).ok  # all in: revealed
    assert session.state.out == ((1, 0),) and session.state.stage == "reveal"
    assert session.submit(HOST, {"type": "next"}).ok
    refused = session.submit(seat[1], {"type": "answer", "seat": 1, "value": right,
                                       "t_ns": clock.now_ns()}).as_json()
    assert not refused["ok"] and "éliminée" in refused["text"]["fr"]
    assert "out until the round ends" in refused["text"]["en"]
    rebuilt = rebuild(session.game, journal.game(session.id).config,  # type: ignore[union-attr]
                      journal.rows(session.id))
    assert session.game.to_json(rebuilt.state) == session.game.to_json(session.state)
    journal.close()
