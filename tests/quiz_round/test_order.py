"""Ordering questions in the quiz round: partial points by items in their right place, the
speed bonus and the joker for a full order only as for a right answer, ties, refusals that
change nothing, and a room that never sees the right order before the reveal."""

from __future__ import annotations

from typing import Any

import pytest

from host.games.contract import BadEvent, StaleEvent
from host.quiz_round.state import RoundPlan
from tests.core.test_no_answer_leak import secrets_in
from tests.quiz_round.helpers import GAME, S, ask, row, start

# Shown as C, A, D, B; the right order is A, B, C, D: shown indexes 1, 3, 0, 2.
RIGHT = [1, 3, 0, 2]


def order_q(qid: str = "o1") -> dict[str, Any]:
    return {"id": qid, "kind": "order", "prompt": "Alphabetical order?",
            "options": ["C", "A", "D", "B"], "answer": RIGHT, "source": "the alphabet"}


def lock(state: Any, seat: int, value: Any, t_ns: int = S) -> Any:
    return GAME.apply(state, {"type": "answer", "seat": seat, "value": value, "t_ns": t_ns})


def test_a_full_order_scores_the_points_and_the_speed_bonus_a_partial_one_its_share() -> None:
    state = ask(start(4, mix="order"), order_q(), at=10 * S)
    state = lock(state, 0, RIGHT, t_ns=20 * S)  # all four in place, half the time gone
    state = lock(state, 1, [1, 3, 2, 0], t_ns=10 * S)  # A, B in place: half, no bonus
    state = lock(state, 2, [3, 1, 0, 2], t_ns=10 * S)  # C, D in place: half
    state = lock(state, 3, [0, 1, 2, 3], t_ns=10 * S)  # the shown order: nothing in place
    assert state.stage == "reveal"
    assert [row(state, s)["points"] for s in range(4)] == [13, 5, 5, 0]  # 10 + 2.5 up
    assert [row(state, s)["in_place"] for s in range(4)] == [4, 2, 2, 0]
    assert [row(state, s)["right"] for s in range(4)] == [True, False, False, False]
    assert [row(state, s)["bonus"] for s in range(4)] == [3, 0, 0, 0]
    assert state.scores == (13, 5, 5, 0)
    outcome = state.outcome
    assert outcome is not None and outcome["answer"] == RIGHT
    assert outcome["right"] == 1 and outcome["in_place"] == [1, 0, 2, 0, 1]
    assert outcome["fastest"] == {"seat": 0, "name": "Team 0", "ms": 10_000}


def test_partial_points_round_half_up_and_ties_share_the_fastest_by_seat() -> None:
    three = {**order_q(), "options": ["b", "c", "a"], "answer": [2, 0, 1]}
    state = ask(start(3, points=5, speed_bonus=0, mix="order"), three)
    state = lock(state, 0, [2, 1, 0], t_ns=2 * S)  # a in place: 5 / 3 = 1.67 -> 2
    state = lock(state, 1, [2, 0, 1], t_ns=2 * S)  # all: 5
    state = lock(state, 2, [2, 0, 1], t_ns=2 * S)  # all, at the same moment: a tie
    assert state.scores == (2, 5, 5)
    assert state.outcome is not None and state.outcome["fastest"]["seat"] == 1
    assert [(p["seat"], p["place"]) for p in GAME.result(state)["players"]] == [
        (1, 1), (2, 1), (0, 3)]


def test_the_joker_doubles_a_partial_order_too() -> None:
    state = start(2, speed_bonus=0, questions=1, mix="order")
    state = GAME.apply(state, {"type": "joker", "seat": 0})
    state = ask(state, order_q())
    state = lock(lock(state, 0, [1, 3, 2, 0]), 1, [1, 3, 2, 0])
    assert state.scores == (10, 5)
    assert row(state, 0)["joker"] is True


@pytest.mark.parametrize(("value", "words"), [
    ([1, 3, 0], "all 4 items in order, not 3"),
    ([1, 3, 0, 2, 2], "all 4 items in order, not 5"),
    ([1, 1, 0, 2], "each item from 0 to 3 once"),
    ([1, 3, 0, 4], "each item from 0 to 3 once"),
    ([1, 3, 0, -1], "each item from 0 to 3 once"),
    ([1, 3, 0, True], "list of the items' numbers"),
    ([1, 3, 0, "2"], "list of the items' numbers"),
    (2, "list of the items' numbers"),
    ("1302", "list of the items' numbers"),
    (None, "list of the items' numbers"),
])
def test_an_answer_that_is_not_an_order_of_the_items_is_refused(value: Any, words: str) -> None:
    state = ask(start(2, mix="order"), order_q())
    before = GAME.to_json(state)
    with pytest.raises(BadEvent, match=words.replace("(", r"\(").replace(")", r"\)")):
        lock(state, 0, value)
    assert GAME.to_json(state) == before


def test_a_second_order_and_an_order_after_the_window_are_refused() -> None:
    state = ask(start(3, mix="order"), order_q())
    once = lock(state, 0, RIGHT)
    with pytest.raises(StaleEvent, match="already"):
        lock(once, 0, [0, 1, 2, 3])
    closed = GAME.apply(once, {"type": "close"})
    before = GAME.to_json(closed)
    with pytest.raises(StaleEvent, match="closed"):
        lock(closed, 1, RIGHT)
    assert GAME.to_json(closed) == before
    assert closed.outcome is not None and [r["seat"] for r in closed.outcome["rows"]] == [0]


def test_a_bad_ordering_question_from_the_bank_is_refused() -> None:
    state = start(2, mix="order")
    for bad in ({**order_q(), "answer": [0, 1, 2, 2]}, {**order_q(), "options": ["A", "B"],
                                                        "answer": [1, 0]}):
        with pytest.raises(BadEvent, match="ordering question"):
            ask(state, bad)


def test_the_room_never_sees_the_right_order_before_the_reveal_and_phones_see_their_own() -> None:
    state = ask(start(2, mix="order"), order_q())
    for audience in ("screen", "seat:0", "seat:1"):
        shown = GAME.view(state, audience)
        assert shown["question"]["options"] == ["C", "A", "D", "B"]  # the same for everyone
        assert secrets_in({k: v for k, v in shown.items() if k != "legal"}) == []
    assert GAME.view(state, "host")["truth"]["answer"] == RIGHT
    legal = [a["value"] for a in GAME.legal_actions(state, 0)]
    assert [0, 1, 2, 3] in legal and RIGHT not in legal  # samples that tell nothing
    state = lock(state, 0, [1, 3, 2, 0])
    assert GAME.view(state, "seat:0")["you"]["locked"] == [1, 3, 2, 0]
    assert GAME.view(state, "seat:1")["you"]["locked"] is None
    state = lock(state, 1, RIGHT)
    assert GAME.view(state, "screen")["outcome"]["answer"] == RIGHT
    mine = GAME.view(state, "seat:0")["you"]["result"]
    assert (mine["value"], mine["in_place"], mine["points"]) == ([1, 3, 2, 0], 2, 5)
    assert GAME.from_json(GAME.to_json(state)) == state


def test_the_varied_mix_asks_choice_order_choice_number_and_order_rounds_ask_orders() -> None:
    varied = RoundPlan(mix="varied")
    assert [varied.kind_of(n) for n in range(8)] == ["choice", "order", "choice", "numeric"] * 2
    assert {RoundPlan(mix="order").kind_of(n) for n in range(5)} == {"order"}
    request = GAME.needs(GAME.apply(start(2, mix="order"), {"type": "next"}))
    assert request is not None and request.kind == "order"
