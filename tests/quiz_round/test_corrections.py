"""Correcting after the reveal without undo (issue 48): the host changes a typed ruling or
voids a question at its reveal or later, with a reason; the scores follow, the questions
asked since keep their answers, the board lists the correction with its reason; through a
real Session the corrections are journaled, replayed, and the host's undo takes them back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games.contract import BadEvent, OutOfTurn, StaleEvent
from host.quiz_round.corrections import on_void
from host.quiz_round.state import from_json, to_json
from host.room.hub import Hub
from host.session.core import HOST, Origin
from host.store.journal import Journal
from host.store.replay import rebuild
from tests.quiz_round.helpers import GAME, S, answer, ask, choice_q, start
from tests.quiz_round.test_typed import text_q, typed
from tests.synthetic import synthetic_bank

WHY = "orthographe acceptée"


def revealed_typed(**settings: Any) -> Any:
    """A typed question revealed: seat 0 right, seat 1 typed "loutre" (wrong), seat 2 a
    different wrong answer; then the next question asked and answered by seat 2."""
    state = ask(start(3, mix="text", questions=3, reveal_seconds=0, **settings), text_q())
    for seat, text in enumerate(("castor", "loutre", "chat")):
        state = typed(state, seat, text, t_ns=(seat + 1) * S)
    state = GAME.apply(state, {"type": "next"})  # the review: reveal
    assert state.stage == "reveal" and state.scores[1] == 0
    state = GAME.apply(state, {"type": "next"})
    state = ask(state, text_q(answer="Le hibou", accept=()), at=100 * S)
    return typed(state, 2, "hibou", t_ns=101 * S)


def fix(state: Any, **event: Any) -> Any:
    return GAME.apply(state, {"type": "correct", "question": 0, "reason": WHY, **event})


def test_a_typed_ruling_corrected_later_scores_and_keeps_the_next_questions_answers() -> None:
    state = revealed_typed()
    before = state.scores
    state = fix(state, key="loutre", right=True)
    # 10 and the speed bonus at its lock-in (2 s of 20: 5 x 18/20 = 4.5, half up: 5)
    assert state.scores == (before[0], 15, before[2])
    assert state.stage == "answering" and state.asked.answer_of(2) is not None  # untouched
    fixes = GAME.view(state, "screen")["corrections"]
    assert fixes == [{"question": 1, "round": 1, "number": 1, "kind": "ruling", "reason": WHY,
                      "changes": [{"seat": 1, "name": "Team 1", "points": 15}]}]
    host = GAME.view(state, "host")["played"][0]
    assert host["question"] == 0 and {g["key"]: g["right"] for g in host["groups"]} == {
        "castor": True, "loutre": True, "chat": False}
    state = fix(state, key="castor", right=False)  # and the other way: points taken back
    assert state.scores == (0, 15, before[2])


def test_a_correction_at_the_reveal_shows_on_the_phones_verdict() -> None:
    state = ask(start(2, mix="text", reveal_seconds=0), text_q())
    state = typed(typed(state, 0, "castor", t_ns=S), 1, "loutre", t_ns=2 * S)
    state = GAME.apply(state, {"type": "next"})
    state = fix(state, key="loutre", right=True)
    assert state.stage == "reveal" and state.outcome["corrected"] == WHY
    assert GAME.view(state, "seat:1")["you"]["result"]["right"] is True


def test_a_joker_doubles_a_corrected_ruling() -> None:
    state = start(3, mix="text", questions=3, reveal_seconds=0)
    state = GAME.apply(state, {"type": "joker", "seat": 1})
    state = ask(state, text_q())
    for seat, text in enumerate(("castor", "loutre", "chat")):
        state = typed(state, seat, text, t_ns=(seat + 1) * S)
    state = GAME.apply(state, {"type": "next"})
    state = fix(state, key="loutre", right=True)
    assert state.scores[1] == 30 and state.outcome["rows"][1]["joker"] is True


def test_a_voided_question_takes_its_points_back_and_cannot_be_corrected_again() -> None:
    state = ask(start(3, questions=2, reveal_seconds=0, mix="choice"), choice_q(answer=1))
    state = answer(answer(answer(state, 0, 1), 1, 1), 2, 0)
    assert state.scores[0] > 0 and state.scores[1] > 0
    with pytest.raises(BadEvent, match="only a typed answer"):
        GAME.apply(state, {"type": "correct", "question": 0, "key": "x", "right": True,
                           "reason": "x"})
    with pytest.raises(BadEvent, match="reason"):
        GAME.apply(state, {"type": "void", "question": 0, "reason": " "})
    state = GAME.apply(state, {"type": "void", "question": 0, "reason": "mauvaise réponse"})
    assert state.scores == (0, 0, 0)
    assert state.outcome["void"] == "mauvaise réponse"
    assert all(r["points"] == 0 for r in state.outcome["rows"])
    with pytest.raises(StaleEvent, match="voided already"):
        GAME.apply(state, {"type": "void", "question": 0, "reason": "x"})
    with pytest.raises(BadEvent, match="no revealed question 1"):
        GAME.apply(state, {"type": "void", "question": 1, "reason": "x"})


def test_a_voided_buzz_question_gives_the_penalty_back() -> None:
    state = start(2, plan=[{"questions": 1, "mix": "buzz"}], buzz_penalty=4, reveal_seconds=0)
    state = ask(state, choice_q(answer=2), at=10 * S)
    state = GAME.apply(state, {"type": "buzz", "seat": 0, "t_ns": 11 * S})
    state = GAME.apply(state, {"type": "wrong", "t_ns": 12 * S})
    state = GAME.apply(state, {"type": "buzz", "seat": 1, "t_ns": 13 * S})
    state = GAME.apply(state, {"type": "right", "t_ns": 14 * S})
    assert state.scores == (-4, 10)
    state = GAME.apply(state, {"type": "void", "question": 0, "reason": "question mal lue"})
    assert state.scores == (0, 0)


def test_correcting_an_earlier_rounds_question_leaves_this_rounds_column() -> None:
    state = ask(start(2, rounds=2, questions=1, reveal_seconds=0, board_seconds=0,
                      mix="choice"), choice_q(answer=1))
    state = answer(answer(state, 0, 1), 1, 0)
    state = GAME.apply(state, {"type": "next"})  # the round's board
    state = GAME.apply(state, {"type": "next"})  # round 2's title card
    assert state.stage == "intro" and state.round == 1
    state = GAME.apply(state, {"type": "void", "question": 0, "reason": "doublon"})
    players = {p["seat"]: p for p in GAME.view(state, "screen")["players"]}
    assert players[0]["score"] == 0 and players[0]["round"] == 0
    assert from_json(to_json(state)) == state


def test_no_correction_once_the_quiz_is_over() -> None:
    state = revealed_typed()
    state = GAME.apply(state, {"type": "end"})
    with pytest.raises(StaleEvent):
        fix(state, key="loutre", right=True)
    with pytest.raises(OutOfTurn):
        on_void(state, {"type": "void", "question": 0, "reason": "x"})


def test_a_correction_is_journaled_replayed_and_undone(tmp_path: Path) -> None:
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal(tmp_path / "fix.sqlite")
    hub = Hub(journal, synthetic_bank(20, typed=5), publish=None, clock=clock,
              scheduler_factory=lambda: scheduler, threaded=False)
    session = hub.create_game("quiz-round", [{"name": "Ana"}, {"name": "Bob"}],
                              settings={"intro_seconds": 0, "reveal_seconds": 0,
                                        "mix": "text", "rounds": 1, "questions": 2}, seed=3)
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok  # the title card
    assert session.state.stage == "answering"
    for seat, text in ((0, "zzz"), (1, "qqq")):
        done = session.submit(Origin("seat", seat, "phone"), {
            "type": "answer", "seat": seat, "value": text, "t_ns": clock.now_ns()})
        assert done.ok, done
    assert session.submit(HOST, {"type": "next"}).ok  # reveal: both wrong
    assert session.state.scores == (0, 0)
    event = {"type": "correct", "question": 0, "key": "zzz", "right": True, "reason": WHY}
    assert session.submit(HOST, event).ok
    assert session.state.scores[0] >= 10
    rows = journal.rows(session.id)
    config = journal.game(session.id).config  # type: ignore[union-attr]
    again = rebuild(session.game, config, rows)  # a restart replays the correction
    assert session.game.to_json(again.state) == session.game.to_json(session.state)
    assert session.submit(HOST, {"type": "undo"}).ok
    assert session.state.scores == (0, 0) and session.state.corrections == ()
    journal.close()
