"""A Session's way back to its journal: restore, undo, storage faults, unexpected errors.

The journal is the game: at start-up the Session rebuilds its state from it
(host/store/replay.py), and so does a host's undo (a replay without the last decision;
it survives a crash too), a storage fault and an unexpected error.

Storage faults (a full card, a read-only one, an I/O error) pause the game in
memory (`meta.storage`), refuse actions with code `storage`, and probe the
journal every few seconds (and on the host's `resume`): once it can be written,
the game goes on from the last committed event, its timer re-armed with the
time that was left and the bots re-planned. After any unexpected error too the
Session reloads from the journal and re-arms its timer and bots; if even that
raises, it tries again in a moment (a game is never left frozen).
"""

from __future__ import annotations

import logging

from host.store.journal import GameRecord, StorageError, env_float
from host.store.replay import plan_undo, rebuild, undone_notices
from host.session.terms import SESSION, Origin, Outcome, missing
from host.session.shape import SessionShape


log = logging.getLogger(__name__)

# What the host page, the projector and a refused phone are told, by fault.
STORAGE_MESSAGES = {
    "full": "the card is full: nothing is lost; free space, then resume",
    "readonly": "the card became read-only: nothing is lost; remount it read-write "
                "(or replace it), then resume",
    "error": "the card could not be written (I/O error): nothing is lost; check it, "
             "then resume",
}


