"""Issue 48, point 4: a host's pause stops the speed bonus's clock and the answer's time
(real Session, virtual time, SQLite journal), and a replay of the journal agrees."""

from __future__ import annotations

from pathlib import Path

from host.clock import VirtualClock, VirtualScheduler
from host.room.hub import Hub
from host.store.journal import Journal
from host.store.replay import rebuild
from host.session.core import HOST, Origin
from tests.synthetic import synthetic_bank

S = 1_000_000_000


def test_a_pause_is_not_answer_time(tmp_path: Path) -> None:
    clock = VirtualClock()
    journal = Journal(tmp_path / "pause.sqlite")
    hub = Hub(journal, synthetic_bank(20), publish=None, clock=clock,
              scheduler_factory=lambda: VirtualScheduler(clock), threaded=False)
    session = hub.create_game("quiz-round", [{"name": "A"}, {"name": "B"}], seed=2,
                              settings={"intro_seconds": 0, "rounds": 1, "questions": 1,
                                        "mix": "choice", "seconds": 20, "speed_bonus": 5})
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "next"}).ok
    assert session.state is not None and session.state.asked is not None
    truth = session.state.asked.content["answer"]
    clock.t_ns += 2 * S
    assert session.submit(HOST, {"type": "pause"}).ok
    clock.t_ns += 60 * S
    assert session.submit(HOST, {"type": "resume"}).ok
    clock.t_ns += 1 * S  # 17 s left on the countdown
    assert abs(session.timer_left() - 17) < 0.01
    answer = {"type": "answer", "value": truth, "t_ns": clock.now_ns()}
    assert session.submit(Origin("seat", 0, "p"), answer).ok
    assert session.submit(HOST, {"type": "close"}).ok
    rows = {r["seat"]: r for r in session.state.outcome["rows"]}
    assert (rows[0]["points"], rows[0]["bonus"], rows[0]["ms"]) == (14, 4, 3000)  # 5 x 17/20
    again = rebuild(session.game, session.config, journal.rows(session.id))
    assert session.game.to_json(again.state) == session.game.to_json(session.state)
    journal.close()
