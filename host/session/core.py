"""The Session: one authority per game.

Every input (a phone's action, a host command, a buzzer press, a timer running
out, a bot's move) is put on the Session's one queue and handled by its one
worker, in order. The story of one move (`handle`):

1. validate: role, seat, phase and shape (the edge has already checked types);
2. compute the next state with the pure engine (a refusal changes nothing);
3. append the event to the journal (fsync) - only then does the new state count;
4. follow up: draw a question the engine asks for, arm its timer, plan bots;
5. send each audience its own view.

Nothing else touches a game's state. Socket handlers, GPIO callbacks and
timers only submit. The Session owns one collaborator per idea:

- `batches` (host/session/batches.py): the queue, the worker and group commit;
- `recovery` (host/session/recovery.py): back to the journal: restore, undo, storage
  faults and unexpected errors;
- `seating` (host/session/seats.py): claims, phones and teams, names, bots or people;
- `check_role` (host/session/roles.py): who may send what;
- `timers` (host/session/timers.py): the game's timer, its heartbeat, the bots' moves;
- `publication` (host/session/publication.py): meta, views and sending them.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from host import rng
from host.people import names as naming
from host.clock import Clock, Scheduler
from host.games.contract import Event, Game, GameError, GameKind
from host.wire.heap import PAUSES
from host.session.in_flight import InFlight
from host.wire.inbound import INBOUND
from host.store.journal import GameRecord, Journal, Op, StorageError
from host.store.replay import SESSION_EVENTS, in_play
from host.session.batches import BURST_SECONDS, Batches
from host.session.publication import Publication
from host.session import removal
from host.session.snapshot import Snapshot, build, with_meta
from host.session.roles import check_role
from host.session.seats import Seating
from host.session.recovery import STORAGE_MESSAGES, Recovery
from host.session.timers import Clockwork
from host.session.terms import (HOST, PHONES, SESSION, TIMER, Origin, Outcome, Publish,
                                Publisher, QuestionSource, token_hash)
from host.people.teams import SeatPhones, TeamRules, member_id

log = logging.getLogger(__name__)

# Re-exported: the names other modules and tests import from host.session.core.
__all__ = ["BURST_SECONDS", "HOST", "PHONES", "SESSION", "STORAGE_MESSAGES", "TIMER", "Origin",
           "Outcome", "Publish", "Publisher", "QuestionSource", "Session", "check_role",
           "token_hash"]


class Session:
    """The authority over one game. Threaded (a worker thread) or inline (virtual time)."""

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
        wire: Callable[[Session], None] | None = None,  # the hub's links, before the worker
    ) -> None:
        self.id = record.id
        self.on_finished = on_finished
        self.kind = kind
        self.config = record.config
        self.seed = int(record.config["seed"])
        # Every duration (time limits, bots' thinking) times the pace: 1 on a night, less in a demo.
        self.pace = float(record.config.get("pace", 1.0))
        self.game: Game = kind.make(record.config)
        self.journal = journal
        self.clock = clock
        self.scheduler = scheduler
        self.questions = questions
        self.status = record.status
        self.state: Any | None = None
        self.seats: list[dict[str, Any]] = []
        self.paused = False
        # The questions asked in this game, oldest first (a dry bank reuses the oldest).
        self.used_questions: dict[str, None] = {}
        self.last_seq = 0
        # Seat -> (the game's undo context, code): a team's move the host's last undo could
        # not keep; its phones are told while the game is still there (host/store/replay.py).
        self.undone_moves: dict[int, tuple[Any, str]] = {}
        # The host's pauses (host ns) so far, and when the one now on began (host/store/replay.py).
        self.paused_ns = 0
        self.paused_at: int | None = None
        self.teams = TeamRules.from_config(record.config)
        # Links to the room, set by the hub (host/room/hub.py `_wire`): the night's summary;
        # the names' filter and who hears of a new name; by a phone's token hash, its team's
        # name in the night's latest team game and when it last led its team there (or None).
        self.night_summary: Callable[[], dict[str, Any] | None] | None = None
        self.name_filter: naming.NameFilter | None = None
        self.names_changed: Callable[[], None] | None = None
        self.night_team_name: Callable[[str], str | None] | None = None
        self.night_captain: Callable[[str], int | None] | None = None
        # A freed phone's connections let go (token hash, ban's scope), once committed.
        self.let_go: Callable[[str, str | None], None] | None = None
        self.batches = Batches(self.id, journal, self, threaded=threaded)
        self.recovery = Recovery(self)
        self.seating = Seating(self)
        self.timers = Clockwork(self)
        # Presses heard by the socket layer, not yet taken (served: the collector's pauses).
        self.in_flight = InFlight(PAUSES if threaded else None, INBOUND if threaded else None)
        self.recovery.restore(record)
        if wire is not None:
            wire(self)
        self.publication = Publication(self, publish, threaded, listening)
        # What other threads read: published by the worker after each commit (snapshot.py),
        # its meta built again when the batch changed what the audiences see (`committed`).
        self._rescreen = False  # a page started watching: the screens get the meta anew
        self.snapshot: Snapshot = build(self, self.publication.meta())
        self.batches.start()

    # -- the one way in --------------------------------------------------------
    def submit(self, origin: Origin, event: Event, timeout: float = 10.0) -> Outcome:
        """Queue an event and wait for its outcome (inline sessions handle it at once)."""
        return self.batches.submit(origin, event, timeout, queued=self.in_flight.queued)

    def submit_nowait(self, origin: Origin, event: Event) -> None:
        self.batches.submit_nowait(origin, event)

    def submit_release(self, seat: int) -> Outcome:
        """Host: free a seat's binding so another phone can take it (through the queue)."""
        return self.submit(HOST, {"type": "_release", "seat": seat})

    def submit_remove(self, seat: int, token: str, scope: str | None) -> Outcome:
        """Host: take the phone with this token hash off its seat (or team) and, with `scope`,
        keep it out; the worker checks it is still there (host/session/removal.py)."""
        return self.submit(HOST, {"type": "_remove", "seat": seat, "token_hash": token,
                                  "ban": scope})

    def submit_leave(self, origin: Origin) -> Outcome:
        """A phone leaves its seat or team before the start (Seating.leave)."""
        return self.submit(origin, {"type": "_leave"})

    def submit_team_name(self, origin: Origin, name: str) -> Outcome:
        """A team's captain names the team (Seating.name_team)."""
        return self.submit(origin, {"type": "_team_name", "name": name})

    def submit_team(self, action: str, seat: int, phone: str) -> Outcome:
        """Host, in a team game: make a phone the team's captain, or remove it from the team."""
        return self.submit(HOST, {"type": "_team", "action": action, "seat": seat,
                                  "phone": phone})

    def presence(self, seat: int, connected: bool) -> None:
        """The socket layer: the seat's first phone connected, or its last one left."""
        self.submit_nowait(SESSION, {"type": "_presence", "seat": seat, "connected": connected})

    def resend(self, seat: int) -> None:
        """A phone (re)joined this seat: publish its private part again, then the public
        one, from the committed state, in order with every other publication."""
        self.submit_nowait(SESSION, {"type": "_resend", "seat": seat})

    def republish(self) -> None:
        """Publish the committed state again, from the worker: for a caller on another thread
        (a night ended, a game created, Redis back), whose own snapshot could overtake a
        newer state the worker is publishing, or show one not committed yet."""
        self.submit_nowait(SESSION, {"type": "_republish"})

    def rescreen(self) -> None:
        """A projector or host page started watching: the worker sends the screens the
        committed state again, after the view the page was given directly, which a newer
        publication may have overtaken (the page kept the older state until the next)."""
        self.submit_nowait(SESSION, {"type": "_rescreen"})

    def resume_after_restart(self) -> None:
        """Re-arm the running timer with the time it had left, then carry on (on the worker,
        so that what it writes is committed like any event's)."""
        self.submit(SESSION, {"type": "_restart"})

    def stop(self) -> None:
        self.scheduler.cancel_all()
        self.publication.stop()
        self.batches.stop()

    # -- the story of one move (on the worker) ---------------------------------
    def handle(self, origin: Origin, event: Event) -> Outcome:
        """One event: the Session's own, the host's over seats and the game, or a move
        (role, phase and step checked, the engine applies it, its row staged, follow-ups)."""
        kind = event.get("type")
        if isinstance(kind, str) and kind.startswith("_"):
            inner = self._session_inner(origin, kind, event)
            if inner is not None:
                return inner
        refusal = self.recovery.gate(origin, kind)
        if refusal is not None:
            return refusal
        if kind == "_release" and origin.role == "host":
            return self.seating.release(int(event["seat"]))
        if kind in removal.EVENTS and origin.role == "host":  # removals and bans
            return removal.EVENTS[kind](self, event)
        if kind == "_team" and origin.role == "host":
            return self.seating.team_command(event)
        if kind == "_lobby" and origin.role == "host":  # end or delete a lobby game
            return self.seating.close_lobby(bool(event.get("delete")))
        if kind == "_leave" and origin.role == "seat":  # a phone leaves its seat (lobby)
            return self.seating.leave(origin)
        if kind == "_rename" and origin.role == "host":
            return self.seating.rename(origin, int(event["seat"]), str(event["name"]))
        if kind == "_team_name" and origin.role == "seat":  # a team's captain names it
            return self.seating.name_team(origin, str(event["name"]))
        if not isinstance(kind, str):
            return Outcome.refuse("bad_event", "an event needs a 'type'")
        if kind == "claim":  # a phone coming back to a finished game still sees its podium
            return self.seating.claim(origin, event)
        if self.status == "over" and not (kind == "undo" and origin.role == "host"
                                          and self.state is not None):
            # A game over by the host's last decision (`end`, the final board's `next`)
            # may still be undone: a late score fix.
            return Outcome.refuse("over", "this game is over")
        if kind in SESSION_EVENTS:
            return self._session_event(origin, event)
        refusal = check_role(self.kind, self.seats, origin, event)
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
        if kind in self.kind.timed_seat_actions or kind == "question":
            event["paused_ns"] = self.paused_ns  # the pauses so far are not answer time
        if origin.role == "bot" and origin.seat is not None:
            self.timers.forget_bot(origin.seat)  # its plan is spent: it will think again
        if self.teams.enabled and origin.role == "seat" and origin.seat is not None:
            refusal = self.seating.team_check(origin)
            if refusal:
                return refusal
            origin = replace(origin, member=member_id(origin.token))
        elif origin.role == "seat" and origin.seat is not None and origin.token:
            refusal = self._phone_check(origin.seat, origin.token)
            if refusal:
                return refusal
        try:
            new_state = self.game.apply(self.state, event)
        except GameError as err:
            if origin.role == "bot":
                self.timers.plan_bots()  # the plan went stale under it
            code = getattr(err, "code", "illegal")
            return self.seating.second_answer(origin, code) or Outcome.refuse(code, str(err))
        self.seating.note_answer(origin)
        seq = self.append(origin, event)
        self.state = new_state
        if kind == "question":
            asked = str(event["question"]["id"])
            self.used_questions.pop(asked, None)
            self.used_questions[asked] = None
        self.after_change()
        return Outcome(True, seq=seq)

    def _phone_check(self, seat: int, token: str) -> Outcome | None:
        """A one-phone seat's action: from the phone on it now, as a team's is (a phone the
        host removed, whose press was already on its way, does not count). The socket layer
        always sends a phone's token; a seat origin without one is an in-process caller's
        (tests, benches). A buzzer device has its own role."""
        phone = self.phones.captain(seat)
        if phone is None or phone.token_hash != token:
            return Outcome.refuse("forbidden", "this phone is no longer on that seat; "
                                               "join again")
        return None

    def _session_inner(self, origin: Origin, kind: str, event: Event) -> Outcome | None:
        """The Session's own events (heartbeat, presence, restart, probes); None: not one."""
        if kind == "_heartbeat":
            self.timers.heartbeat()
        elif kind == "_presence" and origin is SESSION:
            self.seating.presence(int(event["seat"]), bool(event["connected"]))
        elif kind in ("_away_check", "_republish") and origin is SESSION:
            self.changed()  # a seat may have been away long enough to show it; or republish()
        elif kind == "_rescreen" and origin is SESSION:  # the committed state: after the batch
            self._rescreen = True
        elif kind == "_resend" and origin is SESSION:
            self.publication.resend(event["seat"])  # sent once the batch is done
        elif kind == "_restart":
            self.timers.carry_on()
        elif kind == "_probe" or kind == "_retry":
            return self.recovery.probe(retry=kind == "_retry")
        else:
            return None
        return Outcome(True)

    def _session_event(self, origin: Origin, event: Event) -> Outcome:
        """The host's commands over the game itself: start, pause, resume, undo, hand."""
        kind = event["type"]
        if kind == "claim":
            return self.seating.claim(origin, event)
        if origin.role != "host":
            return Outcome.refuse("forbidden", f"only the host may send {kind!r}")
        if kind == "start":
            if self.state is not None:
                return Outcome.refuse("stale", "the game has already started")
            seats, refusal = self.seating.starting_seats(event.get("without") or [])
            if refusal is not None:
                return refusal
            try:
                state = self.game.setup(self.config.get("settings", {}), in_play(seats),
                                        self.seed)
            except GameError as err:
                return Outcome.refuse(err.code, str(err))
            seq = self.append(origin, {"type": "start", "seats": seats})
            self.seats = [dict(seat) for seat in seats]
            self.state = state
            self.seating.engine_names = {int(seat["seat"]): seat["name"] for seat in seats}
            self.status = "running"
            self.stage(self.journal.op_status(self.id, "running"))
            self.after_change()
            return Outcome(True, seq=seq)
        if kind == "pause":
            if self.paused or self.state is None:
                return Outcome.refuse("stale", "the game is not running")
            self.paused_at = self.clock.now_ns()
            seq = self.append(origin, {"type": "pause", "t_ns": self.paused_at})
            self.timers.pause()
            self.paused = True
            self.after_change(publish_only=True)
            return Outcome(True, seq=seq)
        if kind == "resume":
            if not self.paused and self.rules_pause() is not None:
                # The rules paused the game (e.g. nobody answered): it goes on with the
                # game's own `continue`, journaled as the host's decision.
                return self.handle(origin, {"type": "continue"})
            if not self.paused:
                return Outcome.refuse("stale", "the game is not paused")
            now = self.clock.now_ns()
            seq = self.append(origin, {"type": "resume", "t_ns": now})
            if self.paused_at is not None:
                self.paused_ns += max(0, now - self.paused_at)
            self.paused_at = None
            self.paused = False
            self.after_change()
            return Outcome(True, seq=seq)
        if kind == "undo":
            return self.recovery.undo(origin)
        if kind == "hand":
            return self.seating.hand(origin, event)
        return Outcome.refuse("unknown_event", f"unknown command {kind!r}")

    # -- after every change ----------------------------------------------------
    def after_change(self, publish_only: bool = False) -> None:
        """The follow-ups of a change: the game over (its result row), or the question the
        engine asks for (its own event), or the timer armed and the bots planned; then
        publish (once the batch is committed)."""
        if self.state is not None and not publish_only:
            if self.game.is_over(self.state):
                self._finish()
            elif not self.paused:
                request = self.game.needs(self.state)
                if request is not None:
                    self._supply_question(request.kind, request.request_id, request.narrow)
                    return  # handling the question event did the rest
                self.timers.arm()
                self.timers.plan_bots()
        self.publish()

    def _finish(self) -> None:
        self.scheduler.cancel_all()
        self.timers.timer_id = None
        self.status = "over"
        result = naming.renamed_in(self.game.result(self.state), self.renames())
        self.stage(self.journal.op_status(self.id, "over", result))
        used = sorted(self.used_questions)
        self.defer(lambda: self.questions.remember(used))  # once committed
        if self.on_finished is not None:
            finished = self.on_finished
            self.defer(lambda: finished(self))

    def _supply_question(self, kind: str, request_id: str,
                         narrow: dict[str, Any] | None = None) -> None:
        draw_rng = rng.derive(self.seed, f"question:{self.last_seq}")
        question = (self.questions.draw(kind, list(self.used_questions), draw_rng, narrow)
                    if narrow else self.questions.draw(kind, list(self.used_questions), draw_rng))
        # t_ns: the host time the question goes out, the zero of answer times (speed bonus)
        outcome = self.handle(SESSION, {"type": "question", "request_id": request_id,
                                        "question": question, "t_ns": self.clock.now_ns()})
        if not outcome.ok:
            log.error("game %s: question refused: %s", self.id, outcome.reason)

    # -- the journal -----------------------------------------------------------
    def append(self, origin: Origin, event: Event) -> int:
        """Stage the event's row; it is committed with the rest of the batch."""
        seq = self.last_seq + 1
        self.stage(self.journal.op_event(self.id, seq, origin.as_json(), event,
                                         self.clock.now_ns()))
        self.last_seq = seq
        return seq

    def stage(self, op: Op) -> None:
        """A journal row to commit with the batch (seats, status, heartbeat)."""
        self.batches.stage(op)

    def defer(self, call: Callable[[], None]) -> None:
        """Call once the batch is committed (a finished game's callbacks, a night's table)."""
        self.batches.deferred.append(call)

    def changed(self) -> None:
        """What the audiences see changed: publish once the batch is committed."""
        self.batches.dirty = True

    # -- what a batch asks of its Session (host/session/batches.py) ------------
    def checkpoint(self) -> tuple[str | None, float | None]:
        return self.timers.checkpoint()

    def storage_fault(self, err: StorageError, checkpoint: Any = None) -> Outcome:
        return self.recovery.fault(err, timer=checkpoint)

    def unexpected_error(self) -> None:
        self.recovery.after_error()

    def committed(self, dirty: bool, calls_ran: bool) -> None:
        rescreen, self._rescreen = self._rescreen, False
        if rescreen or (dirty and calls_ran):  # again once the batch's calls ran (a night's
            self.snapshot = with_meta(self.snapshot, self.publication.meta())  # table)
        self.publication.committed(dirty, self.snapshot, rescreen)

    def settled(self, dirty: bool) -> None:
        # One assignment, old or new, never half; with the new meta before the answers.
        self.snapshot = build(self, self.publication.meta() if dirty else self.snapshot.meta)

    def timer_due(self, within: float) -> float | None:
        return self.timers.due_soon(within)

    # -- read by the edges, the hub and tests ----------------------------------
    @property
    def storage(self) -> str | None:
        """full | readonly | error while the journal cannot be written."""
        return self.recovery.storage

    @property
    def phones(self) -> SeatPhones:
        return self.seating.phones

    @property
    def names_version(self) -> int:
        return self.seating.names_version

    def free_space(self) -> int | None:
        return self.recovery.free_space()

    def kept_out(self, token: str) -> Outcome | None:
        """On the worker, in a claim: the refusal for a phone the host banned, or None."""
        return removal.kept_out(self, token)

    def joinable_seats(self) -> list[int]:
        return self.seating.joinable_seats()

    def renames(self) -> dict[int, str]:
        return self.seating.renames()

    def away(self, seat: int) -> bool:
        return self.seating.away(seat)

    def stage_key(self) -> str:
        return self.timers.stage_key()

    def timer_left(self) -> float:
        return self.timers.left()

    def meta(self) -> dict[str, Any]:
        return self.publication.meta()

    def rules_pause(self) -> str | None:
        return self.publication.rules_pause()

    def view(self, audience: str, meta: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.publication.view(audience, meta)  # the worker's (inline: the caller's)

    def shown(self, audience: str) -> dict[str, Any]:
        """What an audience sees of the committed snapshot: for any other thread."""
        return self.publication.shown(self.snapshot, audience)

    def phone_payloads(self, seat: int) -> tuple[dict[str, Any], dict[str, Any]]:
        return self.publication.phone_payloads(seat)

    def publish(self) -> None:
        self.publication.publish(self.snapshot)

