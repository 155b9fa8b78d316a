"""The host's undo takes back the host's decision only (issue 48, point 1): the teams'
answers, buzzes and jokers made after it are kept where they still apply, one test per
host decision kind (real Session, virtual time, real SQLite journal); where a move no
longer applies (its question was taken back) the team's phones are told why, in both
languages, and a replay of the journal gives the same state."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.room.hub import Hub
from host.store.journal import Journal
from host.store.replay import rebuild
from host.session.core import HOST, Origin, Session
from tests.synthetic import synthetic_bank

S = 1_000_000_000


def st(session: Session) -> Any:
    """The engine's state (the game has started)."""
    assert session.state is not None
    return session.state


@pytest.fixture
def made(tmp_path: Path) -> Any:
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    journal = Journal(tmp_path / "undo.sqlite")
    hub = Hub(journal, synthetic_bank(20, typed=5), publish=None, clock=clock,
              scheduler_factory=lambda: scheduler, threaded=False)

    def start(**settings: Any) -> Session:
        session = hub.create_game("quiz-round", [{"name": n} for n in ("Ana", "Bob", "Chloé")],
                                  settings={"intro_seconds": 0, "rounds": 2, "questions": 2,
                                            **settings}, seed=5)
        assert session.submit(HOST, {"type": "start"}).ok
        return session

    yield start, clock
    journal.close()


def seat(n: int) -> Origin:
    return Origin("seat", n, "phone")


def answer(session: Session, n: int, value: Any, clock: VirtualClock) -> None:
    result = session.submit(seat(n), {"type": "answer", "seat": n, "value": value,
                                      "t_ns": clock.now_ns()})
    assert result.ok, result


def undo(session: Session) -> dict[str, Any]:
    done = session.submit(HOST, {"type": "undo"})
    assert done.ok, done
    rows = session.journal.rows(session.id)
    config = session.journal.game(session.id).config  # type: ignore[union-attr]
    again = rebuild(session.game, config, rows)  # the journal says the same (a restart)
    assert session.game.to_json(again.state) == session.game.to_json(session.state)
    return done.data


def answers(session: Session) -> dict[int, Any]:
    assert st(session).asked is not None
    return {a.seat: a.value for a in st(session).asked.answers}


def phone(session: Session, n: int) -> dict[str, Any]:
    return session.view(f"seat:{n}")["view"]


def test_undoing_a_score_edit_keeps_the_answers_made_after_it(made: Any) -> None:
    start, clock = made
    session = start(mix="choice")
    assert session.submit(HOST, {"type": "next"}).ok
    answer(session, 0, 1, clock)
    edit = {"type": "adjust", "seat": 2, "points": -5, "reason": "téléphone"}
    assert session.submit(HOST, edit).ok
    answer(session, 1, 2, clock)
    undo(session)
    assert answers(session) == {0: 1, 1: 2}  # seat 1's answer stands
    assert st(session).scores == (0, 0, 0) and st(session).adjustments == ()
    assert phone(session, 1)["legal"] == []  # it cannot answer twice
    assert "undone" not in phone(session, 1)


def test_undoing_a_score_edit_on_a_title_card_keeps_the_joker_played_after_it(made: Any) -> None:
    start, _ = made
    session = start(mix="choice")
    edit = {"type": "adjust", "seat": 2, "points": 3, "reason": "costumes"}
    assert session.submit(HOST, edit).ok
    assert session.submit(seat(0), {"type": "joker", "seat": 0}).ok
    undo(session)
    assert st(session).jokers[0] == 0 and st(session).scores == (0, 0, 0)


def test_undoing_the_running_timer_s_neighbour_keeps_its_time(made: Any) -> None:
    """An undo that leaves the game at the same wait does not give the question its whole
    time again."""
    start, clock = made
    session = start(mix="choice", seconds=20)
    assert session.submit(HOST, {"type": "next"}).ok
    clock.t_ns += 12 * S
    assert session.submit(HOST, {"type": "adjust", "seat": 0, "points": 2, "reason": "x"}).ok
    undo(session)
    assert session.timer_left() == pytest.approx(8.0, abs=0.01)


@pytest.mark.parametrize("ruling", ["accept", "reject"])
def test_undoing_a_typed_ruling_keeps_the_answers_typed_after_it(made: Any, ruling: str) -> None:
    start, clock = made
    session = start(mix="text")
    assert session.submit(HOST, {"type": "next"}).ok
    answer(session, 0, "loutre", clock)
    assert session.submit(HOST, {"type": ruling, "key": "loutre"}).ok
    answer(session, 1, "Le castor", clock)
    undo(session)
    assert answers(session) == {0: "loutre", 1: "Le castor"}
    assert st(session).asked is not None and st(session).asked.rulings == ()


