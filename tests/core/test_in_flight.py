"""Presses on their way into a Session (host/session/in_flight.py): a timer waits for those heard
before it fell due, not for later ones, and fires once."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from host.wire.heap import Pauses
from host.session.in_flight import CAP_SECONDS, PAUSE_MARGIN_NS, InFlight

MS = 1_000_000


class Armed:
    """The cap's timer: what `later` was given."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, seconds: float, fn: Callable[[], None]) -> None:
        self.calls.append((seconds, fn))


def test_with_nothing_in_flight_the_timer_fires_at_once() -> None:
    fired: list[str] = []
    armed = Armed()
    InFlight().fire_after_heard(lambda: fired.append("t"), armed)
    assert fired == ["t"] and armed.calls == []


def test_the_timer_waits_for_every_press_heard_before_it_and_no_later_one() -> None:
    flight, fired, armed = InFlight(), [], Armed()
    first, second = flight.carrying(), flight.carrying()
    first.__enter__()
    second.__enter__()
    flight.fire_after_heard(lambda: fired.append("t"), armed)
    assert armed.calls and armed.calls[0][0] == CAP_SECONDS
    later = flight.carrying()
    later.__enter__()  # heard after the timer fell due: not waited for
    first.__exit__(None, None, None)
    assert fired == [] and len(flight) == 2
    second.__exit__(None, None, None)
    assert fired == ["t"]
    later.__exit__(None, None, None)
    armed.calls[0][1]()  # the cap, after: nothing more
    assert fired == ["t"] and len(flight) == 0


def test_the_cap_fires_for_a_press_that_never_comes_in_and_its_return_does_nothing() -> None:
    flight, fired, armed = InFlight(), [], Armed()
    stuck = flight.carrying()
    stuck.__enter__()
    flight.fire_after_heard(lambda: fired.append("t"), armed)
    armed.calls[0][1]()
    assert fired == ["t"]
    stuck.__exit__(None, None, None)
    assert fired == ["t"]


def test_a_ticket_is_given_back_when_its_way_in_raises() -> None:
    flight, fired = InFlight(), []
    try:
        with flight.carrying():
            flight.fire_after_heard(lambda: fired.append("t"), Armed())
            raise ValueError("a malformed press")
    except ValueError:
        pass
    assert fired == ["t"] and len(flight) == 0


def test_just_after_a_collector_pause_the_timer_gives_the_readers_the_margin_first() -> None:
    pauses = Pauses()
    now = time.monotonic_ns()
    pauses.note(now - 12 * MS, now - 1 * MS)  # a full collection just ended
    flight, fired, armed = InFlight(pauses), [], Armed()
    flight.fire_after_heard(lambda: fired.append("t"), armed)
    assert fired == [] and armed.calls[0][0] == PAUSE_MARGIN_NS / 1e9
    heard = flight.carrying()
    heard.__enter__()  # a press the pause held, read meanwhile
    armed.calls[0][1]()  # the margin is over: the timer waits for that press now
    assert fired == []
    heard.__exit__(None, None, None)
    assert fired == ["t"]


def test_an_old_pause_or_none_does_not_hold_the_timer() -> None:
    pauses = Pauses()
    now = time.monotonic_ns()
    pauses.note(now - 60 * MS, now - 40 * MS)
    for flight in (InFlight(pauses), InFlight(None)):
        fired: list[str] = []
        flight.fire_after_heard(lambda: fired.append("t"), Armed())  # noqa: B023 - called at once
        assert fired == ["t"]


def test_a_press_in_the_sessions_queue_holds_the_timer_no_longer_but_still_counts() -> None:
    flight, fired, armed = InFlight(), [], Armed()
    carried = flight.carrying()
    carried.__enter__()
    flight.fire_after_heard(lambda: fired.append("t"), armed)
    assert fired == []
    flight.queued()  # in the queue: the timeout goes in behind it, handled after it
    assert fired == ["t"] and len(flight) == 1  # its outcome (its commit) is still to come
    carried.__exit__(None, None, None)
    assert fired == ["t"] and len(flight) == 0


def test_queued_without_a_ticket_or_from_another_thread_releases_nothing() -> None:
    flight, fired = InFlight(), []
    flight.queued()  # no ticket here: nothing happens
    with flight.carrying():
        other = threading.Thread(target=flight.queued)
        other.start()
        other.join()  # that thread carries no ticket
        flight.fire_after_heard(lambda: fired.append("t"), Armed())
        assert fired == []
    assert fired == ["t"]
