"""Several right answers in the quiz round (issue 44, point 6): a team ticks options and locks
them in as one answer; each right tick earns points / R, each wrong tick takes points / R off,
never below 0 (R: the right options); every right option and no wrong one is right (the speed
bonus, the streak, the count, a stake won). Each refused tick list changes nothing and has its
French; the bank draws these questions for a round's choices only, never for a buzz round or
a territory duel; the room never sees the right options before the reveal."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from host import messages
from host.games.contract import BadEvent, StaleEvent
from host.quiz.bank import QuestionBank, Selection
from host.quiz.question import Question
from host.quiz_round import several
from host.quiz_round.kind import question_counts
from host.quiz_round.state import QuizState
from tests.core.test_no_answer_leak import secrets_in
from tests.quiz_round.helpers import GAME, S, ask, row, start

RIGHT = [0, 2, 3]  # of five options: A, C and D are right


def several_q(qid: str = "m1", answer: list[int] | None = None, options: int = 5
              ) -> dict[str, Any]:
    return {"id": qid, "kind": "choice", "several": True, "prompt": "Which are fruits?",
            "options": [f"opt {i}" for i in range(options)],
            "answer": RIGHT if answer is None else answer, "source": "src"}


def tick(state: QuizState, seat: int, value: Any, t_ns: int = S) -> QuizState:
    return GAME.apply(state, {"type": "answer", "seat": seat, "value": value, "t_ns": t_ns})


def test_each_right_tick_earns_its_share_each_wrong_one_takes_one_off_never_below_0() -> None:
    state = ask(start(5, points=9, speed_bonus=0), several_q())
    state = tick(state, 0, [0, 2, 3])  # all three right: 9
    state = tick(state, 1, [0, 2])  # 2 of 3 right: 9 x 2/3 = 6
    state = tick(state, 2, [0, 2, 3, 4])  # 3 right, 1 wrong: 9 x 2/3 = 6
    state = tick(state, 3, [0, 1])  # 1 right, 1 wrong: 0
    state = tick(state, 4, [1, 4])  # 2 wrong: 0, not below
    assert state.stage == "reveal"
    assert [row(state, s)["points"] for s in range(5)] == [9, 6, 6, 0, 0]
    assert [(row(state, s)["hits"], row(state, s)["misses"]) for s in range(5)] == [
        (3, 0), (2, 0), (3, 1), (1, 1), (0, 2)]
    assert [row(state, s)["right"] for s in range(5)] == [True, False, False, False, False]
    assert state.scores == (9, 6, 6, 0, 0)
    outcome = state.outcome
    assert outcome is not None and outcome["answer"] == RIGHT and outcome["right"] == 1
    assert outcome["counts"] == [4, 2, 3, 2, 2]  # the teams that ticked each option


def test_shares_round_half_up_and_only_a_full_answer_earns_the_speed_bonus() -> None:
    state = ask(start(3, points=10, speed_bonus=4, seconds=20), several_q(), at=0)
    state = tick(state, 0, [0], t_ns=1)  # 1 of 3: 3.33 -> 3, fastest but not right
    state = tick(state, 1, [0, 2], t_ns=1)  # 2 of 3: 6.67 -> 7
    state = tick(state, 2, [3, 2, 0], t_ns=10 * S)  # all, half the time left: 10 + 2
    assert [row(state, s)["points"] for s in range(3)] == [3, 7, 12]
    assert [row(state, s)["bonus"] for s in range(3)] == [0, 0, 2]
    assert row(state, 2)["value"] == [0, 2, 3]  # kept in option order
    assert state.outcome is not None and state.outcome["fastest"]["seat"] == 2
    two = ask(start(2, points=5, speed_bonus=0), several_q(answer=[1, 2], options=4))
    two = tick(tick(two, 0, [1]), 1, [1, 2, 3])  # 5 / 2 = 2.5 -> 3; (2 - 1) / 2 -> 3
    assert two.scores == (3, 3)


def test_the_joker_doubles_part_points_the_streak_counts_full_answers_only() -> None:
    state = start(2, speed_bonus=0, questions=4, rounds=1, streak_3=5, points=9)
    state = GAME.apply(state, {"type": "joker", "seat": 1})
    for number in range(3):
        state = ask(state, several_q(qid=f"m{number}"))
        state = tick(tick(state, 0, RIGHT), 1, [0, 2] if number == 1 else RIGHT)
        state = GAME.apply(state, {"type": "next"})
    # seat 0: three full answers in a row, the third with the streak bonus; seat 1's part
    # answer (doubled: 12) broke its run
    assert state.scores == (9 * 3 + 5, 18 + 12 + 18)
    assert state.runs == (3, 1)


def test_a_stake_is_won_by_a_full_answer_and_lost_by_a_part_one() -> None:
    state = GAME.setup({"intro_seconds": 4, "wager": True, "questions": 1, "rounds": 1},
                       [{"seat": i, "name": f"T{i}"} for i in range(2)], 1)
    state = replace(state, scores=(50, 50))
    state = GAME.apply(GAME.apply(state, {"type": "next"}), {"type": "stake", "seat": 0,
                                                             "points": 20})
    state = GAME.apply(state, {"type": "stake", "seat": 1, "points": 30})
    state = ask(state, several_q())
    state = tick(tick(state, 0, RIGHT), 1, [0, 2])
    assert state.scores == (70, 20)
    assert (row(state, 1)["hits"], row(state, 1)["stake"]) == (2, 30)


@pytest.mark.parametrize(("value", "reason"), [
    ([], "tick at least one option before you lock in"),
    ([0, 0], "option 0 is ticked twice"),
    ([2, 3, 2], "option 2 is ticked twice"),
    ([0, 5], "a tick is an option from 0 to 4, not 5"),
    ([-1], "a tick is an option from 0 to 4, not -1"),
    ([0, "1"], "ticks are the list of the ticked options' numbers"),
    ([True], "ticks are the list of the ticked options' numbers"),
    (0, "ticks are the list of the ticked options' numbers"),
    ("0,2", "ticks are the list of the ticked options' numbers"),
    (None, "ticks are the list of the ticked options' numbers"),
])
def test_a_bad_tick_list_is_refused_with_its_reason_in_both_languages(
        value: Any, reason: str) -> None:
    state = ask(start(2), several_q())
    before = GAME.to_json(state)
    with pytest.raises(BadEvent) as refused:
        tick(state, 0, value)
    assert str(refused.value) == reason
    assert messages.french(reason) is not None, reason
    assert GAME.to_json(state) == before


def test_every_sample_bad_tick_list_is_refused() -> None:
    state = ask(start(2), several_q())
    for bad in several.BAD_TICKS:
        with pytest.raises(BadEvent):
            tick(state, 0, bad)


def test_a_second_lock_in_and_one_after_the_window_are_refused() -> None:
    state = ask(start(3), several_q())
    once = tick(state, 0, [0])
    with pytest.raises(StaleEvent, match="already"):
        tick(once, 0, [0, 2, 3])  # one answer, no changing
    closed = GAME.apply(once, {"type": "close"})
    with pytest.raises(StaleEvent, match="closed"):
        tick(closed, 1, RIGHT)


@pytest.mark.parametrize("answer", [[], [0, 1, 2, 3, 4], [0, 0], [5], [1, "2"], 2])
def test_a_bad_question_with_several_right_options_is_refused(answer: Any) -> None:
    reason = "a question with several right options lists 1 to 4 of its options once each"
    state = start(2)
    with pytest.raises(BadEvent, match=reason if answer != 2 else "several"):
        ask(state, {**several_q(), "answer": answer})
    assert messages.french(reason) is not None


def test_the_room_sees_ticks_to_make_never_the_right_options_before_the_reveal() -> None:
    state = ask(start(2), several_q())
    for audience in ("screen", "seat:0", "seat:1"):
        shown = GAME.view(state, audience)
        assert shown["question"]["several"] is True and "answer" not in shown["question"]
        assert secrets_in({k: v for k, v in shown.items() if k != "legal"}) == []
    assert GAME.view(state, "host")["truth"]["answer"] == RIGHT
    legal = [a["value"] for a in GAME.legal_actions(state, 0)]
    assert RIGHT not in legal and [0, 1, 2, 3, 4] in legal  # made from the count alone
    state = tick(state, 0, [4, 0])
    assert GAME.view(state, "seat:0")["you"]["locked"] == [0, 4]
    state = tick(state, 1, RIGHT)
    mine = GAME.view(state, "seat:0")["you"]["result"]
    assert (mine["hits"], mine["misses"], mine["points"]) == (1, 1, 0)
    assert GAME.view(state, "screen")["outcome"]["counts"] == [2, 0, 1, 1, 1]
    assert GAME.from_json(GAME.to_json(state)) == state


def _bank() -> QuestionBank:
    one = Question(id="en-x-1", language="en", category="food", difficulty=1, kind="choice",
                   prompt="One?", answer="a", options=("a", "b"), source="s")
    many = Question(id="en-x-2", language="en", category="food", difficulty=1, kind="choice",
                    prompt="Many?", answer=("a", "c"), options=("a", "b", "c"), source="s")
    return QuestionBank([one, many])


def test_the_bank_draws_them_for_a_round_s_choices_never_for_buzz_rounds_or_duels() -> None:
    bank = _bank()
    plain = Selection(language="en")
    assert [q.id for q in bank.matching("choice", plain)] == ["en-x-1"]  # a territory duel
    state = GAME.apply(start(2, mix="choice"), {"type": "next"})
    request = GAME.needs(state)
    assert request is not None and request.narrow == {"several": True}
    wide = plain.narrowed(request.narrow)
    assert [q.id for q in bank.matching("choice", wide)] == ["en-x-1", "en-x-2"]
    buzz = GAME.needs(GAME.apply(start(2, mix="buzz"), {"type": "next"}))
    assert buzz is not None and buzz.narrow is None
    for mix in ("mixed", "varied"):
        counts = question_counts({"mix": mix, "questions": 4, "rounds": 1})
        assert {(c.kind, bool((c.narrow or {}).get("several"))) for c in counts} >= {
            ("choice", True)}
    counts = question_counts({"plan": [{"mix": "choice", "questions": 3},
                                       {"mix": "buzz", "questions": 2}]})
    assert sorted((c.kind, c.count, c.narrow) for c in counts) == [
        ("choice", 2, None), ("choice", 3, {"several": True})]
