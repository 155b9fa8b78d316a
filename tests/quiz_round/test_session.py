"""The quiz round under a real Session (virtual time, real SQLite journal): refusals with
their reason that change nothing, the plan checked against the bank, the speed bonus from
the Session's stamp of the question, the host's undo, and a replay from the journal."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games.contract import GameError
from host.room.hub import Hub
from host.store.journal import Journal
from host.store.replay import rebuild
from host.session.core import HOST, Origin, Session
from tests.synthetic import synthetic_bank

S = 1_000_000_000


def new_hub(tmp_path: Path, per_kind: int = 40) -> tuple[Hub, VirtualClock, VirtualScheduler]:
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    hub = Hub(Journal(tmp_path / "quiz.sqlite"), synthetic_bank(per_kind), publish=None,
              clock=clock, scheduler_factory=lambda: scheduler, threaded=False)
    return hub, clock, scheduler


def started(hub: Hub, **settings: Any) -> Session:
    session = hub.create_game("quiz-round", [{"name": n} for n in ("Ana", "Bob", "Chloé")],
                              settings={"intro_seconds": 0, **settings}, seed=5)
    assert session.submit(HOST, {"type": "start"}).ok
    return session


def view(session: Session, audience: str = "host") -> dict[str, Any]:
    return session.view(audience)["view"]


def seat(n: int) -> Origin:
    return Origin("seat", n, "phone")


def test_a_plan_asking_more_than_the_selection_holds_is_refused_with_the_count(
        tmp_path: Path) -> None:
    hub, _, _ = new_hub(tmp_path, per_kind=10)
    with pytest.raises(GameError, match="12 numeric questions but the selection holds 10"):
        hub.create_game("quiz-round", [{"name": "A"}, {"name": "B"}],
                        settings={"plan": [{"questions": 12, "mix": "numeric"}]})
    assert hub.sessions == {}  # nothing was created
    hub.create_game("quiz-round", [{"name": "A"}, {"name": "B"}],
                    settings={"plan": [{"questions": 10, "mix": "numeric"}]})


def test_refusals_say_why_and_change_nothing(tmp_path: Path) -> None:
    hub, _, _ = new_hub(tmp_path)
    session = started(hub, rounds=2, questions=1, mix="choice")
    assert session.submit(seat(0), {"type": "joker", "seat": 0}).ok
    again = session.submit(seat(0), {"type": "joker", "seat": 0})
    assert not again.ok and "already" in again.reason
    before = session.last_seq
    no_reason = session.submit(HOST, {"type": "adjust", "seat": 1, "points": 5, "reason": ""})
    assert not no_reason.ok and "reason" in no_reason.reason
    assert session.submit(HOST, {"type": "next"}).ok  # off the title card: the question
    question = view(session)
    assert question["stage"] == "answering"
    mid = session.submit(seat(1), {"type": "joker", "seat": 1})
    assert not mid.ok and "before a round" in mid.reason
    wrong_kind = session.submit(seat(1), {"type": "answer", "seat": 1, "value": "B", "t_ns": 0})
    out_of_range = session.submit(seat(1), {"type": "answer", "seat": 1, "value": 9, "t_ns": 0})
    assert not wrong_kind.ok and not out_of_range.ok and "option" in out_of_range.reason
    assert session.last_seq == before + 2  # only the `next` and the question were journaled
    assert view(session)["players"] == question["players"]


def test_the_speed_bonus_counts_from_the_sessions_stamp_and_undo_takes_back_a_close(
        tmp_path: Path) -> None:
    hub, clock, _ = new_hub(tmp_path)
    session = started(hub, rounds=1, questions=2, mix="choice", seconds=20, speed_bonus=10)
    assert session.submit(HOST, {"type": "next"}).ok
    truth = view(session)["truth"]["answer"]
    clock.t_ns += 5 * S  # 5 s of the 20: three quarters of the bonus left
    assert session.submit(seat(0), {"type": "answer", "seat": 0, "value": truth}).ok
    assert session.submit(HOST, {"type": "close"}).ok
    assert view(session)["rows"][0]["points"] == 10 + 8  # 7.5 rounded half up
    assert session.submit(HOST, {"type": "undo"}).ok  # the close is taken back
    reopened = view(session)
    assert reopened["stage"] == "answering" and reopened["players"][0]["score"] == 0
    assert session.submit(seat(1), {"type": "answer", "seat": 1, "value": truth}).ok
    rebuilt = rebuild(session.game, hub.journal.game(session.id).config,  # type: ignore[union-attr]
                      hub.journal.rows(session.id))
    assert session.game.to_json(rebuilt.state) == session.game.to_json(session.state)


def test_a_round_draws_within_its_own_difficulties_and_is_refused_when_they_run_short(
        tmp_path: Path) -> None:
    hub, _, _ = new_hub(tmp_path)  # 40 per kind: 8 choice questions of each difficulty
    with pytest.raises(GameError, match="round 1: 10 choice questions but the selection "
                                       "holds 8"):
        hub.create_game("quiz-round", [{"name": "A"}, {"name": "B"}], settings={
            "plan": [{"questions": 10, "mix": "choice", "min_difficulty": 3,
                      "max_difficulty": 3}]})
    with pytest.raises(GameError, match="round 1: unknown pack"):
        hub.create_game("quiz-round", [{"name": "A"}, {"name": "B"}], settings={
            "plan": [{"questions": 1, "packs": ["no-such-pack"]}]})
    session = started(hub, intro_seconds=0, plan=[
        {"questions": 3, "mix": "choice", "min_difficulty": 3, "max_difficulty": 3}])
    assert session.submit(HOST, {"type": "next"}).ok
    seen = []
    for _ in range(3):
        shown = view(session)
        seen.append(shown["question"]["difficulty"])
        assert session.submit(HOST, {"type": "close"}).ok
        assert session.submit(HOST, {"type": "next"}).ok
    assert seen == [3, 3, 3]


def test_a_score_edit_is_journaled_shown_and_undone(tmp_path: Path) -> None:
    hub, _, _ = new_hub(tmp_path)
    session = started(hub)
    edit = {"type": "adjust", "seat": 2, "points": 4, "reason": "bonne humeur"}
    assert session.submit(HOST, edit).ok
    shown = view(session, "screen")
    assert shown["edits"] == [{"seat": 2, "name": "Chloé", "points": 4, "reason": "bonne humeur"}]
    assert {p["seat"]: p["score"] for p in shown["players"]}[2] == 4
    assert session.submit(HOST, {"type": "undo"}).ok
    assert view(session, "screen")["edits"] == []
    assert all(p["score"] == 0 for p in view(session, "screen")["players"])


def test_a_restart_mid_buzz_question_resumes_where_it_was(tmp_path: Path) -> None:
    hub, _, _ = new_hub(tmp_path)
    session = started(hub, plan=[{"questions": 2, "mix": "buzz"}], early_lockout_ms=300)
    assert session.submit(HOST, {"type": "next"}).ok
    assert session.submit(seat(1), {"type": "buzz", "seat": 1}).ok
    assert session.submit(HOST, {"type": "wrong"}).ok  # seat 1 out, the buzzers re-armed
    before = session.game.to_json(session.state)
    hub.journal.close()
    again, _, _ = new_hub(tmp_path)
    resumed = again.resume_all()[0]
    assert resumed.game.to_json(resumed.state) == before
    shown = resumed.view("screen")["view"]
    assert shown["stage"] == "answering" and shown["buzz"]["out"] == [1]
    assert resumed.submit(seat(2), {"type": "buzz", "seat": 2}).ok
    assert resumed.view("screen")["view"]["buzz"]["floor"] == 2


def test_a_round_of_questions_picked_by_hand_asks_them_in_order(tmp_path: Path) -> None:
    hub, _, _ = new_hub(tmp_path)
    picked = ["fr-tnum-0003", "fr-tcho-0007", "fr-tcho-0001"]
    with pytest.raises(GameError, match="round 1: no question fr-nope-0001"):
        hub.create_game("quiz-round", [{"name": "A"}, {"name": "B"}],
                        settings={"plan": [{"ids": ["fr-nope-0001"]}]})
    session = started(hub, plan=[{"ids": picked, "title": "Au choix"}])
    assert session.submit(HOST, {"type": "next"}).ok
    asked = []
    for number in range(3):
        shown = view(session)
        asked.append(shown["truth"]["id"])
        assert shown["of"] == 3
        order = {"type": "skip"} if number == 1 else {"type": "close"}
        assert session.submit(HOST, order).ok
        if number != 1:
            assert session.submit(HOST, {"type": "next"}).ok
    assert asked == picked  # a skipped one is dropped, not replaced: the next is the next id
    assert view(session)["stage"] == "board"
