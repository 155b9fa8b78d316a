"""The buzzer board through an in-process Session on virtual time: journal, timer, undo."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from host.session import batches as session_batches
from host.clock import VirtualClock, VirtualScheduler
from host.room.hub import Hub
from host.store.journal import Journal
from host.store.replay import rebuild
from host.session.core import HOST, Origin, Session
from tests.synthetic import synthetic_bank

BANK = synthetic_bank(10)
MS = 1_000_000


class Night:
    def __init__(self, path: Path) -> None:
        self.clock = VirtualClock()
        self.scheduler = VirtualScheduler(self.clock)
        self.published: list[tuple[str, dict[str, Any]]] = []
        self.journal = Journal(path)
        self.hub = Hub(self.journal, BANK,
                       publish=lambda g, a, p, skip=(): self.published.append((a, p)),
                       clock=self.clock, scheduler_factory=lambda: self.scheduler,
                       threaded=False)

    def board(self, seats: int = 3, **settings: Any) -> Session:
        session = self.hub.create_game("buzzer", [{"name": f"P{i}"} for i in range(seats)],
                                       settings=settings, seed=5)
        assert session.submit(HOST, {"type": "start"}).ok
        return session

    def last_screen(self) -> dict[str, Any]:
        return next(p for a, p in reversed(self.published) if a == "screen")


def buzz(session: Session, seat: int, t_ns: int, settle_ms: int = 0) -> Any:
    return session.submit(Origin("seat", seat), {"type": "buzz", "t_ns": t_ns, "source": "phone",
                                                 "u_ns": MS, "settle_ns": settle_ms * MS})


def test_the_session_arms_the_settle_timer_and_the_timeout_decides(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.board()
    assert session.submit(HOST, {"type": "open", "mode": "first"}).ok
    now = night.clock.now_ns()
    assert buzz(session, 1, now + 30 * MS, settle_ms=120).ok
    assert session.meta()["timer"]["total"] == 0.12
    assert buzz(session, 2, now + 10 * MS, settle_ms=120).ok  # late arrival, earlier press
    assert night.last_screen()["view"]["floor"] is None
    assert night.scheduler.run_next()  # the settle timer runs out
    screen = night.last_screen()["view"]
    assert screen["floor"] == 2
    assert screen["ranking"][1]["margin_ms"] == 20.0
    assert session.submit(HOST, {"type": "right"}).ok
    rebuilt = rebuild(session.game, session.config, night.journal.rows(session.id))
    assert session.game.to_json(rebuilt.state) == session.game.to_json(session.state)


def test_the_settle_wait_counts_from_when_the_press_was_heard_not_when_the_timer_is_armed(
        tmp_path: Path) -> None:
    """The decision is due at the first press + the settle wait: the time between the socket
    layer hearing the press and the Session arming the timer (its journal, a busy host) is
    not added on top. A press stamped on another clock (ahead of the host's) keeps the whole
    wait."""
    night = Night(tmp_path / "j.sqlite")
    session = night.board()
    assert session.submit(HOST, {"type": "open", "mode": "first"}).ok
    night.clock.t_ns += 200 * MS  # the window has been open a while
    now = night.clock.now_ns()
    pressed = session.submit(Origin("seat", 1), {
        "type": "buzz", "t_ns": now - 50 * MS, "rx_ns": now - 40 * MS, "source": "phone",
        "u_ns": MS, "settle_ns": 120 * MS})
    assert pressed.ok
    assert session.timers.due_ns == now + 70 * MS  # 50 ms ago + 120 ms
    assert night.scheduler.run_next() and night.last_screen()["view"]["floor"] == 1


def test_refused_presses_leave_the_journal_alone(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.board()
    session.submit(HOST, {"type": "open", "mode": "first"})
    assert buzz(session, 0, night.clock.now_ns() + MS).ok
    rows = night.journal.count(session.id)
    refused = [
        buzz(session, 1, night.clock.now_ns() + 2 * MS),  # floor taken
        session.submit(Origin("seat", 0), {"type": "open", "mode": "first"}),  # host only
        session.submit(Origin("seat", 0), {"type": "buzz"}),  # no time
        session.submit(Origin("seat", 1), {"type": "buzz", "seat": 0, "t_ns": 5}),  # other seat
    ]
    assert all(not outcome.ok and outcome.reason for outcome in refused)
    assert night.journal.count(session.id) == rows


def test_host_undo_takes_back_a_wrong_mark(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.board(wrong_penalty=1)
    session.submit(HOST, {"type": "open", "mode": "first"})
    buzz(session, 0, night.clock.now_ns() + MS)
    assert session.submit(HOST, {"type": "wrong"}).ok
    assert session.state.scores[0] == -1
    assert session.submit(HOST, {"type": "undo"}).ok
    assert session.state.scores[0] == 0
    assert night.last_screen()["view"]["floor"] == 0
    again = Night(tmp_path / "j.sqlite").hub.resume_all()[0]
    assert again.state.scores[0] == 0 and again.view("screen")["view"]["floor"] == 0


def test_a_restart_mid_settle_finishes_the_decision(tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.board()
    session.submit(HOST, {"type": "open", "mode": "ranking"})
    buzz(session, 2, night.clock.now_ns() + MS, settle_ms=50)
    session.submit(HOST, {"type": "close"})
    timer = session.meta()["timer"]
    night.journal.heartbeat(session.id, timer["id"], 0.05)
    later = Night(tmp_path / "j.sqlite")
    resumed = later.hub.resume_all()[0]
    assert later.scheduler.run_next()
    view = resumed.view("screen")["view"]
    assert view["final"] and [r["seat"] for r in view["ranking"]] == [2]


def test_a_phone_of_a_500_seat_board_gets_a_small_message(tmp_path: Path) -> None:
    """One public part for 500 phones, and each phone's own part: what goes on a Pi's Wi-Fi
    500 times per publication (the scoreboard alone was 19 KB)."""
    from host.wire import jsonwire

    night = Night(tmp_path / "j.sqlite")
    session = night.board(500)
    assert session.submit(HOST, {"type": "open", "mode": "ranking"}).ok
    for seat in range(0, 500, 2):  # 250 presses: a long ranking on the projector
        assert buzz(session, seat, night.clock.now_ns() + seat * MS).ok
    public, private = session.phone_payloads(7)
    assert len(jsonwire.dumps(public)) < 1024
    assert len(jsonwire.dumps(private)) < 512
    assert len(jsonwire.dumps(session.view("screen"))) > 20 * 1024  # the projector's is whole
    assert private["view"]["you"]["status"] == "live"
    assert session.phone_payloads(8)[1]["view"]["you"]["status"] == "buzzed"


def test_a_press_heard_before_the_settle_timer_counts_whatever_the_threads_order(
        tmp_path: Path) -> None:
    """The socket layer stamped a press (its ticket, host/session/in_flight.py) and has not yet
    handed it over when the settle timer falls due: the decision waits for it."""
    night = Night(tmp_path / "j.sqlite")
    session = night.board()
    assert session.submit(HOST, {"type": "open", "mode": "first"}).ok
    now = night.clock.now_ns()
    assert buzz(session, 1, now + 30 * MS, settle_ms=120).ok
    with session.in_flight.carrying():  # seat 2's press, heard, on its way in
        assert night.scheduler.run_next()  # the settle timer falls due
        assert night.last_screen()["view"]["floor"] is None  # not decided without it
        assert buzz(session, 2, now + 10 * MS, settle_ms=120).ok
    assert night.last_screen()["view"]["floor"] == 2  # decided once it was in


def test_a_press_stuck_on_its_way_in_holds_the_decision_a_quarter_second_at_most(
        tmp_path: Path) -> None:
    night = Night(tmp_path / "j.sqlite")
    session = night.board()
    assert session.submit(HOST, {"type": "open", "mode": "first"}).ok
    assert buzz(session, 1, night.clock.now_ns(), settle_ms=120).ok
    with session.in_flight.carrying():  # never handed over while the game runs on
        assert night.scheduler.run_next()  # the settle timer
        assert night.last_screen()["view"]["floor"] is None
        held_from = night.clock.now_ns()
        assert night.scheduler.run_next()  # the cap
        assert night.clock.now_ns() - held_from == 250 * MS
        assert night.last_screen()["view"]["floor"] == 1
    assert night.last_screen()["view"]["floor"] == 1  # the ticket's return decides nothing


def test_threaded_a_settle_wait_run_out_before_the_press_came_in_decides_in_its_commit(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Real time and threads: a press whose settle wait (1 us) has run out by the time the
    Session takes it. Its timeout goes into the press's batch, which waits for it
    (host/session/batches.py): the press and the decision share one commit, and the press
    is answered with the decision made. (The batch waits up to 30 s past due here: a busy
    machine's timer thread may wake later than the 5 ms a host allows.)"""
    monkeypatch.setattr(session_batches, "HOLD_GRACE_SECONDS", 30.0)
    journal = Journal(tmp_path / "j.sqlite")
    hub = Hub(journal, BANK, publish=lambda g, a, p, skip=(): None)
    try:
        session = hub.create_game("buzzer", [{"name": f"P{i}"} for i in range(3)], seed=5)
        assert session.submit(HOST, {"type": "start"}).ok
        assert session.submit(HOST, {"type": "open", "mode": "first"}).ok
        commits = journal.commits
        now = time.monotonic_ns()
        assert session.submit(Origin("seat", 1), {
            "type": "buzz", "t_ns": now, "rx_ns": now, "source": "phone", "u_ns": MS,
            "settle_ns": 1_000}).ok
        assert journal.commits == commits + 1
        assert [row.body["type"] for row in journal.rows(session.id)][-2:] == ["buzz",
                                                                               "timeout"]
        assert session.view("screen")["view"]["floor"] == 1
    finally:
        hub.close()
