"""The Session: one authority per game.

Every input (a phone's action, a host command, a buzzer press, a timer running
out, a bot's move) is put on the Session's one queue and handled by its one
worker, in order:

1. validate: role, seat, phase and shape (the edge has already checked types);
2. compute the next state with the pure engine (a refusal changes nothing);
3. append the event to the journal (fsync) - only then does the new state count;
4. follow up: draw a question the engine asks for, arm its timer, plan bots;
5. send each audience its own view.

Nothing else touches a game's state. Socket handlers, GPIO callbacks and
timers only submit.

Group commit: the worker takes every event waiting in the queue (up to
MAX_BATCH) and handles them in order, staging their journal rows; the rows are
then committed together (one transaction, one fsync, shared with other
Sessions committing at the same time), and only then is each sender answered
and the new state published. If that commit fails, the state goes back to the
journal's and every event of the batch is refused.

Storage faults (a full card, a read-only one, an I/O error) pause the game in
memory (`meta.storage`), refuse actions with code `storage`, and probe the
journal every few seconds (and on the host's `resume`): once it can be written,
the game goes on from the last committed event, its timer re-armed with the
time that was left and the bots re-planned. After any unexpected error too the
Session reloads from the journal and re-arms its timer and bots.
"""

from __future__ import annotations

import hashlib
import json
import logging
import queue
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from host import phone_parts, rng
from host.broadcast import Broadcaster, Parts
from host.clock import Clock, Scheduler
from host.games.contract import Event, Game, GameError, GameKind, View
from host.journal import GameRecord, Journal, Op, StorageError, env_float
from host.replay import SESSION_EVENTS, rebuild
from host.teams import SeatPhones, TeamRules, member_id

log = logging.getLogger(__name__)

# (game_id, audience, payload); None for a headless game nobody watches.
class Publish(Protocol):
    """Sends a payload to an audience's room; `skip`: audiences whose members it skips."""

    def __call__(self, game_id: str, audience: str, payload: dict[str, Any],
                 skip: tuple[str, ...] = ()) -> None: ...


Publisher = Publish | None


class QuestionSource(Protocol):
    def draw(self, kind: str, used_in_game: Sequence[str], rng_state: int,
             narrow: dict[str, Any] | None = None) -> dict[str, Any]:
        """A question of this kind; `used_in_game` oldest first; `narrow`: QuestionRequest's."""
        ...

    def remember(self, question_ids: list[str]) -> None: ...


@dataclass(frozen=True)
class Origin:
    """Who sent an event. `seat` is the seat a phone is bound to (never taken from the payload)."""

    role: str  # seat | host | device | bot | timer | session
    seat: int | None = None
    client: str = ""
    token: str = ""  # a phone's token hash: which phone of a team (never journaled)
    member: str = ""  # in a team game, the phone's short id (journaled: who answered)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"role": self.role}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.member:
            out["member"] = self.member
        return out


TIMER = Origin("timer")
SESSION = Origin("session")
HOST = Origin("host")
BURST_SECONDS = 0.05  # events closer than this are a burst (phones' pacing)
PHONES = "phones"  # the audience of every phone of a game (its public part)

# What the host page, the projector and a refused phone are told, by fault.
STORAGE_MESSAGES = {
    "full": "the card is full: nothing is lost; free space, then resume",
    "readonly": "the card became read-only: nothing is lost; remount it read-write "
                "(or replace it), then resume",
    "error": "the card could not be written (I/O error): nothing is lost; check it, "
             "then resume",
}
# Events handled alone, after the rows before them are committed: they read the journal.
BARRIERS = frozenset({"claim", "_release", "_team", "undo", "_probe", "_stop"})
Item = tuple["Origin", Event, "Future[Outcome] | None"]


