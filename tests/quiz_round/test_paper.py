"""Paper teams (issue 45, point 5): a table without phones answers on a printed sheet and the
host enters its answers after each reveal, until the round's board; they are scored by the
phones' rules without a speed bonus, a number answer takes its place among the others, and
every wrong entry is refused with its reason and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from host.games.contract import BadEvent, GameError, StaleEvent
from host.quiz_round.state import from_json, to_json
from tests.quiz_round.helpers import GAME, S, answer, ask, choice_q, numeric_q
from tests.quiz_round.test_typed import text_q


def start_paper(teams: int = 3, paper: tuple[int, ...] = (2,), **settings: Any) -> Any:
    seats = [{"seat": i, "name": f"Team {i}", **({"paper": True} if i in paper else {})}
             for i in range(teams)]
    return GAME.setup({"intro_seconds": 4, "reveal_seconds": 5, **settings}, seats, seed=1)


def enter(state: Any, question: int, value: Any, seat: int = 2) -> Any:
    return GAME.apply(state, {"type": "paper", "seat": seat, "question": question,
                              "value": value})


def test_the_phones_close_the_question_and_the_paper_answer_scores_after_the_reveal() -> None:
    state = ask(start_paper(questions=2, mix="choice"), choice_q(answer=1))
    assert GAME.view(state, "screen")["teams"] == 2  # "answered 0 of 2": the phones
    assert GAME.legal_actions(state, 2) == []  # no phone plays a paper team
    state = answer(state, 0, 1, t_ns=2 * S)
    state = answer(state, 1, 0, t_ns=3 * S)
    assert state.stage == "reveal"  # both phone teams answered: closed at once
    assert GAME.timer(state) is not None  # not the round's last: the reveal runs its time
    right = state.scores[0]
    assert right > 10  # a phone's speed bonus
    state = enter(state, 0, 1)
    assert state.scores[2] == 10  # right, and no speed bonus: no tap time
    rows = {r["seat"]: r for r in state.outcome["rows"]}
    assert rows[2]["paper"] and rows[2]["bonus"] == 0 and rows[2]["ms"] is None
    assert state.outcome["fastest"]["seat"] == 0
    assert state.corrections == ()  # nobody else moved: no correction to show
    state = enter(state, 0, 3)  # the mark misread: entered again, it replaces the first
    assert state.scores[2] == 0 and state.scores[0] == right
    state = enter(state, 0, 1)
    host = GAME.view(state, "host")["paper"]
    assert host["teams"] == [{"seat": 2, "name": "Team 2"}]
    assert host["questions"][0]["answers"] == {"2": 1} and host["questions"][0]["points"] == {
        "2": 10}
    board = {p["seat"]: p for p in GAME.view(state, "screen")["players"]}
    assert board[2]["paper"] and board[2]["score"] == 10
    assert from_json(to_json(state)) == state


def test_the_rounds_last_reveal_waits_for_the_sheets_and_the_board_closes_them() -> None:
    state = ask(start_paper(questions=1, mix="choice"), choice_q(answer=0))
    state = answer(answer(state, 0, 0), 1, 0)
    assert state.stage == "reveal" and GAME.timer(state) is None  # the sheets first
    assert GAME.view(state, "host")["paper"]["waiting"]
    state = GAME.apply(state, {"type": "next"})
    assert state.stage == "board" and state.round_end
    with pytest.raises(StaleEvent, match="sheets are closed"):
        enter(state, 0, 0)
    state = GAME.apply(state, {"type": "next"})  # the next round: the first one's sheet is shut
    with pytest.raises(StaleEvent):
        enter(state, 0, 0)


def test_a_number_on_paper_takes_its_place_and_the_board_lists_who_it_moved() -> None:
    state = ask(start_paper(questions=2, mix="numeric", speed_bonus=0), numeric_q(answer=100))
    state = answer(answer(state, 0, 90), 1, 80)
    assert state.scores[:2] == (10, 7)  # 3-2-1: all, two thirds (half up)
    state = enter(state, 0, 100)  # the paper team was closest: the others move down a place
    assert state.scores == (7, 3, 10)
    fixes = GAME.view(state, "screen")["corrections"]
    assert fixes[-1]["kind"] == "paper" and fixes[-1]["reason"] == "Team 2"
    assert {c["seat"]: c["points"] for c in fixes[-1]["changes"]} == {0: -3, 1: -4, 2: 10}


def test_a_typed_answer_on_paper_is_matched_as_a_phones_is() -> None:
    state = ask(start_paper(questions=2, mix="text"), text_q())
    state = GAME.apply(state, {"type": "answer", "seat": 0, "value": "castor", "t_ns": S})
    state = GAME.apply(state, {"type": "answer", "seat": 1, "value": "loutre", "t_ns": S})
    state = GAME.apply(state, {"type": "next"})  # the review: reveal
    state = enter(state, 0, "Castors")
    assert state.scores[2] == 10


@pytest.mark.parametrize(("event", "error", "words"), [
    ({"seat": 0, "value": 1}, BadEvent, "answers on its phones"),
    ({"value": 9}, BadEvent, "option from 0 to 3"),
    ({"value": "B"}, BadEvent, "whole number"),
    ({"question": 4, "value": 1}, BadEvent, "no revealed question"),
    ({"seat": 7, "value": 1}, BadEvent, "no seat"),
])
def test_wrong_entries_are_refused_and_change_nothing(event: dict[str, Any],
                                                      error: type[GameError],
                                                      words: str) -> None:
    state = ask(start_paper(questions=2, mix="choice"), choice_q(answer=1))
    state = answer(answer(state, 0, 1), 1, 0)
    before = to_json(state)
    with pytest.raises(error, match=words):
        GAME.apply(state, {"type": "paper", "seat": 2, "question": 0, **event})
    assert to_json(state) == before


def test_a_paper_team_has_no_phone_answer_and_no_sheet_before_a_reveal() -> None:
    state = ask(start_paper(questions=2, mix="choice"), choice_q(answer=1))
    with pytest.raises(BadEvent, match="entered from its sheet"):
        answer(state, 2, 1)
    with pytest.raises(BadEvent, match="no revealed question"):
        enter(state, 0, 1)
    over = GAME.apply(state, {"type": "end"})
    with pytest.raises(StaleEvent):
        enter(over, 0, 1)


def test_a_buzz_or_wager_question_is_not_answered_on_paper() -> None:
    state = ask(start_paper(questions=2, mix="buzz"), choice_q(answer=1))
    state = GAME.apply(state, {"type": "close"})
    assert state.stage == "reveal"
    with pytest.raises(BadEvent, match="aloud"):
        enter(state, 0, 1)
    state = start_paper(questions=2, mix="choice", wager=True, wager_seconds=0)
    state = GAME.apply(GAME.apply(state, {"type": "next"}), {"type": "next"})  # stakes closed
    state = ask(state, choice_q(answer=1))
    state = answer(answer(state, 0, 1), 1, 1)
    with pytest.raises(BadEvent, match="score edit"):
        enter(state, 0, 1)
