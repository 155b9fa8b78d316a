"""The quiz round's rules: scoring of every question kind, ties, the speed bonus, the joker,
score edits, the round plan and its transitions, and refusals that change nothing."""

from __future__ import annotations

from typing import Any

import pytest

from host.games.contract import BadEvent, BadSettings, OutOfTurn, StaleEvent
from host.quiz_round.scoring import speed_bonus
from host.quiz_round.state import RoundPlan
from tests.quiz_round.helpers import (
    GAME, S, answer, ask, choice_q, numeric_q, row, start, to_question)


def test_a_right_choice_scores_points_and_a_speed_bonus_falling_with_time() -> None:
    state = ask(start(3), choice_q(answer=2), at=10 * S)
    state = answer(state, 0, 2, t_ns=10 * S)  # at once: the whole bonus
    state = answer(state, 1, 2, t_ns=20 * S)  # half of the 20 s: half the bonus
    state = answer(state, 2, 0, t_ns=11 * S)  # wrong: nothing, however fast
    assert state.stage == "reveal"  # every team answered: the reveal comes at once
    assert (row(state, 0)["points"], row(state, 1)["points"], row(state, 2)["points"]) == (
        15, 13, 0)  # 10 + 5; 10 + 2.5 rounded up
    assert state.scores == (15, 13, 0)
    assert state.outcome is not None
    assert state.outcome["counts"] == [1, 0, 2, 0]
    assert state.outcome["fastest"] == {"seat": 0, "name": "Team 0", "ms": 0}


def test_the_speed_bonus_is_off_at_zero_and_never_negative() -> None:
    assert speed_bonus(RoundPlan(speed_bonus=0), 0) == 0
    assert speed_bonus(RoundPlan(seconds=10, speed_bonus=10), 30 * S) == 0
    assert speed_bonus(RoundPlan(seconds=10, speed_bonus=10), -S) == 10  # a tap mapped early
    state = ask(start(2, speed_bonus=0), choice_q(answer=0))
    state = answer(answer(state, 0, 0, t_ns=0), 1, 0, t_ns=19 * S)
    assert state.scores == (10, 10)


def test_numeric_rank_scoring_pays_the_three_closest_places_and_ties_share() -> None:
    state = ask(start(5, speed_bonus=0, mix="numeric"), numeric_q(answer=100))
    for seat, value in enumerate([90, 110, 120, 300, 80]):
        state = answer(state, seat, value)
    places = [row(state, s)["place"] for s in range(5)]
    assert places == [1, 1, 3, 5, 3]  # 10, 10, 20, 200, 20 away
    assert state.scores == (10, 10, 3, 0, 3)  # 100 %, 100 %, 33 %, 0, 33 %
    assert state.outcome is not None
    assert [c["seat"] for c in state.outcome["closest"]] == [0, 1, 2, 4, 3]
    assert state.outcome["spread"] == [80, 300]


def test_numeric_closest_pays_only_the_closest_and_the_bonus_only_to_them() -> None:
    state = ask(start(3, numeric_scoring="closest", mix="numeric"), numeric_q(answer=50))
    state = answer(state, 0, 49, t_ns=0)
    state = answer(state, 1, 51, t_ns=20 * S)
    state = answer(state, 2, 50 + 40, t_ns=0)
    assert state.scores == (15, 10, 0)


def test_numeric_tolerance_pays_every_answer_within_the_margin() -> None:
    state = ask(start(4, numeric_scoring="tolerance", tolerance_pct=10, speed_bonus=0,
                      mix="numeric"),
                numeric_q(answer=1000))
    for seat, value in enumerate([1100, 901, 899, 5000]):
        state = answer(state, seat, value)
    assert state.scores == (10, 10, 0, 0)


def test_tolerance_still_pays_the_closest_when_nobody_is_within_it() -> None:
    state = ask(start(2, numeric_scoring="tolerance", tolerance_pct=0, speed_bonus=0,
                      mix="numeric"),
                numeric_q(answer=1000))
    state = answer(answer(state, 0, 1500), 1, 700)
    assert state.scores == (0, 10)


