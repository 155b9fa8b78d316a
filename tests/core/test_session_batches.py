"""Group commit (host/session/batches.py) on its own: a stand-in handler over a real journal.

The handler here is the smallest thing a batch talks to (what a Session does for it):
it stages one event row per event. What is checked is the batch's part: how events are
grouped, when rows are committed, and what a failed commit or a raising event leaves.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from host.session import batches as session_batches
from host.store.journal import Journal, Op, StorageError
from host.session.batches import Batches
from host.session.terms import HOST, Origin, Outcome

GAME = "g1"


class CountingJournal(Journal):
    """A real journal that remembers how many rows each commit carried, and can fail."""

    def __init__(self, path: Path) -> None:
        super().__init__(path)
        self.row_counts: list[int] = []
        self.fail: str | None = None

    def write(self, ops: list[Op]) -> None:
        if self.fail is not None and ops:
            raise StorageError(self.fail, "made to fail")
        if ops:
            self.row_counts.append(len(ops))
        super().write(ops)


class Handler:
    def __init__(self, journal: CountingJournal) -> None:
        self.journal = journal
        self.batches: Batches | None = None
        self.seq = 0
        self.log: list[str] = []
        self.faults: list[tuple[str, Any]] = []
        self.errors = 0
        self.timer_at: float | None = None  # when (time.monotonic) the game's timer fires

    def handle(self, origin: Origin, event: dict[str, Any]) -> Outcome:
        assert self.batches is not None
        if event.get("refuse"):
            return Outcome.refuse("illegal", "no")
        self.seq += 1
        self.batches.staged.append(self.journal.op_event(GAME, self.seq, origin.as_json(),
                                                         event, 0))
        self.batches.deferred.append(lambda: self.log.append("deferred"))
        if "arm" in event:  # a press that starts a settle wait of that many seconds
            self.timer_at = time.monotonic() + event["arm"]
        if event.get("type") == "timeout":
            self.timer_at = None
        if event.get("boom"):
            raise RuntimeError("boom")
        self.batches.dirty = True
        return Outcome(True, seq=self.seq)

    def checkpoint(self) -> Any:
        return "as committed"

    def storage_fault(self, err: StorageError, checkpoint: Any = None) -> Outcome:
        self.faults.append((err.reason, checkpoint))
        self.batches.staged.clear()  # type: ignore[union-attr]
        self.batches.deferred.clear()  # type: ignore[union-attr]
        return Outcome.refuse("storage", err.reason)

    def unexpected_error(self) -> None:
        self.errors += 1

    def committed(self, dirty: bool, calls_ran: bool) -> None:
        self.log.append(f"committed:{dirty}")

    def settled(self, dirty: bool) -> None:
        self.log.append(f"settled:{dirty}")

    def timer_due(self, within: float) -> float | None:
        if self.timer_at is None or self.timer_at - time.monotonic() > within:
            return None
        return self.timer_at


def setup(tmp_path: Path, threaded: bool) -> tuple[CountingJournal, Handler, Batches]:
    journal = CountingJournal(tmp_path / "j.sqlite")
    journal.create_game(GAME, "test", {"seed": 1})
    journal.row_counts.clear()
    handler = Handler(journal)
    batches = Batches(GAME, journal, handler, threaded=threaded)
    handler.batches = batches
    return journal, handler, batches


def test_waiting_events_share_one_commit_and_a_barrier_goes_alone(tmp_path: Path) -> None:
    journal, _, batches = setup(tmp_path, threaded=True)
    for name in ("a", "b", "claim", "c", "d"):
        batches.submit_nowait(HOST, {"type": name})  # queued before the worker runs
    batches.start()
    assert batches.submit(HOST, {"type": "claim"}).ok  # a barrier: after all the others
    batches.stop()
    assert journal.row_counts == [2, 1, 2, 1]  # a+b, the claim alone, c+d, the last claim
    assert [row.body["type"] for row in journal.rows(GAME)] == ["a", "b", "claim", "c", "d",
                                                                 "claim"]


def test_without_group_commit_every_event_commits_alone(tmp_path: Path) -> None:
    journal, _, batches = setup(tmp_path, threaded=True)
    batches.group_commit = False
    for name in "abc":
        batches.submit_nowait(HOST, {"type": name})
    batches.start()
    assert batches.submit(HOST, {"type": "d"}).ok
    batches.stop()
    assert journal.row_counts == [1, 1, 1, 1]


def test_senders_hear_back_after_the_commit_then_deferred_calls_then_publication(
        tmp_path: Path) -> None:
    journal, handler, batches = setup(tmp_path, threaded=False)

    def answered(outcomes: list[Outcome]) -> None:
        handler.log.append(f"answered:{journal.count(GAME)}")

    outcomes = batches.run([(HOST, {"type": "a"}, None), (HOST, {"type": "b"}, None)],
                           answered=answered)
    assert [o.seq for o in outcomes] == [1, 2]
    assert handler.log == ["settled:True", "answered:2", "deferred", "deferred", "committed:True"]


def test_a_failed_commit_refuses_what_it_had_accepted_and_drops_its_calls(
        tmp_path: Path) -> None:
    journal, handler, batches = setup(tmp_path, threaded=False)
    journal.fail = "full"
    outcomes = batches.run([(HOST, {"type": "a"}, None), (HOST, {"refuse": True}, None)])
    assert [(o.ok, o.code) for o in outcomes] == [(False, "storage"), (False, "illegal")]
    assert handler.faults == [("full", "as committed")]
    assert "deferred" not in handler.log and journal.count(GAME) == 0


def test_an_event_that_raises_is_refused_alone_and_its_rows_dropped(tmp_path: Path) -> None:
    journal, handler, batches = setup(tmp_path, threaded=False)
    outcomes = batches.run([(HOST, {"type": "a"}, None), (HOST, {"type": "x", "boom": True},
                                                            None), (HOST, {"type": "c"}, None)])
    assert [o.code for o in outcomes] == ["ok", "internal", "ok"]
    assert handler.errors == 1
    assert [row.body["type"] for row in journal.rows(GAME)] == ["a", "c"]


def test_an_event_handled_inside_a_batch_is_committed_by_that_batch(tmp_path: Path) -> None:
    journal, handler, batches = setup(tmp_path, threaded=False)

    class Nested(Handler):
        def handle(self, origin: Origin, event: dict[str, Any]) -> Outcome:
            outcome = super().handle(origin, event)
            if event["type"] == "outer":
                assert batches.in_batch()
                batches.submit(HOST, {"type": "inner"})  # inline: re-entered
            return outcome

    nested = Nested(journal)
    nested.batches = batches
    batches.handler = nested
    batches.run([(HOST, {"type": "outer"}, None)])
    assert journal.row_counts == [2] and not batches.in_batch()


def test_queued_is_called_once_the_event_is_in_the_queue_before_its_outcome(
        tmp_path: Path) -> None:
    """A press's ticket (host/session/in_flight.py) is given back once the press is queued: the
    worker has not handled it yet (not started here), and a timeout put in afterwards is
    handled after it."""
    journal, handler, batches = setup(tmp_path, threaded=True)
    seen: list[int] = []

    def queued() -> None:
        seen.append(batches._queue.qsize())  # the event is in, nothing handled yet
        batches.submit_nowait(HOST, {"type": "timeout"})  # what a timer due now puts in
        batches.start()

    assert batches.submit(HOST, {"type": "press"}, queued=queued).ok
    batches.stop()
    assert seen == [1]
    assert [row.body["type"] for row in journal.rows(GAME)] == ["press", "timeout"]


def test_inline_queued_is_called_once_the_event_is_handled(tmp_path: Path) -> None:
    journal, _, batches = setup(tmp_path, threaded=False)
    counts: list[int] = []
    assert batches.submit(HOST, {"type": "press"},
                          queued=lambda: counts.append(journal.count(GAME))).ok
    assert counts == [1]


def until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "never happened"
        time.sleep(0.0005)


@pytest.fixture
def long_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hold that a busy test machine cannot outlast."""
    monkeypatch.setattr(session_batches, "HOLD_SECONDS", 30.0)
    monkeypatch.setattr(session_batches, "HOLD_GRACE_SECONDS", 30.0)


