"""No game is left without a next step: after an unexpected error the Session reloads
the journal's state, re-arms its timer with the time that was left and re-plans the
bots. And group commit: events waiting together are committed with one fsync, each
answered only once it is in the journal.

In-process Sessions on a real SQLite journal; the error is injected by wrapping the
engine's `apply` for one event (the engine itself stays untouched).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from host.clock import RealClock, ThreadScheduler, VirtualClock, VirtualScheduler
from host.room.hub import Hub
from host.store.journal import Journal
from host.store.replay import rebuild
from host.session.core import HOST, Origin, Session
from tests.synthetic import synthetic_bank

BANK = synthetic_bank(150)
MAP = "generated:12:4"


class Night:
    def __init__(self, path: Path) -> None:
        self.clock = VirtualClock()
        self.scheduler = VirtualScheduler(self.clock)
        self.journal = Journal(path)
        self.hub = Hub(self.journal, BANK, publish=None, clock=self.clock,
                       scheduler_factory=lambda: self.scheduler, threaded=False)

    def run_until(self, session: Session, done: Callable[[], bool], steps: int = 100_000) -> bool:
        for _ in range(steps):
            if done():
                return True
            if not self.scheduler.run_next():
                return done()
        return done()


def fail_once(session: Session, when: Callable[[dict[str, Any]], bool]) -> list[dict[str, Any]]:
    """The next event matching `when` raises inside the engine's apply, once."""
    failed: list[dict[str, Any]] = []
    real = session.game.apply

    def apply(state: Any, event: dict[str, Any]) -> Any:
        if not failed and when(event):
            failed.append(dict(event))
            raise RuntimeError("injected: a bug in one event")
        return real(state, event)

    session.game.apply = apply  # type: ignore[method-assign]
    return failed


def same_as_replay(session: Session) -> bool:
    rebuilt = rebuild(session.game, session.config, session.journal.rows(session.id))
    return bool(session.game.to_json(rebuilt.state) == session.game.to_json(session.state))


def bot_game(night: Night) -> Session:
    session = night.hub.create_game("territory", [{"bot": 2}, {"bot": 4}, {"bot": 5}],
                                    game_map=MAP, seed=21, pace=0.5)
    assert session.submit(HOST, {"type": "start"}).ok
    return session


def humans_game(night: Night) -> Session:
    session = night.hub.create_game("territory", [{"name": "Ana"}, {"name": "Bob"}],
                                    game_map=MAP, seed=4)
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.meta()["timer"] is not None
    return session


def test_a_timeout_that_raises_still_leads_to_the_next_step(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)  # nobody answers: only the timer moves this game
    failed = fail_once(session, lambda e: e["type"] == "timeout")
    stage, seq = session.stage_key(), session.last_seq
    assert night.scheduler.run_next()  # the timer fires; its timeout raises
    assert failed and session.last_seq == seq and session.stage_key() == stage
    assert session.meta()["timer"] is not None  # re-armed
    assert night.run_until(session, lambda: session.stage_key() != stage)
    assert session.last_seq > seq
    assert same_as_replay(session)


def test_a_bot_move_that_raises_mid_step_still_ends_the_game(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = bot_game(night)
    assert night.run_until(session, lambda: session.last_seq >= 8)
    failed = fail_once(session, lambda e: "seat" in e and e["type"] != "timeout")
    assert night.run_until(session, lambda: session.status == "over")
    assert failed
    assert same_as_replay(session)


def test_an_unexpected_error_keeps_the_time_that_was_left(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = humans_game(night)
    left = session.timer_left()
    assert left > 5
    night.clock.t_ns += 3_000_000_000
    fail_once(session, lambda e: e["type"] == "answer")
    answer = session.submit(Origin("seat", 0), {"type": "answer", "value": 1})
    assert answer.code == "internal"
    assert abs(session.timer_left() - (left - 3)) < 0.01
    assert session.submit(Origin("seat", 0), {"type": "answer", "value": 1}).ok


def test_presses_waiting_together_share_one_commit(tmp_path: Path) -> None:
    journal = Journal(tmp_path / "j.sqlite", slow_commit=0.02)  # a slow card
    clock = RealClock()
    hub = Hub(journal, BANK, publish=None, clock=clock,
              scheduler_factory=lambda: ThreadScheduler(clock))
    session = hub.create_game("buzzer", [{"name": f"P{i}"} for i in range(40)], seed=3)
    assert session.submit(HOST, {"type": "start"}).ok
    assert session.submit(HOST, {"type": "open", "mode": "ranking"}).ok
    before = journal.commits
    answers: list[Any] = [None] * 40
    seen_in_journal: list[bool] = [False] * 40

    def press(seat: int) -> None:
        answers[seat] = session.submit(Origin("seat", seat), {
            "type": "buzz", "t_ns": clock.now_ns(), "source": "phone", "u_ns": 1_000_000})
        # Acknowledged only once committed: the row is there when the answer comes.
        if answers[seat].ok:
            seen_in_journal[seat] = any(r.seq == answers[seat].seq
                                        for r in journal.rows(session.id))

    threads = [threading.Thread(target=press, args=(seat,)) for seat in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    ok = [a for a in answers if a.ok]
    assert len(ok) == 40, [a.as_json() for a in answers if not a.ok]
    assert all(seen_in_journal)
    assert len({a.seq for a in ok}) == 40
    assert journal.commits - before < 20  # 40 presses, far fewer fsyncs
    hub.close()