def test_a_question_closes_on_its_timer_and_silent_teams_score_nothing() -> None:
    state = ask(start(3), choice_q(answer=1))
    state = answer(state, 0, 1, t_ns=0)
    timer = GAME.timer(state)
    assert timer is not None and timer.seconds == 20
    state = GAME.apply(state, {"type": "timeout", "timer": timer.timer_id})
    assert state.stage == "reveal" and state.scores == (15, 0, 0)
    assert state.outcome is not None and state.outcome["answered"] == 1


def test_the_host_may_close_early_and_may_not_move_on_while_answers_are_open() -> None:
    state = ask(start(2), choice_q())
    with pytest.raises(OutOfTurn):
        GAME.apply(state, {"type": "next"})
    assert GAME.apply(state, {"type": "close"}).stage == "reveal"


def test_bad_answers_are_refused_and_change_nothing() -> None:
    state = ask(start(2), choice_q(options=3))
    before = GAME.to_json(state)
    for event, error in [
        ({"type": "answer", "seat": 0, "value": 3, "t_ns": 0}, BadEvent),  # out of range
        ({"type": "answer", "seat": 0, "value": "a", "t_ns": 0}, BadEvent),  # wrong kind
        ({"type": "answer", "seat": 0, "value": True, "t_ns": 0}, BadEvent),
        ({"type": "answer", "seat": 0, "value": 1}, BadEvent),  # no lock-in time
        ({"type": "answer", "seat": 7, "value": 1, "t_ns": 0}, BadEvent),  # no such seat
    ]:
        with pytest.raises(error):
            GAME.apply(state, event)
    assert GAME.to_json(state) == before
    once = answer(state, 0, 1)
    with pytest.raises(StaleEvent, match="already"):  # a team's second answer
        answer(once, 0, 2)
    closed = GAME.apply(once, {"type": "close"})
    with pytest.raises(StaleEvent, match="closed"):  # after the window closed
        answer(closed, 1, 1)


def test_a_skipped_question_is_replaced_and_nobody_scores() -> None:
    state = ask(start(2), choice_q(qid="bad"))
    state = answer(state, 0, 1)
    state = GAME.apply(state, {"type": "skip"})
    assert state.stage == "drawing" and state.number == 0 and state.scores == (0, 0)
    assert GAME.needs(state) is not None and state.skipped == 1


def test_the_default_plan_is_three_rounds_of_eight_with_every_fourth_a_number() -> None:
    state = start(2)
    assert [r.questions for r in state.settings.rounds] == [8, 8, 8]
    kinds = [state.plan.kind_of(n) for n in range(8)]
    assert kinds == ["choice"] * 3 + ["numeric"] + ["choice"] * 3 + ["numeric"]


def play_round(state, questions: int):  # type: ignore[no-untyped-def]
    for n in range(questions):
        request = GAME.needs(state if state.stage == "drawing" else
                             GAME.apply(state, {"type": "next"}))
        state = GAME.apply(state, {"type": "next"}) if state.stage != "drawing" else state
        assert request is not None
        kind = request.kind
        question = choice_q(qid=f"q{n}") if kind == "choice" else numeric_q(qid=f"q{n}")
        state = GAME.apply(state, {"type": "question", "request_id": request.request_id,
                                   "question": question, "t_ns": 0})
        state = GAME.apply(state, {"type": "close"})
    return state


def test_rounds_follow_the_plan_with_a_leaderboard_after_each_and_then_the_end() -> None:
    plan = [{"title": "Warm-up", "questions": 2}, {"title": "Numbers", "questions": 1,
                                                   "mix": "numeric", "points": 20}]
    state = start(2, plan=plan)
    assert state.stage == "intro" and state.plan.title == "Warm-up"
    state = play_round(state, 2)
    assert state.stage == "reveal"
    state = GAME.apply(state, {"type": "next"})
    assert state.stage == "board" and state.round_end
    view = GAME.view(state, "screen")
    assert view["round_end"] and not view["final"]
    state = GAME.apply(state, {"type": "next"})
    assert state.stage == "intro" and state.round == 1 and state.plan.points == 20
    state = play_round(state, 1)
    state = GAME.apply(state, {"type": "next"})
    assert state.stage == "board" and GAME.view(state, "screen")["final"]
    state = GAME.apply(state, {"type": "next"})
    assert GAME.is_over(state)


