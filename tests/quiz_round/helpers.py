"""Small builders for the quiz round's rule tests: a game, questions, answers."""

from __future__ import annotations

from typing import Any

from host.quiz_round.game import QuizRoundGame
from host.quiz_round.state import QuizState

GAME = QuizRoundGame()
S = 1_000_000_000


def start(teams: int = 3, **settings: Any) -> QuizState:
    seats = [{"seat": i, "name": f"Team {i}"} for i in range(teams)]
    return GAME.setup({"intro_seconds": 4, **settings}, seats, seed=1)


def choice_q(answer: int = 1, options: int = 4, qid: str = "c1") -> dict[str, Any]:
    return {"id": qid, "kind": "choice", "prompt": "Which?", "answer": answer,
            "options": [f"opt {i}" for i in range(options)], "source": "src"}


def numeric_q(answer: int = 100, qid: str = "n1") -> dict[str, Any]:
    return {"id": qid, "kind": "numeric", "prompt": "How many?", "answer": answer,
            "options": [], "source": "src"}


def to_question(state: QuizState) -> QuizState:
    """From a round's title card to its drawing stage."""
    if state.stage == "intro":
        state = GAME.apply(state, {"type": "next"})
    assert state.stage == "drawing", state.stage
    return state


def ask(state: QuizState, question: dict[str, Any], at: int = 0) -> QuizState:
    state = to_question(state)
    request = GAME.needs(state)
    assert request is not None
    return GAME.apply(state, {"type": "question", "request_id": request.request_id,
                              "question": question, "t_ns": at})


def answer(state: QuizState, seat: int, value: int, t_ns: int = S) -> QuizState:
    return GAME.apply(state, {"type": "answer", "seat": seat, "value": value, "t_ns": t_ns})


def row(state: QuizState, seat: int) -> dict[str, Any]:
    assert state.outcome is not None
    return next(r for r in state.outcome["rows"] if r["seat"] == seat)
