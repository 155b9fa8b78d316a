"""Views are broadcast off the Session's worker: projector first, newest state, bounded rounds."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from host.wire.broadcast import Broadcaster, Parts
from host.clock import RealClock
from host.room.hub import Hub
from host.store.journal import Journal
from host.session.core import HOST, Origin
from tests.synthetic import synthetic_bank

AUDIENCES = ["screen", "host", "seat:0", "seat:1", "seat:2"]
SCREENS = AUDIENCES[:2]


class Recorder:
    """A round that records (snapshot, audience) and can be slowed down per audience."""

    def __init__(self, per_audience: float = 0.0) -> None:
        self.sent: list[tuple[int, str]] = []
        self.per_audience = per_audience
        self.lock = threading.Lock()

    def send(self, snapshot: int, parts: Parts) -> Iterator[str]:
        audiences = (SCREENS if parts.screens else []) + (
            (AUDIENCES[2:] if parts.full else AUDIENCES[-1:]) if parts.phones else [])
        for audience in audiences:
            time.sleep(self.per_audience)
            with self.lock:
                self.sent.append((snapshot, audience))
            yield audience


def wait_for(predicate: Any, seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_inline_sends_every_audience_in_order_at_once() -> None:
    recorder = Recorder()
    broadcaster = Broadcaster("t", recorder.send, threaded=False)
    broadcaster.changed(1)
    broadcaster.changed(2)
    assert recorder.sent == [(1, a) for a in AUDIENCES] + [(2, a) for a in AUDIENCES]


def test_a_burst_is_merged_into_few_rounds_and_the_newest_state_reaches_everyone() -> None:
    recorder = Recorder()
    broadcaster = Broadcaster("t", recorder.send, gap=0.03, phone_gap=0.0)
    try:
        started = time.monotonic()
        for snapshot in range(1, 51):  # 50 changes within about 10 ms
            broadcaster.changed(snapshot)
            time.sleep(0.0002)
        burst = time.monotonic() - started
        wait_for(lambda: (50, "seat:2") in recorder.sent)
        rounds = broadcaster.rounds
        assert rounds <= 2 + burst / 0.03, (rounds, burst)
        assert [a for s, a in recorder.sent if s == 50] == AUDIENCES  # the last one, whole
    finally:
        broadcaster.stop()


def test_a_newer_state_stops_the_seats_and_starts_again_with_the_projector() -> None:
    recorder = Recorder(per_audience=0.02)
    broadcaster = Broadcaster("t", recorder.send, gap=0.0, phone_gap=0.0)
    try:
        broadcaster.changed(1)
        wait_for(lambda: (1, "host") in recorder.sent)
        broadcaster.changed(2)
        wait_for(lambda: (2, "seat:2") in recorder.sent)
        first = [a for s, a in recorder.sent if s == 1]
        assert first[:2] == ["screen", "host"] and len(first) < len(AUDIENCES)
        assert [a for s, a in recorder.sent if s == 2] == AUDIENCES
    finally:
        broadcaster.stop()


def test_a_round_after_a_stopped_one_runs_to_its_end() -> None:
    recorder = Recorder(per_audience=0.01)
    broadcaster = Broadcaster("t", recorder.send, gap=0.0, phone_gap=0.0)
    try:
        for snapshot in range(1, 40):  # a change every 5 ms, faster than a round
            broadcaster.changed(snapshot)
            time.sleep(0.005)
        wait_for(lambda: (39, "seat:2") in recorder.sent)
        whole = {s for s in range(1, 40)
                 if [a for t, a in recorder.sent if t == s] == AUDIENCES}
        assert len(whole) >= 3, "phones were starved by the burst"
    finally:
        broadcaster.stop()


def test_a_burst_of_presses_on_a_live_session_publishes_few_states_and_the_last_is_whole(
        tmp_path: Path) -> None:
    published: list[tuple[str, dict[str, Any]]] = []
    lock = threading.Lock()

    def publish(game: str, audience: str, payload: dict[str, Any],
                skip: tuple[str, ...] = ()) -> None:
        with lock:
            published.append((audience, payload))

    journal = Journal(tmp_path / "journal.sqlite")
    clock = RealClock()
    hub = Hub(journal, synthetic_bank(5), publish=publish, clock=clock)
    try:
        seats = [{"name": f"P{i}"} for i in range(50)]
        session = hub.create_game("buzzer", seats, seed=4)
        assert session.submit(HOST, {"type": "start"}).ok
        assert session.submit(HOST, {"type": "open", "mode": "ranking"}).ok
        wait_for(lambda: any(a == "screen" and p["meta"]["seq"] == session.last_seq
                             for a, p in list(published)))
        with lock:
            published.clear()
        for seat in range(50):  # 50 presses as fast as the queue takes them
            session.submit_nowait(Origin("seat", seat, f"phone{seat}"),
                                  {"type": "buzz", "t_ns": clock.now_ns() + seat})
        wait_for(lambda: session.last_seq >= 52 and any(
            a == "screen" and p["meta"]["seq"] == session.last_seq for a, p in list(published)))
        time.sleep(0.2)
        with lock:
            screens = [p for a, p in published if a == "screen"]
        assert len(screens) < 25, f"{len(screens)} projector states for 50 presses"
        last = screens[-1]
        assert last["meta"]["seq"] == session.last_seq
        assert len(last["view"]["ranking"]) == 50  # the newest state holds every press
    finally:
        hub.close()
        journal.close()


def test_a_join_catches_up_alone_but_never_turns_a_pending_change_into_a_catch_up() -> None:
    recorder = Recorder(per_audience=0.02)
    broadcaster = Broadcaster("t", recorder.send, gap=0.0, phone_gap=0.0)
    try:
        broadcaster.changed(1, full=False)  # a phone joined, nothing changed
        wait_for(lambda: (1, "seat:2") in recorder.sent)
        assert [a for s, a in recorder.sent if s == 1] == ["seat:2"]
        broadcaster.changed(2)  # blocked behind nothing: starts at once
        broadcaster.changed(3)  # waits behind round 2
        broadcaster.changed(4, full=False)  # a join after that change: still a full round
        wait_for(lambda: (4, "seat:2") in recorder.sent)
        assert [a for s, a in recorder.sent if s == 4] == AUDIENCES
    finally:
        broadcaster.stop()


def test_phones_are_paced_apart_from_the_screens_and_never_get_a_state_first() -> None:
    recorder = Recorder()
    broadcaster = Broadcaster("t", recorder.send, gap=0.03, phone_gap=0.2)
    try:
        started = time.monotonic()
        for snapshot in range(1, 101):  # 100 changes over about 0.5 s
            broadcaster.changed(snapshot)
            time.sleep(0.005)
        burst = time.monotonic() - started
        wait_for(lambda: (100, "seat:2") in recorder.sent)
        with recorder.lock:
            sent = list(recorder.sent)
        screen_states = [s for s, a in sent if a == "screen"]
        phone_states = [s for s, a in sent if a == "seat:0"]
        assert len(screen_states) <= 2 + burst / 0.03, screen_states
        # The first change goes to the phones at once; then at most one round per 200 ms.
        assert phone_states[0] == 1
        assert len(phone_states) <= 2 + burst / 0.2, phone_states
        assert len(phone_states) < len(screen_states)
        for snapshot in phone_states:  # the projector had that state before any phone
            assert sent.index((snapshot, "screen")) < sent.index((snapshot, "seat:0"))
        assert [a for s, a in sent if s == 100] == AUDIENCES  # the newest, to everyone
    finally:
        broadcaster.stop()


def test_a_join_catches_up_at_once_inside_the_phones_gap() -> None:
    recorder = Recorder()
    broadcaster = Broadcaster("t", recorder.send, gap=0.0, phone_gap=30.0)
    try:
        broadcaster.changed(1)
        wait_for(lambda: (1, "seat:2") in recorder.sent)
        broadcaster.changed(2, full=False)  # a phone joined 30 s before the phones' next round
        wait_for(lambda: (2, "seat:2") in recorder.sent, seconds=2.0)
        assert [a for s, a in recorder.sent if s == 2] == ["seat:2"]
        broadcaster.changed(3)  # a change: the screens at once, the phones wait their gap
        wait_for(lambda: (3, "host") in recorder.sent)
        time.sleep(0.1)
        assert [a for s, a in recorder.sent if s == 3] == SCREENS
    finally:
        broadcaster.stop()


def test_phones_wait_for_a_burst_of_input_to_end_but_not_forever() -> None:
    """The input's last arrival is a function of the clock (input until a moment, or input
    that never stops), so a busy machine's late loop never makes a quiet gap by accident."""
    recorder = Recorder()
    inputs = {"until": 0.0}  # input keeps arriving until this monotonic time
    broadcaster = Broadcaster("t", recorder.send, gap=0.0, phone_gap=0.0,
                              last_input=lambda: min(time.monotonic(), inputs["until"]),
                              phone_quiet=0.05, phone_delay=1.5)
    try:
        started = time.monotonic()
        inputs["until"] = started + 0.3  # a burst of 0.3 s
        broadcaster.changed(1)
        wait_for(lambda: (1, "seat:0") in recorder.sent)
        waited = time.monotonic() - started
        assert (1, "screen") in recorder.sent
        assert 0.3 <= waited < 1.4, waited  # sent once the input was quiet, not at the cap
        inputs["until"] = float("inf")  # input that never stops
        started = time.monotonic()
        broadcaster.changed(2)
        wait_for(lambda: (2, "seat:0") in recorder.sent, seconds=10)  # never starved ...
        assert time.monotonic() - started >= 1.45  # ... sent at phone_delay
    finally:
        broadcaster.stop()