def test_a_leaderboard_after_every_question_and_only_at_the_end() -> None:
    every = play_round(start(2, leaderboard="question", rounds=1, questions=2), 1)
    assert GAME.apply(every, {"type": "next"}).stage == "board"
    at_end = play_round(start(2, leaderboard="end", rounds=2, questions=1), 1)
    assert GAME.apply(at_end, {"type": "next"}).stage == "intro"  # no board between rounds


def test_the_joker_doubles_a_round_once_per_night_and_only_before_it_starts() -> None:
    state = start(2, speed_bonus=0, rounds=2, questions=1)
    assert GAME.legal_actions(state, 0) == [{"type": "joker", "seat": 0}]
    state = GAME.apply(state, {"type": "joker", "seat": 0})
    with pytest.raises(StaleEvent):
        GAME.apply(state, {"type": "joker", "seat": 0})  # twice
    state = ask(state, choice_q(answer=1))
    with pytest.raises(OutOfTurn):
        GAME.apply(state, {"type": "joker", "seat": 1})  # mid-round
    state = answer(answer(state, 0, 1), 1, 1)
    assert state.scores == (20, 10)
    assert row(state, 0)["joker"] is True


def test_score_edits_need_a_reason_and_show_on_the_projector() -> None:
    state = start(2)
    with pytest.raises(BadEvent, match="reason"):
        GAME.apply(state, {"type": "adjust", "seat": 1, "points": 5, "reason": "  "})
    with pytest.raises(BadEvent):
        GAME.apply(state, {"type": "adjust", "seat": 1, "points": 0, "reason": "x"})
    state = GAME.apply(state, {"type": "adjust", "seat": 1, "points": -3, "reason": "phone use"})
    assert state.scores == (0, -3)
    assert GAME.view(state, "screen")["edits"] == [
        {"seat": 1, "name": "Team 1", "points": -3, "reason": "phone use"}]


def test_places_share_ties_in_the_result() -> None:
    state = ask(start(3, speed_bonus=0), choice_q(answer=0))
    state = answer(answer(answer(state, 0, 0), 1, 0), 2, 1)
    assert [(p["seat"], p["place"]) for p in GAME.result(state)["players"]] == [
        (0, 1), (1, 1), (2, 3)]


def test_the_room_never_sees_the_answer_before_the_reveal() -> None:
    state = ask(start(2), choice_q(answer=3))
    for audience in ("screen", "seat:0", "seat:1"):
        shown = GAME.view(state, audience)
        assert "answer" not in shown["question"] and "outcome" not in shown
        assert "truth" not in shown and "answers" not in shown
    assert GAME.view(state, "host")["truth"]["answer"] == 3
    state = answer(state, 0, 3)
    assert GAME.view(state, "seat:1")["you"]["locked"] is None  # not another team's answer
    assert GAME.view(state, "seat:0")["you"]["locked"] == 3


@pytest.mark.parametrize("settings", [
    {"rounds": 0}, {"questions": 51}, {"mix": "essay"}, {"plan": []}, {"colour": "red"},
    {"plan": [{"questions": 50}] * 5}, {"plan": [{"title": 3}]}, {"seconds": True},
])
def test_bad_settings_are_refused_with_the_setting_named(settings: dict) -> None:  # type: ignore[type-arg]
    with pytest.raises(BadSettings):
        start(2, **settings)


def test_the_plan_setting_reads_as_json_on_the_command_line() -> None:
    from host.games.contract import QuestionCount
    from host.games.forms import parse_value
    from host.quiz_round.kind import KIND, question_counts

    field = next(f for f in KIND.settings if f["key"] == "plan")
    plan = parse_value(field, '[{"title": "Warm-up", "questions": 4, "mix": "numeric"}]')
    assert question_counts({"plan": plan, "questions": 8}) == [QuestionCount("numeric", 4)]
    several = {"several": True}  # a round's choices may have several right options
    assert question_counts({}) == [QuestionCount("choice", 18, several),
                                   QuestionCount("numeric", 6)]
    narrowed = question_counts({"plan": [{"questions": 2}, {"questions": 4,
                                                            "categories": ["history"]}]})
    assert narrowed == [QuestionCount("choice", 2, several), QuestionCount(
        "choice", 3, {"categories": ["history"], **several}, "round 2"), QuestionCount(
        "numeric", 1, {"categories": ["history"]}, "round 2")]
    with pytest.raises(ValueError, match="JSON"):
        parse_value(field, "[{")