class Recovery:
    """The journal's health as this game sees it (`storage`: full | readonly | error while
    it fails), the timer to re-arm once it writes again, and the free space."""

    PROBE_SECONDS = 2.0  # while the journal cannot be written, try again this often
    RETRY_SECONDS = 2.0  # after an unexpected error the follow-ups themselves raised
    LOW_SPACE_BYTES = int(env_float("TOURELLE_LOW_SPACE_MB", 64) * 1024 * 1024)

    def __init__(self, session: SessionShape) -> None:
        self.session = session
        self.storage: str | None = None
        self._fault_timer: tuple[str | None, float | None] = (None, None)
        self._free: tuple[int, int | None] = (0, None)  # (checked at ns, free bytes)

    def restore(self, record: GameRecord, rearm: bool = True) -> None:
        """Rebuild from the journal (at start-up, after undo, after an unexpected error);
        `rearm`: keep the time the running timer had left at the last heartbeat."""
        s = self.session
        rows = s.journal.rows(s.id)
        s.seating.load()
        rebuilt = rebuild(s.game, record.config, rows)
        s.state = rebuilt.state
        s.seats = rebuilt.seats
        s.seating.engine_names = rebuilt.engine_names
        s.paused = rebuilt.paused
        s.paused_ns, s.paused_at = rebuilt.paused_ns, rebuilt.paused_at
        s.used_questions = rebuilt.used_questions
        s.last_seq = rebuilt.last_seq
        s.status = record.status
        s.timers.reset()
        if not rearm or s.state is None:
            return
        request = s.game.timer(s.state)
        if request and record.timer_id == request.timer_id and record.timer_left is not None:
            s.timers.resume_left = record.timer_left
        else:
            s.timers.resume_left = None

    def undo(self, origin: Origin) -> Outcome:
        """Host: take back the last decision: an `undo` row, then a replay without it.

        The teams' moves after it are kept where they still apply (host/store/replay.py); a
        seat whose move no longer does is told why (`undone_moves`). The running timer
        keeps its time when it is still the same one; the pause and the seats' new names
        stay as they were. A game over by the decision (`end`, the last board's `next`)
        runs again."""
        s = self.session
        plan = plan_undo(s.game, s.config, s.journal.effective_rows(s.id))
        if plan is None:
            return Outcome.refuse("nothing_to_undo", "there is no decision to undo")
        was_paused = s.paused
        was_over = s.status == "over"
        timer_id, left = s.timers.checkpoint()
        names = {int(seat["seat"]): seat["name"] for seat in s.seats}
        seq = s.append(origin, plan.row())
        s.batches.flush()  # the rebuild below reads the undo row
        record = s.journal.game(s.id) or missing(s.id)
        s.scheduler.cancel_all()
        self.restore(record, rearm=False)
        if was_over and s.state is not None and not s.game.is_over(s.state):
            s.status = "running"
            s.stage(s.journal.op_status(s.id, "running"))
        if was_paused and not s.paused:
            s.paused_at = s.clock.now_ns()
            s.append(origin, {"type": "pause", "t_ns": s.paused_at})
            s.paused = True
        s.seating.keep_names(origin, names)
        s.undone_moves = undone_notices(s.game, s.state, plan.dropped)
        request = s.game.timer(s.state) if s.state is not None else None
        if request is not None and request.timer_id == timer_id and left is not None:
            if s.paused:  # the same wait goes on with the time it had, once resumed
                s.timers.timer_id, s.timers.paused_left = timer_id, left
            else:
                s.timers.arm(seconds_left=left)
        s.after_change()
        return Outcome(True, seq=seq, data={"undone": plan.target.seq,
                                            "kept": len(plan.keep),
                                            "dropped": len(plan.dropped)})

    # -- storage faults ------------------------------------------------------------
    def refusal(self) -> Outcome:
        reason = self.storage or "error"
        return Outcome(False, "storage", STORAGE_MESSAGES.get(reason, STORAGE_MESSAGES["error"]),
                       data={"storage": reason})

    def gate(self, origin: Origin, kind: object) -> Outcome | None:
        """While the journal cannot be written: the refusal, except for a claim (a phone
        still sees its seat) and the host's resume (try the journal now; None: recovered
        and the host had paused the game too, so the resume goes on)."""
        if self.storage is None:
            return None
        if kind == "resume" and origin.role == "host":
            recovered = self.try_recover()
            if not recovered.ok or not self.session.paused:
                return recovered
            return None
        if kind != "claim":
            return self.refusal()
        return None

    def fault(self, err: StorageError,
              timer: tuple[str | None, float | None] | None = None) -> Outcome:
        """Pause in memory: the journal's state, no timers, no bots; probe until it writes.

        `timer` is the timer and its time left as of the last committed state. Returns the
        refusal to give."""
        s = self.session
        first = self.storage is None
        if first:
            self._fault_timer = timer or s.timers.checkpoint()
            log.warning("game %s paused: storage %s (%s); %s", s.id, err.reason, err.detail,
                        STORAGE_MESSAGES.get(err.reason, ""))
        self.storage = err.reason
        s.batches.staged.clear()
        s.batches.deferred.clear()
        s.scheduler.cancel_all()
        s.timers.bot_keys.clear()
        if first:
            try:  # drop what was not committed (the journal is still readable, mostly)
                self.restore(s.journal.game(s.id) or missing(s.id), rearm=False)
            except Exception:  # noqa: BLE001 - read again on recovery
                log.warning("game %s: journal unreadable for now", s.id)
        s.timers.timer_id = None
        self._schedule_probe()
        s.publish()
        return self.refusal()

    def _schedule_probe(self) -> None:
        s = self.session
        s.scheduler.call_later("probe", self.PROBE_SECONDS,
                               lambda: s.submit_nowait(SESSION, {"type": "_probe"}))

    def probe(self, retry: bool) -> Outcome:
        """The `_probe` (storage) and `_retry` (after an error) events."""
        s = self.session
        if self.storage is not None:
            return self.try_recover()
        if retry:
            self.reload(s.timers.timer_id, s.timers.paused_left)
        return Outcome(True)

    def try_recover(self) -> Outcome:
        s = self.session
        try:
            s.journal.probe()
        except StorageError as err:
            if err.reason != self.storage:
                self.storage = err.reason
                s.publish()
            self._schedule_probe()
            return self.refusal()
        log.warning("game %s: the journal writes again; the game goes on", s.id)
        self.storage = None
        s.scheduler.cancel("probe")
        timer_id, left = self._fault_timer
        self._fault_timer = (None, None)
        self.reload(timer_id, left)
        return Outcome(True, data={"recovered": True})

    # -- unexpected errors -----------------------------------------------------------
    def after_error(self) -> None:
        """Back to the journal's state, with a next step: the timer and the bots re-armed."""
        s = self.session
        timer_id, left = s.timers.checkpoint()
        s.scheduler.cancel_all()
        try:
            s.batches.flush()  # the events before this one in the batch stand
            self.reload(timer_id, left)
        except StorageError as err:
            self.fault(err)
        except Exception:  # the follow-ups raise too: try again in a moment, never freeze
            log.exception("game %s: could not re-arm after an error; retrying", s.id)
            s.timers.timer_id, s.timers.paused_left = timer_id, left
            s.scheduler.call_later(
                "retry", self.RETRY_SECONDS * max(s.pace, 0.05),
                lambda: s.submit_nowait(SESSION, {"type": "_retry"}))
            s.publish()

    def reload(self, timer_id: str | None, left: float | None) -> None:
        """Restore from the journal and carry on: the timer `timer_id` keeps `left`."""
        s = self.session
        s.batches.staged.clear()
        self.restore(s.journal.game(s.id) or missing(s.id), rearm=False)
        request = s.game.timer(s.state) if s.state is not None else None
        s.timers.resume_left = left if request and request.timer_id == timer_id else None
        if s.state is not None and s.status == "lobby":  # its status write was lost
            s.status = "running"
            s.stage(s.journal.op_status(s.id, "running"))
        s.timers.carry_on()

    def free_space(self) -> int | None:
        """Free bytes in the data folder (checked at most every 2 s)."""
        s = self.session
        now = s.clock.now_ns()
        checked, free = self._free
        if free is None or now - checked > 2_000_000_000 or now < checked:
            free = s.journal.free_bytes()
            self._free = (now, free)
        return free

    def low_space(self) -> float | None:
        """Free megabytes when below the warning's threshold (meta's `low_space`)."""
        free = self.free_space()
        return (round(free / 1048576, 1)
                if free is not None and free < self.LOW_SPACE_BYTES else None)