def test_an_urgent_state_reaches_the_screens_without_waiting_for_their_gap() -> None:
    recorder = Recorder()
    broadcaster = Broadcaster("t", recorder.send, gap=30.0, phone_gap=0.0)
    try:
        broadcaster.changed(1)
        wait_for(lambda: (1, "seat:2") in recorder.sent)
        broadcaster.changed(2, urgent=True)  # 30 s inside the screens' gap: goes at once
        wait_for(lambda: (2, "seat:2") in recorder.sent, seconds=10.0)
        assert [a for s, a in recorder.sent if s == 2] == AUDIENCES
        broadcaster.changed(3)  # not urgent: it waits for the screens' gap
        time.sleep(0.1)
        assert (3, "screen") not in recorder.sent
        broadcaster.changed(4, urgent=True)  # the newest state wins, at once
        wait_for(lambda: (4, "seat:2") in recorder.sent, seconds=10.0)
        assert all(s != 3 for s, _ in recorder.sent)
    finally:
        broadcaster.stop()


class GatedRecorder(Recorder):
    """A Recorder whose send of (snapshot, audience) waits for the test to open its gate."""

    def __init__(self, *gated: tuple[int, str]) -> None:
        super().__init__()
        self.gates = {key: threading.Event() for key in gated}

    def send(self, snapshot: int, parts: Parts) -> Iterator[str]:
        for audience in super().send(snapshot, parts):
            gate = self.gates.get((snapshot, audience))
            if gate is not None:
                assert gate.wait(10), f"gate {snapshot} {audience} never opened"
            yield audience