def test_a_round_of_its_own_asks_the_bank_for_its_categories_packs_and_difficulties() -> None:
    plan = [{"questions": 1}, {"questions": 1, "categories": ["history"], "packs": ["p1"],
                               "min_difficulty": 2, "max_difficulty": 3}]
    state = start(2, plan=plan)
    assert state.settings.rounds[0].narrow() is None
    assert state.settings.rounds[1].narrow() == {"categories": ["history"], "packs": ["p1"],
                                                 "min_difficulty": 2, "max_difficulty": 3}
    state = GAME.apply(state, {"type": "next"})
    request = GAME.needs(state)
    assert request is not None and request.narrow == {"several": True}  # no narrowing but
    assert GAME.from_json(GAME.to_json(state)) == state  # several right options allowed
    with pytest.raises(BadSettings, match="categories"):
        start(2, plan=[{"categories": ["astrology"]}])
    with pytest.raises(BadSettings, match="above"):
        start(2, plan=[{"min_difficulty": 4, "max_difficulty": 2}])


# -- the buzz round ---------------------------------------------------------------


def buzz_question(teams: int = 3, **settings: Any) -> Any:
    state = start(teams, plan=[{"questions": 2, "mix": "buzz", "speed_bonus": 0}], **settings)
    return ask(state, choice_q(answer=2), at=10 * S)


def press(state: Any, seat: int, t_ns: int, **extra: Any) -> Any:
    return GAME.apply(state, {"type": "buzz", "seat": seat, "t_ns": t_ns, **extra})


def test_the_first_buzz_by_host_time_takes_the_floor_and_a_right_answer_scores() -> None:
    state = buzz_question()
    assert GAME.legal_actions(state, 0) == [{"type": "buzz", "seat": 0}]
    with pytest.raises(OutOfTurn, match="buzz"):
        answer(state, 0, 2)  # no lock-in in a buzz question
    state = press(state, 1, 12 * S)
    assert GAME.view(state, "screen")["buzz"]["floor"] == 1
    assert GAME.view(state, "seat:1")["you"]["buzz"] == "floor"
    assert GAME.timer(state) is None  # the host judges: no countdown while a team speaks
    with pytest.raises(StaleEvent):
        press(state, 2, 13 * S)  # too late: the floor is taken
    state = GAME.apply(state, {"type": "right", "t_ns": 14 * S})
    assert state.stage == "reveal" and state.scores == (0, 10, 0)
    assert state.outcome is not None and state.outcome["fastest"]["ms"] == 2000


def test_a_wrong_answer_locks_the_team_out_and_gives_the_others_the_full_time() -> None:
    state = buzz_question(buzz_penalty=3)
    state = press(state, 0, 11 * S)
    state = GAME.apply(state, {"type": "wrong", "t_ns": 15 * S})
    assert state.stage == "answering" and state.scores == (0, 0, 0)  # points at the reveal
    assert GAME.view(state, "screen")["buzz"]["marks"] == [
        {"seat": 0, "name": "Team 0", "right": False}]
    timer = GAME.timer(state)
    assert timer is not None and timer.seconds == 20
    assert GAME.legal_actions(state, 0) == []
    with pytest.raises(StaleEvent, match="out"):
        press(state, 0, 16 * S)
    state = press(state, 2, 16 * S)
    state = GAME.apply(state, {"type": "wrong", "t_ns": 17 * S})
    state = press(state, 1, 18 * S)
    state = GAME.apply(state, {"type": "wrong", "t_ns": 19 * S})
    assert state.stage == "reveal"  # every team is out: the answer is shown
    assert [r["points"] for r in state.outcome["rows"]] == [-3, -3, -3]  # type: ignore[index]
    assert state.scores == (-3, -3, -3)


def test_presses_wait_for_the_slowest_phone_and_are_ordered_by_host_time() -> None:
    state = buzz_question()
    state = press(state, 2, 12 * S + 5_000_000, settle_ns=80_000_000)  # arrives first
    settle = GAME.timer(state)
    assert settle is not None and settle.label == "settle" and settle.seconds == 0.08
    state = press(state, 1, 12 * S)  # tapped 5 ms earlier, arrived later
    state = GAME.apply(state, {"type": "timeout", "timer": settle.timer_id})
    assert GAME.view(state, "screen")["buzz"]["floor"] == 1


