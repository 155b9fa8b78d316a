"""A Session's way in: one queue, one worker, and group commit.

Every input is put on the game's one queue and handled by its one worker, in
order. The worker takes every event waiting in the queue (up to MAX_BATCH) and
has the Session handle them in order, staging their journal rows here; the rows
are then committed together (one transaction, one fsync, shared with other
Sessions committing at the same time), and only then is each sender answered,
the calls deferred until the commit made, and the new state published. If that
commit fails, the Session goes back to the journal's state and every event of
the batch that was accepted is refused.

An event that reads the journal (a claim, undo, ...) is a barrier: it is
handled alone, after the rows before it are committed. This part knows nothing
of games: the `Handler` (the Session) handles one event and deals with faults.

A batch that leaves the game's timer due within `HOLD_SECONDS` (a press that
started a buzz's settle wait) takes in what comes until it fires, its timeout
among them, before committing: the press and its decision share one commit,
where two in a row (one fsync each: 0.4-1.5 ms here, 5-20 ms on a slow SD card)
came before the room saw the decision. The press's acknowledgement comes that
much later (the settle wait: a few ms on a LAN, tens on Wi-Fi).
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import replace
from typing import Any, Protocol

from host.games.contract import Event
from host.store.journal import Journal, Op, StorageError, env_float
from host.session.terms import BUSY_REASON, SESSION, Item, Origin, Outcome, internal

log = logging.getLogger(__name__)

BURST_SECONDS = 0.05  # events closer than this are a burst (phones' pacing)
HOLD_SECONDS = 0.02  # a batch waits for a timer due sooner than this (one commit for both)
HOLD_GRACE_SECONDS = 0.005  # how late after it is due its timeout may still come
# Events handled alone, after the rows before them are committed: they read the journal.
BARRIERS = frozenset({"claim", "_release", "_remove", "_unban", "_night_ban", "_leave", "_team",
                      "undo", "_probe", "_stop"})
STOPPED_REASON = "that game is gone"  # what a stopped Session answers (a deleted lobby)


class OutsideWorker(RuntimeError):
    """A change to a game from a thread that is not handling its batch (see `stage`)."""


class Handler(Protocol):
    """What a batch asks of its Session."""

    def handle(self, origin: Origin, event: Event) -> Outcome:
        """One event: check, apply, stage its rows (raises StorageError on a disk fault)."""
        ...

    def checkpoint(self) -> Any:
        """What the committed state had, to go back to if the commit fails (its timer)."""
        ...

    def storage_fault(self, err: StorageError, checkpoint: Any = None) -> Outcome:
        """The journal cannot be written: pause; the refusal to give instead."""
        ...

    def unexpected_error(self) -> None:
        """An event raised: back to the journal's state, with a next step."""
        ...

    def committed(self, dirty: bool, calls_ran: bool) -> None:
        """The batch is committed and answered: publish (`dirty`: its state changed;
        `calls_ran`: after-commit callbacks ran, which may change what the meta reads)."""
        ...

    def settled(self, dirty: bool) -> None:
        """The batch is committed (or undone by a fault): publish what other threads read
        (host/session/snapshot.py), its meta too when `dirty`, before its senders are
        answered: a sender that reads the game after its answer sees its own event."""
        ...

    def timer_due(self, within: float) -> float | None:
        """When (`time.monotonic`) the game's timer fires, if within `within` seconds."""
        ...