def test_undoing_a_close_keeps_the_answers_and_drops_the_next_question_s_with_a_notice(
        made: Any) -> None:
    start, clock = made
    session = start(mix="choice", reveal_seconds=3)
    assert session.submit(HOST, {"type": "next"}).ok
    answer(session, 0, 1, clock)
    assert session.submit(HOST, {"type": "close"}).ok
    while st(session).stage != "answering":  # the reveal's time runs out: question 2
        assert session.scheduler.run_next()
    assert st(session).number == 1
    answer(session, 1, 0, clock)  # seat 1 answers the second question
    data = undo(session)  # the close: back to the first question, with seat 0's answer
    assert st(session).number == 0 and answers(session) == {0: 1}
    assert data["dropped"] == 1
    told = phone(session, 1)["undone"]
    assert "retirée" in told["fr"] and "taken back" in told["en"]
    assert phone(session, 1)["legal"]  # seat 1 may answer the first question now
    assert "undone" not in phone(session, 0)
    answer(session, 1, 2, clock)


def test_undoing_a_skip_gives_back_the_question_with_its_answers_and_tells_the_others(
        made: Any) -> None:
    start, clock = made
    session = start(mix="choice")
    assert session.submit(HOST, {"type": "next"}).ok
    first = st(session).asked.content["id"]
    answer(session, 0, 1, clock)
    assert session.submit(HOST, {"type": "skip"}).ok
    answer(session, 1, 0, clock)  # on the stand-in question
    undo(session)
    assert st(session).asked.content["id"] == first and answers(session) == {0: 1}
    assert "en" in phone(session, 1)["undone"]


def test_undoing_next_off_a_board_drops_the_joker_with_a_notice(made: Any) -> None:
    start, _ = made
    session = start(mix="choice", board_seconds=0, reveal_seconds=0, questions=1)
    assert session.submit(HOST, {"type": "next"}).ok  # title card -> question
    assert session.submit(HOST, {"type": "close"}).ok  # reveal
    assert session.submit(HOST, {"type": "next"}).ok  # board
    assert session.submit(HOST, {"type": "next"}).ok  # round 2's title card
    assert session.submit(seat(2), {"type": "joker", "seat": 2}).ok
    undo(session)
    assert st(session).stage == "board" and st(session).jokers[2] == -1
    assert "joker" in phone(session, 2)["undone"]["en"]


def test_undoing_end_gives_the_game_back_with_its_answers(made: Any) -> None:
    start, clock = made
    session = start(mix="choice")
    assert session.submit(HOST, {"type": "next"}).ok
    answer(session, 0, 1, clock)
    assert session.submit(HOST, {"type": "end"}).ok
    assert session.status == "over"
    undo(session)
    assert session.status == "running" and st(session).stage == "answering"
    assert answers(session) == {0: 1}
    answer(session, 1, 1, clock)


def test_undo_after_next_off_the_final_board_allows_a_late_score_fix(made: Any) -> None:
    start, _ = made
    session = start(mix="choice", rounds=1, questions=1, board_seconds=0, reveal_seconds=0)
    for step in ("next", "close", "next", "next"):
        assert session.submit(HOST, {"type": step}).ok, step
    assert session.status == "over"
    undo(session)
    assert session.status == "running" and st(session).stage == "board"
    assert session.submit(HOST, {"type": "adjust", "seat": 1, "points": 2, "reason": "fix"}).ok
    assert session.submit(HOST, {"type": "next"}).ok
    assert session.status == "over"
    result = session.journal.game(session.id).result
    assert {p["seat"]: p["score"] for p in result["players"]}[1] == 2


def buzz_round(made: Any) -> tuple[Session, VirtualClock]:
    start, clock = made
    session = start(plan=[{"questions": 2, "mix": "buzz"}], early_lockout_ms=0,
                    reveal_seconds=2)
    assert session.submit(HOST, {"type": "next"}).ok
    clock.t_ns += S
    return session, clock


def buzz(session: Session, n: int) -> None:
    result = session.submit(seat(n), {"type": "buzz", "seat": n})
    assert result.ok, result


def floor(session: Session) -> Any:
    return session.game.view(session.state, "host")["buzz"]["floor"]


def test_undoing_a_score_edit_keeps_the_buzz_made_after_it(made: Any) -> None:
    session, _ = buzz_round(made)
    assert session.submit(HOST, {"type": "adjust", "seat": 2, "points": 1, "reason": "x"}).ok
    buzz(session, 0)
    undo(session)
    assert floor(session) == 0 and st(session).scores == (0, 0, 0)


def test_undoing_wrong_gives_the_floor_back_and_tells_the_team_that_buzzed_after(
        made: Any) -> None:
    session, clock = buzz_round(made)
    buzz(session, 0)
    assert session.submit(HOST, {"type": "wrong"}).ok
    clock.t_ns += S
    buzz(session, 1)
    assert floor(session) == 1
    data = undo(session)  # seat 0 holds the floor again: seat 1's buzz cannot stand
    assert floor(session) == 0 and data["dropped"] == 1
    told = phone(session, 1)["undone"]
    assert "ne s’applique plus" in told["fr"] and "no longer applies" in told["en"]


def test_undoing_right_takes_back_the_next_question_and_tells_who_buzzed_on_it(
        made: Any) -> None:
    session, clock = buzz_round(made)
    buzz(session, 0)
    assert session.submit(HOST, {"type": "right"}).ok
    while st(session).number != 1 or st(session).stage != "answering":
        assert session.scheduler.run_next()  # type: ignore[attr-defined]
    clock.t_ns += S
    buzz(session, 1)
    undo(session)
    assert st(session).number == 0 and floor(session) == 0
    assert "buzzé" in phone(session, 1)["undone"]["fr"]
