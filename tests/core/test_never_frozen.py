"""A game never freezes (issue 15): nobody answering pauses it with the reason, the host's
`resume` goes on; a bank missing a question kind is refused when the game is created."""

from __future__ import annotations

from pathlib import Path

import pytest

from host.clock import VirtualClock, VirtualScheduler
from host.games.contract import GameError
from host.room.hub import Hub
from host.store.journal import Journal
from host.quiz.bank import QuestionBank
from host.session.core import HOST
from tests.core.test_session import Night, humans_game, replayed_json, state_json
from tests.synthetic import synthetic_bank


def test_nobody_answering_pauses_the_game_until_the_host_resumes(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)  # two phone seats that never answer
    asked = set()
    for _ in range(10_000):
        meta = session.meta()
        if meta["paused"]:
            break
        question = session.state.question
        if question is not None and question.content is not None:
            asked.add(question.content["id"])
        assert night.scheduler.run_next(), "the game froze: no timer and not paused"
    assert meta["pause_reason"] == "nobody_answered"
    assert len(asked) == 3  # three silent expansion questions, then the pause
    assert session.timer_left() == 0 or meta["timer"] is None
    # The projector and host page say why: the view carries the reason.
    assert session.view("screen")["view"]["pause_reason"] == "nobody_answered"

    assert session.submit(HOST, {"type": "resume"}).ok
    assert session.meta()["paused"] is False
    assert session.state.question is not None  # the next question is asked
    assert state_json(session) == replayed_json(session)
    assert not session.submit(HOST, {"type": "resume"}).ok  # nothing to resume now


def test_a_bank_without_a_needed_kind_is_refused_at_creation(tmp_path: Path) -> None:
    numeric_only = QuestionBank([q for q in synthetic_bank(20).questions if q.kind == "numeric"])
    clock = VirtualClock()
    hub = Hub(Journal(tmp_path / "j.sqlite"), numeric_only, publish=None, clock=clock,
              scheduler_factory=lambda: VirtualScheduler(clock), threaded=False)
    with pytest.raises(GameError, match="no choice question in 'fr'"):
        hub.create_game("territory", [{"bot": 2}, {"bot": 3}], game_map="generated:14:5")
    assert hub.journal.games() == []  # nothing written
    hub.create_game("buzzer", [{"name": "A"}, {"name": "B"}])  # a kind without questions
