"""The wipeout round and double or nothing (issue 44, point 2): a wrong answer wipes out the
team's points of the round and it earns nothing more in it, no answer is safe; a team may
double its round until the last question is out, a right last answer doubles it, anything
else loses it; every refused double changes nothing. Then a real Session: a double is
journaled, kept by an undo of a later decision, dropped with a notice when its question is
taken back, and the game replays from its journal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games.contract import BadSettings, GameError, OutOfTurn, StaleEvent
from host.messages import text as message_text
from host.quiz_round.state import QuizState, parse_settings
from host.room.hub import Hub
from host.session.core import HOST, Origin
from host.store.journal import Journal
from host.store.replay import rebuild
from tests.quiz_round.helpers import GAME, S, answer, ask, choice_q, row, start


def double(state: QuizState, seat: int) -> QuizState:
    return GAME.apply(state, {"type": "double", "seat": seat})


def reveal(state: QuizState, answers: dict[int, int], right: int = 1) -> QuizState:
    """The next question asked (choice, `right` its answer), answered, closed."""
    if state.stage == "reveal":
        state = GAME.apply(state, {"type": "next"})
    state = ask(state, choice_q(answer=right))
    for seat, value in answers.items():
        state = answer(state, seat, value, t_ns=S)
    return GAME.apply(state, {"type": "close"}) if state.stage == "answering" else state


def risky(questions: int = 3, teams: int = 3, **settings: Any) -> QuizState:
    return start(teams, rounds=1, questions=questions, speed_bonus=0, mix="choice",
                 **settings)


def test_a_wrong_answer_wipes_out_the_round_and_a_blank_is_safe() -> None:
    state = risky(wipeout=True)
    state = reveal(state, {0: 1, 1: 1, 2: 1})  # all right: 10 each
    assert state.scores == (10, 10, 10)
    state = reveal(state, {0: 2, 1: 1})  # seat 0 wrong: wiped; seat 2 leaves it blank: safe
    assert state.scores == (0, 20, 10)
    assert row(state, 0)["wiped"] == 10 and row(state, 0)["points"] == -10
    assert state.outcome is not None and state.outcome["risk"]["wiped"] == 1
    assert GAME.view(state, "seat:0")["you"]["risk"] == {
        "doubled": False, "may_double": False, "wiped": True}
    board = {p["seat"]: p for p in GAME.view(state, "screen")["players"]}
    assert board[0]["wiped"] is True and "wiped" not in board[1]
    state = reveal(state, {0: 1, 1: 1, 2: 0})  # wiped out: a right answer earns nothing more
    assert state.scores == (0, 30, 0)  # seat 2 wrong on the last: its 10 wiped out
    assert row(state, 0)["wiped_out"] is True and row(state, 0)["points"] == 0
    assert row(state, 2)["wiped"] == 10


def test_a_wipeout_takes_the_joker_s_points_but_never_a_score_edit() -> None:
    state = risky(wipeout=True)
    state = GAME.apply(state, {"type": "joker", "seat": 0})
    state = reveal(state, {0: 1})
    assert state.scores[0] == 20
    state = GAME.apply(state, {"type": "adjust", "seat": 0, "points": 5, "reason": "fair play"})
    state = reveal(state, {0: 3})
    assert state.scores[0] == 5


def test_double_or_nothing_doubles_a_right_last_answer_and_loses_on_anything_else() -> None:
    state = risky(double_or_nothing=True, teams=4)
    state = double(state, 0)  # on the title card
    state = reveal(state, {0: 1, 1: 1, 2: 1, 3: 1})
    state = double(state, 1)  # at the first reveal
    state = reveal(state, {0: 1, 1: 1, 2: 1, 3: 1})
    state = double(state, 2)  # before the last question opens
    state = reveal(state, {0: 1, 1: 0, 3: 1})  # 0 right, 1 wrong, 2 no answer
    assert state.scores == (60, 0, 0, 30)
    assert row(state, 0)["double"] == "won" and row(state, 0)["doubled"] == 60
    assert row(state, 1)["double"] == "lost" and row(state, 1)["lost"] == 20
    assert row(state, 2)["value"] is None and row(state, 2)["double"] == "lost"
    assert state.outcome is not None and state.outcome["risk"] == {
        "wiped": 0, "won": 1, "lost": 2, "teams": [  # for the projector: who, and how much
            {"seat": 1, "name": "Team 1", "kind": "lost", "points": 20},
            {"seat": 2, "name": "Team 2", "kind": "lost", "points": 20},
            {"seat": 0, "name": "Team 0", "kind": "won", "points": 60}]}
    assert state.outcome["answered"] == 3  # the lost double's row is not an answer


def test_wipeout_and_double_together() -> None:
    state = risky(wipeout=True, double_or_nothing=True)
    state = double(double(state, 0), 1)
    state = reveal(state, {0: 1, 1: 2, 2: 3})  # seats 1 and 2 wiped: 0 to double
    with pytest.raises(OutOfTurn, match="wiped out this round: nothing to double"):
        double(state, 2)
    assert all(a["type"] != "double" for a in GAME.legal_actions(state, 2))
    state = reveal(state, {0: 1, 1: 1})
    state = reveal(state, {0: 1, 1: 1})
    assert state.scores == (60, 0, 0)  # seat 1's double of a wiped round: 0


@pytest.mark.parametrize("when, error, why", [
    ("last_open", StaleEvent, "too late: the round's last question is out"),
    ("last_reveal", StaleEvent, "too late: the round's last question is out"),
    ("twice", StaleEvent, "already doubled this round"),
    ("plain", OutOfTurn, "this round has no double or nothing"),
])
def test_a_double_after_its_time_twice_or_off_its_round_is_refused(
        when: str, error: type[GameError], why: str) -> None:
    state = risky(questions=2, double_or_nothing=when != "plain")
    if when == "twice":
        state = double(state, 0)
    state = reveal(state, {0: 1})
    if when == "last_open":
        state = ask(GAME.apply(state, {"type": "next"}), choice_q())
    elif when == "last_reveal":
        state = reveal(state, {0: 1})
    before = GAME.to_json(state)
    with pytest.raises(error, match=why):
        double(state, 0)
    assert GAME.to_json(state) == before
    assert GAME.legal_actions(state, 0) == [] or all(
        a["type"] != "double" for a in GAME.legal_actions(state, 0))


@pytest.mark.parametrize("reason", [
    "this round has no double or nothing", "your team has already doubled this round",
    "too late: the round's last question is out",
    "your team is wiped out this round: nothing to double"])
def test_every_double_refusal_has_its_french(reason: str) -> None:
    text = message_text("illegal", reason)
    assert text["fr"] and text["fr"] != text["en"] and "double" not in text["fr"].replace(
        "quitte ou double", "").replace("doubler", "")


@pytest.mark.parametrize("round_, why", [
    ({"mix": "buzz", "wipeout": True}, "a buzz round cannot be"),
    ({"wager": True, "double_or_nothing": True}, "a wager round cannot be"),
    ({"knockout": True, "wipeout": True}, "a knock-out round cannot be"),
    ({"wipeout": "yes"}, "wipeout is true or false"),
])
def test_the_round_types_that_do_not_go_together_are_refused(round_: dict[str, Any],
                                                             why: str) -> None:
    with pytest.raises(BadSettings, match=why):
        parse_settings({"plan": [round_]})
    fr = message_text("bad_settings", f"round 1: {why} x")["fr"]
    assert fr
    plan = parse_settings({"plan": [{"wipeout": True, "double_or_nothing": True}, {}]})
    assert plan.rounds[0].wipeout and plan.rounds[0].double_or_nothing
    assert not plan.rounds[1].wipeout


def test_a_correction_follows_the_wipe_and_the_double() -> None:
    state = risky(wipeout=True, double_or_nothing=True, teams=2)
    state = double(state, 1)
    state = reveal(state, {0: 1, 1: 1})  # question 0: both +10
    state = reveal(state, {0: 2, 1: 1})  # question 1: seat 0 wiped (-10), seat 1 +10
    state = reveal(state, {1: 1})  # question 2: seat 1 doubles: 30 -> 60
    assert state.scores == (0, 60)
    # void question 0: the wiped round stays at 0, the won double loses it twice
    state = GAME.apply(state, {"type": "void", "question": 0, "reason": "bad question"})
    assert state.scores == (0, 40)
    # void question 1, the one that wiped seat 0: what it took comes back (question 0 is void)
    state = GAME.apply(state, {"type": "void", "question": 1, "reason": "misread"})
    assert state.scores == (0, 20)


def test_voiding_the_question_that_wiped_gives_the_round_back() -> None:
    state = risky(wipeout=True, teams=2)
    state = reveal(state, {0: 1})
    state = reveal(state, {0: 2})
    assert state.scores[0] == 0
    state = GAME.apply(state, {"type": "void", "question": 1, "reason": "two right answers"})
    assert state.scores[0] == 10
    assert GAME.view(state, "seat:0")["you"]["risk"]["wiped"] is False


# -- through the Session: journaled, undone, replayed ---------------------------


def test_a_double_is_journaled_kept_by_undo_and_dropped_with_a_notice(tmp_path: Path) -> None:
    from tests.synthetic import synthetic_bank

    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal(tmp_path / "double.sqlite")
    hub = Hub(journal, synthetic_bank(20), publish=None, clock=clock,
              scheduler_factory=lambda: scheduler, threaded=False)
    session = hub.create_game("quiz-round", [{"name": n} for n in ("Ana", "Bob", "Chloé")],
                              settings={"intro_seconds": 0, "reveal_seconds": 0, "rounds": 1,
                                        "questions": 3, "mix": "choice",
                                        "double_or_nothing": True}, seed=5)
    assert session.submit(HOST, {"type": "start"}).ok
    seat = [Origin("seat", n, "phone") for n in range(3)]
    assert session.submit(seat[0], {"type": "double", "seat": 0}).ok  # on the title card
    assert session.submit(HOST, {"type": "adjust", "seat": 1, "points": 5, "reason": "x"}).ok
    assert session.submit(seat[2], {"type": "double", "seat": 2}).ok
    assert session.submit(HOST, {"type": "undo"}).ok  # the score edit: both doubles kept
    assert session.state.doubles == (0, 2)
    again = session.submit(seat[0], {"type": "double", "seat": 0}).as_json()
    assert not again["ok"] and "déjà" in again["text"]["fr"]
    assert session.submit(HOST, {"type": "next"}).ok  # question 1
    assert session.submit(HOST, {"type": "close"}).ok
    assert session.submit(HOST, {"type": "next"}).ok  # question 2
    assert session.submit(seat[1], {"type": "double", "seat": 1}).ok  # on question 2
    assert session.submit(HOST, {"type": "undo"}).ok  # that next: question 2 is taken back
    assert session.state.stage == "reveal" and session.state.doubles == (0, 2)
    told = session.view("seat:1")["view"]["undone"]
    assert "quitte ou double" in told["fr"] and "double or nothing" in told["en"]
    assert session.submit(HOST, {"type": "next"}).ok  # question 2 again
    assert session.submit(HOST, {"type": "close"}).ok
    assert session.submit(HOST, {"type": "next"}).ok  # question 3, the last
    late = session.submit(seat[1], {"type": "double", "seat": 1}).as_json()
    assert not late["ok"] and "trop tard" in late["text"]["fr"].lower()
    assert "too late" in late["text"]["en"].lower()
    view = session.view("screen")["view"]
    assert view["risk"] == {"wipeout": False, "double": True, "doubled": 2, "late": True}
    rebuilt = rebuild(session.game, journal.game(session.id).config,  # type: ignore[union-attr]
                      journal.rows(session.id))
    assert session.game.to_json(rebuilt.state) == session.game.to_json(session.state)
    journal.close()
