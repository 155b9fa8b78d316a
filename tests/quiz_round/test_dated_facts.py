"""The quiz round's "Dated facts: leave out those older than N years" (`max_fact_age`) under a
real Hub and Session: the plan is counted without them, no draw asks one, the setting is
journaled with the game's others, and the host form offers it in both languages."""

from __future__ import annotations

import dataclasses
import datetime
from pathlib import Path

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games import forms
from host.games.contract import GameError
from host.room.hub import Hub
from host.store.journal import Journal
from host.quiz.bank import QuestionBank
from host.quiz_round.kind import KIND
from host.session.core import HOST, Session
from tests.synthetic import synthetic_bank

OLD = str(datetime.date.today().year - 8)  # more than 5 years ago
RECENT = str(datetime.date.today().year - 1)


def dated_bank() -> QuestionBank:
    """20 choice questions: 0-7 dated 8 years ago, 8-11 dated last year, the rest undated."""
    questions = [q for q in synthetic_bank(20).questions if q.kind == "choice"]
    return QuestionBank([dataclasses.replace(q, as_of=OLD if i < 8 else RECENT if i < 12 else None)
                         for i, q in enumerate(questions)])


def new_hub(tmp_path: Path) -> Hub:
    clock = VirtualClock()
    scheduler = VirtualScheduler(clock)
    return Hub(Journal(tmp_path / "quiz.sqlite"), dated_bank(), publish=None, clock=clock,
               scheduler_factory=lambda: scheduler, threaded=False)


def create(hub: Hub, questions: int, **settings: int) -> Session:
    return hub.create_game("quiz-round", [{"name": "Ana"}, {"name": "Bob"}], seed=3,
                           settings={"rounds": 1, "questions": questions, "mix": "choice",
                                     "intro_seconds": 0, **settings})


def test_a_plan_is_counted_without_the_old_facts(tmp_path: Path) -> None:
    hub = new_hub(tmp_path)
    with pytest.raises(GameError, match="13 choice questions but the selection holds 12"):
        create(hub, 13, max_fact_age=5)
    create(hub, 12, max_fact_age=5)
    create(hub, 20)  # 0 keeps them all


def test_no_question_drawn_is_an_old_fact_and_the_setting_is_journaled(tmp_path: Path) -> None:
    hub = new_hub(tmp_path)
    session = create(hub, 12, max_fact_age=5)
    record = hub.journal.game(session.id)
    assert record is not None and record.config["settings"]["max_fact_age"] == 5
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok
    asked = []
    for _ in range(12):
        shown = session.view("host")["view"]
        asked.append(shown["truth"]["id"])
        assert session.submit(HOST, {"type": "close"}).ok
        assert session.submit(HOST, {"type": "next"}).ok
    bank = hub.bank
    assert len(set(asked)) == 12
    assert all(bank.get(qid).as_of != OLD for qid in asked)


def test_without_the_setting_old_facts_are_drawn(tmp_path: Path) -> None:
    hub = new_hub(tmp_path)
    session = create(hub, 20)
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok
    asked = []
    for _ in range(20):
        asked.append(session.view("host")["view"]["truth"]["id"])
        assert session.submit(HOST, {"type": "close"}).ok
        assert session.submit(HOST, {"type": "next"}).ok
    assert sum(hub.bank.get(qid).as_of == OLD for qid in asked) == 8


def test_the_host_form_offers_it_in_both_languages() -> None:
    field = next(s for s in forms.describe(KIND)["settings"] if s["key"] == "max_fact_age")
    assert field["default"] == 0 and field["type"] == "int"
    assert "Faits datés" in field["label"]["fr"] and "Dated facts" in field["label"]["en"]