def round_that_runs_to_its_end(broadcaster: Broadcaster[int], recorder: GatedRecorder,
                               at: str) -> None:
    """State 1's phones stopped by state 2, whose phones then run to their end: until 2's
    round has sent `at` (gated: (1, "seat:0") and (2, at))."""
    broadcaster.changed(1)
    wait_for(lambda: (1, "seat:0") in recorder.sent)
    broadcaster.changed(2)
    recorder.gates[1, "seat:0"].set()
    wait_for(lambda: (2, at) in recorder.sent)


def test_an_urgent_state_passes_a_phones_round_that_runs_to_its_end() -> None:
    recorder = GatedRecorder((1, "seat:0"), (2, "seat:1"))
    broadcaster = Broadcaster("t", recorder.send, gap=0.0, phone_gap=0.0)
    try:
        round_that_runs_to_its_end(broadcaster, recorder, "seat:1")
        broadcaster.changed(3, urgent=True)  # a press took the floor
        recorder.gates[2, "seat:1"].set()
        wait_for(lambda: (3, "seat:2") in recorder.sent)
        sent = recorder.sent
        assert sent.index((3, "screen")) < sent.index((2, "seat:2"))
        assert [a for s, a in sent if s == 2] == AUDIENCES  # the round still ran to its end
        assert [a for s, a in sent if s == 3] == AUDIENCES  # and the phones got 3 after
    finally:
        broadcaster.stop()