def test_a_buzz_rounds_settle_wait_runs_from_the_first_press_own_time() -> None:
    state = buzz_question()
    state = press(state, 2, 12 * S, settle_ns=80_000_000, rx_ns=12 * S + 30_000_000)
    settle = GAME.timer(state)
    assert settle is not None and settle.label == "settle"
    assert settle.seconds == pytest.approx(0.05)  # 30 ms of its 80 already spent on the way


def test_an_early_press_locks_the_team_out_for_a_moment() -> None:
    state = buzz_question(early_lockout_ms=500)
    state = press(state, 0, 10 * S - 1)  # stamped before the question showed
    assert GAME.view(state, "seat:0")["you"]["buzz"] == "early"
    with pytest.raises(StaleEvent, match="too early: your buzzer is locked for a moment"):
        press(state, 0, 10 * S + 100_000_000)  # within its 500 ms: early, not out
    state = press(state, 0, 10 * S + 600_000_000)
    assert GAME.view(state, "screen")["buzz"]["floor"] == 0


def test_a_press_stamped_before_the_rearm_after_a_wrong_answer_is_not_early() -> None:
    state = buzz_question(early_lockout_ms=500)
    state = press(state, 0, 11 * S)
    state = GAME.apply(state, {"type": "wrong", "t_ns": 15 * S})
    state = press(state, 1, 15 * S - 2_000_000)  # a phone's mapped tap, 2 ms before the click
    assert GAME.view(state, "screen")["buzz"]["floor"] == 1
    assert GAME.view(state, "seat:1")["you"]["buzz"] == "floor"


def test_a_second_team_is_told_the_floor_is_taken_and_it_may_buzz_again() -> None:
    state = buzz_question()
    state = press(state, 0, 11 * S)
    with pytest.raises(StaleEvent, match="another team has the floor: if it is wrong, you may"):
        press(state, 1, 11 * S + 300_000_000)
    state = GAME.apply(state, {"type": "wrong", "t_ns": 12 * S})
    state = press(state, 1, 12 * S + 1)
    assert GAME.view(state, "screen")["buzz"]["floor"] == 1


def test_nobody_buzzing_runs_out_the_time_and_undoable_marks_are_host_decisions() -> None:
    state = buzz_question()
    timer = GAME.timer(state)
    assert timer is not None
    state = GAME.apply(state, {"type": "timeout", "timer": timer.timer_id})
    assert state.stage == "reveal" and state.scores == (0, 0, 0)
    with pytest.raises(OutOfTurn, match="floor"):
        GAME.apply(state, {"type": "right"})
    assert GAME.undoable({"type": "wrong"}) and not GAME.undoable({"type": "buzz"})
    assert GAME.from_json(GAME.to_json(state)) == state


def test_a_true_false_question_keeps_true_first_whatever_the_shuffle() -> None:
    shuffled = {**choice_q(answer=0, options=2), "options": ["Faux", "Vrai"]}  # "Faux" right
    state = ask(start(2), shuffled)
    assert state.asked is not None
    assert state.asked.content["options"] == ["Vrai", "Faux"]
    assert state.asked.content["answer"] == 1


def test_a_leaderboard_every_n_questions_within_a_round() -> None:
    state = play_round(start(2, rounds=1, questions=4, board_every=2, mix="choice"), 2)
    assert state.number == 1 and GAME.apply(state, {"type": "next"}).stage == "board"
    early = play_round(start(2, rounds=1, questions=4, board_every=2, mix="choice"), 1)
    assert GAME.apply(early, {"type": "next"}).stage == "drawing"


def test_the_headline_moves_when_the_stage_does_not_on_every_lock_in() -> None:
    """The screens get a state at once only when its headline moves (host/wire/broadcast.py):
    the question shown and its reveal, not the lock-ins in between."""
    drawing = to_question(start(teams=3))
    asked = ask(drawing, choice_q(answer=1))
    assert GAME.headline(asked) != GAME.headline(drawing)
    first = answer(asked, 0, 1)
    second = answer(first, 1, 2)
    assert GAME.headline(first) == GAME.headline(second) == GAME.headline(asked)
    revealed = answer(second, 2, 1)  # every team in: the answers close
    assert revealed.stage == "reveal"
    assert GAME.headline(revealed) != GAME.headline(second)