class Batches:
    """The queue, the worker and the rows of the batch being handled. Threaded (a
    worker thread) or inline (virtual time: `submit` handles the event at once)."""

    MAX_BATCH = 256

    def __init__(self, name: str, journal: Journal, handler: Handler,
                 threaded: bool = True) -> None:
        self.name = name
        self.journal = journal
        self.handler = handler
        self.threaded = threaded
        self.group_commit = env_float("TOURELLE_GROUP_COMMIT", 1) != 0
        self.staged: list[Op] = []  # the batch's journal rows, committed together
        self.deferred: list[Callable[[], None]] = []  # called once the batch is committed
        self.dirty = False  # the batch changed what the audiences see
        self._batch_thread: int | None = None
        self._queue: queue.Queue[Item] = queue.Queue()
        # Once stopped, every event still queued is answered, and later ones at once.
        self._closing = threading.Lock()
        self._stopped = False
        self._held: Item | None = None
        # Phones' pacing: when (time.monotonic) the last event came in, and the last one that
        # came within BURST_SECONDS of the one before (inside a burst of input).
        self._input_at = self.burst_at = 0.0

    def start(self) -> None:
        if self.threaded:
            threading.Thread(target=self._work, name=f"session-{self.name}",
                             daemon=True).start()

    # -- the one way in --------------------------------------------------------
    def submit(self, origin: Origin, event: Event, timeout: float = 10.0,
               queued: Callable[[], None] | None = None) -> Outcome:
        """Queue an event and wait for its outcome (inline sessions handle it at once);
        `queued` is called once it is in the queue, before its outcome (inline: handled)."""
        if not self.threaded:
            outcome = self.run([(origin, event, None)])[0]
            if queued is not None:
                queued()
            return outcome
        future: Future[Outcome] = Future()
        self._heard()
        with self._closing:
            if self._stopped:
                return Outcome.refuse("stale", STOPPED_REASON)
            self._queue.put((origin, event, future))
        if queued is not None:
            queued()
        try:
            return future.result(timeout=timeout)
        except TimeoutError:
            return Outcome.refuse("busy", BUSY_REASON)

    def submit_nowait(self, origin: Origin, event: Event) -> None:
        if not self.threaded:
            self.run([(origin, event, None)])
        else:
            self._heard()
            with self._closing:
                if not self._stopped:
                    self._queue.put((origin, event, None))

    def _heard(self) -> None:
        """An event came in: a burst of input holds the phones' next round (broadcast.py),
        a lone event (the host opening a window) does not."""
        now = time.monotonic()
        if now - self._input_at < BURST_SECONDS:
            self.burst_at = now
        self._input_at = now

    def stop(self) -> None:
        if self.threaded:
            self._queue.put((SESSION, {"type": "_stop"}, None))

    def in_batch(self) -> bool:
        """Whether this thread is handling a batch (what it changes is published after)."""
        return self._batch_thread == threading.get_ident()

    def stage(self, op: Op) -> None:
        """A journal row for the batch being handled. One writer, checked as it runs: a row
        staged by any thread but the one handling a batch (the game's worker, or an inline
        Session's caller) is a bug that would race the worker, and is refused loudly."""
        if self._batch_thread != threading.get_ident():
            raise OutsideWorker(f"game {self.name}: a journal row staged outside its worker "
                                f"(thread {threading.current_thread().name})")
        self.staged.append(op)

    def flush(self) -> None:
        """Commit the rows staged so far (raises StorageError)."""
        ops, self.staged = self.staged, []
        self.journal.write(ops)

    # -- the worker ------------------------------------------------------------
    def _work(self) -> None:
        while True:
            batch = self._next_batch()
            if batch is None:
                return
            try:
                self.run(batch, answered=self._answer(batch))
            except Exception:  # never: run answers everything; but the worker lives on
                log.exception("game %s: batch failed", self.name)
                self._answer(batch)([internal() for _ in batch])

    @staticmethod
    def _answer(batch: list[Item]) -> Callable[[list[Outcome]], None]:
        def answer(outcomes: list[Outcome]) -> None:
            for (_, _, future), outcome in zip(batch, outcomes, strict=True):
                if future is not None and not future.done():
                    future.set_result(outcome)
        return answer

    def _next_batch(self) -> list[Item] | None:
        """The next event and every one waiting behind it (until a barrier)."""
        first = self._held if self._held is not None else self._queue.get()
        self._held = None
        if first[1].get("type") == "_stop":
            self._close()
            return None
        batch = [first]
        if first[1].get("type") in BARRIERS or not self.group_commit:
            return batch
        while len(batch) < self.MAX_BATCH and (item := self._take()) is not None:
            batch.append(item)
        return batch

    def _close(self) -> None:
        """Stopped: refuse what is still queued, and (`submit`) whatever comes after."""
        with self._closing:
            self._stopped = True
        while True:
            try:
                _, _, future = self._queue.get_nowait()
            except queue.Empty:
                return
            if future is not None and not future.done():
                future.set_result(Outcome.refuse("stale", STOPPED_REASON))

    def _take(self, wait: float = 0.0) -> Item | None:
        """The next event in the queue (waiting up to `wait` seconds for one), or None: none
        came, or it is a barrier, held for the next batch."""
        try:
            item = self._queue.get(timeout=wait) if wait > 0 else self._queue.get_nowait()
        except queue.Empty:
            return None
        if item[1].get("type") in BARRIERS:
            self._held = item
            return None
        return item

    def run(self, batch: list[Item],
            answered: Callable[[list[Outcome]], None] | None = None) -> list[Outcome]:
        """Handle events in order, commit their rows at once, then answer (`answered`) and
        publish: the senders hear back as soon as their rows are committed."""
        me = threading.get_ident()
        if self._batch_thread == me:  # re-entered (inline): the outer batch commits
            return [self._one(origin, event) for origin, event, _ in batch]
        self._batch_thread = me
        self.dirty = False
        before = self.handler.checkpoint()
        try:
            outcomes = [self._one(origin, event) for origin, event, _ in batch]
            if (answered is not None and self.threaded and self.group_commit
                    and batch[0][1].get("type") not in BARRIERS):  # the worker's, shared
                self._until_timer(batch, outcomes)
            try:
                self.flush()
            except StorageError as err:
                refusal = self.handler.storage_fault(err, before)
                outcomes = [replace(refusal, data=dict(refusal.data)) if o.ok else o
                            for o in outcomes]
                self.deferred.clear()
        finally:
            self._batch_thread = None
        self.handler.settled(self.dirty)
        if answered is not None:
            answered(outcomes)
        deferred, self.deferred = self.deferred, []
        for call in deferred:
            try:
                call()
            except Exception:  # noqa: BLE001 - a callback's failure is not the game's
                log.exception("game %s: after-commit callback failed", self.name)
        dirty, self.dirty = self.dirty, False
        self.handler.committed(dirty, bool(deferred))
        return outcomes

    def _until_timer(self, batch: list[Item], outcomes: list[Outcome]) -> None:
        """While the game's timer is due within `HOLD_SECONDS`, take the events that come
        (its timeout among them) into this batch, until `HOLD_GRACE_SECONDS` after it was
        due (a timeout held back longer, host/session/in_flight.py, goes in the next batch); a
        barrier waits for the next one."""
        due = self.handler.timer_due(HOLD_SECONDS)
        if due is None:
            return
        deadline = due + HOLD_GRACE_SECONDS
        while len(batch) < self.MAX_BATCH and self.handler.timer_due(HOLD_SECONDS) is not None:
            left = deadline - time.monotonic()
            item = self._take(left) if left > 0 else None
            if item is None:
                return
            batch.append(item)
            outcomes.append(self._one(item[0], item[1]))

    def _one(self, origin: Origin, event: Event) -> Outcome:
        mark = len(self.staged)
        try:
            return self.handler.handle(origin, event)
        except StorageError as err:  # a read (or an inner commit) met the disk's fault
            del self.staged[mark:]
            return self.handler.storage_fault(err)
        except Exception:  # the server never dies from one event
            log.exception("game %s: unexpected error on %r from %s", self.name, event, origin)
            del self.staged[mark:]
            self.handler.unexpected_error()
            return internal()