def test_phones_hold_while_a_decision_is_due_and_go_just_after_it() -> None:
    """The settle timer fires soon: its decision's screens must not wait behind a phones'
    round, so the phones' round waits for it (then goes with the newest state)."""
    stamped: list[tuple[float, int, str]] = []
    recorder = Recorder()

    def send(snapshot: int, parts: Parts) -> Iterator[str]:
        for audience in recorder.send(snapshot, parts):
            stamped.append((time.monotonic(), snapshot, audience))
            yield audience

    due = time.monotonic() + 0.3
    broadcaster = Broadcaster("t", send, gap=0.0, phone_gap=0.0, decision_due=lambda: due)
    try:
        broadcaster.changed(1)
        wait_for(lambda: (1, "seat:2") in recorder.sent)
        screen_at = next(t for t, s, a in stamped if (s, a) == (1, "screen"))
        phones_at = next(t for t, s, a in stamped if (s, a) == (1, "seat:0"))
        assert screen_at < due  # the screens did not wait
        assert phones_at >= due + 0.01  # the phones did, until just after the decision
    finally:
        broadcaster.stop()


@pytest.mark.parametrize("urgent", [True, False], ids=["the-decision", "another-state"])
def test_a_phones_round_under_way_holds_while_a_decision_is_due_and_lets_it_pass(
        urgent: bool) -> None:
    """A press arms the settle timer in the middle of a phones' round that runs to its end:
    the round stops between two phones until just after the decision, the screens getting
    meanwhile what comes (the decision at once, another state after their gap), then
    finishes."""
    recorder = GatedRecorder((1, "seat:0"), (2, "seat:0"))
    stamped: dict[tuple[int, str], float] = {}

    def send(snapshot: int, parts: Parts) -> Iterator[str]:
        for audience in recorder.send(snapshot, parts):
            stamped.setdefault((snapshot, audience), time.monotonic())
            yield audience

    due: list[float | None] = [None]
    broadcaster = Broadcaster("t", send, gap=0.0, phone_gap=0.0, decision_due=lambda: due[0])
    try:
        round_that_runs_to_its_end(broadcaster, recorder, "seat:0")
        due[0] = time.monotonic() + 0.2  # a press is in: its decision is due
        recorder.gates[2, "seat:0"].set()
        broadcaster.changed(3, urgent=urgent)
        wait_for(lambda: (3, "seat:2") in recorder.sent)
        decided = due[0]
        assert decided is not None
        assert stamped[3, "screen"] < decided  # the screens did not wait for the hold
        assert stamped[2, "seat:1"] >= decided + 0.01  # the round's next phone did
        assert [a for s, a in recorder.sent if s == 2] == AUDIENCES  # then it ran to its end
    finally:
        broadcaster.stop()


def test_a_round_that_may_stop_stops_for_a_newer_state_while_it_holds() -> None:
    """The first round after a quiet spell may stop: held for a decision, it stops when a
    newer state comes, and that state goes to the screens, then to the phones."""
    recorder = GatedRecorder((1, "seat:0"))
    due: list[float | None] = [None]
    holding = threading.Event()

    def decision_due() -> float | None:
        if due[0] is not None:
            holding.set()  # asked between two phones: the round is in its hold
        return due[0]

    broadcaster = Broadcaster("t", recorder.send, gap=0.0, phone_gap=0.0, phone_delay=3.0,
                              decision_due=decision_due)
    try:
        broadcaster.changed(1)
        wait_for(lambda: (1, "seat:0") in recorder.sent)
        due[0] = time.monotonic() + 5.0  # a decision far off: the hold would last 3 s
        recorder.gates[1, "seat:0"].set()
        assert holding.wait(5)
        newer = time.monotonic()
        broadcaster.changed(2)
        wait_for(lambda: (2, "screen") in recorder.sent)
        assert time.monotonic() - newer < 1.5  # not held
        due[0] = None
        broadcaster.changed(3, urgent=True)  # the decision
        wait_for(lambda: (3, "seat:2") in recorder.sent)
        assert (1, "seat:2") not in recorder.sent  # state 1's phones stopped
    finally:
        broadcaster.stop()