@dataclass
class Outcome:
    ok: bool
    code: str = "ok"
    reason: str = ""
    seq: int | None = None
    data: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def refuse(cls, code: str, reason: str) -> Outcome:
        return cls(False, code, reason)

    def as_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"ok": self.ok}
        if not self.ok:
            out.update(code=self.code, reason=self.reason)
        if self.seq is not None:
            out["seq"] = self.seq
        out.update(self.data)
        return out


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Session:
    """The authority over one game. Threaded (a worker thread) or inline (virtual time)."""

    HEARTBEAT_SECONDS = 1.0
    PROBE_SECONDS = 2.0  # while the journal cannot be written, try again this often
    RETRY_SECONDS = 2.0  # after an unexpected error the follow-ups themselves raised
    MAX_BATCH = 256
    LOW_SPACE_BYTES = int(env_float("TOURELLE_LOW_SPACE_MB", 64) * 1024 * 1024)

    def __init__(
        self,
        record: GameRecord,
        kind: GameKind,
        journal: Journal,
        clock: Clock,
        scheduler: Scheduler,
        questions: QuestionSource,
        publish: Publisher,
        threaded: bool = True,
        listening: Callable[[str, str], bool] | None = None,
        on_finished: Callable[[Session], None] | None = None,
    ) -> None:
        self.id = record.id
        self.on_finished = on_finished
        self.listening = listening  # whether anyone is in an audience's room right now
        self.kind = kind
        self.config = record.config
        self.seed = int(record.config["seed"])
        # Every duration (time limits, bot thinking) is multiplied by the pace: 1 for a real
        # night, less for a quick demo or a test.
        self.pace = float(record.config.get("pace", 1.0))
        self.game: Game = kind.make(record.config)
        self.journal = journal
        self.clock = clock
        self.scheduler = scheduler
        self.questions = questions
        self._publish = publish
        self.status = record.status
        self.state: Any | None = None
        self.seats: list[dict[str, Any]] = []
        self.paused = False
        # The questions asked in this game, oldest first (a dry bank reuses the oldest).
        self.used_questions: dict[str, None] = {}
        self.last_seq = 0
        self._timer_id: str | None = None
        self._timer_total = 0.0
        self._timer_due_ns = 0
        self._paused_left: float | None = None
        self._bot_keys: dict[int, str] = {}
        self._resume_left: float | None = None
        self.storage: str | None = None  # full | readonly | error while the journal fails
        self._fault_timer: tuple[str | None, float | None] = (None, None)
        self._staged: list[Op] = []
        self._batch_thread: int | None = None
        self._dirty = False
        self._deferred: list[Callable[[], None]] = []
        self._free: tuple[int, int | None] = (0, None)  # (checked at ns, free bytes)
        self.group_commit = env_float("TOURELLE_GROUP_COMMIT", 1) != 0
        self.teams = TeamRules.from_config(record.config)
        self.phones = SeatPhones()
        self._answered: dict[int, str] = {}  # team games: seat -> which phone acted last
        self.offline: dict[int, int] = {}  # seat -> host ns when its last phone left
        # In a night (host/night.py): the night's summary, from the hub.
        self.night_summary: Callable[[], dict[str, Any] | None] | None = None
        self._restore(record)
        self._threaded = threaded
        self._queue: queue.Queue[Item] = queue.Queue()
        self._held: Item | None = None
        # Phones' pacing: when (time.monotonic) the last event came in, and the last one that
        # came within BURST_SECONDS of the one before (inside a burst of input).
        self._input_at = self._burst_at = 0.0
        # The newest (state, meta) is broadcast by a publisher thread (host/broadcast.py), so
        # the worker goes on with the next batch meanwhile: projector first, states that pile
        # up sent as the newest: screens at most every 30 ms, phones every 200 ms and not
        # inside a burst of input.
        # seat -> (the state, its private part) last sent to it
        self._sent_private: dict[int, tuple[Any, tuple[Any, Any]]] = {}
        self._catch_up: set[int] = set()  # seats (re)joined since the last round
        self._broadcaster: Broadcaster[tuple[Any, dict[str, Any]]] | None = (
            Broadcaster(self.id, self._send, threaded=threaded,
                        last_input=lambda: self._burst_at) if publish is not None else None)
        if threaded:
            self._worker = threading.Thread(target=self._work, name=f"session-{self.id}",
                                            daemon=True)
            self._worker.start()

    # -- the one way in --------------------------------------------------------
    def submit(self, origin: Origin, event: Event, timeout: float = 10.0) -> Outcome:
        """Queue an event and wait for its outcome (inline sessions handle it at once)."""
        if not self._threaded:
            return self._run_batch([(origin, event, None)])[0]
        future: Future[Outcome] = Future()
        self._heard()
        self._queue.put((origin, event, future))
        try:
            return future.result(timeout=timeout)
        except TimeoutError:
            return Outcome.refuse("busy", "the game did not answer in time; try again")

    def submit_nowait(self, origin: Origin, event: Event) -> None:
        if not self._threaded:
            self._run_batch([(origin, event, None)])
        else:
            self._heard()
            self._queue.put((origin, event, None))

    def _heard(self) -> None:
        """An event came in: a burst of input holds the phones' next round (broadcast.py),
        a lone event (the host opening a window) does not."""
        now = time.monotonic()
        if now - self._input_at < BURST_SECONDS:
            self._burst_at = now
        self._input_at = now

    def stop(self) -> None:
        self.scheduler.cancel_all()
        if self._broadcaster is not None:
            self._broadcaster.stop()
        if self._threaded:
            self._queue.put((SESSION, {"type": "_stop"}, None))

    def _work(self) -> None:
        while True:
            batch = self._next_batch()
            if batch is None:
                return
            try:
                self._run_batch(batch, answered=self._answer(batch))
            except Exception:  # never: _run_batch answers everything; but the worker lives on
                log.exception("game %s: batch failed", self.id)
                self._answer(batch)([_internal() for _ in batch])

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
            return None
        batch = [first]
        if first[1].get("type") in BARRIERS or not self.group_commit:
            return batch
        while len(batch) < self.MAX_BATCH:
            try:
                item = self._queue.get_nowait()
            except queue.Empty:
                break
            if item[1].get("type") in BARRIERS:
                self._held = item
                break
            batch.append(item)
        return batch

    def _run_batch(self, batch: list[Item],
                   answered: Callable[[list[Outcome]], None] | None = None) -> list[Outcome]:
        """Handle events in order, commit their rows at once, then answer (`answered`) and
        publish: the senders hear back as soon as their rows are committed."""
        me = threading.get_ident()
        if self._batch_thread == me:  # re-entered (inline): the outer batch commits
            return [self._handle_one(origin, event) for origin, event, _ in batch]
        self._batch_thread = me
        self._dirty = False
        before = (self._timer_id, self.timer_left() if self._timer_id is not None else None)
        try:
            outcomes = [self._handle_one(origin, event) for origin, event, _ in batch]
            try:
                self._flush()
            except StorageError as err:
                self._storage_fault(err, timer=before)
                outcomes = [self._storage_refusal() if o.ok else o for o in outcomes]
                self._deferred.clear()
        finally:
            self._batch_thread = None
        if answered is not None:
            answered(outcomes)
        deferred, self._deferred = self._deferred, []
        for call in deferred:
            try:
                call()
            except Exception:  # noqa: BLE001 - a callback's failure is not the game's
                log.exception("game %s: after-commit callback failed", self.id)
        if self._dirty:
            self._dirty = False
            self.publish()
        elif self._catch_up and self._broadcaster is not None:
            self._broadcaster.changed((self.state, self.meta()), full=False)
        return outcomes

    def _flush(self) -> None:
        ops, self._staged = self._staged, []
        self.journal.write(ops)

    def _handle_one(self, origin: Origin, event: Event) -> Outcome:
        mark = len(self._staged)
        try:
            return self._handle(origin, event)
        except StorageError as err:  # a read (or an inner commit) met the disk's fault
            del self._staged[mark:]
            self._storage_fault(err)
            return self._storage_refusal()
        except Exception:  # the server never dies from one event
            log.exception("game %s: unexpected error on %r from %s", self.id, event, origin)
            del self._staged[mark:]
            self._recover_from_error()
            return _internal()

    def _recover_from_error(self) -> None:
        """Back to the journal's state, with a next step: the timer and the bots re-armed."""
        left = self.timer_left() if self._timer_id is not None else None
        timer_id = self._timer_id
        self.scheduler.cancel_all()
        try:
            self._flush()  # the events before this one in the batch stand
            self._reload(timer_id, left)
        except StorageError as err:
            self._storage_fault(err)
        except Exception:  # the follow-ups raise too: try again in a moment, never freeze
            log.exception("game %s: could not re-arm after an error; retrying", self.id)
            self._timer_id, self._paused_left = timer_id, left
            self.scheduler.call_later(
                "retry", self.RETRY_SECONDS * max(self.pace, 0.05),
                lambda: self.submit_nowait(SESSION, {"type": "_retry"}))
            self.publish()

    def _reload(self, timer_id: str | None, left: float | None) -> None:
        """Restore from the journal and carry on: the timer `timer_id` keeps `left`."""
        self._staged.clear()
        self._restore(self.journal.game(self.id) or _missing(self.id), rearm=False)
        request = self.game.timer(self.state) if self.state is not None else None
        self._resume_left = left if request and request.timer_id == timer_id else None
        if self.state is not None and self.status == "lobby":  # its status write was lost
            self.status = "running"
            self._staged.append(self.journal.op_status(self.id, "running"))
        self._carry_on()

    # -- storage faults ------------------------------------------------------------
    def _storage_refusal(self) -> Outcome:
        reason = self.storage or "error"
        return Outcome(False, "storage", STORAGE_MESSAGES.get(reason, STORAGE_MESSAGES["error"]),
                       data={"storage": reason})

    def _storage_fault(self, err: StorageError,
                       timer: tuple[str | None, float | None] | None = None) -> None:
        """Pause in memory: the journal's state, no timers, no bots; probe until it writes.

        `timer` is the timer and its time left as of the last committed state."""
        first = self.storage is None
        if first:
            left = self.timer_left() if self._timer_id is not None else None
            self._fault_timer = timer or (self._timer_id, left)
            log.warning("game %s paused: storage %s (%s); %s", self.id, err.reason, err.detail,
                        STORAGE_MESSAGES.get(err.reason, ""))
        self.storage = err.reason
        self._staged.clear()
        self._deferred.clear()
        self.scheduler.cancel_all()
        self._bot_keys.clear()
        if first:
            try:  # drop what was not committed (the journal is still readable, mostly)
                self._restore(self.journal.game(self.id) or _missing(self.id), rearm=False)
            except Exception:  # noqa: BLE001 - read again on recovery
                log.warning("game %s: journal unreadable for now", self.id)
        self._timer_id = None
        self._schedule_probe()
        self.publish()

    def _schedule_probe(self) -> None:
        self.scheduler.call_later("probe", self.PROBE_SECONDS,
                                  lambda: self.submit_nowait(SESSION, {"type": "_probe"}))

    def _try_recover(self) -> Outcome:
        try:
            self.journal.probe()
        except StorageError as err:
            if err.reason != self.storage:
                self.storage = err.reason
                self.publish()
            self._schedule_probe()
            return self._storage_refusal()
        log.warning("game %s: the journal writes again; the game goes on", self.id)
        self.storage = None
        self.scheduler.cancel("probe")
        timer_id, left = self._fault_timer
        self._fault_timer = (None, None)
        self._reload(timer_id, left)
        return Outcome(True, data={"recovered": True})

    def free_space(self) -> int | None:
        """Free bytes in the data folder (checked at most every 2 s)."""
        now = self.clock.now_ns()
        checked, free = self._free
        if free is None or now - checked > 2_000_000_000 or now < checked:
            free = self.journal.free_bytes()
            self._free = (now, free)
        return free

    # -- handling ------------------------------------------------------------
    def _handle(self, origin: Origin, event: Event) -> Outcome:
        kind = event.get("type")
        if kind == "_heartbeat":
            self._heartbeat()
            return Outcome(True)
        if kind == "_presence" and origin is SESSION:
            self._presence(int(event["seat"]), bool(event["connected"]))
            return Outcome(True)
        if kind == "_away_check" and origin is SESSION:
            self._dirty = True  # a seat may have been away long enough to show it
            return Outcome(True)
        if kind == "_resend" and origin is SESSION:
            self._sent_private.pop(event["seat"], None)
            self._catch_up.add(event["seat"])  # sent once the batch is done
            return Outcome(True)
        if kind == "_restart":
            self._carry_on()
            return Outcome(True)
        if kind == "_probe" or kind == "_retry":
            if self.storage is not None:
                return self._try_recover()
            if kind == "_retry":
                self._reload(self._timer_id, self._paused_left)
            return Outcome(True)
        if self.storage is not None:
            if kind == "resume" and origin.role == "host":
                recovered = self._try_recover()
                if not recovered.ok or not self.paused:
                    return recovered
                # the host had paused it too: carry on with that resume
            elif kind != "claim":
                return self._storage_refusal()
        if kind == "_release" and origin.role == "host":
            return self._release_seat(int(event["seat"]))
        if kind == "_team" and origin.role == "host":
            return self._team_command(event)
        if kind == "_rename" and origin.role == "host":
            return self._rename(origin, int(event["seat"]), str(event["name"]))
        if not isinstance(kind, str):
            return Outcome.refuse("bad_event", "an event needs a 'type'")
        if kind == "claim":  # a phone coming back to a finished game still sees its podium
            return self._claim(origin, event)
        if self.status == "over":
            return Outcome.refuse("over", "this game is over")
        if kind in SESSION_EVENTS:
            return self._session_event(origin, event)
        refusal = self._check_role(origin, event)
        if refusal:
            return refusal
        if self.state is None:
            return Outcome.refuse("not_started", "the game has not started yet")
        if self.paused and origin.role in ("seat", "bot", "timer", "device"):
            return Outcome.refuse("paused", "the game is paused")
        stage = event.pop("stage", None)
        if stage is not None and stage != self.stage_key():
            return Outcome.refuse("stale", "that was for a step of the game that is over")
        if origin.role == "host" and kind in self.kind.timed_host_actions:
            event["t_ns"] = self.clock.now_ns()
        if kind in self.kind.timed_seat_actions and (origin.role == "bot" or "t_ns" not in event):
            # A bot locks in when its timer fires: that host time, not what it planned.
            event["t_ns"] = self.clock.now_ns()
        if origin.role == "bot" and origin.seat is not None:
            self._bot_keys.pop(origin.seat, None)  # its plan is spent: it will think again
        if self.teams.enabled and origin.role == "seat" and origin.seat is not None:
            refusal = self._team_check(origin)
            if refusal:
                return refusal
            origin = replace(origin, member=member_id(origin.token))
        try:
            new_state = self.game.apply(self.state, event)
        except GameError as err:
            if origin.role == "bot":
                self._plan_bots()  # the plan went stale under it
            code = getattr(err, "code", "illegal")
            by = self._answered.get(origin.seat) if origin.seat is not None else None
            if origin.member and code == "stale" and by is not None:
                # A team's second answer: the engine refuses it as a seat's second answer.
                return Outcome.refuse("stale", f"your team has already answered ({by}): its "
                                               "first answer counts")
            return Outcome.refuse(code, str(err))
        if origin.member and origin.seat is not None:
            phone = self.phones.phone(origin.seat, origin.token)
            self._answered[origin.seat] = (phone.name if phone and phone.name
                                           else origin.member)
        seq = self._append(origin, event)
        self.state = new_state
        if kind == "question":
            asked = str(event["question"]["id"])
            self.used_questions.pop(asked, None)
            self.used_questions[asked] = None
        self._after_change()
        return Outcome(True, seq=seq)

    def _check_role(self, origin: Origin, event: Event) -> Outcome | None:
        kind = event["type"]
        role = origin.role
        if role == "timer":
            if kind == "timeout":
                return None
            return Outcome.refuse("forbidden", "timers only time out")
        if role == "session":
            return None
        if kind in ("timeout", "question"):
            return Outcome.refuse("forbidden", f"'{kind}' comes from the host itself")
        if role == "host":
            if kind in self.kind.host_actions:
                return None
            if kind in self.kind.seat_actions and isinstance(event.get("seat"), int):
                return None  # the host may act for a seat whose player has no phone
            return Outcome.refuse("unknown_event", f"unknown host command {kind!r}")
        if role in ("seat", "bot"):
            if kind in self.kind.host_actions:
                return Outcome.refuse("forbidden", f"only the host may send {kind!r}")
            if kind not in self.kind.seat_actions:
                return Outcome.refuse("unknown_event", f"unknown action {kind!r}")
            if origin.seat is None:
                return Outcome.refuse("forbidden", "join a seat first")
            if "seat" in event and event["seat"] != origin.seat:
                return Outcome.refuse("forbidden", "you can only act for your own seat")
            if role == "bot" and not self.seats[origin.seat].get("bot"):
                return Outcome.refuse("forbidden", "that seat is not a bot")
            if role == "seat" and self.seats[origin.seat].get("bot"):
                return Outcome.refuse("forbidden", "a bot plays this seat now; ask the host "
                                                   "to hand it back")
            event["seat"] = origin.seat
            return None
        return Outcome.refuse("forbidden", f"the {role} role cannot send {kind!r}")

    def _session_event(self, origin: Origin, event: Event) -> Outcome:
        kind = event["type"]
        if kind == "claim":
            return self._claim(origin, event)
        if origin.role != "host":
            return Outcome.refuse("forbidden", f"only the host may send {kind!r}")
        if kind == "start":
            if self.state is not None:
                return Outcome.refuse("stale", "the game has already started")
            seats = [dict(seat) for seat in self.seats]
            try:
                state = self.game.setup(self.config.get("settings", {}), seats, self.seed)
            except GameError as err:
                return Outcome.refuse(err.code, str(err))
            seq = self._append(origin, {"type": "start", "seats": seats})
            self.state = state
            self.status = "running"
            self._staged.append(self.journal.op_status(self.id, "running"))
            self._after_change()
            return Outcome(True, seq=seq)
        if kind == "pause":
            if self.paused or self.state is None:
                return Outcome.refuse("stale", "the game is not running")
            seq = self._append(origin, {"type": "pause"})
            self._pause_timers()
            self.paused = True
            self._after_change(publish_only=True)
            return Outcome(True, seq=seq)
        if kind == "resume":
            if not self.paused and self.rules_pause() is not None:
                # The rules paused the game (e.g. nobody answered): it goes on with the
                # game's own `continue`, journaled as the host's decision.
                return self._handle(origin, {"type": "continue"})
            if not self.paused:
                return Outcome.refuse("stale", "the game is not paused")
            seq = self._append(origin, {"type": "resume"})
            self.paused = False
            self._after_change()
            return Outcome(True, seq=seq)
        if kind == "undo":
            return self._undo(origin)
        if kind == "hand":
            return self._hand(origin, event)
        return Outcome.refuse("unknown_event", f"unknown command {kind!r}")

    def _hand(self, origin: Origin, event: Event) -> Outcome:
        """Host: a bot plays the seat from now on ({"bot": 1-5}), or people again ({"bot":
        null}); the seat's phones stay bound, and act again once it is handed back."""
        seat, level = event.get("seat"), event.get("bot")
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            return Outcome.refuse("bad_event", "there is no such seat")
        if level is not None and (isinstance(level, bool) or not isinstance(level, int)
                                  or not 1 <= level <= 5):
            return Outcome.refuse("bad_event", "a bot level is 1 to 5, or null for people")
        if level is not None and self.kind.plan_bot is None:
            return Outcome.refuse("illegal", f"{self.kind.name} has no bots")
        if self.seats[seat].get("bot") == level:
            return Outcome.refuse("stale", "the seat is already played that way")
        seq = self._append(origin, {"type": "hand", "seat": seat, "bot": level})
        self.seats[seat]["bot"] = level
        self._bot_keys.pop(seat, None)
        self.scheduler.cancel(f"bot:{seat}")
        self._after_change()  # a bot plans its move at once
        return Outcome(True, seq=seq)

    def _claim(self, origin: Origin, event: Event) -> Outcome:
        """A phone asks for a seat. Its token binds it; the same token gets the same seat back.
        In a team game a taken seat takes the phone into its team (host/teams.py)."""
        token = event.get("token_hash")
        if not isinstance(token, str):
            return Outcome.refuse("bad_event", "a claim needs a token")
        seat_of = self.phones.seat_of(token)
        if seat_of is not None:
            return Outcome(True, data={"seat": seat_of, "rejoined": True,
                                       **self._captaincy(seat_of, token)})
        if self.status == "over":
            return Outcome.refuse("over", "this game is over")
        wanted = event.get("seat")
        free = [seat for seat in self.joinable_seats() if not self.phones.taken(seat)]
        if wanted is not None:
            if wanted not in [s["seat"] for s in self.seats]:
                return Outcome.refuse("bad_event", "there is no such seat")
            if wanted not in self.joinable_seats():
                return Outcome.refuse("taken", "that seat is taken; ask the host to free it")
            seat = int(wanted)
        elif free:
            seat = free[0]
        else:
            return Outcome.refuse("full", "every seat is taken")
        given = str(event.get("name") or "")[:24].strip()
        captain = self.phones.add(seat, token, given)
        if captain:
            self._staged.append(self.journal.op_bind(self.id, seat, token))
        if self.teams.enabled:
            self._staged.append(self.journal.op_add_teammate(self.id, seat, token, given))
            self._dirty = True  # the projector counts the team's phones
        seq = None
        name = given or self.seats[seat]["name"] or f"#{seat + 1}"
        if (self.state is None and captain and not self.teams.enabled
                and name != self.seats[seat]["name"]):
            # The phone on a seat names it (a team phone's name is its own, not the team's).
            seq = self._append(origin, {"type": "claim", "seat": seat, "name": name})
            self.seats[seat]["name"] = name
            self._after_change(publish_only=True)  # the lobby shows the new name
        # Otherwise nothing changed for the others; the socket layer sends the phone its view.
        return Outcome(True, seq=seq, data={"seat": seat, "rejoined": False,
                                            **self._captaincy(seat, token)})

    def joinable_seats(self) -> list[int]:
        """The seats a new phone may take: no bot's, and no phone's yet (in a team game
        every team takes more phones)."""
        return [s["seat"] for s in self.seats if not s.get("bot")
                and (self.teams.enabled or not self.phones.taken(s["seat"]))]

    def _rename(self, origin: Origin, seat: int, name: str) -> Outcome:
        """Host: name a seat (a team) in the lobby; journaled as the row that names a seat."""
        name = name[:24].strip()
        if not 0 <= seat < len(self.seats) or not name:
            return Outcome.refuse("bad_event", "give a seat and a name")
        if self.state is not None:
            return Outcome.refuse("illegal", "seats are renamed before the game starts")
        seq = self._append(origin, {"type": "claim", "seat": seat, "name": name})
        self.seats[seat]["name"] = name
        self._after_change(publish_only=True)
        return Outcome(True, seq=seq)

    def _captaincy(self, seat: int, token: str) -> dict[str, Any]:
        if not self.teams.enabled:
            return {}
        captain = self.phones.captain(seat)
        return {"captain": captain is not None and captain.token_hash == token,
                "member": member_id(token)}

    def _team_check(self, origin: Origin) -> Outcome | None:
        """Who of a team may act: any of its phones, or its captain's only."""
        assert origin.seat is not None
        if self.phones.phone(origin.seat, origin.token) is None:
            return Outcome.refuse("forbidden", "this phone is no longer on that team; join again")
        captain = self.phones.captain(origin.seat)
        if self.teams.answers == "captain" and (captain is None
                                                or captain.token_hash != origin.token):
            name = captain.name if captain is not None and captain.name else "your captain"
            return Outcome.refuse("not_captain", f"only your team's captain ({name}) answers")
        return None

    def submit_release(self, seat: int) -> Outcome:
        """Host: free a seat's binding so another phone can take it (through the queue)."""
        return self.submit(HOST, {"type": "_release", "seat": seat})

    def _release_seat(self, seat: int) -> Outcome:
        if not 0 <= seat < len(self.seats):
            return Outcome.refuse("bad_event", "there is no such seat")
        self._staged.append(self.journal.op_unbind(self.id, seat))
        self._staged.append(self.journal.op_clear_team(self.id, seat))
        self.phones.clear(seat)
        self._dirty = True
        return Outcome(True)

    def submit_team(self, action: str, seat: int, phone: str) -> Outcome:
        """Host, in a team game: make a phone the team's captain, or remove it from the team."""
        return self.submit(HOST, {"type": "_team", "action": action, "seat": seat,
                                  "phone": phone})

    def _team_command(self, event: Event) -> Outcome:
        if not self.teams.enabled:
            return Outcome.refuse("illegal", "this game has no teams")
        seat, action = int(event["seat"]), event["action"]
        phone = self.phones.find(seat, str(event["phone"]))
        if phone is None:
            return Outcome.refuse("bad_event", "that team has no such phone")
        captain = self.phones.captain(seat)
        assert captain is not None
        if action == "captain":
            self.phones.make_captain(seat, phone.token_hash)
            self._staged.append(self.journal.op_bind(self.id, seat, phone.token_hash))
        elif action == "remove":
            self.phones.remove(seat, phone.token_hash)
            self._staged.append(self.journal.op_remove_teammate(self.id, phone.token_hash))
            successor = self.phones.captain(seat)
            if successor is None:
                self._staged.append(self.journal.op_unbind(self.id, seat))
            elif phone is captain:  # the next phone to have joined leads the team
                self._staged.append(self.journal.op_bind(self.id, seat, successor.token_hash))
        else:
            return Outcome.refuse("bad_event", "a team command is 'captain' or 'remove'")
        self._dirty = True
        return Outcome(True, data={"removed": member_id(phone.token_hash)}
                       if action == "remove" else {})

    def _undo(self, origin: Origin) -> Outcome:
        target = None
        for row in reversed(self.journal.effective_rows(self.id)):
            if row.body.get("type") == "hand":
                target = row  # a seat handed over is a host decision: undone like the others
                break
            if row.body.get("type") in SESSION_EVENTS:
                continue
            if self.game.undo_barrier(row.body):
                break  # undo never hides again a card the room has seen
            if self.game.undoable(row.body):
                target = row
                break
        if target is None:
            return Outcome.refuse("nothing_to_undo", "there is no decision to undo")
        was_paused = self.paused
        seq = self._append(origin, {"type": "undo", "cut_from": target.seq})
        self._flush()  # the rebuild below reads the undo row
        record = self.journal.game(self.id) or _missing(self.id)
        self.scheduler.cancel_all()
        self._restore(record, rearm=False)
        if was_paused and not self.paused:
            self._append(origin, {"type": "pause"})
            self.paused = True
        self._after_change()
        return Outcome(True, seq=seq, data={"undone": target.seq})

    # -- after every change ----------------------------------------------------
    def _after_change(self, publish_only: bool = False) -> None:
        if self.state is not None and not publish_only:
            if self.game.is_over(self.state):
                self._finish()
            elif not self.paused:
                request = self.game.needs(self.state)
                if request is not None:
                    self._supply_question(request.kind, request.request_id, request.narrow)
                    return  # handling the question event did the rest
                self._arm_game_timer()
                self._plan_bots()
        self.publish()

    def _finish(self) -> None:
        self.scheduler.cancel_all()
        self._timer_id = None
        self.status = "over"
        result = self.game.result(self.state)
        self._staged.append(self.journal.op_status(self.id, "over", result))
        used = sorted(self.used_questions)
        self._deferred.append(lambda: self.questions.remember(used))  # once committed
        if self.on_finished is not None:
            finished = self.on_finished
            self._deferred.append(lambda: finished(self))

    def _supply_question(self, kind: str, request_id: str,
                         narrow: dict[str, Any] | None = None) -> None:
        draw_rng = rng.derive(self.seed, f"question:{self.last_seq}")
        question = (self.questions.draw(kind, list(self.used_questions), draw_rng, narrow)
                    if narrow else self.questions.draw(kind, list(self.used_questions), draw_rng))
        # t_ns: the host time the question goes out, the zero of answer times (speed bonus)
        outcome = self._handle(SESSION, {"type": "question", "request_id": request_id,
                                         "question": question, "t_ns": self.clock.now_ns()})
        if not outcome.ok:
            log.error("game %s: question refused: %s", self.id, outcome.reason)

    def stage_key(self) -> str:
        """Names the step the game is at; a client action for another step is stale."""
        if self.state is None:
            return "lobby"
        request = self.game.timer(self.state)
        return request.timer_id if request else f"seq:{self.last_seq}"

    def _arm_game_timer(self, seconds_left: float | None = None) -> None:
        request = self.game.timer(self.state)
        if request is None:
            self.scheduler.cancel("game")
            self._timer_id = None
            return
        if request.timer_id == self._timer_id and seconds_left is None:
            return
        total = request.seconds * self.pace
        left = total if seconds_left is None else max(min(1.0, total), seconds_left)
        timer_id = request.timer_id
        self._timer_id = timer_id
        self._timer_total = total
        self._timer_due_ns = self.clock.now_ns() + int(left * 1e9)
        self.scheduler.call_later(
            "game", left, lambda: self.submit_nowait(TIMER, {"type": "timeout", "timer": timer_id})
        )
        if self._threaded:
            self.scheduler.call_later("heartbeat", 0, self._beat)

    def _beat(self) -> None:
        self.submit_nowait(SESSION, {"type": "_heartbeat"})

    def _heartbeat(self) -> None:
        if self._timer_id is None or self.paused or self.status == "over" or self.storage:
            return
        self._staged.append(self.journal.op_heartbeat(self.id, self._timer_id, self.timer_left()))
        self.scheduler.call_later("heartbeat", self.HEARTBEAT_SECONDS, self._beat)

    def timer_left(self) -> float:
        if self.paused and self._paused_left is not None:
            return self._paused_left
        return max(0.0, (self._timer_due_ns - self.clock.now_ns()) / 1e9)

    def _pause_timers(self) -> None:
        self._paused_left = self.timer_left() if self._timer_id else None
        self._staged.append(self.journal.op_heartbeat(self.id, self._timer_id,
                                                      self._paused_left))
        self.scheduler.cancel_all()
        self._bot_keys.clear()

    def _plan_bots(self) -> None:
        if self._paused_left is not None and self._timer_id is not None:
            left, self._paused_left = self._paused_left, None
            self._arm_game_timer(seconds_left=left)
        planner = self.kind.plan_bot
        if planner is None:
            return
        for seat in self.seats:
            level = seat.get("bot")
            number = int(seat["seat"])
            if not level:
                continue
            legal = self.game.legal_actions(self.state, number)
            # Same timer and same legal moves: the bot keeps thinking about the plan it has
            # (another seat's move in a simultaneous phase does not restart its clock).
            request = self.game.timer(self.state)
            key = (request.timer_id if request else "") + json.dumps(legal, sort_keys=True,
                                                                      default=str)
            if not legal:
                self._bot_keys.pop(number, None)
                self.scheduler.cancel(f"bot:{number}")
                continue
            if self._bot_keys.get(number) == key:
                continue
            self._bot_keys[number] = key
            plan, _ = planner(
                self.game, self.state, number, int(level),
                rng.derive(self.seed, f"bot:{number}:{self.last_seq}"),
            )
            if plan is None:
                continue
            fire = self._bot_firer(Origin("bot", number), plan.event)
            self.scheduler.call_later(f"bot:{number}", plan.delay * self.pace, fire)

    def _bot_firer(self, bot: Origin, event: Event) -> Callable[[], None]:
        return lambda: self.submit_nowait(bot, dict(event))

    # -- journal and restore ---------------------------------------------------
    def _append(self, origin: Origin, event: Event) -> int:
        """Stage the event's row; it is committed with the rest of the batch (_run_batch)."""
        seq = self.last_seq + 1
        self._staged.append(self.journal.op_event(self.id, seq, origin.as_json(), event,
                                                  self.clock.now_ns()))
        self.last_seq = seq
        return seq

    def _restore(self, record: GameRecord, rearm: bool = True) -> None:
        """Rebuild from the journal (at start-up, after undo, after an unexpected error)."""
        rows = self.journal.rows(self.id)
        self.phones = SeatPhones.load(self.journal.seat_bindings(self.id),
                                      self.journal.teammates(self.id))
        rebuilt = rebuild(self.game, record.config, rows)
        self.state = rebuilt.state
        self.seats = rebuilt.seats
        self.paused = rebuilt.paused
        self.used_questions = rebuilt.used_questions
        self.last_seq = rebuilt.last_seq
        self.status = record.status
        self._timer_id = None
        self._bot_keys = {}
        self._paused_left = None
        if not rearm or self.state is None:
            return
        request = self.game.timer(self.state)
        if request and record.timer_id == request.timer_id and record.timer_left is not None:
            self._resume_left = record.timer_left
        else:
            self._resume_left = None

    def resume_after_restart(self) -> None:
        """Re-arm the running timer with the time it had left, then carry on (on the worker,
        so that what it writes is committed like any event's)."""
        self.submit(SESSION, {"type": "_restart"})

    def _carry_on(self) -> None:
        left = self._resume_left
        if self.state is not None and not self.paused and self.status == "running":
            if left is not None:
                self._arm_game_timer(seconds_left=left)
            self._after_change()
        elif self.paused and left is not None:
            request = self.game.timer(self.state) if self.state is not None else None
            self._paused_left = left
            self._timer_id = request.timer_id if request else None
            self.publish()
        else:
            self.publish()

    # -- views -----------------------------------------------------------------
    def meta(self) -> dict[str, Any]:
        timer = None
        if self._timer_id is not None:
            timer = {"id": self._timer_id, "left": round(self.timer_left(), 2),
                     "total": self._timer_total}
        free = self.free_space()
        reason = ("storage" if self.storage is not None else
                  "host" if self.paused else self.rules_pause())
        return {
            "game": self.id,
            "kind": self.kind.name,
            "status": self.status,
            "paused": reason is not None,
            "pause_reason": reason,
            "storage": self.storage,
            "low_space": (round(free / 1048576, 1)
                          if free is not None and free < self.LOW_SPACE_BYTES else None),
            "seq": self.last_seq,
            "stage": self.stage_key(),
            "timer": timer,
            "seats": [self._seat_entry(s) for s in self.seats],
            "teams": self.teams.as_config(),
            "night": self._night(),
            "config": {k: v for k, v in self.config.items()
                       if k in ("map", "settings", "title", "language")},
        }

    def rules_pause(self) -> str | None:
        """A pause the game's rules call for (contract: the optional `pause_reason`)."""
        reason = getattr(self.game, "pause_reason", None)
        return reason(self.state) if reason is not None and self.state is not None else None

    def _night(self) -> dict[str, Any] | None:
        summary = self.night_summary() if self.night_summary is not None else None
        if summary is None:
            return None
        return {k: summary[k] for k in ("id", "name", "status", "standings")}

    def _seat_entry(self, seat: dict[str, Any]) -> dict[str, Any]:
        """A seat as meta lists it; in a team game with its phones and which one acted last
        (`last_by`: so every phone of the team sees who answered)."""
        entry = {"seat": seat["seat"], "name": seat["name"], "bot": seat.get("bot"),
                 "away": not seat.get("bot") and self.away(seat["seat"])}
        if self.teams.enabled:
            entry["team"] = self.phones.team(seat["seat"])
            entry["last_by"] = self._answered.get(seat["seat"])
        return entry

    def view(self, audience: str, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        """What one audience sees; a seat's view lists its legal moves as `legal`, in one
        place for every kind, so a phone offers only those."""
        if meta is not None:
            return {"meta": meta, "view": self._view_of(self.state, audience)}
        return self._payload(self.state, audience, self.meta())

    def _view_of(self, state: Any, audience: str) -> dict[str, Any] | None:
        view = self.game.view(state, audience) if state is not None else None
        if view is not None and audience.startswith("seat:"):
            view["legal"] = self.game.legal_actions(state, int(audience[5:]))
        return view

    def _payload(self, state: Any, audience: str, meta: dict[str, Any]) -> dict[str, Any]:
        return {"meta": self._meta_for(audience, meta, state),
                "view": self._view_of(state, audience)}

    def audiences(self) -> list[str]:
        return ["screen", "host"] + [f"seat:{s['seat']}" for s in self.seats]

    def publish(self) -> None:
        if self._publish is None:
            return
        if self._batch_thread == threading.get_ident():
            self._dirty = True  # once the batch is committed
            return
        if self._broadcaster is not None:
            self._broadcaster.changed((self.state, self.meta()))

    def _send(self, snapshot: tuple[Any, dict[str, Any]], parts: Parts) -> Iterator[str]:
        """Each audience with listeners gets its view of the snapshot's state (immutable:
        the engine makes new values): projector and host page (`parts.screens`), then the
        phones (`parts.phones`) - each seat's private part when it changed, then one public
        part for all (host/phone_parts.py).

        A phones' part that is not `full` (nothing changed, phones joined) sends the joined
        seats their two parts, to their own rooms, and nothing to anyone else: with 500
        phones joining, a public part to all of them on each join would cost 500 x 500
        emits."""
        state, meta = snapshot
        assert self._publish is not None
        if parts.screens:
            for audience in ("screen", "host"):
                if self._listened(audience):
                    self._publish(self.id, audience, self._payload(state, audience, meta))
                    yield audience
        if not parts.phones:
            return
        if not parts.full:
            yield from self._catch_up_round(state, meta)
            return
        self._catch_up.clear()  # their private parts were forgotten: this round sends them
        if not self._listened(PHONES):
            return
        public: View | None = None
        shared_payload: dict[str, Any] = {}
        changed: list[str] = []  # the seats that got both parts in one message
        for entry in meta["seats"]:
            seat = entry["seat"]
            audience = f"seat:{seat}"
            listened = self._listened(audience)
            sent = self._sent_private.get(seat)
            if public is not None and (not listened or sent is not None and sent[0] is state
                                       and sent[1][1] == [entry]):
                continue  # nobody there, or the same state (a pause): the same private part
            shared, own = self._phone_views(state, seat)
            if public is None:
                public = shared
                shared_payload = phone_parts.public_payload(meta, public)
            private = phone_parts.private_payload(meta, seat, own, entry)
            mark = (private["view"], private["meta"].get("seats"))
            if listened and (sent is None or sent[1] != mark):
                # One message per phone and round: a changed private part carries the
                # public part with it, and the public emit below skips this seat.
                self._publish(self.id, audience, {**private, "public": shared_payload})
                changed.append(audience)
                yield audience
            if listened:
                self._sent_private[seat] = (state, mark)
        if public is None:
            shared_payload = phone_parts.public_payload(meta, None)
        if changed:
            self._publish(self.id, PHONES, shared_payload, skip=tuple(changed))
        else:
            self._publish(self.id, PHONES, shared_payload)
        yield PHONES

    def _catch_up_round(self, state: Any, meta: dict[str, Any]) -> Iterator[str]:
        assert self._publish is not None
        seats, self._catch_up = self._catch_up, set()
        public: View | None = None
        if state is not None and self.seats:
            public, _ = self._phone_views(state, self.seats[0]["seat"])
        for seat in sorted(seats):
            audience = f"seat:{seat}"
            shared, own = self._phone_views(state, seat)
            private = phone_parts.private_payload(meta, seat, own)
            self._sent_private[seat] = (state, (private["view"], private["meta"].get("seats")))
            self._publish(self.id, audience,
                          {**private, "public": phone_parts.public_payload(meta, public)})
            yield audience

    def _listened(self, audience: str) -> bool:
        return self.listening is None or self.listening(self.id, audience)

    def _phone_views(self, state: Any, seat: int) -> tuple[View | None, View | None]:
        """(public, private) halves of a seat's view; None before the game starts."""
        view = self._view_of(state, f"seat:{seat}")
        if view is None:
            return None, None
        return phone_parts.split(view, self.kind.private_keys | {"legal"})

    def phone_payloads(self, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
        """(public, private) payloads of the current state for one seat (tests, benches)."""
        meta = self.meta()
        shared, own = self._phone_views(self.state, seat)
        return (phone_parts.public_payload(meta, shared),
                phone_parts.private_payload(meta, seat, own))

    AWAY_SECONDS = 20.0  # a seat without a connected phone this long shows as away

    def presence(self, seat: int, connected: bool) -> None:
        """The socket layer: the seat's first phone connected, or its last one left."""
        self.submit_nowait(SESSION, {"type": "_presence", "seat": seat, "connected": connected})

    def _presence(self, seat: int, connected: bool) -> None:
        if connected:
            if self.offline.pop(seat, None) is not None:
                self._dirty = True
            return
        self.offline[seat] = self.clock.now_ns()
        self.scheduler.call_later(f"away:{seat}", self.AWAY_SECONDS * self.pace + 0.05,
                                  lambda: self.submit_nowait(SESSION, {"type": "_away_check"}))

    def away(self, seat: int) -> bool:
        left = self.offline.get(seat)
        return left is not None and (self.clock.now_ns() - left
                                     >= self.AWAY_SECONDS * self.pace * 1e9)

    def resend(self, seat: int) -> None:
        """A phone (re)joined this seat: publish its private part again, then the public
        one, from the committed state, in order with every other publication."""
        self.submit_nowait(SESSION, {"type": "_resend", "seat": seat})

    def _meta_for(self, audience: str, meta: dict[str, Any],
                  state: Any = ...) -> dict[str, Any]:
        """A phone's meta lists only its own seat once the game runs (the view names the
        players): with 200 phones, 200 copies of every seat's entry were most of the bytes."""
        if (self.state if state is ... else state) is None or not audience.startswith("seat:"):
            return meta
        own = int(audience.split(":", 1)[1])
        return {**meta, "seats": [s for s in meta["seats"] if s["seat"] == own]}


def _internal() -> Outcome:
    return Outcome.refuse("internal", "the host could not handle that; nothing changed")


def _missing(game_id: str) -> GameRecord:
    raise LookupError(f"game {game_id} is not in the journal")
