"""Broadcasting a game's views off the Session's worker: the projector first, phones after.

Why: with 200 phones, building and sending 200 seat views after every event
took hundreds of milliseconds on the Session's worker, and the next press sat
in the queue behind them: a phone that was merely connected slowed the
projector down. Here one thread per game publishes, always from the newest
state, in two parts: the screens (projector, then host page) and the phones.

- The screens go first, at most once per `gap` (30 ms): a burst of presses
  publishes a bounded number of states, the newest winning. Every page draws
  from the newest state alone, so merging loses nothing a player should see.
  An `urgent` state (its game's headline moved: a press took the floor, a
  reveal) goes to the screens at once, whatever the gap: the room sees a
  decision within a frame, and the burst's other states stay coalesced.
- The phones follow the screens with the same state, at most once per
  `phone_gap` (200 ms), and while events are still coming in (a burst of
  presses) they wait until the game has had no input for `phone_quiet`
  (50 ms), for at most `phone_delay` (1 s). A round of 200 phones is 200
  socket writes (and on a Pi's Wi-Fi about 200 x 9 KB on the air for a
  200-seat board); sent every 30 ms through a burst they took the cores the
  projector's next state and the presses' acknowledgements needed
  (bench/burst.py: 200 presses in 100 ms acknowledged within 0.4-0.5 s with
  the phones' rounds inside the burst, 0.2-0.3 s with them after it). A
  phone's own press is answered by its acknowledgement, not by this round.
- A newer state arriving while phones are being sent stops that part; the
  screens get the newer state first, and the phones the newest one at their
  next round. A phones' part after a stopped one runs to its end, so phones
  are never starved by a long burst; an urgent state still goes to the
  screens between two of its phones (a press 20 ms after a window opened met
  the opening's 200 phones and waited for all of them).
- A phones' round does not start when the game's timer fires within 100 ms
  (a buzz's settle wait: the decision is coming): it waits until 10 ms after
  it. 200 phones' writes took the interpreter for 15-25 ms here, and the timer
  that makes the decision waited behind them (bench/buzz_latency.py). A round
  already under way when a press arms that timer stops between two phones
  the same way (the decision's screens pass meanwhile), then goes on. A press
  still on its way into the Session counts as a decision coming now, and a
  round yields after every phone, sent or not, so it can stop at any of them.
- A join needs only the joined phones' catch-up (`full` false): it goes at
  once, whatever the phones' gap.

An inline Session (tests, the headless demo) publishes at once, in the same
order, with no thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

log = logging.getLogger(__name__)

GAP_SECONDS = 0.03
PHONE_GAP_SECONDS = 0.2
PHONE_QUIET_SECONDS = 0.05
PHONE_DELAY_SECONDS = 1.0
PHONE_HOLD_SECONDS = 0.01  # after a decision due soon: its screens go before the phones
T = TypeVar("T")


@dataclass(frozen=True)
class Parts:
    """What a round sends: the screens, the phones, and whether the state changed (a
    full round) or only some phones must catch up (a join)."""

    screens: bool = True
    phones: bool = True
    full: bool = True


ALL = Parts()

# One round of publication for a snapshot: it yields after each audience it sent (and ""
# after a phone it had nothing new for), so the publisher can stop, or hold for a decision,
# between two phones.
Round = Callable[[T, Parts], Iterator[str]]


class Broadcaster(Generic[T]):
    """Publishes the newest snapshot: screens at most once per `gap`, then phones at most
    once per `phone_gap`, never ahead of the screens."""

    def __init__(self, name: str, send: Round[T], threaded: bool = True,
                 gap: float = GAP_SECONDS, phone_gap: float = PHONE_GAP_SECONDS,
                 last_input: Callable[[], float] | None = None,
                 phone_quiet: float = PHONE_QUIET_SECONDS,
                 phone_delay: float = PHONE_DELAY_SECONDS,
                 decision_due: Callable[[], float | None] | None = None) -> None:
        """`last_input()`: when (time.monotonic) the game last received an event inside a
        burst of events. `decision_due()`: when the game's timer fires, if that is soon."""
        self._send = send
        self._gap = gap
        self._phone_gap = phone_gap
        self._last_input = last_input
        self._phone_quiet = phone_quiet
        self._phone_delay = phone_delay
        self._decision_due = decision_due
        self._phones_owed_at = 0.0  # when the phones were first owed a full round
        self._threaded = threaded
        self._wake = threading.Condition()
        self._newest: tuple[T] | None = None  # a 1-tuple: a snapshot may itself be None
        self._screens_owed = False  # the screens have not had the newest snapshot
        self._screens_urgent = False  # ... and it must not wait for the gap
        self._phones_owed = False  # the phones have not had it (or some must catch up)
        self._phones_full = False  # ... and the state changed since their last round
        self._stopped = False
        self.rounds = 0  # rounds started (for tests and benches)
        self.phone_rounds = 0  # of which with the phones
        if threaded:
            threading.Thread(target=self._run, name=f"publish-{name}", daemon=True).start()

    def changed(self, snapshot: T, full: bool = True, urgent: bool = False,
                phones: bool = True) -> None:
        """A new snapshot to publish; an older one not yet sent is dropped (a full round
        owed to the phones stays full). `urgent`: the screens get it without waiting for
        their gap. `phones=False`: the same state again, for the screens only."""
        if not self._threaded:
            self.rounds += 1
            self.phone_rounds += phones
            for _ in self._send(snapshot, Parts(screens=full, phones=phones, full=full)):
                pass
            return
        with self._wake:
            self._newest = (snapshot,)
            self._screens_owed = self._screens_owed or full
            self._screens_urgent = self._screens_urgent or (urgent and full)
            if not phones:
                self._wake.notify()
                return
            if full and not self._phones_full:
                self._phones_owed_at = time.monotonic()
            self._phones_owed = True
            self._phones_full = self._phones_full or full
            self._wake.notify()

    def stop(self) -> None:
        with self._wake:
            self._stopped = True
            self._wake.notify()

    def _phones_due(self, phones_at: float) -> float:
        """When the phones' next full round may go."""
        due = phones_at + self._phone_gap
        if self._last_input is not None:  # not inside a burst of input, within reason
            due = max(due, min(self._last_input() + self._phone_quiet,
                               self._phones_owed_at + self._phone_delay))
        if self._decision_due is not None:  # the decision first, then the phones
            coming = self._decision_due()
            if coming is not None:
                due = max(due, self._held_until(coming, self._phones_owed_at))
        return due

    def _held_until(self, decision_at: float, since: float) -> float:
        """Phones held for a decision go just after it, never past `phone_delay` after
        `since` (when they were owed, or their round began): short timers in a row."""
        return min(decision_at + PHONE_HOLD_SECONDS, since + self._phone_delay)

    def _next(self, screens_at: float, phones_at: float) -> tuple[T, Parts] | None:
        """Wait for the next round that is due; None once stopped."""
        with self._wake:
            while not self._stopped:
                now = time.monotonic()
                screens = self._screens_owed and (self._screens_urgent
                                                  or now >= screens_at + self._gap)
                # Phones never get a state before the screens have it.
                phones = self._phones_owed and (screens or not self._screens_owed) and (
                    not self._phones_full or now >= self._phones_due(phones_at))
                if (screens or phones) and self._newest is not None:
                    (snapshot,) = self._newest
                    parts = Parts(screens=screens, phones=phones,
                                  full=screens or self._phones_full)
                    self._screens_owed &= not screens
                    self._screens_urgent &= not screens
                    if phones:
                        self._phones_owed = self._phones_full = False
                    return snapshot, parts
                due = [at for owed, at in ((self._screens_owed, screens_at + self._gap),
                                           (self._phones_owed, self._phones_due(phones_at)))
                       if owed]
                self._wake.wait(max(0.0, min(due) - now) if due else None)
            return None

    def _screens_between(self, screens_at: float, gap_passed: bool = False) -> float:
        """An urgent state's screens (or, `gap_passed`, any state owed to the screens once
        their gap has passed), sent between two phones of a round that runs to its end (the
        phones get that state at their next round); returns when they began."""
        with self._wake:
            due = self._screens_urgent or (gap_passed and self._screens_owed
                                           and time.monotonic() >= screens_at + self._gap)
            if not due or self._newest is None:
                return screens_at
            (snapshot,) = self._newest
            self._screens_owed = self._screens_urgent = False
        started = time.monotonic()
        self.rounds += 1
        for _ in self._send(snapshot, Parts(screens=True, phones=False, full=True)):
            pass
        return started

    def _hold_for_decision(self, screens_at: float, round_began: float,
                           may_stop: bool) -> float:
        """Between two phones: while the game's timer is about to decide (a press is in,
        its settle wait runs), the round waits until just after it, at most `phone_delay`
        from the round's start, the screens getting meanwhile what they are owed (the
        decision at once, any other state after their gap); a round that may stop for a
        newer state stops instead. Returns when the screens last began."""
        if self._decision_due is None:
            return screens_at
        while (coming := self._decision_due()) is not None and not self._stopped:
            until = self._held_until(coming, round_began)
            now = time.monotonic()
            if now >= until or (may_stop and self._screens_owed):
                break
            with self._wake:
                if not self._screens_urgent:
                    wake = min(until, screens_at + self._gap) if self._screens_owed else until
                    self._wake.wait(max(0.0, wake - now))
            if not (may_stop and self._screens_owed):
                screens_at = self._screens_between(screens_at, gap_passed=True)
        return screens_at

    def _run(self) -> None:
        screens_at = phones_at = float("-inf")  # when the last round of each began
        stopped = False  # whether the last phones' part stopped for a newer state
        while (step := self._next(screens_at, phones_at)) is not None:
            snapshot, parts = step
            started = time.monotonic()
            self.rounds += 1
            if parts.screens:
                screens_at = started
            if parts.phones and parts.full:
                phones_at = started
                self.phone_rounds += 1
            may_stop, stopped = parts.phones and not stopped, False
            try:
                for audience in self._send(snapshot, parts):
                    if audience in ("screen", "host"):
                        continue
                    if may_stop and self._screens_owed:
                        stopped = True  # a newer state: the screens first, phones after
                        with self._wake:
                            self._phones_owed = self._phones_full = True
                        break
                    if self._screens_urgent:  # a round that runs to its end lets it pass
                        screens_at = self._screens_between(screens_at)
                    screens_at = self._hold_for_decision(screens_at, started, may_stop)
            except Exception:  # a failed broadcast must never stop the next ones
                log.exception("publication %s failed", threading.current_thread().name)
