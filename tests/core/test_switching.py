"""The interpreter's switch interval: long while a burst of presses is on its way into the
Sessions, short again once the last one is in (host/wire/switching.py)."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Iterator

import pytest

from host.session.in_flight import InFlight
from host.wire import switching
from host.wire.switching import BUSY_AT, BUSY_INTERVAL_S, Switching

CALM_S = 0.002


@pytest.fixture(autouse=True)
def interval_kept() -> Iterator[None]:
    """Every test gives the test process its interval back."""
    kept = sys.getswitchinterval()
    yield
    sys.setswitchinterval(kept)


def test_off_until_the_serving_process_turns_it_on() -> None:
    kept = sys.getswitchinterval()
    off = Switching()
    for _ in range(BUSY_AT * 2):
        off.entered()
    assert sys.getswitchinterval() == kept and off.bursts == 0


def test_a_burst_lengthens_the_interval_and_its_end_shortens_it_again() -> None:
    on = Switching()
    on.turn_on(CALM_S)
    assert sys.getswitchinterval() == pytest.approx(CALM_S)
    for _ in range(BUSY_AT - 1):  # presses, not yet a burst
        on.entered()
    assert sys.getswitchinterval() == pytest.approx(CALM_S)
    on.entered()
    assert sys.getswitchinterval() == pytest.approx(BUSY_INTERVAL_S) and on.bursts == 1
    for _ in range(BUSY_AT - 1):
        on.left()
    assert sys.getswitchinterval() == pytest.approx(BUSY_INTERVAL_S)  # one still on its way
    on.left()
    assert sys.getswitchinterval() == pytest.approx(CALM_S)


def test_presses_carried_into_a_session_count(monkeypatch: pytest.MonkeyPatch) -> None:
    process_wide = Switching()
    monkeypatch.setattr(switching, "SWITCHING", process_wide)
    monkeypatch.setattr("host.session.in_flight.SWITCHING", process_wide)
    process_wide.turn_on(CALM_S)
    flights = [InFlight(), InFlight()]  # two games: the count is the process's
    with contextlib.ExitStack() as presses:
        for n in range(BUSY_AT):
            presses.enter_context(flights[n % 2].carrying())
        assert sys.getswitchinterval() == pytest.approx(BUSY_INTERVAL_S)
    assert sys.getswitchinterval() == pytest.approx(CALM_S) and process_wide.bursts == 1


def test_presses_carried_from_many_threads_at_once_leave_the_interval_calm(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """32 handler threads let go together (a barrier), each carrying presses into one of two
    games over and over: bursts begin and end many times, and once every press is in, the
    count is back to none and the interval is the calm one (a lost update would leave a
    count behind, and the long interval on for good)."""
    process_wide = Switching()
    monkeypatch.setattr("host.session.in_flight.SWITCHING", process_wide)
    process_wide.turn_on(CALM_S)
    flights = [InFlight(), InFlight()]
    gate = threading.Barrier(32)
    switch_every = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads change hands every microsecond: races show

    def press(n: int) -> None:
        gate.wait()
        for _ in range(100):
            with flights[n % 2].carrying():
                time.sleep(0.0002)  # the press's way in: its commit, while others come

    threads = [threading.Thread(target=press, args=(n,)) for n in range(32)]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert not any(thread.is_alive() for thread in threads)
        # the last press in set the calm interval (over the test's microsecond)
        assert sys.getswitchinterval() == pytest.approx(CALM_S)
    finally:
        sys.setswitchinterval(switch_every)
    assert process_wide._carried == 0 and process_wide.bursts >= 1
    assert len(flights[0]) == len(flights[1]) == 0