def test_a_press_that_starts_a_settle_wait_is_committed_with_its_decision(
        tmp_path: Path, long_hold: None) -> None:
    """The timer falls due within HOLD_SECONDS: the batch takes in its timeout and commits
    both rows at once; the press is answered then, not before."""
    journal, handler, batches = setup(tmp_path, threaded=True)
    batches.start()
    answered = threading.Event()

    def press() -> None:
        assert batches.submit(HOST, {"type": "press", "arm": 1.0}).ok
        answered.set()

    sender = threading.Thread(target=press)
    sender.start()
    until(lambda: handler.timer_at is not None)  # the worker took the press, armed the timer
    assert not answered.is_set()  # held for its decision
    assert batches.submit(HOST, {"type": "timeout"}).ok
    sender.join()
    batches.stop()
    assert journal.row_counts == [2]  # one commit for the press and its decision


def test_a_barrier_during_the_hold_goes_after_the_held_batch_is_committed(
        tmp_path: Path, long_hold: None) -> None:
    journal, handler, batches = setup(tmp_path, threaded=True)
    batches.start()
    sender = threading.Thread(
        target=lambda: batches.submit(HOST, {"type": "press", "arm": 1.0}))
    sender.start()
    until(lambda: handler.timer_at is not None)
    assert batches.submit(HOST, {"type": "claim"}).ok
    sender.join()
    batches.stop()
    assert journal.row_counts == [1, 1]
    assert [row.body["type"] for row in journal.rows(GAME)] == ["press", "claim"]


def test_a_timeout_that_does_not_come_in_time_goes_in_the_next_batch(tmp_path: Path) -> None:
    journal, _, batches = setup(tmp_path, threaded=True)
    batches.start()
    assert batches.submit(HOST, {"type": "press", "arm": 0.001}).ok  # nothing came: alone
    assert batches.submit(HOST, {"type": "timeout"}).ok
    batches.stop()
    assert journal.row_counts == [1, 1]


def test_with_no_timer_due_soon_a_batch_does_not_wait(tmp_path: Path) -> None:
    journal, _, batches = setup(tmp_path, threaded=True)
    batches.start()
    assert batches.submit(HOST, {"type": "press", "arm": 60.0}).ok  # a question's timer
    batches.stop()
    assert journal.row_counts == [1]
